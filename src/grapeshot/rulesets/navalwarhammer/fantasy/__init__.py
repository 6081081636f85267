"""The compact fantasy-battle core Naval Warhammer stands on, in the project's own words.

Pure, typed rule procedures.  Each asks the game for every die (``yield from
game.roll(RollRequest(...))``) and emits an event for each verdict, naming its rule and the
numbers it used, so the same code serves play, tests with scripted dice and the exact-odds
enumerator.  The modules, by part of the rules:

``profiles``    profiles, troop types and their ship capacity (NW-SHIP-3), weapons, special rules
``units``       units in play, ship parts, crew size and ranks aboard (NW-RANK-1)
``charts``      to-hit (WS against WS; BS with modifiers), to-wound, armour and ward saves
``strikes``     from hits to casualties: wounds, saves, killing blows, poison, ships' immunities
``melee``       a round of close combat in initiative order
``combat``      combat result and break tests at sea, Shaken (NW-BOARD-5)
``psychology``  panic, fear, terror, stupidity, animosity, once per boat and unit type (NW-PSY-1)
``templates``   the table geometry the core needs: round and flame templates, lines of flight
``artillery``   misfires, cannons (NW-CANNON-1), bolt throwers, stone throwers, template hits
``magic``       casting, dispelling, miscasts (NW-MOVE-5's magic ships)
``throttle``    the full-throttle chart of steam ships
``rerolls``     the First Mate's (NW-UPG-7) and the engineer's (NW-MOVE-4) re-rolls as grants
``swimming``    swimming and drowning (NW-SWIM-1), aquatic creatures (NW-SWIM-2)
``rules``       the core's own rule IDs (FB-*)

What the core cannot know (who is in contact, which figures a line crosses, when a test is
due) the rule set supplies; docs/navalwarhammer.md describes the core and docs/rulings.md
lists every stand-in for the missing rulebooks.
"""
