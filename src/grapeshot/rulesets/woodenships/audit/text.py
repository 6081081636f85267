"""The numbers of Wooden Ships and Plastic Men the auditor checks against, stated again here from
the text (and the rulings in ``docs/rulings.md``) so that the auditor never reads them from the
rules' own tables: a typo there and a typo here are two different typos.

Ranges are the outer edge of each band, in inches, nearest first; a need of 7 is out of reach
without a bonus.
"""

from __future__ import annotations

#: WS-FIG-3: a figure's move, and WS-FIG-5: a swimmer's inches of water a turn
FIGURE_MOVE = 8.0
SWIM = 4.0

#: WS-ARMS-1 and WS-ARMS-2: small arms, band by band (outer edge, name, need); under ``CLOSE`` the
#: close band, with its own need (None: no hit at all)
LONG_ARMS = ("rifle", "bow", "crossbow", "arrow")
SHORT_ARMS = ("pistol", "spear")
CLOSE = 2.0
ARMS_BANDS: dict[str, tuple[tuple[float, str, int], ...]] = {
    "long": ((6.0, "short", 4), (12.0, "medium", 5), (18.0, "long", 6), (36.0, "extreme", 7)),
    "short": ((6.0, "short", 4), (9.0, "medium", 5), (12.0, "long", 6), (18.0, "extreme", 7)),
}
CLOSE_NEED = {"pistol": 3}

#: WS-GUN-3 (cannon, and WS-MAGIC-1's lightning), WS-GUN-4 (swivel), WS-GUN-5 (mounted rifle):
#: (outer edge, need), nearest first; the innermost band of swivel and rifle is within 2"
GUN_TABLE: dict[str, tuple[tuple[float, int | None], ...]] = {
    "cannon": ((6.0, 1), (12.0, 2), (18.0, 3), (24.0, 4), (36.0, 5), (54.0, 6)),
    "swivel": ((2.0, 1), (6.0, 2), (12.0, 3), (18.0, 4), (24.0, 5), (36.0, 6)),
    "rifle": ((2.0, None), (6.0, 2), (12.0, 3), (18.0, 4), (24.0, 5), (36.0, 6)),
}

#: WS-MELEE-1: a hand weapon's need to hit and the damage of a hit
MELEE: dict[str, tuple[int, int]] = {
    "sword": (5, 1),
    "axe": (6, 2),
    "club": (6, 1),
    "halberd": (5, 2),
    "bayonet": (6, 1),
    "spear": (6, 1),
    "oar": (6, 1),
}

#: WS-BOARD-1: crossing or grappling succeeds on 2-6; WS-BOARD-3: climbing from the water by the
#: ship's pace; WS-FORT-2: scaling by the fort's band
BOARD_NEED = 2
CLIMB_NEED = {"stationary": 3, "half": 4, "full": 5}
SCALE_NEED = {"full": 6, "third": 4, "two-thirds": 3}  # the bands: whole, down a third, down two thirds

#: WS-FIG-5: sharks eat a swimmer on this face; WS-RAM-2: the face that frees ships stuck together
SHARK_FACE = 1
FREE_FACE = 6
#: WS-BOARD-2: the successful edged-weapon attacks that cut a grapple
CUTS = 2
#: WS-RAM-1: a bow-first hit's extra damage
BOW_FIRST = 1
#: WS-RAM-1 (table WS-SHIP-2): the ram value of fixed objects
FIXED_RAM = {"rocks": "D6+7", "walls": "D6+4", "harbour": "D6+2"}

#: WS-FIG-1, WS-FIG-2: the people (animals move and swim by their own rules) and their life points
LIFE = {"man": 1, "hero": 3, "captain": 3, "commander": 3, "shaman": 3}

#: WS-SETUP-1 (the ruling on how many guns a vessel carries): a gun for every 3 hit points of a ship
#: at full strength (at least one), and a cannon only on a vessel of 6 or more
POINTS_A_GUN = 3
CANNON_POINTS = 6

#: the bases' radii (inches) the ranges are measured between, edge to edge: a figure's, and the
#: animals' own (docs/rulings.md's bases)
FIGURE_BASE = 0.5
ANIMAL_BASE = {"parrot": 0.4, "falcon": 0.4, "shark": 0.75, "crocodile": 0.75, "sea-dragon": 1.5}
