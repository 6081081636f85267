"""RULEBOOK: every NW rule ID of the rules index, its title, its code and whether it is in play.

The rule set is not registered yet, so this book is not in the coverage check; the rules the
fantasy core and the catalogue already implement in full are marked ``implemented`` and name
their code, the rest are ``planned`` (those the core has begun name the parts it holds).  The
fantasy core's own stand-in rules have their own book (``fantasy.rules``, prefix FB).
"""

from __future__ import annotations

from grapeshot.core.registry import RuleBook, RuleEntry, Status

_P = "grapeshot.rulesets.navalwarhammer."


def _e(rid: str, title: str, *where: str, status: Status = "planned") -> RuleEntry:
    return RuleEntry(rid, title, tuple(_P + w for w in where), status)


def _done(rid: str, title: str, *where: str) -> RuleEntry:
    return _e(rid, title, *where, status="implemented")


RULEBOOK = RuleBook(
    "navalwarhammer",
    "NW",
    [
        _e(
            "NW-CREW-1",
            "Crew, units and models; working and non-working crew; who may not work a ship",
            "armies.units.UnitEntry.can_work_ship",
            "fantasy.profiles.WORKS_SHIP",
        ),
        _e("NW-CREW-2", "Working crew on the upper deck; fewer than half there makes the ship Adrift"),
        _e("NW-CREW-3", "Missiles target exposed crew; crew aboard in cover; no penalty from a moving ship", "fantasy.charts.shooting_modifiers"),
        _e("NW-SLOT-1", "Special and rare choices per ship size; two-for-one choices"),
        _done(
            "NW-SLOT-2",
            "War machines: which armies take cannons as special, bolt and stone throwers as rare",
            "armies.kit.war_machine_slot",
            "armies.kit.war_machines",
        ),
        _done(
            "NW-SHIP-1",
            "Ships immune to poison and killing blow; weak non-flaming missiles cannot harm tough parts",
            "fantasy.strikes.ship_immunity",
            "fantasy.strikes.resolve_hits",
        ),
        _e("NW-SHIP-2", "Ship costs by size"),
        _done(
            "NW-SHIP-3",
            "Capacity: infantry 1, cavalry and beasts 2, monstrous 3, monstrous cavalry 4, monsters 6",
            "fantasy.profiles.CAPACITY",
            "armies.units.UnitEntry.capacity",
        ),
        _e("NW-SHIP-4", "Measure leadership, ramming and sight to and from the hull"),
        _e("NW-SHIP-5", "Hull toughness and structure by size"),
        _e("NW-TMPL-1", "Templates from above, straight and flame templates against hulls; centre in the water"),
        _e("NW-TMPL-2", "One specialty target per template; the hull hit at the higher strength"),
        _e("NW-RAM-1", "A ram that sinks its target carries on"),
        _e("NW-MOVE-1", 'Sailing 9", 9+D6", 9+2D6"; the half-move minimum'),
        _e("NW-MOVE-2", "Out of Control: half the roll, the D6 turning chart, Adrift after"),
        _e("NW-MOVE-3", 'Rowing at 7"; two models per oar'),
        _e("NW-MOVE-4", 'Steam: 3" per point; an engineer re-rolls the full-throttle chart', "fantasy.rerolls.crew_grant", "fantasy.throttle.full_throttle"),
        _e("NW-MOVE-5", 'Magic ships: 9+D6" whatever the wind; a miscast sends the ship Out of Control', "fantasy.magic.miscast"),
        _e("NW-FLY-1", "Flyers start aboard or ashore, move first, cannot be rammed, may charge onto decks"),
        _e("NW-FLY-2", "Ships and swimmers may move flyers aside"),
        _done("NW-PSY-1", "Psychology once per boat and unit type", "fantasy.psychology.by_type", "fantasy.psychology.take_aboard"),
        _e("NW-PSY-2", "Monsters and handlers; the monster reaction; squig herds", "armies.units.Handler"),
        _e("NW-PSY-3", 'Stupidity at sea: no working, wandering D6", an all-stupid crew Adrift', "fantasy.psychology.take_test"),
        _e("NW-SWIM-1", 'Swimming D6-1", drowning on a 1, armour; swimmers and ships', "fantasy.swimming.swim"),
        _e("NW-SWIM-2", "Swimmers attack what they touch; crew strike down; aquatics", "fantasy.swimming.swim"),
        _done(
            "NW-RANK-1", "Ranks are models aboard divided by six; no steadfast, no combat result", "fantasy.units.ranks_aboard", "fantasy.combat.combat_result"
        ),
        _done("NW-CANNON-1", "Balls bounce at sea; the range is guessed; a ship part stops a ball only on a 1", "fantasy.artillery.cannon_shot"),
        _e("NW-CANNON-2", "Naval guns: fixed, a 45-degree arc"),
        _done(
            "NW-CANNON-3",
            'Point blank within 12" of a ship: place the shot, still roll the die',
            "fantasy.artillery.point_blank",
            "fantasy.artillery.cannon_shot",
        ),
        _e("NW-SHOOT-1", "Shooting into combat; straight-line weapons hit only their named target"),
        _e("NW-SHOOT-2", "A specialty target hit twice counts the worse result"),
        _e("NW-BOARD-1", "Declared rams; flyers first; lining up alongside"),
        _e("NW-BOARD-2", "Charge reactions once grappled; Prepare for Action; terror", "fantasy.psychology.take_test"),
        _e("NW-BOARD-3", "Deck fighting: contact, across the gunwale, initiative, moving across", "fantasy.melee.fight_round"),
        _e("NW-BOARD-4", 'A deck 2" higher: +1 to hit', "fantasy.charts.melee_to_hit"),
        _done(
            "NW-BOARD-5",
            "Combat result with crew size; break test on the highest Ld; Shaken; Abandon Ship",
            "fantasy.combat.combat_result",
            "fantasy.combat.break_test",
        ),
        _e("NW-BOARD-6", "Abandon ship"),
        _e("NW-BOARD-7", "Prizes at double victory points"),
        _e("NW-BOARD-8", "Cutting loose"),
        _e("NW-BOARD-9", "Shoving off"),
        _e("NW-BOARD-10", "Consolidation"),
        _e("NW-AGROUND-1", "The strength of a grounding"),
        _e("NW-LAUNCH-1", "Launching boats"),
        _e("NW-SHALLOW-1", "Shallow water"),
        _e("NW-DOCK-1", "Docking and casting off"),
        _e("NW-CROWD-1", "Overcrowded ships", "fantasy.charts.shooting_modifiers", "fantasy.rerolls.crew_grant"),
        _e("NW-UPG-1", "Extra masts"),
        _e("NW-UPG-2", "Steam engines"),
        _e("NW-UPG-3", "Heavy timbers"),
        _e("NW-UPG-4", "Magical figurehead", "fantasy.strikes.ward_of"),
        _e("NW-UPG-5", "Rams"),
        _e("NW-UPG-6", "Castles"),
        _e(
            "NW-UPG-7",
            "First Mate: 25 points, replaces standard bearers, re-rolls failed psychology and break tests",
            "armies.units.UnitEntry.cost",
            "fantasy.rerolls.crew_grant",
        ),
        _e("NW-UPG-8", "Crow's nest", "fantasy.strikes.ward_of"),
    ],
)
