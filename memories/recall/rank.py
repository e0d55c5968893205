"""Ranking as pure functions: reciprocal rank fusion, the confidence and recency weights, the
near-duplicate test. The formula they implement is in ``memories.recall.search``'s docstring."""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from memories.choices import MemoryType
from memories.models import Memory
from memories.recall.tokens import readable_fraction
from tenants.models import Tenant

RRF_K = 10
WEIGHTS: Mapping[str, float] = {"vector": 1.0, "lexical": 1.0}
MIN_VECTOR_SHARE = 0.1
CONFIDENCE_FLOOR = 0.8
RECENCY_FLOOR = 0.5
DEDUPE_COSINE = 0.97
DEDUPE_WORD_OVERLAP = 0.8
HALF_LIFE_SETTING = {MemoryType.TASK: "task_half_life_days", MemoryType.NOTE: "note_half_life_days"}


@dataclass
class Candidate:
    """One memory as the candidate queries see it: just what ranking needs."""

    id: uuid.UUID
    type: str
    confidence: float
    valid_from: datetime
    similarity: float = 0.0
    lexical: float = 0.0
    vector: np.ndarray | None = None  # from an in-process index, for the dedupe of results


@dataclass
class Scored:
    candidate: Candidate
    score: float
    fusion: float
    recency: float

    @property
    def scores(self) -> dict[str, float]:
        """The breakdown a hit carries (built only for the hits returned)."""
        c = self.candidate
        return {"vector": round(c.similarity, 4), "lexical": round(c.lexical, 4), "recency": round(self.recency, 4),
                "confidence": round(c.confidence, 4), "fusion": round(self.fusion, 4), "score": round(self.score, 4)}


def fuse(ranked: Mapping[str, Sequence[uuid.UUID]], weights: Mapping[str, float] = WEIGHTS,
         rrf_k: int = RRF_K) -> dict[uuid.UUID, float]:
    """Reciprocal rank fusion, normalised so that first place in every given list scores 1.0."""
    used = {name: ids for name, ids in ranked.items() if weights.get(name, 0.0) > 0}
    best = sum(weights[name] / (rrf_k + 1) for name in used) or 1.0
    fused: dict[uuid.UUID, float] = {}
    for name, ids in used.items():
        for rank, pk in enumerate(ids, start=1):
            fused[pk] = fused.get(pk, 0.0) + weights[name] / (rrf_k + rank)
    return {pk: value / best for pk, value in fused.items()}


def fusion_weights(query: str) -> dict[str, float]:
    return {"vector": WEIGHTS["vector"] * max(MIN_VECTOR_SHARE, readable_fraction(query)),
            "lexical": WEIGHTS["lexical"]}


def confidence_weight(confidence: float) -> float:
    return CONFIDENCE_FLOOR + (1.0 - CONFIDENCE_FLOOR) * min(1.0, max(0.0, confidence))


def recency(memory_type: str, age_days: float, half_lives: Mapping[str, float]) -> float:
    """1.0 for types that do not decay; otherwise halves every half-life (future dates count as new)."""
    half_life = half_lives.get(memory_type)
    if not half_life or half_life <= 0:
        return 1.0
    return math.pow(0.5, max(0.0, age_days) / half_life)


def half_lives(tenant: Tenant) -> dict[str, float]:
    return {str(t): float(getattr(tenant, name)) for t, name in HALF_LIFE_SETTING.items()}


def score_candidates(candidates: Mapping[uuid.UUID, Candidate], fused: Mapping[uuid.UUID, float], *,
                     reference: datetime, lives: Mapping[str, float]) -> list[Scored]:
    scored = []
    for pk, fusion in fused.items():
        c = candidates[pk]
        age_days = (reference - c.valid_from).total_seconds() / 86400.0
        fresh = recency(c.type, age_days, lives)
        score = fusion * confidence_weight(c.confidence) * (RECENCY_FLOOR + (1.0 - RECENCY_FLOOR) * fresh)
        scored.append(Scored(c, score, fusion, fresh))
    scored.sort(key=lambda s: (-s.score, -s.candidate.similarity, str(s.candidate.id)))
    return scored


def merge_candidates(lists: Mapping[str, Sequence[Candidate]]) -> dict[uuid.UUID, Candidate]:
    merged: dict[uuid.UUID, Candidate] = {}
    for candidates in lists.values():
        for c in candidates:
            seen = merged.setdefault(c.id, c)
            seen.lexical = max(seen.lexical, c.lexical)
            if seen.vector is None:
                seen.vector = c.vector
    return merged


def _words(memory: Memory) -> set[str]:
    return set(memory.search_text.split())


def _embedding(memory: Memory) -> Any:
    return memory.embedding


def near_duplicate(a: Memory, b: Memory, vector_of: Callable[[Memory], Any] = _embedding) -> bool:
    """Same content_hash, or word overlap and cosine both high. Words are checked first: they are at
    hand, while vectors may need a query and are looked at only for the rare pair that gets this far."""
    if a.content_hash == b.content_hash:
        return True
    wa, wb = _words(a), _words(b)
    if not (wa or wb) or len(wa & wb) / len(wa | wb) < DEDUPE_WORD_OVERLAP:
        return False
    va, vb = vector_of(a), vector_of(b)
    if va is None or vb is None:
        return False
    cosine = float(np.dot(np.asarray(va, dtype=np.float32), np.asarray(vb, dtype=np.float32)))
    return cosine >= DEDUPE_COSINE
