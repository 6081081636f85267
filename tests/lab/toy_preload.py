"""Loaded by the Dask workers of ``tests/lab/test_dask.py`` (``dask worker --preload``): puts the
lab's test rule set and module in the worker's registry, as the ``toy`` fixture does in the test."""

from __future__ import annotations

from grapeshot.core import module as modules
from grapeshot.core import ruleset as rulesets
from tests.lab.toy import EDGE, TOSSUP

rulesets.all_rulesets()
modules.all_modules()
rulesets._RULESETS[TOSSUP.name] = TOSSUP
modules._MODULES[EDGE.name] = EDGE
