"""What a study found: game records summed up into plain JSON data.

The data speaks of *factions* (Jim Lad's klans; a fleet or a ship type elsewhere); the words
people read (``words``: the rule set's name for a faction, and each objective in its
phrasebook's words where it has one) travel beside the numbers. For each variant:

- the **win-rate matrix**: for every faction against every other, both seatings together, the
  row faction's score (wins plus half its draws, over games) with a 95% Wilson interval. **A
  draw counts as half a win** to each side, in the matrix, the factions' scores and the
  ratings; the draws are also counted and shown on their own;
- a **rating** per faction: Bradley-Terry on the same scores (one virtual drawn game a pairing
  keeps every rating finite), on the Elo scale, with a 95% interval from the Fisher information;
- each faction's overall score, record (won, drawn, lost), its wins and losses by cause (the
  objective that ended the game), and its mean game length;
- the first seat's score (the advantage of sitting there), the draw rate, the causes of every
  game's end, the mean game length with its interval and the distribution of lengths;
- the **tallies**: what happened in the games (the rule set's and its modules' counts), in all
  and on average a game.

A sweep then compares every variant with the baseline: each faction's score (two-proportion z
test, Newcombe's interval, and Holm's correction over the factions), the first seat's score,
the draw rate and the mean game length (Welch), and says which differences are significant.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from grapeshot.lab.records import GameRecord
from grapeshot.lab.stats import bradley_terry, holm, mean_interval, two_proportions, welch, wilson
from grapeshot.lab.study import Study, StudyError, ruleset_and_lab, scenario_for
from grapeshot.lab.verdicts import against_even, detectable_difference, points
from grapeshot.report import Words

ALPHA = 0.05
#: the objective of a drawn game (the core's, whatever the rule set)
DRAW = "draw"


def words(study: Study) -> dict[str, Any]:
    """What people call the study's factions and objectives, from its rule set.

    The objectives are the rule set's (its lab's list, then ``draw``), each in its phrasebook's
    words (``label("objective", name)``); a rule set without a phrasebook shows their names.
    """
    rs, lab = ruleset_and_lab(study.ruleset)
    book = rs.phrasebook()
    objectives = (*lab.objectives, DRAW)
    return {
        "faction": lab.faction_word,
        "factions": lab.faction_plural,
        "objectives": {o: book.label("objective", o) if book is not None else o for o in objectives},
    }


def _score(wins: int, draws: int, games: int) -> dict[str, Any]:
    s = wins + draws / 2
    lo, hi = wilson(s, games)
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws, "score": s / games if games else None, "low": lo, "high": hi}


def summarise_variant(study: Study, records: Sequence[GameRecord], objectives: Sequence[str]) -> dict[str, Any]:
    """The findings for the games of one variant (``objectives``: the rule set's, then draw)."""
    factions = study.factions
    first = study.seats[0]
    causes = [o for o in objectives if o != DRAW]
    pair_w: Counter[tuple[str, str]] = Counter()
    pair_d: Counter[tuple[str, str]] = Counter()
    pair_n: Counter[tuple[str, str]] = Counter()
    won: Counter[str] = Counter()
    drawn: Counter[str] = Counter()
    played: Counter[str] = Counter()
    wins_by: dict[str, Counter[str]] = defaultdict(Counter)
    losses_by: dict[str, Counter[str]] = defaultdict(Counter)
    turns_of: dict[str, list[int]] = defaultdict(list)
    ends: Counter[str] = Counter()
    seat_w = seat_d = 0
    turns: list[int] = []
    tallies: Counter[str] = Counter()
    for r in records:
        a, b = r.factions[0], r.factions[1]
        ends[r.objective] += 1
        turns.append(r.turns)
        tallies.update(dict(r.tallies))
        for k in (a, b):
            played[k] += 1
            turns_of[k].append(r.turns)
        pair_n[(a, b)] += 1
        pair_n[(b, a)] += 1
        if r.winner is None:
            pair_d[(a, b)] += 1
            pair_d[(b, a)] += 1
            drawn[a] += 1
            drawn[b] += 1
            seat_d += 1
            continue
        w = r.winner_faction or ""
        lo = b if w == a else a
        pair_w[(w, lo)] += 1
        won[w] += 1
        wins_by[w][r.objective] += 1
        losses_by[lo][r.objective] += 1
        seat_w += r.winner == first
    n = len(records)
    matrix = {a: {b: _score(pair_w[(a, b)], pair_d[(a, b)], pair_n[(a, b)]) for b in factions if b != a} for a in factions}
    bt_wins = {(a, b): pair_w[(a, b)] + pair_d[(a, b)] / 2 for a in factions for b in factions if a != b}
    ratings = bradley_terry(list(factions), bt_wins, prior=1.0) if n else []
    by_faction: dict[str, dict[str, Any]] = {}
    for k in factions:
        by_faction[k] = {
            **_score(won[k], drawn[k], played[k]),
            "wins_by": {o: wins_by[k][o] for o in causes},
            "losses_by": {o: losses_by[k][o] for o in causes},
            "mean_turns": mean_interval(turns_of[k])[0],
        }
    mean_t, lo_t, hi_t = mean_interval(turns)
    return {
        "games": n,
        "draws": ends[DRAW],
        "draw_rate": ends[DRAW] / n if n else None,
        "draw_rate_interval": list(wilson(ends[DRAW], n)),
        "first_seat": {"seat": first, **_score(seat_w, seat_d, n)},
        "mean_turns": mean_t,
        "mean_turns_interval": [lo_t, hi_t],
        "turns_histogram": {str(t): c for t, c in sorted(Counter(turns).items())},
        # a count that stayed at zero in every game says nothing: left out
        "tallies": {k: {"total": c, "mean": c / n if n else None} for k, c in sorted(tallies.items()) if c},
        "objectives": {o: ends[o] for o in objectives} | {o: c for o, c in ends.items() if o not in objectives},
        "matrix": matrix,
        "factions": by_faction,
        "ratings": sorted((r.to_json() for r in ratings), key=lambda r: -float(r["strength"])),
    }


def compare(study: Study, base: Sequence[GameRecord], other: Sequence[GameRecord], label: str, word: str = "faction") -> dict[str, Any]:
    """A variant against the baseline: each difference with its interval, p-value and verdict
    (``word``: what people call a faction, for the verdict)."""

    def score_of(records: Sequence[GameRecord], faction: str) -> tuple[float, int]:
        s, n = 0.0, 0
        for r in records:
            if faction in r.factions:
                n += 1
                s += 1.0 if r.winner_faction == faction else 0.5 if r.winner is None else 0.0
        return s, n

    rows: list[dict[str, Any]] = []
    for k in study.factions:
        s1, n1 = score_of(other, k)
        s0, n0 = score_of(base, k)
        d = two_proportions(s1, n1, s0, n0)
        rows.append({"faction": k, "baseline": s0 / n0 if n0 else None, "variant": s1 / n1 if n1 else None, **d.to_json()})
    rejected = holm([row["p"] for row in rows], ALPHA)
    for row, rej in zip(rows, rejected, strict=True):
        row["significant"] = rej
    first = study.seats[0]

    def seat_score(records: Sequence[GameRecord]) -> float:
        return sum(1.0 if r.winner == first else 0.5 if r.winner is None else 0.0 for r in records)

    seat = two_proportions(seat_score(other), len(other), seat_score(base), len(base))
    draws = two_proportions(sum(r.winner is None for r in other), len(other), sum(r.winner is None for r in base), len(base))
    length = welch([r.turns for r in other], [r.turns for r in base])
    findings = [f"{row['faction']} score {row['estimate']:+.3f}" for row in rows if row["significant"]]
    n_other = min((score_of(other, k)[1] for k in study.factions), default=0)
    n_base = min((score_of(base, k)[1] for k in study.factions), default=0)
    smallest = detectable_difference(n_other, n_base, len(rows))
    if seat.p < ALPHA:
        findings.append(f"first-seat score {seat.estimate:+.3f}")
    if draws.p < ALPHA:
        findings.append(f"draw rate {draws.estimate:+.3f}")
    if length.p < ALPHA:
        findings.append(f"mean game length {length.estimate:+.2f} turns")
    verdict = (
        f"{label} vs baseline: significant at 5% for " + "; ".join(findings)
        if findings
        else f"{label} vs baseline: can't tell yet: no significant difference at 5% ({word} scores Holm-corrected)"
    )
    if smallest is not None:
        verdict += f"; these games could have shown a change of {points(smallest)} points in a {word}'s score (80% power)"
    return {
        "variant": label,
        "factions": rows,
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
        "smallest": smallest,
        "verdict": verdict,
    }


def _faction_sentence(r: Any, k: int) -> str:
    said = f"{points(r.score)}% [{points(r.low)}, {points(r.high)}] over {r.games} games"
    if r.side == "above":
        return f"{r.name} is stronger than the field: it scores {said}."
    if r.side == "below":
        return f"{r.name} is weaker than the field: it scores {said}."
    if r.more is not None:
        per_pair = math.ceil(r.more / max(1, k - 1))
        return (
            f"Can't tell yet whether {r.name} is stronger or weaker than the field ({said}): "
            f"about {per_pair} more games of each pairing would show its {points(abs(r.score - 0.5))}-point difference."
        )
    return f"{r.name} shows no difference from the field ({said}); these games could have shown one of {points(r.smallest)} points."


def _could_see(share: float) -> str:
    return f"{points(share)} points" if share <= 0.5 else "more than 50 points (too few games to show any)"


def _family(factions: int, plural: str, pairs: int) -> str:
    if factions <= 2 and pairs <= 1:
        return "5% error rate"
    return f"5% error rate over the {factions} {plural} and over the {pairs} pairings, each family Holm-corrected"


def read_variant(study: Study, variant: dict[str, Any], said: dict[str, Any]) -> dict[str, Any]:
    """A variant's verdicts: each faction against the field and each pairing against even, each
    family Holm-corrected, in sentences that say "can't tell yet" rather than "even", and the
    smallest difference the games could have shown."""
    word, plural = said["faction"], said["factions"]
    fs = variant["factions"]
    k = len(study.factions)
    factions = against_even([(f, fs[f]["wins"] + fs[f]["draws"] / 2, fs[f]["games"]) for f in study.factions])
    cells = [variant["matrix"][a][b] for a, b in study.pairs]
    pairs = against_even([(f"{a} v {b}", c["wins"] + c["draws"] / 2, c["games"]) for (a, b), c in zip(study.pairs, cells, strict=True)])
    rank = {name: i for i, name in enumerate(r["name"] for r in variant["ratings"])}
    strongest_first = sorted(factions, key=lambda r: rank.get(r.name, len(rank)))
    sentences = [_faction_sentence(r, k) for r in strongest_first] if variant["games"] else ["No games yet: nothing to tell."]
    for (a, b), r in zip(study.pairs, pairs, strict=True):
        if r.side != "unknown":
            strong, weak = (a, b) if r.side == "above" else (b, a)
            share = r.score if r.side == "above" else 1 - (r.score or 0.0)
            sentences.append(f"{strong} beats {weak}: {points(share)}% of the points over {r.games} games.")
    smallest_f = max((r.smallest for r in factions if r.smallest is not None), default=None)
    smallest_p = max((r.smallest for r in pairs if r.smallest is not None), default=None)
    if smallest_f is not None and smallest_p is not None:
        if len(pairs) > 1 and all(r.side == "unknown" for r in pairs):
            sentences.append("No pairing's score differs from even beyond chance.")
        sentences.append(
            f"The smallest difference from even these games could have shown (80% power): {_could_see(smallest_f)} for a {word} against the field, "
            f"{_could_see(smallest_p)} for a pairing ({_family(k, plural, len(pairs))})."
        )
    return {
        "factions": [r.to_json() for r in factions],
        "pairs": [r.to_json() for r in pairs],
        "smallest_faction": smallest_f,
        "smallest_pair": smallest_p,
        "sentences": sentences,
    }


def turn_limit(study: Study, variant: int) -> int | None:
    """The turn after which the variant's games are decided, where the rule set has one."""
    rs, _ = ruleset_and_lab(study.ruleset)
    try:
        scenario = scenario_for(study, study.pairs[0], variant)
    except (StudyError, IndexError):
        return None
    return rs.turn_limit({**dict(scenario.options), **study.options_for(variant)})


def summarise(study: Study, records: Sequence[GameRecord]) -> dict[str, Any]:
    """Everything a report shows, as JSON data: the study, the words, each variant's findings, the comparisons."""
    said = words(study)
    objectives = list(said["objectives"])
    by_variant: dict[str, list[GameRecord]] = {v.label: [] for v in study.variants}
    for r in records:
        if r.index < study.total:
            by_variant[r.variant].append(r)
    base = study.variants[0].label
    rs, _ = ruleset_and_lab(study.ruleset)
    book = Words([b for b in (rs.phrasebook(),) if b is not None])
    variants = {label: {"text": v.text(), **summarise_variant(study, by_variant[label], objectives)} for v in study.variants for label in [v.label]}
    for n, v in enumerate(variants.values()):
        v["turn_limit"] = turn_limit(study, n)
        v["verdicts"] = read_variant(study, v, said)
        # the names `grapeshot simulate` gives the tallies
        said.setdefault("tallies", {}).update({t: book.label("tally", t) for t in v["tallies"]})
    return {
        "study": study.to_json(),
        "words": said,
        "games_stored": sum(len(v) for v in by_variant.values()),
        "draws_policy": "a draw counts as half a win to each side (matrix, scores, ratings); draws are also counted on their own",
        "variants": variants,
        "comparisons": [compare(study, by_variant[base], by_variant[v.label], v.label, said["faction"]) for v in study.variants[1:]],
    }
