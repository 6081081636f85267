"""The heuristic with the collisions module on a Wooden Ships table: the module's own answers to
its prompts (:func:`grapeshot.rulesets.collisions.ports.answer`, asked through its ports), and
what a contact is worth when steering (:func:`ram_expectation`, for :func:`.heuristic.steer`):
the module's ram, not WS-RAM-1's, by the module's published forecast.
"""

from __future__ import annotations

import math

from grapeshot.geometry import Contact, Hull
from grapeshot.rulesets.collisions.ports import answer, ram_forecast
from grapeshot.rulesets.woodenships.hosting import SIZES, allowance_inches, ma_inches
from grapeshot.rulesets.woodenships.pieces import Ship
from grapeshot.rulesets.woodenships.state import Shore

__all__ = ["answer", "ram_expectation"]


def ram_expectation(shore: Shore, ship: Ship, hull: Hull, contact: Contact | None, turned: float, ran: float) -> tuple[float, float, Ship | None]:
    """With the collisions module, what a move ending at ``hull`` against ``contact`` would do
    on average (:func:`~grapeshot.rulesets.collisions.ports.ram_forecast`), the damage dealt
    capped at the struck ship's points left: her MA left is what her phases still hold after
    ``ran`` more inches, moving ahead if she ran on or did not turn, her sweeps out as WS has
    them.  (0, 0, None) for anything but a ship."""
    if contact is None or contact.kind != "ship" or contact.ident not in shore.ships:
        return 0.0, 0.0, None
    struck = shore.ships[contact.ident]
    left = math.floor(max(0.0, allowance_inches(ship) - ship.travelled - ran) / ma_inches(shore) + 1e-9)
    forward = ran > 1e-9 or abs(turned) < 1e-6
    f = ram_forecast(SIZES[ship.type], SIZES[struck.type], hull, struck.hull, forward=forward, ma_left=left, ram=ship.ram, oared=ship.sweeps)
    return min(f.dealt, float(struck.left)), f.taken, struck
