"""Naval Warhammer at the web table: its plugin script (``static/navalwarhammer.js``, with
``forms.js`` and ``pieces.js``: hulls with their parts and damage, units on their decks, the guns'
arcs, the turn's shots and templates, the wind, shallows and docks; a shot aimed on the table with
the guess on a slider), and the generic shapes its pieces are drawn with where a page has no
script (``WebPlugin.shapes``; docs/architecture.md (o)).

Ships are their hulls, labelled with the hull's wounds left; every model is a round base in its
seat's colour where it stands (on a deck, in the water, ashore); rocks, shallows and docks are
their outlines.  Everything is in table inches and read from a seat's view alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from importlib import resources
from typing import Any

from grapeshot.core.capabilities import WebPlugin
from grapeshot.core.game import Game
from grapeshot.rulesets.navalwarhammer.previews import MOVE_PREVIEW


def _frame(pose: list[float]) -> tuple[float, float, float, float]:
    x, y, heading = pose
    return x, y, math.cos(math.radians(heading)), math.sin(math.radians(heading))


def _corners(pose: list[float], length: float, width: float) -> list[list[float]]:
    x, y, c, s = _frame(pose)
    return [
        [round(x + u * c - v * s, 3), round(y + u * s + v * c, 3)]
        for u, v in ((length / 2, width / 2), (-length / 2, width / 2), (-length / 2, -width / 2), (length / 2, -width / 2))
    ]


def _where(ships: Mapping[str, Any], on: str | None, a: float, b: float) -> list[float] | None:
    """A model's table point: its deck point (along, to port) carried by its ship, else (x, y)."""
    if not on:
        return [round(a, 3), round(b, 3)]
    ship = ships.get(on)
    if ship is None:
        return None
    x, y, c, s = _frame(ship["pose"])
    return [round(x + a * c - b * s, 3), round(y + a * s + b * c, 3)]


def drawn(game: Game, seat: str | None) -> list[dict[str, Any]]:
    """The plugin's ``shapes``: the pieces of the game as ``seat`` sees them (:func:`shapes` of its view)."""
    return shapes(game.ruleset.view(game.state, seat))


def shapes(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The view's pieces as generic shapes: terrain outlines, hulls, and every model's base."""
    out: list[dict[str, Any]] = []
    for t in view.get("terrain", []):
        if t.get("polygon"):
            out.append(
                {"kind": "polygon", "name": t.get("name", t["kind"]), "points": t["polygon"], "class": t["kind"], "title": f"{t.get('name', '')} ({t['kind']})"}
            )
    ships: Mapping[str, Any] = view.get("ships", {})
    for name, ship in ships.items():
        if not ship.get("afloat", True):
            continue
        hull = ship.get("parts", {}).get("hull", {})
        out.append(
            {
                "kind": "hull",
                "name": name,
                "corners": _corners(ship["pose"], ship["length"], ship["width"]),
                "seat": ship.get("owner"),
                "label": name,
                "title": f"{name} ({ship.get('size', 'ship')}, {ship.get('propulsion', '')}): hull {hull.get('wounds_left', '?')} wounds left",
            }
        )
    for uname, unit in view.get("units", {}).items():
        for on, a, b, level in unit.get("figures", []):
            at = _where(ships, on, a, b)
            if at is None:
                continue
            out.append(
                {
                    "kind": "base",
                    "name": uname,
                    "at": at,
                    "radius": unit.get("radius", 0.5),
                    "seat": unit.get("seat"),
                    "title": f"{uname}: {unit.get('models')} models ({level})",
                }
            )
    return out


WEB = WebPlugin(
    static=resources.files("grapeshot.rulesets.navalwarhammer").joinpath("static"),
    script="navalwarhammer.js",
    styles=("navalwarhammer.css",),
    labels={"terrain": ("island", "rocks", "sandbank", "dock", "shallows")},
    shapes=drawn,
    previews={"move": MOVE_PREVIEW},
)
