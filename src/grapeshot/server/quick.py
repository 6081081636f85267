"""The quickest legal answer to what a table asks, read from a view's JSON alone.

For programs that drive a table over HTTP as a page would, without thinking: the load benchmark
and the tests that play games against a real server.  It picks the first option of every part of
the prompt's legal answers (``prompt.legal``, as the page's generic forms do), which by
convention is the decline where there is one: for Jim Lad the first card of each ship's orders,
the least distance, no shot, no re-roll, no boarding.  It names no rule set.
"""

from __future__ import annotations

from typing import Any


def quick_answer(view: dict[str, Any]) -> dict[str, Any]:
    """The body of an action request (``picks`` with their ``digest``) answering the prompt of
    ``view``, the seat's own view."""
    legal = view["prompt"].get("legal")
    if legal is None:
        raise ValueError(f"the {view['prompt']['kind']} lists no answers to pick from")
    return {"picks": [0] * len(legal["parts"]), "digest": legal["digest"]}
