"""The points calibration's report (:mod:`.calibration`): an HTML page with its plot, and the same
numbers as CSV and JSON.

:func:`write_calibration_report` writes into the calibration's folder:

- ``report.html``: the calibration (rule set, scenario, reference, budgets, games, seed, player,
  options), then its section: for each piece the score at each budget with its 95% interval,
  the even budget with its interval, the fair cost with its interval and text vs fair; and the
  plot of the score against the fleet's cost for each piece;
- ``calibration.png``: that plot (matplotlib, Agg, like the lab's other plots);
- ``calibration.csv``: a row for each piece at each budget, the piece's findings repeated on
  each of its rows;
- ``summary.json``: everything (:func:`~grapeshot.lab.calibration.summarise_calibration`).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from grapeshot.lab.report import CSS, _e, _save, stopping_row
from grapeshot.lab.runner import RunInfo

COLUMNS = (
    "piece",
    "budget",
    "faction",
    "pieces",
    "cost",
    "games",
    "score",
    "rate",
    "low",
    "high",
    "text_cost",
    "even",
    "even_low",
    "even_high",
    "fair",
    "fair_low",
    "fair_high",
    "text_vs_fair",
    "rising",
)


def write_calibration_report(out: Path, summary: dict[str, Any], run: RunInfo | None = None) -> dict[str, Path]:
    """Write the report files into ``out``; return them by name."""
    out.mkdir(parents=True, exist_ok=True)
    files = {"summary.json": out / "summary.json", "calibration.csv": out / "calibration.csv"}
    files["summary.json"].write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    with files["calibration.csv"].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for row in summary["pieces"]:
            for p in row["points"]:
                merged = {**row, **p}
                w.writerow(["" if merged[c] is None else round(merged[c], 6) if isinstance(merged[c], float) else merged[c] for c in COLUMNS])
    if any(p["games"] for row in summary["pieces"] for p in row["points"]):
        files["calibration.png"] = _plot(out / "calibration.png", summary)
    files["report.html"] = out / "report.html"
    files["report.html"].write_text(_html(summary, run, files), encoding="utf-8")
    return files


def _plot(path: Path, summary: dict[str, Any]) -> Path:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 4.5), layout="constrained")
    ax = fig.add_subplot()
    for row in summary["pieces"]:
        played = [p for p in row["points"] if p["games"]]
        xs = [p["cost"] for p in played]
        ys = [p["rate"] for p in played]
        ax.errorbar(
            xs,
            ys,
            yerr=[[y - p["low"] for y, p in zip(ys, played, strict=True)], [p["high"] - y for y, p in zip(ys, played, strict=True)]],
            fmt="o-",
            capsize=3,
            label=row["piece"],
        )
    ax.axhline(0.5, color="#888", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("the fleet's cost by the text (points)")
    ax.set_ylabel(f"score against the reference ({summary['calibration']['reference']})")
    ax.set_title(f"score of each {summary['words']['piece']}'s fleet against the reference (95% Wilson intervals)")
    ax.legend(fontsize=8, ncol=3)
    return Path(_save(fig, path))


def _n(x: float | None, digits: int = 1) -> str:
    return "open" if x is None else f"{x:.{digits}f}"


def cells(row: dict[str, Any]) -> list[str]:
    """A piece's findings as the report's table says them (the command line prints the same)."""
    scores = "; ".join(
        f"{p['cost']} pts x{p['pieces']}: " + ("-" if p["rate"] is None else f"{p['rate']:.2f} [{p['low']:.2f}, {p['high']:.2f}]") for p in row["points"]
    )
    even = "beyond the budgets tried" if row["even"] is None else f"{row['even']:.1f}"
    fair = "beyond the budgets tried" if row["fair"] is None else f"{row['fair']:.2f}"
    off = "n/a" if row["text_vs_fair"] is None else f"{100 * row['text_vs_fair']:+.0f}%"
    even_cell = f"{even} [{_n(row['even_low'])}, {_n(row['even_high'])}]"
    fair_cell = f"{fair} [{_n(row['fair_low'], 2)}, {_n(row['fair_high'], 2)}]"
    mirror = row.get("mirror")
    if row.get("rising") is False:
        even_cell = fair_cell = "-"
        off = "not priced by cost: its score does not rise with the budget"
    elif row.get("flat"):
        even_cell = f"not read: the score does not rise beyond chance [{_n(row['even_low'])}, {_n(row['even_high'])}]"
        fair_cell, off = "-", "n/a: more games a budget, or a wider range of budgets"
    if len(row["points"]) == 1 and row["points"][0]["games"]:
        even_cell = fair_cell = "n/a: one budget"
        off = row["points"][0]["verdict"]
    if mirror is not None:
        said = f"{mirror['rate']:.2f} [{mirror['low']:.2f}, {mirror['high']:.2f}]"
        check = "as it should, within noise" if mirror["holds_half"] else "off one half: the seats or the scenario favour a side"
        off = f"the reference: against itself it scores {said}, {check} (a noise check, not a price)"
        fair_cell = f"{row['text_cost']:g} (the reference's own)"
    return [row["piece"], f"{row['text_cost']:g}", scores, even_cell, fair_cell, off]


def verdict(row: dict[str, Any], reference_cost: int) -> str:
    """A piece's finding in one sentence: too cheap or too dear where the even budget's interval
    lies wholly on one side of the reference's cost, about right where it is closed within a tenth
    of it, and otherwise can't tell yet (never "fair" for an interval that still holds either)."""
    piece, lo, hi = row["piece"], row["even_low"], row["even_high"]
    span = f"[{_n(lo)}, {_n(hi)}]"
    if row.get("mirror") is not None:
        return f"{piece} is the reference's own piece: its mirror is the noise check, not a price."
    played = [p for p in row.get("points", []) if p["games"]]
    if len(row.get("points", [])) == 1 and played:
        # one budget: no curve to read a fair cost from, only whether the sides are even there
        p = played[0]
        return f"{piece} ({row['text_cost']:g} points) against {row['reference']}: {p['rate']:.3f} [{p['low']:.3f}, {p['high']:.3f}] over {p['games']} games: {p['verdict']}."
    if row.get("rising") is False:
        return f"{piece} is not priced by its cost: more of it does not do better against the reference."
    if row.get("flat"):
        return f"Can't tell yet what {piece} should cost: its score does not rise beyond chance across the budgets tried; more games a budget would tell."
    if row["even"] is None and lo is None and hi is None:
        return f"Can't tell yet what {piece} should cost: its even budget is beyond the budgets tried."
    if hi is not None and hi < reference_cost:
        return f"{piece} is too cheap: its fleets match the reference for {span} points, less than the reference's {reference_cost}."
    if lo is not None and lo > reference_cost:
        return f"{piece} is too dear: its fleets need {span} points to match the reference's {reference_cost}."
    if lo is not None and hi is not None and hi - lo <= 0.2 * reference_cost:
        return f"{piece} is priced about right: its even budget {span} holds the reference's {reference_cost} points, within a tenth either side."
    return f"Can't tell yet whether {piece} is priced right: its even budget {span} still holds the reference's {reference_cost} points; more games a budget would narrow it."


