"""The scenario editor's description of a rule set's scenarios (``core/editing.py``): the default
a rule set gets without a form of its own is derived from its terrain kinds and its built-in
scenarios' fleets, so the editor serves a rule set that says nothing about it."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path
from typing import ClassVar

from grapeshot.core.capabilities import TerrainKind
from grapeshot.core.editing import DEFAULT_TABLE, default_form
from grapeshot.core.ruleset import Option
from tests.toy import ToyRace

SCENARIO = """
name: regatta
ruleset: toy
table: {width: 40, height: 30}
seats: [{id: red}, {id: blue}]
fleets:
  - seat: red
    crew: 3
    boats:
      - {name: Swift, x: 5, y: 10, heading: 0, length: 5, width: 2, sail: red}
  - seat: blue
    boats:
      - {name: Gull, x: 35, y: 10, heading: 180}
"""


def test_a_rule_set_without_a_form_of_its_own_is_described_from_what_it_declares(tmp_path: Path) -> None:
    (tmp_path / "regatta.yaml").write_text(SCENARIO, encoding="utf-8")

    class Described(ToyRace):
        options: ClassVar[tuple[Option, ...]] = (*ToyRace.options, Option("turn_limit", 5, None, "TY-WIN-2", "turns before the result", int, (1, 9)))

        def terrain_kinds(self) -> tuple[TerrainKind, ...]:
            return (TerrainKind("buoy", ("circle", "point")), TerrainKind("reef", obstacle=True, fields=("depth",)))

        def scenarios(self) -> Traversable:
            return tmp_path

    form = Described().scenario_form().to_json()
    assert form["table"] == {"min": 12, "max": 600, "width": 40, "height": 30}
    assert [(k["kind"], k["shapes"], k["obstacle"], [f["name"] for f in k["fields"]]) for k in form["terrain"]] == [
        ("buoy", ["circle", "point"], False, []),
        ("reef", ["polygon", "circle"], True, ["depth"]),
    ]
    (boats,) = form["pieces"]  # the list whose items stand on the table; not "crew", a number
    assert boats["key"] == "boats" and not boats["fixed"]
    (kind,) = boats["kinds"]
    assert kind["template"] == {"length": 5, "width": 2, "sail": "red"} and (kind["length"], kind["width"]) == (5, 2)
    assert form["objectives"] == ["turn_limit"]


def test_a_rule_set_with_no_scenarios_is_described_by_its_terrain_alone() -> None:
    form = default_form(ToyRace())
    assert form.pieces == () and form.table == DEFAULT_TABLE and form.objectives == ()
