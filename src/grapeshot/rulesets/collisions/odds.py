"""The module's odds: a ram (the size-class chart, momentum and a purpose-built ram, CG-RAM-2..5)
and a grapple (CG-GRAP-2), exact over the dice.

Both are worked out by the rules' own dice code (:func:`.contact.ram_rolls`,
:func:`.grappling.grapple_roll`) run once per way the dice can fall, so the odds are those of
the code the game runs.  They need no host: a ram's odds depend on the two size classes, the
rammer's MA left and whether it carries a purpose-built ram; a grapple's on how many throw.
``before`` answers a grapple a seat is about to throw in a real game (its
:class:`~.prompts.GrapplePrompt`), with the game's own option.  A ship's move is the host's
action, so the host asks the module before it: :func:`contact_odds` is given a copy of the game
with the mover where the proposed move would leave her, touching the other vessel, and answers
the ram's odds (the sizes, the MA the host says is left, the purpose-built ram, the game's
stacking option) when :func:`.contact.rams` says the contact is a ram, the same test the rules
make when the move is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Effort, OddsAnswer, OddsCase, Param, Question
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import DiceSource, Roll, RollRequest
from grapeshot.odds import EFFORT, Odds, OddsError, Row, drive
from grapeshot.rulesets.collisions.contact import MOMENTUM, RAM_CHART, ram_rolls, rams
from grapeshot.rulesets.collisions.grappling import grapple_roll
from grapeshot.rulesets.collisions.prompts import Grapple, GrapplePrompt
from grapeshot.rulesets.collisions.protocol import SHIPS, Motion, Proc, Roller
from grapeshot.rulesets.collisions.state import NAME, host_of, option

CLASSES = tuple(SHIPS)
VESSELS = (*SHIPS, "boat", "canoe")


def _roller(dice: DiceSource) -> Roller:
    """The odds' dice as the rules roll: each request answered at once, no re-roll offered."""

    def roll(request: RollRequest) -> Proc[Roll]:
        return dice.roll(request)
        yield  # a generator that never waits

    return roll


