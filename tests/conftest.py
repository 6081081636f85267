"""Shared test settings: hypothesis profiles (seeded in CI, so runs are repeatable), and the
test-only rule set and module (tests/toy), registered for every test so that the conformance
suite and the generic parts' tests run over a rule set that is not Jim Lad (and its twins: with a
PettingZoo encoding, tests/toy/coded.py, for the generic environments; with odds questions,
tests/toy/odds.py, for the generic odds; with printable pages, tests/toy/printed.py, for their seat
secrecy), and the harbour, a small host for the collisions
module (tests/rulesets/collisions/harbour.py)."""

import os

from hypothesis import HealthCheck, settings

import tests.rulesets.collisions.harbour  # the harbour, the collisions module's test host
import tests.toy.coded
import tests.toy.odds
import tests.toy.printed  # noqa: F401  (and its twins with odds questions, with printable pages)

settings.register_profile("ci", max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
