"""Wooden Ships' auditor (rulesets/woodenships/audit): every built-in scenario played by random and
heuristic players audits clean, and for each check a played log with one record altered (a move
longer, a shot at another range, a dead figure acting, a verdict flipped...) yields exactly that
finding, with its rule, at that record (the shape of ``tests/rulesets/altered.py``).
"""

from __future__ import annotations

import ast
import math
from importlib import resources
from typing import Any

import pytest

from grapeshot.core.audit import audit_game
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import builtin_scenarios
from grapeshot.rulesets.woodenships.audit import AUDITOR, CHECKS
from tests.rulesets.altered import Case, Change, Log, Rec, Where, bump, flip, games_with, has, played, put, records, run, standstill

SEEDS = (0, 1)
PLAYERS = ("random", "heuristic")
SCENARIOS = builtin_scenarios("woodenships")
#: the kinds in which a figure moves or acts, and the records that show a ship sailing or ramming
ACTING = (
    "move",
    "pick-up",
    "shot",
    "gun-fire",
    "gun-turn",
    "gun-load",
    "reload",
    "cut",
    "grapple",
    "boarding",
    "hurl",
    "lightning",
    "climb",
    "scale",
    "strike",
    "harry",
)
SAILING = ("steer", "ram")


@pytest.fixture(scope="module")
def pool() -> list[list[Rec]]:
    """A game of every built-in scenario (as it is, no module added) for each kind of player and seed."""
    return [records(played("woodenships", sc, p, seed, [])) for sc in SCENARIOS for p in PLAYERS for seed in SEEDS]


@pytest.fixture(scope="module")
def grappled() -> list[list[Rec]]:
    """Games with the collisions module, whose rams entangle ships that figures then cut apart."""
    return games_with("woodenships", "galley-fight", "cut", ["collisions"], want=3)


def one(case: Case, pool: list[list[Rec]]) -> None:
    run(case, pool, [AUDITOR])


# ------------------------------------------------------------------ clean logs


@pytest.mark.rules("WS-FIG-3", "WS-MOVE-1", "WS-ARMS-1", "WS-RAM-1")
@pytest.mark.parametrize("players", PLAYERS)
def test_every_scenario_audits_clean(players: str) -> None:
    for sc in SCENARIOS:
        for seed in SEEDS:
            g = played("woodenships", sc, players, seed, [])
            found = audit_game(g)
            assert found == [], f"{sc} {players} seed {seed}: {[f.said() for f in found[:5]]}"
            assert len(g.events) > 50


def test_the_rule_set_offers_its_auditor_with_a_check_for_each_rule_it_names() -> None:
    rs = get("woodenships")
    assert rs.auditor() is AUDITOR
    book = set(rs.rulebook().entries)
    assert set(CHECKS) <= book, sorted(set(CHECKS) - book)


