"""The fantasy-battle core's own rule book: the stand-ins for the parent game's rules.

The seeds number only Naval Warhammer's house rules (NW-*).  The parent rules the core writes
in the project's words get IDs of their own here, prefix ``FB``, so that every roll and verdict
names a rule, and each has its code and tests (docs/navalwarhammer.md, docs/rulings.md).  The
book is not a registered rule set's; the Naval Warhammer rule set will list it beside its own.
"""

from __future__ import annotations

from grapeshot.core.registry import RuleBook, rules_of
from grapeshot.rulesets.navalwarhammer.fantasy.said import SAID

_r = rules_of("grapeshot.rulesets.navalwarhammer.fantasy")


RULEBOOK = RuleBook(
    "fantasy core",
    "FB",
    [
        _r("FB-PROF-1", "Profiles: M WS BS S T W I A Ld, armour and ward saves, within the game's ranges", "profiles.Profile"),
        _r(
            "FB-PROF-2",
            "Troop types, weapons, missile weapons and special rules as data",
            "profiles.Troop",
            "profiles.Weapon",
            "profiles.Missile",
            "profiles.Special",
        ),
        _r(
            "FB-HIT-1",
            "To hit in close combat: WS against WS (3+, 4+, 5+), modifiers; ship parts hit automatically",
            "charts.melee_to_hit",
            "strikes.melee_strike",
        ),
        _r(
            "FB-HIT-2",
            "To hit with missiles by BS and modifiers (cover, range, moving, crew aboard); 7+ is a 6 then more",
            "charts.shooting_needed",
            "charts.split_needed",
            "charts.shooting_modifiers",
            "strikes.shoot",
        ),
        _r("FB-WOUND-1", "To wound: strength against toughness, with the cells that cannot wound", "charts.to_wound", "strikes.resolve_hits"),
        _r("FB-WOUND-2", "Multiple wounds; a hit's wounds never pass to the next model; casualties", "units.Unit.take_wound", "strikes.resolve_hits"),
        _r("FB-SAVE-1", "Armour saves, worse by one per point of strength above 3 and by armour piercing", "charts.armour_needed", "strikes.resolve_hits"),
        _r("FB-SAVE-2", "Ward saves: never modified, only the best one, missile and template wards", "charts.best_ward", "strikes.ward_of"),
        _r("FB-SPEC-1", "Killing blow: a natural 6 to wound slays a man-sized model outright, no armour save", "strikes.resolve_hits", "units.Unit.slay_one"),
        _r("FB-SPEC-2", "Poisoned attacks: a natural 6 to hit wounds automatically", "strikes.melee_strike", "strikes.shoot"),
        _r("FB-SPEC-3", "Flaming attacks and regeneration (a 4+ ward that flames deny)", "strikes.ward_of"),
        _r("FB-SPEC-4", "Hatred re-rolls misses in the first round; frenzy +1 attack", "strikes.melee_strike", "melee.attacks_of"),
        _r(
            "FB-INIT-1",
            "Initiative order: higher first, equal at once; always strikes first/last; mounts",
            "melee.strike_key",
            "melee.initiative_steps",
            "melee.fight_round",
        ),
        _r("FB-COMBAT-1", "Combat result: wounds inflicted and bonuses; a draw goes to a musician", "combat.combat_result"),
        _r("FB-BREAK-1", "Break test on 2D6 against Ld, less the result when penalised; double 1 passes; stubborn, unbreakable", "combat.break_test"),
        _r("FB-PSY-1", "Panic: 2D6 against Ld; fails and flees; a quarter lost to shooting", "psychology.take_test", "psychology.panic_from_casualties"),
        _r("FB-PSY-2", "Fear: a test in contact with fear-causers; a failure fights at WS 1", "psychology.take_test", "melee.Engagement"),
        _r("FB-PSY-3", "Terror: a test when charged by terror-causers; a failure flees without a charge reaction", "psychology.take_test"),
        _r("FB-PSY-4", "Stupidity: a test at the start of the turn out of combat; stupid models ignore other psychology", "psychology.take_test"),
        _r("FB-PSY-5", "Animosity: a 1 on a D6 fails; the animosity chart (brawl, squabble, surge)", "psychology.ANIMOSITY_CHART"),
        _r("FB-RALLY-1", "Rallying: a fleeing unit rallies on 2D6 at most its Ld (a Leadership test, not a psychology test)", "psychology.rally_test"),
        _r(
            "FB-TMPL-1",
            'Round templates (3", 5") and the flame teardrop hit every model they touch',
            "templates.under_round",
            "templates.under_flame",
            "artillery.template_hits",
        ),
        _r("FB-ART-1", "The artillery and scatter dice; guessing range; scattering", "artillery.check_guess", "templates.scatter_point"),
        _r("FB-ART-2", "Misfire charts: black powder and torsion", "artillery.MISFIRE_CHARTS", "artillery.misfire"),
        _r("FB-CANNON-1", "Cannon: overshoot and bounce by the artillery die, S10 D6 wounds, stopped by a survivor", "artillery.cannon_shot"),
        _r("FB-BOLT-1", "Bolt thrower: BS to hit, S6 D3 wounds through figure after figure, one less each", "artillery.bolt_shot"),
        _r(
            "FB-STONE-1",
            "Stone thrower: guess, scatter and artillery dice, large template S3, S9 D6 under the hole",
            "artillery.stone_shot",
            "artillery.stone_attacks",
        ),
        _r("FB-MAGIC-1", "Casting: 2D6 + level against the casting value; double 1 miscasts, double 6 irresistible", "magic.cast"),
        _r("FB-MAGIC-2", "Dispelling: the opponent's 2D6 + level against the casting total", "magic.dispel"),
        _r("FB-MAGIC-3", "The miscast chart", "magic.MISCAST_CHART", "magic.miscast"),
        _r("FB-THROTTLE-1", "The full-throttle chart of steam ships (naval supplement stand-in)", "throttle.CHART", "throttle.full_throttle"),
    ],
    says=SAID,
)
