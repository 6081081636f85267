"""Geometry of a continuous tabletop.

Units and axes, stated once for the whole project:

* lengths are **inches**, angles are **degrees**;
* the table's origin is its lower-left corner, ``x`` runs right, ``y`` runs up;
* a heading of 0 points along ``+x`` and headings grow **counter-clockwise**
  (90 = ``+y``); port is to the left of a heading (+90), starboard to the right (-90).

Ships are oriented rectangles (:class:`Hull`) whose pose is the centre of the
hull and the direction the bow points.  The hot paths (overlap tests, swept
moves) are hand-written on floats: shapely and numpy pay off only for batches
and are kept for tests.

The package's rooms (docs/architecture.md, section (e)):

* :mod:`~grapeshot.geometry.vectors`: points, headings, poses;
* :mod:`~grapeshot.geometry.shapes`: hulls, facings, arcs, polygons, the table and their tests;
* :mod:`~grapeshot.geometry.lines`: straight lines against hulls;
* :mod:`~grapeshot.geometry.motion`: ships' paths and swept moves;
* :mod:`~grapeshot.geometry.templates`: templates and scatter.

Every name is imported here, so ``from grapeshot.geometry import Hull`` works whichever room it
lives in.  Nothing in this package imports anything else of grapeshot.
"""

from grapeshot.geometry.lines import first_hull_on_segment, segment_hull_entry
from grapeshot.geometry.motion import (
    CLEARANCE,
    MIN_ADVANCE,
    Contact,
    Obstacle,
    Path,
    Segment,
    Sweep,
    first_contact,
    sweep,
    translate_path,
)
from grapeshot.geometry.shapes import (
    Arc,
    Facing,
    Hull,
    Polygon,
    Table,
    hull_distance,
    hull_hits_polygon,
    hull_polygon_distance,
    hulls_overlap,
    hulls_within,
    point_hull_distance,
    polygon_within,
    separation,
    separation_polygon,
)
from grapeshot.geometry.templates import TEMPLATE_LENGTH, TEMPLATE_NARROW, TEMPLATE_WIDE, flamer_template, scatter
from grapeshot.geometry.vectors import EPS, Pose, Vec, angle_diff, bearing, distance, norm_deg, unit

__all__ = [
    "CLEARANCE",
    "EPS",
    "MIN_ADVANCE",
    "TEMPLATE_LENGTH",
    "TEMPLATE_NARROW",
    "TEMPLATE_WIDE",
    "Arc",
    "Contact",
    "Facing",
    "Hull",
    "Obstacle",
    "Path",
    "Polygon",
    "Pose",
    "Segment",
    "Sweep",
    "Table",
    "Vec",
    "angle_diff",
    "bearing",
    "distance",
    "first_contact",
    "first_hull_on_segment",
    "flamer_template",
    "hull_distance",
    "hull_hits_polygon",
    "hull_polygon_distance",
    "hulls_overlap",
    "hulls_within",
    "norm_deg",
    "point_hull_distance",
    "polygon_within",
    "scatter",
    "segment_hull_entry",
    "separation",
    "separation_polygon",
    "sweep",
    "translate_path",
    "unit",
]
