"""Compliance screens: the weekly audit exports and their download."""

from __future__ import annotations

import uuid

from django.core.paginator import Paginator
from django.http import FileResponse, HttpResponse
from django.views.decorators.http import require_GET

from memories import selectors
from memories.compliance.exports import export_open
from tenants.views.base import DashboardRequest, actor, admin_required, page


@require_GET
@admin_required
def exports(request: DashboardRequest) -> HttpResponse:
    runs = Paginator(selectors.export_runs().order_by("-created_at"), 50).get_page(request.GET.get("page"))
    return page(request, "dashboard/exports.html", {"page_obj": runs})


@require_GET
@admin_required
def export_download(request: DashboardRequest, export_id: uuid.UUID) -> FileResponse:
    """The export file, for a signed-in admin (the API's download is for API keys)."""
    _, path = export_open(export_id=export_id, actor=actor(request))  # a 404 when gone; audited
    return FileResponse(path.open("rb"), as_attachment=True, filename=path.name)
