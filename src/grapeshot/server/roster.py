"""The printable roster sheet of a ship: its krew, gold, damage and status."""

from __future__ import annotations

import html
from typing import cast

from grapeshot.geometry import Facing
from grapeshot.rulesets.jimlad.data import PROFILES, armour_of
from grapeshot.rulesets.jimlad.state import Sea
from grapeshot.server.tables import Denied, Table


def roster_page(table: Table, ship_name: str) -> str:
    sea = cast(Sea, table.game.state)
    ship = sea.ships.get(ship_name)
    if ship is None:
        raise Denied(404, f"no ship {ship_name!r}")
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
    status += [f"{name} (turn {turn})" for name, turn in sorted(ship.effects.items()) if turn >= sea.turn]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Roster: {e(ship.name)}</title>
<link rel="stylesheet" href="/static/roster.css"></head>
<body class="roster">
<h1>{e(ship.name)}</h1>
<p class="klan">{e(ship.klan.value)} &middot; commanded by {e(ship.commander)} (owner {e(ship.owner)}) &middot; turn {sea.turn}</p>
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
