"""Wooden Ships and Plastic Men at the web table, until it brings a script of its own: the
generic shapes its pieces are drawn with (``WebPlugin.shapes``), so a game plays in the browser
through the generic client's forms (docs/architecture.md (o)).

Ships are their hulls with each section's line across the deck, figures their round bases in
their side's colour, guns a small base on the deck, and a weapon lying loose a label where it
lies; everything in table inches, read from a seat's view alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from grapeshot.core.capabilities import WebPlugin
from grapeshot.rulesets.woodenships.data import FIGURE_RADIUS, GUN_RADIUS


def _corners(x: float, y: float, heading: float, length: float, width: float) -> list[list[float]]:
    c, s = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    return [
        [round(x + u * c - v * s, 3), round(y + u * s + v * c, 3)]
        for u, v in ((length / 2, width / 2), (-length / 2, width / 2), (-length / 2, -width / 2), (length / 2, -width / 2))
    ]


def _across(ship: Mapping[str, Any], at: float) -> dict[str, Any]:
    """The line across a ship's deck ``at`` inches fore of its middle (a section's end)."""
    c, s = math.cos(math.radians(ship["heading"])), math.sin(math.radians(ship["heading"]))
    half = ship["width"] / 2
    x, y = ship["x"] + at * c, ship["y"] + at * s
    return {
        "kind": "line",
        "from": [round(x + half * s, 3), round(y - half * c, 3)],
        "to": [round(x - half * s, 3), round(y + half * c, 3)],
        "class": "section",
    }


def shapes(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The view's pieces as generic shapes: hulls and their sections, gun footings, figures' bases
    (a figure in the water or off the table included where it stands) and loose weapons."""
    out: list[dict[str, Any]] = []
    for ship in view.get("ships", []):
        hp = ", ".join(f"{s['name']} {s['hit_points']}" for s in ship.get("sections", []))
        corners = _corners(ship["x"], ship["y"], ship["heading"], ship["length"], ship["width"])
        out.append(
            {
                "kind": "hull",
                "name": ship["name"],
                "corners": corners,
                "seat": ship.get("owner"),
                "label": ship["name"],
                "title": f"{ship['name']} ({ship.get('type', 'ship')}): hit points {hp}",
            }
        )
        out.extend(_across(ship, sec["aft"]) for sec in ship.get("sections", []) if abs(sec["aft"]) < ship["length"] / 2 - 1e-9)
    for gun in view.get("guns", []):
        if gun.get("x") is not None:
            out.append(
                {
                    "kind": "base",
                    "name": gun["name"],
                    "at": [gun["x"], gun["y"]],
                    "radius": GUN_RADIUS,
                    "title": f"{gun['name']} ({gun['kind']}{', loaded' if gun.get('loaded') else ''})",
                    "class": "gun",
                }
            )
    for fig in view.get("figures", []):
        if fig.get("x") is None or fig.get("life", 1) <= 0:
            continue
        out.append(
            {
                "kind": "base",
                "name": fig["name"],
                "at": [fig["x"], fig["y"]],
                "radius": FIGURE_RADIUS,
                "seat": fig.get("side"),
                "title": f"{fig['name']} ({fig['kind']}, {fig['life']}/{fig['max_life']} life, {fig.get('on')})",
            }
        )
    for w in view.get("weapons", []):
        if isinstance(w, Mapping) and w.get("x") is not None:
            out.append({"kind": "label", "at": [w["x"], w["y"]], "text": str(w.get("kind", "weapon"))})
    return out


WEB = WebPlugin(shapes=shapes)
