"""Similar memories: a memory page's near-duplicates and the merge suggestions, each pair compared by the
model that reads both texts."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Value
from pgvector.django import CosineDistance

from memories import sql
from memories.choices import LIVE_STATUSES
from memories.embeddings import READS_MIN, embedders, get_embedder, judge, profile, secondary_embedders
from memories.models import Memory, MemoryVector, Scope
from memories.recall.tokens import readable_fraction
from memories.write.policy import same_wording, word_overlap
from memories.write.truth import group_of
from memories.write.vectors import secondary_attach, vectors_of


def vectors_tell(a: Memory, b: Memory) -> bool:
    """Can the primary model's similarity alone call these two alike? Not when either text is mostly
    words it cannot read (Chinese: all-MiniLM sees mostly [UNK] tokens, so two different facts can score
    0.8): then they must also share words, as in the write flow's near-duplicate rule."""
    if min(readable_fraction(a.content), readable_fraction(b.content)) >= READS_MIN:
        return True
    return word_overlap(a.search_text, b.search_text) >= settings.NEAR_DUPLICATE_MIN_WORD_OVERLAP


def _pair_judge(a: Memory, b: Memory) -> str | None:
    """The model that compares two stored memories (``memories.embeddings.judge``), None if none reads both."""
    mine, theirs = vectors_of(a), vectors_of(b)
    return judge([e.name for e in embedders()], {n: v.coverage for n, v in mine.items()},
                 {n: v.coverage for n, v in theirs.items()})


def _alike(a: Memory, b: Memory, model: str) -> bool:
    """Whether ``model``'s similarity of the two counts: it is the model that reads both, or (the primary
    model, when none does) their words agree too."""
    judged = _pair_judge(a, b)
    return judged == model or (judged is None and model == get_embedder().name and vectors_tell(a, b))


def merge_threshold(model: str) -> float:
    """The similarity from which two memories compared by ``model`` may be offered as near-duplicates to
    merge (``ModelProfile.merge_suggestion``, measured per model: docs/benchmarks.md, "Numbers behind choices in
    the code")."""
    return profile(model).merge_suggestion


def contradicts(a: Memory, b: Memory) -> bool:
    """Two facts or preferences about the same entity that say different things: a conflict to decide,
    never a pair of near-duplicates to merge."""
    return group_of(a) is not None and group_of(a) == group_of(b) and a.content_hash != b.content_hash


SIMILAR_AT_LEAST = 0.5  # below this, two memories are not shown as similar at all


@dataclass
class Near:
    memory: Memory
    similarity: float
    mergeable: bool  # alike enough for the model that compared them, and not a contradiction


def near_duplicates(memory: Memory, limit: int = 5) -> list[Near]:
    """The most similar live memories of the same scope, each pair compared by the model that reads both
    (exact scans: ``+ 0.0`` keeps them off the ANN index), each saying whether a merge may be offered."""
    secondary_attach([memory])
    live = Memory.objects.select_related("scope").filter(scope_id=memory.scope_id, status__in=LIVE_STATUSES)
    found: dict[uuid.UUID, tuple[Memory, float, str]] = {}
    for name, vector in vectors_of(memory).items():
        if name == get_embedder().name:
            rows = live.filter(embedding__isnull=False, embedding_model=name).annotate(
                distance=CosineDistance("embedding", vector.vector) + Value(0.0))
        else:
            rows = live.filter(vectors__model=name).annotate(
                distance=CosineDistance("vectors__embedding", vector.vector) + Value(0.0))
        candidates = list(rows.exclude(pk=memory.pk).order_by("distance")[: 4 * limit])
        secondary_attach(candidates)
        for m in candidates:
            similarity = round(1.0 - float(m.distance), 3)  # type: ignore[attr-defined]
            if m.pk not in found and similarity >= SIMILAR_AT_LEAST and _alike(memory, m, name):
                found[m.pk] = (m, similarity, name)
    ranked = sorted(found.values(), key=lambda row: -row[1])[:limit]
    return [Near(m, similarity, similarity >= merge_threshold(name) and mergeable(memory, m))
            for m, similarity, name in ranked]


@dataclass
class MergePair:
    first: Memory
    second: Memory
    similarity: float


@dataclass
class MergeGroup:
    """Live memories of one scope that say the same thing: one suggestion, one "preview merge"."""

    memories: list[Memory]
    similarity: float  # its closest pair's

    @property
    def scope(self) -> Scope:
        return self.memories[0].scope


MERGE_SCAN_LIMIT = 500  # newest live memories per scope compared pairwise (a typed scope)
# No scope typed: the scopes of the tenant's most recently changed live memories, each scanned less deeply.
MERGE_SCOPES = 10  # at most this many scopes ...
MERGE_SCOPE_SCAN = 100  # ... their newest live memories compared pairwise (≤ 10 × 4,950 pairs per model) ...
MERGE_RECENT_ROWS = 2_000  # ... found among the tenant's newest live memories
MERGE_GROUP_MAX = 50  # a merge takes at most 50 memories (POST /memories/merge)


def mergeable(a: Memory, b: Memory) -> bool:
    """Not two answers about one entity, unless they are the same words set differently ("after 10am" /
    "after 10 am": ``policy.same_wording``), which is one answer said twice."""
    return not contradicts(a, b) or same_wording(a.search_text, b.search_text)


