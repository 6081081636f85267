"""The study report: an HTML page with plots, and the same numbers as CSV and JSON.

:func:`write_report` writes into the study's folder:

- ``report.html``: the study, then for each variant the ratings, the win-rate matrix (colour
  by score, the 95% interval under each cell), the causes of victory, what happened in the
  games (the tallies) and the game lengths, and for a sweep the comparisons with the baseline
  and their verdicts;
- the plots it shows, as PNG files beside it (matplotlib, Agg; no display needed):
  ``matrix-<variant>.png``, ``causes-<variant>.png``, ``ratings.png``, ``lengths.png``, and
  for a sweep ``sweep.png``;
- ``summary.json`` (everything, see ``summary.py``), ``matrix.csv`` (the square matrix of
  scores), ``pairs.csv`` (the matrix as rows, with counts and intervals), ``ratings.csv``,
  and for a sweep ``comparisons.csv``.

The files speak of factions (the CSV columns say ``faction``); the page and the plots use the
rule set's own words from the summary (``words``: "klan" for Jim Lad, each objective as its
phrasebook says it).
"""

from __future__ import annotations

import csv
import html
import json
import math
import re
from pathlib import Path
from typing import Any

from grapeshot.lab.runner import RunInfo
from grapeshot.lab.summary import DRAW

#: the colours of the ways a game is won, in the rule set's order; a draw is grey
CAUSE_COLOURS = ("#1f5f8b", "#d08c1a", "#5b9a4b", "#8b4a9c", "#2a9d9a", "#b5523b", "#6b6b2a")
DRAW_COLOUR = "#9a9a9a"


def _causes(summary: dict[str, Any]) -> list[str]:
    """The objectives a game can be won by (the rule set's, without the draw)."""
    return [o for o in summary["words"]["objectives"] if o != DRAW]


def _colour(summary: dict[str, Any], objective: str) -> str:
    causes = _causes(summary)
    return DRAW_COLOUR if objective not in causes else CAUSE_COLOURS[causes.index(objective) % len(CAUSE_COLOURS)]


def slug(label: str) -> str:
    return re.sub(r"[^a-zA-Z0-9]+", "-", label).strip("-").lower() or "variant"


def write_report(out: Path, summary: dict[str, Any], run: RunInfo | None = None) -> dict[str, Path]:
    """Write the report files into ``out``; return them by name."""
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "summary.json": out / "summary.json",
        "matrix.csv": out / "matrix.csv",
        "pairs.csv": out / "pairs.csv",
        "ratings.csv": out / "ratings.csv",
    }
    files["summary.json"].write_text(json.dumps(summary, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    _csvs(summary, files)
    if summary["comparisons"]:
        files["comparisons.csv"] = out / "comparisons.csv"
        _comparisons_csv(summary, files["comparisons.csv"])
    files.update(_plots(out, summary))
    files["report.html"] = out / "report.html"
    files["report.html"].write_text(_html(summary, run, files), encoding="utf-8")
    return files


# --------------------------------------------------------------------------- CSV


def _fmt(x: Any) -> Any:
    return round(x, 6) if isinstance(x, float) else x


def _csvs(summary: dict[str, Any], files: dict[str, Path]) -> None:
    factions = summary["study"]["factions"]
    with files["matrix.csv"].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["variant", "faction", *factions])
        for label, v in summary["variants"].items():
            for a in factions:
                w.writerow([label, a, *("" if a == b else _fmt(v["matrix"][a][b]["score"]) for b in factions)])
    with files["pairs.csv"].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["variant", "faction", "opponent", "games", "wins", "draws", "losses", "score", "low", "high"])
        for label, v in summary["variants"].items():
            for a in factions:
                for b in factions:
                    if a != b:
                        c = v["matrix"][a][b]
                        w.writerow([label, a, b, c["games"], c["wins"], c["draws"], c["losses"], _fmt(c["score"]), _fmt(c["low"]), _fmt(c["high"])])
    with files["ratings.csv"].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        causes = _causes(summary)
        w.writerow(
            [
                "variant",
                "rank",
                "faction",
                "elo",
                "elo_low",
                "elo_high",
                "strength",
                "se",
                "score",
                "score_low",
                "score_high",
                "games",
                "wins",
                "draws",
                "losses",
                "mean_turns",
                *(f"wins_{o}" for o in causes),
            ]
        )
        for label, v in summary["variants"].items():
            for rank, r in enumerate(v["ratings"], 1):
                k = v["factions"][r["name"]]
                w.writerow(
                    [
                        label,
                        rank,
                        r["name"],
                        *(_fmt(r[x]) for x in ("elo", "elo_low", "elo_high", "strength", "se")),
                        _fmt(k["score"]),
                        _fmt(k["low"]),
                        _fmt(k["high"]),
                        k["games"],
                        k["wins"],
                        k["draws"],
                        k["losses"],
                        _fmt(k["mean_turns"]),
                        *(k["wins_by"][o] for o in causes),
                    ]
                )


