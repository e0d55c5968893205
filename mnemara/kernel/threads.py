"""Every thread pool and background thread of a process, in one owner: ``THREADS``.

The serving stack's lifespan (``server/runtime/serve.py``) and the background worker call ``start``
with the pool sizes from ``settings.THREAD_POOLS`` and the chores the apps declare, and ``stop``
at the end. Until then the process has no threads of its own: ``submit`` runs the work at once in the
caller's thread and returns its finished future, and no chore runs. That is the mode of tests and
management commands; nothing here starts at import.

Pools by name (what each is for is said where it is used):

- ``web``: the threads Django's views run on (``server/runtime/buffered.py``);
- ``query``: a search's query embeddings, beside the request's ORM work;
- ``side``: one thread, so one extra database connection, for a search's full-text query and the
  chores' database writes;
- ``matvec``: the second half of a large matrix-vector product;
- ``embed``: a batch's parallel model runs;
- ``secondary``: the secondary embedding models' runs beside the primary's.

A chore (a ``Periodic``) runs every ``seconds`` on the pool it names; one ticker thread schedules them all.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

logger = logging.getLogger(__name__)

_T = TypeVar("_T")


@dataclass
class Periodic:
    """``run`` every ``seconds`` on the pool ``pool`` (a run still going when the next is due is not doubled)."""

    name: str
    seconds: float
    run: Callable[[], object]
    pool: str = "side"
    at_start: bool = False  # first run at ``start`` rather than ``seconds`` later
    due_at: float = 0.0
    running: Future[object] | None = field(default=None, repr=False)


class Threads:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pools: dict[str, ThreadPoolExecutor] = {}
        self._periodic: list[Periodic] = []
        self._ticker: threading.Thread | None = None
        self._stopping = threading.Event()
        self._on_thread_stop: Callable[[], object] | None = None
        self._sizes: dict[str, int] = {}

    @property
    def running(self) -> bool:
        return bool(self._pools)

    def start(self, sizes: Mapping[str, int], periodic: Sequence[Periodic] = (),
              on_thread_stop: Callable[[], object] | None = None) -> None:
        """Create the pools (threads come as work arrives) and start the ticker if there is periodic work.
        ``on_thread_stop`` runs in every pool thread at ``stop`` (Django: close its database connections)."""
        with self._lock:
            if self._pools:
                raise RuntimeError("the threads are already started")
            self._sizes = {name: max(1, size) for name, size in sizes.items()}
            self._pools = {name: ThreadPoolExecutor(max_workers=max(1, size), thread_name_prefix=f"mnemara-{name}")
                           for name, size in sizes.items()}
            now = time.monotonic()
            self._periodic = [p for p in periodic if p.seconds > 0]
            self._on_thread_stop = on_thread_stop
            for chore in self._periodic:
                chore.due_at = now if chore.at_start else now + chore.seconds
            self._stopping.clear()
            if self._periodic:
                self._ticker = threading.Thread(target=self._tick, name="mnemara-ticker", daemon=True)
                self._ticker.start()

    def stop(self, *, run_periodic: bool = True) -> None:
        """Stop the ticker, run each chore a last time on its pool (pending access counts are written),
        run the thread-stop hook in every pool thread, then wait for the pools to finish what they hold.
        Afterwards the process is back to having no threads. No work runs in the caller's thread, so an
        event loop's thread may call this."""
        with self._lock:
            pools, periodic, ticker = self._pools, self._periodic, self._ticker
            self._stopping.set()
        if ticker is not None:
            ticker.join(timeout=10)
        if run_periodic:
            for chore in periodic:
                if chore.pool in pools:
                    pools[chore.pool].submit(self._run_logged, chore).result()
        for name, pool in pools.items():
            if self._on_thread_stop is not None:
                self.in_every_thread(name, self._on_thread_stop)
            pool.shutdown(wait=True)
        with self._lock:
            self._pools, self._periodic, self._ticker = {}, [], None

    def in_every_thread(self, name: str, fn: Callable[[], object]) -> None:
        """Run ``fn`` once in each thread of the pool ``name`` (starting them all): as many jobs as the pool
        has threads, each waiting for the others, cannot share a thread. Not from a thread of that pool."""
        pool, size = self._pools.get(name), self._sizes.get(name, 1)
        if pool is None:
            fn()
            return
        barrier = threading.Barrier(size)

        def once() -> None:
            with contextlib.suppress(threading.BrokenBarrierError):
                barrier.wait(timeout=5)
            fn()

        for future in [pool.submit(once) for _ in range(size)]:
            try:
                future.result(timeout=15)
            except Exception:
                logger.warning("thread stop hook failed", exc_info=True)

    def executor(self, pool: str) -> Executor:
        """The pool itself, for ``loop.run_in_executor``; only while started."""
        try:
            return self._pools[pool]
        except KeyError:
            raise RuntimeError(f"no '{pool}' thread pool: the threads are not started "
                               f"(the ASGI lifespan or the worker starts them)") from None

    def submit(self, pool: str, fn: Callable[..., _T], *args: Any) -> Future[_T]:
        """Run ``fn(*args)`` on the pool; without started threads, now, in this thread."""
        executor = self._pools.get(pool)
        if executor is not None:
            return executor.submit(fn, *args)
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller through the future, as a pool would
            future.set_exception(exc)
        return future

    def _tick(self) -> None:
        while not self._stopping.is_set():
            now = time.monotonic()
            for chore in self._periodic:
                if now >= chore.due_at and (chore.running is None or chore.running.done()):
                    chore.due_at = now + chore.seconds
                    executor = self._pools.get(chore.pool)
                    if executor is None:
                        continue
                    try:
                        chore.running = executor.submit(self._run_logged, chore)
                    except RuntimeError:  # the pool shut down between the check and the submit: stopping
                        return
            wait = min((chore.due_at for chore in self._periodic), default=now + 1.0) - time.monotonic()
            self._stopping.wait(max(0.01, wait))

    @staticmethod
    def _run_logged(chore: Periodic) -> None:
        try:
            chore.run()
        except Exception:  # the database away for a moment, say: the next run tries again
            logger.warning("chore %s failed", chore.name, exc_info=True)


THREADS = Threads()
