"""The lobby's game list a page at a time: the cursor that says where the next page starts.

A page ends with a cursor for the next one (``next``), made from the last game listed (its time
of creation and its id) and read back by :func:`read_cursor`.  It says nothing the page did not:
the id in it is one the page already listed, and a cursor that is no cursor (or was tampered
with into something unreadable) is refused 422 naming ``after``, never a 500.
"""

from __future__ import annotations

import base64
import binascii
import json
import math

from grapeshot.server.tables import Denied

#: games on a page when the asker names no limit, and the most one page may hold
PAGE = 50
MOST = 200


def cursor(created: float, game_id: str) -> str:
    """The cursor of the page after the game created at ``created`` with id ``game_id``."""
    return base64.urlsafe_b64encode(json.dumps([created, game_id], separators=(",", ":")).encode()).decode().rstrip("=")


def read_cursor(text: str) -> tuple[float, str]:
    """The ``(created, id)`` a cursor of :func:`cursor` was made from; 422 for anything else."""
    try:
        created, game_id = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError, TypeError, UnicodeDecodeError):
        raise Denied(422, "after: not a cursor of this list (give the 'next' of the page before)", "after") from None
    if isinstance(created, bool) or not isinstance(created, int | float) or not math.isfinite(created) or not isinstance(game_id, str):
        raise Denied(422, "after: not a cursor of this list (give the 'next' of the page before)", "after")
    return float(created), game_id
