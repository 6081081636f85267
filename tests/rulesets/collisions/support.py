"""Helpers for the collisions module's tests: harbour scenarios built in code, games with the
module on and scripted dice, and answering the prompts a test expects."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from grapeshot.core.actions import Action
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario, parse_scenario
from grapeshot.dice import ScriptedDice, ScriptItem
from grapeshot.rulesets.collisions import NAME
from grapeshot.rulesets.collisions.state import CollisionsState
from tests.rulesets.collisions.harbour import Helm
from tests.rulesets.collisions.harbour_host import Craft, Hand, Harbour

MODULE = [NAME]


def scenario(
    vessels: Sequence[Mapping[str, Any]],
    *,
    seats: Sequence[str] = ("red", "blue"),
    table: tuple[float, float] = (72.0, 48.0),
    terrain: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    modules: Sequence[str] = MODULE,
) -> Scenario:
    """A harbour scenario: each vessel a dict with ``seat``, ``name``, ``size``, ``x``, ``y``,
    ``heading`` and any of the vessel fields (crew, officers, oared, ram, rowers, muskets...)."""
    fleets = [{"seat": s, "vessels": [{k: v for k, v in d.items() if k != "seat"} for d in vessels if d["seat"] == s]} for s in seats]
    data: dict[str, Any] = {
        "name": "test",
        "ruleset": "harbour",
        "table": {"width": table[0], "height": table[1]},
        "terrain": list(terrain),
        "seats": [{"id": s} for s in seats],
        "fleets": fleets,
        "options": dict(options or {}),
    }
    if modules:
        data["modules"] = list(modules)
    return parse_scenario(data, "harbour test")


def game(sc: Scenario, script: Iterable[ScriptItem] = (), **kw: Any) -> Game:
    return Game("harbour", sc, seed=0, dice=ScriptedDice(script), **kw)


def hb(g: Game) -> Harbour:
    assert isinstance(g.state, Harbour)
    return g.state


def craft(g: Game, name: str) -> Craft:
    return hb(g).crafts[name]


def hand(g: Game, ident: str) -> Hand:
    return hb(g).hands[ident]


def cg(g: Game) -> CollisionsState:
    st = g.modules[NAME].state
    assert isinstance(st, CollisionsState)
    return st


def say(g: Game, action: Action, seat: str | None = None) -> None:
    """Answer the prompt the game waits on (its only seat, unless given)."""
    assert g.prompt is not None, "the game is over"
    g.submit(seat or g.prompt.seats[0], action)


def helm(g: Game, vessel: str, turn: float = 0.0, distance: float = 0.0) -> None:
    assert g.prompt is not None and getattr(g.prompt, "vessel", None) == vessel, f"expected the helm of {vessel}, got {g.prompt and g.prompt.describe()}"
    say(g, Helm(vessel, turn, distance))


def kinds(g: Game, prefix: str = f"{NAME}.") -> list[str]:
    return [e.kind for e in g.events if e.kind.startswith(prefix)]


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    full = kind if "." in kind else f"{NAME}.{kind}"
    return [dict(e.data) for e in g.events if e.kind == full]


def prompt_kind(g: Game) -> str | None:
    return None if g.prompt is None else g.prompt.kind


#: a harbour with every size class: a galley with a ram and sweeps, a brig with guns and
#: muskets, small ships, boats and a canoe, and a piece of flotsam
BRAWL = [
    {
        "seat": "red",
        "name": "Galley",
        "size": "large",
        "x": 20,
        "y": 24,
        "heading": 0,
        "crew": 10,
        "oared": True,
        "rowers": 6,
        "ram": True,
        "muskets": 2,
        "cannons": 1,
    },
    {"seat": "red", "name": "Cutter", "size": "small", "x": 20, "y": 10, "heading": 0, "crew": 5, "muskets": 1},
    {"seat": "red", "name": "Gig", "size": "boat", "x": 12, "y": 38, "heading": 0, "crew": 3},
    {"seat": "blue", "name": "Brig", "size": "middling", "x": 36, "y": 24, "heading": 180, "crew": 8, "muskets": 2, "cannons": 2, "hatch": True},
    {"seat": "blue", "name": "Sloop", "size": "small", "x": 34, "y": 12, "heading": 90, "crew": 5, "armoured": 1},
    {"seat": "blue", "name": "Canoe", "size": "canoe", "x": 40, "y": 38, "heading": 180, "crew": 2},
    {"seat": "blue", "name": "Longboat", "size": "boat", "x": 30, "y": 40, "heading": 200, "crew": 3},
]
FLOTSAM_PIECE = {"kind": "flotsam", "name": "spars", "circle": {"center": [27.0, 32.0], "radius": 1.0}}


def brawl(modules: Sequence[str] = MODULE, options: Mapping[str, Any] | None = None) -> Scenario:
    """The harbour brawl, the module on (by default) or off."""
    return scenario(BRAWL, terrain=[FLOTSAM_PIECE] if modules else [], options=options, modules=modules, table=(56.0, 48.0))
