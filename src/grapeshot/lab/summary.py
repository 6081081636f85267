"""What a study found: game records summed up into plain JSON data.

For each variant:

- the **win-rate matrix**: for every klan against every other, both seatings together, the
  row klan's score (wins plus half its draws, over games) with a 95% Wilson interval. **A draw
  counts as half a win** to each side, in the matrix, the klans' scores and the ratings; the
  draws are also counted and shown on their own;
- a **rating** per klan: Bradley-Terry on the same scores (one virtual drawn game a pairing
  keeps every rating finite), on the Elo scale, with a 95% interval from the Fisher information;
- each klan's overall score, record (won, drawn, lost), its wins and losses by cause (the
  objective that ended the game), and its mean game length;
- the first seat's score (the advantage of sitting there), the draw rate, the causes of every
  game's end, the mean game length with its interval and the distribution of lengths.

A sweep then compares every variant with the baseline: each klan's score (two-proportion z
test, Newcombe's interval, and Holm's correction over the klans), the first seat's score, the
draw rate and the mean game length (Welch), and says which differences are significant.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from grapeshot.lab.play import GameRecord
from grapeshot.lab.stats import bradley_terry, holm, mean_interval, two_proportions, welch, wilson
from grapeshot.lab.study import Study

ALPHA = 0.05
OBJECTIVES = ("last-boat-afloat", "weez-da-only-fleet", "best-of-the-rest", "draw")


def _score(wins: int, draws: int, games: int) -> dict[str, Any]:
    s = wins + draws / 2
    lo, hi = wilson(s, games)
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws, "score": s / games if games else None, "low": lo, "high": hi}


def summarise_variant(study: Study, records: Sequence[GameRecord]) -> dict[str, Any]:
    """The findings for the games of one variant."""
    klans = study.klans
    first = study.seats[0]
    pair_w: Counter[tuple[str, str]] = Counter()
    pair_d: Counter[tuple[str, str]] = Counter()
    pair_n: Counter[tuple[str, str]] = Counter()
    klan_w: Counter[str] = Counter()
    klan_d: Counter[str] = Counter()
    klan_n: Counter[str] = Counter()
    wins_by: dict[str, Counter[str]] = defaultdict(Counter)
    losses_by: dict[str, Counter[str]] = defaultdict(Counter)
    turns_of: dict[str, list[int]] = defaultdict(list)
    objectives: Counter[str] = Counter()
    seat_w = seat_d = 0
    turns: list[int] = []
    sunk = 0
    for r in records:
        a, b = r.klans[0], r.klans[1]
        objectives[r.objective] += 1
        turns.append(r.turns)
        sunk += sum(r.sunk)
        for k in (a, b):
            klan_n[k] += 1
            turns_of[k].append(r.turns)
        pair_n[(a, b)] += 1
        pair_n[(b, a)] += 1
        if r.winner is None:
            pair_d[(a, b)] += 1
            pair_d[(b, a)] += 1
            klan_d[a] += 1
            klan_d[b] += 1
            seat_d += 1
            continue
        w = r.winner_klan or ""
        lo = b if w == a else a
        pair_w[(w, lo)] += 1
        klan_w[w] += 1
        wins_by[w][r.objective] += 1
        losses_by[lo][r.objective] += 1
        seat_w += r.winner == first
    n = len(records)
    matrix = {a: {b: _score(pair_w[(a, b)], pair_d[(a, b)], pair_n[(a, b)]) for b in klans if b != a} for a in klans}
    bt_wins = {(a, b): pair_w[(a, b)] + pair_d[(a, b)] / 2 for a in klans for b in klans if a != b}
    ratings = bradley_terry(list(klans), bt_wins, prior=1.0) if n else []
    by_klan: dict[str, dict[str, Any]] = {}
    for k in klans:
        by_klan[k] = {
            **_score(klan_w[k], klan_d[k], klan_n[k]),
            "wins_by": {o: wins_by[k][o] for o in OBJECTIVES if o != "draw"},
            "losses_by": {o: losses_by[k][o] for o in OBJECTIVES if o != "draw"},
            "mean_turns": mean_interval(turns_of[k])[0],
        }
    mean_t, lo_t, hi_t = mean_interval(turns)
    return {
        "games": n,
        "draws": objectives["draw"],
        "draw_rate": objectives["draw"] / n if n else None,
        "draw_rate_interval": list(wilson(objectives["draw"], n)),
        "first_seat": {"seat": first, **_score(seat_w, seat_d, n)},
        "mean_turns": mean_t,
        "mean_turns_interval": [lo_t, hi_t],
        "turns_histogram": {str(t): c for t, c in sorted(Counter(turns).items())},
        "mean_ships_sunk": sunk / n if n else None,
        "objectives": {o: objectives[o] for o in OBJECTIVES} | {o: c for o, c in objectives.items() if o not in OBJECTIVES},
        "matrix": matrix,
        "klans": by_klan,
        "ratings": sorted((r.to_json() for r in ratings), key=lambda r: -float(r["strength"])),
    }


def compare(study: Study, base: Sequence[GameRecord], other: Sequence[GameRecord], label: str) -> dict[str, Any]:
    """A variant against the baseline: each difference with its interval, p-value and verdict."""

    def score_of(records: Sequence[GameRecord], klan: str) -> tuple[float, int]:
        s, n = 0.0, 0
        for r in records:
            if klan in r.klans:
                n += 1
                s += 1.0 if r.winner_klan == klan else 0.5 if r.winner is None else 0.0
        return s, n

    rows: list[dict[str, Any]] = []
    for k in study.klans:
        s1, n1 = score_of(other, k)
        s0, n0 = score_of(base, k)
        d = two_proportions(s1, n1, s0, n0)
        rows.append({"klan": k, "baseline": s0 / n0 if n0 else None, "variant": s1 / n1 if n1 else None, **d.to_json()})
    rejected = holm([row["p"] for row in rows], ALPHA)
    for row, rej in zip(rows, rejected, strict=True):
        row["significant"] = rej
    first = study.seats[0]

    def seat_score(records: Sequence[GameRecord]) -> float:
        return sum(1.0 if r.winner == first else 0.5 if r.winner is None else 0.0 for r in records)

    seat = two_proportions(seat_score(other), len(other), seat_score(base), len(base))
    draws = two_proportions(sum(r.winner is None for r in other), len(other), sum(r.winner is None for r in base), len(base))
    length = welch([r.turns for r in other], [r.turns for r in base])
    findings = [f"{row['klan']} score {row['estimate']:+.3f}" for row in rows if row["significant"]]
    if seat.p < ALPHA:
        findings.append(f"first-seat score {seat.estimate:+.3f}")
    if draws.p < ALPHA:
        findings.append(f"draw rate {draws.estimate:+.3f}")
    if length.p < ALPHA:
        findings.append(f"mean game length {length.estimate:+.2f} turns")
    verdict = (
        f"{label} vs baseline: significant at 5% for " + "; ".join(findings)
        if findings
        else f"{label} vs baseline: no significant difference at 5% (klan scores Holm-corrected)"
    )
    return {
        "variant": label,
        "klans": rows,
        "first_seat": {
            "baseline": seat_score(base) / len(base) if base else None,
            "variant": seat_score(other) / len(other) if other else None,
            **seat.to_json(),
        },
        "draw_rate": {
            "baseline": sum(r.winner is None for r in base) / len(base) if base else None,
            "variant": sum(r.winner is None for r in other) / len(other) if other else None,
            **draws.to_json(),
        },
        "mean_turns": {
            "baseline": sum(r.turns for r in base) / len(base) if base else None,
            "variant": sum(r.turns for r in other) / len(other) if other else None,
            **length.to_json(),
        },
        "significant": bool(findings),
        "verdict": verdict,
    }


def summarise(study: Study, records: Sequence[GameRecord]) -> dict[str, Any]:
    """Everything a report shows, as JSON data: the study, each variant's findings, the comparisons."""
    by_variant: dict[str, list[GameRecord]] = {v.label: [] for v in study.variants}
    for r in records:
        if r.index < study.total:
            by_variant[r.variant].append(r)
    base = study.variants[0].label
    return {
        "study": study.to_json(),
        "games_stored": sum(len(v) for v in by_variant.values()),
        "draws_policy": "a draw counts as half a win to each side (matrix, scores, ratings); draws are also counted on their own",
        "variants": {label: {"text": v.text(), **summarise_variant(study, by_variant[label])} for v in study.variants for label in [v.label]},
        "comparisons": [compare(study, by_variant[base], by_variant[v.label], v.label) for v in study.variants[1:]],
    }
