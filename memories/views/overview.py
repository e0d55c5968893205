"""The overview (is memory quality getting better or worse? each figure against the previous period of
the same length, server-drawn charts with their numbers as tables) and the search playground."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from memories import selectors, stats
from memories.choices import MemoryType, Status
from memories.compliance.subjects import subject_profile_brief
from memories.forms import OverviewForm, PlaygroundForm
from memories.recall.context import context_build
from memories.recall.search import search_result
from memories.templatetags.dashboard import label
from memories.views import charts
from tenants.views.base import DashboardRequest, page, tenant, viewer_required

DEFAULT_DAYS = 30


@dataclass
class Figure:
    """A number of the period beside the previous period's; ``better`` says which way is good."""

    key: str
    label: str | Promise
    value: float | None
    previous: float | None
    rate: bool = False
    better: str = ""  # "up", "down" or "" (neither)
    url: str = ""

    @property
    def change(self) -> float | None:
        if self.value is None or self.previous is None:
            return None
        return self.value - self.previous

    @property
    def trend(self) -> str:
        """better, worse or same: the class (and the words) of the change."""
        change = self.change
        if change is None or abs(change) < (0.005 if self.rate else 0.5) or not self.better:
            return "same"
        return "better" if (change > 0) == (self.better == "up") else "worse"


def period_of(request: DashboardRequest) -> tuple[stats.Period, OverviewForm]:
    form = OverviewForm(request.GET or None)
    today = timezone.localdate()
    if form.is_valid() and form.cleaned_data.get("start") and form.cleaned_data.get("end"):
        return stats.Period(form.cleaned_data["start"], form.cleaned_data["end"]), form
    days = (form.cleaned_data.get("days") if form.is_valid() else None) or DEFAULT_DAYS
    return stats.Period(today - timedelta(days=days - 1), today), form


def figures(period: stats.Period) -> list[Figure]:
    now, before = stats.quality(period), stats.quality(period.previous())
    review = reverse("dashboard:review")
    inbox = reverse("dashboard:feedback")
    return [
        Figure("contradictions", gettext_lazy("live contradictions"), now["contradictions"], before["contradictions"],
               better="down", url=review + "?kind=conflict"),
        Figure("correction_rate", gettext_lazy("corrections per memory written"), now["correction_rate"],
               before["correction_rate"], rate=True, better="down", url=inbox + "?kind=correction"),
        Figure("reject_rate", gettext_lazy("proposed memories rejected in review"), now["reject_rate"],
               before["reject_rate"], rate=True, better="down", url=review + "?tab=resolved"),
        Figure("useful_share", gettext_lazy("recalled memories rated useful"), now["useful_share"],
               before["useful_share"], rate=True, better="up", url=inbox + "?kind=not_useful"),
        Figure("written", gettext_lazy("memories written"), now["written"], before["written"],
               url=reverse("dashboard:memories")),
        Figure("opened", gettext_lazy("review items opened"), now["opened"], before["opened"], better="down",
               url=review),
        Figure("decisions", gettext_lazy("review decisions"), now["decisions"], before["decisions"],
               url=review + "?tab=resolved"),
        Figure("corrections", gettext_lazy("corrections from agents"), now["corrections"], before["corrections"],
               better="down", url=inbox + "?kind=correction"),
    ]


def charts_of(days: list[date]) -> list[tuple[str, charts.Chart]]:
    created = stats.created_per_day_by_type(days)
    status = stats.status_per_day(days)
    opened, resolved = stats.reviews_per_day(days)
    feedback = stats.feedback_per_day(days)
    useful = [(feedback[d][0] / feedback[d][1]) if d in feedback and feedback[d][1] else None for d in days]
    corrections = [float(feedback.get(d, (0, 0, 0))[2]) for d in days]
    not_useful = [float(feedback[d][1] - feedback[d][0]) if d in feedback else 0.0 for d in days]
    return [
        ("created", charts.bars(_("New memories per day, by type"), days, [
            charts.Series(str(label(t.value)), list(map(float, created[t.value])), f"c-type-{t.value}")
            for t in MemoryType])),
        ("status", charts.bars(_("Memories by status at the end of each day"), days, [
            charts.Series(str(label(s.value)), status[s.value], f"c-status-{s.value}") for s in Status])),
        ("review", charts.bars(_("Review items opened and resolved per day"), days, [
            charts.Series(_("opened"), list[float | None](opened), "c-opened"),
            charts.Series(_("resolved"), list[float | None](resolved), "c-resolved")], stacked=False)),
        ("useful", charts.bars(_("Share of rated recalls that were useful, per day"), days, [
            charts.Series(_("useful"), useful, "c-useful")], percent=True)),
        ("feedback", charts.bars(_("Agents' corrections and “not useful” ratings per day"), days, [
            charts.Series(_("corrections"), list[float | None](corrections), "c-correction"),
            charts.Series(_("not useful"), list[float | None](not_useful), "c-not-useful")], stacked=False)),
    ]


@require_GET
@viewer_required
def overview(request: DashboardRequest) -> HttpResponse:
    period, form = period_of(request)
    statuses, matrix = stats.type_status_matrix()
    context: dict[str, Any] = {
        "period": period, "previous": period.previous(), "form": form, "figures": figures(period),
        "charts": charts_of(period.days), "backlog": stats.review_backlog(),
        "clashes": len(selectors.entity_clashes()), "unanswered_feedback": selectors.feedback_unanswered_count(),
        "statuses": statuses, "matrix": matrix,
        "column_totals": [sum(row[1][i] for row in matrix) for i in range(len(statuses))],
        "jobs": stats.jobs_summary(), "presets": (7, 30, 90), "embeddings": stats.embedding_progress(),
    }
    return page(request, "dashboard/overview.html", context)


@require_GET
@viewer_required
def playground(request: DashboardRequest) -> HttpResponse:
    """Ranked results with their score breakdown, exactly as the API returns them (its ranking and relevance
    floor), whether anything matches well, and the exact block /api/v1/context would return."""
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
        result = search_result(query=cleaned["query"], scopes=scopes, descendants=descendants, types=types,
                               k=cleaned["k"] or 10, track_access=False)
        context["hits"], context["answerable"] = result.hits, result.answerable
        context["context_block"] = context_build(query=cleaned["query"], scopes=scopes, descendants=descendants,
                                                 types=types, token_budget=cleaned["token_budget"],
                                                 profile_of=subject_profile_brief)
    return page(request, "dashboard/playground.html", context)
