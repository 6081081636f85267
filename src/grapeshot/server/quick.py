"""The quickest legal answer to what a table asks, read from a view's JSON alone.

For programs that drive a table over HTTP as a page would, without thinking: the load benchmark
and the tests that play games against a real server.  The first card of each ship's orders,
the least distance, no shot, no re-roll, no boarding, sailing on.
"""

from __future__ import annotations

from typing import Any

_PASS: dict[str, dict[str, Any]] = {
    "ShootPrompt": {"kind": "end-shooting"},
    "RerollPrompt": {"kind": "reroll", "die": None},
    "TakeoverPrompt": {"kind": "takeover"},
    "BoardPrompt": {"kind": "board"},
    "LandPrompt": {"kind": "land"},
    "LeavePrompt": {"kind": "stay-or-leave", "choice": "leave"},
    "TradePrompt": {"kind": "trade"},
}


def quick_answer(view: dict[str, Any]) -> dict[str, Any]:
    """An action (as JSON) that answers the prompt of ``view``, the seat's own view."""
    p = view["prompt"]
    kind = p["kind"]
    if kind == "OrdersPrompt":
        return {"kind": "orders", "orders": [{"ship": s, "card": c[0][0], "turn": c[0][1], "card_at": "start"} for s, c in p["choices"][view["me"]].items()]}
    if kind == "DistancePrompt":
        return {"kind": "distance", "inches": p.get("low", 0.0)}
    if kind not in _PASS:
        raise ValueError(f"no quick answer to a {kind}")
    return dict(_PASS[kind])