def headings(summary: dict[str, Any]) -> list[str]:
    c = summary["calibration"]
    return [
        summary["words"]["piece"],
        f"text cost of one (in a {c['reference_cost']}-point fleet)",
        "score at each budget [95% interval]",
        "even budget [interval]",
        "fair cost of one [interval]",
        "text vs fair",
    ]


def _html(summary: dict[str, Any], run: RunInfo | None, files: dict[str, Path]) -> str:
    c = summary["calibration"]
    title = f"grapeshot calibration: {c['ruleset']} / {c['scenario']}"
    h = [f"<!doctype html><html><head><meta charset='utf-8'><title>{_e(title)}</title><style>{CSS}</style></head><body>", f"<h1>{_e(title)}</h1>"]
    budgets = sorted({p["budget"] for p in c["points"]})
    h.append("<table>")
    for k, v in (
        (summary["words"]["pieces"], ", ".join(c["pieces"])),
        ("reference", f"{c['reference']} ({c['reference_cost']} points)"),
        ("budgets", ", ".join(map(str, budgets))),
        ("games a budget (seats swapped every other game)", c["games_per_point"]),
        ("games", f"{summary['games_stored']} stored of {c['games']}"),
        ("seed", c["seed"]),
        ("players", c["player"]),
        ("options for all games", ", ".join(f"{k}={v}" for k, v in c["options"].items()) or "(the scenario's)"),
    ):
        h.append(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>")
    if run is not None and run.played:
        h.append(
            f"<tr><th>last run</th><td>{run.played} games in {run.seconds:.1f} s ({run.rate:.1f} games/s), backend {_e(run.backend)}, {run.workers} worker(s)</td></tr>"
        )
    h.append(stopping_row(summary))
    h.append("</table>")
    h.append("<h2>Points calibration</h2>")
    h.append(
        "<p class='note'>Score = (wins + draws/2) / games of the fleet against the reference, with its 95% Wilson interval. "
        "The even budget is the fleet cost at which the score crosses one half (linear between the budgets); its interval runs where the "
        "band of the intervals holds one half, <i>open</i> where it still does at the last budget tried. The fair cost is the text's cost "
        "scaled by the reference's cost over the even budget; text vs fair is the text's cost less the fair cost, as a share of the fair cost. "
        "That supposes more of a piece does better: where its score falls or stays flat as the budget grows, the piece is not priced by its "
        "cost at all, and the table says so; where it rises no more than chance from the first budget to the last, no even budget "
        "is read from it (a flat score crosses one half at an edge by chance), only the span its band allows. A <b>negative text vs fair</b> means the text asks less than the piece is worth (it is too cheap: "
        "its fleets match the reference for fewer points than the reference costs); a positive one, that it asks more (too dear). "
        "A budget buys a fleet of the one piece: the figure after x is how many pieces it buys, and the points before it what they cost by "
        "the text, which can fall short of the budget. The reference's own piece, played at the reference's cost, meets its mirror: its "
        "score should hold one half, and is shown as the check of the noise and of any seat's advantage, not as a price.</p>"
    )
    h.append("<table class='calibration'><tr>" + "".join(f"<th>{_e(x)}</th>" for x in headings(summary)) + "</tr>")
    for row in summary["pieces"]:
        h.append("<tr>" + "".join(f"<td>{_e(x)}</td>" for x in cells(row)) + "</tr>")
    h.append("</table>")
    h.append("<h3>Verdicts</h3><ul>" + "".join(f"<li>{_e(verdict(row, c['reference_cost']))}</li>" for row in summary["pieces"]) + "</ul>")
    if "calibration.png" in files:
        h.append("<img src='calibration.png' alt='score against cost for each piece'>")
    h.append("<p class='note'>Files: " + ", ".join(f"<a href='{_e(p.name)}'>{_e(p.name)}</a>" for n, p in sorted(files.items()) if n != "report.html") + "</p>")
    h.append("</body></html>")
    return "\n".join(h)
