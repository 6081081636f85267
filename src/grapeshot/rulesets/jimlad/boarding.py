"""The boarding phase: boarding actions (JL-BOARD-*) and takeovers of drifting hulks (JL-KREW-6).

In turn sequence each seat, in its turn of the phase:

1. fights the next round of any boarding action of its ships still undecided
   (JL-BOARD-5), unless the other side's seat came first in the sequence and
   has fought it already;
2. may launch boarding actions (JL-BOARD-1): a ship that sailed under a
   manoeuvre card this turn throws its grapnels at an enemy hull within 6";
   if they hold, all its Orks cross over and the first round is fought at once;
3. may take over drifting hulks (JL-KREW-6).

This room holds the coming alongside: who may board whom (the decision and its
prompt), the grapnels, and the phase's order.  The fight itself is
:mod:`.melee` (its rounds) and :mod:`.melee_result` (how each round ends:
locked, freed or captured).

While a fight lasts both ships are *locked*: ``Ship.engaged`` names the other
ship (kannons, sluggas and grapeshot leave them alone, see :mod:`.kannon`) and
``Ship.held`` keeps them from moving next turn.  Each side's Orks stay listed
aboard their own ship while the two decks are lashed together.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from grapeshot.core.actions import Action, action
from grapeshot.core.choices import Choice, Choices
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import hull_distance, hulls_within
from grapeshot.rulesets.jimlad import victory
from grapeshot.rulesets.jimlad.actions import Takeover
from grapeshot.rulesets.jimlad.basis import explained, single
from grapeshot.rulesets.jimlad.data import NS
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.krew import take_over, takeover_options
from grapeshot.rulesets.jimlad.melee import fight_round
from grapeshot.rulesets.jimlad.melee_result import LOCKED, break_off
from grapeshot.rulesets.jimlad.prompts import TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Fight, Sea, Ship

BOARDING_RANGE = 6.0  # JL-BOARD-1: hull to hull, measured in the boarding phase
BOARDING_NEED = 3  # a D6 of 3+ within 6"
CLOSE_RANGE = 3.0
CLOSE_NEED = 2  # within 3" only a 1 fails


# --------------------------------------------------------------------------- the decision


@action("board", NS)
@dataclass(frozen=True, slots=True)
class Board(Action):
    """Throw grapnels from ``boarder`` onto the enemy ``target`` (JL-BOARD-1); both ``None`` passes."""

    boarder: str | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True)
class BoardingOption:
    """A boarding action open to a seat: who boards whom, how far apart, the D6 score needed."""

    boarder: str
    target: str
    distance: float
    need: int


@dataclass(eq=False)
class BoardPrompt(Prompt):
    """JL-BOARD-1: a seat may launch a boarding action from one of its ships, or pass."""

    namespace: ClassVar[str] = NS

    options: list[BoardingOption] = field(default_factory=list)
    sea: Sea | None = None

    def pairs(self) -> list[tuple[str, str]]:
        return [(o.boarder, o.target) for o in self.options]

    def option(self, boarder: str, target: str) -> BoardingOption:
        return next(o for o in self.options if (o.boarder, o.target) == (boarder, target))

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Board)
        if action.boarder is None and action.target is None:
            return
        if (action.boarder, action.target) not in self.pairs():
            allowed = ", ".join(f"{b} -> {t}" for b, t in self.pairs())
            sea = self.sea
            why = "not among the boarding actions open to this seat now"
            if sea is not None and action.boarder in sea.ships and action.target in sea.ships:
                why = board_refused(sea, sea.ships[action.boarder], sea.ships[action.target]) or "each ship fights at most once a phase"
            raise IllegalAction(f"{action.boarder!r} cannot board {action.target!r} now ({why}); possible: {allowed}; or pass (boarder and target null)")

    def legal(self, seat: str) -> Choices:
        words = [Choice(Board(), "pass")]
        words += [
            Choice(Board(o.boarder, o.target), f'{o.boarder} boards {o.target} ({o.distance:.1f}" apart, grapnels hold on {o.need}+)') for o in self.options
        ]
        return Choices.of(words, "boarding")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["options"] = [{"boarder": o.boarder, "target": o.target, "distance": round(o.distance, 4), "need": o.need} for o in self.options]
        return d


def cannot_board(sea: Sea, ship: Ship) -> str | None:
    """Why a ship may not launch a boarding action now, or None if it may (JL-BOARD-1, JL-DMG-5)."""
    if not ship.afloat:
        return "sunk"
    if ship.sailed_turn != sea.turn:
        return "did not come alongside under a manoeuvre card this turn"
    if not ship.krewed:
        return "too few Orks aboard (JL-KREW-5)"
    if ship.in_force("shaken", sea.turn):
        return "krew shaken (JL-DMG-5)"
    if ship.engaged is not None:
        return LOCKED
    if ship.docked_at is not None:
        return f"docked at {ship.docked_at}"
    if ship.grounded_on is not None:
        return f"aground on {ship.grounded_on}"
    return None


def cannot_be_boarded(sea: Sea, ship: Ship) -> str | None:
    """Why a ship may not be boarded now, or None: already locked in a fight, or in harbour
    (JL-PORT-1; a ship landed at an island may be boarded)."""
    if not ship.afloat:
        return "sunk"
    if ship.engaged is not None:
        return LOCKED
    if in_harbour(sea, ship):
        return f"in harbour at {ship.docked_at} (JL-PORT-1)"
    return None


def boarding_need(distance: float) -> int | None:
    """JL-BOARD-1: the D6 score the grapnels need at this distance; None beyond 6"."""
    if distance <= CLOSE_RANGE + 1e-9:
        return CLOSE_NEED
    if distance <= BOARDING_RANGE + 1e-9:
        return BOARDING_NEED
    return None


