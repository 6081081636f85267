"""The ``toy`` fixture: the lab's test rule sets and module, registered for one test only."""

from __future__ import annotations

import pytest

from grapeshot.core import module as modules
from grapeshot.core import ruleset as rulesets
from tests.lab.toy import EDGE, TOSSUP


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tossup`` (with lab factions) and the module ``edge``, installed beside the real ones
    (and the conformance suite's toy race) until the test ends."""
    rulesets.all_rulesets()  # load the installed ones first, so the patch is undone to them
    modules.all_modules()
    monkeypatch.setitem(rulesets._RULESETS, TOSSUP.name, TOSSUP)
    monkeypatch.setitem(modules._MODULES, EDGE.name, EDGE)
