"""Why do the Orcs win Naval Warhammer's two-fleet duel?  Heuristic against heuristic on the
duel's table, the fleets as built, with the seats swapped (the Orcs west and moving first), with
the turn order rotating, and each fleet against itself; for each, the games each fleet won and
drawn, how the games ended, and where each fleet's victory points came from (small arms, war
machines, deck fighting and other blows, war machines silenced by slaying their crews, ships
sunk, prizes held) and the war machines' shots.  ``--gun-bearing 0`` plays the heuristic without
its pull to bring fixed guns to bear, to see what that part of it does.

    .venv/bin/python bench/nw_duel_balance.py --seeds 12 [--first 1] [--case as-built --case swapped] [--gun-bearing 0]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import Scenario
from grapeshot.lab.stats import wilson
from grapeshot.rulesets.navalwarhammer.players import heuristic
from grapeshot.rulesets.navalwarhammer.pricing import base_fleet, duel_with
from grapeshot.rulesets.navalwarhammer.state import Sea

RULESET = "navalwarhammer"
SOURCES = ("small arms", "war machines", "close combat", "other blows", "machines silenced", "ships sunk", "prizes")


def scenario_with(red: str, blue: str, **options: Any) -> Scenario:
    sc = duel_with(base_fleet(red), base_fleet(blue))
    if not options:
        return sc
    return Scenario(**{**sc.__dict__, "options": {**sc.options, **options}})


CASES: dict[str, Callable[[], tuple[Scenario, Mapping[str, str]]]] = {
    "as-built": lambda: (scenario_with("empire-1000", "orcs-and-goblins-1000"), {"red": "Empire", "blue": "Orcs"}),
    "swapped": lambda: (scenario_with("orcs-and-goblins-1000", "empire-1000"), {"red": "Orcs", "blue": "Empire"}),
    "rotating": lambda: (scenario_with("empire-1000", "orcs-and-goblins-1000", turn_order="rotate"), {"red": "Empire", "blue": "Orcs"}),
    "empire-mirror": lambda: (scenario_with("empire-1000", "empire-1000"), {"red": "Empire (west)", "blue": "Empire (east)"}),
    "orcs-mirror": lambda: (scenario_with("orcs-and-goblins-1000", "orcs-and-goblins-1000"), {"red": "Orcs (west)", "blue": "Orcs (east)"}),
}


@dataclass
class Tally:
    games: int = 0
    won: Counter[str] = field(default_factory=Counter)
    ended: Counter[str] = field(default_factory=Counter)
    vp: dict[str, Counter[str]] = field(default_factory=dict)
    total: Counter[str] = field(default_factory=Counter)
    machine_shots: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


def source_of(sea: Sea, phase: str, source: str) -> str:
    """Which kind of blow a ``wounds`` event's source was."""
    unit = sea.units.get(source.rsplit("'s ", 1)[0])
    if phase == "shooting" and unit is not None:
        return "war machines" if unit.is_machine else "small arms"
    if phase == "combat":
        return "close combat"
    return "other blows"


def play(case: str, seeds: range) -> Tally:
    sc, names = CASES[case]()
    t = Tally(vp={n: Counter() for n in names.values()})
    start = time.perf_counter()
    for seed in seeds:
        g = Game(RULESET, sc, seed=seed, log=True)
        out = play_out(g, {s.id: make("heuristic", seed * 31 + k, RULESET) for k, s in enumerate(sc.seats)})
        sea = g.state
        assert isinstance(sea, Sea)
        t.games += 1
        t.ended[out.objective] += 1
        t.won["draw" if len(out.winners) != 1 else names[out.winners[0]]] += 1
        for e in g.events:
            d = e.data
            if e.kind == "wounds" and d.get("slain"):
                victim = sea.units.get(str(d["target"]))
                if victim is None or victim.part:
                    continue
                by = next((names[s] for s in names if s != victim.seat), None)
                if by is None:
                    continue
                kind = source_of(sea, e.phase, str(d["source"]))
                t.vp[by][kind] += victim.points * int(d["slain"])
                machine = sea.units.get(victim.crew_of or "")
                if machine is not None and int(d["models_left"]) == 0:  # the last of a machine's crew (NW-BOARD-7)
                    scored = not machine.alive and any(x.kind == "wounds" and x.data.get("target") == machine.name and x.seq < e.seq for x in g.events)
                    t.vp[by]["machines silenced"] += 0 if scored else machine.points
            elif e.kind == "sunk" and d.get("by") in names:
                t.vp[names[str(d["by"])]]["ships sunk"] += int(d["value"])
            elif e.kind == "guns":
                gun = sea.units.get(str(d["gun"]))
                if gun is not None:
                    t.machine_shots[names[gun.seat]] += 1
            elif e.kind == "victory":
                for seat, v in dict(d.get("prizes") or {}).items():
                    t.vp[names[seat]]["prizes"] += int(v)
                for seat, v in dict(d["vp"]).items():
                    t.total[names[seat]] += int(v)
    t.seconds = time.perf_counter() - start
    return t


def report(case: str, t: Tally) -> None:
    n = t.games
    print(f"{case}: {n} games ({t.seconds / max(1, n):.1f} s a game); ended by {dict(t.ended)}")
    for name, vp in t.vp.items():
        score = t.won[name] + t.won["draw"] / 2.0
        lo, hi = wilson(score, n)
        parts = ", ".join(f"{k} {vp[k] / n:.0f}" for k in SOURCES if vp[k])
        print(
            f"  {name}: won {t.won[name]}, drew {t.won['draw']}: score {score / n:.3f} [{lo:.3f}, {hi:.3f}];"
            f" VP a game {t.total[name] / n:.0f} ({parts or 'none'}); war machine shots a game {t.machine_shots[name] / n:.1f}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--case", action="append", choices=sorted(CASES), help="default: every case")
    ap.add_argument("--gun-bearing", type=float, default=heuristic.GUN_BEARING, help="the heuristic's weight for bringing fixed guns to bear")
    args = ap.parse_args()
    heuristic.GUN_BEARING = args.gun_bearing
    for case in args.case or list(CASES):
        report(case, play(case, range(args.first, args.first + args.seeds)))


if __name__ == "__main__":
    main()
