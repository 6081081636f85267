"""Templates laid on the table, and scatter."""

from __future__ import annotations

import math

from grapeshot.geometry.shapes import Polygon
from grapeshot.geometry.vectors import _DEG, Vec, unit

#: The flamer template: 8" long, 0.5" wide at the narrow end, its far end a
#: half-disc of radius 1.25" (the tabletop teardrop, as a convex polygon).
TEMPLATE_LENGTH = 8.0
TEMPLATE_NARROW = 0.25
TEMPLATE_WIDE = 1.25


def flamer_template(origin: Vec, direction: float) -> Polygon:
    """The teardrop template laid with its narrow end at ``origin`` pointing along ``direction``."""
    axis = TEMPLATE_LENGTH - TEMPLATE_WIDE
    pts: list[tuple[float, float]] = [(0.0, -TEMPLATE_NARROW), (axis, -TEMPLATE_WIDE)]
    for i in range(1, 12):
        a = -90.0 + 180.0 * i / 12
        pts.append((axis + TEMPLATE_WIDE * math.cos(a * _DEG), TEMPLATE_WIDE * math.sin(a * _DEG)))
    pts += [(axis, TEMPLATE_WIDE), (0.0, TEMPLATE_NARROW)]
    c, s = math.cos(direction * _DEG), math.sin(direction * _DEG)
    return Polygon((origin.x + x * c - y * s, origin.y + x * s + y * c) for x, y in pts)


def scatter(p: Vec, direction: float | None, dist: float) -> Vec:
    """A point moved ``dist`` inches along a scatter direction (``None`` = a hit: stays put)."""
    if direction is None or dist <= 0:
        return p
    d = unit(direction)
    return Vec(p.x + d.x * dist, p.y + d.y * dist)
