"""Naval Warhammer's auditor (rulesets/navalwarhammer/audit): every built-in scenario played by
random and heuristic players audits clean, and for each check a played log with one record altered
(a move longer than its allowance, a gun aimed out of its arc, a sunk ship or a fleeing unit acting,
a Leadership test read the wrong way...) yields exactly that finding, with its rule, at that record.

A case names the kind of record it alters, which of them qualify, and how to alter one; it is tried
on the qualifying records of the pool of played games until one yields exactly the expected
findings (an alteration that happens to disturb something else as well is passed over).  If the
auditor's check were gone, no record would yield it, and the case fails.
"""

from __future__ import annotations

import ast
import copy
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.audit import audit, audit_game
from grapeshot.core.game import Game
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import builtin_scenarios, load_scenario
from grapeshot.rulesets.navalwarhammer.audit import AUDITOR, CHECKS, SHIP_ACTORS

Rec = dict[str, Any]
NW = "navalwarhammer"
SEEDS = (0, 1, 2)
PLAYERS = ("random", "heuristic")


def played(scenario: str, players: str, seed: int) -> Game:
    sc = load_scenario(scenario, NW)
    g = Game(NW, sc, seed=seed)
    play_out(g, {s.id: make(players, seed * 31 + k, NW) for k, s in enumerate(sc.seats)})
    return g


def records(g: Game) -> list[Rec]:
    return [json.loads(e.line()) for e in g.events]


@pytest.fixture(scope="module")
def pool() -> list[list[Rec]]:
    """A game of every built-in scenario for each kind of player and seed, as logged."""
    return [records(played(sc, p, seed)) for sc in builtin_scenarios(NW) for p in PLAYERS for seed in SEEDS]


# ------------------------------------------------------------------ clean logs


@pytest.mark.rules("NW-MOVE-1", "NW-MOVE-2", "NW-CANNON-2", "NW-CROWD-1", "NW-PSY-3")
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("scenario", builtin_scenarios(NW))
def test_every_scenario_audits_clean(scenario: str, players: str) -> None:
    for seed in SEEDS:
        g = played(scenario, players, seed)
        found = audit_game(g)
        assert found == [], f"{scenario} {players} seed {seed}: {[f.said() for f in found[:5]]}"
        assert len(g.events) > 50


def test_the_rule_set_offers_its_auditor_with_a_check_for_each_rule_it_names() -> None:
    rs = get(NW)
    assert rs.auditor() is AUDITOR
    book = set(rs.rulebook().entries)
    assert set(CHECKS) <= book, sorted(set(CHECKS) - book)


