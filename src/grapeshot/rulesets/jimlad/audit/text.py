"""The numbers the auditor holds the log to, stated again from the text (and the rulings where the
text leaves a number open), not taken from the rules' own tables: if the two ever disagree, the
auditor says so instead of sharing the mistake.

Each constant names its rule; the words are ours.
"""

from __future__ import annotations

import math

# ------------------------------------------------------------------ ships (JL-SHIP-*, JL-KLAN-*)

HULL = 5  # JL-SHIP-3: five hull points
#: JL-SHIP-3: front 12, sides 12, rear 11
ARMOUR = {"front": 12, "port": 12, "starboard": 12, "rear": 11}
#: JL-KLAN-5 (Evil Sunz: sides -1) and JL-KLAN-6 (Bad Moons: front and sides +1)
KLAN_ARMOUR = {"evil-sunz": {"port": -1, "starboard": -1}, "bad-moons": {"front": 1, "port": 1, "starboard": 1}}
SAVE = 6  # JL-SHIP-3: the ramshackle 6+ invulnerable save
GUNNERS_BS = 3  # JL-SHOOT-1

#: JL-SHOOT-2: the kannons' krak range and the strength of each shell (None: not fired)
KRAK = {"fore": 9, "port": 8, "starboard": 8, "aft": None}
GRAPE = {"fore": None, "port": 4, "starboard": 4, "aft": 4}
RANGE = {"fore": 36.0, "port": 24.0, "starboard": 24.0, "aft": 24.0}
#: where each kannon points, from the ship's heading (JL-SHOOT-3 ruling: centred on its facing)
ARC_OFFSET = {"fore": 0.0, "port": 90.0, "starboard": -90.0, "aft": 180.0}
FACING_OF_GUN = {"fore": "front", "port": "port", "starboard": "starboard", "aft": "rear"}
GUNS = ("fore", "port", "starboard", "aft")
#: JL-DMG-6: the second D6 picks the damaged kannon
GUN_HIT = {1: "fore", 2: "starboard", 3: "starboard", 4: "port", 5: "port", 6: "aft"}
#: JL-DMG-3..8: the damage table, the result of each face and its rule
DAMAGE = {
    1: ("no-grapeshot", "JL-DMG-3"),
    2: ("no-krak", "JL-DMG-4"),
    3: ("shaken", "JL-DMG-5"),
    4: ("gun-damaged", "JL-DMG-6"),
    5: ("rudder-damaged", "JL-DMG-7"),
    6: ("engine-damaged", "JL-DMG-8"),
}
REPAIR_NEED = 4  # JL-DMG-9: grot riggers mend on a 4+

TORPEDO_S = 9  # JL-SHOOT-6: S9 torpedoes, two a salvo, 48" straight ahead, scattering 2D6"
TORPEDO_RUN = 48.0
TORPEDO_GAP = 2.0  # ruling: the two tracks start 2" apart at the bow
MANNED_RANGE = 18.0  # JL-SHOOT-7: Blood Axe manned torpedoes, 90 degrees forward, 18", no scatter
MANNED_HALF_ARC = 45.0

SLUGGA_S = 4  # JL-SHOOT-5: S4 AP5, one shot an Ork, BS2
SLUGGA_AP = 5
SLUGGA_NEED = 5  # a D6 score of 7 less BS2
GRAPE_D3_RANGE = 8.0  # JL-SHOOT-4: the alternative method, D3 hits within 8"

# ------------------------------------------------------------------ movement (JL-MOVE-*)

CARD_LENGTH = 8.0  # JL-MOVE-6: the card's length is part of every move
#: JL-MOVE-1..5: (base inches, D6 rolled, minimum, degrees turned, astern, the card's rule)
CARDS = {
    1: (24, 2, 9.0, 0.0, False, "JL-MOVE-1"),
    2: (24, 1, 6.0, 45.0, False, "JL-MOVE-2"),
    3: (18, 1, 4.0, 90.0, False, "JL-MOVE-3"),
    4: (0, 3, 3.0, 0.0, False, "JL-MOVE-4"),
    5: (0, 4, 3.0, 45.0, True, "JL-MOVE-5"),
}
#: JL-KLAN-4/5/6: D6 added to (taken from) every move, and the klan's rule
KLAN_SPEED = {"goffs": (-1, "JL-KLAN-4"), "evil-sunz": (1, "JL-KLAN-5"), "bad-moons": (-1, "JL-KLAN-6")}
SIDE_SIGN = {"none": 0.0, "port": 1.0, "starboard": -1.0}  # port turns counter-clockwise

# ------------------------------------------------------------------ krew (JL-KREW-*)

#: JL-KREW-2, JL-KREW-3: the profile numbers the log's verdicts use
WOUNDS = {"kaptin": 3, "doc": 1, "krew": 1}
TOUGHNESS = 4
SV = {"kaptin": 4, "doc": 5, "krew": 5}
LD = {"kaptin": 8, "doc": 7, "krew": 7}
FNP = 5  # JL-KREW-4
WORKING_KREW = 2  # JL-KREW-5
STARTING_KREW = ("kaptin", "doc", "krew", "krew", "krew", "krew", "krew")  # JL-KREW-1
PROFILE_RULE = {"kaptin": "JL-KREW-2", "doc": "JL-KREW-3", "krew": "JL-KREW-3"}

# ------------------------------------------------------------------ ramming, boarding, events


#: JL-RAM-3 (ruling for the shared edge at 24"): the impact by the distance come
def ram_band(moved: float) -> int:
    return 6 if moved < 18.0 else 7 if moved <= 24.0 else 8


BOARD_NEAR = 3.0  # JL-BOARD-1: within 3" the grapnels fail only on a 1, within 6" hold on a 3+
BOARD_FAR = 6.0
LAND_REACH = 6.0  # JL-LAND-1: within 6", failing only on a 1
LEAVE_NEED = 3  # JL-PORT-2
#: JL-PORT-3: what each thing costs in harbour
PRICES = {"krew": 1, "doc": 2, "kaptin": 3}
MINE_S = 8  # JL-NPC-1
NPC_ARMOUR = 11  # JL-NPC-1 mines, JL-NPC-2 the Kraken
KRAKEN_S = 8  # JL-NPC-2
KRAKEN_NEED = 4  # ruling
CHINORK_S = 7  # JL-EVT-11
CHINORK_NEED = 4  # ruling
#: JL-EVT-2: the rule of each result of the events table (lower die the tens)
EVENTS = {
    11: "JL-EVT-3",
    33: "JL-EVT-3",
    12: "JL-EVT-4",
    34: "JL-EVT-4",
    13: "JL-EVT-5",
    14: "JL-EVT-6",
    15: "JL-EVT-7",
    16: "JL-EVT-8",
    22: "JL-EVT-9",
    23: "JL-EVT-10",
    24: "JL-EVT-11",
    36: "JL-EVT-11",
    25: "JL-EVT-12",
    46: "JL-EVT-12",
    26: "JL-EVT-13",
    35: "JL-EVT-14",
    45: "JL-EVT-14",
    44: "JL-EVT-15",
    55: "JL-EVT-16",
    56: "JL-EVT-16",
    66: "JL-EVT-16",
}


def to_wound(strength: int, toughness: int) -> int | None:
    """The 40k chart of strength against toughness (JL-BOARD-8 ruling): the D6 score to wound."""
    d = strength - toughness
    if d <= -4:
        return None
    return 2 if d >= 2 else 3 if d == 1 else 4 if d == 0 else 5 if d == -1 else 6


def half_up(n: int) -> int:
    """JL-EVT-10: half, rounding up."""
    return math.ceil(n / 2)
