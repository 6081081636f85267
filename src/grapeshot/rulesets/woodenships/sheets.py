"""Printable score sheets (WS-SHEET-1): one per ship or fort, and the reference tables.

A ship's sheet carries its hit-point track: a circle for each point, in the rows of its damage
bands as the ship table reads them (a ship at full move, at half move once a third is gone, no
move at two thirds; a boat or raft at full strength with both its movement phases, at half
strength with one, at a third spinning only), then "Sink!" (WS-DMG-1/2/3).  A fort's sheet has
its track in the bands that set the scaling roll (6, 4-6, 3-6; WS-FORT-2), then "Collapse!"
(WS-FORT-3), and a track of 3 for each gate (WS-FORT-1).  Points already lost are filled in, so
a sheet printed mid-game carries on from the table.  Each sheet ends with the reference tables
(the ship table in the copy in force, small arms, hand-to-hand weapons, guns, the fort cost
table), and each prints on its own page.  Everything is one self-contained HTML page.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import cast

from grapeshot.core.capabilities import GamePage, Printables
from grapeshot.core.game import Game
from grapeshot.rulesets.woodenships.data import (
    BANDS,
    FORT_COSTS,
    FORT_WALL_RUN,
    GATE_POINTS,
    GUNS,
    MELEE,
    SCALE_NEED,
    SHIP_TYPES,
    SMALL_ARMS,
)
from grapeshot.rulesets.woodenships.pieces import Fort, Ship, thirds
from grapeshot.rulesets.woodenships.state import Shore

CSS = """
body { font-family: Georgia, serif; margin: 1.5em; color: #111; }
.sheet { border: 2px solid #333; padding: 1em 1.2em; margin-bottom: 2em; }
h1 { font-size: 1.4em; margin: 0 0 .2em; } h2 { font-size: 1.05em; margin: 1em 0 .3em; }
.facts { margin: 0 0 .6em; }
table { border-collapse: collapse; margin: .3em 0 .8em; font-size: .85em; }
th, td { border: 1px solid #777; padding: .15em .45em; text-align: left; }
table.track td, table.track th { border: none; padding: .2em .4em; }
.pt { display: inline-block; width: 1.05em; height: 1.05em; border: 1.5px solid #222; border-radius: 50%;
      margin: 0 .12em; vertical-align: middle; }
.pt.lost { background: #222; }
.end { font-weight: bold; letter-spacing: .05em; }
.refs { display: flex; flex-wrap: wrap; gap: 0 1.5em; }
@media print {
  body { margin: 0; }
  .sheet { border: none; page-break-after: always; break-after: page; margin: 0; }
  .sheet:last-child { page-break-after: auto; break-after: auto; }
}
"""

#: the rows of a track: a ship's, a boat's (two movement phases), a fort's, by band
SHIP_ROWS = (("full", "Full move"), ("half", "Half move"), ("dead", "No move"))
BOAT_ROWS = (("full", "Full strength"), ("half", "Half strength"), ("dead", "1/3 strength"))
FORT_ROWS = (("full", "Scaled on a 6"), ("third", "Scaled on 4-6"), ("two-thirds", "Scaled on 3-6"))


def band_after(points: int, lost: int, fort: bool) -> str:
    """The band a ship or fort of ``points`` is in with ``lost`` of them gone (WS-DMG-1/2, WS-FORT-2)."""
    return (("full", "third", "two-thirds") if fort else ("full", "half", "dead"))[min(2, thirds(lost, points))]


def track(points: int, lost: int, rows: Sequence[tuple[str, str]], fort: bool, end: str) -> str:
    """The hit-point track: each point's circle in the row of the band it is crossed off in
    (the band the piece is in while that point still stands), the lost ones filled."""
    cells: dict[str, list[str]] = {band: [] for band, _ in rows}
    for i in range(points):
        band = band_after(points, i, fort)
        cls = "pt lost" if i < lost else "pt"
        cells[band].append(f'<span class="{cls}" data-band="{band}" data-point="{i + 1}"></span>')
    body = "".join(f'<tr data-row="{band}"><th>{label}</th><td>{"".join(cells[band])}</td></tr>' for band, label in rows)
    return f'<table class="track">{body}<tr><th class="end" colspan="2">{end}</th></tr></table>'


def ship_sheet(shore: Shore, ship: Ship) -> str:
    kind = ship.kind
    boat = len(kind.moves) == 2
    guns = [g for g in shore.guns.values() if g.ship == ship.name]
    captain = next((f.name for f in shore.figures.values() if f.captain_of == ship.name), "")
    facts = [
        f"{escape(kind.title)} of {len(ship.plan.sections)} sections",
        f"side {escape(ship.owner)}",
        f"captain {escape(captain)}" if captain else "",
        f"moves {' then '.join(f'{m:g}&quot;' for m in kind.moves)}" + (" (the first a spin)" if kind.spin_first else ""),
        f"ram D6{kind.ram_value(str(shore.option('ship_table'))):+d}",
        f"{ship.points} hit points",
        f"cost {ship.cost}",
    ]
    gun_list = ", ".join(escape(g.name) + (" (drafted)" if g.drafted else "") for g in guns) or "none"
    return (
        f'<section class="sheet" data-piece="ship" data-name="{escape(ship.name)}" data-points="{ship.points}" data-lost="{ship.lost}">'
        f'<h1>{escape(ship.name)}</h1><p class="facts">{" · ".join(x for x in facts if x)}</p>'
        f'<p class="guns">Guns: {gun_list}</p>{to_draft(shore)}'
        f"{track(ship.points, ship.lost, BOAT_ROWS if boat else SHIP_ROWS, False, 'Sink!')}"
        f"{references(shore)}</section>"
    )


def to_draft(shore: Shore) -> str:
    """The guns still in the draft's pile, to be mounted by the sides when they share out (WS-SETUP-1)."""
    d = shore.draft
    pile = [k for k in d.pile if k in GUNS] if d is not None and not d.done else []
    pending = [k for v in (d.guns.values() if d is not None and not d.done else ()) for k in v]
    if not pile and not pending:
        return ""
    counts = {k: pile.count(k) + pending.count(k) for k in GUNS if k in pile or k in pending}
    words = ", ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in counts.items())
    return f'<p class="drafted-guns">Guns to be drafted: {words}, each mounted where its side chooses (a free place of its ships or forts).</p>'


def fort_sheet(shore: Shore, fort: Fort) -> str:
    commander = next((f.name for f in shore.figures.values() if f.captain_of == fort.name), "")
    costs = ", ".join(f"{k} {v}" for k, v in fort.costs.items())
    gates = "".join(
        f'<tr data-gate="{escape(g.name)}"><th>{escape(g.name)}</th><td>'
        + "".join(f'<span class="pt{" lost" if i < g.max_life - g.life else ""}" data-point="{i + 1}"></span>' for i in range(g.max_life))
        + "</td></tr>"
        for g in fort.gates
    )
    return (
        f'<section class="sheet" data-piece="fort" data-name="{escape(fort.name)}" data-points="{fort.points}" data-lost="{fort.lost}">'
        f'<h1>{escape(fort.name)}</h1><p class="facts">fort of side {escape(fort.owner)} · commander {escape(commander)} · '
        f"{len(fort.keeps)} raised levels · {len(fort.gates)} gates · {fort.points} hit points · cost {fort.cost} ({escape(costs)})</p>"
        f'<p class="guns">Guns: {", ".join(escape(g.name) + (" (drafted)" if g.drafted else "") for g in shore.guns.values() if g.ship == fort.name) or "none"}</p>'
        f"{to_draft(shore)}"
        f"{track(fort.points, fort.lost, FORT_ROWS, True, 'Collapse!')}"
        + (f'<h2>Gates ({GATE_POINTS} hit points each)</h2><table class="track gates">{gates}</table>' if fort.gates else "")
        + f"{references(shore)}</section>"
    )


def references(shore: Shore) -> str:
    """The reference tables (the ship table in the copy in force, WS-SHIP-3)."""
    copy = str(shore.option("ship_table"))
    ships = "".join(
        f"<tr><td>{escape(t.title)}</td><td>{' then '.join(f'{m:g}&quot;' for m in t.moves)}{' (spin first)' if t.spin_first else ''}</td>"
        f"<td>D6{t.ram_value(copy):+d}</td>"
        f"<td>{f'{t.per_section} a section' if t.per_section else f'{t.points[0]}-{t.points[1]}' if t.points and t.points[0] != t.points[1] else t.points[0] if t.points else ''}</td>"
        f"<td>{'as hit points' if t.cost_is_points else f'{t.cost_base} + {t.cost_per_section} a section' if t.cost_per_section else t.cost_base}</td></tr>"
        for t in SHIP_TYPES.values()
    )
    arms = "".join(
        f"<tr><td>{a.name}</td>"
        + "".join(f"<td>{edge:g}&quot; {'7' if n > 6 else f'{n}+'}</td>" for edge, n in zip(a.bands, a.to_hit, strict=True))
        + f"<td>{'no hit' if a.close is None else f'{a.close}+'}</td><td>{a.damage}</td></tr>"
        for a in SMALL_ARMS.values()
    )
    melee = "".join(
        f"<tr><td>{w.name}</td><td>{w.to_hit}{'-6' if w.to_hit < 6 else ''}</td><td>{w.damage}</td><td>{'yes' if w.one_handed(str(shore.option('one_handed'))) else ''}</td></tr>"
        for w in MELEE.values()
    )
    guns = "".join(
        f"<tr><td>{g.name}</td><td>{' '.join(f'{edge:g}&quot;/{n}+' for edge, n in g.bands)}</td><td>{'no hit' if g.close is None else f'{g.close}+'}</td>"
        f"<td>{g.men}</td><td>{g.structures or 'none'}</td><td>{g.hit_points}</td></tr>"
        for g in GUNS.values()
    )
    forts = f"3 a started {FORT_WALL_RUN:g}&quot; of wall; " + ", ".join(f"{k} {v}" for k, v in FORT_COSTS.items() if k != "wall")
    scale = ", ".join(f"{band}: {n}+" for band, n in SCALE_NEED.items())
    return (
        '<div class="refs">'
        f'<div><h2>Ships (copy: {escape(copy)})</h2><table class="ref-ships"><tr><th>type</th><th>movement</th><th>ram</th><th>hit points</th><th>cost</th></tr>{ships}</table></div>'
        f'<div><h2>Small arms</h2><table class="ref-arms"><tr><th></th>{"".join(f"<th>{b}</th>" for b in BANDS)}<th>within 2&quot;</th><th>damage</th></tr>{arms}</table></div>'
        f'<div><h2>Hand to hand</h2><table class="ref-melee"><tr><th></th><th>to hit</th><th>damage</th><th>one-handed</th></tr>{melee}</table></div>'
        f'<div><h2>Guns (cannons -1 against men, cannons, boats and gates)</h2><table class="ref-guns"><tr><th></th><th>range/to hit</th><th>within 2&quot;</th><th>men</th><th>structures</th><th>hit points</th></tr>{guns}</table></div>'
        f'<div><h2>Forts</h2><p class="ref-forts">Hit points = cost: {forts}. Scaling: {scale}; heroes +1.</p></div>'
        "</div>"
    )


def page(shore: Shore, title: str) -> str:
    """Every ship's and fort's sheet on one page."""
    body = "".join(ship_sheet(shore, s) for s in shore.ships.values()) + "".join(fort_sheet(shore, x) for x in shore.forts.values())
    return f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Score sheets: {escape(title)}</title><style>{CSS}</style></head><body>{body}</body></html>'


def sheets(game: Game, seat: str | None) -> str:
    """A game's score sheets as they stand, the same for every seat: Wooden Ships hides nothing."""
    return page(cast(Shore, game.state), game.scenario.title or game.scenario.name)


#: Wooden Ships' printable pages (the ``printables()`` capability)
PRINTABLES = Printables((GamePage("sheets", "score sheets", sheets),))
