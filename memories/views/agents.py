"""One agent (an API key) and what it did: the dashboard's request log, reachable from the API-keys page and
from every actor link."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from memories import selectors
from mnemara.kernel.errors import NotFound
from tenants.actors import actor_names
from tenants.views.base import DashboardRequest, page, viewer_required


@require_GET
@viewer_required
def agent(request: DashboardRequest, prefix: str) -> HttpResponse:
    try:
        key = selectors.agent_key(prefix)
    except NotFound as exc:  # another tenant's key, or none: the same answer
        raise Http404 from exc
    activity = selectors.agent_activity(key.actor())
    request._actor_names = actor_names(  # type: ignore[attr-defined]
        {key.actor(), *(i.resolved_by for i in activity.recent_turned_down if i.resolved_by)})
    return page(request, "dashboard/agent.html", {"key": key, "activity": activity})
