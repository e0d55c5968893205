"""In-process search indexes: what ranking needs of one scope's memories, held in this process's memory.

Why: an exact cosine scan inside PostgreSQL reads every row's wide heap tuple, so its cost grows with the
scope; the same exact scan over a float32 matrix in numpy is a small fraction of it (the numbers:
docs/benchmarks.md). PostgreSQL stays the only source of truth: an index is a cache that is checked on every
search and never answers from a state older than the last commit the search could see.

What an index holds, per memory of the scope (every status): id, status, whether a newer memory replaced
it (``superseded_by`` set), type, confidence, valid_from / valid_to / expires_at (µs since the epoch), the
words of search_text (so that a query's prefix terms can be expanded to the scope's real words), and one vector
per configured embedding model with the share of the text that model reads (the primary model's from the memory
row, when the row's model is the configured one; the others' from ``MemoryVector``). Not metadata: a search with
``filters`` asks SQL for the ids that pass them (memories/recall/search.py).

Freshness, kept by triggers (migration 0007) and checked on every search:

* Every INSERT, and every UPDATE that changes one of the columns above, takes the scope row's lock and
  stamps both the scope and the memory with ``search_seq = nextval('memories_search_seq')``. The lock
  is held until commit, so within a scope the stamps are handed out in commit order. (Writers take the
  scope's advisory lock before they touch a memory row, so the lock order is the same everywhere.)
* Every DELETE statement appends ``(scope_id, seq)`` to ``memories_searchremoval`` (no lock taken).
* A search reads, with the scope ids, each scope's ``Version(seq, removed)`` (removed = the latest
  removal seq). Equal to the cached one: the index is fresh. Higher seq, same removed: the index fetches
  the scope's rows with ``search_seq >`` its own (an index range scan) and applies them. Anything else
  (a removal, a first use): the scope is loaded again. Reads take the version in the same statement as
  the rows, so an index never claims a version newer than what it holds.
* Inside a transaction (an atomic block) the connection may see its own uncommitted rows, which the
  shared cache must never hold: there a cached index is used only when its version is the one the
  transaction sees; otherwise a private index is loaded for this search alone.
* Erasure: a deletion makes the next search of the scope reload it, and the sweep (``IndexCache.sweep``, a
  chore of the process's threads: ``memories/recall/upkeep.py``) drops every cached scope with a
  newer removal each ``SEARCH_INDEX_SWEEP_SECONDS``, so erased memories leave the memory of processes that
  never search that scope again, too.

Memory: per memory, a float32 vector (4 bytes a dimension) and its coverage for every configured model,
plus its words and a few numbers, so the cost per memory grows with each model configured
(memories/recall/index/README.md, "What it costs"); the process keeps at most
``settings.SEARCH_INDEX_MAX_ROWS`` rows, evicting the least recently used scopes.
"""

from __future__ import annotations

import logging
import math
import threading
import uuid
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from django.conf import settings
from django.db import connection

from memories.embeddings import embedders
from memories.models import EMBEDDING_DIMENSIONS
from memories.recall import sql
from memories.recall.index import ann, persist
from memories.recall.index.ann import Graph
from memories.recall.index.scope import Criteria, ScopeIndex, ScopeState, Version, _product, row_bytes_estimate
from memories.write.people import addressed_only
from mnemara.kernel.metrics import (
    SEARCH_INDEX_BUDGET_BYTES,
    SEARCH_INDEX_BYTES,
    SEARCH_INDEX_GRAPHS,
    SEARCH_INDEX_MEMORIES,
    SEARCH_INDEX_SCOPES,
)
from mnemara.kernel.resident import release
from tenants.scoping import get_active_tenant

logger = logging.getLogger(__name__)

# The index of one scope lives in scope.py; these names are importable from here too.
__all__ = ["CACHE", "Criteria", "IndexCache", "ScopeIndex", "ScopeState", "Version", "_product", "bm25", "expand",
           "index_row_cap", "load", "nearest", "search_indexes"]