def test_the_auditor_calls_none_of_the_rules_code() -> None:
    """It reads records only: its modules import the core's audit helpers, the standard library and
    one another, never the rule set's own rooms (ships, guns, figures...)."""
    folder = resources.files("grapeshot.rulesets.woodenships").joinpath("audit")
    for src in folder.iterdir():
        if not src.name.endswith(".py"):
            continue
        for node in ast.walk(ast.parse(src.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                if name.startswith("grapeshot"):
                    assert name == "grapeshot.core.audit" or name.startswith("grapeshot.rulesets.woodenships.audit"), f"{src.name} imports {name}"


# ------------------------------------------------------------------ altered logs


def gone_early(name_key: str, acting: tuple[str, ...], end: str) -> Change:
    """The record that ends one (a killing, a sinking) names another that acts later: each later
    record of the other acting is found, and so is the other's own later end."""

    def change(log: Log, i: int) -> set[int]:
        victim = log[i][name_key]
        other = next(log[j][name_key] for j in range(i + 1, len(log)) if log[j]["kind"] in acting and log[j].get(name_key) not in (None, victim))
        log.edit(i)[name_key] = other
        return {j for j in range(i + 1, len(log)) if log[j].get(name_key) == other and log[j]["kind"] in (*acting, end)}

    return change


def second_action(log: Log, i: int) -> None:
    """The action is made by the figure that made the last action before it this turn."""
    r = log[i]
    j = next(
        j
        for j in log.earlier(i)
        if log[j]["kind"] in ("shot", "reload", "gun-load", "gun-fire") and log[j]["turn"] == r["turn"] and log[j]["figure"] != r["figure"]
    )
    log.edit(i)["figure"] = log[j]["figure"]


def has_earlier_action(log: Log, i: int) -> bool:
    r = log[i]
    return any(
        log[j]["kind"] in ("shot", "reload", "gun-load", "gun-fire") and log[j]["turn"] == r["turn"] and log[j]["figure"] != r["figure"] for j in log.earlier(i)
    )


def swims_far(log: Log, i: int) -> None:
    r = log.edit(i)
    x, y = r["frm"]
    r["path"] = [[x, y], [round(x + 5.0, 4), y]]
    r["inches"] = max(r["inches"], 5.0)


def swimming(log: Log, i: int) -> bool:
    r = log[i]
    return r["on"] == "water" and r["was_on"] == "water" and r["crossing"] is None and r["rule"] == "WS-FIG-5" and not r["figure"].startswith("sea ")


def person(log: Log, i: int) -> bool:
    return next((f["kind"] for f in log[0]["state"]["figures"] if f["name"] == log[i]["figure"]), "man") in ("man", "hero", "captain", "commander", "shaman")


def arm(*arms: str, **fields: Any) -> Where:
    return lambda log, i: log[i].get("arm") in arms and all(log[i].get(k) == v for k, v in fields.items())


def unshielded(log: Log, i: int) -> None:
    """The cannon's -1 left off (the need with it, the verdict kept as the die reads it)."""
    r = log.edit(i)
    r["mods"] = [m for m in r["mods"] if m["rule"] != "WS-GUN-6"]
    r["need"] -= 1
    r["hit"] = r["faces"][0] >= r["need"]
    if r["hit"]:
        r["damage"] = 1


def shielded(log: Log, i: int) -> bool:
    r = log[i]
    return any(m["rule"] == "WS-GUN-6" for m in r["mods"]) and not (r["faces"][0] >= r["need"] - 1 and not r["hit"])


def first_hero(log: Log, i: int) -> None:
    r = log.edit(i)
    hero = next(f for f in r["state"]["figures"] if f["kind"] in ("hero", "captain"))
    hero["life"] = 2


def wounded_later(key: str) -> Where:
    return lambda log, i: not any(log[j]["kind"] == "wound" and log[j]["figure"] == log[i]["figure"] for j in log.later(i))


def one_phase_full(log: Log, i: int) -> bool:
    r = log[i]
    return r["band"] == "full" and r["rule"] == "WS-MOVE-1" and r["value"] >= 9.0 and not r["spin"]


def far_cannon(log: Log, i: int) -> None:
    r = log.edit(i)
    r["range"] = 60.0


def to_mounted_rifle(log: Log, i: int) -> None:
    r = log.edit(i)
    r["arm"], r["range"] = "rifle", 1.0


def out_of_swing(log: Log, i: int) -> None:
    r = log.edit(i)
    r["angle"] = math.copysign(95.0, r["angle"] or 1.0)


def lighter_ship(log: Log, i: int) -> set[int]:
    """The ship a cannon is mounted on starts with 5 hit points: one gun at most, and no cannon."""
    ship = log[i]["on"]
    setup = log.edit(0)
    next(s for s in setup["state"]["ships"] if s["name"] == ship)["points"] = 5
    count = sum(1 for g in setup["state"]["guns"] if g["ship"] == ship)
    found = set()
    for j in range(len(log)):
        if log[j]["kind"] == "gun-mount" and log[j]["on"] == ship:
            count += 1
            if count > 1 or log[j]["arm"] == "cannon":
                found.add(j)
    return found


CASES: list[Case] = [
    Case("WS-SETUP-1", "gun-mount", lighter_ship, arm("cannon")),
    # figures
    Case("WS-FIG-1", "killed", gone_early("figure", ACTING, "killed"), tries=30),
    Case("WS-FIG-2", "wound", bump("life"), lambda log, i: log[i]["life"] + 1 <= log[i]["was"] and wounded_later("figure")(log, i)),
    Case("WS-FIG-2", "setup", first_hero),
    Case("WS-FIG-3", "move", put(inches=8.5), lambda log, i: person(log, i) and log[i]["inches"] > 0),
    Case("WS-FIG-3", "move", put(phase="ships"), person),
    Case("WS-FIG-3", "reload", second_action, has_earlier_action),
    Case("WS-FIG-5", "move", swims_far, swimming),
    Case("WS-FIG-5", "sharks", flip("eaten"), has(eaten=True)),
    # small arms, guns, hand to hand
    Case("WS-ARMS-1", "shot", put(range=15.0), arm("rifle", "bow", band="medium")),
    Case("WS-ARMS-1", "shot", flip("hit"), arm("rifle", "bow")),
    Case("WS-ARMS-1", "shot", bump("range", by=0.05), arm("rifle", "bow", band="medium")),  # the range from the logged positions
    Case("WS-ARMS-2", "shot", bump("range", by=-0.05), arm("pistol", band="long")),
    Case("WS-ARMS-2", "shot", put(range=7.5), arm("pistol", "spear", band="long")),
    Case("WS-ARMS-2", "shot", flip("hit"), arm("pistol", hit=False)),
    Case("WS-MELEE-1", "strike", flip("hit"), has(hit=False)),
    Case("WS-MELEE-1", "strike", bump("damage"), has(hit=True)),
    Case("WS-GUN-3", "gun-fire", far_cannon, arm("cannon", hit=False)),
    Case("WS-GUN-3", "gun-fire", flip("hit"), arm("cannon", hit=False)),
    Case("WS-GUN-4", "gun-fire", bump("range", by=12.0), arm("swivel", hit=False)),
    Case("WS-GUN-5", "gun-fire", to_mounted_rifle, arm("swivel", hit=False)),
    Case("WS-GUN-6", "gun-fire", unshielded, lambda log, i: log[i]["arm"] == "cannon" and shielded(log, i)),
    Case("WS-MAGIC-1", "lightning", far_cannon, has(hit=False)),
    # ships
    Case("WS-MOVE-1", "steer", out_of_swing),
    Case("WS-MOVE-1", "steer", lambda log, i: log.edit(i).update(inches=log[i]["value"] + 0.5)),
    Case("WS-MOVE-2", "steer", put(phase="figures")),
    Case("WS-DMG-1", "steer", put(band="half"), one_phase_full),
    Case("WS-DMG-2", "steer", put(band="dead"), one_phase_full),
    Case("WS-DMG-3", "sunk", gone_early("ship", SAILING, "sunk"), tries=30),
    Case("WS-RAM-1", "ram", standstill("ship"), has(target_kind="ship")),
    Case("WS-RAM-1", "ram", bump("dealt"), lambda log, i: log[i]["ram"] is not None),
    Case("WS-RAM-2", "dislodge", flip("freed")),
    Case("WS-BOARD-1", "grapple", flip("passed")),
    Case("WS-BOARD-1", "boarding", flip("passed"), has(rolled=True)),
    Case("WS-BOARD-3", "climb", flip("passed")),
]


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.rules(c.rule), id=f"{c.rule}-{c.kind}-{k}") for k, c in enumerate(CASES)])
def test_one_record_altered_is_found(case: Case, pool: list[list[Rec]]) -> None:
    one(case, pool)


@pytest.mark.rules("WS-FORT-2")
def test_a_scaling_misjudged_is_found() -> None:
    """Fort assaults in which a man tries the walls (the first random games that have one)."""
    forts = games_with("woodenships", "fort-assault", "scale", [])
    one(Case("WS-FORT-2", "scale", flip("passed")), forts)
    one(Case("WS-FORT-2", "scale", bump("base")), forts)


@pytest.mark.rules("WS-BOARD-2")
def test_a_cut_misjudged_or_miscounted_is_found(grappled: list[list[Rec]]) -> None:
    one(Case("WS-BOARD-2", "cut", flip("hit"), has(hit=False)), grappled)
    one(Case("WS-BOARD-2", "cut", flip("freed")), grappled)
    one(Case("WS-BOARD-2", "cut", bump("hits")), grappled)


def test_every_check_has_a_case() -> None:
    covered = {c.rule for c in CASES} | {"WS-BOARD-2", "WS-FORT-2"}
    assert set(CHECKS) <= covered, sorted(set(CHECKS) - covered)
