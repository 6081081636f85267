"""The geometry package stands alone and keeps every name the single module had."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import grapeshot.geometry as geometry

PACKAGE = Path(geometry.__file__).parent

#: every public name of the module the package grew out of: ``from grapeshot.geometry import X``
#: must keep working for each
BEFORE = [
    "Arc",
    "CLEARANCE",
    "Contact",
    "EPS",
    "Facing",
    "Hull",
    "MIN_ADVANCE",
    "Obstacle",
    "Path",
    "Polygon",
    "Pose",
    "Segment",
    "Sweep",
    "TEMPLATE_LENGTH",
    "TEMPLATE_NARROW",
    "TEMPLATE_WIDE",
    "Table",
    "Vec",
    "angle_diff",
    "bearing",
    "circle_circle_angles",
    "circle_segment_angles",
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


def test_the_geometry_imports_nothing_else_of_grapeshot() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                if name.split(".")[0] == "grapeshot":
                    assert name.startswith("grapeshot.geometry."), f"{path.name} imports {name}"


def test_every_name_of_the_old_module_is_still_there() -> None:
    missing = [name for name in BEFORE if not hasattr(geometry, name)]
    assert missing == []


def test_the_package_lists_what_it_exports() -> None:
    assert len(set(geometry.__all__)) == len(geometry.__all__)
    for name in geometry.__all__:
        obj = getattr(geometry, name)
        home = getattr(obj, "__module__", None)
        if home is not None and home.startswith("grapeshot.geometry."):
            assert getattr(importlib.import_module(home), name) is obj
    rooms = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert rooms == {"vectors", "shapes", "lines", "motion", "templates", "contact", "placing", "figure_motion", "decks", "sight"}
    for room in rooms:
        assert len((PACKAGE / f"{room}.py").read_text(encoding="utf-8").splitlines()) <= 600, room
