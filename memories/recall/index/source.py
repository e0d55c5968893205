"""``IndexSource``: search candidates from the in-process indexes of the scopes (``cache.py``): exact
cosine in numpy and BM25 over the same words as the GIN index, prefixes expanded to the scopes' words."""

from __future__ import annotations

import contextlib
import math
import uuid
from collections.abc import Iterator, Sequence

import numpy as np

from memories.recall.index import cache as scope_index
from memories.recall.index.cache import Criteria, ScopeIndex
from memories.recall.query import query_terms
from memories.recall.rank import Candidate
from memories.recall.sources import Lexical


class IndexSource:
    """Candidates from the in-process indexes of the scopes (cache.py): exact cosine in
    numpy and BM25 over the same words as the GIN index, prefixes expanded to the scopes' real words."""

    def __init__(self, indexes: Sequence[ScopeIndex], criteria: Criteria) -> None:
        self.indexes, self.criteria = indexes, criteria

    def _candidate(self, index: ScopeIndex, pk: uuid.UUID, slot: int, similarity: float,
                   lexical: float = 0.0) -> Candidate:
        type_, confidence, valid_from = index.ranking_fields(slot)
        vector = index.vectors[slot].copy() if index.has_vector[slot] else None
        return Candidate(pk, type_, confidence, valid_from, similarity=similarity if math.isfinite(similarity)
                         else 0.0, lexical=lexical, vector=vector)

    def vector_candidates(self, query_vector: Sequence[float], limit: int) -> list[Candidate]:
        found = scope_index.nearest(self.indexes, _unit(query_vector), self.criteria, limit)
        with _locked(self.indexes):
            return [self._candidate(index, pk, slot, sim) for index, pk, sim, slot in found]

    def lexical(self, query: str, limit: int, *, parallel: bool) -> Lexical | None:
        words: dict[str, None] = {}
        for word, prefix in query_terms(query):
            words.update(dict.fromkeys(scope_index.expand(self.indexes, word) if prefix else [word]))
        if not words:
            return None
        found = scope_index.bm25(self.indexes, list(words), self.criteria, limit)  # while the query embeds

        def finish(query_vector: Sequence[float] | None) -> list[Candidate]:
            unit = _unit(query_vector) if query_vector is not None else None
            with _locked(self.indexes):
                candidates = [self._candidate(index, pk, slot, 0.0, score) for index, pk, score, slot in found]
            for c in candidates:
                if unit is not None and c.vector is not None:
                    c.similarity = float(c.vector @ unit)
            return candidates

        return Lexical([pk for _, pk, _, _ in found], finish)


@contextlib.contextmanager
def _locked(indexes: Sequence[ScopeIndex]) -> Iterator[None]:
    """Hold the indexes' locks (in one order, so two searches never wait on each other crosswise)."""
    with contextlib.ExitStack() as stack:
        for index in sorted(indexes, key=lambda i: i.scope_id.hex):
            stack.enter_context(index.lock)
        yield


def _unit(vector: Sequence[float]) -> np.ndarray:
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v
