"""BM25 over a large scope without scoring every match: a word held by more than
``SEARCH_INDEX_POSTINGS_TOP`` memories is read only in its best-scoring entries (its posting's top by the
BM25 term score, kept per word until the word's posting changes or the scope's average length drifts).

Exact or nothing: every memory found in some list is then scored in full (its entries in the words' other
postings looked up), and a memory found in none scores at most ``bound`` — the sum, over the cut words, of the
score of the last entry kept. ``ScopeIndex.bm25`` keeps the answer only when its ``limit``-th best score is
above that bound (no memory left out can reach the top), and scores every entry otherwise. So the answer
is the exact top, and the cost follows the query's words' bounded lists, not the scope.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from django.conf import settings

BM25_K1 = 1.2  # as scope.BM25_K1 (Lucene's default)
DRIFT = 0.01  # a cached top list is chosen again once the scope's average length moved by more than this share


def term_scores(index: Any, slots: np.ndarray, counts: np.ndarray, weight: float, average: float) -> np.ndarray:
    """A word's BM25+ contribution to these slots (``ScopeIndex.bm25``'s formula)."""
    b, delta = settings.RECALL_BM25_B, settings.RECALL_BM25_DELTA
    norm = BM25_K1 * (1.0 - b + b * index.lengths[slots] / average)
    return weight * (counts * (BM25_K1 + 1.0) / (counts + norm) + delta)


def top_posting(index: Any, word: str, average: float) -> tuple[np.ndarray, np.ndarray, float]:
    """(slots, counts) of the word's ``SEARCH_INDEX_POSTINGS_TOP`` best entries by term score, and the lowest
    such score's saturation ``tf / (tf + norm)`` (no entry left out has a higher one)."""
    cached = index._top_postings.get(word)
    if cached is not None and abs(cached[3] - average) <= DRIFT * average:
        return cached[0], cached[1], cached[2]
    slots, counts = index.posting(word)
    b, top = settings.RECALL_BM25_B, settings.SEARCH_INDEX_POSTINGS_TOP
    saturation = counts / (counts + BM25_K1 * (1.0 - b + b * index.lengths[slots] / average))
    best = np.argpartition(-saturation, top - 1)[:top]
    floor = float(saturation[best].min())
    index._top_postings[word] = (slots[best], counts[best], floor, average)
    return slots[best], counts[best], floor


def bounded_scores(index: Any, idf: dict[str, float], average: float) -> tuple[np.ndarray, float]:
    """BM25 scores of every memory in some word's (bounded) list, exact, and the bound of every other."""
    scores = np.zeros(index.size, dtype=np.float32)
    delta, bound = settings.RECALL_BM25_DELTA, 0.0
    cut: list[tuple[str, float, np.ndarray]] = []
    for word, weight in idf.items():
        posting = index.posting(word)
        if posting is None:
            continue
        slots, counts = posting
        if len(slots) > settings.SEARCH_INDEX_POSTINGS_TOP:
            slots, counts, floor = top_posting(index, word, average)
            bound += weight * ((BM25_K1 + 1.0) * floor + delta)
            cut.append((word, weight, slots))
        scores[slots] += term_scores(index, slots, counts, weight, average)
    if cut:
        found = np.flatnonzero(scores > 0)
        for word, weight, kept in cut:  # the found memories' entries that the cut left out
            inside = np.zeros(index.size, dtype=bool)
            inside[kept] = True
            missing = found[~inside[found]]
            entries = index.postings[word]
            counts = np.fromiter((entries.get(slot, 0) for slot in missing.tolist()), dtype=np.float32,
                                 count=len(missing))
            held = counts > 0
            scores[missing[held]] += term_scores(index, missing[held], counts[held], weight, average)
    return scores, bound
