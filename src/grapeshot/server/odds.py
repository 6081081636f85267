"""The odds of an action, shown before a player commits to it ("odds before you act").

The page proposes the action its seat is about to take (for Jim Lad, a krak shell aimed at the
point the player clicked); the server asks the game's rule set for its odds
(:func:`grapeshot.odds.before`), which checks the action against the prompt waiting on that
seat first, so an action the game would refuse is refused with the game's reason.  The answer
is the rule set's own JSON: Jim Lad's krak shot carries where the shell lands (numeric: exact
over the scatter dice, the arrow's direction integrated) and, for each hull it may land on,
the exact odds of the blow there as fractions.

The table asks again at every click, so the odds are worked out with a light :data:`PREVIEW`
effort: few Monte Carlo runs where the odds cannot be enumerated, or none where the page asks
for none (``"samples": 0``: only what is exact or numeric, as the krak preview shows).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grapeshot import odds
from grapeshot.core.capabilities import Effort, Lacking
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.server.tables import Denied

#: what an answer for the page may cost: the exact budget as ever, a few hundred seeded runs
PREVIEW = Effort(budget=4000, samples=200, seed=1)
#: the most Monte Carlo runs a page may ask for
MOST_SAMPLES = 2000


def odds_before(game: Game, seat: str | None, data: object, samples: object = None) -> dict[str, Any]:
    """The odds of ``seat`` taking the action ``data`` (its JSON) now, as the rule set words them,
    with ``samples`` Monte Carlo runs at most (default :data:`PREVIEW`'s)."""
    if seat is None:
        raise Denied(403, "spectators take no actions, so they have no odds to ask")
    effort = PREVIEW
    if samples is not None:
        if not isinstance(samples, int) or isinstance(samples, bool) or not 0 <= samples <= MOST_SAMPLES:
            raise Denied(400, f"samples: expected a whole number from 0 to {MOST_SAMPLES}, got {samples!r}")
        effort = replace(PREVIEW, samples=samples)
    try:
        action = game.decode(data)
    except IllegalAction as err:
        raise Denied(400, f"action: {err}") from None
    try:
        return odds.before(game, seat, action, effort).to_json()
    except Lacking as err:
        raise Denied(404, str(err)) from None
    except odds.OddsError as err:
        raise Denied(422, str(err)) from None
