"""The agents' feedback inbox and a memory's feedback."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Q, QuerySet

from memories.models import Feedback, Memory

FEEDBACK_KINDS = ("correction", "not_useful", "useful")


def feedback_inbox(kind: str = "", agent: str = "") -> QuerySet[Feedback]:
    """Agents' feedback, newest first: corrections, "not useful" ratings (with what was asked), "useful";
    ``agent``: only what that actor sent."""
    qs = Feedback.objects.select_related("review_item").order_by("-created_at", "-id")
    if agent:
        qs = qs.filter(actor=agent)
    if kind == "correction":
        qs = qs.exclude(correction="")
    elif kind == "not_useful":
        qs = qs.filter(useful=False)
    elif kind == "useful":
        qs = qs.filter(useful=True)
    return qs


def feedback_counts() -> dict[str, int]:
    found = Feedback.objects.aggregate(n_all=Count("id"), n_correction=Count("id", filter=~Q(correction="")),
                                       n_not_useful=Count("id", filter=Q(useful=False)),
                                       n_useful=Count("id", filter=Q(useful=True)))
    return {name.removeprefix("n_"): n for name, n in found.items()}


def feedback_unanswered_count() -> int:
    """Agents' corrections no one has looked at yet (not turned into a review item)."""
    return Feedback.objects.exclude(correction="").filter(review_item__isnull=True).count()


def feedback_memories(rows: Iterable[Feedback]) -> dict[str, Memory]:
    """The memories the feedback rows name, by id (one query; erased ones are simply missing)."""
    ids = {i for f in rows for i in f.memory_ids}
    return {str(m.pk): m for m in Memory.objects.select_related("scope").filter(pk__in=ids)} if ids else {}


def memory_feedback(memory: Memory, limit: int = 20) -> tuple[dict[str, int], list[Feedback]]:
    """What agents said about one memory: counts, and the latest rows."""
    qs = Feedback.objects.filter(memory_ids__contains=[str(memory.pk)])
    found = qs.aggregate(n_useful=Count("id", filter=Q(useful=True)),
                         n_not_useful=Count("id", filter=Q(useful=False)),
                         n_corrections=Count("id", filter=~Q(correction="")))
    counts = {name.removeprefix("n_"): n for name, n in found.items()}
    return counts, list(qs.select_related("review_item").order_by("-created_at")[:limit])
