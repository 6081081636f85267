"""The server tests' backends: a throwaway PostgreSQL server for the session (tests/pg_cluster.py),
skipped with its reason where none can be started, and ``store_at``, each test's fresh store of
either backend (the tests that take it run against both)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.pg_cluster import Cluster, cluster, why_not


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    reason = why_not()
    if reason is not None:
        if os.environ.get("CI"):  # .ci/run installs the server and the test extra psycopg: never skipped there
            pytest.fail(f"CI must run the PostgreSQL tests: {reason}")
        pytest.skip(f"no throwaway PostgreSQL server: {reason}")
    with cluster() as running:
        yield running


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """A fresh database on the session's server."""
    return pg_cluster.database()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_at(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """Where a fresh store is, for each backend: a SQLite file's path, or a new database's URL
    (called again, the same place: a second process's view of it)."""
    where = str(tmp_path / "grapeshot.sqlite") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    return lambda: where