def test_the_auditor_calls_none_of_the_rules_code() -> None:
    """It reads records only: its modules import the core's audit helpers, geometry, the standard
    library and one another, never the rule set's own rooms (courses, moving, crew...)."""
    folder = resources.files("grapeshot.rulesets.navalwarhammer").joinpath("audit")
    for src in folder.iterdir():
        if not src.name.endswith(".py"):
            continue
        tree = ast.parse(src.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                if name.startswith("grapeshot"):
                    ok = name in ("grapeshot.core.audit", "grapeshot.geometry") or name.startswith(
                        ("grapeshot.rulesets.navalwarhammer.audit", "grapeshot.geometry.")
                    )
                    assert ok, f"{src.name} imports {name}"


# ------------------------------------------------------------------ altered logs


class Log:
    """A played log, copied only where it is altered."""

    def __init__(self, recs: list[Rec]) -> None:
        self.recs = list(recs)

    def __getitem__(self, i: int) -> Rec:
        return self.recs[i]

    def __len__(self) -> int:
        return len(self.recs)

    def edit(self, i: int) -> Rec:
        self.recs[i] = copy.deepcopy(self.recs[i])
        return self.recs[i]

    def last(self, i: int, kind: str, **match: Any) -> int | None:
        """The last record of ``kind`` before ``i`` matching the fields."""
        for j in range(i - 1, -1, -1):
            r = self.recs[j]
            if r["kind"] == kind and all(r.get(k) == v for k, v in match.items()):
                return j
        return None


Where = Callable[[Log, int], bool]
Change = Callable[[Log, int], "int | set[int] | None"]


@dataclass(frozen=True)
class Case:
    rule: str
    kind: str
    change: Change
    where: Where = field(default=lambda log, i: True)
    tries: int = 12


def findings(log: Log) -> set[tuple[str, int]]:
    return {(f.rule, f.seq) for f in audit(log.recs, [AUDITOR])}


def run(case: Case, logs: list[list[Rec]]) -> None:
    tried: list[str] = []
    for recs in logs:
        clean = Log(recs)
        for i, r in enumerate(recs):
            if r["kind"] != case.kind or not case.where(clean, i):
                continue
            log = Log(recs)
            at = case.change(log, i)
            seqs = {i} if at is None else {at} if isinstance(at, int) else at
            want = {(case.rule, s) for s in seqs}
            got = findings(log)
            if got == want:
                return
            tried.append(f"record {i}: got {sorted(got)[:4]}, wanted {sorted(want)[:4]}")
            if len(tried) >= case.tries:
                break
        if len(tried) >= case.tries:
            break
    raise AssertionError(f"no {case.kind} altered gave exactly {case.rule}: " + "; ".join(tried[:4]) if tried else f"no {case.kind} qualified")


def put(**fields: Any) -> Change:
    def change(log: Log, i: int) -> None:
        log.edit(i).update(fields)

    return change


def bump(key: str, by: float) -> Change:
    def change(log: Log, i: int) -> None:
        r = log.edit(i)
        r[key] = r[key] + by

    return change


def flip(key: str) -> Change:
    def change(log: Log, i: int) -> None:
        r = log.edit(i)
        r[key] = not r[key]

    return change


def has(**fields: Any) -> Where:
    return lambda log, i: all(log[i].get(k) == v for k, v in fields.items())


def overshoot(log: Log, i: int) -> None:
    """NW-MOVE-1: the move's plan and travel an inch past her allowance, the end pushed along."""
    j = log.last(i, "allowance", ship=log[i]["ship"], turn=log[i]["turn"])
    assert j is not None
    r = log.edit(i)
    extra = float(log[j]["most"]) + 1.0 - float(r["travelled"])
    h = math.radians(r["end"][2])
    r["end"] = [r["end"][0] + extra * math.cos(h), r["end"][1] + extra * math.sin(h), r["end"][2]]
    r["planned"] = r["travelled"] = float(log[j]["most"]) + 1.0


def own_way_clear(log: Log, i: int) -> bool:
    return log[i]["why"] == "sail" and not log[i]["contacts"] and log.last(i, "allowance", ship=log[i]["ship"], turn=log[i]["turn"]) is not None


def wrong_sector(log: Log, i: int) -> None:
    r = log.edit(i)
    label = r["terms"][0][0]
    r["terms"][0][0] = label.replace("abeam", "against") if "abeam" in label else label.replace("with", "abeam").replace("against", "abeam")


def sailing(log: Log, i: int) -> bool:
    return log[i]["mode"] == "sail" and not log[i]["half_move_rule"]


def timbers_dropped(log: Log, i: int) -> None:
    """NW-UPG-3: the heavy timbers' inch left out of the terms (the most still their sum)."""
    r = log.edit(i)
    r["terms"] = [t for t in r["terms"] if "timbers" not in t[0]]
    r["most"] = r["most"] + 1


def with_timbers(log: Log, i: int) -> bool:
    return any("timbers" in t[0] for t in log[i]["terms"]) and not log[i]["half_move_rule"]


def mirrored_aim(log: Log, i: int) -> None:
    """NW-CANNON-2: the aim thrown to the far side of the gun's own ship."""
    ship = log[0]["state"]["units"][log[i]["gun"]]["home"]
    j = log.last(i, "move", ship=ship)
    x, y = (log[j]["end"] if j is not None else log[0]["state"]["ships"][ship]["pose"])[:2]
    r = log.edit(i)
    r["aim"] = [2 * x - r["aim"][0], 2 * y - r["aim"][1]]


def far_aim(log: Log, i: int) -> None:
    """NW-CANNON-2: the aim pushed twice its reach out along the same line from the ship."""
    ship = log[0]["state"]["units"][log[i]["gun"]]["home"]
    j = log.last(i, "move", ship=ship)
    x, y = (log[j]["end"] if j is not None else log[0]["state"]["ships"][ship]["pose"])[:2]
    reach = log[0]["state"]["units"][log[i]["gun"]]["range"][1]
    r = log.edit(i)
    dx, dy = r["aim"][0] - x, r["aim"][1] - y
    k = 2 * reach / math.hypot(dx, dy)
    r["aim"] = [x + dx * k, y + dy * k]


def short_arms(log: Log, i: int) -> None:
    """FB-HIT-2: the shooter's weapon, in the set-up, reaches an inch."""
    log.edit(0)["state"]["units"][log[i]["shooter"]]["range"] = [0, 1]


def shoots_once(log: Log, i: int) -> bool:
    unit = log[i]["shooter"]
    return "range" in log[0]["state"]["units"].get(unit, {}) and sum(1 for r in log.recs if r["kind"] == "shoots" and r["shooter"] == unit) == 1


def aimed_gun(log: Log, i: int) -> bool:
    return "mount" in log[0]["state"]["units"].get(log[i]["gun"], {})


def overcrowded_ship(log: Log, i: int) -> bool:
    return bool(log[0]["state"]["ships"][log[i]["ship"]]["overcrowded"])


def sunk_before(log: Log, i: int) -> set[int]:
    """NW-SHIP-5: the ship's crew record becomes her sinking: everything she does after is found."""
    name = log[i]["ship"]
    r = log.edit(i)
    for k in list(r):
        if k not in ("seq", "turn", "phase"):
            del r[k]
    r.update(kind="sunk", rule="NW-SHIP-5", ship=name)
    return {j for j in range(i + 1, len(log)) if any(log[j].get(key) == name for key in SHIP_ACTORS.get(log[j]["kind"], ()))}


def acts(r: Rec, unit: str) -> bool:
    if r["kind"] == "strike-step":
        return any(s.get("unit") == unit for s in r["strikers"])
    return any(r.get(k) == unit for k in {"shoots": "shooter", "to-hit": "source", "cast": "wizard"}.get(r["kind"], "-").split())


def shooter_fled(log: Log, i: int) -> set[int]:
    """FB-PSY-1: the phase record before a volley becomes the shooter's flight: it and all it does
    after (it never rallies) are found."""
    unit = log[i]["shooter"]
    j = log.last(i, "phase")
    assert j is not None
    r = log.edit(j)
    r.clear()
    r.update(kind="flees", rule="FB-PSY-1", unit=unit, removed=0, seq=log[j - 1]["seq"] + 1, turn=log[j - 1]["turn"], phase=log[j - 1]["phase"])
    return {k for k in range(j + 1, len(log)) if acts(log[k], unit)}


def never_rallies(log: Log, i: int) -> bool:
    unit = log[i]["shooter"]
    return unit in log[0]["state"]["units"] and not any(r["kind"] in ("rally", "flees") and r.get("unit") == unit for r in log.recs)


def next_sail(log: Log, i: int) -> int | None:
    """The ship's move under sail that follows her crew record this turn, if any."""
    for j in range(i + 1, len(log)):
        r = log[j]
        if r["turn"] != log[i]["turn"] or (r["kind"] == "crew" and r["ship"] == log[i]["ship"]):
            return None
        if r["kind"] == "move" and r["ship"] == log[i]["ship"]:
            return j if r["why"] == "sail" else None
    return None


def nobody_works(log: Log, i: int) -> int | None:
    """NW-CREW-1: her crew record shows nobody working her; her move under sail is found."""
    log.edit(i)["working"] = []
    return next_sail(log, i)


def crowd_fails(log: Log, i: int) -> int | None:
    """NW-CROWD-1: the overcrowded ship's passed test now fails: her allowance that turn is found."""
    r = log.edit(i)
    r["roll"], r["out_of_control"] = r["ld"] + 1, True
    return next((j for j in range(i + 1, len(log)) if log[j]["kind"] == "allowance" and log[j]["ship"] == r["ship"] and log[j]["turn"] == r["turn"]), None)


def over_ld(log: Log, i: int) -> None:
    r = log.edit(i)
    r["roll"] = r["ld"] + 1


CASES = [
    # movement
    Case("NW-MOVE-1", "allowance", bump("most", 1)),
    Case("NW-MOVE-1", "allowance", flip("half_move_rule"), has(mode="oars")),
    Case("NW-MOVE-1", "allowance", wrong_sector, sailing),
    Case("NW-MOVE-1", "move", overshoot, own_way_clear),
    Case("NW-MOVE-1", "move", put(phase="shooting"), has(why="oars")),
    Case("NW-MOVE-2", "out-of-control", bump("inches", 1)),
    Case("NW-MOVE-2", "out-of-control", bump("turning", 45)),
    Case("NW-MOVE-2", "adrift", bump("direction", 90)),
    Case("NW-MOVE-2", "move", bump("travelled", 1), lambda log, i: log[i]["why"] in ("adrift", "out of control")),
    Case("NW-UPG-3", "allowance", timbers_dropped, with_timbers),
    Case("NW-BOARD-9", "shove-off", put(inches=5.0)),
    # shooting
    Case("NW-CANNON-2", "guns", mirrored_aim, aimed_gun),
    Case("NW-CANNON-2", "guns", far_aim, aimed_gun),
    Case("FB-HIT-2", "shoots", short_arms, shoots_once),
    # crews
    Case("NW-CREW-1", "muster", bump("minimum_crew", 1)),
    Case("NW-CREW-1", "crew", nobody_works, lambda log, i: next_sail(log, i) is not None),
    Case("NW-LAUNCH-1", "launch", put(models=1)),
    Case("NW-LAUNCH-1", "launch", put(phase="shooting")),
    Case("NW-SHIP-3", "muster", bump("capacity", 1), lambda log, i: not overcrowded_ship(log, i)),
    Case("NW-CROWD-1", "muster", bump("capacity", 1), overcrowded_ship),
    Case("NW-CROWD-1", "overcrowded", flip("out_of_control")),
    Case("NW-CROWD-1", "overcrowded", crowd_fails, lambda log, i: not log[i]["out_of_control"] and log[i]["roll"] < 12),
    Case("NW-PSY-3", "wanders", bump("inches", 1)),
    Case("NW-PSY-3", "wanders", bump("direction", 30)),
    Case("NW-PSY-3", "psychology", put(effects=["not-working"]), has(test="stupidity", passed=False)),
    Case("NW-SHIP-5", "crew", sunk_before, tries=30),
    Case("FB-WOUND-2", "wounds", bump("models_left", 1), has(slain=0)),
    Case("FB-PSY-1", "shoots", shooter_fled, never_rallies),
    Case("FB-PSY-4", "psychology", over_ld, has(test="stupidity", passed=True)),
    Case("FB-RALLY-1", "rally", over_ld, has(rallied=True)),
    # rolls against their needs
    Case("NW-BOARD-1", "alongside", flip("grappled")),
    Case("NW-BOARD-5", "break-test", put(verdict="shaken"), has(verdict="holds")),
    Case("NW-BOARD-8", "cut-loose", flip("cut"), has(automatic=False)),
    Case("NW-SHALLOW-1", "shallows", flip("aground"), has(aground=False)),
    Case("NW-AGROUND-1", "refloat", flip("refloated")),
    Case("FB-MAGIC-1", "cast", flip("cast"), has(miscast=False, irresistible=False)),
    Case("FB-MAGIC-2", "dispel", flip("dispelled"), has(rolled=True)),
]


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.rules(c.rule), id=f"{c.rule}-{c.kind}-{k}") for k, c in enumerate(CASES)])
def test_one_record_altered_is_found(case: Case, pool: list[list[Rec]]) -> None:
    run(case, pool)


