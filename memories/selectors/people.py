"""The people and scopes screens: subjects with their counts, memories and sessions; the scope tree."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from memories.choices import LIVE_STATUSES, ReviewStatus
from memories.models import Memory, ReviewItem, Scope, Session
from tenants.models import Subject


def subject_ids_like(prefix: str = "", limit: int = 200) -> list[str]:
    """People's ids for a filter's suggestions (any case)."""
    qs = Subject.objects.order_by("external_id")
    if prefix:
        qs = qs.filter(external_id__istartswith=prefix)
    return list(qs.values_list("external_id", flat=True)[:limit])


def sessions_by_key(keys: Iterable[str]) -> dict[str, Session]:
    return {s.session_key: s for s in Session.objects.filter(session_key__in=set(keys))}


def scope_by_path(path: str) -> Scope | None:
    return Scope.objects.filter(path=path.strip("/")).first()


def scope_paths(limit: int | None = None) -> list[str]:
    paths = Scope.objects.order_by("path").values_list("path", flat=True)
    return list(paths[:limit] if limit is not None else paths)


def subjects() -> QuerySet[Subject]:
    return Subject.objects.all()


def subjects_with_counts(q: str = "") -> QuerySet[Subject]:
    """People with how many memories (all, live) and sessions each has; ``q`` narrows by external id."""
    qs = Subject.objects.annotate(
        n_memories=Count("memories", distinct=True),
        n_live=Count("memories", filter=Q(memories__status__in=LIVE_STATUSES), distinct=True),
        n_sessions=Count("sessions", distinct=True),
    ).order_by("external_id")
    return qs.filter(external_id__icontains=q) if q else qs


def subject_memories(subject: Subject) -> QuerySet[Memory]:
    return Memory.objects.select_related("scope").filter(subject=subject).order_by("scope__path", "-updated_at")


def subject_sessions(subject: Subject) -> QuerySet[Session]:
    return Session.objects.filter(subject=subject).order_by("-updated_at")


def subject_open_review_count(subject: Subject) -> int:
    return ReviewItem.objects.filter(subject=subject, status=ReviewStatus.OPEN).count()


@dataclass
class ScopeNode:
    path: str
    label: str
    depth: int
    count: int = 0  # memories in this scope and below
    own: bool = False  # a real Scope row (not only a prefix of one)


def scope_tree() -> list[ScopeNode]:
    """Every scope and every prefix of one, depth-first, with memory counts that include descendants."""
    counts = dict(Memory.objects.values_list("scope__path").annotate(n=Count("id")).values_list("scope__path", "n"))
    nodes: dict[str, ScopeNode] = {}
    for path in Scope.objects.values_list("path", flat=True):
        parts = path.split("/")
        for i in range(1, len(parts) + 1):
            prefix = "/".join(parts[:i])
            node = nodes.setdefault(prefix, ScopeNode(prefix, parts[i - 1], i - 1))
            node.count += counts.get(path, 0)
        nodes[path].own = True
    return [nodes[p] for p in sorted(nodes, key=lambda p: p.split("/"))]


def scope_roots() -> list[str]:
    return sorted({p.split("/")[0] for p in Scope.objects.values_list("path", flat=True)})
