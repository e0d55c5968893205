"""Approximate nearest neighbours for a large scope's vectors: one usearch HNSW graph per embedding model,
so that a search of a 100k-memory scope compares its query with a few thousand vectors instead of all of them.

A ``ScopeIndex`` (``scope.py``) builds a model's graph the first time a search of that model needs one — the
memories it may return number at least ``SEARCH_INDEX_ANN_MIN_ROWS`` — and from then on keeps it in step
with the numpy matrix on every ``apply`` (a rewritten memory's old vector is removed and its new one added,
a memory without a vector leaves the graph). Below the threshold nothing changes: the exact product.

The graph only proposes: ``Graph.search`` returns slots, the caller keeps those its filters let through and
scores them exactly from its own matrix. A filter that lets too few of the proposals through widens the
search, and past ``WIDEN_MAX`` proposals the caller falls back to the exact product. Keys are the scope
index's slots (they never move), and a graph is never shared between scopes, so tenant isolation is the
scope index's own. Recall@10 against the exact product: docs/scaling.md.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
from django.conf import settings

CONNECTIVITY = 16  # edges per node (HNSW's M)
EXPANSION_ADD = 128  # candidates kept while a vector is inserted (ef_construction)
BUILD_BATCH = 16_384  # vectors handed to usearch at once when a graph is built
REBUILD_SHARE = 0.5  # removed (tombstoned) entries beyond this share of the live ones: the graph is rebuilt


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
    def build(cls, vectors: np.ndarray, has_vector: np.ndarray, size: int) -> Graph:
        graph = cls(vectors.shape[1], vectors.dtype)
        slots = np.flatnonzero(has_vector[:size]).astype(np.uint64)
        for start in range(0, len(slots), BUILD_BATCH):
            batch = slots[start:start + BUILD_BATCH]
            graph.index.add(batch, vectors[batch.astype(np.int64)], threads=0)  # a one-off: every core
        return graph

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
