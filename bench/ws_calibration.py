"""Wooden Ships points calibration: from simulated games, what each ship type should cost for an
even game, with 95% intervals, and how far the text's cost column is from it.

    .venv/bin/python bench/ws_calibration.py [--games N] [--seed S] [--types wide,canoe] [--budgets 24,36,48] [--out DIR]

Each type's fleets at each budget play ``--games`` games (seats swapped every other game, the
heuristic player on both sides, ten turns) against the reference fleet, a narrow ship of five
sections (36 points): see ``grapeshot.rulesets.woodenships.calibration``.  Prints one line a
budget as it goes, then the table; with ``--out`` writes ``calibration.md`` and
``calibration.html`` there (the lab report of the calibration).
"""

from __future__ import annotations

import argparse
import html
import time
from pathlib import Path

from grapeshot.rulesets.woodenships.calibration import BUDGETS, REFERENCE, Row, calibrate
from grapeshot.rulesets.woodenships.data import SHIP_TYPES


def _n(x: float | None, fmt: str = ".1f") -> str:
    return "beyond the budgets tried" if x is None else format(x, fmt)


def table(rows: list[Row]) -> list[list[str]]:
    out = [
        [
            "type",
            "text cost a ship (of its 36-point fleet)",
            "score at each budget (95% interval)",
            "even budget (interval)",
            "fair cost a ship (interval)",
            "text vs fair",
        ]
    ]
    for r in rows:
        scores = "; ".join(f"{p.cost} pts x{p.ships}: {p.rate:.2f} [{p.interval[0]:.2f}, {p.interval[1]:.2f}]" for p in r.points)
        even = f"{_n(r.even)} [{_n(r.even_low)}, {_n(r.even_high)}]"
        fair = f"{_n(r.fair_cost, '.2f')} [{_n(r.fair(r.even_high), '.2f')}, {_n(r.fair(r.even_low), '.2f')}]"
        off = "n/a" if r.off is None else f"{100 * r.off:+.0f}%"
        out.append([r.type, str(r.text_cost), scores, even, fair, off])
    return out


def markdown(rows: list[Row], games: int, seconds: float) -> str:
    t = table(rows)
    lines = ["| " + " | ".join(t[0]) + " |", "|" + "---|" * len(t[0])] + ["| " + " | ".join(r) + " |" for r in t[1:]]
    head = f"Reference: {REFERENCE} fleet (36 points); {games} games a budget, heuristic against heuristic; {seconds:.0f} s.\n\n"
    return head + "\n".join(lines) + "\n"


def page(rows: list[Row], games: int, seconds: float) -> str:
    t = table(rows)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in t[1:])
    head = "".join(f"<th>{html.escape(c)}</th>" for c in t[0])
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Wooden Ships: points calibration</title>"
        "<style>body{font-family:sans-serif;margin:2em}td,th{border:1px solid #999;padding:.3em .5em}table{border-collapse:collapse}</style></head>"
        f"<body><h1>Wooden Ships: points calibration</h1><p>Reference: the {REFERENCE} fleet of 36 points; {games} games a budget, "
        f"heuristic against heuristic, seats swapped; {seconds:.0f} s.</p><table><tr>{head}</tr>{body}</table></body></html>"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--types", default=",".join(SHIP_TYPES))
    ap.add_argument("--budgets", default=",".join(str(b) for b in BUDGETS))
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    started = time.perf_counter()
    rows = calibrate(args.types.split(","), [int(b) for b in args.budgets.split(",")], args.games, args.seed, progress=lambda s: print(s, flush=True))
    seconds = time.perf_counter() - started
    text = markdown(rows, args.games, seconds)
    print(text)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "calibration.md").write_text(text)
        (args.out / "calibration.html").write_text(page(rows, args.games, seconds))


if __name__ == "__main__":
    main()
