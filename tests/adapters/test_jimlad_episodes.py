"""Jim Lad's PettingZoo environments are the same as before they became generic: the same
observations, masks, rewards and infos at every step, and the same games (events digest), for
seeded episodes recorded before the change (tests/adapters/data/jimlad_episodes.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.adapters.episodes import CASES, fingerprint

RECORDED = json.loads((Path(__file__).parent / "data" / "jimlad_episodes.json").read_text())

pytestmark = pytest.mark.filterwarnings("ignore:We recommend agents to be named", "ignore:Observation is not a NumPy array")


def test_every_case_was_recorded() -> None:
    assert set(RECORDED) == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_episode_plays_as_recorded(name: str) -> None:
    assert fingerprint(name) == RECORDED[name]
