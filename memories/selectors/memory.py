"""The reads every screen and the API share about memories (visible, not expired, their subjects and
access counts), and the memory browser's and a memory page's own."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from memories.choices import ReviewStatus, Status
from memories.models import Memory, MemoryAccess, MemoryMention, MemorySubject, MemoryVersion, ReviewItem, Scope
from mnemara.kernel.errors import NotFound
from tenants.paths import scope_filter


def access_load(memories: Iterable[Memory]) -> None:
    """Attach access counts (``MemoryAccess``) to loaded memories in one query, not one per memory."""
    by_id = {m.pk: m for m in memories if m.pk is not None}
    if not by_id:
        return
    found = {pk: (count, last_at) for pk, count, last_at in
             MemoryAccess.objects.filter(memory_id__in=list(by_id)).values_list("memory_id", "count", "last_at")}
    for pk, memory in by_id.items():
        memory.access_set(*found.get(pk, (0, None)))


def subject_names_load(memories: Iterable[Memory]) -> None:
    """Attach each memory's subjects (external ids, sorted) in one query."""
    by_id = {m.pk: m for m in memories if m.pk is not None and m.subject_names_known() is None}
    if not by_id:
        return
    found: dict[Any, list[str]] = {pk: [] for pk in by_id}
    for memory_id, name in (MemorySubject.objects.filter(memory_id__in=list(by_id))
                            .values_list("memory_id", "subject__external_id").order_by("subject__external_id")):
        found[memory_id].append(name)
    for pk, memory in by_id.items():
        memory.subject_names_set(found[pk])


def subject_names(memory: Memory) -> list[str]:
    """Everyone the memory is about (external ids, sorted): its lineage (``memories.write.lineage``)."""
    subject_names_load([memory])
    return memory.subject_names_known() or []


def visible_memories(prefixes: Sequence[str] = ()) -> QuerySet[Memory]:
    return Memory.objects.select_related("scope", "subject").filter(scope_filter(prefixes))


def not_expired() -> Q:
    """Memories past ``expires_at`` stop being returned at once (the retention job deletes them later)."""
    return Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now())


def memory_visible(memory_id: uuid.UUID | str, prefixes: Sequence[str] = ()) -> Memory:
    memory = visible_memories(prefixes).filter(not_expired(), pk=memory_id).first()
    if memory is None:
        raise NotFound("Memory not found.")
    return memory


def memory_history(memory: Memory) -> QuerySet[MemoryVersion]:
    return MemoryVersion.objects.filter(memory=memory).order_by("version")


def _naming(person: str) -> QuerySet[MemoryMention]:
    """The ids of the memories that mention a person: linked to the subject of that external id, or under
    that name (case aside)."""
    return MemoryMention.objects.filter(Q(subject__external_id=person) | Q(name=person.strip().casefold())
                                        ).values("memory_id")


def memory_list(qs: QuerySet[Memory], filters: dict[str, Any]) -> QuerySet[Memory]:
    if filters.get("scope"):
        # By id, looked up first: a join on the path hides the scope from the planner, which then sorts
        # the whole scope instead of reading the (tenant, scope, created_at, id) index (docs/benchmarks.md).
        scope_id = Scope.objects.filter(path=filters["scope"].strip("/")).values_list("pk", flat=True).first()
        qs = qs.filter(scope_id=scope_id) if scope_id else qs.none()
    if filters.get("scope_prefix"):
        qs = qs.filter(scope_filter([filters["scope_prefix"]]))
    for name in ("type", "status", "entity"):
        if filters.get(name):
            qs = qs.filter(**{name: filters[name]})
    if filters.get("subject"):
        qs = qs.filter(Q(subject__external_id=filters["subject"]) | Q(pk__in=_naming(filters["subject"])))
    if filters.get("q"):
        qs = qs.filter(content__icontains=filters["q"])
    if filters.get("updated_since"):
        qs = qs.filter(updated_at__gte=filters["updated_since"])
    if not filters.get("include_expired"):
        qs = qs.filter(Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()))
    return qs


def memories_filtered(data: dict[str, Any]) -> QuerySet[Memory]:
    """The memory browser's filters (scope and below, type, person, confidence range, text)."""
    qs = visible_memories()
    if data.get("scope"):
        qs = qs.filter(scope_filter([data["scope"]]))
    if data.get("type"):
        qs = qs.filter(type=data["type"])
    if data.get("subject"):
        linked = MemorySubject.objects.filter(subject__external_id__iexact=data["subject"]).values("memory_id")
        qs = qs.filter(Q(subject__external_id__iexact=data["subject"]) | Q(pk__in=linked)
                       | Q(pk__in=_naming(data["subject"])))
    if data.get("conf_min") is not None:
        qs = qs.filter(confidence__gte=data["conf_min"])
    if data.get("conf_max") is not None:
        qs = qs.filter(confidence__lte=data["conf_max"])
    if data.get("q") and data.get("mode") != "search":
        qs = qs.filter(Q(content__icontains=data["q"]) | Q(entity__icontains=data["q"]))
    if data.get("agent"):
        qs = qs.filter(written_by(data["agent"]))
    return qs


def memory_successor(memory: Memory) -> Memory | None:
    return Memory.objects.filter(pk=memory.superseded_by_id).first() if memory.superseded_by_id else None


def memory_predecessors(memory: Memory) -> QuerySet[Memory]:
    return Memory.objects.filter(superseded_by=memory).order_by("-updated_at")[:10]


def memory_open_reviews(memory: Memory) -> QuerySet[ReviewItem]:
    return ReviewItem.objects.filter(Q(memory=memory) | Q(other_memory=memory), status=ReviewStatus.OPEN)


def same_entity(memory: Memory) -> QuerySet[Memory]:
    if not memory.entity:
        return Memory.objects.none()
    return (Memory.objects.select_related("scope").filter(entity=memory.entity, type=memory.type)
            .exclude(pk=memory.pk).order_by("-updated_at")[:10])


def status_counts(qs: QuerySet[Memory]) -> dict[str, int]:
    found = dict(qs.order_by().values_list("status").annotate(n=Count("id")).values_list("status", "n"))
    return {s.value: found.get(s.value, 0) for s in Status}


def written_by(actor: str) -> Exists:
    """Memories whose first version the actor wrote (a memory's author), for ``filter(written_by(...))``."""
    return Exists(MemoryVersion.objects.filter(memory=OuterRef("pk"), version=1, actor=actor))
