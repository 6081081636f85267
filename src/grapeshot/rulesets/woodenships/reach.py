"""Where a measured range falls against a table's band edges: one rule for every edge.

Ranges here are measured on a continuous table, so a target set exactly 2" or 6" away is found a
hair either side of the number (a hull's corner, a rotated base).  Every band table of Wooden
Ships (the small arms' rows, WS-ARMS-1/2; the guns' rows and their artillery-dice rows,
WS-GUN-3..5 and WS-GUN-10; a barrel's throw) is read through these two functions, with one
tolerance, :data:`EPS`, so a range that is the edge to within measuring error counts as *at* the
edge: in the band the edge closes ("to 6"" includes 6"), and outside the "under 2"" column
(exactly 2" is the next band out, the plain reading of "<2"").  The game and the odds therefore
put the same range in the same band.
"""

from __future__ import annotations

from grapeshot.rulesets.woodenships.data import CLOSE

#: how far a measured range may miss a band's edge and still count as at it (inches)
EPS = 1e-6


def within(gap: float, edge: float) -> bool:
    """Whether a range lies inside a band that runs out to ``edge`` inches (the edge included)."""
    return gap <= edge + EPS


def under_close(gap: float) -> bool:
    """Whether a range is in the "under 2"" column (2" itself, to measuring error, is not)."""
    return gap < CLOSE - EPS
