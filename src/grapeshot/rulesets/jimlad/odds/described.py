"""Odds from a short description: two ships on an empty table, staged as the words say.

A :class:`Description` names the two ships' klans and state (hull points, Orks aboard) and the
options in play; each ``describe_*`` places the target as the question needs (at a range along
a kannon's arc showing a facing, alongside at a gap, in open water for a ram) and refuses, with
the game's own reason, what the game would refuse (:func:`refuse_unless_legal`: the shooting
prompt's check; :func:`boarding.board_refused`).  :func:`from_description` is the whole of the
old ``grapeshot odds`` description in one call.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

from grapeshot.core.actions import Action
from grapeshot.core.clone import clone
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.scenario import parse_scenario
from grapeshot.geometry import Facing, Hull, Vec, norm_deg
from grapeshot.odds import BUDGET, SAMPLES, OddsError, Proc
from grapeshot.rulesets.jimlad import boarding, kannon
from grapeshot.rulesets.jimlad.actions import Fire, Sluggas
from grapeshot.rulesets.jimlad.data import KANNONS, GunName, Klan
from grapeshot.rulesets.jimlad.odds.blows import ram_odds, strike_odds
from grapeshot.rulesets.jimlad.odds.fights import BoardingOdds, boarding_odds
from grapeshot.rulesets.jimlad.odds.landing import KrakOdds, krak_odds
from grapeshot.rulesets.jimlad.odds.runs import ShipOdds, ShipRunner
from grapeshot.rulesets.jimlad.prompts import shoot_prompt
from grapeshot.rulesets.jimlad.state import Sea, Ship

KLAN_NAMES = [k.value for k in Klan]


@lru_cache(maxsize=1)
def stage_game() -> Game:
    """Two ships on a large empty table: the game a short description is staged on."""
    data = {
        "name": "odds",
        "ruleset": "jimlad",
        "table": {"width": 240.0, "height": 240.0},
        "terrain": [],
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [
            {"seat": "red", "klan": "goffs", "ships": [{"name": "Shooter", "x": 60.0, "y": 120.0, "heading": 0.0}]},
            {"seat": "blue", "klan": "goffs", "ships": [{"name": "Target", "x": 180.0, "y": 120.0, "heading": 180.0}]},
        ],
        "options": {"random_events": False},
    }
    return Game("jimlad", parse_scenario(data, "odds stage"), seed=0, log=False)


SHOOTER, TARGET = "Shooter", "Target"


def trim_krew(ship: Ship, orks: int | None) -> None:
    """Leave ``orks`` Orks aboard: boyz go first, then the Doc; the Kaptin stays to the last."""
    if orks is None:
        return
    order = sorted(ship.krew, key=lambda k: {"krew": 0, "doc": 1, "kaptin": 2}[k.role])
    while len(ship.krew) > max(0, orks) and order:
        ship.krew.remove(order.pop(0))


@dataclass
class Description:
    """A situation in a few words: two ships, their klans and state, and the options in play."""

    shooter_klan: str = "goffs"
    target_klan: str = "goffs"
    target_hull_points: int | None = None
    shooter_hull_points: int | None = None
    shooter_krew: int | None = None
    target_krew: int | None = None
    options: Mapping[str, object] = field(default_factory=dict)

    def stage(self) -> tuple[Game, Sea]:
        game = stage_game()
        sea = clone(cast(Sea, game.state))
        for name, klan, hp, krew in (
            (SHOOTER, self.shooter_klan, self.shooter_hull_points, self.shooter_krew),
            (TARGET, self.target_klan, self.target_hull_points, self.target_krew),
        ):
            ship = sea.ships[name]
            try:
                ship.klan = Klan(klan)
            except ValueError:
                raise OddsError(f"unknown klan {klan!r}; klans: {', '.join(KLAN_NAMES)}") from None
            if hp is not None:
                if not 1 <= hp <= 5:
                    raise OddsError(f"hull points must be 1-5, got {hp}")
                ship.hull_points = hp
            trim_krew(ship, krew)
        for k, v in self.options.items():
            if k not in sea.options:
                raise OddsError(f"unknown option {k!r}")
            sea.options[k] = v
        return game, sea


def place_target(sea: Sea, origin: Vec, direction: float, rng: float, facing: Facing) -> Ship:
    """Put the target ``rng`` inches from ``origin`` along ``direction``, turned to show ``facing``."""
    t = sea.ships[TARGET]
    offset = {Facing.FRONT: 0.0, Facing.PORT: 90.0, Facing.STARBOARD: -90.0, Facing.REAR: 180.0}[facing]
    heading = norm_deg(direction + 180.0 - offset)
    rad = math.radians(direction)
    t.hull = Hull(origin.x + rng * math.cos(rad), origin.y + rng * math.sin(rad), heading, t.hull.length, t.hull.width)
    return t


def refuse_unless_legal(sea: Sea, ship: Ship, action: Action) -> None:
    """Raise :class:`OddsError` unless ``ship`` could take ``action`` in its turn to shoot, with
    the game's own reason: the check is the shooting prompt's, the one :meth:`Game.submit` makes."""
    try:
        shoot_prompt(sea, ship).check_choice(ship.commander, action)
    except IllegalAction as err:
        raise OddsError(f"that action is not legal now: {err}") from None


def stage_krak(desc: Description, gun: str, facing: Facing | str, rng: float) -> tuple[Game, Sea, GunName]:
    """The stage of :func:`describe_krak`: the target ``rng`` inches from ``gun``'s mount (to its
    centre, where the shot is aimed), straight out along the kannon's arc, showing ``facing``."""
    game, sea = desc.stage()
    if gun not in KANNONS:
        raise OddsError(f"no kannon {gun!r}; kannons: {', '.join(KANNONS)}")
    gname: GunName = gun
    if not rng > 0:
        raise OddsError(f'the range must be more than 0"; got {rng:g}"')
    face = Facing(facing)
    shooter = sea.ships[SHOOTER]
    m = kannon.mount(shooter, gname)
    arc = kannon.gun_arc(sea, shooter, gname)
    target = place_target(sea, m, arc.centre, rng, face)
    if target.hull.facing_towards(m) is not face or any(shooter.hull.contains(Vec(x, y)) for x, y in target.hull.corners):
        raise OddsError(f'at {rng:g}" the target cannot show its {face.value} to the {gun} kannon without touching the shooter; try a longer range')
    return game, sea, gname


