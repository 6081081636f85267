"""What the heuristic player weighs its rolls and its creatures' attacks by: the chance of a
D6 roll, what harm to a figure is worth, what a fire may burn, and a sea dragon's best attack."""

from __future__ import annotations

from collections.abc import Sequence

from grapeshot.rulesets.woodenships import animals
from grapeshot.rulesets.woodenships.actions import Act
from grapeshot.rulesets.woodenships.pieces import Figure, Ship
from grapeshot.rulesets.woodenships.places import obstructions
from grapeshot.rulesets.woodenships.state import Shore


def chance(n: int, seven: str) -> float:
    """The chance a D6 reaches ``n`` (a 7: a 6 and then a 4+, where the option allows it)."""
    if n <= 1:
        return 1.0
    if n <= 6:
        return (7 - n) / 6.0
    return 1.0 / 12.0 if n == 7 and seven == "six_then_four" else 0.0


def worth(foe: Figure, harm: int) -> float:
    """A blow or a shot that kills is worth half again; a hero is worth a little more."""
    return (1.5 if harm >= foe.life else 1.0) * (1.2 if foe.hero else 1.0)


def fire_worth(shore: Shore) -> float:
    """What a new fire is expected to burn, in points, in the game turns left (WS-ANIMAL-6): each
    turn it does a point on a 6 (and spreads on a ship), goes out on a 1."""
    left = max(0, int(shore.option("turn_limit")) - shore.turn)
    return (1.0 - (5.0 / 6.0) ** left) * 1.5


def dragon_attack(shore: Shore, fig: Figure, options: Sequence[Act]) -> Act:
    """A sea dragon's attack worth most (WS-ANIMAL-5/6): its claws and teeth, or its breath
    (instead of the teeth when in contact) with the fire it may light, or its breath at a loaded
    enemy gun, which then goes off harmlessly."""
    p = fig.profile
    assert p is not None and p.breath is not None
    best: tuple[float, Act] = (0.0, Act())
    for a in options:
        if a.what not in ("bite", "breath") or a.target is None:
            continue
        gun = shore.guns.get(a.target)
        if gun is not None:
            v = chance(p.breath.need - p.to_hit, "bonus_only") * (2.0 if gun.kind == "cannon" else 1.0) if gun.loaded else 0.0
        else:
            target = shore.figures.get(a.target) or shore.ships[a.target]
            scale = target.cost / target.points if isinstance(target, Ship) else worth(target, 1)
            bites = list(p.bites)
            if a.what == "breath":
                touching = animals.attack_refused(shore, fig, "bite", a.target) is None
                bites = bites[:-1] if touching else []
                burning = any(f.name == target.name for f in shore.fires)
                v = chance(p.breath.need - p.to_hit, "bonus_only") * (p.breath.damage + (0.0 if burning else fire_worth(shore))) * scale
            else:
                v = 0.0
            v += sum(chance(b.need - p.to_hit, "bonus_only") * b.damage for b in bites) * scale
        if v > best[0] + 1e-12 or (abs(v - best[0]) <= 1e-12 and a.what == "bite" and best[1].what == "breath"):
            best = (v, a)
    return best[1] if best[0] > 0.0 else animals.choose_attack(shore, fig, options, animals.prey_of(shore, obstructions(shore), fig))
