"""What each new write relates to, found for a whole batch at once.

One query fetches, for every item of the batch, the up-to-20 best candidates in its scope: the same
content (the duplicate key, expired twins included), the same entity and type, or a near-duplicate
vector of the same type, best first. Ranking the final list happens in Python (``rank_related``),
together with the memories this batch has already created or changed, so item 7 sees what items 1-6
did.

The vector distance is computed exactly (``+ 0.0`` keeps the planner off the HNSW index: the
filtered-HNSW trap in STACK.md) and the query (``sql.RELATED_SQL``) names the tenant explicitly,
since raw SQL does not go through the tenant-scoped manager; the rows are then loaded through it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from memories.choices import LIVE_STATUSES
from memories.models import Memory, Scope
from memories.write import sql
from memories.write.policy import Related, word_overlap
from tenants.scoping import get_active_tenant

if TYPE_CHECKING:
    from memories.write.prepare import Prepared

CANDIDATES_PER_ITEM = 20



def related_prefetch(items: Sequence[tuple[Scope, Prepared]], near_duplicate: float,
                     now: datetime) -> list[list[Memory]]:
    """For each (scope, item): the stored memories it may relate to. Two queries for the batch.

    A memory that is a candidate of several items is ONE instance, so a change made while applying
    one item is seen by the next.
    """
    if not items:
        return []
    params: dict[str, Any] = {
        "idx": list(range(len(items))), "scope": [scope.pk for scope, _ in items],
        "hash": [p.content_hash for _, p in items], "entity": [p.entity for _, p in items],
        "type": [p.input.type for _, p in items],
        "emb": ["[" + ",".join(map(str, p.embedding or [])) + "]" for _, p in items],
        "tenant": get_active_tenant().pk, "live": list(LIVE_STATUSES), "now": now,
        "max_distance": 1.0 - near_duplicate, "limit": CANDIDATES_PER_ITEM,
    }
    pairs = sql.related_candidates(params)
    ids = {memory_id for _, memory_id in pairs}
    loaded = {m.pk: m for m in Memory.objects.select_related("scope", "subject").defer("search_vector")
              .filter(pk__in=ids)} if ids else {}
    found: list[list[Memory]] = [[] for _ in items]
    for idx, memory_id in pairs:
        if memory_id in loaded:
            found[idx].append(loaded[memory_id])
    return found


def _unit_vector(holder: Any, attribute: str, value: object) -> np.ndarray | None:
    """The vector as a float64 array, computed once per object (a batch compares each many times)."""
    cached = getattr(holder, attribute, None)
    if cached is None and value is not None:
        cached = np.asarray(value, dtype=np.float64)
        norm = float(np.linalg.norm(cached))
        cached = cached / norm if norm else cached
        setattr(holder, attribute, cached)
    return cached


def _cosine(m: Memory, p: Prepared) -> float:
    left = _unit_vector(m, "_unit_embedding", m.embedding)
    right = _unit_vector(p, "_unit_embedding", p.embedding)
    if left is None or right is None:
        return 0.0
    return float(left @ right)


def rank_related(p: Prepared, scope: Scope, candidates: Iterable[Memory], near_duplicate: float,
                 now: datetime) -> tuple[list[tuple[Memory, Related]], list[Memory]]:
    """The related memories, best first (exact duplicate, same entity, most similar, newest), and the
    expired live twins of the new content (invisible, so to be retired rather than answered)."""
    seen: set[uuid.UUID] = set()
    ranked: list[tuple[tuple[bool, bool, float, float], Memory, Related]] = []
    expired_twins: list[Memory] = []
    for m in candidates:
        if m.pk in seen or m.scope_id != scope.pk or m.status not in LIVE_STATUSES:
            continue
        seen.add(m.pk)
        same_content = m.content_hash == p.content_hash
        if m.expires_at is not None and m.expires_at <= now:
            if same_content:
                expired_twins.append(m)
            continue
        same_entity = bool(p.entity) and m.entity == p.entity
        same_type = m.type == p.input.type
        if not (same_content or same_type):
            continue
        similarity = _cosine(m, p)
        if not (same_content or same_entity or similarity >= near_duplicate):
            continue
        related = Related(type=m.type, confidence=m.confidence, provenance=m.provenance, status=m.status,
                          same_content=same_content, same_entity=same_entity, similarity=similarity,
                          word_overlap=word_overlap(m.search_text, p.search_text))
        key = (not same_content, not (same_entity and same_type), -similarity, -m.updated_at.timestamp())
        ranked.append((key, m, related))
    ranked.sort(key=lambda entry: entry[0])
    return [(m, r) for _, m, r in ranked[:CANDIDATES_PER_ITEM]], expired_twins
