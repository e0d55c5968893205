"""Agents' feedback: corrections with their text, "not useful" ratings with what was asked; a correction
can be put to the review queue."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from memories import selectors
from memories.write.feedback import feedback_review_open
from mnemara.kernel.errors import ServiceError
from tenants.views.base import DashboardRequest, actor, back, flash_refusal, page, reviewer_required, viewer_required


@require_GET
@viewer_required
def feedback_inbox(request: DashboardRequest) -> HttpResponse:
    kind = request.GET.get("kind", "")
    kind = kind if kind in selectors.FEEDBACK_KINDS else ""
    agent = request.GET.get("agent", "")[:200]
    rows = Paginator(selectors.feedback_inbox(kind, agent), 30).get_page(request.GET.get("page"))
    return page(request, "dashboard/feedback.html", {
        "page_obj": rows, "kind": kind, "agent": agent, "agents": selectors.agents(),
        "counts": selectors.feedback_counts(),
        "memories": selectors.feedback_memories(rows.object_list)})


@require_POST
@reviewer_required
def feedback_review(request: DashboardRequest, feedback_id: uuid.UUID) -> HttpResponse:
    get_object_or_404(selectors.feedback_inbox(), pk=feedback_id)
    try:
        item = feedback_review_open(feedback_id=feedback_id, actor=actor(request))
    except ServiceError as exc:
        flash_refusal(request, exc)
        return back(request, reverse("dashboard:feedback"))
    messages.success(request, _("The correction waits in the review queue."))
    return back(request, reverse("dashboard:review") + f"#r-{item.pk}")
