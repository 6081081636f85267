"""The module's published surface: a host imports only ``collisions.ports``, and what it
publishes answers as the module's rules do."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

from grapeshot.geometry import Hull
from grapeshot.rulesets.collisions import ports
from grapeshot.rulesets.collisions.contact import MOMENTUM, RAM_CHART

RULESETS = Path(ports.__file__).resolve().parents[1]


def module_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    return out | {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}


def test_no_rule_set_reaches_past_the_modules_published_ports() -> None:
    """Done-when of issue 26: no rule set imports the module's internals, only its ports."""
    reaching = {
        f"{path.relative_to(RULESETS)}: {name}"
        for path in RULESETS.rglob("*.py")
        if not path.is_relative_to(RULESETS / "collisions")
        for name in module_imports(path)
        if name.startswith("grapeshot.rulesets.collisions") and name != "grapeshot.rulesets.collisions.ports"
    }
    assert reaching == set()


def test_everything_published_is_there() -> None:
    assert all(hasattr(ports, name) for name in ports.__all__)


# a bow-on ram: a ship heading east, her bow against a ship lying north-south ahead of her
RAMMER = Hull(10.0, 10.0, 90.0, 6.0, 2.0)
RAMMED = Hull(14.0, 10.0, 0.0, 6.0, 2.0)


@pytest.mark.rules("CG-RAM-2", "CG-RAM-3", "CG-RAM-4")
@pytest.mark.parametrize(("mine", "theirs"), [("large", "small"), ("small", "large"), ("middling", "middling")])
@pytest.mark.parametrize("ram", [False, True])
def test_the_ram_forecast_is_the_charts_mean(mine: ports.SizeClass, theirs: ports.SizeClass, ram: bool) -> None:
    to_rammer, to_target = RAM_CHART[(mine, theirs)]
    f = ports.ram_forecast(mine, theirs, RAMMER, RAMMED, forward=True, ma_left=2, ram=ram, oared=False)
    assert f.dealt == 3.5 * to_target + 2 * MOMENTUM[mine] + (10.5 if ram else 0.0)
    assert f.taken == (0.0 if ram else 3.5 * to_rammer)


@pytest.mark.rules("CG-RAM-1", "CG-RAM-5", "CG-SIDE-4")
def test_the_ram_forecast_of_what_is_no_ram() -> None:
    assert ports.ram_forecast("large", "boat", RAMMER, RAMMED, forward=True, ma_left=0, ram=False, oared=False).dealt == math.inf  # run under
    turning = ports.ram_forecast("large", "large", RAMMER, RAMMED, forward=False, ma_left=3, ram=True, oared=True)
    assert turning == ports.RamForecast(0.0, 7.0)  # a sideswipe: the galley's oars
    assert ports.ram_forecast("boat", "large", RAMMER, RAMMED, forward=True, ma_left=3, ram=True, oared=False) == ports.RamForecast(0.0, 0.0)
