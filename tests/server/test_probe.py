"""The probe of views and listings (``server/probe.py``) finds each kind of fault it looks for,
planted in the test-only toy race, and finds none in the toy as it is: the fuzz that the
conformance suite and the soak run can fail."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from grapeshot.agents import make, play_out
from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.module import get_module
from grapeshot.server.probe import ENUMERATED, Probe, Tally, orderless
from tests.toy import CHEER, Pace, PacePrompt, race


def probed(modules: tuple[str, ...] = ()) -> Tally:
    sc = race(("red", "blue"), modules=list(modules))
    g = Game("toy", sc, seed=4)
    probe = Probe(4, "toy race")
    probe(g)  # the start, before the first action
    try:
        play_out(g, {s.id: make("random", k, "toy") for k, s in enumerate(sc.seats)}, probe)
    except (ValueError, KeyError):  # a player with nothing to answer, or answering from a listing planted broken: the probe saw it first
        assert probe.tally.faults
    return probe.tally


def kinds(t: Tally) -> set[str]:
    return {k.split(" (")[0] for k in t.faults}


def test_the_toy_race_as_it_is_has_no_fault_and_every_count_is_kept() -> None:
    t = probed((CHEER,))
    assert not t.faults, "\n".join(t.lines())
    assert t.actions > 10 and t.views == 3 * t.actions and t.listings >= t.actions and t.answers > 5 * t.listings
    assert t.lines()[0].startswith(f"{t.actions} actions probed, {t.views} views built")


def listing(options: list[int]) -> Callable[[PacePrompt, str], Choices]:
    return lambda self, seat: Choices.of([Choice(Pace(p), f"pace {p}") for p in options], "pace")


def accepting(allowed: tuple[int, ...]) -> Callable[[PacePrompt, str, Action], None]:
    def check(self: PacePrompt, seat: str, action: Action) -> None:
        assert isinstance(action, Pace)
        if action.pace not in allowed:
            raise IllegalAction(f"pace {action.pace}")

    return check


def breaking(self: object, *args: Any) -> Any:
    raise KeyError("broken")


@pytest.mark.parametrize(
    ("patch", "kind"),
    [
        ({"legal": listing([1, 2, 3, 4])}, "listed answer refused"),  # a listing that offers more than check takes
        ({"check_choice": accepting((1, 2, 3, 4, 1000, 1001, 1002, 1003))}, "near-miss answer accepted, though outside the listing"),
        ({"check_choice": lambda self, seat, action: [1, 2, 3][action.pace - 1]}, "check raised"),  # an index out of range on a near miss
        ({"legal": breaking}, "legal raised"),
        ({"legal": listing([])}, "no legal answer"),
    ],
)
def test_a_planted_fault_is_found_and_named(monkeypatch: pytest.MonkeyPatch, patch: dict[str, Any], kind: str) -> None:
    for name, value in patch.items():
        monkeypatch.setattr(PacePrompt, name, value)
    t = probed()
    assert kind in kinds(t), "\n".join(t.lines())
    (example, *_) = t.examples[next(k for k in t.faults if k.startswith(kind))]
    assert example.startswith("toy race, after action ")


def test_a_module_whose_shapes_break_is_a_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(get_module(CHEER)), "shapes", breaking)
    t = probed((CHEER,))
    assert kinds(t) == {"shapes raised"} and sum(t.faults.values()) == 3 * t.actions  # every view of every viewer


def test_an_answer_in_another_order_is_the_same_answer_and_a_repeat_is_not() -> None:
    from grapeshot.rulesets.navalwarhammer.actions import CrewOrders

    assert orderless(CrewOrders("S", ("a", "b"), ())) == orderless(CrewOrders("S", ("b", "a"), ()))
    assert orderless(CrewOrders("S", ("a", "a"), ())) != orderless(CrewOrders("S", ("a",), ()))
    assert ENUMERATED >= 4**6  # a ship's crew of six units is told in or out whole
