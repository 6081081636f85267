"""grapeshot: a digital table for tabletop naval wargames with pirate ships."""

from grapeshot.compiled import check_fresh

__version__ = "0.1.0"

check_fresh()  # a compiled module older than its source would run old code (see grapeshot.compiled)
