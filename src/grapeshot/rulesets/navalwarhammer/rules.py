"""RULEBOOK: every NW rule ID of the rules index, its title, the code that implements it.

The fantasy core's own stand-in rules have their own book (``fantasy.rules``, prefix FB); the
stand-ins for the naval supplement are listed in docs/rulings.md.  The text is cut off in the
middle of the crow's nest (NW-UPG-8): what the rule set makes of its last sentence is written
there too.
"""

from __future__ import annotations

from grapeshot.core.registry import RuleBook, RuleEntry

_P = "grapeshot.rulesets.navalwarhammer."


def _e(rid: str, title: str, *where: str) -> RuleEntry:
    return RuleEntry(rid, title, tuple(_P + w for w in where))


RULEBOOK = RuleBook(
    "navalwarhammer",
    "NW",
    [
        _e(
            "NW-CREW-1",
            "Crew, units and models; working and non-working crew; who may not work a ship",
            "armies.units.UnitEntry.can_work_ship",
            "fantasy.profiles.WORKS_SHIP",
            "crew.workers",
            "crew.apply_crew",
            "courses.working_places",
            "courses.lacking",
            "fleets.ShipSpec.minimum_crew",
        ),
        _e("NW-CREW-2", "Working crew on the upper deck; fewer than half there and the ship cannot be worked", "courses.upper_share", "courses.lacking", "crew.may_go_below"),
        _e(
            "NW-CREW-3",
            "Missiles target exposed crew, oars and sails; crew aboard in cover; no penalty from a moving ship; gun crews fire one or the other",
            "targets.missile_refusal",
            "targets.shooters",
            "shooting.small_arms",
            "shooting.modifiers",
            "fantasy.charts.shooting_modifiers",
        ),
        _e("NW-SLOT-1", "Special and rare choices per ship size; two-for-one choices", "fleets._check_slots"),
        _e("NW-SLOT-2", "War machines: which armies take cannons as special, bolt and stone throwers as rare", "armies.kit.war_machine_slot", "armies.kit.war_machines"),
        _e(
            "NW-SHIP-1",
            "Ships immune to poison and killing blow; weak non-flaming missiles cannot harm tough parts",
            "fantasy.strikes.ship_immunity",
            "fantasy.strikes.resolve_hits",
        ),
        _e("NW-SHIP-2", "Ship costs by size", "data.SIZES", "fleets.read_fleet", "fleets._check_fleet"),
        _e(
            "NW-SHIP-3",
            "Capacity: infantry 1, cavalry and beasts 2, monstrous 3, monstrous cavalry 4, monsters 6",
            "fantasy.profiles.CAPACITY",
            "armies.units.UnitEntry.capacity",
            "fleets.CrewSpec.places",
            "fleets._check_ship",
        ),
        _e("NW-SHIP-4", "Measure leadership, ramming and sight to and from the hull", "targets.hull_range", "targets.sees", "boarding.lent_ld", "contact.ship_contact"),
        _e("NW-SHIP-5", "Hull toughness and structure by size", "data.SIZES", "setup.ship_parts"),
        _e("NW-TMPL-1", "Templates from above, straight and flame templates against hulls; centre in the water", "shooting.stone", "shooting.flame", "shooting.line_path"),
        _e("NW-TMPL-2", "One specialty target per template; the hull hit at the higher strength", "shooting.specialty", "shooting.template_volley", "shooting.stone"),
        _e("NW-RAM-1", "A ram that sinks its target carries on", "moving.travel"),
        _e("NW-MOVE-1", 'Sailing 9", 9+D6", 9+2D6"; the half-move minimum', "courses.roll_allowance", "courses.sector", "courses.half_move_free"),
        _e("NW-MOVE-2", "Out of Control: half the roll, the D6 turning chart, Adrift after", "moving.loose", "moving.ship_move", "data.OUT_OF_CONTROL"),
        _e("NW-MOVE-3", 'Rowing at 7"; two models per oar', "courses.rowed_oars", "courses.roll_allowance"),
        _e(
            "NW-MOVE-4",
            'Steam: 3" per point; an engineer re-rolls the full-throttle chart',
            "courses.roll_allowance",
            "moving.ship_move",
            "fantasy.rerolls.crew_grant",
            "fantasy.throttle.full_throttle",
        ),
        _e("NW-MOVE-5", 'Magic ships: 9+D6" whatever the wind; a miscast sends the ship Out of Control', "courses.roll_allowance", "courses.cannot_move", "spells.cast_one", "fantasy.magic.miscast"),
        _e("NW-FLY-1", "Flyers start aboard, move first, cannot be charged or rammed by ships, may charge onto decks", "moving.fly", "moving.fly_options", "moving.movement_phase", "aboard.charge"),
        _e("NW-FLY-2", "Ships and swimmers may move flyers aside", "water.move_aside"),
        _e("NW-PSY-1", "Psychology once per boat and unit type", "fantasy.psychology.by_type", "fantasy.psychology.take_aboard", "minds.panic", "minds.stupidity", "minds.animosity"),
        _e("NW-PSY-2", "Monsters and handlers; wild beasts; squig herds", "armies.units.Handler", "minds.handlers", "minds.wild_moves", "minds.flee", "deckfight.engagements"),
        _e("NW-PSY-3", 'Stupidity at sea: no working, wandering D6", an all-stupid crew Adrift', "fantasy.psychology.take_test", "minds.stupidity", "minds.wander", "courses.all_stupid"),
        _e(
            "NW-SWIM-1",
            'Swimming D6-1", drowning on a 1, armour; swimmers moved aside; swimming monsters stop ships',
            "fantasy.swimming.swim",
            "water.swim_phase",
            "water.move_aside",
            "water.monster_obstacles",
            "damage.overboard",
        ),
        _e("NW-SWIM-2", "Swimmers attack what they touch; crew strike down; aquatics", "fantasy.swimming.swim", "water.goal_for", "deckfight.engagements", "deckfight.struck_part"),
        _e("NW-RANK-1", "Ranks are models aboard divided by six; no steadfast, no combat result", "fantasy.units.ranks_aboard", "fantasy.combat.combat_result"),
        _e("NW-CANNON-1", "Balls bounce at sea; the range is guessed; a ship part stops a ball only on a 1", "fantasy.artillery.cannon_shot", "shooting.cannon"),
        _e("NW-CANNON-2", "Naval guns: fixed, a 45-degree arc", "targets.in_arc", "targets.machine_refusal", "fleets._read_crew"),
        _e("NW-CANNON-3", 'Point blank within 12" of a ship: place the shot, still roll the die', "fantasy.artillery.point_blank", "fantasy.artillery.cannon_shot", "targets.point_blank_at"),
        _e("NW-SHOOT-1", "Shooting into combat; straight-line weapons hit only their named target", "targets.missile_refusal", "targets.machine_refusal", "targets.must_name", "shooting.line_path"),
        _e("NW-SHOOT-2", "A specialty target hit twice counts the worse result", "fantasy.artillery.hit_again"),
        _e("NW-BOARD-1", "Declared rams; flyers first; lining up alongside", "contact.ship_contact", "contact.alongside", "prompts.SteerPrompt.ram_target", "closecombat.grapnels"),
        _e("NW-BOARD-2", "Charge reactions once grappled; Prepare for Action; terror", "boarding.boarded", "boarding.stand_and_shoot", "boarding.line_up_boarders", "crew.reaction_choices"),
        _e("NW-BOARD-3", "Deck fighting: contact, across the gunwale, initiative, moving across", "aboard.touching", "deckfight.engagements", "deckfight.fight", "deckfight.across", "fantasy.melee.strike_step"),
        _e("NW-BOARD-4", 'A deck 2" higher: +1 to hit', "deckfight.deck_bonus", "fantasy.charts.melee_to_hit"),
        _e(
            "NW-BOARD-5",
            "Combat result with crew size; break test on the highest Ld; Shaken; Abandon Ship",
            "fantasy.combat.combat_result",
            "fantasy.combat.break_test",
            "aftermath.results",
        ),
        _e("NW-BOARD-6", "Abandon ship", "aftermath.abandon"),
        _e("NW-BOARD-7", "Prizes at double victory points", "aftermath.crew_prizes", "victory.prizes"),
        _e("NW-BOARD-8", "Cutting loose", "aftermath.cut_loose_phase", "aftermath.free_at_rail"),
        _e("NW-BOARD-9", "Shoving off", "aftermath.shove_off"),
        _e("NW-BOARD-10", "Consolidation", "aftermath.consolidation", "aftermath.consolidate"),
        _e("NW-AGROUND-1", "The strength of a grounding", "damage.ground"),
        _e("NW-LAUNCH-1", "Launching boats", "harbour.launch_options", "harbour.launch"),
        _e("NW-SHALLOW-1", "Shallow water", "harbour.in_shallows", "harbour.shallow_roll", "harbour.shallow_point"),
        _e("NW-DOCK-1", "Docking and casting off", "harbour.dock_or_crash", "harbour.cast_off"),
        _e("NW-CROWD-1", "Overcrowded ships", "fleets.ShipSpec.capacity", "moving.overcrowding", "fantasy.charts.shooting_modifiers", "fantasy.rerolls.crew_grant", "water.sharks"),
        _e("NW-UPG-1", "Extra masts", "setup.ship_parts", "courses.mast_bonus", "courses.modes"),
        _e("NW-UPG-2", "Steam engines", "fleets.ShipSpec.minimum_crew", "fleets._check_ship", "setup.ship_parts"),
        _e("NW-UPG-3", "Heavy timbers", "setup.ship_parts", "courses.roll_allowance"),
        _e("NW-UPG-4", "Magical figurehead", "setup.ship_parts", "fantasy.strikes.ward_of"),
        _e("NW-UPG-5", "Rams", "data.UPGRADES", "contact.ship_contact"),
        _e("NW-UPG-6", "Castles", "fleets.ShipSpec.capacity", "state.Ship.plan"),
        _e(
            "NW-UPG-7",
            "First Mate: 25 points, replaces standard bearers, re-rolls failed psychology and break tests",
            "armies.units.UnitEntry.cost",
            "fleets._check_ship",
            "fantasy.rerolls.crew_grant",
        ),
        _e("NW-UPG-8", "Crow's nest", "setup.set_crows_nest", "damage.lookout_falls", "fantasy.strikes.ward_of"),
    ],
)