#: Called with each scope index the shared cache has just loaded, on the loading thread: each must return at once
#: (its work submitted to a pool) and never raise (``memories.recall.category.prepare``).
LOADED: list[Callable[[ScopeIndex], None]] = []
#: Called when the cache learns that memories were deleted from scopes it held (a reload after a removal, the
#: sweep): what was derived from their contents elsewhere in the process goes too (``category.forget``).
REMOVED: list[Callable[[], None]] = []

ROW_BYTES_MIN_SAMPLE = 1000  # cached memories from which the measured bytes per memory replace the estimate


def nearest(indexes: Sequence[ScopeIndex], query: np.ndarray, criteria: Criteria, limit: int,
            model: str | None = None, among: Sequence[np.ndarray] | None = None
            ) -> list[tuple[ScopeIndex, uuid.UUID, float, int]]:
    """The best ``limit`` over the scopes; ``among``: each index's slots to consider (``ScopeIndex.judged``)."""
    found = []
    for i, index in enumerate(indexes):
        with index.lock:
            mask = among[i] if among is not None else None
            if mask is not None and len(mask) != len(index):  # the index grew meanwhile: new slots are the primary's
                mask = np.concatenate([mask, np.full(len(index) - len(mask), model is None)])
            found += [(index, pk, sim, slot) for pk, sim, slot in index.nearest(query, criteria, limit, model, mask)]
    if len(indexes) > 1:  # one scope's list is in this order already
        found.sort(key=lambda f: (-f[2], f[1].int))  # ties by id (``int`` orders as its hex does)
    return found[:limit]


def bm25(indexes: Sequence[ScopeIndex], words: Sequence[str], criteria: Criteria,
         limit: int) -> list[tuple[ScopeIndex, uuid.UUID, float, int]]:
    """BM25 over the scopes together: document frequencies, count and average length of all of them
    (every status: the statistics of the collection, not of one query's filter)::

        idf(w)      = ln(1 + (N − df(w) + 0.5) / (df(w) + 0.5))
        score(m)    = Σ_w∈query∩m  idf(w) · (tf(w,m) · (k1 + 1) / (tf(w,m) + k1 · (1 − b + b · |m| / avg|m|)) + δ)

    (BM25+, Lv & Zhai 2011: δ keeps a long memory's match above a non-match; b and δ from settings.)
    """
    documents = length = 0
    frequency: Counter[str] = Counter()
    for index in indexes:
        with index.lock:
            documents += len(index)
            length += index.total_length
            for word in words:
                frequency[word] += index.document_frequency(word)
    if not documents:
        return []
    idf = {w: math.log(1.0 + (documents - df + 0.5) / (df + 0.5)) for w, df in frequency.items() if df}
    found = []
    for index in indexes:
        with index.lock:
            found += [(index, pk, score, slot)
                      for pk, score, slot in index.bm25(idf, length / documents, criteria, limit)]
    if len(indexes) > 1:  # one scope's list is in this order already (``ScopeIndex.bm25``)
        found.sort(key=lambda f: (-f[2], f[1].int))
    return found[:limit]


def expand(indexes: Sequence[ScopeIndex], prefix: str) -> list[str]:
    words: dict[str, None] = {}
    for index in indexes:
        with index.lock:
            words.update(dict.fromkeys(index.expand(prefix)))
    return list(words)


# --------------------------------------------------------------------------- loading (SQL)

def _fetch(scope_id: uuid.UUID, since: int | None) -> tuple[Version | None, list[tuple[Any, ...]]]:
    """One statement, one snapshot: the scope's version and its rows (all, or those stamped after
    ``since``). The version is None when the scope is gone, or belongs to another tenant than the
    active one (raw SQL: the tenant condition is explicit, and fails closed without an active tenant)."""
    models = [e.name for e in embedders()]
    result = sql.index_rows(scope_id, since, models[0], models[1:])
    if not result:
        return None, []
    version = Version(int(result[0][0]), int(result[0][1]))
    rows = [(r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], bytes(r[10]) if r[10] is not None else None,
             r[11], {name: (coverage, bytes(vector)) for name, coverage, vector in zip(r[12] or (), r[13] or (),
                                                                                         r[14] or (), strict=True)},
             r[15], r[16], r[17], r[18], _mentions(r[19], r[20]), r[21])
            for r in result if r[2] is not None]
    return version, rows


