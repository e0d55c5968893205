"""Approximate nearest neighbours for a large scope's vectors: one usearch HNSW graph per embedding model,
so that a search of a 100k-memory scope compares its query with a few thousand vectors instead of all of them.

The first search of a model that needs a graph — the memories it may return number at least
``SEARCH_INDEX_ANN_MIN_ROWS`` — answers with the exact product and asks for one (``start_build``): the
process's one build thread (``BUILDS``) builds it from a snapshot of the matrix taken under the index's lock,
without the lock, while ``apply`` records the slots it rewrites meanwhile (``Build.changed``). The build then
replays those slots onto the graph (``Graph.update``, from the current matrix) — in rounds without the lock
while many, the last few under it — and installs it. From then on ``apply`` keeps the installed graph in step
with the matrix (a rewritten memory's old vector is removed and its new one added, a memory without a vector
leaves the graph). Below the threshold nothing changes: the exact product.

The graph only proposes: ``Graph.search`` returns slots, the caller keeps those its filters let through and
scores them exactly from its own matrix. A filter that lets too few of the proposals through widens the
search, and past ``WIDEN_MAX`` proposals the caller falls back to the exact product. Keys are the scope
index's slots (they never move), and a graph is never shared between scopes, so tenant isolation is the
scope index's own. An installed graph is saved for the next process (``INSTALLED``: ``persist.py``), which
restores it instead of building it. Recall@10 against the exact product: docs/scaling.md.
"""

from __future__ import annotations

import functools
import importlib
import logging
import threading
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np
from django.conf import settings

from mnemara.kernel.metrics import SEARCH_INDEX_PENDING

CONNECTIVITY = 16  # edges per node (HNSW's M)
EXPANSION_ADD = 128  # candidates kept while a vector is inserted (ef_construction)
BUILD_BATCH = 16_384  # vectors handed to usearch at once when a graph is built
REBUILD_SHARE = 0.5  # removed (tombstoned) entries beyond this share of the live ones: the graph is rebuilt
REPLAY_UNDER_LOCK = 256  # slots rewritten during a build: at most this many are replayed under the index's lock

logger = logging.getLogger(__name__)


def _index_class() -> Any:
    """usearch's ``Index``, imported on the first graph: only processes with a large scope load it. onnxruntime
    is imported first, because its import crashes the process once usearch's extension is loaded (usearch
    2.26.6, onnxruntime 1.32.0: a segmentation fault inside onnxruntime's own module)."""
    importlib.import_module("onnxruntime")
    return importlib.import_module("usearch.index").Index


class Graph:
    """One model's vectors of one scope in an HNSW graph (inner product of unit vectors), keyed by slot."""

    def __init__(self, dimensions: int, dtype: Any) -> None:
        self.dimensions = dimensions
        self.index = _index_class()(ndim=dimensions, metric="ip", dtype="f16" if dtype == np.float16 else "f32",
                           connectivity=CONNECTIVITY, expansion_add=EXPANSION_ADD,
                           expansion_search=settings.SEARCH_INDEX_ANN_EF)
        self.removed = 0

    @classmethod
    def build(cls, vectors: np.ndarray, slots: np.ndarray, stop: Callable[[], bool] = lambda: False) -> Graph | None:
        """A graph of these slots' vectors; None when ``stop`` says so between two batches."""
        graph = cls(vectors.shape[1], vectors.dtype)
        keys = slots.astype(np.uint64)
        for start in range(0, len(keys), BUILD_BATCH):
            if stop():
                return None
            batch = keys[start:start + BUILD_BATCH]
            graph.index.add(batch, vectors[batch.astype(np.int64)], threads=1)  # in the background: one core
        return graph

    @classmethod
    def restored(cls, saved: bytes, dimensions: int, dtype: Any, removed: int) -> Graph | None:
        """A graph from the bytes ``save`` gave (``persist.py``), or None when they are not one of this shape."""
        graph = cls(dimensions, dtype)
        expected = graph.index.dtype
        try:
            graph.index.load(saved)
        except (RuntimeError, ValueError):
            return None
        if graph.index.ndim != dimensions or graph.index.dtype != expected:
            return None
        graph.index.expansion_search = settings.SEARCH_INDEX_ANN_EF  # type: ignore[misc]  # settable
        graph.removed = removed
        return graph

    def save(self) -> bytes:
        """usearch's serialisation of the graph (removed entries included)."""
        return bytes(self.index.save())

    def __len__(self) -> int:
        return len(self.index)

    @property
    def nbytes(self) -> int:
        return int(self.index.memory_usage)

    def update(self, slots: np.ndarray, vectors: np.ndarray, has_vector: np.ndarray) -> bool:
        """Rewrite these slots from the matrix (``vectors``, ``has_vector``: the whole arrays). False when the
        graph has collected so many removed entries that the caller should build it again."""
        if not len(slots):
            return True
        keys = np.unique(slots).astype(np.uint64)
        held = keys[np.asarray(self.index.contains(keys), dtype=bool)]
        if len(held):
            self.index.remove(held)
            self.removed += len(held)
        present = keys[has_vector[keys.astype(np.int64)]]
        if len(present):
            self.index.add(present, vectors[present.astype(np.int64)], threads=1)
        return self.removed <= REBUILD_SHARE * max(len(self.index), 1)

    def search(self, query: np.ndarray, count: int) -> np.ndarray:
        """The slots of the ``count`` nearest vectors the graph finds (best first)."""
        count = min(count, len(self.index))
        if count <= 0:
            return np.zeros(0, dtype=np.int64)
        self.index.expansion_search = max(settings.SEARCH_INDEX_ANN_EF, count)  # type: ignore[misc]  # settable
        found = self.index.search(query.astype(np.float32), count, threads=1)
        return np.asarray(found.keys, dtype=np.int64)