def _comparisons_csv(summary: dict[str, Any], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["variant", "measure", "faction", "baseline", "variant_value", "difference", "low", "high", "p", "significant"])
        for c in summary["comparisons"]:
            for row in c["factions"]:
                w.writerow(
                    [
                        c["variant"],
                        "score",
                        row["faction"],
                        *(_fmt(row[x]) for x in ("baseline", "variant", "estimate", "low", "high", "p")),
                        row["significant"],
                    ]
                )
            for measure in ("first_seat", "draw_rate", "mean_turns"):
                m = c[measure]
                w.writerow([c["variant"], measure, "", *(_fmt(m[x]) for x in ("baseline", "variant", "estimate", "low", "high", "p")), m["p"] < 0.05])


# --------------------------------------------------------------------------- plots


class MissingExtra(Exception):
    """A part of the lab that needs an optional package which is not installed."""


def require_plotting() -> None:
    """Refuse before any game is played when the report could not be drawn: a study that runs for
    an hour and then fails on its last line loses the hour."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise MissingExtra(
            "the lab's report draws its plots with matplotlib, which is not installed: pip install 'grapeshot[lab]' (scripts/run.sh installs it)"
        ) from None


def _plots(out: Path, summary: dict[str, Any]) -> dict[str, Path]:
    from matplotlib.figure import Figure

    files: dict[str, Path] = {}
    factions: list[str] = summary["study"]["factions"]
    word: str = summary["words"]["faction"]
    said: dict[str, str] = summary["words"]["objectives"]
    variants: dict[str, Any] = summary["variants"]
    for label, v in variants.items():
        # the win-rate matrix
        fig = matrix_figure(summary, label)
        files[f"matrix-{slug(label)}.png"] = _save(fig, out / f"matrix-{slug(label)}.png")
        # the causes of victory
        fig = Figure(figsize=(8, 0.6 + 0.45 * len(factions)), layout="constrained")
        ax = fig.add_subplot()
        order = [r["name"] for r in v["ratings"]] or factions
        left = [0.0] * len(order)
        parts = [(f"won: {said[o]}", _colour(summary, o), [v["factions"][k]["wins_by"][o] for k in order]) for o in _causes(summary)]
        parts.append(("drawn", DRAW_COLOUR, [v["factions"][k]["draws"] for k in order]))
        parts.append(("lost", "#e6d3d3", [v["factions"][k]["losses"] for k in order]))
        for name, colour, counts in parts:
            shares = [c / max(1, v["factions"][k]["games"]) for c, k in zip(counts, order, strict=True)]
            ax.barh(order, shares, left=left, color=colour, label=name)
            left = [x + s for x, s in zip(left, shares, strict=True)]
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel(f"share of the {word}'s games")
        ax.set_title(f"how each {word}'s games ended{named(summary, label)}")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=5, fontsize=8, frameon=False)
        files[f"causes-{slug(label)}.png"] = _save(fig, out / f"causes-{slug(label)}.png")
    # ratings
    fig = Figure(figsize=(8, 0.8 + 0.5 * len(factions)), layout="constrained")
    ax = fig.add_subplot()
    first = next(iter(variants.values()))
    order = [r["name"] for r in first["ratings"]] or factions
    step = 0.7 / max(1, len(variants))
    for n, (label, v) in enumerate(variants.items()):
        rated = {r["name"]: r for r in v["ratings"]}
        ys = [i + (n - (len(variants) - 1) / 2) * step for i in range(len(order))]
        xs = [rated[k]["elo"] if k in rated else float("nan") for k in order]
        lo = [x - rated[k]["elo_low"] if k in rated else 0.0 for x, k in zip(xs, order, strict=True)]
        hi = [rated[k]["elo_high"] - x if k in rated else 0.0 for x, k in zip(xs, order, strict=True)]
        ax.errorbar(xs, ys, xerr=[lo, hi], fmt="o", capsize=3, label=label)
    ax.axvline(1500, color="#888", lw=0.8, ls="--")
    ax.set_yticks(range(len(order)), order)
    ax.invert_yaxis()
    ax.set_xlabel("Bradley-Terry rating, Elo scale (95% interval)")
    if len(variants) > 1:
        ax.legend(fontsize=8)
    files["ratings.png"] = _save(fig, out / "ratings.png")
    # game lengths
    files["lengths.png"] = _save(lengths_figure(summary), out / "lengths.png")
    if summary["comparisons"]:
        fig = Figure(figsize=(8, 0.8 + 0.5 * len(factions)), layout="constrained")
        ax = fig.add_subplot()
        for n, (label, v) in enumerate(variants.items()):
            ys = [i + (n - (len(variants) - 1) / 2) * step for i in range(len(factions))]
            xs = [v["factions"][k]["score"] if v["factions"][k]["score"] is not None else float("nan") for k in factions]
            lo = [x - v["factions"][k]["low"] if x == x else 0.0 for x, k in zip(xs, factions, strict=True)]
            hi = [v["factions"][k]["high"] - x if x == x else 0.0 for x, k in zip(xs, factions, strict=True)]
            ax.errorbar(xs, ys, xerr=[lo, hi], fmt="o", capsize=3, label=label)
        ax.axvline(0.5, color="#888", lw=0.8, ls="--")
        ax.set_yticks(range(len(factions)), factions)
        ax.invert_yaxis()
        ax.set_xlabel(f"{word} score against the field (95% Wilson interval)")
        ax.legend(fontsize=8)
        files["sweep.png"] = _save(fig, out / "sweep.png")
    return files


def named(summary: dict[str, Any], label: str) -> str:
    """`` (label)`` after a heading when the study compares variants; nothing for one alone."""
    return f" ({label})" if len(summary["variants"]) > 1 else ""


def ranked(summary: dict[str, Any], label: str) -> list[str]:
    """The factions, strongest first (by the variant's ratings)."""
    v = summary["variants"][label]
    factions: list[str] = summary["study"]["factions"]
    order = [r["name"] for r in v["ratings"]]
    return order + [f for f in factions if f not in order] if order else list(factions)


def matrix_figure(summary: dict[str, Any], label: str) -> Any:
    """The win-rate matrix of one variant, strongest first, its title on as many lines as its
    width needs so that a small matrix (two fleets) shows all of it."""
    from matplotlib.figure import Figure

    v = summary["variants"][label]
    word: str = summary["words"]["faction"]
    factions = ranked(summary, label)
    fig = Figure(figsize=(max(4.8, 1.2 + 0.95 * len(factions)), 1.4 + 0.8 * len(factions)), layout="constrained")
    ax = fig.add_subplot()
    grid = [[float("nan") if a == b or v["matrix"][a][b]["score"] is None else v["matrix"][a][b]["score"] for b in factions] for a in factions]
    spread = _spread(v)
    im = ax.imshow(grid, cmap="RdBu", vmin=0.5 - spread, vmax=0.5 + spread)
    for i, a in enumerate(factions):
        for j, b in enumerate(factions):
            if a != b and grid[i][j] == grid[i][j]:
                dark = abs(grid[i][j] - 0.5) > 0.6 * spread
                ax.text(j, i, f"{100 * grid[i][j]:.1f}", ha="center", va="center", fontsize=9, color="white" if dark else "black")
    ax.set_xticks(range(len(factions)), factions, rotation=40, ha="right")
    ax.set_yticks(range(len(factions)), factions)
    ax.set_xlabel("opponent")
    ax.set_ylabel(word)
    ax.set_title(f"score of the row {word}\nagainst the column {word}, %{named(summary, label)}", fontsize=10)
    fig.colorbar(im, ax=ax, shrink=0.8)
    return fig


def lengths_figure(summary: dict[str, Any]) -> Any:
    """How long the games lasted: bars of whole turns (each variant side by side), the rule set's
    turn limit marked where it has one, so a pile of games at the limit reads as games the limit
    decided."""
    from matplotlib.figure import Figure

    variants: dict[str, Any] = summary["variants"]
    fig = Figure(figsize=(7, 3.6), layout="constrained")
    ax = fig.add_subplot()
    width = 0.8 / max(1, len(variants))
    turns: set[int] = set()
    for n, (label, v) in enumerate(variants.items()):
        hist = {int(t): c for t, c in v["turns_histogram"].items()}
        turns |= set(hist)
        games = max(1, v["games"])
        ts = sorted(hist)
        offset = (n - (len(variants) - 1) / 2) * width
        ax.bar([t + offset for t in ts], [hist[t] / games for t in ts], width=width, label=f"{label}: mean {v['mean_turns']:.2f}")
    limits = sorted({v["turn_limit"] for v in variants.values() if v.get("turn_limit")})
    for limit in limits:
        ax.axvline(limit + 0.5, color="#a40000", lw=1.2, ls="--", label=f"turn limit {limit}")
        turns.add(limit)
    if turns:
        ax.set_xticks(range(min(turns), max(turns) + 1))
    ax.set_xlabel("turns played")
    ax.set_ylabel("share of games")
    ax.set_title("game length")
    ax.legend(fontsize=8)
    return fig


def _spread(variant: dict[str, Any]) -> float:
    """Half the width of the colour scale, centred on 50%: the largest departure, rounded up to 5 points."""
    scores = [c["score"] for row in variant["matrix"].values() for c in row.values() if c["score"] is not None]
    far = max((abs(x - 0.5) for x in scores), default=0.0)
    return min(0.5, max(0.05, math.ceil(far * 20 - 1e-9) / 20))


def _save(fig: Any, path: Path) -> Path:
    fig.savefig(path, dpi=110)
    return path


# --------------------------------------------------------------------------- HTML

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td small { color: #555; display: block; font-size: 0.75em; }
.matrix td { text-align: center; min-width: 5em; }
.yes { color: #a40000; font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
img { max-width: 100%; margin: 0.5em 0; }
code { background: #f3f3f3; padding: 0 0.2em; }
"""


def _e(x: Any) -> str:
    return html.escape(str(x))


def _pct(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def _cell_colour(score: float | None, spread: float) -> str:
    if score is None:
        return "#fff"
    t = max(-1.0, min(1.0, (score - 0.5) / spread))
    if t >= 0:
        return f"rgb({int(255 - 120 * t)},{int(255 - 70 * t)},255)"
    return f"rgb(255,{int(255 + 100 * t)},{int(255 + 110 * t)})"


def _html(summary: dict[str, Any], run: RunInfo | None, files: dict[str, Path]) -> str:
    st = summary["study"]
    factions: list[str] = st["factions"]
    word: str = summary["words"]["faction"]
    plural: str = summary["words"]["factions"]
    said: dict[str, str] = summary["words"]["objectives"]
    causes = _causes(summary)
    title = f"grapeshot {st['kind']}: {st['ruleset']} / {st['scenario']}"
    h: list[str] = [f"<!doctype html><html><head><meta charset='utf-8'><title>{_e(title)}</title><style>{CSS}</style></head><body>"]
    h.append(f"<h1>{_e(title)}</h1>")
    h.append("<table>")
    for k, v in (
        (plural, ", ".join(factions)),
        ("pairings", st["pairings"]),
        ("games a pairing (seats swapped)", st["games_per_pair"]),
        ("games", f"{summary['games_stored']} stored of {st['games']}"),
        ("study seed", st["seed"]),
        ("players", st["player"]),
        ("seats", ", ".join(st["seats"])),
        ("rule options for all games", ", ".join(f"{k}={v}" for k, v in st["options"].items()) or "(the scenario's)"),
        ("modules switched for all games", ", ".join(f"{k}={'on' if v else 'off'}" for k, v in st["modules"].items()) or "(the scenario's)"),
        ("table changes for all games", ", ".join(f"{c['key']}={c['value']}" for c in st["changes"]) or "(none)"),
    ):
        h.append(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>")
    if run is not None and run.played == 0:
        h.append("<tr><th>last run</th><td>every game was already stored; nothing played</td></tr>")
    elif run is not None:
        h.append(
            f"<tr><th>last run</th><td>{run.played} games in {run.seconds:.1f} s ({run.rate:.1f} games/s), backend {_e(run.backend)}, {run.workers} worker(s)</td></tr>"
        )
    h.append(stopping_row(summary))
    h.append("</table>")
    h.append(
        "<p class='note'>Score = (wins + draws/2) / games: <b>a draw counts as half a win</b> to each side; draws are also counted on their own. "
        f"Intervals are 95%: Wilson for scores and rates, Fisher information for the Bradley-Terry ratings (Elo scale: 1500 is the average {_e(word)}; "
        "400 points is tenfold odds). Every game's seed derives from the study seed, its round and its pairing: "
        "a sweep's variants play the baseline's games, the same seeds and seats.</p>"
    )
    if summary["comparisons"]:
        h.append("<h2>Sweep: each variant against the baseline</h2>")
        h.append(f"<img src='sweep.png' alt='{_e(word)} scores by variant'>")
        for c in summary["comparisons"]:
            h.append(f"<h3>{_e(c['variant'])}: <code>{_e(summary['variants'][c['variant']]['text'])}</code></h3>")
            h.append(f"<p><b>{_e(c['verdict'])}</b></p>")
            h.append("<table><tr><th>measure</th><th>baseline</th><th>variant</th><th>difference (95%)</th><th>p</th><th>significant</th></tr>")
            for row in c["factions"]:
                h.append(
                    f"<tr><td>{_e(row['faction'])} score</td><td>{_pct(row['baseline'])}</td><td>{_pct(row['variant'])}</td>"
                    f"<td>{100 * row['estimate']:+.1f} ({100 * row['low']:+.1f} to {100 * row['high']:+.1f}) pts</td><td>{row['p']:.3g}</td>"
                    f"<td class='{'yes' if row['significant'] else ''}'>{'yes' if row['significant'] else 'no'}</td></tr>"
                )
            for key, name in (("first_seat", "first seat's score"), ("draw_rate", "draw rate")):
                m = c[key]
                sig = m["p"] < 0.05
                h.append(
                    f"<tr><td>{name}</td><td>{_pct(m['baseline'])}</td><td>{_pct(m['variant'])}</td>"
                    f"<td>{100 * m['estimate']:+.1f} ({100 * m['low']:+.1f} to {100 * m['high']:+.1f}) pts</td><td>{m['p']:.3g}</td>"
                    f"<td class='{'yes' if sig else ''}'>{'yes' if sig else 'no'}</td></tr>"
                )
            m = c["mean_turns"]
            sig = m["p"] < 0.05
            h.append(
                f"<tr><td>mean game length</td><td>{m['baseline']:.2f}</td><td>{m['variant']:.2f}</td>"
                f"<td>{m['estimate']:+.2f} ({m['low']:+.2f} to {m['high']:+.2f}) turns</td><td>{m['p']:.3g}</td>"
                f"<td class='{'yes' if sig else ''}'>{'yes' if sig else 'no'}</td></tr>"
                if m["baseline"] is not None and m["variant"] is not None
                else ""
            )
            h.append("</table>")
        h.append(
            f"<p class='note'>{_e(word.capitalize())} scores: two-proportion z test, Newcombe interval, Holm correction over the {_e(plural)}; game length: Welch.</p>"
        )
    h.append("<h2>Ratings</h2><img src='ratings.png' alt='ratings'>")
    for label, v in summary["variants"].items():
        s = slug(label)
        if len(summary["variants"]) > 1:
            h.append(f"<h2>Variant {_e(label)}: <code>{_e(v['text'])}</code></h2>")
        tag = _e(named(summary, label))
        h.append(f"<h3>Verdicts{tag}</h3><ul>" + "".join(f"<li>{_e(x)}</li>" for x in v["verdicts"]["sentences"]) + "</ul>")
        h.append(f"<h3>Ratings and records ({_e(label) + ', ' if tag else ''}{v['games']} games)</h3>")
        h.append(
            f"<table><tr><th>{_e(word)}</th><th>rating (95%)</th><th>score (95%)</th><th>won</th><th>drawn</th><th>lost</th>"
            + "".join(f"<th>won by {_e(said[o])}</th>" for o in causes)
            + "<th>mean turns</th></tr>"
        )
        for r in v["ratings"]:
            k = v["factions"][r["name"]]
            h.append(
                f"<tr><td>{_e(r['name'])}</td><td>{r['elo']:.0f} <small>{r['elo_low']:.0f} to {r['elo_high']:.0f}</small></td>"
                f"<td>{_pct(k['score'])} <small>{_pct(k['low'])} to {_pct(k['high'])}</small></td>"
                f"<td>{k['wins']}</td><td>{k['draws']}</td><td>{k['losses']}</td>"
                + "".join(f"<td>{k['wins_by'][o]}</td>" for o in causes)
                + f"<td>{k['mean_turns']:.2f}</td></tr>"
            )
        h.append("</table>")
        h.append(f"<h3>Win-rate matrix{tag}: score of the row {_e(word)} against the column {_e(word)}, strongest first</h3>")
        order = ranked(summary, label)
        h.append("<table class='matrix'><tr><th></th>" + "".join(f"<th>{_e(b)}</th>" for b in order) + "</tr>")
        for a in order:
            cells = []
            for b in order:
                if a == b:
                    cells.append("<td>-</td>")
                else:
                    c = v["matrix"][a][b]
                    cells.append(
                        f"<td style='background:{_cell_colour(c['score'], _spread(v))}' title='{c['wins']} won, {c['draws']} drawn, {c['losses']} lost'>"
                        f"{_pct(c['score'])}<small>{_pct(c['low'], 0)}-{_pct(c['high'], 0)}</small></td>"
                    )
            h.append(f"<tr><th>{_e(a)}</th>{''.join(cells)}</tr>")
        h.append("</table>")
        if f"matrix-{s}.png" in files:
            h.append(f"<img src='matrix-{s}.png' alt='win-rate matrix'>")
        h.append(f"<h3>Causes of victory{tag}</h3><table><tr><th>how the game ended</th><th>games</th><th>share</th></tr>")
        for o, n in v["objectives"].items():
            h.append(f"<tr><td>{_e(said.get(o, o))}</td><td>{n}</td><td>{_pct(n / v['games'] if v['games'] else None)}</td></tr>")
        h.append("</table>")
        if f"causes-{s}.png" in files:
            h.append(f"<img src='causes-{s}.png' alt='causes of victory'>")
        if v["tallies"]:
            h.append(f"<h3>What happened{tag}</h3><table><tr><th></th><th>in all</th><th>a game</th></tr>")
            for name, t in v["tallies"].items():
                h.append(f"<tr><td>{_e(summary['words'].get('tallies', {}).get(name, name))}</td><td>{t['total']}</td><td>{t['mean']:.2f}</td></tr>")
            h.append("</table>")
        fs = v["first_seat"]
        lo, hi = v["mean_turns_interval"]
        h.append(
            f"<p>Mean game length {v['mean_turns']:.2f} turns ({lo:.2f} to {hi:.2f}); {_pct(v['draw_rate'])} of games drawn; "
            f"the first seat ({_e(fs['seat'])}) scored {_pct(fs['score'])} ({_pct(fs['low'])} to {_pct(fs['high'])}).</p>"
        )
    h.append("<h2>Game length</h2><img src='lengths.png' alt='game lengths'>")
    h.append("<p class='note'>Files: " + ", ".join(f"<a href='{_e(p.name)}'>{_e(p.name)}</a>" for n, p in sorted(files.items()) if n != "report.html") + "</p>")
    h.append("</body></html>")
    return "\n".join(x for x in h if x)


def stopping_row(summary: dict[str, Any]) -> str:
    """The report's line on why a study that stops when known stopped (:mod:`.sequential`), with
    each question's answer; nothing for a study of a fixed number of games."""
    stop = summary.get("stopping")
    if not stop:
        return ""
    said = "; ".join(f"{a['name']}: {a['side']} [{a['low']:.3f}, {a['high']:.3f}] after {a['games']}" for a in stop["answers"])
    return f"<tr><th>why it stopped</th><td>{_e(stop['reason'])}<br><small>{_e(said)}</small></td></tr>"
