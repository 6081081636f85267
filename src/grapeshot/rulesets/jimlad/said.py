"""What each Jim Lad rule does at the table, in the project's own words, for the rules panel.

Kept beside :mod:`.rules` (which says where each rule's code is) and handed to its book as
``says``: a newcomer reading the panel learns who rolls what and what it does, with the numbers.
Where the project made a ruling (docs/rulings.md), this says what the table does.
"""

from __future__ import annotations

SAID: dict[str, str] = {
    # ships and fleets
    "JL-SHIP-1": 'Each model may be about 12" long and 6" wide at most. The scenario sets every ship\'s length and width (4-15" by 1.5-7", 10" by 4" unless it says otherwise).',
    "JL-SHIP-2": "Whatever guns are modelled, every ship counts as having four: a big kannon at the bow, a middling one on each beam and a small one at the stern.",
    "JL-SHIP-3": "A ship takes 5 hull points of damage before it sinks. Its armour is 12 at the front and sides and 11 at the back, and every blow except grapeshot can be shrugged off on a 6 (the ramshackle save).",
    "JL-SHIP-4": 'Each hull point lost takes a D6" off the most the ship can move, rolled every move. With 1 point left it cannot move at all; at 0 it sinks with its krew and gold.',
    "JL-SHIP-5": "Every Kaptin begins with 5 gold (teef) kept on his ship, to spend on repairs and hiring in harbour or to lose to a boarder.",
    # klans
    "JL-KLAN-1": "A Freebooterz ship may roll one of its own dice again once a turn (its movement, shots, saves or repairs); the new result is kept even when it is worse.",
    "JL-KLAN-2": 'Snake Bites ships sail: +2D6" of move running before the wind, -1D6" heading into it, and a D3" slide downwind when it blows across them. Ramming, they gain 1 Strength with the wind and lose 1 against it.',
    "JL-KLAN-3": "Deff Skulls fire D3 krak shots from each broadside kannon, each scattering on its own, but their bow kannon can only fire grapeshot (at S4).",
    "JL-KLAN-4": 'Goffs hit 1 Strength harder when they ram, but every move they make is a D6" shorter.',
    "JL-KLAN-5": 'Evil Sunz add a D6" to every move, but their side armour is 1 lower (11).',
    "JL-KLAN-6": 'Bad Moons have 1 more armour at the front and sides (13), but every move is a D6" shorter.',
    "JL-KLAN-7": 'Blood Axes launch manned torpedoes instead: two S9 runs, each aimed at a point up to 18" away within 45 degrees of dead ahead, which go straight there without scattering.',
    "JL-KLAN-8": "The wind is 'with' a ship whose course is within 45 degrees of where it blows, 'against' within 45 degrees of dead into it, and across otherwise. The Freebooterz re-roll is one per ship each turn unless the table picks one per player.",
    # krew
    "JL-KREW-1": "Every ship carries seven Orks: a Kaptin, a Mad Doc and five boyz. The grots who work the ship are taken for granted and never counted.",
    "JL-KREW-2": "The Kaptin fights with WS4 S4 T4, 3 wounds, 3 attacks, Initiative 3, Leadership 8 and a 4+ armour save; his huge two-handed choppa adds 1 to his Strength in close combat.",
    "JL-KREW-3": "The Mad Doc and each boy have WS4 S3 T4, a single wound, 2 attacks, Initiative 2, Leadership 7 and a 5+ armour save, with a choppa and a slugga.",
    "JL-KREW-4": "As long as the Mad Doc is alive, any Ork on his ship (the Kaptin and the Doc too) ignores a wound that got through on a roll of 5 or 6.",
    "JL-KREW-5": 'A ship needs two Orks aboard to keep the grots working. With fewer it becomes a hulk: it cannot shoot or repair and just drifts D6" in a random direction each movement phase.',
    "JL-KREW-6": "In the boarding phase a Kaptin's ship within 6\" of a hulk may send boyz across, keeping two at home, to bring it up to two Orks; the hulk then joins his fleet with no fight, and counts as a capture.",
    # turn
    "JL-TURN-1": "At the start of each turn the scatter die sets which way the wind blows (a hit is rolled again); it stays so until the next roll or an event moves it.",
    "JL-TURN-2": "From the second turn, events, mines, the Kraken and the sub have their go after the wind and before any ship moves, and whatever they damage is settled first.",
    "JL-TURN-3": "Each player secretly picks a manoeuvre card for each ship; when all are in, they are shown and the ships move one at a time in turn order.",
    "JL-TURN-4": "From the second turn, in turn order, each ship fires whatever guns bear on an enemy, unless damage stops them, or sets its grots to repairs instead of the kannons.",
    "JL-TURN-5": "From the second turn, a ship that ended its move near an enemy may try to board it, sending all its surviving Orks across.",
    "JL-TURN-6": "The order players act in each turn: by default the first seat goes to the back of the queue every turn; a table may keep it fixed or roll a D6 each (highest first).",
    # victory
    "JL-WIN-1": "The last fleet with a ship afloat wins. A fleet also wins if, after a shooting phase's repairs, it alone has a ship with 2+ hull points and two Orks while every other ship is down to 1 point.",
    "JL-WIN-2": "A fleet that has captured at least one ship and now commands every ship still afloat wins straight away.",
    "JL-WIN-3": "Otherwise, after 12 turns (the table may change it), each sunk enemy is worth 1 victory point to whoever sank it and each captured ship held is worth 1; most points wins, and a tie goes to the fleet with more hull points left.",
    # movement
    "JL-MOVE-1": 'Full Ahead goes straight: roll 24"+2D6" for the most you may move, and go at least 9", with the card and your own length added on top.',
    "JL-MOVE-2": 'Veer turns 45 degrees to port or starboard over the card: up to 24"+D6" of travel, never less than 6", plus card and ship length.',
    "JL-MOVE-3": 'Hard a-port or a-starboard turns 90 degrees over the card: up to 18"+D6", never less than 4", plus card and ship length.',
    "JL-MOVE-4": 'All Stop goes straight but brakes: the move is 3D6" at most and 3" at least, plus card and ship length, and leaves the ship at a standstill.',
    "JL-MOVE-5": 'Full Astern backs the ship straight or on a gentle turn for up to 4D6" (at least 3"), and only a ship at a standstill may take it.',
    "JL-MOVE-6": "Every move also covers the 8\" card and the ship's own length, because the ship finishes with its stern where the move ended rather than its bow.",
    "JL-MOVE-7": "The captain chooses whether the card is sailed first (turn, then straight on) or last (straight on, then the turn).",
    "JL-MOVE-8": 'The page\'s table of typical moves (about 39" for Full Ahead, 35.5" for Veer, 29.5" for Hard, 18.5" for All Stop, 22" astern, plus ship length) is what the dice are checked against; Full Ahead can reach 44", not 42".',
    "JL-MOVE-9": "The dice only set how far a ship may go; its captain then picks any distance from the card's minimum up to that. If the modifiers leave less than the minimum, the ship goes only what was rolled (a table may make it the minimum).",
    "JL-MOVE-10": "A ship whose rudder is broken can only be given straight cards. One whose engine is broken sails last turn's card again, the same distance, until it is fixed.",
    # shooting
    "JL-SHOOT-1": "The big guns are served by grots, who shoot with Ballistic Skill 3.",
    "JL-SHOOT-2": 'The bow kannon reaches 36" with S9 krak and has no grapeshot. The beam kannons reach 24" with S8 krak or fire S4 grapeshot. The stern kannon fires S4 grapeshot only.',
    "JL-SHOOT-3": "Krak is aimed at a point in the kannon's 90-degree arc and range. Roll the scatter die: a hit lands on the spot, an arrow moves it 2D6\" less the gunners' BS 3. A hull under the landing point is struck; krew are never hurt by krak.",
    "JL-SHOOT-4": 'Grapeshot sweeps decks, not hulls: by default an 8" flamer template laid from the kannon hits each Ork under it at S4 (or, by choice before the game, D3 S4 hits on a ship within 8"). It may not be fired into a boarding fight.',
    "JL-SHOOT-5": "Ships within 6\" may trade pistol fire: each Ork shoots once, hitting on 5+, S4 AP5, hits landing on the nearest models. The target's krew shoot back straight after.",
    "JL-SHOOT-6": 'Once a game a ship may launch its two S9 torpedoes: they run side by side straight ahead up to 48", each end point scatters 2D6", and the first hull on each line is struck. A torpedo that meets nothing is lost.',
    "JL-SHOOT-7": 'The Blood Axe manned torpedo reaches only 18" and must be aimed within the 90-degree arc ahead, but it runs to its point without any scatter.',
    "JL-SHOOT-8": "To hurt a ship, roll a D6 and add the weapon's Strength: beating the armour of the face it hits is a penetrating hit, matching it is a glancing hit, anything less bounces off. Then the 6+ ramshackle save may stop it.",
    # damage
    "JL-DMG-1": "Any hit that gets through, glancing or penetrating, costs the ship one hull point.",
    "JL-DMG-2": "However many penetrating hits one player lands on a ship in his turn of shooting, that ship rolls on the damage table only once for them; another player's hits bring another roll.",
    "JL-DMG-3": "Damage table 1: the grapeshot is spilt across the deck, so the ship cannot fire grapeshot during the next turn.",
    "JL-DMG-4": "Damage table 2: the krak shells are still below, so the ship cannot fire krak during the next turn.",
    "JL-DMG-5": "Damage table 3: the krew are shaken; during the next turn the ship fires nothing and cannot start a boarding, though it still fights off boarders.",
    "JL-DMG-6": "Damage table 4: roll a D6 for the gun knocked out: 1 the bow, 2-3 starboard, 4-5 port, 6 the stern. It stays silent until repaired.",
    "JL-DMG-7": "Damage table 5: the rudder is jammed, and the ship can only sail straight until it is repaired.",
    "JL-DMG-8": "Damage table 6: the engine or sails are wrecked; the ship keeps sailing last turn's manoeuvre over and over until repaired or wrecked.",
    "JL-DMG-9": "Instead of firing its kannons and torpedoes, a ship's grots may try to fix one thing: a 4+ on a D6 mends a broken gun, the rudder, the engine or one lost hull point (never above 5).",
    "JL-DMG-10": "Every blow struck against armour (krak, torpedoes, rams, crashes, mines, the Kraken, the Chinork) gets the 6+ save and a damage roll. 'Next turn' means the whole of the following turn, and a repeated lasting result changes nothing.",
    "JL-QA-1": "Grapeshot is for the krew alone: it can never damage a hull, a mine or the Kraken.",
    # boarding
    "JL-BOARD-1": 'In the boarding phase a ship that sailed a card this turn and lies within 6" of an enemy may throw grapnels: they hold on a 3+ on a D6, or on a 2+ within 3". Ships in harbour cannot be boarded.',
    "JL-BOARD-2": "Every boarder crosses and every defender meets them. In the first round the boarders strike first with the charge: an extra attack, and +1 Strength and Initiative from Furious Charge.",
    "JL-BOARD-3": "While both Kaptins stand they duel each other and nobody else; the rest fight as one mob, blows spread one to a model. A Kaptin whose rival falls joins the fight on the mob.",
    "JL-BOARD-4": "The side that inflicted fewer wounds in a round loses and rolls 2D6 against its best Leadership, less the difference in wounds: rolling over it means defeat; otherwise the fight goes on.",
    "JL-BOARD-5": "A drawn round, or a loser who holds, leaves the two ships locked together: they neither move nor shoot, and fight another round in the next boarding phase until one side breaks.",
    "JL-BOARD-6": "The losing ship, with its surviving Orks, passes to the winner's fleet, and a boarder who is beaten loses his own ship. The two ships then share Orks so each can be worked if possible.",
    "JL-BOARD-7": "Whoever captures a ship also takes all the gold stowed aboard it.",
    "JL-BOARD-8": "Blows follow the 40k hand-to-hand charts: hit by comparing Weapon Skill (3+, 4+ or 5+), wound by Strength against Toughness, then the armour save and the Doc's 5+. Models strike in Initiative order.",
    # ramming
    "JL-RAM-1": "A captain may call for ramming speed when the course he has chosen runs first into an enemy ship that has already moved this turn; any other ship-on-ship contact counts as a crash.",
    "JL-RAM-2": "The ship about to be rammed rolls 2D6 against its Kaptin's Leadership 8 (7 with no Kaptin): at or under, it slips aside and the rammer sails on; otherwise the ram goes home.",
    "JL-RAM-3": 'The harder the run-up, the harder the hit: under 18" travelled it strikes at S6, 18-24" at S7, beyond 24" at S8. Head-on meetings add 1; catching a ship sailing away takes 1 off.',
    "JL-RAM-4": "The target is struck first at the ram's Strength; then the rammer takes a blow of its own at 1 Strength less. Either may sink.",
    "JL-RAM-5": "Goffs add 1 to their ramming Strength; Snake Bites add 1 running with the wind and lose 1 sailing into it.",
    "JL-RAM-6": "A ship that blunders into a dock, an island or another ship is hit as if rammed at the speed it came, with no 1-point discount for itself; against land it also runs aground.",
    "JL-RAM-7": "A ship run aground sits out the whole next turn, then swings to face straight away from the shore and sails on as normal.",
    # landing and harbour
    "JL-LAND-1": 'After its move a ship within 6" of an island or dock may try to put in: only a 1 on a D6 fails. It slides in alongside, keeping its heading, and later leaves by turning straight away from the shore.',
    "JL-LAND-2": "Landing on a treasure island, roll a D6; on a 6 roll again: 1-4 finds D3+1 gold, 5 is squig brew (the krew lose their next turn to drink), 6 is just sand. Each island's secret is found once.",
    "JL-PORT-1": "A ship docked in harbour fires nothing and cannot be shot, rammed or boarded; the harbour's boss keeps the peace, so the table simply forbids it.",
    "JL-PORT-2": "A ship that docks stays the whole of the following turn. After that, at the start of each movement phase, a 3+ on a D6 lets it leave if its captain wishes.",
    "JL-PORT-3": "While in harbour a ship may spend its gold: 1 mends a hull point or a broken gun, rudder or engine; 1 hires a boy (up to 5); 2 a Mad Doc and 3 a Kaptin, when it has none.",
    # events
    "JL-EVT-1": "From the second turn each player (or, by choice, each ship) rolls a D6 at the start of the events phase; a 6 sets off an event from the table.",
    "JL-EVT-2": "To pick the event, roll two dice and read the lower one as the tens: 11 up to 66. A Kraken or sub already on the table means the roll is made again.",
    "JL-EVT-3": 'Sudden squalls (11, 33): every ship not docked or aground is blown D6" in a random direction of its own; running into something counts as a crash.',
    "JL-EVT-4": 'Storm warning (12, 34): one scatter roll, and every ship not docked or aground is pushed D6" that way, the furthest downwind first.',
    "JL-EVT-5": "Becalmed (13): every Snake Bites ship lies still this turn, but gets an extra round of shooting at the end of the movement phase.",
    "JL-EVT-6": "Snakes (14): the ship spends the turn fighting off sea serpents: it does not move, shoot, repair or start a boarding, though it still defends and fires back. Snake Bites just eat them.",
    "JL-EVT-7": "Sand banks (15): unless docked or aground, the ship's move this turn is exactly half its card's minimum (plus card and length), with no roll.",
    "JL-EVT-8": "Squidgeons (16): the krew spend this movement phase scrubbing the deck, so the ship does not move, though it may still shoot.",
    "JL-EVT-9": "Whirlpool (22): unless docked or aground, the ship is spun round to face a scatter direction, if it has room to turn.",
    "JL-EVT-10": "Skurvy (23): the ship's move this turn is 2D6\" shorter and only half its working kannons (rounded up) may fire.",
    "JL-EVT-11": 'Chinork (24, 36): the gunship flies from one landing pad to the next and fires four S7 shots, each hitting on 4+, at every ship that was within 48" of its nose on the way.',
    "JL-EVT-12": "Mines (25, 46): if a mine is off the table, a new one drifts in at the edge, along a scatter line from the centre.",
    "JL-EVT-13": "Ork overboard (26): roll a D6; on a 1 one Ork (a boy if there is one) is lost to the sea, which may leave the ship a hulk.",
    "JL-EVT-14": 'Grot rebellion (35, 45): the sub Da Dred NoOrk surfaces 4D6" away, fires two torpedoes at the nearest ship ahead of it and dives; with no target it hunts 4D6" a turn. Only one sub at a time.',
    "JL-EVT-15": "Mermorks (44): the krew chase a song; the ship must take whichever card ends nearest a scatter direction, though the captain still picks how far.",
    "JL-EVT-16": "The Kraken awakes (55, 56, 66): the sea beast enters at the edge, if it is not here already.",
    "JL-NPC-1": 'One mine per player is laid at random at least 18" from the edges, docks and ships. From turn 2 each drifts D6" a turn; a ship it touches takes an S8 blow and the mine is gone. Krak that beats its armour 11 destroys it.',
    "JL-NPC-2": 'The Kraken, a 4" disc, swims 3D6" a turn at the nearest ship and, once touching, makes 3 attacks at S8, each hitting on 4+. It has armour 11 and 2 wounds; krak, torpedoes and ramming can wound it.',
    "JL-NPC-3": "The scenario supplies islands, docks and the Chinork's landing pads; mines, the Kraken and the sub never end on top of anything, and a direction-only scatter roll that shows a hit is rolled again.",
}
