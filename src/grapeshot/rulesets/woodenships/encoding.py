"""Wooden Ships' PettingZoo encoding: its catalogue of discrete actions and its observation.

The generic environments (:mod:`grapeshot.adapters.pettingzoo`) ask
:meth:`WoodenShips.encoding` for this; nothing here knows numpy or PettingZoo.

**The catalogue** is made once per scenario, from its pieces in scenario order (figure, ship,
gun and fort *slots*), one section per kind of prompt, the first template of each the answer
that is always legal:

* the draft's pick (``PickPrompt``): each kind of weapon of the pile;
* a ship's movement phase (``SteerPrompt``): the ruler held straight or swung 45 or 90 degrees
  either way, the mark at none, half or all of the phase's value (15);
* the next figure (``NextPrompt``): the side is done, or each figure slot;
* a figure's move (``MovePrompt``): stay; each of eight directions at all or half of its reach
  (to the free spot of its own surface nearest that point); into contact with the nearest
  enemy it can reach, on whatever that enemy stands (boarding, scaling a wall);
* its action (``ActPrompt``): nothing; reload; shoot each figure slot (with its loaded small arm
  of longest reach); strike each figure slot (with its best hand-to-hand weapon); load each gun
  slot, fire it at the nearest target it can hit, turn it on the nearest target it can point at;
  grapple each ship slot, climb aboard each ship slot.

The weapons' sharing-out (``DistributePrompt``, answered by every seat at once and in parts)
and the mounting of drafted guns (``MountPrompt``) are left to the encoding's helper, the
heuristic player. A gun slot is the n-th gun in the order guns come to the table: the scenario's
first, then one slot for each gun in the pile, filled as the drafted guns are mounted.

**The observation** (:attr:`WoodenShipsEncoder.features` names every entry): the turn, the
prompt's kind, the agent's seat, then per figure slot where it is, on what, its life, whether
it is the agent's, acting now, done this turn, armed; per ship slot its pose and points; per gun
slot whether it works, is loaded and is the agent's; per fort slot its points; and the pile.
Nothing in this game is hidden, so everything read is what every seat sees.

**Material** for shaped rewards: a seat's life points standing plus its ships' and forts'
points left, less everybody else's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import ActionTemplate, SeatView
from grapeshot.core.game import Game
from grapeshot.geometry import Surface, Vec, base_gap, unit
from grapeshot.rulesets.woodenships import acts, guns
from grapeshot.rulesets.woodenships.actions import Act, Move, Next, Pick, Steer, SurfaceName
from grapeshot.rulesets.woodenships.data import CONTACT, DRAFT_KINDS, GUNS, HERO_LIFE, MOVE, SMALL_ARMS, SWIM, melee_of
from grapeshot.rulesets.woodenships.draft import PickPrompt
from grapeshot.rulesets.woodenships.figures import WORDS
from grapeshot.rulesets.woodenships.pieces import Figure, Gun
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt, NextPrompt, SteerPrompt
from grapeshot.rulesets.woodenships.state import Shore

ANGLES = (0.0, 45.0, -45.0, 90.0, -90.0)
MARKS = (0.0, 0.5, 1.0)
DIRECTIONS = tuple(float(a) for a in range(0, 360, 45))
REACHES = (1.0, 0.5)
PROMPTS = ("PickPrompt", "SteerPrompt", "NextPrompt", "MovePrompt", "ActPrompt")
SURFACE_KINDS = ("deck", "land", "water", "fort")
FIGURE_FEATURES = ("alive", "mine", "x", "y", "life", "hero", *(f"on_{s}" for s in SURFACE_KINDS), "acting", "done", "loaded_arm", "hand_weapon")
SHIP_FEATURES = ("afloat", "mine", "x", "y", "heading_cos", "heading_sin", "points_left", "moved")
GUN_FEATURES = ("working", "mine", "loaded", "crewed_by_me")
FORT_FEATURES = ("standing", "mine", "points_left")


@dataclass(frozen=True, slots=True)
class Template(ActionTemplate):
    """A Wooden Ships template with its parameters (a slot, a direction, a swing)."""

    slot: int = -1
    angle: float = 0.0
    share: float = 0.0
    word: str = ""


def _slot(shore: Shore, i: int) -> Gun | None:
    """The gun in slot ``i``: the i-th to come to the table (none yet for a drafted gun not mounted)."""
    names = list(shore.guns)
    return shore.guns[names[i]] if i < len(names) else None


def _surface(f: Figure) -> str:
    assert f.spot is not None
    if f.spot.surface in (Surface.WALL_TOP, Surface.FORT_LEVEL):
        return "fort"
    return f.spot.surface.value if f.spot.surface.value in SURFACE_KINDS else "land"


class WoodenShipsEncoder:
    """The catalogue and observation of one scenario (see the module's docstring)."""

    simultaneous: frozenset[str] = frozenset()
    helper = "heuristic"

    def __init__(self, game: Game) -> None:
        shore = cast(Shore, game.state)
        self.seats = shore.seats
        self.figures = tuple(shore.figures)
        self.ships = tuple(shore.ships)
        drafted = sum(1 for k in shore.draft.pile if k in GUNS) if shore.draft is not None else 0
        self.guns = (*shore.guns, *(f"drafted gun {i + 1}" for i in range(drafted)))
        self.forts = tuple(shore.forts)
        self.width, self.height = shore.table.width, shore.table.height
        self.limit = max(1, int(shore.option("turn_limit")))
        t: list[Template] = [Template("PickPrompt", "pick", f"take a {k}", word=k) for k in DRAFT_KINDS]
        t += [Template("SteerPrompt", "steer", f"ruler {a:+g} degrees, mark at {m:.0%}", angle=a, share=m) for a in ANGLES for m in MARKS]
        t += [Template("NextPrompt", "next", "the side is done"), *(Template("NextPrompt", "next", f"next: {f}", slot=i) for i, f in enumerate(self.figures))]
        t += [Template("MovePrompt", "move", "stay", word="stay")]
        t += [Template("MovePrompt", "move", f"move {d:g} degrees, {r:.0%} of the reach", angle=d, share=r, word="toward") for d in DIRECTIONS for r in REACHES]
        t += [Template("MovePrompt", "move", "into contact with the nearest enemy", word="charge")]
        t += [Template("ActPrompt", "act", "nothing", word="none"), Template("ActPrompt", "act", "reload", word="reload")]
        t += [Template("ActPrompt", "act", f"{w} {f}", slot=i, word=w) for w in ("shoot", "strike") for i, f in enumerate(self.figures)]
        t += [Template("ActPrompt", "act", f"{w} {g}", slot=i, word=w) for w in ("load", "fire", "turn") for i, g in enumerate(self.guns)]
        t += [Template("ActPrompt", "act", f"{w} {s}", slot=i, word=w) for w in ("grapple", "climb") for i, s in enumerate(self.ships)]
        self.templates: tuple[Template, ...] = tuple(t)
        self.features: tuple[str, ...] = (
            "turn",
            *(f"prompt_{k}" for k in (*PROMPTS, "other")),
            *(f"seat_{s}" for s in self.seats),
            *(f"figure{i}_{x}" for i in range(len(self.figures)) for x in FIGURE_FEATURES),
            *(f"ship{i}_{x}" for i in range(len(self.ships)) for x in SHIP_FEATURES),
            *(f"gun{i}_{x}" for i in range(len(self.guns)) for x in GUN_FEATURES),
            *(f"fort{i}_{x}" for i in range(len(self.forts)) for x in FORT_FEATURES),
            *(f"pile_{k}" for k in DRAFT_KINDS),
        )

    def steps(self, view: SeatView) -> int:
        return 1

    # ------------------------------------------------------------------ templates to actions

    def action_for(self, view: SeatView, index: int) -> Action | None:
        t = self.templates[index]
        p = view.prompt
        if isinstance(p, PickPrompt):
            return Pick(t.word)
        if isinstance(p, SteerPrompt):
            return Steer(t.angle, p.value * t.share)
        if isinstance(p, NextPrompt):
            return Next(None if t.slot < 0 else self.figures[t.slot])
        if isinstance(p, MovePrompt):
            return self._move(p, t)
        if isinstance(p, ActPrompt):
            return self._act(p, t)
        return None

    def _move(self, p: MovePrompt, t: Template) -> Move | None:
        assert p.shore is not None
        shore = p.shore
        f = shore.figures[p.figure]
        if t.word == "stay" or f.spot is None:
            return Move()
        start = shore.world(f.spot)
        if t.word == "charge":
            foes = [o for o in shore.living() if o.side != f.side and not o.swimming and o.spot is not None]
            if not foes:
                return None
            foe = min(foes, key=lambda o: (base_gap(shore.base(f), shore.base(o)), o.name))
            assert foe.spot is not None
            q = shore.world(foe.spot)
            d = math.hypot(q.x - start.x, q.y - start.y)
            if d < 1e-9:
                return None
            gap = foe.radius + f.radius + CONTACT / 2.0
            return self._onto(p, foe.spot.surface, foe.spot.ident, Vec(q.x + (start.x - q.x) * gap / d, q.y + (start.y - q.y) * gap / d))
        reach = (SWIM if f.swimming else MOVE) * t.share
        u = unit(t.angle)
        return self._onto(p, f.spot.surface, f.spot.ident, Vec(start.x + u.x * reach, start.y + u.y * reach))

    def _onto(self, p: MovePrompt, surface: Surface, ident: str, point: Vec) -> Move | None:
        goal = p.spaces().get(surface, ident).nearest(point)
        if goal is None:
            return None
        return Move((round(goal.x, 4), round(goal.y, 4)), cast(SurfaceName, WORDS[surface]), ident)

    def _act(self, p: ActPrompt, t: Template) -> Act | None:
        assert p.shore is not None
        shore = p.shore
        f = shore.figures[p.figure]
        carried = shore.carried(f.name)
        if t.word == "none":
            return Act()
        if t.word == "reload":
            empty = [w for w in carried if w.kind in SMALL_ARMS and not w.loaded and not SMALL_ARMS[w.kind].thrown]
            return Act("reload", empty[0].name) if empty else None
        if t.word == "shoot":
            arms = sorted((w for w in carried if w.kind in SMALL_ARMS and w.loaded), key=lambda w: (-SMALL_ARMS[w.kind].bands[0], w.name))
            return Act("shoot", arms[0].name, self.figures[t.slot]) if arms else None
        if t.word == "strike":
            hands = [(w, melee_of(w.kind)) for w in carried]
            best = sorted(((w, m) for w, m in hands if m is not None), key=lambda wm: (wm[1].to_hit, -wm[1].damage, wm[0].name))
            return Act("strike", best[0][0].name, self.figures[t.slot]) if best else None
        if t.word in ("grapple", "climb"):
            return Act(t.word, None, self.ships[t.slot])  # type: ignore[arg-type]
        gun = _slot(shore, t.slot)
        if gun is None:
            return None
        if t.word == "load":
            return Act("load", gun.name)
        if not gun.working or f.name not in gun.crew:
            return None
        near = sorted(guns.targets(shore, gun, f.side), key=lambda x: (guns.gap_to(shore, gun, x), x.name))
        for target in near:
            a = Act(t.word, gun.name, target.name)  # type: ignore[arg-type]
            if acts.refused(shore, f, a, p.obstructions(), p.after_reload) is None:
                return a
        return None

    # ------------------------------------------------------------------ the observation

    def observe(self, view: SeatView) -> Sequence[float]:
        shore = cast(Shore, view.state)
        p = view.prompt
        acting = p.figure if isinstance(p, (MovePrompt, ActPrompt)) else None
        kind = p.kind if p is not None and p.kind in PROMPTS else ("other" if p is not None else "")
        out = [shore.turn / self.limit]
        out += [float(kind == k) for k in (*PROMPTS, "other")]
        out += [float(s == view.seat) for s in self.seats]
        w, h = self.width, self.height
        for name in self.figures:
            f = shore.figures[name]
            if not f.alive or f.spot is None:
                out += [0.0] * len(FIGURE_FEATURES)
                continue
            q = shore.world(f.spot)
            carried = shore.carried(name)
            on = _surface(f)
            out += [1.0, float(f.side == view.seat), q.x / w, q.y / h, f.life / HERO_LIFE, float(f.hero)]
            out += [float(on == s) for s in SURFACE_KINDS]
            out += [
                float(name == acting),
                float(f.acted == shore.serial),
                float(any(x.kind in SMALL_ARMS and x.loaded for x in carried)),
                float(any(melee_of(x.kind) is not None for x in carried)),
            ]
        for name in self.ships:
            s = shore.ships[name]
            if not s.afloat:
                out += [0.0] * len(SHIP_FEATURES)
                continue
            r = math.radians(s.hull.heading)
            out += [1.0, float(s.side == view.seat), s.hull.x / w, s.hull.y / h, math.cos(r), math.sin(r), s.left / s.points, float(s.moved == shore.serial)]
        for i in range(len(self.guns)):
            g = _slot(shore, i)
            if g is None:
                out += [0.0] * len(GUN_FEATURES)
                continue
            mine = shore.mount(g).side == view.seat
            crewed = any(shore.figures[c].side == view.seat for c in g.crew if c in shore.figures)
            out += [float(g.working), float(mine), float(g.loaded), float(crewed)]
        for name in self.forts:
            x = shore.forts[name]
            out += [float(not x.collapsed), float(x.side == view.seat), x.left / x.points]
        pile = shore.draft.pile if shore.draft is not None and not shore.draft.done else []
        out += [min(1.0, pile.count(k) / 10.0) for k in DRAFT_KINDS]
        return out

    def info(self, view: SeatView) -> Mapping[str, Any]:
        p = view.prompt
        if isinstance(p, (MovePrompt, ActPrompt)):
            return {"figure": p.figure}
        if isinstance(p, SteerPrompt):
            return {"ship": p.ship, "phase": p.phase}
        return {}

    def material(self, state: Any, seat: str) -> float:
        shore = cast(Shore, state)

        def worth(side: str) -> float:
            life = sum(f.life for f in shore.living(side))
            ships = sum(s.left for s in shore.afloat() if s.side == side)
            forts = sum(x.left for x in shore.standing() if x.side == side)
            return float(life + ships + forts)

        return worth(seat) - sum(worth(s) for s in shore.seats if s != seat)


class WoodenShipsEncoding:
    def encoder(self, game: Game) -> WoodenShipsEncoder:
        return WoodenShipsEncoder(game)


ENCODING = WoodenShipsEncoding()