@pytest.mark.rules("NW-MOVE-1")
def test_the_half_move_minimum_follows_the_move_actually_made(pool: list[list[Rec]]) -> None:
    """NW-MOVE-1: a sailing ship that made more than half her allowance last turn, logged as
    having made only a quarter of it, is free to slow; the auditor then finds the minimum imposed."""
    for recs in pool:
        for i, r in enumerate(recs):
            if r["kind"] != "allowance" or not r["half_move_rule"]:
                continue
            log = Log(recs)
            j = log.last(i, "move", ship=r["ship"], turn=r["turn"] - 1)
            if j is None or log[j]["why"] not in ("sail", "magic") or log[j]["contacts"]:
                continue
            m = log.edit(j)
            m["travelled"] = m["planned"] = 0.0
            m["end"] = list(m["start"])
            got = findings(log)
            # (her next move then sets off from elsewhere too: only the allowance's finding is asked for)
            if ("NW-MOVE-1", i) in got:
                return
    raise AssertionError("no bound allowance followed a sailing move that could be cut to nothing")


def test_every_check_has_a_case() -> None:
    covered = {c.rule for c in CASES} | {"NW-MOVE-1"}
    assert set(CHECKS) <= covered, sorted(set(CHECKS) - covered)


@pytest.mark.rules("NW-SHIP-5", "NW-BOARD-9")
@pytest.mark.parametrize(
    ("scenario", "seed", "kind"),
    [("freeforall", 92297589, "sunk"), ("raid", 53721609, "shove-off")],
    ids=["sunk-on-her-way", "swung-while-shoving-off"],
)
def test_what_happens_on_the_way_audits_clean(scenario: str, seed: int, kind: str) -> None:
    """Random play that found two of the referee's own slips: a ship that sinks on her move (a
    grounding's blow) has the move logged after her sinking; a ship shoving off into the enemy she
    left is swung alongside her, turning with the swing."""
    sc = load_scenario(scenario, NW)
    g = Game(NW, sc, seed=seed)
    play_out(g, {s.id: make("random", seed * 7 + k, NW) for k, s in enumerate(sc.seats)})
    assert any(e.kind == kind for e in g.events)
    assert audit_game(g) == []


