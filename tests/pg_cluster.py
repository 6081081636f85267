"""A throwaway PostgreSQL server for the tests: ``initdb`` into a fresh folder and ``pg_ctl start``
on a free loopback port, stopped and deleted after the session.

PostgreSQL will not run as root, and CI runs as root: there the cluster belongs to Debian's
``postgres`` user (started with ``runuser``), in a folder that user owns.  Where the binaries or
an unprivileged user are missing, :func:`why_not` says why, and the tests that need the server
are skipped with that reason (``.ci/run`` installs Debian's package, so CI runs them).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.live_server import free_port


def bindir() -> Path | None:
    """Where Debian's PostgreSQL binaries are (the newest installed), or those on the path."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def runner() -> list[str] | None:
    """The command prefix that runs the server as an unprivileged user ([] when we are one)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return None
    runuser = shutil.which("runuser")
    return None if runuser is None else [runuser, "-u", "postgres", "--"]


def why_not() -> str | None:
    """Why no throwaway server can be started here, or ``None`` when one can."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[postgres]')"
    if bindir() is None:
        return "PostgreSQL's binaries are not installed (apt-get install postgresql)"
    if runner() is None:
        return "running as root without a 'postgres' user (or runuser) to start PostgreSQL as"
    return None


@dataclass
class Cluster:
    """A running throwaway server; :meth:`database` makes a fresh database on it."""

    folder: Path
    port: int
    prefix: list[str]
    bin: Path
    made: int = 0

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def database(self) -> str:
        """A new empty database's URL (each test its own, so none sees another's games)."""
        import psycopg

        self.made += 1
        name = f"t{os.getpid()}_{self.made}"
        with psycopg.connect(self.url, autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        subprocess.run([*self.prefix, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"], capture_output=True, timeout=30)
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    """Start a throwaway server (see the module's doc), yield it, stop and delete it."""
    bin_, prefix = bindir(), runner()
    assert bin_ is not None and prefix is not None, why_not()
    folder = Path(tempfile.mkdtemp(prefix="grapeshot-pg-"))
    if prefix:  # the postgres user must own its folder (and reach it: mkdtemp's is ours alone)
        os.chmod(folder, 0o755)
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()
    run = [*prefix, str(bin_ / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]
    made = subprocess.run(run, capture_output=True, text=True, timeout=120)
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {made.stderr[-2000:]}")
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200"
    started = subprocess.run(
        [*prefix, str(bin_ / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "-t", "60", "start"],
        capture_output=True,
        text=True,
        timeout=90,
    )
    if started.returncode != 0:
        log = (folder / "log").read_text(errors="replace") if (folder / "log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"pg_ctl start failed: {started.stderr[-1000:]} {log[-2000:]}")
    running = Cluster(folder, port, prefix, bin_)
    try:
        yield running
    finally:
        running.stop()
