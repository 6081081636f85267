"""Wooden Ships and Plastic Men at the web table (the ``web()`` capability): its plugin script,
the previews its page asks for, the words its page shows, and the generic
shapes its pieces fall back to.

The script (``static/woodenships.js`` and its rooms) draws ships by section, figures where they
stand, guns with their facing, forts, gates, animals, fire and the wind, rings a selected
figure's move and its weapons' range bands, and answers the draft, the mounting of drafted guns
(a free place clicked on the table), the sharing out, the choice of the next figure, its move (a
click on the table) and its action (a target clicked) with its own forms; the generic client does the rest.  The previews only read the game: ``tables``
the numbers the page draws rings and arcs with, from :mod:`.data` (so the page never copies
them), ``move`` what a click on the table would make of a figure's move (the surface under
the point, the path by :func:`.figures.plan`, the weapons in reach on the way, or why not), and
``mount`` where each free place for a drafted gun lies (:func:`.mounts.free_places`, the very
places the mount prompt lists), and ``steer`` (:mod:`.helm`) where a ruler move of the ship
steering now would take her, by the code the move runs, and ``range`` (:mod:`.measures`) how far
a target is in the rules' measure (the number the log then gives).

The shapes (``WebPlugin.shapes``) are what the generic client draws if the script cannot load:
hulls with each section's line across the deck, figures' bases in their side's colour, guns'
footings, loose weapons as labels; everything in table inches, read from a seat's view alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from importlib import resources
from typing import Any, cast

from grapeshot.core.capabilities import Param, Preview, Question, WebPlugin
from grapeshot.core.game import Game
from grapeshot.geometry import DeckPoint, Vec
from grapeshot.rulesets.woodenships import figures
from grapeshot.rulesets.woodenships.data import (
    ANIMALS,
    BANDS,
    BARREL_RANGE,
    BOARD_REACH,
    CLOSE,
    FIGURE_RADIUS,
    GUN_ARC,
    GUN_RADIUS,
    GUNS,
    MAST_RADIUS,
    MELEE,
    SMALL_ARMS,
)
from grapeshot.rulesets.woodenships.helm import STEER_PREVIEW
from grapeshot.rulesets.woodenships.measures import RANGE_PREVIEW
from grapeshot.rulesets.woodenships.mounts import MountPrompt, free_places
from grapeshot.rulesets.woodenships.places import surfaces_at
from grapeshot.rulesets.woodenships.state import Shore

# --------------------------------------------------------------------------- the previews


def tables(game: Game, seat: str | None, values: Mapping[str, object]) -> dict[str, Any]:
    """The numbers the page draws with: each small arm's range bands (outermost first, with the
    roll each needs), each hand-to-hand weapon's roll and damage, each gun's bands and its arc either way of its side, a barrel's throw, how
    far figures cross between surfaces, and the radii of bases, masts and gun footings."""
    return {
        "small_arms": {
            k: {"bands": [{"name": n, "inches": r, "need": t} for n, r, t in zip(BANDS, a.bands, a.to_hit, strict=True)], "close": a.close}
            for k, a in SMALL_ARMS.items()
        },
        "close": CLOSE,
        "melee": {k: {"need": w.to_hit, "damage": w.damage, "edged": w.edged} for k, w in MELEE.items()},
        "guns": {k: {"bands": [{"inches": r, "need": t} for r, t in g.bands], "close": g.close} for k, g in GUNS.items()},
        "gun_arc": GUN_ARC,
        "barrel": BARREL_RANGE,
        "board_reach": BOARD_REACH,
        "radius": {"figure": FIGURE_RADIUS, "gun": GUN_RADIUS, "mast": MAST_RADIUS, **{k: a.radius for k, a in ANIMALS.items()}},
        "animals": {k: {"title": a.title, "gait": dict(a.gait), "flies": a.flies} for k, a in ANIMALS.items()},
    }


TABLES = Preview(Question("tables", "the numbers the table's page draws rings and arcs with", ()), tables)


def move(game: Game, seat: str | None, values: Mapping[str, object]) -> dict[str, Any]:
    """What a move of ``figure`` to the point (x, y) would be: the surface under the point and
    the nearest free spot on it, the legs of the way there, the inches of its move it uses, how
    it crosses, and the weapons lying in reach on the way; or why it cannot be made (``why``)."""
    shore = cast(Shore, game.state)
    fig = shore.figures.get(str(values["figure"]))
    if fig is None or not fig.alive or fig.spot is None:
        raise LookupError(f"no figure {values['figure']!r} standing on the table")
    spaces = figures.Spaces(shore, fig)
    here = shore.world(fig.spot)
    out: dict[str, Any] = {
        "figure": fig.name,
        "from": [round(here.x, 3), round(here.y, 3)],
        "reach": round(figures.reach_of(fig), 3),
        "allowance": figures.allowance(fig),
    }
    point = Vec(cast(float, values["x"]), cast(float, values["y"]))
    why = "nothing a figure may stand on is there"
    for surface, ident in surfaces_at(shore, point):
        goal = spaces.get(surface, ident).nearest(point)
        if goal is None:
            why = f"there is no room on {ident or 'the water'}"
            continue
        made = figures.plan(shore, fig, surface, ident, goal, spaces)
        if isinstance(made, str):
            why = made
            continue
        out.update(
            ok=True,
            move={"kind": "move", "to": [round(goal.x, 3), round(goal.y, 3)], "surface": figures.WORDS[surface], "of": ident},
            legs=[{"surface": figures.WORDS[leg.surface], "of": leg.ident, "path": [[round(p.x, 3), round(p.y, 3)] for p in leg.path]} for leg in made.legs],
            cost=round(made.cost, 3),
            crossing=made.crossing,
            weapons=list(figures.pickups(shore, fig, made)),
        )
        return out
    out.update(ok=False, why=why)
    return out


MOVE_PREVIEW = Preview(
    Question(
        "move",
        "what a figure's move to a point on the table would be: the surface there, the way, the weapons in reach, or why not",
        (
            Param("figure", "the figure, by name", required=True),
            Param("x", "the point's x, table inches", float, required=True, bounds=(-1000.0, 1000.0)),
            Param("y", "the point's y, table inches", float, required=True, bounds=(-1000.0, 1000.0)),
        ),
    ),
    move,
)


def mount_places(game: Game, seat: str | None, values: Mapping[str, object]) -> dict[str, Any]:
    """Where ``side`` (the asking seat unless named) may mount a gun of ``kind`` (the gun it
    mounts now while the mounting waits on it, unless named): each free place by the name the
    mount prompt lists it under, its words, what it is on, its point on the table, and the way a
    gun there points (``mount`` from the vessel's bow, ``heading`` on the table), so the page
    draws each place and its arc as it draws a gun's without working out any of it."""
    shore = cast(Shore, game.state)
    side = cast(str | None, values["side"]) or seat
    if side is None:
        raise ValueError("side: a spectator asks for a side's free places by naming the side")
    if side not in shore.seats:
        raise LookupError(f"no side {side!r} at this table; its sides are {', '.join(shore.seats)}")
    kind = cast(str | None, values["kind"])
    if kind is None:
        due = game.prompt.guns.get(side) if isinstance(game.prompt, MountPrompt) else None
        if due is None:
            raise ValueError(f"kind: {side} mounts no drafted gun now, so name the kind of gun ({', '.join(GUNS)})")
        kind = due
    out = []
    for p in free_places(shore, side, kind):
        vessel = shore.ships[p.vessel] if p.vessel in shore.ships else shore.forts[p.vessel]
        at = DeckPoint(p.along, p.port).world(vessel.hull)
        out.append(
            {
                "name": p.name,
                "words": p.words,
                "on": p.vessel,
                "x": round(at.x, 4),
                "y": round(at.y, 4),
                "mount": p.mount,
                "heading": round((vessel.hull.heading + p.mount) % 360.0, 4),
            }
        )
    return {"side": side, "kind": kind, "places": out}


MOUNT_PREVIEW = Preview(
    Question(
        "mount",
        "where a side may mount a gun now: each free place on its ships and forts, its point on the table and the way a gun there points",
        (
            Param("side", "the side, by its seat (the asking seat unless given)"),
            Param("kind", "the kind of gun (the one the side mounts now unless given)", choices=tuple(GUNS)),
        ),
    ),
    mount_places,
)


# --------------------------------------------------------------------------- the generic shapes


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


def drawn(game: Game, seat: str | None) -> list[dict[str, Any]]:
    """The plugin's ``shapes``: the pieces of the game as ``seat`` sees them (:func:`shapes` of its view)."""
    return shapes(game.ruleset.view(game.state, seat))


def shapes(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The view's pieces as generic shapes: hulls and their sections, gun footings, figures' bases
    (a figure in the water or off the table included where it stands) and loose weapons."""
    out: list[dict[str, Any]] = []
    for ship in view.get("ships", []):
        hp = f"{ship['points'] - ship['lost']}/{ship['points']} in one pool for {', '.join(s['name'] for s in ship.get('sections', []))}"
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


WEB = WebPlugin(
    static=resources.files("grapeshot.rulesets.woodenships").joinpath("static"),
    script="woodenships.js",
    styles=("woodenships.css",),
    previews={"tables": TABLES, "move": MOVE_PREVIEW, "mount": MOUNT_PREVIEW, "steer": STEER_PREVIEW, "range": RANGE_PREVIEW},
    shapes=drawn,
)
