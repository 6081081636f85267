"""Shared test settings: hypothesis profiles (seeded in CI, so runs are repeatable), and the
test-only rule set and module (tests/toy), registered for every test so that the conformance
suite and the generic parts' tests run over a rule set that is not Jim Lad (and its twin with a
PettingZoo encoding, tests/toy/coded.py, for the generic environments)."""

import os

from hypothesis import HealthCheck, settings

import tests.toy.coded  # noqa: F401  (registers the toy rule set, its twin with an encoding, and the module)

settings.register_profile("ci", max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
