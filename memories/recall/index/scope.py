"""One scope's in-process search index (``ScopeIndex``): its memories' ids, statuses, types, times, words
and vectors as numpy arrays, and what ranking asks of them (masks, nearest vectors, BM25, neighbours in a
session). How indexes are kept fresh and cached: ``cache.py``."""

from __future__ import annotations

import bisect
import re
import sys
import threading
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import numkong
import numpy as np
from django.conf import settings

from memories.choices import MemoryType, Status
from memories.embeddings import READS_MIN, embedders
from memories.models import EMBEDDING_DIMENSIONS
from memories.recall.index.ann import Build, Graph, start_build
from memories.recall.index.lexical import bounded_scores
from memories.recall.index.mentions import Mentions
from memories.recall.index.order import best_first, one_of
from memories.write.vectors import unit_vectors_from_binary
from mnemara.kernel.threads import THREADS

NEVER = int(np.iinfo(np.int64).max)  # a NULL valid_to / expires_at: no end
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)
STATUS_CODES = {value: code for code, value in enumerate(Status.values)}
TYPE_CODES = {value: code for code, value in enumerate(MemoryType.values)}
TYPE_NAMES = {code: value for value, code in TYPE_CODES.items()}
NEIGHBOUR_STEPS = 4  # ScopeIndex.neighbours_of: steps taken for all slots at once before walking one by one
MAX_EXPANSIONS = 256  # a prefix matching more words than this keeps its shortest (SQL's ':*' keeps all)
# BM25 (Robertson/Spärck Jones): term-frequency saturation (Lucene's default); the length normalisation b and
# BM25+'s lower bound δ per matched term are settings (RECALL_BM25_B, RECALL_BM25_DELTA: docs/recall.md).
BM25_K1 = 1.2
INT_BYTES = 36  # a Python int of a uuid's 128 bits (ids, slots' keys); slot numbers are counted with it
ROW_ARRAY_BYTES = 59  # per memory, the fixed arrays: status, type, confidence, times, length, session, subject
POSTING_BYTES = 100  # one {slot: count} entry of a word's posting dict: key, value and the table's share
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Version:
    """A scope's searchable state: its latest change stamp and its latest removal stamp."""

    seq: int
    removed: int


@dataclass(frozen=True)
class ScopeState:
    scope_id: uuid.UUID
    version: Version


@dataclass(frozen=True)
class Criteria:
    """The filters of a search that an index can apply itself (everything but metadata)."""

    statuses: Sequence[str]
    types: Sequence[str] | None
    min_confidence: float
    now: datetime
    as_of: datetime | None
    only: frozenset[int] | None = None  # the ids (their ints) a metadata filter let through (SQL), if any
    # Pending memories written after this are kept out (still in their review window: query.searched_statuses).
    review_since: datetime | None = None


def vector_dtype() -> Any:
    """The vectors' type in the indexes: float16 by default (half the memory; the ranking on the evaluation
    set is the same as float32's, tests/recall/test_index_budget.py), float32 by setting."""
    return np.float32 if settings.SEARCH_INDEX_VECTORS == "float32" else np.float16


def row_bytes_estimate() -> int:
    """Bytes one cached memory takes before any index was measured: a vector per configured model in the
    configured type, its coverage, the per-row arrays, and ~1 KB of Python objects (its id, words, postings)."""
    width = np.dtype(vector_dtype()).itemsize
    vectors = sum(getattr(e, "dimensions", EMBEDDING_DIMENSIONS) * width + 5 for e in embedders())
    return vectors + ROW_ARRAY_BYTES + 1024


def micros(value: datetime | None, default: int = NEVER) -> int:
    """Microseconds since the epoch, exactly (as ``extract(epoch …) * 1e6`` gives them in SQL)."""
    if value is None:
        return default
    return (value - EPOCH) // MICROSECOND


class ModelVectors:
    """A secondary model's vectors of a scope's memories, by slot, with the share of each text it reads."""

    def __init__(self, capacity: int, dimensions: int, dtype: Any = np.float32) -> None:
        self.vectors = np.zeros((capacity, dimensions), dtype=dtype)
        self.has_vector = np.zeros(capacity, dtype=bool)
        self.coverage = np.zeros(capacity, dtype=np.float32)

    def grow(self, capacity: int, size: int) -> None:
        bigger = ModelVectors(capacity, self.vectors.shape[1], self.vectors.dtype)
        bigger.vectors[:size] = self.vectors[:size]
        bigger.has_vector[:size] = self.has_vector[:size]
        bigger.coverage[:size] = self.coverage[:size]
        self.vectors, self.has_vector, self.coverage = bigger.vectors, bigger.has_vector, bigger.coverage


