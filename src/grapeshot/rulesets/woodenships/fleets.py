"""Fair fleets: a scenario's sides checked against the cost column before the game (WS-SHIP-1,
WS-FIG-1, WS-FIG-2, WS-FORT-1).

What a side brings costs what the ship table's cost column says of each ship (by its type, its
sections or its chosen hit points, WS-SHIP-2), with a purpose-built ram's and sweeps' cost on
top (``data.RAM_COST``, ``data.SWEEPS_COST``: for the collisions module, a ruling), and what the fort cost table says of each fort
(WS-FORT-1, a ruling).  A game is refused, naming the rule it breaks and what was found, when:

* a ship has not exactly one captain (WS-FIG-1), or a fort not exactly one commander (WS-FIG-2);
* a seat has no figures at all;
* the sides' costs differ by more than option ``cost_margin`` points (WS-SHIP-1: "balanced by
  cost points"; the margin is the stated tolerance, 0 by default);
* with option ``equal_figures`` (the default), the sides field different numbers of figures
  (WS-FIG-1).

Sections (two to option ``max_sections``, WS-SHIP-1) and the boats' hit points (within the
table's range, WS-SHIP-2) are refused where each ship is read (:mod:`.setup`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from grapeshot.core.scenario import Fields
from grapeshot.rulesets.woodenships.state import Shore


def costs(shore: Shore) -> dict[str, dict[str, int]]:
    """Each seat's cost by the cost column: its ships', its forts', and the whole."""
    out = {}
    for seat in shore.seats:
        ships = sum(s.cost for s in shore.ships.values() if s.owner == seat)
        forts = sum(x.cost for x in shore.forts.values() if x.owner == seat)
        out[seat] = {"ships": ships, "forts": forts, "total": ships + forts}
    return out


def check(shore: Shore, f: Fields, options: Mapping[str, object]) -> None:
    """Refuse an unfair or ill-formed set of fleets (the first problem found, with its rule)."""
    for ship in shore.ships.values():
        captains = [x.name for x in shore.figures.values() if x.captain_of == ship.name]
        if len(captains) != 1:
            raise f.fail(f"fleets (ship {ship.name})", "exactly one captain for each ship (WS-FIG-1)", captains)
    for fort in shore.forts.values():
        commanders = [x.name for x in shore.figures.values() if x.captain_of == fort.name]
        if len(commanders) != 1:
            raise f.fail(f"fleets (fort {fort.name})", "exactly one commander for each fort (WS-FIG-2)", commanders)
    for seat in shore.seats:
        if not any(x.side == seat and not x.animal for x in shore.figures.values()):
            raise f.fail("fleets", f"figures for seat {seat!r}", None)
    totals = {seat: c["total"] for seat, c in costs(shore).items()}
    margin = int(cast(int, options["cost_margin"]))
    if max(totals.values()) - min(totals.values()) > margin:
        raise f.fail("fleets", f"fleets of the same cost to within {margin} points (WS-SHIP-1; option cost_margin), forts counted", totals)
    if options["equal_figures"]:
        counts = {seat: sum(1 for x in shore.figures.values() if x.side == seat and not x.animal) for seat in shore.seats}
        if len(set(counts.values())) > 1:
            raise f.fail("fleets", "the same number of figures on every side (WS-FIG-1; option equal_figures)", counts)
