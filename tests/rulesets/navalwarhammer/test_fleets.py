"""Fleet files: a corpus of illegal fleets, each refused with the rule it breaks, the legal ones
accepted, ``grapeshot fleet check`` and the printable roster (``grapeshot print roster``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from grapeshot.cli import app
from grapeshot.rulesets.navalwarhammer.data import SIZES, UPGRADES, Size
from grapeshot.rulesets.navalwarhammer.fleets import builtin_fleet, builtin_fleets, read_fleet
from tests.rulesets.navalwarhammer.sea import fleet, ship

runner = CliRunner()

CAPTAIN = {"unit": "Captain of the Empire", "first_mate": True, "admiral": True}
HALBERDIERS = {"unit": "Halberdiers", "models": 15, "champion": True}
GUNNERS = {"unit": "Handgunners", "models": 10}
CANNON = {"unit": "Great Cannon", "mount": "port"}


def base() -> dict[str, Any]:
    """A legal Empire fleet of 1,000 points."""
    return fleet(
        ship("Sea Hawk", "medium", [CAPTAIN, HALBERDIERS, GUNNERS, CANNON], upgrades={"ram": 1, "castle": 1}),
        ship("Kestrel", "small", [{"unit": "Swordsmen", "models": 10}]),
        points=1000,
    )


def rules_of(data: dict[str, Any], **kw: Any) -> list[str | None]:
    _, problems = read_fleet(data, "test", **kw)
    return [p.rule for p in problems]


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    def do(d: dict[str, Any]) -> None:
        keys = path.split(".")
        node: Any = d
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        last = keys[-1]
        node[int(last) if last.isdigit() else last] = value

    return do


def _crew(i: int, *extra: dict[str, Any]) -> Mutation:
    def do(d: dict[str, Any]) -> None:
        d["ships"][i]["crew"].extend(copy.deepcopy(list(extra)))

    return do


def _ship(s: dict[str, Any]) -> Mutation:
    def do(d: dict[str, Any]) -> None:
        d["ships"].append(s)

    return do


DARK = {"army": "dark-elves"}
ORCS = {"army": "orcs-and-goblins"}

#: (what, change to the legal fleet, the rule it breaks); None names the army list or the file's format
CORPUS: list[tuple[str, Mutation, str | None]] = [
    ("a size that does not exist", _set("ships.0.size", "huge"), "NW-SHIP-2"),
    ("over the points limit", _set("points", 500), "NW-SHIP-2"),
    ("a points limit beyond any game", _set("points", 10**39), "NW-SHIP-2"),
    ("a points limit of nothing", _set("points", 0), "NW-SHIP-2"),
    ("more crew than the ship holds", _crew(1, {"unit": "Spearmen", "models": 10}), "NW-SHIP-3"),
    (
        "overcrowded, but more than twice the places",
        lambda d: (d["ships"][1].update(overcrowded=True), d["ships"][1]["crew"].append({"unit": "Spearmen", "models": 15})),
        "NW-CROWD-1",
    ),
    ("a castle on a dinghy", _ship(ship("Tub", "dinghy", [{"unit": "Master Engineer"}], upgrades={"castle": 1})), "NW-UPG-6"),
    ("three castles on a medium ship", _set("ships.0.upgrades", {"castle": 3}), "NW-UPG-6"),
    ("an extra mast on a dinghy", _ship(ship("Tub", "dinghy", [{"unit": "Master Engineer"}], upgrades={"extra-mast": 1})), "NW-UPG-1"),
    ("two extra masts on a small ship", _set("ships.1.upgrades", {"extra-mast": 2}), "NW-UPG-1"),
    ("steam given as a way of moving", _set("ships.1.propulsion", "steam"), "NW-UPG-2"),
    ("two steam engines", _set("ships.0.upgrades", {"steam-engine": 2}), "NW-UPG-2"),
    ("heavy timbers on a dinghy", _ship(ship("Tub", "dinghy", [{"unit": "Master Engineer"}], upgrades={"heavy-timbers": 1})), "NW-UPG-3"),
    ("two magical figureheads in one fleet", lambda d: [s.setdefault("upgrades", {}).update({"magical-figurehead": 1}) for s in d["ships"]], "NW-UPG-4"),
    ("a ram on a small ship", _set("ships.1.upgrades", {"ram": 1}), "NW-UPG-5"),
    ("a ram on a dinghy", _ship(ship("Tub", "dinghy", [{"unit": "Master Engineer"}], upgrades={"ram": 1})), "NW-UPG-5"),
    ("two rams on a medium ship", _set("ships.0.upgrades", {"ram": 2}), "NW-UPG-5"),
    ("a crow's nest with no infantry to sit in it", lambda d: d["ships"][0].update(upgrades={"crows-nest": 1}, lookout="Great Cannon"), "NW-UPG-8"),
    ("a First Mate as a ship's upgrade", _set("ships.1.upgrades", ["first-mate"]), "NW-UPG-7"),
    (
        "a First Mate and a standard on one choice",
        _set("ships.0.crew.1", {"unit": "Halberdiers", "models": 15, "champion": True, "first_mate": True, "standard": True}),
        "NW-UPG-7",
    ),
    ("two First Mates on one ship", _set("ships.0.crew.1", {"unit": "Halberdiers", "models": 15, "champion": True, "first_mate": True}), "NW-UPG-7"),
    ("a First Mate for a war machine", _set("ships.0.crew.3", {"unit": "Great Cannon", "mount": "port", "first_mate": True}), "NW-UPG-7"),
    ("a First Mate beside a standard bearer", _set("ships.0.crew.2", {"unit": "Handgunners", "models": 10, "standard": True}), "NW-UPG-7"),
    ("below decks on a small ship", _set("ships.1.crew.0", {"unit": "Swordsmen", "models": 10, "deck": "lower"}), "NW-CREW-2"),
    ("a war machine below decks", _set("ships.0.crew.3", {"unit": "Great Cannon", "mount": "port", "deck": "lower"}), "NW-CREW-2"),
    ("no minimum crew", _ship(ship("Gunboat", "medium", [{"unit": "Great Cannon", "mount": "bow"}])), "NW-CREW-1"),
    (
        "stupid models do not make up the minimum crew",
        lambda d: d.update(ORCS, ships=[ship("Troll Boat", "small", [{"unit": "Trolls", "models": 3}])]),
        "NW-CREW-1",
    ),
    (
        "a steam ship short even of half its minimum crew",
        _ship(ship("Steamer", "medium", [{"unit": "Master Engineer"}, {"unit": "Captain of the Empire"}], upgrades={"steam-engine": 1})),
        "NW-UPG-2",
    ),
    ("three of one special choice on a medium ship", _crew(0, *([{"unit": "Great Cannon", "mount": "bow"}] * 2)), "NW-SLOT-1"),
    ("two special choices on a small ship", _crew(1, {"unit": "Great Cannon", "mount": "bow"}, {"unit": "Great Cannon", "mount": "stern"}), "NW-SLOT-1"),
    ("two rare choices on a medium ship", _crew(0, {"unit": "Stone Thrower", "mount": "bow"}, {"unit": "Stone Thrower", "mount": "stern"}), "NW-SLOT-1"),
    ("a rare choice on a small ship", _crew(1, {"unit": "Bolt Thrower", "mount": "bow"}), "NW-SLOT-1"),
    (
        "three two-for-one bolt throwers on a small ship",
        lambda d: d.update(
            DARK, ships=[ship("Reaver", "small", [{"unit": "Corsairs", "models": 10}, *([{"unit": "Reaper Bolt Thrower", "mount": "bow"}] * 3)])]
        ),
        "NW-SLOT-1",
    ),
    (
        "a cannon is rare for the Orcs: none on a small ship",
        lambda d: d.update(ORCS, ships=[ship("Boat", "small", [{"unit": "Orc Boyz", "models": 10}, {"unit": "Cannon", "mount": "bow"}])]),
        "NW-SLOT-1",
    ),
    ("a war machine with no mount", _set("ships.0.crew.3", {"unit": "Great Cannon"}), "NW-CANNON-2"),
    ("a mount for infantry", _set("ships.1.crew.0", {"unit": "Swordsmen", "models": 10, "mount": "bow"}), "NW-CANNON-2"),
    ("a boat on a small ship", _set("ships.1.boats", 1), "NW-LAUNCH-1"),
    ("two boats on a medium ship", _set("ships.0.boats", 2), "NW-LAUNCH-1"),
    ("a magic ship with no wizard", _set("ships.1.propulsion", "magic"), "NW-MOVE-5"),
    ("a magician who is no wizard", lambda d: d["ships"][1].update(wizard="Swordsmen"), "NW-MOVE-5"),
    ("a way of moving that does not exist", _set("ships.1.propulsion", "balloon"), "NW-MOVE-1"),
    ("two admirals", _set("ships.1.crew", [{"unit": "Swordsmen", "models": 10}, {"unit": "Captain of the Empire", "admiral": True}]), "NW-SHIP-4"),
    ("an admiral who is no character", _set("ships.1.crew.0", {"unit": "Swordsmen", "models": 10, "admiral": True}), "NW-SHIP-4"),
    ("a choice the army does not have", _crew(1, {"unit": "Black Orcs", "models": 10}), None),
    ("too few models for the choice", _set("ships.1.crew.0", {"unit": "Swordsmen", "models": 5}), None),
    ("an upgrade that does not exist", _set("ships.1.upgrades", ["sails of gold"]), None),
    ("a misspelt field", _set("ships.1.upgardes", ["ram"]), None),
    ("two ships of one name", _set("ships.1.name", "Sea Hawk"), None),
    ("a ship's name with a control character", _set("ships.1.name", "Kes\x07trel"), None),
    ("a ship's name with a space at its end", _set("ships.1.name", "Kestrel "), None),
    ("a fleet's name of 200,000 characters", _set("name", "F" * 200_000), None),
]


def test_the_base_fleet_is_legal() -> None:
    assert rules_of(base()) == []


@pytest.mark.rules(
    "NW-SHIP-2",
    "NW-SHIP-3",
    "NW-SLOT-1",
    "NW-SLOT-2",
    "NW-UPG-1",
    "NW-UPG-2",
    "NW-UPG-3",
    "NW-UPG-4",
    "NW-UPG-5",
    "NW-UPG-6",
    "NW-UPG-7",
    "NW-UPG-8",
    "NW-CROWD-1",
    "NW-CREW-1",
    "NW-CREW-2",
    "NW-CANNON-2",
    "NW-LAUNCH-1",
    "NW-MOVE-5",
    "NW-SHIP-4",
)
@pytest.mark.parametrize(("what", "change", "rule"), CORPUS, ids=[c[0] for c in CORPUS])
def test_every_illegal_fleet_is_refused_with_the_rule_it_breaks(what: str, change: Mutation, rule: str | None) -> None:
    data = base()
    change(data)
    found = rules_of(data)
    assert found, f"{what}: accepted"
    assert rule in found, f"{what}: refused under {found}, not {rule}"


@pytest.mark.parametrize(("what", "change", "rule"), CORPUS, ids=[c[0] for c in CORPUS])
def test_fleet_check_names_the_rule_of_every_problem_of_every_corpus_fleet(tmp_path: Path, what: str, change: Mutation, rule: str | None) -> None:
    """``grapeshot fleet check FILE`` on each fleet of the corpus: exit 1, the rule it breaks
    among the problems, each problem line led by its rule (or ``format``) and the same problems
    in ``--json``."""
    data = base()
    change(data)
    path = str(write(tmp_path, data))
    as_json = runner.invoke(app, ["fleet", "check", "--json", path])
    assert as_json.exit_code == 1, f"{what}: {as_json.output}"
    problems = json.loads(as_json.stdout)["problems"]
    assert rule in {p["rule"] for p in problems}, f"{what}: {problems}"
    said = runner.invoke(app, ["fleet", "check", path])
    assert said.exit_code == 1 and "Traceback" not in said.output
    text = " ".join(said.output.split())
    for p in problems:
        assert f"{p['rule'] or 'format'} {p['where']}" in text, f"{what}: {p} not in {text}"


@pytest.mark.rules("NW-SHIP-2")
def test_the_scenario_sets_the_points_limit_not_the_fleet() -> None:
    """A fleet's ``points`` is the limit it was built to; the game is played at the scenario's
    (option points_limit): a fleet built to more, or costing more, is refused naming both numbers,
    and the same fleet plays where the game's limit is high enough."""
    from grapeshot.core.errors import ScenarioError
    from grapeshot.core.game import Game
    from grapeshot.core.scenario import parse_text
    from tests.hostile.corpus import ARMADA_COST, EMPIRE, armada, nw_duel_with

    sc = parse_text(nw_duel_with(armada()), "the duel")
    with pytest.raises(
        ScenarioError, match=rf"fleets\[0\]\.fleet: expected a fleet within this game's points limit of 1000 .*not one that costs {ARMADA_COST} points"
    ):
        Game("navalwarhammer", sc)
    with pytest.raises(ScenarioError, match="not one built to 100000 points"):  # it fits a game of 4,000, but says 100,000
        Game("navalwarhammer", sc, {"points_limit": 4000})
    bigger = parse_text(nw_duel_with(armada(4000)), "the duel")
    assert Game("navalwarhammer", bigger, {"points_limit": 4000}).options["points_limit"] == 4000  # a game of its size takes it
    built_big = parse_text(nw_duel_with(dict(EMPIRE, points=1500)), "the duel")
    with pytest.raises(ScenarioError, match=r"built to this game's points limit of 1000 or less .*not one built to 1500 points"):
        Game("navalwarhammer", built_big)
    Game("navalwarhammer", parse_text(nw_duel_with(dict(EMPIRE, points=1000)), "the duel"))  # built to the limit: plays
    with pytest.raises(ScenarioError, match=r"options.points_limit: expected a value from 1 to 100000"):
        Game("navalwarhammer", sc, {"points_limit": 10**39})