@pytest.mark.rules("NW-LAUNCH-1", "NW-BOARD-9")
@pytest.mark.parametrize(("made", "shove", "found"), [(12.0, None, False), (13.0, None, True), (13.0, 3.0, False)])
def test_a_boat_is_launched_only_from_a_ship_that_made_12_inches_or_less(made: float, shove: float | None, found: bool) -> None:
    """NW-LAUNCH-1: a galley rows 13" (or 12") in turn 1 and launches a boat in turn 2; only the
    faster one's launch is found, unless she shoved off 3" after her row (her speed is then the
    shove-off's, as the rules keep it: raid seed 15's launch was found before).  A short log
    written for the case: the set-up, the row, the shove-off, the launch."""
    ship = {"afloat": True, "size": "large", "upgrades": {}, "pose": [10.0, 10.0, 0.0], "length": 15.0, "width": 6.0, "overcrowded": False}
    log: list[Rec] = [
        {"seq": 0, "turn": 0, "kind": "setup", "phase": "setup", "options": {"wind": 0.0}, "state": {"ships": {"Galley": ship}, "units": {}}},
        {
            "seq": 1,
            "turn": 1,
            "kind": "allowance",
            "phase": "movement",
            "ship": "Galley",
            "mode": "oars",
            "most": 14.0,
            "least": 0.0,
            "half_move_rule": False,
            "terms": [["rowing", 14.0]],
        },
        {
            "seq": 2,
            "turn": 1,
            "kind": "move",
            "phase": "movement",
            "ship": "Galley",
            "why": "oars",
            "start": [10.0, 10.0, 0.0],
            "end": [10.0 + made, 10.0, 0.0],
            "planned": made,
            "travelled": made,
            "contacts": [],
        },
        *(
            []
            if shove is None
            else [
                {"seq": 3, "turn": 1, "kind": "shove-off", "phase": "combat", "ship": "Galley", "inches": shove},
                {
                    "seq": 4,
                    "turn": 1,
                    "kind": "move",
                    "phase": "combat",
                    "ship": "Galley",
                    "why": "shoving off",
                    "start": [10.0 + made, 10.0, 0.0],
                    "end": [10.0 + made + shove, 10.0, 0.0],
                    "planned": shove,
                    "travelled": shove,
                    "contacts": [],
                },
            ]
        ),
        {
            "seq": 3 if shove is None else 5,
            "turn": 2,
            "kind": "launch",
            "phase": "movement",
            "ship": "Galley",
            "boat": "Galley's boat 1",
            "models": 3,
            "pose": [10.0 + made, 13.05, 0.0],
        },
    ]
    assert {(f.rule, f.seq) for f in AUDITOR.audit(log)} == ({("NW-LAUNCH-1", 3)} if found else set())
    if shove is not None:
        assert not [f for f in AUDITOR.audit(log) if f.rule == "NW-BOARD-9"]
