"""What every dashboard view shares: the role decorators, the current tenant, htmx-aware answers.

One decorator per role (``viewer_required``, ``reviewer_required``, ``admin_required``) logs the
user in, picks the current tenant (the session's choice, else the one the user worked in last, else
the first by name) and keeps it for the session, records its use, activates it with ``tenant_scope``
for the whole view *and its rendering*, and refuses a too-low role with 403.
GET pages of a lower role hide the buttons through ``can`` in the template context.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from operator import attrgetter
from typing import Any, Concatenate, ParamSpec, TypeVar

from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django_htmx.http import trigger_client_event
from django_htmx.middleware import HtmxDetails

from mnemara.kernel.errors import NotFound, ServiceError
from tenants.models import Membership, Role, Tenant
from tenants.scoping import tenant_scope
from tenants.selectors import memberships_of
from tenants.services import membership_touch

P = ParamSpec("P")
R = TypeVar("R", bound=HttpResponseBase)
SESSION_TENANT = "dashboard_tenant_id"


@dataclass(frozen=True)
class Can:
    """What the current member may do; templates show or hide buttons with it."""

    review: bool
    admin: bool


class DashboardRequest(HttpRequest):
    """An HttpRequest after the role decorator ran: a logged-in user with a membership."""

    user: User
    htmx: HtmxDetails
    membership: Membership
    memberships: list[Membership]
    can: Can


def _pick(request: HttpRequest, memberships: list[Membership]) -> Membership | None:
    """The session's tenant, else the one used last, else the first by name (``memberships`` is in that order)."""
    wanted = request.session.get(SESSION_TENANT)
    chosen = next((m for m in memberships if str(m.tenant_id) == wanted), None)
    if chosen is None:
        by_use = sorted((m for m in memberships if m.last_used_at), key=attrgetter("last_used_at"), reverse=True)
        chosen = next(iter(by_use or memberships), None)
    if chosen is not None and str(chosen.tenant_id) != wanted:
        # Kept for the session: work elsewhere (another browser) must not move this one to another tenant.
        request.session[SESSION_TENANT] = str(chosen.tenant_id)
    return chosen


def role_required(role: str) -> Callable[[Callable[Concatenate[DashboardRequest, P], R]],
                                        Callable[Concatenate[HttpRequest, P], R | HttpResponse]]:
    def decorator(view: Callable[Concatenate[DashboardRequest, P], R],
                  ) -> Callable[Concatenate[HttpRequest, P], R | HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: P.args, **kwargs: P.kwargs) -> R | HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            assert isinstance(request.user, User)
            memberships = memberships_of(request.user)
            membership = _pick(request, memberships)
            if membership is None:
                return render(request, "dashboard/no_tenant.html", status=403)
            if not membership.has_role(role):
                raise PermissionDenied
            membership_touch(membership=membership)
            dashboard_request: DashboardRequest = request  # type: ignore[assignment]
            dashboard_request.membership = membership
            dashboard_request.memberships = memberships
            dashboard_request.can = Can(review=membership.has_role(Role.REVIEWER),
                                        admin=membership.has_role(Role.ADMIN))
            with tenant_scope(membership.tenant):
                try:
                    return view(dashboard_request, *args, **kwargs)
                except NotFound as exc:
                    raise Http404(exc.message) from exc
        return wrapped
    return decorator


viewer_required = role_required(Role.VIEWER)
reviewer_required = role_required(Role.REVIEWER)
admin_required = role_required(Role.ADMIN)


def actor(request: DashboardRequest) -> str:
    return f"user:{request.user.get_username()}"


def tenant(request: DashboardRequest) -> Tenant:
    return request.membership.tenant


def page(request: DashboardRequest, template: str, context: dict[str, Any] | None = None,
         status: int = 200) -> HttpResponse:
    """Render a dashboard page (or, for htmx, the same template's named partial when asked)."""
    return render(request, template, context or {}, status=status)


def toast(response: HttpResponse, text: object, level: str = "success", reswap: bool = False) -> HttpResponse:
    """Show ``text`` as a toast where the member acted (static/dashboard/app.js); ``reswap``: swap nothing."""
    trigger_client_event(response, "mnemara:toast", {"level": level, "text": str(text), "status": response.status_code})
    if reswap:
        response["HX-Reswap"] = "none"
    return response


def back(request: HttpRequest, url: str) -> HttpResponse:
    """After a write: htmx follows HX-Redirect; a plain form post gets a 303 (no resubmission)."""
    if getattr(request, "htmx", False):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url, status=303)


# Refusals the services raise that a dashboard member can meet: listed so they get translated.
KNOWN_REFUSALS = (
    gettext_noop("Only memories of the same scope can be merged."),
    gettext_noop("A deprecated memory cannot be merged; restore it first."),
    gettext_noop("Another live memory in this scope already has this content."),
    gettext_noop("Merge needs at least two different memories."),
    gettext_noop("This review item is already resolved."),
    gettext_noop("This merge can no longer be undone: its memories changed since."),
    gettext_noop("Only a pair can be merged."),
    gettext_noop("Content is empty after normalisation."),
    gettext_noop("The last owner cannot be demoted."),
    gettext_noop("The last owner cannot be removed."),
    gettext_noop("Memory not found."),
    gettext_noop("Subject not found."),
    gettext_noop("A concurrent write changed these memories; retry."),
    gettext_noop("This person is already a member."),
    gettext_noop("This invitation is for another account."),
    gettext_noop("This invitation has already been accepted."),
    gettext_noop("This invitation was declined."),
    gettext_noop("This invitation was withdrawn."),
    gettext_noop("This invitation has expired. Ask for a new one."),
    gettext_noop("An account with this email exists: sign in to accept."),
    gettext_noop("This decision can no longer be undone: its memories changed since."),
    gettext_noop("Only a pair can be kept together."),
    gettext_noop("Review item not found."),
    gettext_noop("Feedback not found."),
    gettext_noop("This feedback is already in the review queue."),
    gettext_noop("Only a correction can be reviewed."),
    gettext_noop("The memory it corrects is gone."),
    gettext_noop("The memory already says what the correction says."),
    gettext_noop("Export not found."),
    gettext_noop("This export holds data of a person erased since: re-issue it or delete it."),
    gettext_noop("The items of this chain changed since you looked: look again."),
    gettext_noop("Keep one of the chain's memories."),
    gettext_noop("Unknown page."),
    gettext_noop("Give the filter a name (at most 80 characters)."),
    gettext_noop("Choose a filter first, then save it."),
    gettext_noop("This filter is too long to save."),
    gettext_noop("You have saved as many filters here as fit: delete one first."),
    gettext_noop("You already have a saved filter with this name here."),
    gettext_noop("Saved filter not found."),
)


def refusal(exc: ServiceError) -> str:
    """A service's refusal in the member's language where we know the message (never a 500)."""
    return _(exc.message) if exc.message else _("The change was refused.")


def flash_refusal(request: HttpRequest, exc: ServiceError) -> None:
    messages.error(request, refusal(exc))
