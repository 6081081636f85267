"""Words Wooden Ships says at the table that read wrong before: a victory's points as people say
them (no Python dict), and what a fallen figure drops lying where it fell (one thing lies, more lie)."""

from __future__ import annotations

from typing import Any

from grapeshot.core.events import Event
from grapeshot.rulesets.woodenships.phrases import PHRASES


def said(kind: str, **data: Any) -> str:
    text = PHRASES.sentence(Event(0, 3, "figures", kind, None, data))
    assert text is not None
    return text


def test_a_points_win_is_said_without_a_dict() -> None:
    text = said("victory", winners=["blue"], objective="points", detail="blue has the most points: {'red': 25, 'blue': 26}", points={"red": 25, "blue": 26})
    assert "{" not in text and "red 25 points, blue 26" in text
    alone = said("victory", winners=["red"], objective="last-side-standing", detail="only red has figures left", points={"red": 3, "blue": 0})
    assert "only red has figures left" in alone


def test_what_a_fallen_figure_drops_lies_where_it_fell() -> None:
    one = said("killed", figure="Black Swan man 2", figure_kind="man", side="red", cause="shot", dropped=["sword 2"])
    assert "sword 2 lies where Black Swan man 2 fell" in one
    two = said("killed", figure="Bo", figure_kind="man", side="red", cause="shot", dropped=["sword 2", "pistol 1"])
    assert "sword 2 and pistol 1 lie where Bo fell" in two
    none = said("killed", figure="Bo", figure_kind="man", side="red", cause="shot", dropped=[])
    assert none.endswith("is killed: shot.")
