"""Straight lines across the table: where a line (a torpedo's track, a shot) meets a hull."""

from __future__ import annotations

from collections.abc import Sequence

from grapeshot.geometry.shapes import Hull
from grapeshot.geometry.vectors import EPS, Vec


def segment_hull_entry(p0: Vec, p1: Vec, h: Hull) -> float | None:
    """Fraction along ``p0 -> p1`` where the segment first meets the hull, or ``None``.

    Slab clipping in the hull's frame (Liang-Barsky).
    """
    u0, v0 = h.local(p0)
    u1, v1 = h.local(p1)
    du, dv = u1 - u0, v1 - v0
    t0, t1 = 0.0, 1.0
    for p, q in ((-du, u0 + h.hl), (du, h.hl - u0), (-dv, v0 + h.hw), (dv, h.hw - v0)):
        if abs(p) < EPS:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            if t > t1:
                return None
            t0 = max(t0, t)
        else:
            if t < t0:
                return None
            t1 = min(t1, t)
    return t0


def first_hull_on_segment(p0: Vec, p1: Vec, hulls: Sequence[tuple[str, Hull]]) -> tuple[str, Vec] | None:
    """The first hull a line (a torpedo's track) runs into, and the entry point."""
    best: tuple[float, str] | None = None
    for ident, h in hulls:
        t = segment_hull_entry(p0, p1, h)
        if t is not None and (best is None or t < best[0]):
            best = (t, ident)
    if best is None:
        return None
    t, ident = best
    return ident, Vec(p0.x + (p1.x - p0.x) * t, p0.y + (p1.y - p0.y) * t)
