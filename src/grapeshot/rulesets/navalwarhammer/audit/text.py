"""The numbers the referee needs, stated again from the text and the project's rulings (never
taken from the rules' code: a slip there must not be copied here).

Capacities are places aboard by ship size (NW-SHIP-3 and the rulings' ship table), a castle adds
ten places (NW-UPG-6); an overcrowded ship holds twice a normal ship of her size with her castles
once, or twice her own with option ``overcrowded_capacity`` ``ship`` (NW-CROWD-1).
"""

from __future__ import annotations

#: NW-SHIP-3 with the rulings' ship table: a normal ship's places by size
CAPACITY = {"dinghy": 5, "small": 12, "medium": 25, "large": 40}
#: the rulings' ship table: the minimum working crew in places by size (NW-CREW-1), halved and
#: rounded up with a steam engine (NW-UPG-2)
MINIMUM_CREW = {"dinghy": 1, "small": 3, "medium": 6, "large": 10}
#: NW-UPG-6: the places a castle adds
CASTLE_PLACES = 10

#: NW-MOVE-1: a sailing ship's base inches and dice by the wind's sector
SAIL_BASE = 9.0
SAIL_DICE = {"with": 2, "abeam": 1, "against": 0}
#: the rulings' default width of the with and against sectors, either side (option wind_sector)
WIND_SECTOR = 45.0
#: NW-UPG-3: heavy timbers take this off every move a ship makes herself
HEAVY_TIMBERS = -1.0

#: NW-MOVE-2: the Out of Control chart, a D6 to the turn (degrees, port counter-clockwise positive)
OUT_OF_CONTROL_TURN = {1: 90.0, 2: 45.0, 3: 0.0, 4: 0.0, 5: -45.0, 6: -90.0}
#: NW-MOVE-2 / NW-CREW-2: a ship adrift goes D6" downwind, without turning
ADRIFT_DIE = 6
#: NW-BOARD-9: a ship shoving off moves up to 4", no turns
SHOVE_OFF = 4.0

#: NW-CANNON-2: a naval gun's arc, in all (degrees), centred on its mount's side
GUN_ARC = 45.0
#: the direction each mount faces, off the ship's heading (counter-clockwise positive)
MOUNT_FACING = {"bow": 0.0, "port": 90.0, "stern": 180.0, "starboard": -90.0}

#: NW-BOARD-2, NW-BOARD-10: Prepare for Action and consolidation move models (war machines too)
#: up to 2" about the deck
DECK_SHIFT = 2.0

#: NW-PSY-3: stupid units wander a D6" forward
WANDER_DIE = 6
#: the rulings' D6 to come off the ground, 4+ (NW-AGROUND-1)
REFLOAT_NEED = 4

#: the movement modes a ship moves under her own way (NW-MOVE-1, -3, -4, -5)
OWN_WAY = frozenset({"sail", "oars", "steam", "magic"})
#: NW-MOVE-1: the half-move minimum binds sailing ships, and magic ships that move as they do (NW-MOVE-5)
HALF_MOVE = frozenset({"sail", "magic"})
#: the rulings' ship table: a dinghy's hull is 4" long (NW-LAUNCH-1's boats are dinghies)
DINGHY_LENGTH = 4.0
DINGHY_BEAM = 2.0
#: NW-LAUNCH-1: a boat needs two crew, and her ship a speed of 12" or less
LAUNCH_CREW = 2
LAUNCH_SPEED = 12.0
