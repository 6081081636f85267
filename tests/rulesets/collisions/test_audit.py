"""The collisions module's auditor (rulesets/collisions/audit.py): every built-in Wooden Ships
scenario played with the module by random and heuristic players audits clean, and for each check a
played log with one record altered (a ram from a standstill, a grapple misjudged, a swimmer
swimming too far...) yields exactly that finding, with its rule, at that record (the shape of
``tests/rulesets/altered.py``).
"""

from __future__ import annotations

import ast
from importlib import resources

import pytest

from grapeshot.core.audit import audit_game
from grapeshot.core.module import get_module
from grapeshot.core.scenario import builtin_scenarios
from grapeshot.rulesets.collisions.audit import AUDITOR, CHECKS
from tests.rulesets.altered import Case, Log, Rec, bump, flip, games_with, has, played, put, records, run, standstill

SEEDS = (0, 1)
PLAYERS = ("random", "heuristic")
HOST = "woodenships"
SCENARIOS = builtin_scenarios(HOST)


@pytest.fixture(scope="module")
def pool() -> list[list[Rec]]:
    """A game of every built-in scenario of the host with the module, for each kind of player and seed."""
    return [records(played(HOST, sc, p, seed, ["collisions"])) for sc in SCENARIOS for p in PLAYERS for seed in SEEDS]


def one(case: Case, pool: list[list[Rec]]) -> None:
    run(case, pool, [AUDITOR])


@pytest.mark.rules("CG-RAM-1", "CG-GRAP-2", "CG-SWIM-1")
@pytest.mark.parametrize("players", PLAYERS)
def test_every_scenario_with_the_module_audits_clean(players: str) -> None:
    for sc in SCENARIOS:
        for seed in SEEDS:
            g = played(HOST, sc, players, seed, ["collisions"])
            found = audit_game(g)
            assert found == [], f"{sc} {players} seed {seed}: {[f.said() for f in found[:5]]}"


@pytest.mark.rules("CG-RAM-1")
def test_the_harbour_host_audits_clean() -> None:
    """Over another host's log too (the harbour, the module's test host: its moves log a ``to``
    and the inches ``travelled``, no ``frm``).  Seed 0 once had a galley lying against a brig,
    never moving, ram it at full momentum."""
    import tests.rulesets.collisions.harbour  # noqa: F401  (registers the host)
    from grapeshot.agents import make, play_out
    from grapeshot.core.game import Game
    from tests.rulesets.collisions.support import brawl

    for seed in range(4):
        sc = brawl()
        g = Game("harbour", sc, seed=seed)
        play_out(g, {s.id: make("random", seed * 7 + k, "harbour") for k, s in enumerate(sc.seats)})
        found = audit_game(g)
        assert found == [], f"seed {seed}: {[f.said() for f in found[:5]]}"


def test_the_module_offers_its_auditor_with_a_check_for_each_rule_it_names() -> None:
    mod = get_module("collisions")
    assert mod.auditor() is AUDITOR
    book = set(mod.rulebook().entries)
    assert set(CHECKS) <= book, sorted(set(CHECKS) - book)


def test_the_auditor_calls_none_of_the_modules_code_and_names_no_host() -> None:
    src = resources.files("grapeshot.rulesets.collisions").joinpath("audit.py").read_text()
    for node in ast.walk(ast.parse(src)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        for name in names:
            assert not name.startswith("grapeshot") or name == "grapeshot.core.audit", name
    for host in ("woodenships", "jimlad", "navalwarhammer", "Wooden Ships"):
        assert host not in src


def larger_conforms(log: Log, i: int) -> None:
    r = log.edit(i)
    r["conforming"] = r["larger"]


def one_grappler(log: Log, i: int) -> None:
    r = log.edit(i)
    r["grapplers"] = r["grapplers"][:1]


def far_swim(log: Log, i: int) -> None:
    r = log.edit(i)
    r["at"] = [round(r["before"][0] + 2.5, 4), r["before"][1]]


CASES: list[Case] = [
    Case("CG-RAM-1", "collisions.ram", standstill("rammer"), tries=30),
    Case("CG-RAM-1", "collisions.ram", put(rammer_class="boat"), has(sunk=False)),
    Case("CG-RAM-2", "collisions.ram", bump("to_target"), has(sunk=False)),
    Case("CG-RAM-2", "collisions.ram", put(chart=[2, 2]), has(sunk=False, ram=False)),
    Case("CG-RAM-3", "collisions.ram", bump("momentum", "to_target"), has(sunk=False)),
    Case("CG-RAM-4", "collisions.ram", bump("ram_damage", "to_target"), has(ram=True)),
    Case("CG-RAM-5", "collisions.ram", put(sunk=False), has(sunk=True)),
    Case("CG-SIDE-1", "collisions.sideswipe", larger_conforms, lambda log, i: log[i]["larger"] not in (None, log[i]["conforming"])),
    Case("CG-GRAP-1", "collisions.grapple", one_grappler, lambda log, i: len(log[i]["grapplers"]) == 2),
    Case("CG-GRAP-2", "collisions.grapple", flip("held")),
    Case("CG-GRAP-3", "collisions.together", larger_conforms, lambda log, i: log[i]["larger"] not in (None, log[i]["conforming"])),
    Case("CG-BOARD-1", "collisions.initiative", flip("at_once")),
    Case("CG-BOARD-4", "collisions.capture", put(prize_captain="nobody")),
    Case("CG-BOARD-5", "collisions.mishap", put(roll=1), has(result="aboard")),
    Case("CG-SWIM-1", "collisions.sink-or-swim", flip("drowned"), has(drowned=True)),
    Case("CG-SWIM-1", "collisions.swim", far_swim),
    Case("CG-SWIM-2", "collisions.afloat", flip("sank"), has(sank=True)),
]


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.rules(c.rule), id=f"{c.rule}-{c.kind}-{k}") for k, c in enumerate(CASES)])
def test_one_record_altered_is_found(case: Case, pool: list[list[Rec]]) -> None:
    one(case, pool)


@pytest.mark.rules("CG-SIDE-4")
def test_oars_misread_are_found() -> None:
    """Galley fights in which a galley with its sweeps out is sideswiped (the first random games that have one)."""
    galleys = games_with(HOST, "galley-fight", "collisions.oars", ["collisions"])
    one(Case("CG-SIDE-4", "collisions.oars", flip("double")), galleys)
    one(Case("CG-SIDE-4", "collisions.oars", bump("damage")), galleys)


def test_every_check_has_a_case() -> None:
    covered = {c.rule for c in CASES} | {"CG-SIDE-4"}
    assert set(CHECKS) <= covered, sorted(set(CHECKS) - covered)