def test_the_corpus_is_large() -> None:
    assert len(CORPUS) >= 30
    assert len({r for _, _, r in CORPUS if r}) >= 18


@pytest.mark.rules("NW-SLOT-1")
def test_slot_limits_per_duplicate_or_in_all() -> None:
    """A medium ship with two different special choices: legal per duplicate (the default), not
    in all (option slot_limits: total, at most 2 special choices in all... with three here)."""
    d = base()
    d["ships"][0]["crew"] += [{"unit": "Huntsmen", "models": 5}, {"unit": "Great Cannon", "mount": "stern"}]
    d["ships"][0]["upgrades"] = {"castle": 2}
    assert rules_of(d) == []
    assert "NW-SLOT-1" in rules_of(d, slot_limits="total")


@pytest.mark.rules("NW-SLOT-2", "NW-SLOT-1")
def test_two_for_one_war_machines_fill_a_slot_in_pairs() -> None:
    """Reaper bolt throwers are special for the Dark Elves and taken two for one choice: two fit a
    small ship's single special slot."""
    d = fleet(
        ship(
            "Reaver",
            "small",
            [{"unit": "Corsairs", "models": 10}, {"unit": "Reaper Bolt Thrower", "mount": "bow"}, {"unit": "Reaper Bolt Thrower", "mount": "stern"}],
        ),
        army="dark-elves",
    )
    assert rules_of(d) == []


