"""The overview's numbers: counts per day over a window, and the current totals an admin watches.

Reads only (under the active tenant); ``memories.views.overview`` turns them into charts.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Min, Q
from django.db.models.functions import TruncDate
from django.utils import timezone

from memories.choices import TRUTH_TYPES, JobStatus, ReviewResolution, ReviewStatus, Status
from memories.models import Feedback, Job, Memory, MemoryVersion, ReviewItem
from memories.write.reembed import reembed_queued, vectors_progress
from tenants.scoping import get_active_tenant


def _start(days: list[date]) -> datetime:
    return datetime.combine(days[0], time.min, tzinfo=timezone.get_current_timezone())


def _per_day(rows: Any, days: list[date]) -> dict[Any, list[int]]:
    """{key: counts per day} from (day, key, n) rows."""
    index = {d: i for i, d in enumerate(days)}
    found: dict[Any, list[int]] = defaultdict(lambda: [0] * len(days))
    for day, key, n in rows:
        if day in index:
            found[key][index[day]] += n
    return found


def created_per_day_by_type(days: list[date]) -> dict[str, list[int]]:
    rows = (Memory.objects.filter(created_at__gte=_start(days)).annotate(day=TruncDate("created_at"))
            .values_list("day", "type").annotate(n=Count("id")).values_list("day", "type", "n"))
    return _per_day(rows, days)


def status_per_day(days: list[date]) -> dict[str, list[float | None]]:
    """Each memory's status at the end of each day, replayed from its immutable versions."""
    start = _start(days)
    state = dict(MemoryVersion.objects.filter(created_at__lt=start).order_by("memory_id", "-version")
                 .distinct("memory_id").values_list("memory_id", "status"))
    changes = (MemoryVersion.objects.filter(created_at__gte=start).order_by("created_at", "version")
               .values_list("memory_id", "status", "created_at"))
    series: dict[str, list[float | None]] = {s.value: [] for s in Status}
    pending = iter(changes)
    upcoming = next(pending, None)
    for day in days:
        end = start + timedelta(days=(day - days[0]).days + 1)
        while upcoming is not None and upcoming[2] < end:
            state[upcoming[0]] = upcoming[1]
            upcoming = next(pending, None)
        counts = Counter(state.values())
        for s in series:
            series[s].append(counts.get(s, 0))
    return series


def reviews_per_day(days: list[date]) -> tuple[list[float], list[float]]:
    """Review items opened and resolved per day."""
    start = _start(days)
    opened = Counter(ReviewItem.objects.filter(created_at__gte=start).annotate(day=TruncDate("created_at"))
                     .values_list("day", flat=True))
    resolved = Counter(ReviewItem.objects.filter(resolved_at__gte=start).annotate(day=TruncDate("resolved_at"))
                       .values_list("day", flat=True))
    return [float(opened[d]) for d in days], [float(resolved[d]) for d in days]


def feedback_per_day(days: list[date]) -> dict[date, tuple[int, int, int]]:
    """Per day: (rated useful, rated at all, corrections)."""
    rows = (Feedback.objects.filter(created_at__gte=_start(days)).annotate(day=TruncDate("created_at"))
            .values_list("day").annotate(n_useful=Count("id", filter=Q(useful=True)),
                                         n_rated=Count("id", filter=Q(useful__isnull=False)),
                                         n_corrections=Count("id", filter=~Q(correction="")))
            .values_list("day", "n_useful", "n_rated", "n_corrections"))
    return {d: (u, r, c) for d, u, r, c in rows}


def jobs_summary() -> dict[str, Any]:
    since = timezone.now() - timedelta(days=7)
    recent = Job.objects.filter(created_at__gte=since)
    return {
        "by_status": dict(recent.order_by().values_list("status").annotate(n=Count("id")).values_list("status", "n")),
        "by_extractor": dict(recent.exclude(extractor="").order_by().values_list("extractor")
                             .annotate(n=Count("id")).values_list("extractor", "n")),
        "failures": Job.objects.filter(status=JobStatus.FAILED).order_by("-created_at")[:8],
    }


def review_backlog() -> dict[str, dict[str, Any]]:
    """Open review items per kind: how many, and the oldest one's creation time."""
    rows = ReviewItem.objects.filter(status=ReviewStatus.OPEN).order_by().values("kind").annotate(
        n=Count("id"), oldest=Min("created_at"))
    return {row["kind"]: row for row in rows}


