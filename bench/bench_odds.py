"""Every odds question of every rule set (and rule module): how long it takes, and whether it is exact.

The situations come from each rule set's odds seam (``OddsQuestions.cases()``): every question
at its defaults and at what players ask most; the bench names none of them.  Each case is asked
once to warm the interpreter and what a rule set builds once per process (its staged game),
then ``--repeat`` times cold: the answers kept per situation emptied, and the classes of faces
the enumerator learned for pools of dice forgotten, before every call.  Printed: each case's
time (the first call in the process, then the median and worst of the cold calls), whether its
answer was exact or Monte Carlo (an answer of several parts is exact when every part is), then
p50 and p99 over every cold call.  Target (issue #24): every answer exact (or, for a continuous
value such as a scatter arrow's direction, integrated numerically), none by Monte Carlo, and
p99 under 50 ms.

    .venv/bin/python bench/bench_odds.py [--repeat N] [--only NAME] [--json FILE]
    .venv/bin/python bench/bench_odds.py --krak        # the table's krak-shot latency (issue #5)

``--dump-cases FILE`` writes the cases as JSON and ``--cases FILE`` reads them instead of the
seam (to time another checkout of the code on the same cases).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot import odds
from grapeshot.core.capabilities import Lacking, OddsCase, OddsQuestions
from grapeshot.core.module import all_modules
from grapeshot.core.ruleset import all_rulesets

P99_MS = 50.0


@dataclass
class Timed:
    owner: str
    case: OddsCase
    first_ms: float
    cold_ms: list[float]
    method: str
    note: str


def seams() -> Iterator[tuple[str, OddsQuestions]]:
    """Every installed rule set's odds and every rule module's, by name."""
    for rs in all_rulesets():
        try:
            yield rs.name, odds.odds_of(rs)
        except Lacking:
            continue
    for module in all_modules():
        found = module.odds()
        if found is not None:
            yield module.name, found


#: how an answer was had, from the best to the worst: exact fractions, a continuous value
#: integrated numerically (a scatter arrow's direction), a Monte Carlo estimate
METHODS = ("exact", "numeric", "monte-carlo")


def methods(answer: Any) -> tuple[str, str]:
    """The worst method of the answer's parts (:data:`METHODS`), with the notes of the parts
    that are not exact."""
    notes: list[str] = []
    worst = 0

    def walk(node: Any) -> None:
        nonlocal worst
        if isinstance(node, Mapping):
            how = node.get("method")
            if isinstance(how, str):
                how = how.split(":")[0]  # "numeric: exact over the scatter dice, ..."
                rank = METHODS.index(how) if how in METHODS else len(METHODS) - 1
                worst = max(worst, rank)
                if how != "exact":
                    notes.append(str(node.get("note", how)))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(answer.to_json())
    return METHODS[worst], "; ".join(notes)


def cold() -> None:
    from grapeshot.odds.pools import forget

    odds.clear_cache()
    forget()


def time_case(seam: OddsQuestions, case: OddsCase, repeat: int) -> tuple[float, list[float], str, str]:
    q = odds.pick(seam.questions(), case.question, ())
    values = q.values(case.given)
    cold()
    t0 = time.perf_counter()
    answer = seam.ask(q.name, values, odds.EFFORT)
    first = (time.perf_counter() - t0) * 1000.0
    method, note = methods(answer)
    out: list[float] = []
    for _ in range(repeat):
        cold()
        t0 = time.perf_counter()
        seam.ask(q.name, values, odds.EFFORT)
        out.append((time.perf_counter() - t0) * 1000.0)
    return first, out, method, note


def p99(xs: Sequence[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.99 * len(s)))]


def all_cases(read: str | None, only: str | None) -> list[tuple[str, OddsQuestions, OddsCase]]:
    found = dict(seams())
    if read is not None:
        with open(read, encoding="utf-8") as fh:
            listed = [(row["owner"], OddsCase(row["question"], row["given"], row["label"])) for row in json.load(fh)]
    else:
        listed = [(name, c) for name, seam in found.items() for c in seam.cases()]
    return [(name, found[name], c) for name, c in listed if only is None or name == only]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5, help="cold calls per case")
    ap.add_argument("--only", help="one rule set or module")
    ap.add_argument("--json", help="write the figures as JSON here")
    ap.add_argument("--dump-cases", help="write the cases as JSON here and stop")
    ap.add_argument("--cases", help="read the cases from this JSON instead of the rule sets")
    ap.add_argument("--krak", action="store_true", help="the table's krak-shot latency instead (bench_odds_krak.py)")
    args = ap.parse_args()
    if args.krak:
        from bench_odds_krak import main as krak

        sys.argv = sys.argv[:1]
        krak()
        return
    cases = all_cases(args.cases, args.only)
    if args.dump_cases:
        with open(args.dump_cases, "w", encoding="utf-8") as fh:
            json.dump([{"owner": n, "question": c.question, "given": dict(c.given), "label": c.label} for n, _, c in cases], fh, indent=1)
        return
    rows: list[Timed] = []
    print(f"{'rule set':15} {'question':12} {'case':58} {'first':>8} {'p50':>8} {'max':>8}  method")
    for name, seam, case in cases:
        try:
            first, ms, method, note = time_case(seam, case, args.repeat)
        except ValueError as err:  # an OddsError: the case cannot be asked
            first, ms, method, note = 0.0, [0.0], "refused", str(err)
        rows.append(Timed(name, case, first, ms, method, note))
        why = f"  ({note[:90]})" if note else ""
        print(f"{name:15} {case.question:12} {case.label[:58]:58} {first:8.1f} {statistics.median(ms):8.1f} {max(ms):8.1f}  {method}{why}", flush=True)
    every = [x for r in rows for x in r.cold_ms]
    count = {m: sum(1 for r in rows if r.method == m) for m in (*METHODS, "refused")}
    exact = count["exact"]
    p50, tail = statistics.median(every), p99(every)
    tally = ", ".join(f"{n} {m}" for m, n in count.items() if n)
    print(f"\n{len(rows)} cases: {tally}; over {len(every)} cold calls p50 {p50:.1f} ms, p99 {tail:.1f} ms")
    ok = count["monte-carlo"] == count["refused"] == 0 and tail < P99_MS
    print("target met: no answer estimated by Monte Carlo, p99 under 50 ms" if ok else "target missed")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            data = [
                {"owner": r.owner, "question": r.case.question, "label": r.case.label, "first_ms": r.first_ms, "cold_ms": r.cold_ms, "method": r.method}
                for r in rows
            ]
            json.dump({"cases": data, "p50_ms": p50, "p99_ms": tail, "exact": exact}, fh, indent=1)


if __name__ == "__main__":
    main()
