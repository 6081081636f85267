"""Backends that play a study's games, and the loop that stores their results as they come.

- ``local``: a pool of K worker processes on this machine (``concurrent.futures`` with the
  ``spawn`` start method; with K = 1 the games run in this process);
- ``dask``: a Dask distributed cluster: an existing scheduler (``Client(address)``), or, with
  no address, a ``LocalCluster`` of K single-threaded worker processes started for the run;
- ``ray``: not included; asking for it says so.

Every backend runs the same importable function, :func:`grapeshot.lab.play.play_batch`, on
batches of game specs, so the same seeds give the same records whatever ran them. The loop
keeps a few batches queued per worker, stores each batch's records the moment it arrives and
reports progress; stopping it (Ctrl-C, ``limit``) loses at most the batches in flight.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import itertools
import multiprocessing
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from grapeshot.lab.play import play_batch
from grapeshot.lab.records import GameRecord
from grapeshot.lab.results import Store
from grapeshot.lab.sequential import Looker, Stopping
from grapeshot.lab.study import GameSpec, Plan

BACKENDS = ("local", "dask", "ray")


class BackendError(RuntimeError):
    """A backend that cannot be used (not installed, no scheduler at the address...)."""


@dataclass(frozen=True, slots=True)
class RunInfo:
    """What one run did: games it played, games already stored, seconds, and whether it finished."""

    played: int
    already: int
    total: int
    seconds: float
    finished: bool
    backend: str
    workers: int
    #: why a study run with a stopping rule stopped (``None``: none, or not yet stopped)
    stopping: Stopping | None = None

    @property
    def rate(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


class Pool(Protocol):
    """What the loop needs of a backend."""

    slots: int

    def submit(self, study: Plan, specs: Sequence[GameSpec]) -> Any: ...

    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]: ...

    def result(self, future: Any) -> list[GameRecord]: ...

    def cancel(self, futures: Iterable[Any]) -> None: ...


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and keeps what is stored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _SerialFuture:
    def __init__(self, records: list[GameRecord]) -> None:
        self.records = records


class SerialPool:
    """Games played in this process, one batch at a time."""

    slots = 1

    def submit(self, study: Plan, specs: Sequence[GameSpec]) -> _SerialFuture:
        return _SerialFuture(play_batch(study, specs))

    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]:
        return set(futures), set()

    def result(self, future: Any) -> list[GameRecord]:
        records: list[GameRecord] = future.records
        return records

    def cancel(self, futures: Iterable[Any]) -> None:
        pass


class ProcessPool:
    """A process pool of this machine."""

    def __init__(self, executor: cf.ProcessPoolExecutor, workers: int) -> None:
        self.executor = executor
        self.slots = workers

    def submit(self, study: Plan, specs: Sequence[GameSpec]) -> cf.Future[list[GameRecord]]:
        return self.executor.submit(play_batch, study, list(specs))

    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]:
        done, pending = cf.wait(futures, return_when=cf.FIRST_COMPLETED)
        return set(done), set(pending)

    def result(self, future: Any) -> list[GameRecord]:
        records: list[GameRecord] = future.result()
        return records

    def cancel(self, futures: Iterable[Any]) -> None:
        for f in futures:
            f.cancel()


class DaskPool:
    """A Dask distributed client."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.slots = max(1, sum(client.nthreads().values()))

    def submit(self, study: Plan, specs: Sequence[GameSpec]) -> Any:
        return self.client.submit(play_batch, study, list(specs), pure=False)

    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]:
        done, pending = _distributed().wait(list(futures), return_when="FIRST_COMPLETED")
        return set(done), set(pending)

    def result(self, future: Any) -> list[GameRecord]:
        records: list[GameRecord] = future.result()
        return records

    def cancel(self, futures: Iterable[Any]) -> None:
        fs = list(futures)
        if fs:
            self.client.cancel(fs)


@contextmanager
def open_pool(backend: str, workers: int, scheduler: str | None = None) -> Iterator[Pool]:
    """A backend ready to take batches; shut down (or disconnected) on the way out."""
    if backend == "local":
        if scheduler is not None:
            raise BackendError("--scheduler is for the dask backend")
        if workers <= 1:
            yield SerialPool()
            return
        executor = cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker)
        try:
            yield ProcessPool(executor, workers)
        finally:
            executor.shutdown(wait=True, cancel_futures=True)
    elif backend == "dask":
        with dask_client(workers, scheduler) as client:
            yield DaskPool(client)
    elif backend == "ray":
        raise BackendError("the ray backend is not included: grapeshot's distributed backend is Dask (--backend dask); see docs/architecture.md")
    else:
        raise BackendError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")