@pytest.mark.rules("NW-UPG-2")
def test_steam_halves_the_minimum_crew_and_small_steamers_are_for_three_armies() -> None:
    medium = SIZES[Size.MEDIUM].minimum_crew
    crew = [{"unit": "Master Engineer"}, {"unit": "Captain of the Empire"}, {"unit": "Battle Wizard"}]
    assert len(crew) == -(-medium // 2)
    assert rules_of(fleet(ship("Steamer", "medium", crew, upgrades={"steam-engine": 1}))) == []
    assert "NW-CREW-1" in rules_of(fleet(ship("Sailer", "medium", crew)))
    dwarf = fleet(ship("Puffer", "dinghy", [{"unit": "Thane"}], upgrades={"steam-engine": 1}, propulsion="oars"), army="dwarfs")
    assert rules_of(dwarf) == []
    elves = fleet(ship("Puffer", "dinghy", [{"unit": "Master"}], upgrades={"steam-engine": 1}, propulsion="oars"), army="dark-elves")
    assert "NW-UPG-2" in rules_of(elves)


@pytest.mark.rules("NW-SHIP-2", "NW-UPG-1", "NW-UPG-5", "NW-UPG-6", "NW-LAUNCH-1")
def test_points_add_up_hulls_upgrades_boats_and_crews() -> None:
    d = base()
    d["ships"][0]["upgrades"] = {"ram": 1, "castle": 1, "extra-mast": 2}
    d["ships"][0]["boats"] = 1
    spec, problems = read_fleet(d, "test")
    assert problems == [] and spec is not None
    crew = 50 + 25 + 15 * 6 + 10 + 10 * 8 + 100
    assert spec.ships[0].points == 250 + 40 + 15 + 60 + 50 + crew
    assert spec.ships[1].points == 125 + 70
    assert {s.size: s.points for s in SIZES.values()} == {Size.DINGHY: 50, Size.SMALL: 125, Size.MEDIUM: 250, Size.LARGE: 400}
    assert UPGRADES["steam-engine"].cost == {Size.DINGHY: 25, Size.SMALL: 50, Size.MEDIUM: 75, Size.LARGE: 100}
    assert UPGRADES["heavy-timbers"].cost[Size.LARGE] == 60 and UPGRADES["crows-nest"].cost[Size.SMALL] == 25


@pytest.mark.rules("NW-SHIP-3", "NW-UPG-6", "NW-CROWD-1")
def test_capacity_counts_places_by_troop_type() -> None:
    """Infantry 1, monstrous infantry 3; a castle +10; overcrowded twice."""
    trolls = fleet(ship("Raft", "small", [{"unit": "Orc Boyz", "models": 10}, {"unit": "Trolls", "models": 3}]), army="orcs-and-goblins")
    assert "NW-SHIP-3" in rules_of(trolls)  # 10 + 9 > 12
    trolls["ships"][0]["upgrades"] = {"castle": 1}
    assert rules_of(trolls) == []  # 19 <= 22
    crowded = fleet(ship("Raft", "small", [{"unit": "Orc Boyz", "models": 20}]), army="orcs-and-goblins")
    assert "NW-SHIP-3" in rules_of(crowded)
    crowded["ships"][0]["overcrowded"] = True
    assert rules_of(crowded) == []


@pytest.mark.parametrize("name", builtin_fleets())
def test_the_built_in_fleets_are_legal(name: str) -> None:
    spec, problems = read_fleet(builtin_fleet(name), f"navalwarhammer:{name}")
    assert problems == [] and spec is not None
    assert spec.points <= spec.limit == 1000


def test_a_broken_file_is_refused_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    result = runner.invoke(app, ["fleet", "check", str(tmp_path / "bad.yaml")])
    assert result.exit_code == 2 and "line 2, column 1: expected valid YAML" in " ".join(result.output.split()), result.output


# --------------------------------------------------------------------------- the command line


def write(tmp_path: Path, data: dict[str, Any], name: str = "fleet.yaml") -> Path:
    p = tmp_path / name
    # each value written out (a value the corpus shares would be a YAML alias, which no fleet file may hold)
    p.write_text(yaml.safe_dump(json.loads(json.dumps(data))), encoding="utf-8")
    return p


@pytest.mark.rules("NW-UPG-5")
def test_fleet_check_names_the_rule_each_error_breaks(tmp_path: Path) -> None:
    bad = base()
    bad["ships"][1]["upgrades"] = {"ram": 1}
    bad["points"] = 500
    result = runner.invoke(app, ["fleet", "check", str(write(tmp_path, bad))])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert "NW-UPG-5" in said and "NW-SHIP-2" in said and "2 problem(s)" in said
    result = runner.invoke(app, ["fleet", "check", "--json", str(write(tmp_path, bad))])
    data = json.loads(result.stdout)
    assert {p["rule"] for p in data["problems"]} == {"NW-UPG-5", "NW-SHIP-2"} and data["legal"] is False
    ok = runner.invoke(app, ["fleet", "check", str(write(tmp_path, base(), "ok.yaml"))])
    assert ok.exit_code == 0 and "1000 points" in ok.output.replace("\n", " ")


def test_fleet_check_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fleet", "check", str(tmp_path / "missing.yaml")])
    assert result.exit_code == 2 and "expected a file that can be opened" in " ".join(result.output.split()) and "Traceback" not in result.output
    result = runner.invoke(app, ["fleet", "check", "--ruleset", "jimlad", str(tmp_path / "missing.yaml")])
    assert result.exit_code == 2 and "reads no fleet files" in " ".join(result.output.split())


def test_the_roster_is_a_printable_page(tmp_path: Path) -> None:
    out = tmp_path / "roster.html"
    result = runner.invoke(app, ["print", "roster", str(write(tmp_path, base())), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "Sea Hawk" in page and "Halberdiers" in page and "NW-SHIP-5" in page and "window.print()" in page
    bad = base()
    bad["points"] = 10
    result = runner.invoke(app, ["print", "roster", str(write(tmp_path, bad, "bad.yaml"))])
    assert result.exit_code == 1 and "NW-SHIP-2" in " ".join(result.output.split())


@pytest.mark.rules("NW-CROWD-1", "NW-UPG-6")
def test_an_overcrowded_ship_holds_twice_a_normal_ship_of_her_size_and_her_castles_once() -> None:
    """NW-CROWD-1: "twice as many models as a normal ship of that size": a small ship with a
    castle holds 2 x 12 + 10 = 34 overcrowded (issue 24: it held 44, the castle doubled too);
    option ``overcrowded_capacity`` ``ship`` doubles her own capacity, castles and all."""
    barge = fleet(ship("Barge", "small", [{"unit": "Orc Boyz", "models": 34}], upgrades={"castle": 1}, overcrowded=True), army="orcs-and-goblins")
    spec, problems = read_fleet(barge, "test")
    assert problems == [] and spec is not None and spec.ships[0].capacity == 34
    barge["ships"][0]["crew"][0]["models"] = 35
    assert "NW-CROWD-1" in rules_of(barge)
    assert rules_of(barge, overcrowded_capacity="ship") == []
    spec, _ = read_fleet(barge, "test", overcrowded_capacity="ship")
    assert spec is not None and spec.ships[0].capacity == 44