def board_refused(sea: Sea, boarder: Ship, target: Ship) -> str | None:
    """Why ``boarder`` may not throw its grapnels onto ``target`` now, or None if it may
    (JL-BOARD-1, JL-DMG-5, JL-KREW-5, JL-PORT-1)."""
    why = cannot_board(sea, boarder)
    if why is not None:
        return f"{boarder.name} cannot board: {why}"
    if target.commander == boarder.commander:
        return f"{target.name} serves the same Kaptin"
    why = cannot_be_boarded(sea, target)
    if why is not None:
        return f"{target.name} cannot be boarded: {why}"
    if not hulls_within(boarder.hull, target.hull, BOARDING_RANGE + 1e-9) or boarding_need(hull_distance(boarder.hull, target.hull)) is None:
        return f"{target.name} is beyond the grapnels' {BOARDING_RANGE:g}\" (JL-BOARD-1)"
    return None


def boarding_options(sea: Sea, seat: str, done: set[str] | frozenset[str] = frozenset()) -> list[BoardingOption]:
    """The boarding actions a seat may launch now; ``done`` names ships that already fought or
    tried to board this phase (each ship fights at most once a phase)."""
    out: list[BoardingOption] = []
    for ship in sea.fleet(seat):
        if ship.name in done or cannot_board(sea, ship) is not None:
            continue
        for target in sea.enemies(ship):
            if target.name in done or board_refused(sea, ship, target) is not None:
                continue
            gap = hull_distance(ship.hull, target.hull)
            need = boarding_need(gap)
            assert need is not None
            out.append(BoardingOption(ship.name, target.name, gap, need))
    return out


# --------------------------------------------------------------------------- the phase


def boarding_phase(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """In turn sequence: each seat's undecided fights go on, then it may board, then take over hulks."""
    done: set[str] = set()
    for fight in list(sea.fights):
        a, d = sea.ships[fight.attacker], sea.ships[fight.defender]
        if not (a.afloat and d.afloat):
            break_off(g, sea, fight, "one of the ships has gone down")
        elif a.commander == d.commander:
            break_off(g, sea, fight, "both ships now serve the same Kaptin")
    for seat in sea.order:
        for fight in [f for f in sea.fights if first_seat(sea, f) == seat and f.attacker not in done]:
            done.update((fight.attacker, fight.defender))
            outcome = yield from fight_round(g, sea, fight)
            if outcome is not None:
                return outcome
        while True:
            options = boarding_options(sea, seat, done)
            if not options:
                break
            answer = yield BoardPrompt(
                seats=(seat,), rule="JL-BOARD-1", text="launch a boarding action (grapnels away!) or pass?", accepts=(Board,), options=options, sea=sea
            )
            choice = cast(Board, answer)
            if choice.boarder is None or choice.target is None:
                break
            outcome = yield from attempt(g, sea, next(o for o in options if (o.boarder, o.target) == (choice.boarder, choice.target)), done)
            if outcome is not None:
                return outcome
        while True:
            hulks = [o for o in takeover_options(sea, seat) if sea.ships[o[0]].engaged is None and sea.ships[o[1]].engaged is None]
            if not hulks:
                break
            answer = yield TakeoverPrompt(seats=(seat,), rule="JL-KREW-6", text="send krew to take over a drifting hulk?", accepts=(Takeover,), options=hulks)
            take = cast(Takeover, answer)
            if take.hulk is None or take.crew_from is None:
                break
            take_over(g, sea, sea.ships[take.hulk], sea.ships[take.crew_from])
            outcome = victory.check(g, sea)
            if outcome is not None:
                return outcome
    return None


def first_seat(sea: Sea, fight: Fight) -> str | None:
    """JL-BOARD-5: a continuing fight is fought in the turn of whichever of its two seats comes
    first in this turn's sequence."""
    seats = {sea.ships[fight.attacker].commander, sea.ships[fight.defender].commander}
    return next((s for s in sea.order if s in seats), None)


def attempt(g: Game, sea: Sea, option: BoardingOption, done: set[str]) -> Generator[Prompt, Any, Outcome | None]:
    """JL-BOARD-1: the grapnels need 3+ (2+ within 3"); if they hold, the first round is fought."""
    boarder, target = sea.ships[option.boarder], sea.ships[option.target]
    done.add(boarder.name)
    r = yield from g.roll(RollRequest(D6, f"{boarder.name}: grapnels onto {target.name}", "JL-BOARD-1", boarder.commander, boarder.name, "high"))
    success = r.total >= option.need
    g.emit(
        "boarding",
        "JL-BOARD-1",
        boarder=boarder.name,
        target=target.name,
        seat=boarder.commander,
        distance=round(option.distance, 4),
        need=option.need,
        roll=r.total,
        success=success,
        **explained(
            g,
            {
                "need": single(
                    "JL-BOARD-1",
                    f'grapnels within {CLOSE_RANGE:g}" fail only on a 1' if option.need == CLOSE_NEED else f'grapnels within {BOARDING_RANGE:g}" hold on a 3+',
                    option.need,
                )
            },
        ),
    )
    if not success:
        return None
    done.add(target.name)
    fight = Fight(boarder.name, target.name, sea.turn)
    sea.fights.append(fight)
    boarder.engaged, target.engaged = target.name, boarder.name
    return (yield from fight_round(g, sea, fight))
