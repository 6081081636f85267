"""The ``drill`` fixture: the test-only rule set of ``tests/dice/drill.py``, registered for one test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grapeshot.core import ruleset as registry
from tests.dice.drill import NAME, Drill


@pytest.fixture
def drill() -> Iterator[Drill]:
    rs = Drill()
    registry.get("jimlad")  # the built-in rule sets first, so removing the drill leaves them be
    registry.register(rs)
    try:
        yield rs
    finally:
        registry._RULESETS.pop(NAME, None)
