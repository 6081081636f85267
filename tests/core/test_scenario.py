"""Scenarios: the built-in ones load and play; malformed ones are rejected with the source,
the field path and what was expected."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import builtin_scenarios, load_scenario, parse_scenario, parse_text
from grapeshot.geometry import Hull, hull_hits_polygon, hulls_overlap

SOURCE = "bad.yaml"


def base() -> dict[str, Any]:
    """A small valid scenario: two ships on a 120" x 72" table with one island."""
    return {
        "name": "test",
        "ruleset": "jimlad",
        "table": {"width": 120, "height": 72},
        "terrain": [{"kind": "island", "name": "Skull Rock", "polygon": [[55, 30], [65, 30], [65, 42], [55, 42]]}],
        "seats": [{"id": "red"}, {"id": "blue"}],
        "fleets": [
            {"seat": "red", "klan": "goffs", "ships": [{"name": "Red", "x": 20, "y": 36, "heading": 0}, {"name": "Red Two", "x": 20, "y": 20, "heading": 0}]},
            {"seat": "blue", "klan": "evil-sunz", "ships": [{"name": "Blue", "x": 100, "y": 36, "heading": 180}]},
        ],
        "options": {},
    }


def game_of(data: dict[str, Any]) -> Game:
    return Game("jimlad", parse_scenario(data, SOURCE), seed=1)


def rejects(build: Callable[[], object], field: str, *expected: str, source: str = SOURCE) -> ScenarioError:
    """``build`` raises a ScenarioError naming ``source``, ``field`` and the ``expected`` words."""
    with pytest.raises(ScenarioError) as caught:
        build()
    err = caught.value
    message = str(err)
    assert err.source == source and message.startswith(f"{source}: "), message
    assert err.field == field and f": {field}: expected " in message, message
    for words in expected:
        assert words in message, message
    return err


# --------------------------------------------------------------------------- the built-in scenarios


def test_builtin_scenarios_are_listed() -> None:
    names = builtin_scenarios("jimlad")
    assert "duel" in names and "brawl" in names


@pytest.mark.parametrize(("name", "seats", "ships", "obstacles"), [("duel", 2, 2, 0), ("brawl", 4, 4, 4)])
def test_builtin_scenarios_load_and_set_up(name: str, seats: int, ships: int, obstacles: int) -> None:
    sc = load_scenario(name, "jimlad")
    assert sc.name == name and sc.ruleset == "jimlad"
    assert sc.source == f"jimlad:{name}"
    assert len(sc.seats) == seats and len(sc.fleets) == seats
    g = Game("jimlad", sc, seed=1)
    state = g.state
    assert len(state.ships) == ships
    assert len(state.obstacles) == obstacles
    # every ship starts wholly on the table, clear of every other ship and obstacle
    hulls: list[Hull] = [s.hull for s in state.ships.values()]
    for i, h in enumerate(hulls):
        assert sc.table.holds(h)
        assert not any(hulls_overlap(h, other) for other in hulls[i + 1 :])
        assert not any(hull_hits_polygon(h, ob.shape) for ob in state.obstacles)
    assert g.ruleset.invariants(g) == []
    # the game waits for every seat's sealed orders
    assert isinstance(g.prompt, Prompt)
    assert set(g.waiting_for()) == {s.id for s in sc.seats}
    assert not g.over


def test_brawl_terrain() -> None:
    sc = load_scenario("brawl", "jimlad")
    kinds = sorted(t.kind for t in sc.terrain)
    assert kinds == ["dock", "harbour", "island", "island", "island", "landing_pad", "landing_pad"]
    rock = next(t for t in sc.terrain if t.name == "Skull Rock")
    assert rock.is_obstacle and rock.props.get("treasure") is True and rock.shape is not None
    harbour = sc.terrain_of("harbour")[0]
    assert not harbour.is_obstacle
    pads = sc.terrain_of("landing_pad")
    assert all(p.point is not None and p.shape is None for p in pads)
    squig = next(t for t in sc.terrain if t.name == "Squig Isle")
    assert squig.shape is not None and len(squig.shape.points) == 16


def test_a_scenario_file_loads_like_the_builtin(tmp_path: Path) -> None:
    from importlib import resources

    text = resources.files("grapeshot.rulesets.jimlad.scenarios").joinpath("duel.yaml").read_text(encoding="utf-8")
    path = tmp_path / "my duel.yaml"
    path.write_text(text, encoding="utf-8")
    from_file = load_scenario(str(path))
    builtin = load_scenario("duel", "jimlad")
    assert from_file.source == str(path)
    assert from_file.raw == builtin.raw
    a = Game("jimlad", from_file, seed=3)
    b = Game("jimlad", builtin, seed=3)
    assert [e.data for e in a.events] == [e.data for e in b.events]


def test_a_ship_alongside_the_dock_line_is_clear_of_it() -> None:
    # the ship's sides lie on the lines of the dock's north and south edges, 0.2" short of it
    data = base()
    data["terrain"] = [{"kind": "dock", "name": "Dock", "polygon": [[60, 32], [84, 32], [84, 36], [60, 36]]}]
    data["fleets"][0]["ships"] = [{"name": "Red", "x": 54.8, "y": 34, "heading": 0}]
    g = game_of(data)
    assert g.state.ships["Red"].hull.x == 54.8


# --------------------------------------------------------------------------- malformed scenarios


def test_missing_table() -> None:
    data = base()
    del data["table"]
    rejects(lambda: parse_scenario(data, SOURCE), "table", "required")


@pytest.mark.parametrize(("key", "value"), [("width", -5), ("width", 0), ("height", 1000), ("width", "wide"), ("height", True)])
def test_bad_table_size(key: str, value: object) -> None:
    data = base()
    data["table"][key] = value
    rejects(lambda: parse_scenario(data, SOURCE), f"table.{key}", "in inches")


def test_negative_width_names_the_limits() -> None:
    data = base()
    data["table"]["width"] = -5
    rejects(lambda: parse_scenario(data, SOURCE), "table.width", "a width in inches between 12 and 600", "got -5")


def test_terrain_polygon_with_two_points() -> None:
    data = base()
    data["terrain"][0]["polygon"] = [[10, 10], [20, 10]]
    rejects(lambda: parse_scenario(data, SOURCE), "terrain[0].polygon", "at least 3")


def test_terrain_polygon_without_area() -> None:
    data = base()
    data["terrain"][0]["polygon"] = [[10, 10], [20, 10], [30, 10]]
    rejects(lambda: parse_scenario(data, SOURCE), "terrain[0].polygon", "non-zero area")


def test_terrain_point_that_is_not_a_point() -> None:
    data = base()
    data["terrain"][0]["polygon"] = [[10, 10], [20, 10], [20, "x"]]
    rejects(lambda: parse_scenario(data, SOURCE), "terrain[0].polygon[2]", "a point [x, y]")


def test_unknown_terrain_kind() -> None:
    data = base()
    data["terrain"][0]["kind"] = "volcano"
    rejects(lambda: parse_scenario(data, SOURCE), "terrain[0].kind", "one of ['island', 'dock', 'harbour', 'landing_pad']", "'volcano'")


def test_terrain_off_the_table() -> None:
    data = base()
    data["terrain"][0]["polygon"] = [[110, 60], [130, 60], [130, 70]]
    rejects(lambda: parse_scenario(data, SOURCE), "terrain[0]", "inside the table")


def test_terrain_without_a_shape() -> None:
    data = base()
    del data["terrain"][0]["polygon"]
    rejects(lambda: parse_scenario(data, SOURCE), "terrain[0]", "'polygon'")


def test_circle_radius_out_of_range() -> None:
    data = base()
    data["terrain"][0] = {"kind": "island", "circle": {"center": [30, 30], "radius": 0}}
    rejects(lambda: parse_scenario(data, SOURCE), "terrain[0].circle.radius", "between 0.1 and 200")


def test_duplicate_seat_id() -> None:
    data = base()
    data["seats"].append({"id": "red", "name": "Another Red"})
    rejects(lambda: parse_scenario(data, SOURCE), "seats[2].id", "a seat id used once", "'red'")


def test_no_seats() -> None:
    data = base()
    data["seats"] = []
    rejects(lambda: parse_scenario(data, SOURCE), "seats", "at least 1")


def test_fleet_for_an_unknown_seat() -> None:
    data = base()
    data["fleets"][1]["seat"] = "green"
    rejects(lambda: parse_scenario(data, SOURCE), "fleets[1].seat", "one of the seats ['blue', 'red']", "'green'")


def test_top_level_is_not_a_mapping() -> None:
    rejects(lambda: parse_scenario([1, 2], SOURCE), "(top level)", "a mapping")


# these are checked by the ruleset when a game is set up


def test_unknown_klan() -> None:
    data = base()
    data["fleets"][0]["klan"] = "space-marines"
    rejects(lambda: game_of(data), "fleets[0].klan", "goffs", "freebooterz", "'space-marines'")


def test_unknown_klan_of_one_ship() -> None:
    data = base()
    data["fleets"][0]["ships"][1]["klan"] = "tau"
    rejects(lambda: game_of(data), "fleets[0].ships[1].klan", "goffs", "'tau'")


def test_ship_off_the_table() -> None:
    data = base()
    data["fleets"][0]["ships"][0]["x"] = 3  # a 10" ship centred 3" from the edge
    rejects(lambda: game_of(data), "fleets[0].ships[0]", "a ship wholly on the table")


def test_two_ships_overlapping() -> None:
    data = base()
    data["fleets"][1]["ships"][0].update(x=25, y=37)
    rejects(lambda: game_of(data), "fleets[1].ships[0]", "a ship clear of Red", "'Blue'")


def test_ship_on_an_island() -> None:
    data = base()
    data["fleets"][1]["ships"][0].update(x=60, y=36)
    rejects(lambda: game_of(data), "fleets[1].ships[0]", "a ship clear of Skull Rock")


def test_ship_heading_not_a_number() -> None:
    data = base()
    data["fleets"][0]["ships"][1]["heading"] = "north"
    rejects(lambda: game_of(data), "fleets[0].ships[1].heading", "a heading in degrees", "'north'")


def test_ship_heading_out_of_range() -> None:
    data = base()
    data["fleets"][0]["ships"][1]["heading"] = 400
    rejects(lambda: game_of(data), "fleets[0].ships[1].heading", "a heading in degrees between -360 and 360")


def test_ship_too_long() -> None:
    data = base()
    data["fleets"][0]["ships"][0]["length"] = 30
    rejects(lambda: game_of(data), "fleets[0].ships[0].length", "JL-SHIP-1")


def test_ship_without_a_position() -> None:
    data = base()
    del data["fleets"][0]["ships"][0]["y"]
    rejects(lambda: game_of(data), "fleets[0].ships[0].y", "required")


def test_duplicate_ship_name() -> None:
    data = base()
    data["fleets"][1]["ships"][0]["name"] = "Red"
    rejects(lambda: game_of(data), "fleets[1].ships[0].name", "a ship name used once")


def test_seat_without_a_fleet() -> None:
    data = base()
    data["seats"].append({"id": "green"})
    rejects(lambda: game_of(data), "fleets", "a fleet for seat 'green'")


def test_unknown_option_name() -> None:
    data = base()
    data["options"] = {"grog_rations": 3}
    err = rejects(lambda: game_of(data), "options.grog_rations", "jimlad options", "grapeshot", "turn_limit")
    assert err.got == "grog_rations"


def test_option_value_out_of_its_choices() -> None:
    data = base()
    data["options"] = {"grapeshot": "cannonball"}
    rejects(lambda: game_of(data), "options.grapeshot", "one of ['template', 'd3']", "'cannonball'")


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("kannon_arc", "wide", "expected a number ("),
        ("kannon_arc", 500, "from 10 to 180"),
        ("turn_limit", 0, "from 1 to 100"),
        ("turn_limit", 2.5, "expected a whole number ("),
        ("turn_limit", True, "expected a whole number ("),
        ("riggers_repair_hull", "yes", "expected true or false ("),
        ("krak_scatter_bs", 4, "one of [2, 3]"),
    ],
)
def test_option_value_of_the_wrong_kind(name: str, value: object, words: str) -> None:
    data = base()
    data["options"] = {name: value}
    rejects(lambda: game_of(data), f"options.{name}", words)


def test_options_given_to_the_game_are_checked_too() -> None:
    sc = parse_scenario(base(), SOURCE)
    # the caller's options are blamed on the caller (the web table's house rules), not the scenario
    rejects(lambda: Game("jimlad", sc, {"turn_order": "alphabetical"}, seed=1), "options.turn_order", "one of ['rotate', 'fixed', 'roll']", source="options")
    rejects(lambda: Game("jimlad", sc, {"kannon_arc": "x"}, seed=1, options_source="house rules"), "options.kannon_arc", source="house rules")
    bad_file = parse_scenario({**base(), "options": {"turn_order": "alphabetical"}}, SOURCE)
    rejects(lambda: Game("jimlad", bad_file, {"turn_order": "fixed"}, seed=1), "options.turn_order")  # the file's own mistake is the file's
    g = Game("jimlad", sc, {"turn_order": "fixed", "kannon_arc": 120}, seed=1)
    assert g.options["turn_order"] == "fixed" and g.options["kannon_arc"] == 120.0
    assert g.options["grapeshot"] == "template"  # untouched options keep their defaults


def test_invalid_yaml_names_line_and_column() -> None:
    text = "name: broken\nruleset: jimlad\ntable: {width: 120, height: 72\nseats: []\n"
    err = rejects(lambda: parse_text(text, "broken.yaml"), err_field(text), "valid YAML", source="broken.yaml")
    assert err.field.startswith("line ") and ", column " in err.field


def err_field(text: str) -> str:
    """The 'line L, column C' that PyYAML reports for ``text`` (computed independently)."""
    import yaml

    try:
        yaml.safe_load(text)
    except yaml.MarkedYAMLError as e:
        assert e.problem_mark is not None
        return f"line {e.problem_mark.line + 1}, column {e.problem_mark.column + 1}"
    raise AssertionError("the text parsed")


def test_invalid_yaml_tab_indent() -> None:
    text = "name: x\nruleset: jimlad\ntable:\n\twidth: 12\n"
    err = rejects(lambda: parse_text(text, "tabs.yaml"), err_field(text), "valid YAML", source="tabs.yaml")
    assert err.field.startswith("line 4")


def test_missing_file() -> None:
    missing = "/nonexistent/grapeshot/no such scenario.yaml"
    rejects(lambda: load_scenario(missing), "(file)", "a file that can be opened", source=missing)


def test_unknown_builtin_name() -> None:
    rejects(lambda: load_scenario("armada", "jimlad"), "(scenario)", "duel", "brawl", source="armada")


def test_setting_up_leaves_the_scenario_data_alone() -> None:
    data = base()
    before = copy.deepcopy(data)
    data["options"] = {"grapeshot": "d3"}
    game_of(data)
    data["options"] = {}
    assert data == before