class RamOdds(Odds[tuple[int, int]]):
    """The damage a ram does: to the rammed ship and to the rammer (each a whole number)."""

    subject = "ship"

    def rows(self) -> list[Row]:
        out: list[Row] = []
        for who, i in (("rammed", 0), ("rammer", 1)):
            out += [(who, f"{n} damage", p) for n, p in self.marginal(lambda r, i=i: r[i]).items()]  # type: ignore[misc]
        return out

    def mean(self, i: int) -> Fraction:
        return sum((p * r[i] for r, p in self.dist.items()), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        """The header; each way the ram can fall in words (``outcomes``, what the table lists);
        then the damage to each ship alone, with its mean."""
        out = self.header()
        out["outcomes"] = {f"{t} damage to the rammed, {r} to the rammer": self.prob(p) for (t, r), p in sorted(self.dist.items())}
        for who, i in (("to_target", 0), ("to_rammer", 1)):
            out[who] = {str(n): self.prob(p) for n, p in self.marginal(lambda r, i=i: r[i]).items()}  # type: ignore[misc]
            out[f"mean_{who}"] = round(float(self.mean(i)), 6)
        return out


class GrappleOdds(Odds[bool]):
    """Whether a grapple holds (else the grappler stands off at 1")."""

    def rows(self) -> list[Row]:
        return [("", "holds" if held else "fails: stands off", p) for held, p in self.marginal(bool).items()]

    def to_json(self) -> dict[str, Any]:
        outcomes = {"holds" if held else "fails: stands off": self.prob(p) for held, p in self.marginal(bool).items()}
        return {**self.header(), "outcomes": outcomes, "holds": self.prob(self.p(bool))}


def ram_odds(rammer: str, target: str, left: int, purpose: bool, stacking: str, effort: Effort = EFFORT, title: str | None = None) -> RamOdds:
    """The exact odds of a ``rammer``-class ship ramming a ``target``-class vessel with ``left``
    MA to spare (a boat or canoe is sunk outright, CG-RAM-5, and does the rammer no harm);
    ``title`` names the ships when a game's ram is asked about."""
    if rammer not in SHIPS:
        raise OddsError(f"a {rammer} does not ram (boats and canoes come alongside, CG-BOARD-5); the rammers are {', '.join(CLASSES)}")
    title = title or f"a {rammer} ship{' with a purpose-built ram' if purpose else ''} ramming a {target} one with {left} MA left"
    if target not in SHIPS:
        return RamOdds(title, "exact", {(0, 0): Fraction(1)}, runs=1, given=f"the {target} is run down and sinks (CG-RAM-5)")

    def run(dice: DiceSource) -> tuple[int, int]:
        dmg = drive(ram_rolls(_roller(dice), "the rammer", "the rammed", rammer, target, left, purpose, stacking, None, None))
        return dmg.to_target, dmg.chart_to_rammer

    given = f"chart {RAM_CHART[(rammer, target)]} D6 (rammer, rammed), momentum {left} x {MOMENTUM[rammer]}"
    return RamOdds.solve(run, title, budget=effort.budget, samples=effort.samples, seed=effort.seed, given=given)


def contact_odds(game: Game, mover: str, other: str, motion: Motion, effort: Effort = EFFORT) -> RamOdds | None:
    """The odds of the contact a host's move would make, asked on a copy of ``game`` where the
    move has been made (``mover`` touching ``other``, her MA spent as far as the contact): a
    ram's, by the same test and the same host answers as :func:`.contact.ram`; None when the
    contact is no ram (a sideswipe, a boat coming alongside)."""
    if not rams(game, mover, other, motion):
        return None
    h = host_of(game)
    cr, ct = h.size_class(game, mover), h.size_class(game, other)
    left, purpose = h.allowance_left(game, mover), h.purpose_built_ram(game, mover)
    with_ram = " with her purpose-built ram" if purpose else ""
    title = f"{mover} ({cr}){with_ram} ramming {other} ({ct}) with {left} MA left"
    return ram_odds(cr, ct, left, purpose, str(option(game, "ram_stacking")), effort, title)


def grapple_odds(grapplers: int, extra_rule: str, effort: Effort = EFFORT) -> GrappleOdds:
    """The exact odds that ``grapplers`` spare crew make a grapple hold (CG-GRAP-2)."""
    if grapplers < 2:
        raise OddsError(f"a grapple takes at least two spare crew, not {grapplers} (CG-GRAP-1)")

    def run(dice: DiceSource) -> bool:
        return bool(drive(grapple_roll(_roller(dice), "the grappler", "the target", grapplers, extra_rule, None))[3])

    return GrappleOdds.solve(run, f"{grapplers} crew throwing grapples ({extra_rule})", budget=effort.budget, samples=effort.samples, seed=effort.seed)


STACKING = Param(
    "ram-stacking", "a purpose-built ram's 3D6 on top of the chart (all) or instead of its damage to the target (no-chart)", str, "all", ("all", "no-chart")
)
QUESTIONS: tuple[Question, ...] = (
    Question(
        "ram",
        "a ship ramming another: the size-class chart, momentum for the MA left, a purpose-built ram (CG-RAM-2..5)",
        (
            Param("rammer", "the rammer's size class", str, "middling", CLASSES),
            Param("target", "the rammed vessel's size class (a boat or canoe is sunk outright)", str, "middling", VESSELS),
            Param("ma-left", "the rammer's movement allowance left at the impact, whole MA", int, 0, bounds=(0, 60)),
            Param("purpose-built", "the rammer carries a purpose-built ram", bool, False),
            STACKING,
        ),
        picked_by=("rammer", "ma-left", "purpose-built", "ram-stacking"),
    ),
    Question(
        "grapple",
        "a grapple thrown by spare crew: a D6, +1 for each grappler beyond those required, a natural 1 fails (CG-GRAP-2)",
        (
            Param("grapplers", "spare crew throwing grapples (at least two)", int, 2, bounds=(2, 60)),
            Param("grapple-extra", "the +1 is for each grappler beyond two, or beyond one", str, "beyond-two", ("beyond-two", "beyond-one")),
        ),
        picked_by=("grapplers", "grapple-extra"),
    ),
)


#: the situations the module's answers are measured on (bench/bench_odds.py, the odds tests)
CASES: tuple[OddsCase, ...] = (
    OddsCase("ram", {}, "a middling ship ramming a middling one, no MA left"),
    OddsCase("ram", {"rammer": "large", "target": "small", "ma-left": 6, "purpose-built": True}, "a large ship with a ram into a small one, 6 MA left"),
    OddsCase("ram", {"target": "boat"}, "a ship running down a boat"),
    OddsCase("grapple", {}, "two crew throw grapples"),
    OddsCase("grapple", {"grapplers": 6, "grapple-extra": "beyond-one"}, "six crew throw grapples, +1 beyond one"),
)


class CollisionsOdds:
    """The module's :class:`~grapeshot.core.capabilities.OddsQuestions`."""

    def questions(self) -> Sequence[Question]:
        return QUESTIONS

    def ask(self, question: str, values: Mapping[str, object], effort: Effort) -> OddsAnswer:
        if question == "ram":
            return ram_odds(
                str(values["rammer"]), str(values["target"]), int(str(values["ma-left"])), bool(values["purpose-built"]), str(values["ram-stacking"]), effort
            )
        if question == "grapple":
            return grapple_odds(int(str(values["grapplers"])), str(values["grapple-extra"]), effort)
        raise OddsError(f"no odds question {question!r} in the collisions module")

    def before(self, game: Game, seat: str, prompt: Prompt, action: Action, effort: Effort) -> OddsAnswer | None:
        if isinstance(prompt, GrapplePrompt) and isinstance(action, Grapple):
            if action.grapplers == 0:
                return None
            return grapple_odds(action.grapplers, str(game.options[f"{NAME}.grapple_extra"]), effort)
        return None

    def cases(self) -> Sequence[OddsCase]:
        return CASES


ODDS = CollisionsOdds()
