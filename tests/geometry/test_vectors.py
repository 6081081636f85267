"""Vectors, headings and angles."""

from __future__ import annotations

import pytest

from grapeshot.geometry import (
    Vec,
    angle_diff,
    bearing,
    norm_deg,
    unit,
    wind_quarter,
)


def test_angles() -> None:
    assert norm_deg(-90.0) == 270.0
    assert norm_deg(720.0) == 0.0
    assert 0.0 <= norm_deg(-1e-18) < 360.0
    assert angle_diff(10.0, 350.0) == pytest.approx(20.0)
    assert angle_diff(350.0, 10.0) == pytest.approx(-20.0)
    assert angle_diff(0.0, 180.0) == 180.0
    assert bearing(Vec(0, 0), Vec(0, 5)) == pytest.approx(90.0)
    assert bearing(Vec(0, 0), Vec(0, -5)) == pytest.approx(270.0)
    assert unit(90.0).x == pytest.approx(0.0, abs=1e-12) and unit(90.0).y == pytest.approx(1.0)
    assert Vec(1, 0).rotated(90.0, Vec(1, 1)) == pytest.approx(Vec(2, 1))


@pytest.mark.parametrize(
    ("course", "wind", "width", "quarter"),
    [
        (10.0, 0.0, 45.0, "with"),
        (45.0, 0.0, 45.0, "with"),  # the sector's edge is in it
        (46.0, 0.0, 45.0, "across"),
        (135.0, 0.0, 45.0, "against"),
        (180.0, 0.0, 45.0, "against"),
        (350.0, 20.0, 45.0, "with"),  # across north: 30 degrees apart
        (200.0, 20.0, 45.0, "against"),
        (90.0, 0.0, 60.0, "across"),
        (125.0, 0.0, 60.0, "against"),
    ],
)
def test_wind_quarter(course: float, wind: float, width: float, quarter: str) -> None:
    assert wind_quarter(course, wind, width) == quarter
    assert wind_quarter(course + 360.0, wind - 360.0, width) == quarter  # whole turns change nothing