class ScopeIndex:
    """One scope's memories as arrays. Slots only grow: an updated memory is rewritten in place, and a
    memory that left the scope makes the whole index reload (see the module docstring)."""

    def __init__(self, scope_id: uuid.UUID, version: Version, dimensions: int) -> None:
        self.scope_id = scope_id
        self.tenant_id: uuid.UUID | None = None  # set by load(): the tenant whose search loaded it
        self.dtype = vector_dtype()  # float16 (the default) or float32: settings.SEARCH_INDEX_VECTORS
        self.nbytes = 0  # what the index holds, estimated after each apply (``measure``)
        self.version = version
        self.lock = threading.Lock()
        self.size = 0
        # Ids as ints: a dict of ints is invisible to the garbage collector, a dict of UUIDs is not.
        self.ids: list[int] = []
        self.slots: dict[int, int] = {}
        self.texts: list[str] = []  # per slot: its search_text (its words are read again only on a change)
        self.postings: dict[str, dict[int, int]] = {}  # word → {slot: count}
        self.total_length = 0
        self._posting_arrays: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._top_postings: dict[str, tuple[np.ndarray, np.ndarray, float, float]] = {}  # lexical.top_posting
        self.graphs: dict[str | None, Graph] = {}  # per model (None: the primary), for a large scope's searches
        self.builds: dict[str | None, Build] = {}  # the graphs on their way (ann.start_build)
        self._sorted_words: list[str] | None = None
        # The conversation's shape: per slot a session code (-1: none) and a subject code (-1: none), the
        # names behind the codes, and (built when first asked after a change) the slots in session order.
        self.session_codes: dict[str, int] = {}
        self.subject_codes: dict[int, int] = {}
        self.subject_names: list[str] = []
        self._order: np.ndarray | None = None
        self._position: np.ndarray | None = None
        self.mentions = Mentions()  # the people the memories mention (mentions.py)
        self._objects_per_row = 0.0
        self._allocate(0, dimensions)

    def _allocate(self, capacity: int, dimensions: int) -> None:
        self.vectors = np.zeros((capacity, dimensions), dtype=self.dtype)  # the primary model's
        self.has_vector = np.zeros(capacity, dtype=bool)
        self.coverage = np.ones(capacity, dtype=np.float32)  # of the primary model (unknown: read as 1.0)
        self.others: dict[str, ModelVectors] = {}  # the secondary models' vectors
        self.status = np.full(capacity, -1, dtype=np.int8)
        self.replaced = np.zeros(capacity, dtype=bool)  # superseded_by set (``recall.successors``)
        self.type = np.full(capacity, -1, dtype=np.int8)
        self.confidence = np.zeros(capacity, dtype=np.float64)
        self.valid_from = np.zeros(capacity, dtype=np.int64)
        self.valid_to = np.full(capacity, NEVER, dtype=np.int64)
        self.expires = np.full(capacity, NEVER, dtype=np.int64)
        self.lengths = np.zeros(capacity, dtype=np.float32)
        self.session = np.full(capacity, -1, dtype=np.int32)
        self.subject = np.full(capacity, -1, dtype=np.int32)
        self.created = np.zeros(capacity, dtype=np.int64)

    def _arrays(self) -> list[np.ndarray]:
        return [self.vectors, self.has_vector, self.coverage, self.status, self.type, self.confidence,
                self.valid_from, self.valid_to, self.expires, self.lengths, self.session, self.subject, self.created,
                self.replaced]

    def _grow(self, needed: int) -> None:
        capacity = len(self.status)
        if needed <= capacity:
            return
        old, others = self._arrays(), self.others
        self._allocate(max(needed, 2 * capacity, 64), self.vectors.shape[1])
        for new, previous in zip(self._arrays(), old, strict=True):
            new[: self.size] = previous[: self.size]
        for model in others.values():
            model.grow(len(self.status), self.size)
        self.others = others

    # ------------------------------------------------------------------ writes (under self.lock)

    def apply(self, rows: Sequence[Sequence[Any]]) -> None:
        """Insert or overwrite memories. A row is ``(id, status, type, confidence, valid_from_us,
        valid_to_us | None, expires_us | None, search_text, embedding bytes | None)``, optionally followed
        by ``(coverage | None, {secondary model: (coverage, vector bytes)})`` and by ``(source_session,
        subject id | None, subject external id | None, created_us)``, its mentions and whether a newer memory
        replaced it. Column by column: a 10,000-row scope loads in a fraction of the time a per-row loop took."""
        if not rows:
            return
        at = self._slots_of(rows)
        self._set_fields(at, rows)
        self._set_vectors(at, [row[8] for row in rows])
        self.coverage[at] = [1.0 if len(row) < 10 or row[9] is None else row[9] for row in rows]
        self._set_others(at, [row[10] if len(row) > 10 else {} for row in rows])
        for i, row in zip(at.tolist(), rows, strict=True):
            self._set_words(i, row[7] or "")
        if len(rows[0]) > 11:
            self._set_conversation(at, rows)
        if len(rows[0]) > 15:
            self.mentions.set(at, [row[15] for row in rows])
        self.replaced[at] = [len(row) > 16 and bool(row[16]) for row in rows]
        self._order = self._position = None
        self._update_graphs(at)
        self.measure(exact=len(rows) == self.size)

    def _slots_of(self, rows: Sequence[Sequence[Any]]) -> np.ndarray:
        """Each row's slot: its memory's, or a new one at the end for a memory the index does not hold yet."""
        fresh = [row[0].int for row in rows if row[0].int not in self.slots]
        self._grow(self.size + len(fresh))
        for pk in fresh:
            self.slots[pk] = self.size
            self.ids.append(pk)
            self.texts.append("")
            self.size += 1
        return np.fromiter((self.slots[row[0].int] for row in rows), dtype=np.int64, count=len(rows))

    def _set_fields(self, at: np.ndarray, rows: Sequence[Sequence[Any]]) -> None:
        """Status, type, confidence and times (an open end: ``NEVER``)."""
        self.status[at] = [STATUS_CODES.get(row[1], -1) for row in rows]
        self.type[at] = [TYPE_CODES.get(row[2], -1) for row in rows]
        self.confidence[at] = [row[3] for row in rows]
        self.valid_from[at] = [row[4] for row in rows]
        self.valid_to[at] = [NEVER if row[5] is None else row[5] for row in rows]
        self.expires[at] = [NEVER if row[6] is None else row[6] for row in rows]

    def _set_conversation(self, at: np.ndarray, rows: Sequence[Sequence[Any]]) -> None:
        """Session, subject and creation time, when the rows carry them."""
        self.session[at] = [self._code(self.session_codes, row[11]) if row[11] else -1 for row in rows]
        self.subject[at] = [self._subject_code(row[12], row[13]) for row in rows]
        self.created[at] = [row[14] or 0 for row in rows]

    def measure(self, *, exact: bool) -> int:
        """``nbytes``: the arrays exactly, the Python objects (ids, words, postings) estimated from their sizes.
        ``exact`` (a full load): every object is counted; otherwise (a few rows applied) the per-memory
        estimate of the last count is scaled to the new size."""
        arrays = sum(a.nbytes for a in self._arrays())
        arrays += sum(m.vectors.nbytes + m.has_vector.nbytes + m.coverage.nbytes for m in self.others.values())
        arrays += sum(graph.nbytes for graph in self.graphs.values())
        if exact or not self._objects_per_row:
            objects = (sys.getsizeof(self.ids) + sys.getsizeof(self.slots) + sys.getsizeof(self.texts)
                       + self.size * 2 * INT_BYTES + sum(sys.getsizeof(t) for t in self.texts)
                       + sys.getsizeof(self.postings)
                       + sum(sys.getsizeof(w) + sys.getsizeof(p) for w, p in self.postings.items())
                       + sum(len(p) for p in self.postings.values()) * POSTING_BYTES
                       + len(self.mentions) * 2 * POSTING_BYTES)
            self._objects_per_row = objects / max(self.size, 1)
        self.nbytes = int(arrays + self._objects_per_row * self.size)
        return self.nbytes

    @staticmethod
    def _code(codes: dict[str, int], value: str) -> int:
        return codes.setdefault(value, len(codes))

    def _subject_code(self, pk: uuid.UUID | None, name: str | None) -> int:
        if pk is None:
            return -1
        code = self.subject_codes.get(pk.int)
        if code is None:
            code = self.subject_codes[pk.int] = len(self.subject_names)
            self.subject_names.append(name or "")
        return code

    def _set_vectors(self, at: np.ndarray, embeddings: list[bytes | None]) -> None:
        dims = self.vectors.shape[1]
        width = 4 + 4 * dims
        present = np.array([e is not None and len(e) == width for e in embeddings], dtype=bool)
        self.vectors[at] = 0.0
        self.has_vector[at] = False
        if not present.any():
            return
        vectors = unit_vectors_from_binary([e for e, ok in zip(embeddings, present, strict=True) if ok])  # type: ignore[misc]
        target = at[present]
        self.vectors[target] = vectors
        self.has_vector[target] = np.linalg.norm(vectors, axis=1) > 0

    def _set_others(self, at: np.ndarray, found: list[dict[str, tuple[float, bytes]]]) -> None:
        """The secondary models' vectors of these slots: a slot without one of them loses its old one."""
        for held in self.others.values():
            held.has_vector[at] = False
        names = {name for vectors in found for name in vectors}
        for name in names:
            present = [(slot, vectors[name]) for slot, vectors in zip(at.tolist(), found, strict=True)
                       if name in vectors]
            raw = [vector for _, (_, vector) in present]
            model = self.others.get(name) or self.others.setdefault(
                name, ModelVectors(len(self.status), (len(raw[0]) - 4) // 4, self.dtype))
            width = 4 + 4 * model.vectors.shape[1]
            present = [entry for entry, vector in zip(present, raw, strict=True) if len(vector) == width]
            if not present:
                continue
            target = np.array([slot for slot, _ in present], dtype=np.int64)
            vectors = unit_vectors_from_binary([vector for _, (_, vector) in present])
            model.vectors[target] = vectors
            model.has_vector[target] = np.linalg.norm(vectors, axis=1) > 0
            model.coverage[target] = [coverage for _, (coverage, _) in present]

    def _set_words(self, i: int, text: str) -> None:
        """The slot's words as PostgreSQL's 'simple' parser sees search_text (letters and digits)."""
        old_text = self.texts[i]
        if old_text == text and old_text:
            return
        old = Counter(_WORD.findall(old_text)) if old_text else {}
        words = _WORD.findall(text)
        new = Counter(words)
        for word, count in old.items():
            if new.get(word) != count:
                posting = self.postings[word]
                del posting[i]
                self._forget(word)
                if not posting:
                    del self.postings[word]
                    self._sorted_words = None
        for word, count in new.items():
            if old.get(word) != count:
                if word not in self.postings:
                    self.postings[word] = {}
                    self._sorted_words = None
                self.postings[word][i] = count
                self._forget(word)
        self.total_length += len(words) - int(self.lengths[i])
        self.lengths[i] = len(words)
        self.texts[i] = text

    def _forget(self, word: str) -> None:
        self._posting_arrays.pop(word, None)
        self._top_postings.pop(word, None)

    def _update_graphs(self, at: np.ndarray) -> None:
        """Keep the built HNSW graphs in step with the matrices; one with too many removed entries is dropped
        (built again after the next search that needs it). Graphs on their way replay these slots."""
        for build in self.builds.values():
            build.changed.append(at)
        for model, graph in list(self.graphs.items()):
            found = self.matrix(model)
            if found is None or not graph.update(at, *found):
                del self.graphs[model]

    # ------------------------------------------------------------------ reads (under self.lock)

    def mask(self, criteria: Criteria) -> np.ndarray:
        n = self.size
        keep = one_of(self.status[:n], [STATUS_CODES[s] for s in criteria.statuses if s in STATUS_CODES])
        keep &= self.expires[:n] > micros(criteria.now)
        if criteria.types:
            keep &= one_of(self.type[:n], [TYPE_CODES[t] for t in criteria.types if t in TYPE_CODES])
        if criteria.min_confidence > 0:
            keep &= self.confidence[:n] >= criteria.min_confidence
        if criteria.as_of is not None:
            at = micros(criteria.as_of)
            keep &= (self.valid_from[:n] <= at) & (self.valid_to[:n] > at)
        if criteria.only is not None:
            allowed = np.zeros(n, dtype=bool)
            allowed[[self.slots[pk] for pk in criteria.only if pk in self.slots]] = True
            keep &= allowed
        if criteria.review_since is not None:
            waiting = self.created[:n] > micros(criteria.review_since)
            keep &= ~((self.status[:n] == STATUS_CODES[Status.PENDING]) & waiting)
        return keep

    def judged(self, reads: Sequence[bool]) -> np.ndarray:
        """Which model compares each memory with the query (an index into ``embedders()``, the primary 0):
        the first that reads the query (``reads``, per model) and the memory and holds its vector
        (``memories.embeddings.judge``); -1 for memories no model reads, which the primary model ranks
        (its ranking of them is noise: it only fills up the list, see rank.fusion_weights)."""
        n = self.size
        assigned = np.full(n, -1, dtype=np.int8)
        for k, embedder in enumerate(embedders()):
            if not reads[k]:
                continue
            if k == 0:
                ok = self.has_vector[:n] & (self.coverage[:n] >= READS_MIN)
            else:
                model = self.others.get(embedder.name)
                if model is None:
                    continue
                ok = model.has_vector[:n] & (model.coverage[:n] >= READS_MIN)
            assigned[ok & (assigned < 0)] = k
        return assigned

    def matrix(self, model: str | None) -> tuple[np.ndarray, np.ndarray] | None:
        """(vectors, has_vector) of a model: the primary's when None; None when no memory has one."""
        if model is None:
            return self.vectors, self.has_vector
        found = self.others.get(model)
        return (found.vectors, found.has_vector) if found is not None else None

    def nearest(self, query: np.ndarray, criteria: Criteria, limit: int, model: str | None = None,
                among: np.ndarray | None = None) -> list[tuple[uuid.UUID, float, int]]:
        """The ``limit`` most similar memories passing ``criteria`` by ``model``'s vectors (the primary's:
        None), only among the slots ``among`` marks: (id, cosine similarity, slot). Exact: every memory of
        the scope is compared. Memories without a vector come last (as NULL distances do in SQL)."""
        keep_mask = self.mask(criteria)
        if among is not None:
            keep_mask &= among
        keep = np.flatnonzero(keep_mask)
        found_matrix = self.matrix(model)
        if not len(keep) or found_matrix is None:
            return []
        vectors, has_vector = found_matrix
        if len(keep) >= settings.SEARCH_INDEX_ANN_MIN_ROWS:
            approximate = self._approximate(query, keep_mask, limit, model, found_matrix)
            if approximate is not None:
                keep, sims = approximate
                return self._ranked(keep, sims, limit)
        if self.size >= settings.SEARCH_INDEX_ANN_MIN_ROWS and len(keep) < self.size // 4:  # a few of many: those
            sims = _product(vectors[keep], query)
            sims[~has_vector[keep]] = -np.inf
            return self._ranked(keep, sims, limit)
        # One product over the whole matrix (no copy of the selected rows), then the filter.
        every = _similarities(vectors[: self.size], query)
        every[~has_vector[: self.size]] = -np.inf
        return self._ranked(keep, every[keep], limit)

    def _approximate(self, query: np.ndarray, keep: np.ndarray, limit: int, model: str | None,
                     matrix: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
        """The slots the model's HNSW graph proposes that ``keep`` lets through, scored exactly: at least
        ``limit`` of them, the search widened while the filter lets too few through. None (the caller's exact
        product) when even ``WIDEN_MAX`` × ``limit`` proposals are not enough, or while the graph is built
        (off this search: ``ann.start_build``)."""
        vectors, has_vector = matrix
        graph = self.graphs.get(model)
        if graph is None:
            start_build(self, model, vectors, has_vector)
            return None
        count = 2 * limit
        while count <= WIDEN_MAX * limit:
            slots = graph.search(query, count)
            slots = slots[(slots < self.size)]
            passed = slots[keep[slots] & has_vector[slots]]
            if len(passed) >= limit:
                return passed, _product(vectors[passed], query)
            if len(slots) < count:  # the graph holds no more
                return None
            count *= 4
        return None

    def _ranked(self, keep: np.ndarray, sims: np.ndarray, limit: int) -> list[tuple[uuid.UUID, float, int]]:
        if len(keep) > limit:
            best = np.argpartition(-sims, limit - 1)[:limit]
            keep, sims = keep[best], sims[best]
        return best_first(self.ids, keep, sims)

    def session_order(self) -> tuple[np.ndarray, np.ndarray]:
        """The slots with a session in conversation order — by session, then ``valid_from``, then when they
        were written, then id — and each slot's position in it (-1: no session)."""
        if self._order is None or self._position is None:
            n = self.size
            with_session = np.flatnonzero(self.session[:n] >= 0)
            ids = np.asarray([self.ids[i] >> 65 for i in with_session.tolist()], dtype=np.int64)  # uuid order, as SQL
            keys = (ids, self.created[with_session], self.valid_from[with_session], self.session[with_session])
            order = with_session[np.lexsort(keys)] if len(with_session) else with_session
            position = np.full(n, -1, dtype=np.int64)
            position[order] = np.arange(len(order))
            self._order, self._position = order, position
        return self._order, self._position

    def neighbours_of(self, slots: np.ndarray, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each of ``slots``: the nearest slot of its session with an earlier and one with a later
        ``valid_from`` among those ``keep`` marks (a deprecated or filtered-out turn is stepped over, as
        ``SqlSource.shape`` does); -1: none. Memories of one instant (facts saved in one batch) are no
        conversation: never neighbours. Vectorised step by step over the session order; the rare slot
        still unresolved after ``NEIGHBOUR_STEPS`` steps is walked to its session's end."""
        order, position = self.session_order()
        found = [np.full(len(slots), -1, dtype=np.int64), np.full(len(slots), -1, dtype=np.int64)]
        at = position[slots] if len(slots) else np.zeros(0, dtype=np.int64)
        has = at >= 0
        session, instant = self.session[slots], self.valid_from[slots]
        for side, step in ((0, -1), (1, 1)):
            open_ = has.copy()
            for distance in range(1, NEIGHBOUR_STEPS + 1):
                if not open_.any():
                    break
                q = at + step * distance
                inside = open_ & (q >= 0) & (q < len(order))
                other = np.where(inside, order[np.clip(q, 0, max(len(order) - 1, 0))], 0) if len(order) else q
                same = inside & (self.session[other] == session)
                hit = same & keep[other] & (self.valid_from[other] != instant)
                found[side][hit] = other[hit]
                open_ &= same & ~hit
            for i in np.flatnonzero(open_).tolist():  # still walking after NEIGHBOUR_STEPS: finish in Python
                q = int(at[i]) + step * (NEIGHBOUR_STEPS + 1)
                while 0 <= q < len(order) and self.session[order[q]] == session[i]:
                    if keep[order[q]] and self.valid_from[order[q]] != instant[i]:
                        found[side][i] = order[q]
                        break
                    q += step
        return found[0], found[1]

    def shape_fields(self, slot: int) -> tuple[str, str]:
        """(subject external id or "", search_text) of a slot."""
        code = int(self.subject[slot])
        return (self.subject_names[code] if code >= 0 else ""), self.texts[slot]

    def ranking_fields(self, slot: int) -> tuple[str, float, datetime]:
        """What scoring needs besides similarity: type, confidence, valid_from."""
        return (TYPE_NAMES.get(int(self.type[slot]), ""), float(self.confidence[slot]),
                EPOCH + int(self.valid_from[slot]) * MICROSECOND)

    def vector(self, pk: uuid.UUID, model: str | None = None) -> np.ndarray | None:
        i = self.slots.get(pk.int)
        return None if i is None else self.vector_at(i, model)

    def vector_at(self, slot: int, model: str | None = None) -> np.ndarray | None:
        """A slot's ``model`` vector (the primary's: None) in float32, a copy; None when it has none."""
        found = self.matrix(model)
        if found is None:
            return None
        vectors, has_vector = found
        return vectors[slot].astype(np.float32) if has_vector[slot] else None

    def expand(self, prefix: str) -> list[str]:
        """The scope's words that start with ``prefix``, shortest first: all of them, up to MAX_EXPANSIONS."""
        if self._sorted_words is None:
            self._sorted_words = sorted(self.postings)
        words = self._sorted_words
        found: list[str] = []
        for j in range(bisect.bisect_left(words, prefix), len(words)):
            if not words[j].startswith(prefix):
                break
            found.append(words[j])
        return sorted(found, key=lambda w: (len(w), w))[:MAX_EXPANSIONS]

    def document_frequency(self, word: str) -> int:
        return len(self.postings.get(word, ()))

    def posting(self, word: str) -> tuple[np.ndarray, np.ndarray] | None:
        arrays = self._posting_arrays.get(word)
        if arrays is None:
            posting = self.postings.get(word)
            if not posting:
                return None
            arrays = (np.fromiter(posting.keys(), dtype=np.int64, count=len(posting)),
                      np.fromiter(posting.values(), dtype=np.float32, count=len(posting)))
            self._posting_arrays[word] = arrays
        return arrays

    def bm25(self, idf: dict[str, float], average_length: float, criteria: Criteria,
             limit: int, *, exact: bool = False) -> list[tuple[uuid.UUID, float, int]]:
        """The ``limit`` best full-text matches passing ``criteria``: (id, BM25 score, slot).
        A memory matches when it holds at least one of the words (an OR query, as in SQL). When a word is held by
        more than ``SEARCH_INDEX_POSTINGS_TOP`` memories, only its best-scoring ones are read (``lexical.py``),
        and every entry only when that cannot prove the top (or ``exact``)."""
        top = settings.SEARCH_INDEX_POSTINGS_TOP
        if not exact and any(len(self.postings.get(word, ())) > top for word in idf):
            scores, bound = bounded_scores(self, idf, max(average_length, 1e-9))
            keep = np.flatnonzero((scores > 0) & self.mask(criteria))
            if len(keep) < limit or np.partition(scores[keep], len(keep) - limit)[len(keep) - limit] <= bound:
                return self.bm25(idf, average_length, criteria, limit, exact=True)  # a memory left out may rank
        else:
            scores = np.zeros(self.size, dtype=np.float32)
            b, delta = settings.RECALL_BM25_B, settings.RECALL_BM25_DELTA
            norm = BM25_K1 * (1.0 - b + b * self.lengths[: self.size] / max(average_length, 1e-9))
            for word, weight in idf.items():
                posting = self.posting(word)
                if posting is None:
                    continue
                slots, counts = posting
                scores[slots] += weight * (counts * (BM25_K1 + 1.0) / (counts + norm[slots]) + delta)
            keep = np.flatnonzero((scores > 0) & self.mask(criteria))
        if len(keep) > limit:
            keep = keep[np.argpartition(-scores[keep], limit - 1)[:limit]]
        return best_first(self.ids, keep, scores[keep])

    def __len__(self) -> int:
        return self.size


# --------------------------------------------------------------------------- ranking over several scopes

SPLIT_ROWS = 4096
WIDEN_MAX = 32  # ScopeIndex._approximate: the most proposals asked of a graph, in candidate lists


def _similarities(matrix: np.ndarray, query: np.ndarray) -> np.ndarray:
    # The matrix is read from memory, not cache (10,000 × 384 float32 = 15 MB): two cores read it about
    # twice as fast as one (docs/benchmarks.md), so a large product is split over the ``matvec`` thread
    # and the caller's (with no threads started, one product). A float16 matrix is half the bytes and its
    # kernel (numkong) takes ~0.7 ms for 10,000 rows: one product.
    if len(matrix) < SPLIT_ROWS or not THREADS.running or matrix.dtype != np.float32:
        return _product(matrix, query)
    half = len(matrix) // 2
    upper = THREADS.submit("matvec", _product, matrix[half:], query)  # numpy releases the GIL while it multiplies
    lower = _product(matrix[:half], query)
    return np.concatenate([lower, upper.result()])


def _product(matrix: np.ndarray, query: np.ndarray) -> np.ndarray:
    """``matrix @ query`` in float32. A float16 matrix (BLAS has no half-precision product) is multiplied by
    numkong's SIMD half-precision kernel with the query rounded to float16 (on unit vectors the products move by
    ~4e-5); widening the matrix to float32 first cost ~7 ms per 10,000 rows (docs/scaling.md)."""
    if matrix.dtype == np.float32:
        return matrix @ query
    if not len(matrix):
        return np.zeros(0, dtype=np.float32)
    return np.asarray(numkong.dot(np.ascontiguousarray(matrix), query.astype(np.float16)), dtype=np.float32)
