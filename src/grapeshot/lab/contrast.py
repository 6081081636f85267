"""What a module trial found (:mod:`.trial`): each arm summed up, the arms compared, in plain
JSON data and plain sentences, and the report's files.

For each arm (the module off, the module on):

- the **wins by seat**: each seat's share of the games with its 95% Wilson interval, and the draws;
- the **game length**: the mean with its 95% interval, the median and the distribution;
- **how games end**: each objective's count (the rule set's words for it);
- **what happened**: the tallies (the rule set's, such as ships sunk, and the module's own), in
  all and a game.

The comparison, at the 5% level:

- wins: Pearson's chi-square on the table arm x (each seat's wins, draws); each seat's win rate
  also with the two-proportion z test;
- endings: chi-square on arm x objective;
- length: Welch's test of the means (the verdict's), the Mann-Whitney U test beside it;
- the tallies a game: Mann-Whitney for each, Holm-corrected over them.

Both arms play the same seeds, so these tests, which take the arms as independent samples, are
conservative: pairing the games would only sharpen them.
"""

from __future__ import annotations

import csv
import html
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grapeshot.core.ruleset import get
from grapeshot.lab.records import GameRecord
from grapeshot.lab.runner import RunInfo
from grapeshot.lab.stats import chi_square, holm, mann_whitney, mean_interval, two_proportions, welch, wilson
from grapeshot.lab.trial import ARMS, Trial
from grapeshot.lab.verdicts import detectable_difference
from grapeshot.report import Words

ALPHA = 0.05
DRAW = "draw"


