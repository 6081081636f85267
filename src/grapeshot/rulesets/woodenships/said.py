"""What each Wooden Ships rule does at the table, in the project's own words, for the rules panel.

Kept beside :mod:`.rules` (which says where each rule's code is) and handed to its book as
``says``: a newcomer reading the panel learns who rolls what and what it does, with the numbers.
Where the project made a ruling (docs/rulings.md), this says what the table does.
"""

from __future__ import annotations

SAID: dict[str, str] = {
    # figures
    "WS-FIG-1": "Both sides start with as many figures as each other and one captain for every ship. An ordinary man dies to a single point of damage.",
    "WS-FIG-2": "Heroes (every captain, fort commander and shaman) take 3 points of damage to kill and add 1 to their own rolls: shots, blows, boarding and climbing, but never when firing a cannon.",
    "WS-FIG-3": 'On its go a figure walks up to 8" (round other figures and obstacles), then may do one thing: shoot, strike, load, throw a grapple and so on.',
    "WS-FIG-4": "When several figures strike the same victim in one turn, the second adds 1 to hit, the third adds 2, and so on.",
    "WS-FIG-5": "A figure may jump overboard and swim 4\" a turn; in the water it cannot shoot or fight. At the end of its side's turn each swimmer rolls a D6, and a 1 means the sharks got it.",
    "WS-SETUP-1": "Before play the sides take turns choosing one weapon or gun at a time from a shared pile until it is empty, then mount the guns on their ships and hand out the rest or stow it aboard.",
    # small arms
    "WS-ARMS-1": 'Rifles, crossbows and bows hit on a 4+ within 6", 5+ within 12", a 6 within 18" and a 7 (only with a bonus) out to 36"; closer than 2" they cannot hit. A hit does 1 point.',
    "WS-ARMS-2": 'Pistols and thrown spears use bands of 6", 9", 12" and 18"; a pistol hits on a 3+ closer than 2". A "7" can only be reached with a bonus such as a hero\'s +1.',
    "WS-ARMS-3": "A gun or bow is empty once fired; a figure reloads it as its action only in a turn it neither moved nor was in hand-to-hand. A weapon already loaded can still be fired after moving.",
    "WS-ARMS-4": "Figures fight only with what they carry. They may pick up weapons lying near their path as they walk, but a missile weapon picked up cannot be used until the next turn.",
    # hand to hand
    "WS-MELEE-1": "In base contact, a sword or halberd hits on a 5 or 6; an axe, club, spear, oar or bayonet on a 6. Axes and halberds do 2 points, the rest 1. With no hand weapon a figure cannot strike.",
    "WS-MELEE-2": "A figure holding two one-handed weapons (by default sword, axe and club) gets +1 to hit; a table may instead let it strike a second blow.",
    # guns
    "WS-GUN-1": "Only a figure standing within 1\" of a gun since its side's turn began may fire or turn it. One figure loads a gun and a second must fire a cannon or swivel.",
    "WS-GUN-2": "A cannon fires straight along where it points; one on wheels may be turned instead of loaded. A swivel gun turns as it fires, so two crewmen can turn, load and fire it in one turn.",
    "WS-GUN-3": 'A cannon needs 1+ within 6", then 2+, 3+, 4+, 5+ and 6+ at 12", 18", 24", 36" and 54". A hit does a D6 of damage to men or to a ship or fort.',
    "WS-GUN-4": 'A swivel gun hits on a 1+ at under 2", then 2+ to 6+ across 6", 12", 18", 24" and 36", and does a D3 of damage.',
    "WS-GUN-5": "A mounted rifle uses the swivel's range bands but cannot hit within 2\", and does 1 point, to men only.",
    "WS-GUN-6": "A cannon firing at a man, another gun or a small boat takes 1 off its roll to hit.",
    "WS-GUN-7": "A cannon is destroyed by one blow of 3 or more; smaller blows are forgotten. A damage roll of 5 or 6 against it also costs its ship or fort a point.",
    "WS-GUN-8": "A swivel gun falls to any hit; a damage roll of 3 or more against it also costs its ship or fort 2 points.",
    "WS-GUN-9": "When a cannon or swivel is destroyed, each figure standing next to it takes a wound.",
    "WS-GUN-10": "A table may fire cannons and swivels with the scatter and artillery dice instead, the range allowing re-rolls; a hit with a misfire blows up the gun, and damage comes from sustained-fire dice.",
    # ships
    "WS-SHIP-1": "A ship is built of 2 to 5 sections, bow and stern at least. The sides' fleets must cost the same, using the cost column of the ship table.",
    "WS-SHIP-2": 'The ship table sets each type\'s move (wide 9", narrow 12", small ships and catamarans 6" twice, and so on), its ram value, hit points and cost (a wide ship 9 points a section).',
    "WS-SHIP-3": "The score sheet lists different ram values for wide and narrow ships and rafts (D6+5, D6+3, D6-1); a table may choose to play those instead of the main text's.",
    "WS-MOVE-1": "To move a ship, lay the ruler at the bow, swing it up to 90 degrees either way, turn the ship to point at a mark no further than its move, and sail until the bow reaches the mark.",
    "WS-MOVE-2": "Boats and small ships make two such moves a turn; a rowboat's first is only a turn on the spot. All of a side's ships move before its figures act.",
    "WS-DMG-1": "Once a ship has lost a third of its hit points it slows: a big ship's move is halved, and a two-move boat loses one move.",
    "WS-DMG-2": "Once two thirds are gone the ship is dead in the water: it can only turn on the spot, at half its move.",
    "WS-DMG-3": "A ship with no hit points left goes down one whole turn later and cannot move meanwhile. Those aboard end up in the water to swim for it.",
    # boarding
    "WS-BOARD-1": 'When ships are within 2", a figure may cross to an enemy deck on a 2-6, but can do nothing else that turn. A figure at the rail may throw a grapple, holding on a 2-6; grappled ships cannot move.',
    "WS-BOARD-2": "A grapple holds until figures at the rail have landed two hits on the lines with blades (sword, axe, halberd or bayonet).",
    "WS-BOARD-3": "A swimmer beside a hull may climb aboard: on a 3-6 if the ship stood still last move, 4-6 if it went at half speed, 5-6 at full speed.",
    # rams
    "WS-RAM-1": "A ship that sails into another ship, rocks, a wall or a harbour rams it: each side takes the other's ram value (a D6 plus the table's number), and striking with the bow adds 1. Swimmers can be run down.",
    "WS-RAM-2": "If the rammer had more hit points at the start than the victim has left, the two are stuck and cannot move. Each side rolls a D6 at the start of its turn, and a 6 pulls them apart.",
    "WS-RAM-3": "A ship rammed to nothing sinks a whole turn later like any other, and drags down any smaller ship still stuck to it.",
    # forts
    "WS-FORT-1": "A fort has as many hit points as it costs (from its walls, levels, gates and guns) and takes damage as a ship does. Each gate has 3 points of its own that add up.",
    "WS-FORT-2": "Climbing a fort's wall, or up a level, takes a 6; once it has lost a third of its points, 4-6; two thirds, 3-6. Heroes add 1. The fort's own side climbs freely.",
    "WS-FORT-3": "A fort with no points left falls down: everyone on it rolls a D6 and is crushed on a 1 (heroes) or 1-2 (others), its guns are lost and the ruins are open to all.",
    "WS-MAGIC-1": 'Once a turn instead of attacking, a shaman may throw lightning (hitting and wounding like a cannon), push every enemy figure on land or in the sea a D6" away, or push one enemy ship 2D6" away.',
    # animals
    "WS-ANIMAL-1": 'A monkey runs 8", has 1 life point and fights only with hand weapons, at -1 to hit. It does not count as crew.',
    "WS-ANIMAL-2": "A carnivorous monkey waits in its cage until a friend lets it out; then it is wild and goes for the nearest person it sees, with two attacks at -1.",
    "WS-ANIMAL-3": 'A parrot flies 16" and cannot hurt anyone, but a figure it is pecking can neither move nor reload until the bird is gone or dead. It has 1 life point.',
    "WS-ANIMAL-4": "A falcon flies and pesters men like a parrot, and can hunt parrots too: it kills one on a 4-6.",
    "WS-ANIMAL-5": 'A sea dragon (6 life points, swims 12") makes two claw attacks on 5-6 and a bite on 4-6, each of 1 point, against men, ships or forts; it may breathe fire instead of biting.',
    "WS-ANIMAL-6": "The dragon's fiery breath reaches 4\" and hits on a 6, setting its target alight. Each later turn the blaze rolls a D6: 1 puts it out, 6 does another point. Burning guns go off if loaded.",
    "WS-ANIMAL-7": 'Sharks (16") and crocodiles (10" swimming, 6" ashore) are wild; they attack only people in the water, killing them on a 1.',
    # wind
    "WS-WIND-1": "With the wind on, a sailing ship may not point within 30 degrees of where it blows from, and moves at half speed while beating into it. Rowed boats ignore it.",
    "WS-WIND-2": "A ship that did not move in its side's last movement drifts a D6\" downwind at the start of its turn.",
    "WS-WIND-3": "A sailing ship that cuts across another's wind shadow steals its wind: a victim no bigger is stopped, and a bigger one is held to half speed in its following turn.",
    "WS-RULING-1": "The project's answers to what the text leaves open: sides roll a D6 each turn for who goes first, the last side standing or the most points after 10 turns wins, and which weapons count as blades.",
    "WS-SHEET-1": "Each ship or fort can print a score sheet: boxes to cross off its hit points, showing where it drops to half speed and where it stops, with the weapon and ship tables beside.",
}
