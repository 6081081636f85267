"""A ship's legal shooting answers: every gun, shell and target, with aim points on a grid.

Krak, the grapeshot template and the Blood Axes' manned torpedoes are aimed at a point, which
is continuous; :func:`shooting_choices` lists them on a documented finite grid, and
:func:`draw_shot` draws an answer from the whole continuum, so random play still reaches
odd corners that the grid skips.  Every aim is put through the rules' own checks
(``kannon.check_fire``, ``torpedoes.check_torpedoes``) before it is offered, so an aim the rules
refuse (at a ship in harbour, a template over a boarding action's decks) is never listed.

**The grid.**  For a kannon's arc: five bearings (the arc's centre, its quarter points and its
edges, drawn in by 1% of the half width so that rounding cannot push them out); krak at a
quarter, a half, three quarters and 99% of the kannon's range on each bearing (20 points),
the grapeshot template pointed along each bearing.  Besides the grid, every ship, mine and the
Kraken that the gun can reach: krak at the first of its keel points (centre, half way to bow
and stern, near bow and stern) inside the arc and range, the template at a ship's centre
within its 8" length.  Manned torpedoes: both aimed at one point of the same grid over their
own arc and range (90 degrees, 18" from the bow), or both at a ship in reach.  D3 grapeshot,
standard torpedoes, sluggas and repairs have no aim: each target or repair is one answer.

**The draw** is what a random player did before the grid existed: each usable gun with one of
its shells at a uniformly random point of the arc (krak: uniform over the area within range;
the template: 1" to 8" out), the torpedoes (manned: each aimed at random in their arc, 1" to
18"), each slugga target, each repair, or ending the shooting, one of them picked uniformly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices, Rng
from grapeshot.core.errors import IllegalAction
from grapeshot.geometry import Arc, Vec, distance, unit
from grapeshot.rulesets.jimlad.actions import EndShooting, Fire, Point, Repair, Sluggas, Torpedoes
from grapeshot.rulesets.jimlad.data import KANNONS, KLANS, MANNED_TORPEDO_ARC, MANNED_TORPEDO_RANGE, GunName, Shell
from grapeshot.rulesets.jimlad.kannon import check_fire, grapeshot_targets, gun_arc, mount
from grapeshot.rulesets.jimlad.state import Sea, Ship
from grapeshot.rulesets.jimlad.torpedoes import check_torpedoes, manned_arc

if TYPE_CHECKING:
    from grapeshot.rulesets.jimlad.prompts import ShootPrompt

A = TypeVar("A", bound=Action)

#: where on the arc the grid's bearings lie, as a share of the half width either side of the centre
BEARING_SHARES = (0.0, -0.5, 0.5, -0.99, 0.99)
#: where along the range the grid's krak and manned torpedo aims lie, as a share of the range
RANGE_SHARES = (0.25, 0.5, 0.75, 0.99)
#: the points along a hull's keel tried as its aim point (a share of half its length, bow-wards)
KEEL_SHARES = (0.0, 0.5, -0.5, 0.9, -0.9)
#: the grapeshot template's length (inches): how far out its aim is put on the grid
TEMPLATE_REACH = 8.0
#: the grid in a line, for the web table's forms and anyone reading the choices
NOTE = (
    "aims on a grid: five bearings over each arc (centre, quarters, edges) at 1/4, 1/2, 3/4 and all of the range, "
    "and every ship, mine and the Kraken in reach; the random draw aims anywhere in arc and range"
)


def bearings(arc: Arc) -> list[float]:
    return [arc.centre + share * arc.width / 2.0 for share in BEARING_SHARES]


def _at(origin: Vec, b: float, reach: float) -> Point:
    d = unit(b)
    return (origin.x + d.x * reach, origin.y + d.y * reach)


def _fmt(p: Point) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})"


@dataclass(frozen=True, slots=True)
class Mark:
    """Something worth aiming at besides the grid: a ship (points along its keel), a mine, the Kraken."""

    name: str
    points: tuple[Vec, ...]
    ship: bool
    radius: float = 0.0


def marks(sea: Sea, ship: Ship) -> list[Mark]:
    out: list[Mark] = []
    for other in sea.afloat():
        if other is not ship:
            h = other.hull
            out.append(Mark(other.name, tuple(h.world(share * h.hl, 0.0) for share in KEEL_SHARES), True, h.radius))
    out.extend(Mark(m.name, (Vec(m.x, m.y),), False) for m in sea.mines)
    if sea.kraken is not None:
        out.append(Mark("the Kraken", (Vec(sea.kraken.x, sea.kraken.y),), False))
    return out


def _in_reach(origin: Vec, arc: Arc, points: Sequence[Vec], reach: float) -> Vec | None:
    return next((p for p in points if distance(origin, p) <= reach and arc.contains(origin, p)), None)


def gun_aims(sea: Sea, ship: Ship, gun: GunName, shell: Shell) -> list[tuple[Point, str]]:
    """The grid's aims for one gun and an aimed shell (krak, or the template), then the marks in reach."""
    m = mount(ship, gun)
    arc = gun_arc(sea, ship, gun)
    if shell == "krak":
        reach = KANNONS[gun].range
        out = [(p, _fmt(p)) for b in bearings(arc) for r in RANGE_SHARES for p in [_at(m, b, reach * r)]]
        for mark in marks(sea, ship):
            hit = _in_reach(m, arc, mark.points, reach)
            if hit is not None:
                out.append(((hit.x, hit.y), mark.name))
        return out
    out = [(p, f"bearing {b % 360.0:.0f}") for b in bearings(arc) for p in [_at(m, b, TEMPLATE_REACH)]]
    for mark in marks(sea, ship):
        hit = _in_reach(m, arc, mark.points[:1], TEMPLATE_REACH + mark.radius) if mark.ship else None
        if hit is not None:
            out.append(((hit.x, hit.y), mark.name))
    return out


