"""Prizes and prisoners (CG-BOARD-4; ``collisions.prisoners``).

A ship taken by boarding passes to the boarders' seat: the boarders aboard become its prize
crew and the officer who led them its prize captain (if he fell, the first officer among them,
else the first of them).  The old crew still aboard, below decks or aloft (and on deck, if the
colours were struck), become prisoners of the captors; the captors' own men held prisoner
aboard are freed and join the prize crew.

At the host's prisoners step, the prize captain's seat may free prisoners held below decks to
join the prize crew (a choice of how many, in the host's order), and every prisoner still held
aboard a prize is put to the host's own prisoners rule: one who turns his coat joins the prize
crew.  A prisoner who ends up in the water (the prize sinks) is no longer held.
"""

from __future__ import annotations

from grapeshot.core.game import Game
from grapeshot.geometry import Surface
from grapeshot.rulesets.collisions.prompts import Free, FreePrompt
from grapeshot.rulesets.collisions.protocol import Proc
from grapeshot.rulesets.collisions.state import Boarding, Prisoner, afloat, emit, host_of, state_of


def capture(game: Game, action: Boarding, *, struck: bool) -> None:
    """CG-BOARD-4: the boarders take ``action.target``; prisoners of other seats held aboard
    change hands with the ship."""
    h, st = host_of(game), state_of(game)
    target, seat = action.target, action.seat
    aboard = list(h.figures_on(game, target))
    crew = [f for f in action.boarders if f in aboard]
    officers = [f for f in crew if h.officer(game, f)]
    captain = action.leader if action.leader in crew else (officers[0] if officers else crew[0])
    old = h.side(game, target)
    taken = [
        f for f in aboard if h.figure_side(game, f) == old and f not in st.prisoners and f not in crew and (struck or h.station(game, f) is not Surface.DECK)
    ]
    freed = [p.figure for p in st.prisoners.values() if p.vessel == target and h.figure_side(game, p.figure) == seat]
    h.capture(game, target, seat, captain, crew)
    for f in taken:
        h.make_prisoner(game, f, seat)
        st.prisoners[f] = Prisoner(f, target, seat, h.station(game, f).value)
    for f in freed:
        del st.prisoners[f]
        h.join_crew(game, f, seat)
    for p in st.prisoners.values():
        if p.vessel == target and p.captor != seat:
            p.captor = seat
            h.make_prisoner(game, p.figure, seat)
    st.prizes[target] = captain
    st.boardings = [b for b in st.boardings if not (b.target == target and b.seat == seat)]
    emit(
        game,
        "capture",
        "CG-BOARD-4",
        vessel=target,
        seat=seat,
        previous=old,
        prize_captain=captain,
        prize_crew=crew,
        prisoners=taken,
        freed=freed,
        struck=struck,
    )


def prisoners_step(game: Game) -> Proc[None]:
    """``collisions.prisoners``: the host's prisoners step (see the module docstring)."""
    h, st = host_of(game), state_of(game)
    for vessel in sorted(st.prizes):
        if not afloat(game, vessel):
            continue
        seat = h.side(game, vessel)
        held = [p for p in st.prisoners.values() if p.vessel == vessel and p.captor == seat and p.figure in h.figures_on(game, vessel)]
        below = [p.figure for p in held if p.station == Surface.BELOW.value]
        if below:
            answer = yield FreePrompt(
                (seat,), "CG-BOARD-4", f"free prisoners held below decks in {vessel} to join the prize crew?", (Free,), vessel, len(below)
            )
            assert isinstance(answer, Free)
            for f in below[: answer.count]:
                del st.prisoners[f]
                h.join_crew(game, f, seat)
            if answer.count:
                emit(game, "freed", "CG-BOARD-4", vessel=vessel, seat=seat, figures=below[: answer.count])
        for p in [p for p in held if p.figure in st.prisoners]:
            turned = yield from h.turns_coat(game, p.figure)
            emit(game, "turncoat", "CG-BOARD-4", vessel=vessel, figure=p.figure, seat=seat, turned=turned)
            if turned:
                del st.prisoners[p.figure]
                h.join_crew(game, p.figure, seat)
