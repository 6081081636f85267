"""Companion play on a physical table: after each ship's move the model's real position is confirmed
or typed in, so the digital table follows the models rather than the other way round."""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, ClassVar

from grapeshot.core.actions import Action, action
from grapeshot.core.choices import Choice, Choices, Rng
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import EPS, Hull, Vec, distance, hull_hits_polygon, hulls_overlap, norm_deg
from grapeshot.rulesets.jimlad.data import NS
from grapeshot.rulesets.jimlad.state import Sea, Ship

#: how far (inches) a model's centre may be put from where the rules left it, in a straight line
#: (the prompt says "within 6 inches"): a nudge, not a new move
PLACING_REACH = 6.0
#: the nudges listed among the legal answers: (along x, along y, turned), in inches and degrees
NUDGES = ((1.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, -1.0, 0.0), (0.0, 0.0, 10.0), (0.0, 0.0, -10.0))


@action("place", NS)
@dataclass(frozen=True, slots=True)
class Place(Action):
    """The model stands here (centre x, y in inches; heading in degrees); all None: as the rules left it."""

    x: float | None = None
    y: float | None = None
    heading: float | None = None


@dataclass(eq=False)
class PlacePrompt(Prompt):
    """Companion play: confirm the ship's position on the real table, or give where it really stands."""

    namespace: ClassVar[str] = NS

    sea: Sea | None = None
    ship: Ship | None = None

    def check_choice(self, seat: str, act: Action) -> None:
        assert isinstance(act, Place) and self.sea is not None and self.ship is not None
        if act.x is None and act.y is None and act.heading is None:
            return
        if act.x is None or act.y is None or act.heading is None:
            raise IllegalAction("give x, y and heading together, or none of them to keep the position")
        problem = misplaced(self.sea, self.ship, placed(self.ship, act))
        if problem is not None:
            raise IllegalAction(f"{self.ship.name} cannot stand there: {problem}")

    def legal(self, seat: str) -> Choices:
        """Where the rules left the model first, then nudges of it (1" each way along and across the
        table, 10 degrees either way) that stand clear; the draw puts it anywhere within reach of where
        it was left (a disc), turned by up to 30 degrees, and keeps it there when that place is taken."""
        assert self.sea is not None and self.ship is not None
        h = self.ship.hull
        keep = Choice(Place(), "it stands where the move left it")
        nudges = [(h.x + dx, h.y + dy, h.heading + dh) for dx, dy, dh in NUDGES]
        options = [keep, *(Choice(Place(x, y, t), f"it stands at ({x:.1f}, {y:.1f}) heading {t % 360.0:.0f}") for x, y, t in nudges if self.clear(x, y, t))]
        return Choices.of(options, f"where {self.ship.name} stands", sample=self.draw, note="nudges of 1 inch and 10 degrees; the draw covers the whole reach")

    def clear(self, x: float, y: float, heading: float) -> bool:
        assert self.sea is not None and self.ship is not None
        return misplaced(self.sea, self.ship, placed(self.ship, Place(x, y, heading))) is None

    def draw(self, rng: Rng) -> Choice:
        assert self.ship is not None
        h = self.ship.hull
        for _ in range(20):
            # a point of the disc of the reach, evenly (the square root spreads it over the area)
            r, bearing = PLACING_REACH * math.sqrt(rng.uniform(0.0, 1.0)), rng.uniform(0.0, 2.0 * math.pi)
            x, y = h.x + r * math.cos(bearing), h.y + r * math.sin(bearing)
            t = h.heading + rng.uniform(-30.0, 30.0)
            if self.clear(x, y, t):
                return Choice(Place(x, y, t), f"it stands at ({x:.1f}, {y:.1f}) heading {t % 360.0:.0f}")
        return Choice(Place(), "it stands where the move left it")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        assert self.ship is not None
        h = self.ship.hull
        d.update(ship=self.ship.name, x=round(h.x, 4), y=round(h.y, 4), heading=round(h.heading, 4), reach=PLACING_REACH)
        return d


def placed(ship: Ship, act: Place) -> Hull:
    assert act.x is not None and act.y is not None and act.heading is not None
    return Hull(act.x, act.y, norm_deg(act.heading), ship.length, ship.width)


def misplaced(sea: Sea, ship: Ship, h: Hull) -> str | None:
    """Why a hull cannot stand where it is put, or None.  The reach is measured from centre to
    centre in a straight line, with the tolerance of every measurement (``geometry.EPS``)."""
    gap = distance(Vec(h.x, h.y), Vec(ship.hull.x, ship.hull.y))
    if gap > PLACING_REACH + EPS:
        return f'{gap:.2f}" away: more than {PLACING_REACH:g}" from where the move left it'
    if not sea.table.holds(h):
        return "off the table"
    for ob in sea.ship_obstacles(ship):
        shape = ob.shape
        if hulls_overlap(h, shape) if isinstance(shape, Hull) else hull_hits_polygon(h, shape):
            return f"it would overlap {ob.ident}"
    return None


def confirm_position(g: Game, sea: Sea, ship: Ship) -> Generator[Prompt, Any, None]:
    """In companion play, the ship's commander confirms or corrects where the model stands."""
    if not g.companion or not ship.afloat:
        return
    answer = yield PlacePrompt(
        seats=(g.hand_for(ship.commander),),
        rule="JL-TURN-3",
        text=f'{ship.name}: does the model stand where the move ended? (confirm, or give x, y, heading within {PLACING_REACH:g}" of it)',
        accepts=(Place,),
        sea=sea,
        ship=ship,
    )
    assert isinstance(answer, Place)
    if answer.x is None:
        return
    before = ship.hull
    ship.hull = placed(ship, answer)
    g.emit(
        "placed",
        "JL-TURN-3",
        ship=ship.name,
        start=[round(before.x, 4), round(before.y, 4), round(before.heading, 4)],
        end=[round(ship.hull.x, 4), round(ship.hull.y, 4), round(ship.hull.heading, 4)],
    )
