"""What each rule of the collisions module does at the table, in the project's own words, for the
rules panel.

Kept beside :mod:`.rules` (which says where each rule's code is) and handed to its book as
``says``; where the project made a ruling (docs/rulings.md), this says what the table does.
"""

from __future__ import annotations

SAID: dict[str, str] = {
    "CG-SIDE-1": "Ships that brush sides or bump sterns end up 2\" apart: the smaller one turns to match the larger's heading (or sits square or at an angle to it), and the mover's move ends there.",
    "CG-SIDE-2": "When both ships are the same size, the mover's player rolls a D6: on 1-3 the mover lines up with the other, on 4-6 the other lines up with it.",
    "CG-SIDE-3": "A ship shoved into a third, smaller ship pushes that one in turn, and so on down the line; a ship as big or bigger just stands.",
    "CG-SIDE-4": "An oared ship, or one with its sweeps out, that scrapes or is scraped takes 2D6 damage with no save; on a double it also loses as many rowers as one die shows, for the rest of the game.",
    "CG-RAM-1": "A ship that touches another with the front third of its hull while moving straight ahead has rammed it; touching while turning is only a sideswipe. The two are then locked together as if grappled.",
    "CG-RAM-2": "Ram damage follows the two sizes: equal ships each take a D6; a bigger rammer deals 2D6 and takes a D6 (or nothing against a small ship); a smaller rammer takes 2D6 and deals a D6 (or nothing to a large one).",
    "CG-RAM-3": "The rammer adds momentum: each point of movement it still had at the moment of impact adds 3 damage for a large ship, 2 for a middling one, 1 for a small one. A large ship with 6 left deals 18 more.",
    "CG-RAM-4": "A ship with a real ram deals 3D6 more damage to its target and takes none itself; by default this comes on top of the chart and the momentum.",
    "CG-RAM-5": "A boat or canoe that a ship rams goes straight down, and the ship sails on unharmed.",
    "CG-GRAP-1": 'A ship that bumps an enemy without ramming, or ends within 2" of one, may at once try to grapple it, using at least two crew who have done nothing else this turn (they may still board later).',
    "CG-GRAP-2": 'Grappling rolls a D6, +1 for each grappler beyond the two needed: 3 or more catches the enemy, 1-2 means the ship backs off to 1" away. A roll of 1 always misses.',
    "CG-GRAP-3": "Once grappled, neither ship moves any further that turn; the smaller swings round to lie side by side or at right angles with the bigger.",
    "CG-BOARD-1": "A grappler that had used under half its movement may board at once. Otherwise it waits its turn in the initiative, and the enemy may cut loose or board first.",
    "CG-BOARD-2": "Boarders are set on the enemy deck one at a time, their leader first, each at the nearest free spot; no path or range is needed, and only as many go as there is room for.",
    "CG-BOARD-3": "Each turn both crews fight one round with the host game's hand-to-hand rules. Beaten boarders go back to their own vessel if they can; it goes on until they are thrown off or the ship is taken or surrenders.",
    "CG-BOARD-4": "A ship with no defenders left on deck is taken: the boarders become its prize crew under their leader. Those hidden below or aloft are prisoners, who may be freed or change sides to join the prize crew.",
    "CG-BOARD-5": "Boats and swimmers swarm aboard on touching, without grapples. If they are fewer than the ship's whole crew, each rolls a D6: 1 is lost (5-6 on another D6 leaves him wounded in the sea), 2 falls in, 3-6 gets aboard.",
    "CG-SWIM-1": 'When a vessel sinks, everyone aboard rolls a D6 and is lost on a 1; the rest are in the sea and swim 2" a turn.',
    "CG-SWIM-2": "A swimmer still in the sea after three turns must roll a D6 each turn to stay up: a 1 drowns him, or 1-2 if he is wounded.",
    "CG-SWIM-3": "Wreckage, boats and rafts keep swimmers from drowning. A friendly ship hauls a swimmer aboard at once; climbing onto an enemy one means the mishap roll, unless he gives himself up.",
    "CG-SWIM-4": "Swimmers can only be shot with small arms, and the waves give them light cover. A figure in chains or armour cannot swim and goes under.",
}
