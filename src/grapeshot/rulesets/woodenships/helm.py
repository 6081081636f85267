"""The ``steer`` preview: what one ruler move (WS-MOVE-1) would do to the ship whose movement
phase is asked now, worked out by the very code the move itself runs (:func:`.ships.course` for
the turn and the run, :func:`.ships.sail` for the swept hull and what it stops against), so the
page's ruler, swept path and ghost are what the move will do, a stop on contact included.

It only reads the game: ``sail`` poses the hull without moving it.  The prompt's own check
(:meth:`.prompts.SteerPrompt.refused`: the swing, the mark, the wind) says why an answer would
be refused, in the words the server would refuse it with.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast

from grapeshot.core.capabilities import Param, Preview, Question
from grapeshot.core.game import Game
from grapeshot.geometry import Hull, Vec, unit
from grapeshot.rulesets.woodenships.actions import Steer
from grapeshot.rulesets.woodenships.prompts import SteerPrompt
from grapeshot.rulesets.woodenships.ships import SWING, course, sail
from grapeshot.rulesets.woodenships.state import Shore

#: the poses the swept path is sampled at, over the turn and over the run
SAMPLES = 12


def _pt(p: Vec) -> list[float]:
    return [round(p.x, 4), round(p.y, 4)]


def corners(hull: Hull) -> list[list[float]]:
    """A hull's four corners on the table, bow-port first and counter-clockwise (the rules' outline)."""
    return [[round(x, 4), round(y, 4)] for x, y in hull.corners]


def _turned(hull: Hull, about: Vec, degrees: float) -> Hull:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    dx, dy = hull.x - about.x, hull.y - about.y
    return Hull(about.x + dx * c - dy * s, about.y + dx * s + dy * c, (hull.heading + degrees) % 360.0, hull.length, hull.width)


def steer(game: Game, seat: str | None, values: Mapping[str, object]) -> dict[str, Any]:
    """Where the ruler swung ``angle`` degrees (to port positive) with the mark ``inches`` from the
    bow would take the ship now steering: the ruler, the bow's and stern's tracks, the hull it
    would end in (its corners), what it would stop against, and the prompt's refusal if any."""
    prompt = game.prompt
    if not isinstance(prompt, SteerPrompt):
        raise ValueError("no ship is steering now: the steer preview answers while a ship's movement phase is asked")
    shore = cast(Shore, game.state)
    ship = shore.ships[prompt.ship]
    angle, inches = cast(float, values["angle"]), cast(float, values["inches"])
    action = Steer(angle, inches)
    before = ship.hull
    about, turn, _ = course(shore, ship, angle, inches, prompt.spin)
    hull, contact, turned, ran = sail(shore, ship, angle, inches, prompt.spin)
    # the hull's poses over the turn (about the point ``course`` turns it about) and the run
    # (straight along its new heading): the bow's and stern's tracks
    poses = [_turned(before, about, turned * k / SAMPLES) for k in range(SAMPLES + 1)]
    mid = poses[-1]
    d = unit(mid.heading)
    poses += [Hull(mid.x + d.x * ran * k / SAMPLES, mid.y + d.y * ran * k / SAMPLES, mid.heading, mid.length, mid.width) for k in range(1, SAMPLES + 1)]
    bow = before.bow
    ray = unit(before.heading + angle)
    why = prompt.refused(action)
    return {
        "ship": ship.name,
        "angle": angle,
        "inches": inches,
        "value": prompt.value,
        "spin": prompt.spin,
        "swing": SWING,
        "ok": why is None,
        "why": why,
        "ruler": {
            "from": _pt(bow),
            "to": _pt(Vec(bow.x + ray.x * prompt.value, bow.y + ray.y * prompt.value)),
            "mark": _pt(Vec(bow.x + ray.x * inches, bow.y + ray.y * inches)),
        },
        "about": _pt(about),
        "turn": round(turn, 4),
        "turned": round(turned, 4),
        "ahead": round(ran, 4),
        "bow_path": [_pt(h.bow) for h in poses],
        "stern_path": [_pt(h.stern) for h in poses],
        "from": {"x": round(before.x, 4), "y": round(before.y, 4), "heading": round(before.heading, 4), "corners": corners(before)},
        "to": {"x": round(hull.x, 4), "y": round(hull.y, 4), "heading": round(hull.heading, 4), "corners": corners(hull)},
        "stopped_by": None if contact is None else {"with": contact.ident, "kind": contact.kind},
    }


STEER_PREVIEW = Preview(
    Question(
        "steer",
        "where one ruler move of the ship steering now would take her: the ruler, the swept path, the end pose, what stops her",
        (
            Param("angle", "the ruler's swing from the bow, degrees (to port positive)", float, required=True, bounds=(-SWING, SWING)),
            Param("inches", "the mark's distance from the bow along the ruler, inches", float, required=True, bounds=(0.0, 1000.0)),
        ),
    ),
    steer,
)