def _rate(count: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(count, n)
    return {"count": count, "rate": count / n if n else None, "low": lo, "high": hi}


def summarise_arm(trial: Trial, records: Sequence[GameRecord], arm: int) -> dict[str, Any]:
    n = len(records)
    turns = [r.turns for r in records]
    mean_t, lo_t, hi_t = mean_interval(turns)
    ordered = sorted(turns)
    median = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2 if n else None
    wins = Counter(r.winner for r in records if r.winner is not None)
    tallies: Counter[str] = Counter()
    for r in records:
        tallies.update(dict(r.tallies))
    return {
        "games": n,
        "modules": trial.modules_for(arm),
        "wins": {seat: _rate(wins[seat], n) for seat in trial.seats},
        "draws": _rate(sum(r.winner is None for r in records), n),
        "mean_turns": mean_t,
        "mean_turns_interval": [lo_t, hi_t],
        "median_turns": median,
        "turns_histogram": {str(t): c for t, c in sorted(Counter(turns).items())},
        "endings": dict(sorted(Counter(r.objective for r in records).items())),
        "tallies": {k: {"total": c, "mean": c / n if n else None} for k, c in sorted(tallies.items()) if c},
    }


def compare_arms(trial: Trial, off: Sequence[GameRecord], on: Sequence[GameRecord]) -> dict[str, Any]:
    """The module on against off: every difference with its test and p-value."""
    seats = trial.seats

    def outcomes(records: Sequence[GameRecord]) -> list[int]:
        return [sum(r.winner == s for r in records) for s in seats] + [sum(r.winner is None for r in records)]

    wins = chi_square([outcomes(off), outcomes(on)])
    by_seat = {}
    for s in seats:
        x_on, x_off = sum(r.winner == s for r in on), sum(r.winner == s for r in off)
        d = two_proportions(x_on, len(on), x_off, len(off))
        by_seat[s] = {"off": x_off / len(off) if off else None, "on": x_on / len(on) if on else None, **d.to_json()}
    objectives = sorted({r.objective for r in (*off, *on)})
    endings = chi_square([[sum(r.objective == o for r in rs) for o in objectives] for rs in (off, on)])
    t_off, t_on = [r.turns for r in off], [r.turns for r in on]
    length = welch(t_on, t_off)
    ranks = mann_whitney(t_on, t_off)
    # a count that stayed at zero in both arms tests nothing, and would only widen Holm's family
    keys = sorted({k for r in (*off, *on) for k, v in r.tallies if v})
    tallies: dict[str, dict[str, Any]] = {}
    for k in keys:
        a, b = [dict(r.tallies).get(k, 0) for r in on], [dict(r.tallies).get(k, 0) for r in off]
        tallies[k] = {"off": sum(b) / len(b) if b else None, "on": sum(a) / len(a) if a else None, **mann_whitney(a, b).to_json()}
    for k, rejected in zip(keys, holm([tallies[k]["p"] for k in keys], ALPHA), strict=True):
        tallies[k]["significant"] = rejected
    return {
        "wins": {**wins.to_json(), "significant": wins.p < ALPHA, "by_seat": by_seat},
        "endings": {**endings.to_json(), "significant": endings.p < ALPHA, "objectives": objectives},
        "length": {"welch": length.to_json(), "mann_whitney": ranks.to_json(), "significant": length.p < ALPHA},
        "tallies": tallies,
    }


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _is(significant: bool) -> str:
    return "significant" if significant else "not significant"


def verdict(
    trial: Trial, arms: dict[str, dict[str, Any]], comparison: dict[str, Any], objective_words: dict[str, str], tally_words: dict[str, str] | None = None
) -> list[str]:
    """The findings in plain sentences, one for each question, each with its test and p-value."""
    off, on = arms["off"], arms["on"]
    m = trial.module
    c = comparison
    seats = ", ".join(f"{s} {_pct(on['wins'][s]['rate'])} against {_pct(off['wins'][s]['rate'])}" for s in trial.seats)
    w = c["wins"]
    out = [
        f"Wins with {m} on against off ({on['games']} and {off['games']} games of {trial.scenario}): {seats}, drawn "
        f"{_pct(on['draws']['rate'])} against {_pct(off['draws']['rate'])}; the difference is {_is(w['significant'])} "
        f"(chi-square {w['chi2']:.2f} on {w['df']} df, {_p(w['p'])})."
    ]
    ln = c["length"]
    d = ln["welch"]["estimate"]
    by = f"{abs(d):.2f} turns {'longer' if d > 0 else 'shorter'}" if d else "the same on average"
    out.append(
        f"Games last {on['mean_turns']:.2f} turns on (95% {on['mean_turns_interval'][0]:.2f}-{on['mean_turns_interval'][1]:.2f}) against "
        f"{off['mean_turns']:.2f} off, {by}: {_is(ln['significant'])} (Welch {_p(ln['welch']['p'])}; "
        f"Mann-Whitney {_p(ln['mann_whitney']['p'])})."
    )
    e = c["endings"]
    ends = "; ".join(f"{objective_words.get(o, o)} {on['endings'].get(o, 0)} against {off['endings'].get(o, 0)}" for o in e["objectives"])
    out.append(f"How games end, on against off: {ends}; the difference is {_is(e['significant'])} (chi-square {e['chi2']:.2f} on {e['df']} df, {_p(e['p'])}).")
    named = tally_words or {}
    moved = [f"{named.get(k, k)} {t['on']:.2f} a game against {t['off']:.2f} ({_p(t['p'])})" for k, t in c["tallies"].items() if t["significant"]]
    out.append(
        "What happened in the games changed significantly for " + "; ".join(moved) + " (Mann-Whitney, Holm-corrected)."
        if moved
        else "No tally a game changed significantly (Mann-Whitney, Holm-corrected)."
    )
    out.append(_closing(m, on["games"], off["games"], len(trial.seats), w["significant"], ln["significant"], by))
    return out


def _closing(module: str, n_on: int, n_off: int, seats: int, wins: bool, length: bool, by: str) -> str:
    """The verdict a designer acts on: what the module was seen to change, or that the trial
    can't tell yet, with the smallest change in a seat's win rate its games could have shown."""
    seen = [x for x, yes in (("who wins", wins), (f"how long games last ({by})", length)) if yes]
    if seen:
        return f"Verdict: {module} changes {' and '.join(seen)}."
    smallest = detectable_difference(n_on, n_off, seats)
    could = "" if smallest is None else f"; these games could have shown a change of {100 * smallest:.1f} points in a seat's win rate (80% power)"
    return f"Verdict: can't tell yet whether {module} changes who wins or how long games last{could}."


def summarise_trial(trial: Trial, records: Sequence[GameRecord]) -> dict[str, Any]:
    """Everything the report shows, as JSON data."""
    mine = [r for r in records if r.index < trial.total]
    by_arm = {arm: [r for r in mine if r.variant == arm] for arm in ARMS}
    book = get(trial.ruleset).phrasebook()
    seen = sorted({r.objective for r in mine})
    words = {o: book.label("objective", o) if book is not None and o != DRAW else o for o in seen}
    arms = {arm: summarise_arm(trial, by_arm[arm], k) for k, arm in enumerate(ARMS)}
    comparison = compare_arms(trial, by_arm["off"], by_arm["on"])
    # the names `grapeshot simulate` gives the tallies
    said = Words([b for b in (book,) if b is not None])
    tallies = {k: said.label("tally", k) for k in comparison["tallies"]}
    return {
        "trial": trial.to_json(),
        "games_stored": len(mine),
        "words": {"objectives": words, "tallies": tallies},
        "arms": arms,
        "comparison": comparison,
        "verdict": verdict(trial, arms, comparison, words, tallies),
    }


# --------------------------------------------------------------------------- the report's files


def write_trial_report(out: Path, summary: dict[str, Any], run: RunInfo | None = None) -> dict[str, Path]:
    """``summary.json``, ``arms.csv`` (a row for each arm and measure) and ``report.html``."""
    out.mkdir(parents=True, exist_ok=True)
    files = {"summary.json": out / "summary.json", "arms.csv": out / "arms.csv", "report.html": out / "report.html"}
    files["summary.json"].write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    with files["arms.csv"].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["arm", "measure", "value", "low", "high"])
        for arm, a in summary["arms"].items():
            for seat, r in a["wins"].items():
                w.writerow([arm, f"wins:{seat}", r["rate"], r["low"], r["high"]])
            w.writerow([arm, "draws", a["draws"]["rate"], a["draws"]["low"], a["draws"]["high"]])
            w.writerow([arm, "mean_turns", a["mean_turns"], *a["mean_turns_interval"]])
            for o, n in a["endings"].items():
                w.writerow([arm, f"ending:{o}", n, "", ""])
            for k, t in a["tallies"].items():
                w.writerow([arm, f"tally:{k}", t["mean"], "", ""])
    files["report.html"].write_text(_html(summary, run), encoding="utf-8")
    return files


