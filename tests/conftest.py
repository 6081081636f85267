"""Shared test settings: hypothesis profiles (seeded in CI, so runs are repeatable)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