class Build:
    """A model's graph being built for one scope's index: the snapshot it is built from (the matrix as it was,
    not copied, and the slots that had a vector) and the slots ``apply`` rewrote since, to replay."""

    def __init__(self, model: str | None, vectors: np.ndarray, slots: np.ndarray) -> None:
        self.model = model
        self.vectors = vectors
        self.slots = slots
        self.changed: list[np.ndarray] = []

    def take(self) -> np.ndarray:
        """The slots rewritten since the last ``take`` (under the index's lock)."""
        found = np.unique(np.concatenate(self.changed)) if self.changed else np.zeros(0, dtype=np.int64)
        self.changed = []
        return found


class Builds:
    """The process's graph builds (and large scopes' loads: ``background.py``), one at a time on one daemon thread
    (started when a job is asked for, gone when none is left), so at most one build's CPU and memory; at most one
    queued or running per key (scope and model, or a scope's load)."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._queue: deque[tuple[tuple[Any, Any], Callable[[], None]]] = deque()
        self._keys: set[tuple[Any, Any]] = set()
        self._thread: threading.Thread | None = None

    def submit(self, key: tuple[Any, Any], job: Callable[[], None]) -> bool:
        """Queue ``job`` unless a build of ``key`` is queued or running. True when queued."""
        with self._lock:
            if key in self._keys:
                return False
            self._keys.add(key)
            self._queue.append((key, job))
            SEARCH_INDEX_PENDING.set(len(self._keys))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="mnemara-graph-build", daemon=True)
                self._thread.start()
            return True

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    self._lock.notify_all()
                    return
                key, job = self._queue.popleft()
            try:
                job()
            except Exception:
                logger.exception("building an HNSW graph failed")
            finally:
                with self._lock:
                    self._keys.discard(key)
                    SEARCH_INDEX_PENDING.set(len(self._keys))

    def wait(self, timeout: float | None = None) -> bool:
        """Until no build is queued or running (tests, benchmarks); False when ``timeout`` passed first."""
        with self._lock:
            return self._lock.wait_for(lambda: self._thread is None, timeout)


BUILDS = Builds()
#: Called under the index's lock with a graph just built and installed (``persist.saved``): each returns at once
#: with what it should do once the lock is released (the file's write), or None.
INSTALLED: list[Callable[[Any, str | None, Graph], Callable[[], None] | None]] = []


def start_build(index: Any, model: str | None, vectors: np.ndarray, has_vector: np.ndarray) -> None:
    """Ask for ``model``'s graph of this ``ScopeIndex`` (called under its lock): a snapshot, built off the
    request path. Nothing when one is already on its way."""
    if model in index.builds:
        return
    build = Build(model, vectors, np.flatnonzero(has_vector[: index.size]))
    if BUILDS.submit((index.scope_id, model), functools.partial(_build, weakref.ref(index), build)):
        index.builds[model] = build


def _build(ref: weakref.ref[Any], build: Build) -> None:
    """Build, replay what changed meanwhile, install; an index dropped meanwhile (evicted, reloaded after an
    erasure, a transaction's private one) stops it. The index's ``builds`` entry goes in every case."""
    try:
        if ref() is None:
            return
        graph = Graph.build(build.vectors, build.slots, stop=lambda: ref() is None)
        build.vectors = build.slots = np.zeros(0)  # let a replaced matrix go
        after: list[Callable[[], None] | None] = []
        while graph is not None:
            index = ref()
            if index is None:
                return
            with index.lock:
                if index.builds.get(build.model) is not build:
                    return
                changed, matrix = build.take(), index.matrix(build.model)
                if matrix is None:
                    return
                if len(changed) <= REPLAY_UNDER_LOCK:
                    if graph.update(changed, *matrix):
                        index.graphs[build.model] = graph
                        index.measure(exact=False)
                        after = [hook(index, build.model, graph) for hook in INSTALLED]
                    break
            del index
            if not graph.update(changed, *matrix):  # so many rewritten that it should be built again
                return
        index = graph = None
        for then in after:
            if then is not None:
                then()  # off the lock: the graph's file is written
    finally:
        index = ref()
        if index is not None:
            with index.lock:
                if index.builds.get(build.model) is build:
                    del index.builds[build.model]
