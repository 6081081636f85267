"""Jim Lad at the web table (the ``web()`` capability): its plugin script, the previews its page
asks for and the words its page shows; and the printable roster of a ship (``printables()``).

The script (``static/jimlad.js`` and its rooms) draws hulls, arcs, templates and the models, and
answers Jim Lad's prompts with its own forms; the generic client (``server/static/``) does the
rest.  The previews and the roster only read the game: whatever they are asked, the game is the
same afterwards.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from importlib import resources
from typing import Any, cast

from grapeshot.core.capabilities import Param, PiecePage, Preview, Printables, Question, WebPlugin
from grapeshot.core.game import Game
from grapeshot.geometry import Facing, first_contact
from grapeshot.rulesets.jimlad.data import CARDS, KLANS, PROFILES, Card, armour_of
from grapeshot.rulesets.jimlad.movement import card_path
from grapeshot.rulesets.jimlad.phrases import LABELS, label, met
from grapeshot.rulesets.jimlad.state import Sea, Ship

#: points along a previewed path
STEPS = 24


def _ship(game: Game, name: object) -> tuple[Sea, Ship]:
    sea = cast(Sea, game.state)
    ship = sea.ships.get(str(name))
    if ship is None:
        raise LookupError(f"no ship {name!r}; the ships: {', '.join(sea.ships)}")
    return sea, ship


def _pts(points: Any) -> list[list[float]]:
    return [[round(p[0], 3), round(p[1], 3)] for p in points]


def manoeuvre(game: Game, seat: str | None, values: Mapping[str, object]) -> dict[str, Any]:
    """Where a card at a distance would take a ship: the lead point's path as far as the hull
    would go, the rest of the path beyond the first thing it meets, the hull where it would stop
    (short of the table's edge, a rock or a ship: a previewed hull is never drawn past what stops
    it) and that contact in words."""
    sea, ship = _ship(game, values["ship"])
    card = Card(cast(int, values["card"]))
    inches = cast(float, values["inches"])
    path = card_path(ship.hull, card, values["side"], values["card_at"], inches)  # type: ignore[arg-type]
    hit = first_contact(path, ship.length, ship.width, sea.ship_obstacles(ship), sea.table)
    stop = path.length if hit is None else hit.at
    go = [path.at(stop * i / STEPS) for i in range(STEPS + 1)]
    beyond = [] if hit is None else [path.at(stop + (path.length - stop) * i / STEPS) for i in range(STEPS + 1)]
    end = path.hull_at(stop, ship.length, ship.width)
    at = path.at(stop)
    return {
        "ship": ship.name,
        "card": int(card),
        "title": CARDS[card].title,
        "path": _pts((p.x, p.y) for p in go),
        "beyond": _pts((p.x, p.y) for p in beyond),
        "end": _pts(end.corners),
        "contact": None
        if hit is None
        else {"with": hit.ident, "kind": hit.kind, "at": round(hit.at, 3), "point": [round(at.x, 3), round(at.y, 3)], "words": met(hit.ident, hit.kind)},
    }


MANOEUVRE = Preview(
    Question(
        "manoeuvre",
        "where a manoeuvre card at a distance would take a ship, and the first thing it would meet",
        (
            Param("ship", "the ship, by name", required=True),
            Param("card", "the manoeuvre card, 1 to 5", int, choices=tuple(int(c) for c in Card), required=True),
            Param("side", "the side a turning card turns to", str, "none", choices=("none", "port", "starboard")),
            Param("card_at", "where the card is laid: at the start or the end of the move", str, "start", choices=("start", "end")),
            Param("inches", "inches beyond the card and the ship's length", float, 0.0, bounds=(0.0, 100.0)),
        ),
    ),
    manoeuvre,
)


def roster(game: Game, seat: str | None, piece: str) -> str:
    """The printable roster of a ship: its krew's profiles, armour, gold, damage and status."""
    sea, ship = _ship(game, piece)
    e = html.escape
    krew = "".join(
        f"<tr><td>{e(PROFILES[k.role].title)}</td><td>{p.ws}</td><td>{p.bs}</td><td>{p.s}</td><td>{p.t}</td><td>{k.wounds}/{p.w}</td><td>{p.i}</td><td>{p.a}</td><td>{p.ld}</td><td>{p.sv}+</td></tr>"
        for k in ship.krew
        for p in [k.profile]
    )
    armour = ", ".join(f"{f.value} {armour_of(ship.klan, f)}" for f in (Facing.FRONT, Facing.PORT, Facing.STARBOARD, Facing.REAR))
    status = [
        s
        for s, on in (
            ("rudder damaged", ship.rudder_damaged),
            ("engine damaged", ship.engine_damaged),
            ("aground", ship.grounded_on is not None),
            ("landed", ship.docked_at is not None),
            ("in a boarding action", ship.engaged is not None),
        )
        if on
    ]
    status += [f"{g} kannon damaged" for g in sorted(ship.damaged_guns)]
    status += [f"{label('effect', name)} (turn {turn})" for name, turn in sorted(ship.effects.items()) if turn >= sea.turn]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Roster: {e(ship.name)}</title>
<link rel="stylesheet" href="/static/rulesets/jimlad/roster.css"></head>
<body class="roster">
<h1>{e(ship.name)}</h1>
<p class="klan">{e(KLANS[ship.klan].title)} &middot; commanded by {e(ship.commander)} (owner {e(ship.owner)}) &middot; turn {sea.turn}</p>
<table class="facts">
<tr><th>Hull points</th><td>{"&#9679;" * ship.hull_points}{"&#9675;" * (5 - ship.hull_points)} {ship.hull_points}/5</td></tr>
<tr><th>Armour</th><td>{e(armour)}; 6+ ramshackle save</td></tr>
<tr><th>Gold</th><td>{ship.gold}</td></tr>
<tr><th>Torpedo salvos</th><td>{ship.salvos_left}</td></tr>
<tr><th>Status</th><td>{e(", ".join(status)) if status else "sound"}</td></tr>
<tr><th>Afloat</th><td>{"yes" if ship.afloat else "sunk"}</td></tr>
</table>
<h2>Krew</h2>
<table class="krew"><tr><th></th><th>WS</th><th>BS</th><th>S</th><th>T</th><th>W</th><th>I</th><th>A</th><th>Ld</th><th>Sv</th></tr>{krew}</table>
<p class="print"><button onclick="window.print()">Print</button></p>
</body></html>"""


WEB = WebPlugin(
    static=resources.files("grapeshot.rulesets.jimlad").joinpath("static"),
    script="jimlad.js",
    styles=("jimlad.css",),
    previews={"manoeuvre": MANOEUVRE},
    labels={**{category: tuple(words) for category, words in LABELS.items()}, "faction": tuple(k.value for k in KLANS)},
)

PRINTABLES = Printables((PiecePage("roster", "roster", roster),))