def type_status_matrix() -> tuple[list[str], list[tuple[str, list[int], int]]]:
    """Rows per type, columns per status, with totals: the overview's table."""
    found = Counter({(t, s): n for t, s, n in Memory.objects.order_by().values_list("type", "status")
                     .annotate(n=Count("id")).values_list("type", "status", "n")})
    statuses = [s.value for s in Status]
    types = sorted({t for t, _ in found})
    return statuses, [(t, [found[(t, s)] for s in statuses], sum(found[(t, s)] for s in statuses)) for t in types]


def embedding_progress() -> list[dict[str, Any]]:
    """Each configured embedding model whose vector some memories still lack: how many have it, of how
    many, and whether a re-embedding is queued (the overview's progress line; empty when all are done)."""
    queued = reembed_queued(get_active_tenant())
    return [{"model": model, "have": have, "total": total, "percent": 100 * have // max(total, 1), "queued": queued}
            for model, have, total in vectors_progress() if have < total]


# --------------------------------------------------------------------------- a period and the one before it

PERSON_DECISIONS = (ReviewResolution.ACCEPT, ReviewResolution.REJECT, ReviewResolution.KEEP_OLD,
                    ReviewResolution.KEEP_NEW, ReviewResolution.KEEP_BOTH, ReviewResolution.MERGE)
REJECTING = (ReviewResolution.REJECT, ReviewResolution.KEEP_OLD)  # the newer write was turned down


@dataclass(frozen=True)
class Period:
    """Whole days from ``start`` to ``end`` (both included) in the current time zone."""

    start: date
    end: date

    @property
    def days(self) -> list[date]:
        return [self.start + timedelta(days=i) for i in range((self.end - self.start).days + 1)]

    def bounds(self) -> tuple[datetime, datetime]:
        zone = timezone.get_current_timezone()
        return (datetime.combine(self.start, time.min, tzinfo=zone),
                datetime.combine(self.end + timedelta(days=1), time.min, tzinfo=zone))

    def previous(self) -> Period:
        length = (self.end - self.start).days + 1
        return Period(self.start - timedelta(days=length), self.start - timedelta(days=1))


def contradictions_at(moment: datetime) -> int:
    """(scope, entity) groups that held more than one active or conflicted fact or preference at ``moment``,
    replayed from the immutable versions (memories a person keeps together on purpose do not count)."""
    kept = Memory.objects.filter(kept_alongside=True).values("pk")
    rows = (MemoryVersion.objects.filter(created_at__lt=moment).exclude(memory_id__in=kept)
            .order_by("memory_id", "-version").distinct("memory_id")
            .values_list("status", "type", "entity", "scope_path"))
    groups = Counter((scope, entity) for status, kind, entity, scope in rows
                     if entity and kind in TRUTH_TYPES and status in (Status.ACTIVE, Status.CONFLICTED))
    return sum(1 for n in groups.values() if n > 1)


def quality(period: Period) -> dict[str, Any]:
    """The figures of a period: memories written, review items opened, people's decisions and how many
    rejected a proposed memory, agents' ratings and corrections, and live contradictions at its end."""
    low, high = period.bounds()
    found = Feedback.objects.filter(created_at__gte=low, created_at__lt=high).aggregate(
        n_rated=Count("id", filter=Q(useful__isnull=False)), n_useful=Count("id", filter=Q(useful=True)),
        n_not_useful=Count("id", filter=Q(useful=False)), n_corrections=Count("id", filter=~Q(correction="")))
    feedback = {name.removeprefix("n_"): n for name, n in found.items()}
    decided = ReviewItem.objects.filter(resolved_at__gte=low, resolved_at__lt=high, resolved_by__startswith="user:",
                                        resolution__in=PERSON_DECISIONS).aggregate(
        decisions=Count("id"), rejected=Count("id", filter=Q(resolution__in=REJECTING)))
    written = Memory.objects.filter(created_at__gte=low, created_at__lt=high).count()
    figures: dict[str, Any] = {
        "written": written, "opened": ReviewItem.objects.filter(created_at__gte=low, created_at__lt=high).count(),
        **feedback, **decided, "contradictions": contradictions_at(min(high, timezone.now())),
    }
    figures["correction_rate"] = feedback["corrections"] / written if written else None
    figures["reject_rate"] = decided["rejected"] / decided["decisions"] if decided["decisions"] else None
    figures["useful_share"] = feedback["useful"] / feedback["rated"] if feedback["rated"] else None
    return figures
