"""The review queue's reads: its items, filters, tabs' counts, the corrections behind items and the
entity clashes no one kept together."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from memories.choices import TRUTH_TYPES, ReviewStatus, Status
from memories.models import Feedback, Memory, MemoryVersion, ReviewItem, Scope
from memories.write.truth import clash_groups
from tenants.actors import actor_names
from tenants.paths import scope_filter


def review_items(prefixes: Sequence[str] = (), status: str = ReviewStatus.OPEN) -> QuerySet[ReviewItem]:
    qs = ReviewItem.objects.select_related("memory__scope", "memory__subject", "other_memory__scope")
    if status:
        qs = qs.filter(status=status)
    return qs.filter(scope_filter(prefixes, "memory__scope__path"))


def review_corrections(item_ids: Iterable[uuid.UUID]) -> dict[uuid.UUID, Feedback]:
    """The agents' corrections behind review items, by item id (one query)."""
    ids = list(item_ids)
    if not ids:
        return {}
    return {f.review_item_id: f for f in Feedback.objects.filter(review_item_id__in=ids).order_by("created_at")
            if f.review_item_id is not None}


def review_context(items: Sequence[ReviewItem]) -> dict[str, Any]:
    """What a page of review items shows besides the items: the corrections behind them and everyone's names."""
    corrections = review_corrections(i.pk for i in items)
    actors = {i.resolved_by for i in items if i.resolved_by} | {f.actor for f in corrections.values()}
    return {"corrections": corrections, "actor_names": actor_names(actors)}


REVIEW_FILTERS = ("person", "scope", "reason", "agent")


def review_queue(status: str, filters: dict[str, str]) -> QuerySet[ReviewItem]:
    """The dashboard's queue: open items oldest first, resolved ones newest first; narrowed by a person
    (any case, the item's or its memory's), a scope and what lies below it, and a reason code."""
    qs = review_items(status=status).select_related("memory__subject", "other_memory__subject")
    if filters.get("person"):
        person = filters["person"]
        qs = qs.filter(Q(subject__external_id__iexact=person) | Q(memory__subject__external_id__iexact=person))
    if filters.get("scope"):
        qs = qs.filter(scope_filter([filters["scope"].strip("/")], "memory__scope__path"))
    if filters.get("reason"):
        qs = qs.filter(reason_code=filters["reason"])
    if filters.get("agent"):  # the items about what the agent wrote (its corrections too)
        qs = qs.filter(Exists(MemoryVersion.objects.filter(memory=OuterRef("memory_id"), version=1,
                                                           actor=filters["agent"])))
    if status == ReviewStatus.RESOLVED:
        return qs.order_by("-resolved_at", "-id")
    return qs.order_by("created_at", "id")


def review_counts() -> dict[str, int]:
    """Open items per kind, all of them, and resolved ones: the queue's tabs and the navigation's badge."""
    found = dict(ReviewItem.objects.filter(status=ReviewStatus.OPEN).order_by().values_list("kind")
                 .annotate(n=Count("id")).values_list("kind", "n"))
    return {"conflict": found.get("conflict", 0), "pending": found.get("pending", 0),
            "open": sum(found.values()), "clashes": len(clash_groups())}


@dataclass
class Clash:
    scope: Scope
    entity: str
    memories: list[Memory]


def entity_clashes() -> list[Clash]:
    """(scope, entity) groups with more than one active fact or preference that no person kept together."""
    groups = clash_groups()
    if not groups:
        return []
    rows = (Memory.objects.select_related("scope", "subject")
            .filter(status=Status.ACTIVE, kept_alongside=False, type__in=TRUTH_TYPES,
                    scope_id__in={s for s, _ in groups}, entity__in={e for _, e in groups})
            .order_by("-updated_at"))
    found: dict[tuple[Any, str], list[Memory]] = {}
    for m in rows:
        if (m.scope_id, m.entity) in groups:
            found.setdefault((m.scope_id, m.entity), []).append(m)
    return [Clash(ms[0].scope, entity, ms) for (_, entity), ms in found.items()]


def review_open_count() -> int:
    return ReviewItem.objects.filter(status=ReviewStatus.OPEN).count()
