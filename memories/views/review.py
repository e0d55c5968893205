"""The review queue: pending memories and conflict pairs, resolved in one click (or one key)."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from memories import selectors
from memories.forms import ResolveForm
from memories.write.reviews import review_resolve
from mnemara.errors import ServiceError
from tenants.views.base import DashboardRequest, actor, back, page, refusal, reviewer_required, viewer_required

if TYPE_CHECKING:
    from memories.models import ReviewItem, Session

PAGE_SIZE = 20


def _sessions(items: list[ReviewItem]) -> dict[str, Session]:
    """The sessions the memories came from (their summaries are the "why" behind a memory)."""
    return selectors.sessions_by_key(m.source_session for i in items for m in (i.memory, i.other_memory)
                                     if m and m.source_session)


@require_GET
@viewer_required
def review_queue(request: DashboardRequest) -> HttpResponse:
    kind = request.GET.get("kind", "")
    qs = selectors.review_items().select_related("memory__subject", "other_memory__subject")
    counts = dict(qs.order_by().values_list("kind").annotate(n=Count("id")).values_list("kind", "n"))
    if kind in ("pending", "conflict"):
        qs = qs.filter(kind=kind)
    items_page = Paginator(qs.order_by("created_at", "id"), PAGE_SIZE).get_page(request.GET.get("page"))
    items = list(items_page)
    return page(request, "dashboard/review.html", {
        "page_obj": items_page, "items": items, "sessions": _sessions(items), "kind": kind,
        "counts": counts, "total": sum(counts.values()),
    })


@require_POST
@reviewer_required
def review_resolve_view(request: DashboardRequest, item_id: uuid.UUID) -> HttpResponse:
    item = get_object_or_404(selectors.review_items(status=""), pk=item_id)
    form = ResolveForm(request.POST)
    if not form.is_valid():
        return page(request, "dashboard/review.html#resolved",
                    {"item": item, "error": _("Unknown action.")}, status=400)
    action = form.cleaned_data["action"]
    if action == "merge" and not request.can.admin:
        raise PermissionDenied
    try:
        item = review_resolve(item_id=item.pk, action=action, actor=actor(request),
                              content=form.cleaned_data["content"] or None, reason=form.cleaned_data["reason"])
    except ServiceError as exc:
        if not request.htmx:
            messages.error(request, refusal(exc))
            return back(request, reverse("dashboard:review"))
        return page(request, "dashboard/review.html#resolved", {"item": item, "error": refusal(exc)}, status=409)
    if not request.htmx:
        return back(request, reverse("dashboard:review"))
    return page(request, "dashboard/review.html#resolved", {"item": item})
