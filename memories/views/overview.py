"""The overview (numbers an admin watches, as server-drawn charts) and the search playground."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from memories import selectors, stats
from memories.choices import MemoryType
from memories.forms import PlaygroundForm
from memories.recall.context import context_build
from memories.recall.search import memory_search
from memories.templatetags.dashboard import label
from memories.views import charts
from tenants.views.base import DashboardRequest, page, tenant, viewer_required

DAYS = 30


def created_by_type(days: list[date]) -> charts.Chart:
    found = stats.created_per_day_by_type(days)
    return charts.stacked_bars(_("New memories per day, by type"), days,
                               [(str(label(t.value)), found[t.value]) for t in MemoryType])


def status_over_time(days: list[date]) -> charts.Chart:
    series = stats.status_per_day(days)
    return charts.lines(_("Memories by status"), days, [(str(label(s)), v) for s, v in series.items()])


def review_flow(days: list[date]) -> charts.Chart:
    opened, resolved = stats.reviews_per_day(days)
    return charts.lines(_("Review items opened and resolved per day"), days,
                        [(_("opened"), list[float | None](opened)), (_("resolved"), list[float | None](resolved))])


def feedback_charts(days: list[date]) -> tuple[charts.Chart, charts.Chart, dict[str, int]]:
    by_day = stats.feedback_per_day(days)
    useful_rate = [(by_day[d][0] / by_day[d][1]) if d in by_day and by_day[d][1] else None for d in days]
    corrections = [by_day.get(d, (0, 0, 0))[2] for d in days]
    totals = {"useful": sum(u for u, _, _ in by_day.values()), "rated": sum(r for _, r, _ in by_day.values()),
              "corrections": sum(corrections)}
    return (charts.lines(_("Recalled memories rated useful"), days, [(_("useful"), useful_rate)], percent=True),
            charts.stacked_bars(_("Corrections reported per day"), days, [(_("corrections"), corrections)]),
            totals)


@require_GET
@viewer_required
def overview(request: DashboardRequest) -> HttpResponse:
    days = stats.day_window(DAYS)
    useful, corrections, feedback_totals = feedback_charts(days)
    statuses, matrix = stats.type_status_matrix()
    return page(request, "dashboard/overview.html", {
        "charts": [created_by_type(days), status_over_time(days), review_flow(days), useful, corrections],
        "backlog": stats.review_backlog(),
        "statuses": statuses, "matrix": matrix,
        "column_totals": [sum(row[1][i] for row in matrix) for i in range(len(statuses))],
        "jobs": stats.jobs_summary(), "feedback": feedback_totals, "days": DAYS,
        "live_contradictions": selectors.live_contradictions(), "clashes": len(selectors.entity_clashes()),
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
    context: dict[str, Any] = {"form": form, "scopes": selectors.scope_tree()}
    if form.is_valid():
        cleaned = form.cleaned_data
        scopes, descendants, types = cleaned["scopes"], not cleaned["exact_scopes"], cleaned["types"] or None
        # The dashboard's reads are not recalls: they do not count as accesses.
        context["hits"] = memory_search(query=cleaned["query"], scopes=scopes, descendants=descendants, types=types,
                                        k=cleaned["k"] or 10, track_access=False)
        context["context_block"] = context_build(query=cleaned["query"], scopes=scopes, descendants=descendants,
                                                 types=types, token_budget=cleaned["token_budget"])
    return page(request, "dashboard/playground.html", context)
