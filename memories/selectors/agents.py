"""The agents (API keys) screen: every key and what one did."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Exists, Max, OuterRef, Q, Sum
from django.utils import timezone

from memories.choices import ReviewResolution, ReviewStatus
from memories.models import Feedback, KeySearchDay, MemoryVersion, ReviewItem
from memories.selectors.review import review_items
from mnemara.kernel.errors import NotFound
from tenants.models import ApiKey


def agents() -> list[tuple[str, str]]:
    """Every API key of the tenant, revoked ones too, as (actor, name) for the "by agent" filters."""
    return [(key.actor(), key.name.strip() or key.actor())
            for key in ApiKey.objects.order_by("revoked_at", "name", "prefix")]


def agent_key(prefix: str) -> ApiKey:
    key = ApiKey.objects.filter(prefix=prefix).first()
    if key is None:
        raise NotFound("API key not found.")
    return key


TURNED_DOWN = (ReviewResolution.REJECT, ReviewResolution.KEEP_OLD)  # a person turned the newer write down


@dataclass
class AgentActivity:
    """What one API key did (the dashboard's agent page): its writes, feedback and turned-down proposals."""

    writes: int
    created: int
    feedback: int
    corrections: int
    turned_down: int
    last_write: datetime | None
    searches: int  # POST /memories/search, /context and mem0's search (KeySearchDay), all days
    searches_today: int  # since 00:00 UTC
    last_search: datetime | None
    recent_versions: list[MemoryVersion]
    recent_feedback: list[Feedback]
    recent_turned_down: list[ReviewItem]


def agent_activity(actor: str, limit: int = 20) -> AgentActivity:
    versions = MemoryVersion.objects.filter(actor=actor)
    counts = versions.aggregate(n=Count("id"), created=Count("id", filter=Q(version=1)))
    feedback = Feedback.objects.filter(actor=actor)
    fb = feedback.aggregate(n=Count("id"), corrections=Count("id", filter=~Q(correction="")))
    turned_down = (review_items(status=ReviewStatus.RESOLVED).filter(resolution__in=TURNED_DOWN)
                   .filter(Exists(MemoryVersion.objects.filter(memory=OuterRef("memory_id"), version=1, actor=actor))))
    latest = list(versions.select_related("memory").order_by("-created_at", "-id")[:limit])
    searched = KeySearchDay.objects.filter(actor=actor).aggregate(
        n=Sum("searches"), today=Sum("searches", filter=Q(day=timezone.now().date())), last=Max("last_at"))
    return AgentActivity(
        searches=searched["n"] or 0, searches_today=searched["today"] or 0, last_search=searched["last"],
        writes=counts["n"], created=counts["created"], feedback=fb["n"], corrections=fb["corrections"],
        turned_down=turned_down.count(), last_write=latest[0].created_at if latest else None,
        recent_versions=latest, recent_feedback=list(feedback.select_related("review_item")
                                                     .order_by("-created_at", "-id")[:limit]),
        recent_turned_down=list(turned_down.order_by("-resolved_at", "-id")[:limit]))