def _e(x: Any) -> str:
    return html.escape(str(x))


def _rows(*rows: Sequence[Any]) -> str:
    return "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>" for r in rows)


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def _html(summary: dict[str, Any], run: RunInfo | None) -> str:
    t, c = summary["trial"], summary["comparison"]
    off, on = summary["arms"]["off"], summary["arms"]["on"]
    words = summary["words"]["objectives"]
    wins = _rows(
        *[(s, _pct(off["wins"][s]["rate"]), _pct(on["wins"][s]["rate"]), _fmt(c["wins"]["by_seat"][s]["p"])) for s in t["seats"]],
        ("drawn", _pct(off["draws"]["rate"]), _pct(on["draws"]["rate"]), ""),
    )
    ends = _rows(*[(words.get(o, o), off["endings"].get(o, 0), on["endings"].get(o, 0)) for o in c["endings"]["objectives"]])
    named = summary["words"].get("tallies", {})
    tallies = _rows(*[(named.get(k, k), _fmt(v["off"]), _fmt(v["on"]), _fmt(v["p"]), "yes" if v["significant"] else "no") for k, v in c["tallies"].items()])
    played = f"<p>{run.played} games played in {run.seconds:.1f} s ({run.backend}, {run.workers} workers).</p>" if run is not None and run.played else ""
    ln = c["length"]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{_e(t["module"])} on against off: {_e(t["scenario"])}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}td,th{{padding:.2em .8em;text-align:right}}td:first-child{{text-align:left}}</style></head>
<body><h1>The module {_e(t["module"])}, off against on</h1>
<p>{_e(t["ruleset"])}, scenario {_e(t["scenario"])}: {t["games_per_arm"]} seeded games an arm, the same seeds and players ({_e(t["player"])})
in both; study seed {t["seed"]}; options {_e(t["options"] or "none")}.</p>{played}
<h2>What changes</h2><ul>{"".join(f"<li>{_e(s)}</li>" for s in summary["verdict"])}</ul>
<h2>Wins by seat</h2><table><tr><th></th><th>off</th><th>on</th><th>p (two proportions)</th></tr>{wins}</table>
<p>chi-square {c["wins"]["chi2"]:.2f} on {c["wins"]["df"]} df, p = {c["wins"]["p"]:.4f}</p>
<h2>Game length (turns)</h2><table><tr><th></th><th>off</th><th>on</th></tr>
{
        _rows(
            ("mean", f"{off['mean_turns']:.2f}", f"{on['mean_turns']:.2f}"),
            ("95% interval", "{:.2f}-{:.2f}".format(*off["mean_turns_interval"]), "{:.2f}-{:.2f}".format(*on["mean_turns_interval"])),
            ("median", off["median_turns"], on["median_turns"]),
        )
    }</table>
<p>Welch p = {ln["welch"]["p"]:.4f}; Mann-Whitney p = {ln["mann_whitney"]["p"]:.4f}</p>
<h2>How games end</h2><table><tr><th></th><th>off</th><th>on</th></tr>{ends}</table>
<p>chi-square {c["endings"]["chi2"]:.2f} on {c["endings"]["df"]} df, p = {c["endings"]["p"]:.4f}</p>
<h2>What happened, a game</h2><table><tr><th></th><th>off</th><th>on</th><th>p</th><th>significant (Holm)</th></tr>{tallies}</table>
</body></html>
"""