def torpedo_aims(sea: Sea, ship: Ship) -> list[tuple[tuple[Point, ...], str]]:
    """Manned torpedoes: both at one point of the grid over their arc and range, or both at a ship in reach."""
    bow = ship.hull.bow
    arc = manned_arc(ship)
    out: list[tuple[tuple[Point, ...], str]] = [((p, p), _fmt(p)) for b in bearings(arc) for r in RANGE_SHARES for p in [_at(bow, b, MANNED_TORPEDO_RANGE * r)]]
    for mark in marks(sea, ship):
        hit = _in_reach(bow, arc, mark.points[:1], MANNED_TORPEDO_RANGE) if mark.ship else None
        if hit is not None:
            out.append((((hit.x, hit.y), (hit.x, hit.y)), mark.name))
    return out


def passes(check: Callable[[Sea, Ship, A], None], sea: Sea, ship: Ship, action: A) -> bool:
    """Whether a rule's check (``kannon.check_fire``, ``torpedoes.check_torpedoes``) accepts an action."""
    try:
        check(sea, ship, action)
    except IllegalAction:
        return False
    return True


def _repair_words(what: str) -> str:
    return f"repair the {what[4:]} kannon" if what.startswith("gun:") else f"repair the {what}"


def shooting_choices(prompt: ShootPrompt) -> Choices:
    """Every answer of the grid (see the module's docstring), ending the shooting first; the grid
    is worked out only when read (a random draw does not need it)."""
    assert prompt.ship is not None
    return Choices.of(lambda: grid(prompt), f"{prompt.ship.name}'s shooting", sample=lambda rng: draw_shot(prompt, rng), note=NOTE)


def grid(prompt: ShootPrompt) -> list[Choice]:
    """The finite answers: ending the shooting, then each gun's aims, torpedoes, sluggas, repairs."""
    sea, ship = prompt.sea, prompt.ship
    assert sea is not None and ship is not None
    options: list[Choice] = [Choice(EndShooting(), "end shooting")]
    for gun, shells in prompt.guns().items():
        for shell in shells:
            if shell == "grapeshot" and sea.option("grapeshot") == "d3":
                options.extend(Choice(Fire(gun, shell, target=t.name), f"{gun} kannon: grapeshot at {t.name}") for t in grapeshot_targets(sea, ship, gun))
                continue
            for aim, where in gun_aims(sea, ship, gun, shell):
                shot = Fire(gun, shell, aim=aim)
                if passes(check_fire, sea, ship, shot):
                    options.append(Choice(shot, f"{gun} kannon: {shell} at {where}"))
    if prompt.torpedoes():
        if KLANS[ship.klan].manned_torpedoes:
            for aims, where in torpedo_aims(sea, ship):
                torp = Torpedoes(aims)
                if passes(check_torpedoes, sea, ship, torp):
                    options.append(Choice(torp, f"manned torpedoes at {where}"))
        else:
            options.append(Choice(Torpedoes(), "launch the torpedo salvo"))
    options.extend(Choice(Sluggas(t.name), f"sluggas at {t.name}") for t in prompt.slugga_targets())
    options.extend(Choice(Repair(what), _repair_words(what)) for what in prompt.repairs())
    return options


def draw_shot(prompt: ShootPrompt, rng: Rng) -> Choice:
    """One answer drawn as described in the module's docstring (every aim over the whole arc)."""
    sea, ship = prompt.sea, prompt.ship
    assert sea is not None and ship is not None
    options: list[Action] = [EndShooting()]
    for gun, shells in prompt.guns().items():
        shell = rng.choice(shells)
        if shell == "grapeshot" and sea.option("grapeshot") == "d3":
            targets = grapeshot_targets(sea, ship, gun)
            if targets:
                options.append(Fire(gun, shell, target=rng.choice(targets).name))
            continue
        arc = gun_arc(sea, ship, gun)
        b = arc.centre + rng.uniform(-arc.width / 2.0, arc.width / 2.0) * 0.999
        r = KANNONS[gun].range * math.sqrt(rng.random()) if shell == "krak" else rng.uniform(1.0, TEMPLATE_REACH)
        shot = Fire(gun, shell, aim=_at(mount(ship, gun), b, r))
        if passes(check_fire, sea, ship, shot):
            options.append(shot)
    if prompt.torpedoes():
        if KLANS[ship.klan].manned_torpedoes:
            bow = ship.hull.bow
            half = MANNED_TORPEDO_ARC / 2.0
            aims = tuple(_at(bow, ship.hull.heading + rng.uniform(-half, half) * 0.999, rng.uniform(1.0, MANNED_TORPEDO_RANGE)) for _ in range(2))
            options.append(Torpedoes(aims))
        else:
            options.append(Torpedoes())
    options.extend(Sluggas(t.name) for t in prompt.slugga_targets())
    options.extend(Repair(what) for what in prompt.repairs())
    pick = rng.choice(options)
    return Choice(pick, f"{pick.kind} (drawn at random)")
