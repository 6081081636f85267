"""The printable roster of a fleet (``grapeshot print roster FILE``, the lobby builder's roster): a
page of plain HTML with each ship's size, hull, parts, capacity, upgrades and points, and its
crew with their profiles and points, and the rule behind each number."""

from __future__ import annotations

import html

from grapeshot.rulesets.navalwarhammer.armies import ARMIES
from grapeshot.rulesets.navalwarhammer.data import SIZES, UPGRADES
from grapeshot.rulesets.navalwarhammer.fleets import FleetSpec, ShipSpec
from grapeshot.rulesets.navalwarhammer.setup import ship_parts

STYLE = """
body { font-family: Georgia, serif; margin: 2em; color: #222; }
h1 { margin-bottom: 0; } .sub { color: #555; margin-top: 0.2em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; text-align: left; }
th { background: #eee; } .ship { page-break-inside: avoid; }
@media print { button { display: none; } }
"""


def roster_page(fleet: FleetSpec) -> str:
    e = html.escape
    ships = "".join(_ship(s) for s in fleet.ships)
    army = ARMIES[fleet.army].name
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fleet roster: {e(fleet.name)}</title><style>{STYLE}</style></head>
<body class="roster">
<h1>{e(fleet.name)}</h1>
<p class="sub">{e(army)} &middot; {fleet.points} of {fleet.limit} points (NW-SHIP-2) &middot; {len(fleet.ships)} ship(s)</p>
{ships}
<p><button onclick="window.print()">Print</button></p>
</body></html>"""


def _ship(s: ShipSpec) -> str:
    e = html.escape
    size = SIZES[s.size]
    parts = ship_parts(s.name, "", s)
    part_rows = "".join(
        f"<tr><td>{e(k)}</td><td>{p.profile.t}</td><td>{p.profile.w}</td><td>{'5+ vs missiles' if p.missile_ward else ''}</td></tr>" for k, p in parts.items()
    )
    upgrades = (
        ", ".join(
            f"{UPGRADES[k].title}{' x' + str(n) if n > 1 else ''} ({(UPGRADES[k].cost[s.size] or 0) * n} pts, {UPGRADES[k].rule})"
            for k, n in s.upgrades.items()
        )
        or "none"
    )
    crew_rows = ""
    for c in s.crew:
        p = c.entry.profile
        extras = [
            w
            for w, on in (
                ("champion", c.champion),
                ("musician", c.musician),
                ("standard", c.standard),
                ("First Mate (NW-UPG-7)", c.first_mate),
                ("admiral", c.admiral),
            )
            if on
        ]
        if c.level:
            extras.append(f"wizard level {c.level}")
        if c.mount:
            extras.append(f"mounted to {c.mount} (NW-CANNON-2)")
        if c.deck == "lower":
            extras.append("below decks")
        crew_rows += (
            f"<tr><td>{e(c.entry.name)}</td><td>{c.models}</td><td>{e(c.entry.troop.value)}</td><td>{e(p.line())}</td>"
            f"<td>{c.places}</td><td>{e(', '.join(extras))}</td><td>{c.points}</td></tr>"
        )
    places = sum(c.places for c in s.crew)
    return f"""<div class="ship">
<h2>{e(s.name)}</h2>
<p>{e(s.size.value)} ship, {size.points} pts (NW-SHIP-2) &middot; moves by {e(s.propulsion.value)} &middot; hull T{parts["hull"].profile.t}, {parts["hull"].profile.w} structure (NW-SHIP-5)
&middot; crew {places} of {s.capacity} places (NW-SHIP-3{", overcrowded NW-CROWD-1" if s.overcrowded else ""}) &middot; minimum crew {s.minimum_crew}
&middot; boats {s.boats} (NW-LAUNCH-1) &middot; upgrades: {e(upgrades)} &middot; <b>{s.points} pts</b></p>
<table><tr><th>part</th><th>T</th><th>wounds</th><th>ward</th></tr>{part_rows}</table>
<table><tr><th>crew</th><th>models</th><th>troop</th><th>profile</th><th>places</th><th>options</th><th>pts</th></tr>{crew_rows}</table>
</div>"""
