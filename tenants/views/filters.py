"""Saved filters on the dashboard's lists (Memories, Review, Feedback, the audit log): save the current filter
under a name, delete one. The box answers in place (htmx); a plain form post goes back to the page."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from mnemara.kernel.errors import ServiceError
from tenants.filters import filter_query, filters_box, saved_filter_delete, saved_filter_save
from tenants.models import FilterPage
from tenants.views.base import DashboardRequest, back, page, refusal, viewer_required


def _answer(request: DashboardRequest, filter_page: str, query: str, *, error: str = "", done: str = "",
            status: int = 200) -> HttpResponse:
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif done:
            messages.success(request, done)
        return back(request, reverse(f"dashboard:{filter_page}") + (f"?{query}" if query else ""))
    context = {**filters_box(request.user, filter_page, query), "error": error, "done": done}
    return page(request, "dashboard/_saved_filters.html", context, status=status)


@require_POST
@viewer_required
def saved_filter_save_view(request: DashboardRequest) -> HttpResponse:
    filter_page, query = request.POST.get("page", ""), request.POST.get("query", "")
    if filter_page not in FilterPage.values:
        raise Http404
    try:
        saved = saved_filter_save(user=request.user, page=filter_page, name=request.POST.get("name", ""),
                                  query=query)
    except ServiceError as exc:
        return _answer(request, filter_page, query, error=refusal(exc), status=exc.status_code)
    return _answer(request, filter_page, saved.query, done=_("Filter saved as “%(name)s”.") % {"name": saved.name})


@require_POST
@viewer_required
def saved_filter_delete_view(request: DashboardRequest, filter_id: int) -> HttpResponse:
    removed = saved_filter_delete(user=request.user, filter_id=filter_id)  # another's: NotFound → 404
    return _answer(request, removed.page, filter_query(request.POST.get("query", "")),
                   done=_("Saved filter “%(name)s” deleted.") % {"name": removed.name})
