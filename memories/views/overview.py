"""The overview (numbers an admin watches, as server-drawn charts) and the search playground."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Min, Q
from django.db.models.functions import TruncDate
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from memories.forms import PlaygroundForm
from memories.models import Feedback, Job, Memory, MemoryType, MemoryVersion, ReviewItem, Status
from memories.templatetags.dashboard import label
from memories.views import charts, integrations, queries
from memories.views.base import DashboardRequest, page, tenant, viewer_required

DAYS = 30


def _days(n: int = DAYS) -> list[date]:
    today = timezone.now().date()
    return [today - timedelta(days=n - 1 - i) for i in range(n)]


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


def created_by_type(days: list[date]) -> charts.Chart:
    rows = (Memory.objects.filter(created_at__gte=_start(days)).annotate(day=TruncDate("created_at"))
            .values_list("day", "type").annotate(n=Count("id")).values_list("day", "type", "n"))
    found = _per_day(rows, days)
    return charts.stacked_bars(_("New memories per day, by type"), days,
                               [(str(label(t.value)), found[t.value]) for t in MemoryType])


def status_over_time(days: list[date]) -> charts.Chart:
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
    return charts.lines(_("Memories by status"), days, [(str(label(s)), v) for s, v in series.items()])


def review_flow(days: list[date]) -> charts.Chart:
    start = _start(days)
    opened = Counter(ReviewItem.objects.filter(created_at__gte=start).annotate(day=TruncDate("created_at"))
                     .values_list("day", flat=True))
    resolved = Counter(ReviewItem.objects.filter(resolved_at__gte=start).annotate(day=TruncDate("resolved_at"))
                       .values_list("day", flat=True))
    return charts.lines(_("Review items opened and resolved per day"), days,
                        [(_("opened"), [float(opened[d]) for d in days]),
                         (_("resolved"), [float(resolved[d]) for d in days])])


def feedback_charts(days: list[date]) -> tuple[charts.Chart, charts.Chart, dict[str, int]]:
    rows = list(Feedback.objects.filter(created_at__gte=_start(days)).annotate(day=TruncDate("created_at"))
                .values_list("day").annotate(n_useful=Count("id", filter=Q(useful=True)),
                                             n_rated=Count("id", filter=Q(useful__isnull=False)),
                                             n_corrections=Count("id", filter=~Q(correction="")))
                .values_list("day", "n_useful", "n_rated", "n_corrections"))
    by_day = {d: (u, r, c) for d, u, r, c in rows}
    useful_rate = [(by_day[d][0] / by_day[d][1]) if d in by_day and by_day[d][1] else None for d in days]
    corrections = [by_day.get(d, (0, 0, 0))[2] for d in days]
    totals = {"useful": sum(u for u, _, _ in by_day.values()), "rated": sum(r for _, r, _ in by_day.values()),
              "corrections": sum(corrections)}
    return (charts.lines(_("Recalled memories rated useful"), days, [(_("useful"), useful_rate)], percent=True),
            charts.stacked_bars(_("Corrections reported per day"), days, [(_("corrections"), corrections)]),
            totals)


def jobs_summary() -> dict[str, Any]:
    since = timezone.now() - timedelta(days=7)
    recent = Job.objects.filter(created_at__gte=since)
    return {
        "by_status": dict(recent.order_by().values_list("status").annotate(n=Count("id")).values_list("status", "n")),
        "by_extractor": dict(recent.exclude(extractor="").order_by().values_list("extractor")
                             .annotate(n=Count("id")).values_list("extractor", "n")),
        "failures": Job.objects.filter(status="failed").order_by("-created_at")[:8],
    }


@require_GET
@viewer_required
def overview(request: DashboardRequest) -> HttpResponse:
    days = _days()
    useful, corrections, feedback_totals = feedback_charts(days)
    backlog = ReviewItem.objects.filter(status="open").order_by().values("kind").annotate(
        n=Count("id"), oldest=Min("created_at"))
    statuses, matrix = queries.type_status_matrix()
    return page(request, "dashboard/overview.html", {
        "charts": [created_by_type(days), status_over_time(days), review_flow(days), useful, corrections],
        "backlog": {row["kind"]: row for row in backlog},
        "statuses": statuses, "matrix": matrix,
        "column_totals": [sum(row[1][i] for row in matrix) for i in range(len(statuses))],
        "jobs": jobs_summary(), "feedback": feedback_totals, "days": DAYS,
    })


@require_GET
@viewer_required
def playground(request: DashboardRequest) -> HttpResponse:
    """Ranked results with their score breakdown, and the exact block /api/v1/context would return."""
    data = None
    if request.GET:
        # Sensible defaults for what a short query string leaves out (as the API would).
        data = request.GET.copy()
        data.setdefault("k", "10")
        data.setdefault("token_budget", str(tenant(request).token_budget))
    form = PlaygroundForm(data, initial={"k": 10, "token_budget": tenant(request).token_budget})
    context: dict[str, Any] = {"form": form, "scopes": queries.scope_tree()}
    if form.is_valid():
        cleaned = form.cleaned_data
        try:
            context["hits"] = integrations.search(query=cleaned["query"], scopes=cleaned["scopes"],
                                                  descendants=not cleaned["exact_scopes"], types=cleaned["types"],
                                                  k=cleaned["k"] or 10)
            context["context_block"] = integrations.context(query=cleaned["query"], scopes=cleaned["scopes"],
                                                    descendants=not cleaned["exact_scopes"], types=cleaned["types"],
                                                    token_budget=cleaned["token_budget"])
        except integrations.Unavailable:
            context["unavailable"] = True
    return page(request, "dashboard/playground.html", context)