def _mentions(names: Sequence[str] | None, content: str | None) -> tuple[tuple[str, bool], ...]:
    """A memory's mentions as the index keeps them: (case-folded name, whether the memory only speaks to the
    person: ``addressed_only``). The content is read here and not kept."""
    return tuple((name, addressed_only(content or "", name)) for name in names or ())


def load(scope_id: uuid.UUID, *, shared: bool = False) -> ScopeIndex | None:
    """A scope's index from its rows. ``shared`` (the process's cache, never a transaction's private index): a scope
    large enough for a graph restores the graphs a process saved (``persist.py``) instead of building them."""
    version, rows = _fetch(scope_id, None)
    if version is None:
        return None
    index = ScopeIndex(scope_id, version, EMBEDDING_DIMENSIONS)
    index.tenant_id = get_active_tenant().pk
    large = shared and len(rows) >= settings.SEARCH_INDEX_ANN_MIN_ROWS
    saved = persist.read_all(index.tenant_id, scope_id) if large else []
    index.apply(persist.ordered(rows, saved))
    if saved:
        persist.restore(index, saved, lambda since: [row[0] for row in _fetch(scope_id, since)[1]])
    return index


# --------------------------------------------------------------------------- the process-wide cache

class IndexCache:
    """Scope indexes of this process, least recently used first, at most SEARCH_INDEX_MAX_MB megabytes
    (``ScopeIndex.nbytes``) and SEARCH_INDEX_MAX_ROWS memories: whole scopes are evicted, least recently
    searched first, until both hold (the scope just loaded stays, alone if need be).

    A deletion elsewhere (an erasure, a purge) makes the next search of the scope reload it; ``sweep``,
    a chore of the process's threads (``memories/recall/upkeep.py``), also drops such scopes every
    SEARCH_INDEX_SWEEP_SECONDS, so erased memories do not stay in the memory of a process that does not
    search that scope again."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._indexes: OrderedDict[uuid.UUID, ScopeIndex] = OrderedDict()

    def sweep(self) -> int:
        """Drop the cached scopes that lost memories since they were loaded. Returns how many."""
        with self._lock:
            cached = {pk: index.version.removed for pk, index in self._indexes.items()}
        if not cached:
            return 0
        stale = [pk for pk, removed in sql.removals(list(cached)) if removed != cached[pk]]
        with self._lock:
            for pk in stale:
                index = self._indexes.get(pk)
                if index is not None and index.version.removed == cached[pk]:
                    del self._indexes[pk]
        if stale:
            self._evict()
            _removed()
            release()
        return len(stale)


    def clear(self) -> None:
        with self._lock:
            self._indexes.clear()
        _report(0, 0, 0)

    def cached(self, scope_id: uuid.UUID) -> ScopeIndex | None:
        with self._lock:
            return self._indexes.get(scope_id)

    def rows(self) -> int:
        with self._lock:
            return sum(len(index) for index in self._indexes.values())

    def nbytes(self) -> int:
        with self._lock:
            return sum(index.nbytes for index in self._indexes.values())

    def scopes(self) -> int:
        with self._lock:
            return len(self._indexes)

    def row_bytes(self) -> int:
        """Bytes per cached memory: measured over the cached scopes, estimated while there are none."""
        with self._lock:
            rows = sum(len(index) for index in self._indexes.values())
            held = sum(index.nbytes for index in self._indexes.values())
        return int(held / rows) if rows >= ROW_BYTES_MIN_SAMPLE else row_bytes_estimate()

    def row_cap(self) -> int:
        """The most memories a search's scopes may hold together to be served from the indexes: the row cap,
        and as many as the byte budget holds at the current bytes per memory."""
        budget = int(settings.SEARCH_INDEX_MAX_MB * 2**20)
        SEARCH_INDEX_BUDGET_BYTES.set(budget)  # reported even by a process whose searches never use the index
        return min(settings.SEARCH_INDEX_MAX_ROWS, budget // max(self.row_bytes(), 1))

    def indexes(self, states: Sequence[ScopeState]) -> list[ScopeIndex]:
        """A fresh index for each scope (see the module docstring for what fresh means)."""
        private = connection.in_atomic_block
        found = []
        for state in states:
            index = self._fresh(state, private)
            if index is not None:
                found.append(index)
        return found

    def _fresh(self, state: ScopeState, private: bool) -> ScopeIndex | None:
        index = self.cached(state.scope_id)
        if index is not None and index.tenant_id != get_active_tenant().pk:  # never another tenant's
            index = None
        if index is not None and index.version == state.version:
            self._touch(index)
            return index
        if private:  # this transaction may see uncommitted rows: nothing it loads is shared
            return load(state.scope_id)
        if index is not None and index.version.removed == state.version.removed:
            if index.version.seq >= state.version.seq:  # another search refreshed it meanwhile: newer is fine
                self._touch(index)
                return index
            grown = False
            with index.lock:
                if index.version.seq < state.version.seq:
                    version, rows = _fetch(state.scope_id, index.version.seq)
                    # A removal meanwhile (or the scope gone): keep the old version, load it again below.
                    if version is not None and version.removed == index.version.removed:
                        index.apply(rows)
                        index.version = version
                        grown = True
                fresh = index.version.seq >= state.version.seq
            if grown:
                self._evict()
            if fresh:
                self._touch(index)
                return index
        index = load(state.scope_id, shared=True)
        if index is not None:
            self._keep(index)
        return index

    def _touch(self, index: ScopeIndex) -> None:
        with self._lock:
            if index.scope_id in self._indexes:
                self._indexes.move_to_end(index.scope_id)

    def _keep(self, index: ScopeIndex) -> None:
        """A scope just loaded: kept, others evicted for it, and the pages of its load's rows (fetched at once,
        gone now) given back, with those of the evicted indexes (``mnemara/kernel/resident.py``)."""
        with self._lock:
            before = self._indexes.get(index.scope_id)
            self._indexes[index.scope_id] = index
            self._indexes.move_to_end(index.scope_id)
        if before is not None and before.version.removed != index.version.removed:
            _removed()
        self._evict()
        release()
        for hook in LOADED:
            hook(index)

    def _evict(self) -> None:
        """Drop the least recently searched scopes until the cache holds its budget (bytes and rows)."""
        with self._lock:
            rows = sum(len(i) for i in self._indexes.values())
            held = sum(i.nbytes for i in self._indexes.values())
            budget = settings.SEARCH_INDEX_MAX_MB * 2**20
            while (rows > settings.SEARCH_INDEX_MAX_ROWS or held > budget) and len(self._indexes) > 1:
                _, evicted = self._indexes.popitem(last=False)
                rows -= len(evicted)
                held -= evicted.nbytes
            scopes = len(self._indexes)
        _report(held, rows, scopes)


def _removed() -> None:
    for hook in REMOVED:
        hook()


def _report(held: int, rows: int, scopes: int) -> None:
    SEARCH_INDEX_BYTES.set(held)
    SEARCH_INDEX_MEMORIES.set(rows)
    SEARCH_INDEX_SCOPES.set(scopes)
    SEARCH_INDEX_BUDGET_BYTES.set(settings.SEARCH_INDEX_MAX_MB * 2**20)


CACHE = IndexCache()


def _installed(index: ScopeIndex, model: str | None, graph: Graph) -> Callable[[], None] | None:
    """A graph just built (``ann.INSTALLED``): saved when its index is the cache's (never a private one's)."""
    SEARCH_INDEX_GRAPHS.labels("built").inc()
    return persist.saved(index, model, graph) if CACHE.cached(index.scope_id) is index else None


ann.INSTALLED.append(_installed)


def index_row_cap() -> int:
    return CACHE.row_cap()


def search_indexes(states: Iterable[ScopeState]) -> list[ScopeIndex]:
    return CACHE.indexes(list(states))
