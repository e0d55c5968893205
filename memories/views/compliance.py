"""Compliance screens: the audit exports (weekly, made now, re-issued), their download, re-issue and deletion."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import FileResponse, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from memories import selectors
from memories.compliance.export_jobs import export_jobs_open, export_reissue, export_request
from memories.compliance.exports import export_delete, export_open
from memories.compliance.schedule import weekly_export
from mnemara.kernel.errors import ServiceError
from tenants.views.base import DashboardRequest, actor, admin_required, back, flash_refusal, page


@require_GET
@admin_required
def exports(request: DashboardRequest) -> HttpResponse:
    runs = Paginator(selectors.export_runs().order_by("-created_at"), 50).get_page(request.GET.get("page"))
    return page(request, "dashboard/exports.html", {
        "page_obj": runs, "jobs": export_jobs_open(), "schedule": weekly_export(),
        "flagged": selectors.export_runs(flagged=True).count()})


@require_POST
@admin_required
def export_now(request: DashboardRequest) -> HttpResponse:
    """An export of the last 7 days up to now, written by the worker (like POST /api/v1/exports)."""
    export_request(actor=actor(request))
    messages.success(request, _("Export queued: it appears here when the worker has written it."))
    return back(request, reverse("dashboard:exports"))


@require_POST
@admin_required
def export_reissue_view(request: DashboardRequest, export_id: uuid.UUID) -> HttpResponse:
    run = get_object_or_404(selectors.export_runs(), pk=export_id)  # another tenant's: 404
    try:
        export_reissue(export_id=run.pk, actor=actor(request))
    except ServiceError as exc:
        flash_refusal(request, exc)
    else:
        messages.success(request, _("Re-issue queued: the worker rewrites this export from what is held now."))
    return back(request, reverse("dashboard:exports"))


@require_POST
@admin_required
def export_delete_view(request: DashboardRequest, export_id: uuid.UUID) -> HttpResponse:
    run = get_object_or_404(selectors.export_runs(), pk=export_id)  # another tenant's: 404
    try:
        export_delete(export_id=run.pk, actor=actor(request))
    except ServiceError as exc:
        flash_refusal(request, exc)
    else:
        messages.success(request, _("Export deleted: its file and manifest are gone."))
    return back(request, reverse("dashboard:exports"))


@require_GET
@admin_required
def export_download(request: DashboardRequest, export_id: uuid.UUID) -> FileResponse:
    """The export file, for a signed-in admin (the API's download is for API keys)."""
    _run, path = export_open(export_id=export_id, actor=actor(request))  # a 404 when gone; audited
    return FileResponse(path.open("rb"), as_attachment=True, filename=path.name)