def _distributed() -> Any:
    """The ``distributed`` package (untyped, hence Any), or a clear error if it is missing."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise BackendError("the dask backend needs dask[distributed]: pip install 'grapeshot[lab]'") from None


@contextmanager
def dask_client(workers: int, scheduler: str | None = None) -> Iterator[Any]:
    """A Dask client: of the scheduler at ``scheduler``, or of a local cluster of ``workers`` processes."""
    import logging

    dd = _distributed()

    if scheduler is not None:
        try:
            client = dd.Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as e:
            raise BackendError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
        try:
            yield client
        finally:
            client.close()
        return
    cluster = dd.LocalCluster(
        n_workers=max(1, workers), processes=True, threads_per_worker=1, dashboard_address=None, host="127.0.0.1", silence_logs=logging.ERROR
    )
    client = dd.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def batch_size(todo: int, slots: int) -> int:
    """Games a batch: enough to make the hand-off cheap, few enough that progress stays smooth."""
    return max(1, min(40, todo // (slots * 8)))


def run_study(
    study: Plan,
    store: Store,
    *,
    backend: str = "local",
    workers: int = 2,
    scheduler: str | None = None,
    batch: int | None = None,
    limit: int | None = None,
    progress: Callable[[int], None] | None = None,
    pool: Pool | None = None,
    stop: Looker | None = None,
) -> RunInfo:
    """Play the games of ``study`` that ``store`` lacks, storing each batch as it finishes.

    ``limit`` stops after about that many new games (whole batches; for tests and trial runs).
    ``progress`` is called with the number of games each stored batch added. Ctrl-C stops the
    run cleanly: what is stored stays, and a later run resumes from there.

    With ``stop`` the run ends as soon as the rule's answer is known (:mod:`.sequential`): it
    looks between batches at the first games by index only, so where it stops is the same
    whatever plays the games, and a resumed run finds the same stop in what is stored.
    """
    have = store.done()

    def looked() -> bool:
        return stop is not None and stop.advance(have, lambda lo, n: store.records(below=n, since=lo)) is not None

    looked()
    already = len(have & set(range(study.total)))
    left = study.total - already if limit is None else max(0, limit)
    t0 = time.perf_counter()
    played = 0

    def wanted() -> Iterator[GameSpec]:
        """The games still to play, in index order; with a stopping rule, asked as they are taken,
        so a question answered meanwhile gets no more games."""
        taken = 0
        for spec in study.games():
            if taken >= left:
                return
            if spec.index in have or (stop is not None and not stop.wanted(spec.index)):
                continue
            taken += 1
            yield spec

    def loop(p: Pool) -> None:
        nonlocal played
        size = batch or batch_size(left, p.slots)
        specs_left = wanted()

        def batches_of() -> Iterator[list[GameSpec]]:
            while chunk := list(itertools.islice(specs_left, size)):
                yield chunk

        batches = batches_of()
        inflight: set[Any] = set()
        try:
            for specs in batches:
                inflight.add(p.submit(study, specs))
                if len(inflight) >= 2 * p.slots:
                    break
            while inflight:
                ready, inflight = p.wait_any(inflight)
                for f in ready:
                    records = p.result(f)
                    added = store.add(records)
                    have.update(r.index for r in records)
                    played += added
                    if progress is not None:
                        progress(added)
                    if looked():
                        return
                    nxt = next(batches, None)
                    if nxt is not None:
                        inflight.add(p.submit(study, nxt))
        finally:
            p.cancel(inflight)

    interrupted = False
    try:
        if pool is not None:
            loop(pool)
        else:
            with open_pool(backend, workers, scheduler) as p:
                loop(p)
    except KeyboardInterrupt:
        interrupted = True
    stopping = stop.stopping if stop is not None else None
    finished = not interrupted and (stopping is not None or store.count(below=study.total) == study.total)
    info = RunInfo(played, already, study.total, time.perf_counter() - t0, finished, backend, workers, stopping)
    if interrupted:
        raise Interrupted(info)
    return info


class Interrupted(KeyboardInterrupt):
    """The run was stopped; ``info`` says how far it got (everything finished is stored)."""

    def __init__(self, info: RunInfo) -> None:
        super().__init__(f"stopped after {info.played} new games ({info.already + info.played} of {info.total} stored)")
        self.info = info
