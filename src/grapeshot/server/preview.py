"""Previews for the order page: where a manoeuvre would take a ship, and what it could meet."""

from __future__ import annotations

from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.geometry import first_contact
from grapeshot.rulesets.jimlad.data import CARDS, Card
from grapeshot.rulesets.jimlad.movement import card_path
from grapeshot.rulesets.jimlad.state import Sea
from grapeshot.server.tables import Denied

STEPS = 24  # points along a previewed path


def manoeuvre_preview(game: Game, ship_name: str, card: int, side: str, card_at: str, inches: float) -> dict[str, Any]:
    """The lead point's path and the final hull for a card at a distance, with the first thing it would meet."""
    sea = cast(Sea, game.state)
    ship = sea.ships.get(ship_name)
    if ship is None:
        raise Denied(404, f"no ship {ship_name!r}")
    try:
        c = Card(card)
    except ValueError:
        raise Denied(400, "card must be 1-5") from None
    if side not in ("none", "port", "starboard") or card_at not in ("start", "end"):
        raise Denied(400, "side must be none, port or starboard; card_at start or end")
    if not 0.0 <= inches <= 100.0:
        raise Denied(400, "inches must be between 0 and 100")
    path = card_path(ship.hull, c, side, card_at, inches)  # type: ignore[arg-type]
    points = [path.at(path.length * i / STEPS) for i in range(STEPS + 1)]
    end = path.hull_at(path.length, ship.length, ship.width)
    hit = first_contact(path, ship.length, ship.width, sea.ship_obstacles(ship), sea.table)
    return {
        "ship": ship.name,
        "card": int(c),
        "title": CARDS[c].title,
        "path": [[round(p.x, 3), round(p.y, 3)] for p in points],
        "end": [[round(x, 3), round(y, 3)] for x, y in end.corners],
        "contact": None if hit is None else {"with": hit.ident, "kind": hit.kind, "at": round(hit.at, 3)},
    }