def describe_krak(desc: Description, gun: str, facing: Facing | str, rng: float) -> KrakOdds:
    """A krak shot from ``gun`` at a target ``rng`` inches away (mount to the target's centre,
    where it is aimed) showing ``facing`` to the gun."""
    game, sea, gname = stage_krak(desc, gun, facing, rng)
    target = sea.ships[TARGET]
    aim = (target.hull.x, target.hull.y)
    refuse_unless_legal(sea, sea.ships[SHOOTER], Fire(gname, "krak", aim))
    return krak_odds(game, SHOOTER, gname, aim, sea=sea)


def describe_strike(desc: Description, strength: int, facing: Facing | str, *, cause: str = "krak", hits: int = 1) -> ShipOdds:
    """A blow of ``strength`` that has landed on the target's ``facing``."""
    game, sea = desc.stage()
    return strike_odds(game, TARGET, strength, facing, by=SHOOTER, sea=sea, cause=cause, hits=hits)


def describe_ram(desc: Description, strength: int, target_facing: Facing | str, *, planned: bool = True, mover_facing: Facing | str = Facing.FRONT) -> ShipOdds:
    """The shooter rams (or crashes into) the target at ``strength``."""
    game, sea = desc.stage()
    return ram_odds(game, SHOOTER, TARGET, strength, planned=planned, target_facing=target_facing, mover_facing=mover_facing, sea=sea)


def alongside(sea: Sea, gap: float, side: Facing = Facing.PORT) -> None:
    """The target parallel to the shooter, ``gap`` inches off its ``side`` (port or starboard;
    front: dead ahead, rear: astern)."""
    s, t = sea.ships[SHOOTER], sea.ships[TARGET]
    h = s.hull
    if side in (Facing.PORT, Facing.STARBOARD):
        k = 1.0 if side is Facing.PORT else -1.0
        centre = h.world(0.0, k * (h.hw + gap + t.hull.hw))
    else:
        k = 1.0 if side is Facing.FRONT else -1.0
        centre = h.world(k * (h.hl + gap + t.hull.hl), 0.0)
    t.hull = Hull(centre.x, centre.y, h.heading, t.hull.length, t.hull.width)


def describe_grapeshot(desc: Description, gun: str = "port", gap: float = 4.0, *, budget: int = BUDGET, samples: int = SAMPLES, seed: int = 1) -> ShipOdds:
    """Grapeshot as D3 hits (JL-SHOOT-4, option ``grapeshot: d3``) from ``gun`` at the target
    ``gap`` inches off that side, through :func:`kannon.grapeshot_d3`."""
    game, sea = desc.stage()
    sea.options["grapeshot"] = "d3"
    if gun not in KANNONS:
        raise OddsError(f"no kannon {gun!r}; kannons: {', '.join(KANNONS)}")
    gname: GunName = gun
    alongside(sea, gap, KANNONS[gname].facing)
    refuse_unless_legal(sea, sea.ships[SHOOTER], Fire(gname, "grapeshot", None, TARGET))

    def proc(g: Game, sea: Sea) -> Proc:
        yield from kannon.grapeshot_d3(g, sea, sea.ships[SHOOTER], gname, sea.ships[TARGET])

    return ShipOdds.solve(
        ShipRunner(game, sea, proc, [SHOOTER, TARGET]), f"grapeshot (D3 hits) from the {gun} kannon", budget=budget, samples=samples, seed=seed
    )


def describe_sluggas(desc: Description, gap: float = 3.0, *, budget: int = BUDGET, samples: int = SAMPLES, seed: int = 1) -> ShipOdds:
    """Sluggas at the target alongside, and its return fire (JL-SHOOT-5), through :func:`kannon.sluggas`."""
    game, sea = desc.stage()
    alongside(sea, gap)
    refuse_unless_legal(sea, sea.ships[SHOOTER], Sluggas(TARGET))

    def proc(g: Game, sea: Sea) -> Proc:
        yield from kannon.sluggas(g, sea, sea.ships[SHOOTER], sea.ships[TARGET])

    return ShipOdds.solve(ShipRunner(game, sea, proc, [SHOOTER, TARGET]), "sluggas, and the return fire", budget=budget, samples=samples, seed=seed)


def describe_boarding(desc: Description, gap: float = 2.0, *, budget: int = BUDGET, samples: int = SAMPLES, seed: int = 1) -> BoardingOdds:
    """The shooter boards the target alongside, ``gap`` inches away, having come alongside under
    its manoeuvre card this turn (the premise of a boarding action, JL-BOARD-1)."""
    game, sea = desc.stage()
    alongside(sea, gap)
    sea.ships[SHOOTER].sailed_turn = sea.turn
    why = boarding.board_refused(sea, sea.ships[SHOOTER], sea.ships[TARGET])  # the game's own check
    if why is not None:
        raise OddsError(f"that action is not legal now: {why}")
    return boarding_odds(game, SHOOTER, TARGET, sea=sea, budget=budget, samples=samples, seed=seed)