def merge_suggestions(scope: Scope, min_similarity: float | None = None, limit: int = 20,
                      scan: int = MERGE_SCAN_LIMIT) -> list[MergePair]:
    """Pairs of live memories in one scope alike enough to merge, by the model that reads both texts: at
    least that model's threshold (``merge_threshold``; a higher ``min_similarity`` narrows), by the primary
    model, when no model reads both, only if their words overlap too (``vectors_tell``), and never two
    different answers about one entity (``mergeable``): those are a conflict for the review queue.

    Pairwise over the newest ``scan`` rows of the scope, per model: exact, and bounded.
    """
    found: dict[tuple[uuid.UUID, uuid.UUID], dict[str, float]] = {}  # pair → {model: similarity}
    for embedder in embedders():
        threshold = max(merge_threshold(embedder.name), min_similarity or 0.0)
        for a, b, similarity in sql.merge_pairs(scope.pk, scan=scan, min_similarity=threshold,
                                                 limit=4 * limit, model=embedder.name,
                                                 primary=embedder.name == get_embedder().name):
            found.setdefault((a, b), {})[embedder.name] = similarity
    # Vectors stay in the database: which model judges a pair needs only each one's coverage.
    memories = (Memory.objects.select_related("scope", "subject").defer("embedding", "search_vector")
                .in_bulk({i for pair in found for i in pair}))
    coverages = _coverages(list(memories))
    models, primary = [e.name for e in embedders()], get_embedder().name

    def alike(a: Memory, b: Memory, model: str) -> bool:  # ``_alike`` without loading vectors
        judged = judge(models, coverages[a.pk], coverages[b.pk])
        return judged == model or (judged is None and model == primary and vectors_tell(a, b))

    pairs = [MergePair(memories[a], memories[b], round(float(s), 3)) for (a, b), by_model in found.items()
             if a in memories and b in memories and mergeable(memories[a], memories[b])
             for model, s in by_model.items() if alike(memories[a], memories[b], model)]
    pairs.sort(key=lambda pair: -pair.similarity)
    return pairs[:limit]


def _coverages(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, dict[str, float]]:
    """Each memory's models that hold a vector of it → their coverage of its text (``vectors_of``, no vectors)."""
    found: dict[uuid.UUID, dict[str, float]] = {pk: {} for pk in ids}
    primary = get_embedder().name
    for pk, model, coverage in Memory.objects.filter(pk__in=ids, embedding__isnull=False, embedding_model=primary) \
            .values_list("pk", "embedding_model", "embedding_coverage"):
        found[pk][model] = 1.0 if coverage is None else coverage
    for pk, model, coverage in MemoryVector.objects.filter(
            memory_id__in=ids, model__in=[e.name for e in secondary_embedders()]).values_list(
            "memory_id", "model", "coverage"):
        found[pk][model] = coverage
    return found


def merge_groups(pairs: Sequence[MergePair]) -> list[MergeGroup]:
    """Alike pairs joined into groups (closest pairs first): two pairs that share a memory are one suggestion,
    unless a member of one would contradict a member of the other (``mergeable``)."""
    group_of_memory: dict[uuid.UUID, MergeGroup] = {}
    groups: list[MergeGroup] = []
    for pair in sorted(pairs, key=lambda p: -p.similarity):
        left, right = group_of_memory.get(pair.first.pk), group_of_memory.get(pair.second.pk)
        if left is not None and left is right:
            continue
        if left is None and right is None:
            group = MergeGroup([pair.first, pair.second], pair.similarity)
            groups.append(group)
            group_of_memory.update({pair.first.pk: group, pair.second.pk: group})
            continue
        joined = [*(left.memories if left else [pair.first]), *(right.memories if right else [pair.second])]
        if len(joined) > MERGE_GROUP_MAX or not all(mergeable(a, b) for a in joined for b in joined if a is not b):
            continue
        keep = left or right
        assert keep is not None
        other = right if keep is left else left
        keep.memories = joined
        if other is not None:
            groups.remove(other)
        for memory in joined:
            group_of_memory[memory.pk] = keep
    for group in groups:
        group.memories.sort(key=lambda m: (m.created_at, str(m.pk)))
    return groups


def merge_suggestions_everywhere(min_similarity: float | None = None, limit: int = 20) -> list[MergeGroup]:
    """Merge suggestions without a scope: groups in the ``MERGE_SCOPES`` scopes of the tenant's most recently
    changed live memories (among its newest ``MERGE_RECENT_ROWS``), each over its newest ``MERGE_SCOPE_SCAN``
    live memories. Bounded whatever the tenant's size; a scope not among them is one the admin types."""
    scopes = Scope.objects.in_bulk(sql.merge_scopes(recent=MERGE_RECENT_ROWS, limit=MERGE_SCOPES))
    groups: list[MergeGroup] = []
    for scope in scopes.values():
        groups += merge_groups(merge_suggestions(scope, min_similarity, limit=limit, scan=MERGE_SCOPE_SCAN))
    groups.sort(key=lambda g: -g.similarity)
    return groups[:limit]
