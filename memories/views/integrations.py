"""Calls into the recall and compliance modules, which land separately: guarded, never a crash.

Until a module exists the dashboard shows a clear "not available yet" message instead of a 500.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memories.models import Memory, Status


class Unavailable(Exception):
    """The module behind this feature is not installed in this build yet."""


@dataclass
class Hit:
    memory: Memory
    score: float
    scores: dict[str, float]


@dataclass
class Block:
    block: str
    items: list[uuid.UUID]
    tokens: int


def search(*, query: str, scopes: Sequence[str], descendants: bool = True, types: Sequence[str] | None = None,
           k: int = 10, min_confidence: float = 0.0, include_statuses: Sequence[str] | None = None) -> list[Hit]:
    """The API's hybrid search (vector + lexical + recency), without counting dashboard reads as recalls."""
    try:
        from memories.search import memory_search
    except ImportError as exc:
        raise Unavailable("search") from exc
    hits = memory_search(query=query, scopes=list(scopes), descendants=descendants, types=list(types or []) or None,
                         k=k, min_confidence=min_confidence,
                         include_statuses=list(include_statuses) if include_statuses else None,
                         track_access=False)
    return [Hit(h.memory, float(h.score), {k: float(v) for k, v in dict(h.scores).items()}) for h in hits]


def context(*, query: str, scopes: Sequence[str], descendants: bool = True, types: Sequence[str] | None = None,
            token_budget: int | None = None) -> Block:
    """Exactly what POST /api/v1/context returns for these arguments."""
    try:
        from memories.context import context_build
    except ImportError as exc:
        raise Unavailable("context") from exc
    built = context_build(query=query, scopes=list(scopes), descendants=descendants,
                          types=list(types or []) or None, token_budget=token_budget)
    return Block(built.block, list(built.items), int(built.tokens))


def subject_export(external_id: str, actor: str) -> dict[str, Any]:
    try:
        from memories.services.subjects import subject_export as export
    except ImportError as exc:
        raise Unavailable("subjects") from exc
    result: dict[str, Any] = export(external_id=external_id, actor=actor)
    return result


def subject_erase(external_id: str, actor: str) -> dict[str, Any]:
    try:
        from memories.services.subjects import subject_erase as erase
    except ImportError as exc:
        raise Unavailable("subjects") from exc
    receipt: dict[str, Any] = erase(external_id=external_id, actor=actor)
    return receipt


ALL_STATUSES = [s.value for s in Status]
