"""The answer record of the odds engine, how it is had (:func:`solve`), and how it is shown.

An :class:`Odds` is the distribution of a procedure's outcomes, with how it was had
(``method``: ``exact`` fractions over the dice, or a ``monte-carlo`` estimate over seeded runs
with 95% Wilson intervals), what it assumes (``given``: "the shell lands on Blue") and anything
else worth saying (``note``: why it is not exact).  A rule set subclasses it to say what its
outcomes are (ships and their losses, units and their wounds) through :meth:`Odds.rows` and
:meth:`Odds.to_json`; the header, the probabilities' JSON and the printed table are the same
for every rule set.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar, cast

from grapeshot.dice import DiceSource, NotEnumerable
from grapeshot.odds.errors import OddsError, OverBudget
from grapeshot.odds.lazy import BUDGET, enumerate_outcomes
from grapeshot.odds.montecarlo import SAMPLES, simulate, wilson

Method = Literal["exact", "monte-carlo"]
R = TypeVar("R", bound=Hashable)
T = TypeVar("T")
#: one line of an answer's table: what it concerns (a ship, a unit; may be empty), the outcome, its chance
Row = tuple[str, str, Fraction]


def fraction_text(p: Fraction) -> str:
    """An exact probability as people and JSON read it: ``"5/12"``."""
    return f"{p.numerator}/{p.denominator}"


def percent(p: Fraction | float) -> str:
    return f"{100.0 * float(p):.2f}%"


@dataclass
class Odds(Generic[R]):
    """The distribution of a procedure's outcomes (see the module's docstring).

    ``runs`` is the number of rule runs an exact answer took, ``samples`` the number of seeded
    runs of an estimate; ``policy`` says how re-roll offers were answered."""

    title: str
    method: Method
    dist: dict[R, Fraction]
    runs: int = 0
    samples: int = 0
    given: str = ""
    note: str = ""
    policy: str = ""
    #: the heading of the column that says what a row concerns ("ship"); empty for none
    subject: ClassVar[str] = ""

    @classmethod
    def solve(
        cls,
        runner: Callable[[DiceSource], R],
        title: str,
        *,
        budget: int = BUDGET,
        samples: int = SAMPLES,
        seed: int = 1,
        given: str = "",
        exact: bool = True,
    ) -> Self:
        """Exact odds if the procedure is enumerable within ``budget`` runs, else a Monte Carlo
        estimate over ``samples`` seeded runs, saying why (none allowed: an :class:`OddsError`)."""
        why = "exact enumeration not asked for"
        if exact:
            try:
                dist, runs = enumerate_outcomes(runner, budget)
                return cls(title, "exact", dist, runs=runs, given=given)
            except NotEnumerable as err:
                why = f"not enumerable: {err}"
            except OverBudget as err:
                why = f"over the exact budget ({err})"
        if samples <= 0:
            raise OddsError(f"{title}: not enumerated exactly ({why}), and no Monte Carlo runs are allowed")
        return cls(title, "monte-carlo", simulate(runner, samples, seed), samples=samples, given=given, note=f"not enumerated exactly: {why}")

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def p(self, pred: Callable[[R], bool]) -> Fraction:
        """The chance of the outcomes ``pred`` holds for."""
        return sum((p for r, p in self.dist.items() if pred(r)), Fraction(0))

    def marginal(self, key: Callable[[R], T]) -> dict[T, Fraction]:
        """The distribution of ``key(outcome)``, sorted by its values."""
        out: dict[T, Fraction] = {}
        for r, p in self.dist.items():
            k = key(r)
            out[k] = out.get(k, Fraction(0)) + p
        return dict(sorted(out.items(), key=lambda kv: cast(Any, kv[0])))

    def interval(self, p: Fraction) -> tuple[float, float] | None:
        """The 95% Wilson interval of a Monte Carlo frequency (None when exact)."""
        if self.exact or self.samples <= 0:
            return None
        return wilson(p, self.samples)

    def prob(self, p: Fraction) -> dict[str, Any]:
        """One probability as JSON: exact as ``{"fraction": "n/d", "p": 0.25}``, estimated as
        ``{"p": 0.25, "ci95": [lo, hi]}``."""
        if self.exact:
            return {"fraction": fraction_text(p), "p": round(float(p), 6)}
        ci = self.interval(p)
        assert ci is not None
        return {"p": round(float(p), 6), "ci95": [round(ci[0], 6), round(ci[1], 6)]}

    def header(self) -> dict[str, Any]:
        """The JSON every answer starts with: title, method, given, note, policy, runs or samples."""
        out: dict[str, Any] = {"title": self.title, "method": self.method, "exact": self.exact}
        if self.given:
            out["given"] = self.given
        if self.note:
            out["note"] = self.note
        if self.policy:
            out["policy"] = self.policy
        if self.exact:
            out["runs"] = self.runs
        else:
            out["samples"] = self.samples
        return out

    def to_json(self) -> dict[str, Any]:
        """The header and each outcome's probability (outcomes written as text)."""
        return {**self.header(), "outcomes": {k: self.prob(v) for k, v in self.marginal(str).items()}}

    def rows(self) -> list[Row]:
        """The lines of the printed table: by default each outcome, likeliest first."""
        return [("", k, p) for k, p in sorted(self.marginal(str).items(), key=lambda kv: (-kv[1], kv[0]))]

    def render(self, console: Any) -> None:
        render_odds(console, self)


#: exact odds if the procedure is enumerable within the budget, else a Monte Carlo estimate (:meth:`Odds.solve`)
solve = Odds.solve


def render_odds(console: Any, odds: Odds[Any]) -> None:
    """One distribution as a table on a ``rich`` console: fractions and percentages, or
    estimates with their intervals."""
    from rich.table import Table

    how = f"exact ({odds.runs} rule runs)" if odds.exact else f"Monte Carlo estimate over {odds.samples} seeded runs, 95% intervals"
    console.print(f"[bold]{odds.title}[/bold]", highlight=False)
    console.print(f"  {how}", highlight=False)
    if odds.given:
        console.print(f"  given that {odds.given}", highlight=False)
    if odds.note and not odds.exact:
        console.print(f"  {odds.note}", highlight=False)
    if odds.policy:
        console.print(f"  policy: {odds.policy}", highlight=False)
    t = Table(show_header=True, header_style="bold")
    if odds.subject:
        t.add_column(odds.subject)
    t.add_column("outcome")
    if odds.exact:
        t.add_column("chance", justify="right")
        t.add_column("%", justify="right")
    else:
        t.add_column("estimate", justify="right")
        t.add_column("95% interval", justify="right")
    for subject, what, p in odds.rows():
        first = (subject,) if odds.subject else ()
        if odds.exact:
            t.add_row(*first, what, fraction_text(p), percent(p))
        else:
            lo, hi = wilson(p, odds.samples)
            t.add_row(*first, what, percent(p), f"{percent(lo)} - {percent(hi)}")
    console.print(t)
