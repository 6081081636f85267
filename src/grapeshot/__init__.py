"""grapeshot: a digital table for tabletop naval wargames with pirate ships."""

__version__ = "0.1.0"
