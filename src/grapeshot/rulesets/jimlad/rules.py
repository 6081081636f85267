"""The Jim Lad rule registry: each rule ID, a short title, and the code that implements it.

``planned`` rules belong to the parts still to come (ramming,
landing, harbour, random events, non-player models); their phases and hooks
exist in :mod:`.flow` already.
"""

from __future__ import annotations

from grapeshot.core.registry import RuleBook, rules_of
from grapeshot.rulesets.jimlad.said import SAID

_r = rules_of("grapeshot.rulesets.jimlad")


RULEBOOK = RuleBook(
    "jimlad",
    "JL",
    [
        # ships and fleets
        _r("JL-SHIP-1", "hull size limits; scenario gives length and width", "data.MAX_LENGTH", "JimLad.setup"),
        _r("JL-SHIP-2", "four kannons: fore, port, starboard, aft", "data.KANNONS"),
        _r("JL-SHIP-3", "5 hull points, armour 12/12/11, 6+ ramshackle save", "data.ARMOUR", "damage.strike"),
        _r("JL-SHIP-4", "speed lost per hull point; 1 = becalmed; 0 = sunk", "movement.roll_allowance", "damage.sink", "flow.movement_phase"),
        _r("JL-SHIP-5", "each Kaptin starts with 5 gold aboard", "data.STARTING_GOLD", "JimLad.setup"),
        # klans
        _r("JL-KLAN-1", "Freebooterz: one re-roll of a single die per turn", "JimLad.reroll_grant"),
        _r("JL-KLAN-2", "Snake Bites: sails with, against and across the wind", "movement.roll_allowance", "movement.side_wind_drift"),
        _r("JL-KLAN-3", "Deff Skulls: D3 broadside shots; grapeshot-only fore gun", "kannon.krak", "kannon.shells"),
        _r("JL-KLAN-4", "Goffs: +1 S ramming, -1D6 movement", "data.KLANS", "movement.roll_allowance"),
        _r("JL-KLAN-5", "Evil Sunz: +1D6 movement, -1 side armour", "data.KLANS", "data.armour_of"),
        _r("JL-KLAN-6", "Bad Moons: +1 front and side armour, -1D6 movement", "data.KLANS", "data.armour_of"),
        _r("JL-KLAN-7", 'Blood Axes: manned torpedoes, forward arc, no scatter, 18"', "torpedoes.launch", "torpedoes.check_torpedoes"),
        _r("JL-KLAN-8", "wind sectors; Freebooterz re-roll per ship or player", "compass.wind_sector", "JimLad.reroll_grant"),
        # krew
        _r("JL-KREW-1", "a Kaptin, a Mad Doc and five krew", "krew.starting_krew"),
        _r("JL-KREW-2", "Kaptin profile and 'Uge Choppa", "data.PROFILES"),
        _r("JL-KREW-3", "Mad Doc and krew profile", "data.PROFILES"),
        _r("JL-KREW-4", "Feel No Pain 5+ for all while the Doc lives", "krew.wound"),
        _r("JL-KREW-5", 'fewer than two Orks: the ship drifts D6" at random', "state.Ship.krewed", "movement.hulk_drift"),
        _r("JL-KREW-6", "hulks taken over without a fight by a Kaptin with krew to spare", "krew.takeover_options", "krew.take_over"),
        # turn sequence
        _r("JL-TURN-1", "wind rolled on the scatter die each turn", "flow.wind_phase"),
        _r("JL-TURN-2", "random and non-player events before the players, from turn 2", "flow.events_phase", "events.events_phase"),
        _r("JL-TURN-3", "secret manoeuvre orders, revealed, then moves in sequence", "flow.movement_phase", "prompts.OrdersPrompt"),
        _r("JL-TURN-4", "shooting in sequence, or repair, from turn 2", "flow.shooting_phase"),
        _r("JL-TURN-5", "boarding phase from turn 2", "flow.boarding_phase"),
        _r("JL-TURN-6", "turn sequence: rotating, fixed or rolled", "flow.turn_order"),
        # victory
        _r("JL-WIN-1", "last boat afloat, or the only one still manoeuvring", "victory.check"),
        _r("JL-WIN-2", "capturing every other ship still afloat wins", "victory.check"),
        _r("JL-WIN-3", "victory points at the turn limit; hull points break ties", "victory.final", "state.victory_points"),
        # movement
        _r("JL-MOVE-1", "Full Ahead: 24+2D6, at least 9", "data.CARDS", "movement.card_path"),
        _r("JL-MOVE-2", "Veer: 45 degrees, 24+D6, at least 6", "data.CARDS", "movement.card_path"),
        _r("JL-MOVE-3", "Hard a-port/starboard: 90 degrees, 18+D6, at least 4", "data.CARDS", "movement.card_path"),
        _r("JL-MOVE-4", "All Stop: 3D6, at least 3", "data.CARDS", "movement.card_path"),
        _r("JL-MOVE-5", "Full Astern: 4D6 straight back or shallow turn, from a standstill", "data.CARDS", "movement.legal_cards"),
        _r("JL-MOVE-6", "card length and ship length added: placed bow to stern", "movement.card_path"),
        _r("JL-MOVE-7", "the card at the start or the end of the move", "movement.card_path"),
        _r("JL-MOVE-8", "the table of average, most and least moves", "data.CARDS"),
        _r("JL-MOVE-9", "the roll is the most; the captain picks from the minimum up", "movement.roll_allowance", "prompts.DistancePrompt"),
        _r("JL-MOVE-10", "rudder damage forbids turns; engine damage repeats the move", "movement.legal_cards", "flow.repeat_move"),
        # shooting
        _r("JL-SHOOT-1", "grot gunners are BS3", "data.GUNNER_BS"),
        _r("JL-SHOOT-2", "kannon ranges and shells", "data.KANNONS", "kannon.shells"),
        _r("JL-SHOOT-3", "krak: aim, scatter 2D6 less BS, hull under the landing point", "kannon.krak", "kannon.check_fire"),
        _r(
            "JL-SHOOT-4", "grapeshot: template or D3 hits, krew only, no ramshackle save, not into boarding", "kannon.grapeshot_template", "kannon.grapeshot_d3"
        ),
        _r("JL-SHOOT-5", "sluggas at close range with return fire", "kannon.sluggas", "kannon.slugga_volley"),
        _r("JL-SHOOT-6", 'two S9 torpedoes straight ahead 48", scattering 2D6', "torpedoes.launch"),
        _r("JL-SHOOT-7", "Blood Axe manned torpedoes", "torpedoes.launch"),
        _r("JL-SHOOT-8", "S + D6 against armour: penetrating, glancing or nothing", "damage.penetration", "damage.strike"),
        # damage
        _r("JL-DMG-1", "glancing and penetrating hits each remove a hull point", "damage.lose_hull_point"),
        _r("JL-DMG-2", "one damage-table roll per shooting player's turn", "damage.damage_table", "flow.shooting_phase"),
        _r("JL-DMG-3", "1: no grapeshot next turn", "damage.DAMAGE_TABLE", "kannon.shells"),
        _r("JL-DMG-4", "2: no krak next turn", "damage.DAMAGE_TABLE", "kannon.shells"),
        _r("JL-DMG-5", "3: shaken: no shooting, no starting a boarding next turn", "damage.DAMAGE_TABLE", "kannon.can_shoot"),
        _r("JL-DMG-6", "4: a gun damaged, chosen by a D6", "damage.damage_table", "data.GUN_DAMAGE_ROLL"),
        _r("JL-DMG-7", "5: rudder damaged", "damage.damage_table", "movement.legal_cards"),
        _r("JL-DMG-8", "6: engine damaged: the last manoeuvre repeats", "damage.damage_table", "flow.repeat_move"),
        _r("JL-DMG-9", "grot riggers repair one point on a 4+ instead of shooting", "damage.repair", "damage.repairable"),
        _r("JL-DMG-10", "which blows save and roll for damage; 'next turn'; duplicates", "damage.strike", "damage.damage_table"),
        # Q&A
        _r("JL-QA-1", "grapeshot only ever hits krew", "kannon.grapeshot_template", "kannon.grapeshot_d3"),
        # the parts still to come
        # boarding
        _r(
            "JL-BOARD-1",
            'coming alongside: 3+ within 6", 2+ within 3"',
            "boarding.boarding_options",
            "boarding.cannot_board",
            "boarding.boarding_need",
            "boarding.attempt",
            "boarding.BoardPrompt",
        ),
        _r("JL-BOARD-2", "boarding close combat: attackers' initiative and Furious Charge", "melee.fight_round", "melee.blows"),
        _r("JL-BOARD-3", "the Kaptins' one-on-one rumble beside the mob fight", "melee.fight_round", "melee.targets", "melee.strike"),
        _r("JL-BOARD-4", "the loser's leadership test", "melee_result.result"),
        _r("JL-BOARD-5", "drawn fights continue next turn, the ships locked", "melee_result.lock", "boarding.first_seat", "boarding.boarding_phase"),
        _r("JL-BOARD-6", "capture: ship and krew change command; a failed boarder loses his ship", "melee_result.capture", "melee_result.place_krew"),
        _r("JL-BOARD-7", "the winner takes the gold aboard", "melee_result.capture"),
        _r("JL-BOARD-8", "the close-combat procedure and what locked ships may do", "melee.blows", "melee.to_hit", "melee_result.place_krew"),
        _r("JL-RAM-1", "ramming a ship that has moved, on the plotted course", "actions.ManoeuvreOrder", "collisions.ship_contact"),
        _r("JL-RAM-2", "the target's leadership test to evade", "collisions.evade", "collisions.room_aside"),
        _r("JL-RAM-3", "impact strength from distance moved and headings", "collisions.impact_band", "collisions.heading_modifier"),
        _r("JL-RAM-4", "damage to the target, then to the rammer at -1", "collisions.ship_contact", "damage.blow"),
        _r("JL-RAM-5", "klan and wind modifiers to ram strength", "collisions.strength_of"),
        _r("JL-RAM-6", "crashes into docks, islands and ships", "collisions.collide", "movement.travel"),
        _r("JL-RAM-7", "grounding: a turn aground, then away from the terrain", "collisions.run_aground", "flow.refloat"),
        _r(
            "JL-LAND-1",
            "landing on islands and docking in harbour",
            "harbour.after_move",
            "harbour.land",
            "harbour.mooring",
            "harbour.depart",
            "harbour.start_of_movement",
        ),
        _r("JL-LAND-2", "treasure on islands", "harbour.treasure", "kannon.can_shoot"),
        _r(
            "JL-PORT-1",
            "no shooting or boarding in harbour",
            "harbour.in_harbour",
            "kannon.can_shoot",
            "kannon.check_fire",
            "kannon.krak",
            "krew.takeover_options",
        ),
        _r("JL-PORT-2", "harbour stay and leaving on 3+", "harbour.start_of_movement", "harbour.depart"),
        _r("JL-PORT-3", "spending gold in harbour", "harbour.trades", "harbour.offers", "harbour.check_trade", "harbour.buy"),
        # random events and non-player models
        _r("JL-EVT-1", "each player (or ship) rolls a D6 from turn 2; a 6 is an event", "events.events_phase"),
        _r("JL-EVT-2", "the 2D6 events table, lower die as tens; impossible results rolled again", "events.roll_table", "events.EVENTS"),
        _r("JL-EVT-3", "sudden squalls: every ship drifts D6 its own way", "events.squalls"),
        _r("JL-EVT-4", "storm warning: every ship drifts D6 one way", "events.storm"),
        _r("JL-EVT-5", "becalmed sailing ships: no move, an extra round of shooting", "events.becalmed", "events.becalmed_shooting"),
        _r("JL-EVT-6", "snakes on a boat: the ship does nothing this turn", "events.snakes", "kannon.can_shoot"),
        _r("JL-EVT-7", "shifting sand banks: half the card's minimum", "events.sand_banks", "movement.roll_allowance"),
        _r("JL-EVT-8", "flying squidgeons: no move this turn", "events.squidgeons"),
        _r("JL-EVT-9", "whirlpool: the ship faces a scatter direction", "events.whirlpool"),
        _r("JL-EVT-10", "skurvy: -2D6 movement, half the guns", "events.skurvy", "movement.roll_allowance", "kannon.shells"),
        _r("JL-EVT-11", "Chinork target practice: 4 x S7 along its flight", "chinork.chinork_flies", "chinork.chinork_region"),
        _r("JL-EVT-12", "a spare mine enters at the edge", "mines.mine_enters"),
        _r("JL-EVT-13", "Ork overboard: lost on a 1", "events.overboard"),
        _r("JL-EVT-14", "grot rebellion: Da Dred NoOrk surfaces, fires and dives", "submarine.sub_surfaces", "submarine.sub_attack", "submarine.sub_acts"),
        _r("JL-EVT-15", "mermorks: the card closest to a scatter direction", "events.mermorks", "events.mermorks_card", "movement.legal_cards"),
        _r("JL-EVT-16", "the Kraken awakes", "events.apply_event", "kraken.kraken_enters"),
        _r(
            "JL-NPC-1",
            "floating mines: laid, drifting, detonating, shot",
            "npc.setup_models",
            "mines.lay_mine",
            "mines.mines_drift",
            "mines.detonate",
            "npc.krak_hits_model",
        ),
        _r(
            "JL-NPC-2",
            "the Kraken: entry, pursuit, attacks, wounds",
            "kraken.kraken_enters",
            "kraken.kraken_moves",
            "kraken.kraken_attacks",
            "kraken.wound_kraken",
        ),
        _r("JL-NPC-3", "landing pads, docks for the models; scatter hits rolled again", "npc.setup_models", "compass.roll_direction"),
    ],
    says=SAID,
)
