"""The invitation link (/invitations/<token>/): the invited person accepts or declines it, signing in
first or, without an account, setting the password of a new one. Unknown, expired and used links get
a page that says so."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from mnemara.kernel.errors import ServiceError
from tenants import selectors, services
from tenants.forms import InvitationAccountForm
from tenants.models import Invitation, InvitationState
from tenants.views.base import SESSION_TENANT, refusal


def _page(request: HttpRequest, context: dict[str, object], status: int = 200) -> HttpResponse:
    assert request.resolver_match is not None
    context = {"token": request.resolver_match.kwargs["token"], **context}
    response = render(request, "dashboard/invitation.html", context, status=status)
    response["Cache-Control"] = "no-store"  # the URL is the invitation's secret
    return response


def _closed(request: HttpRequest, invitation: Invitation | None, reason: str = "") -> HttpResponse:
    """The page of a link that cannot be answered: unknown (404), or no longer pending (410)."""
    if invitation is None:
        return _page(request, {"mode": "closed", "reason": _("This invitation link is not valid.")}, status=404)
    reason = reason or _(services.INVITATION_CLOSED.get(invitation.state(), "This invitation link is not valid."))
    return _page(request, {"mode": "closed", "reason": reason}, status=410)


def _open(token: str) -> Invitation | None:
    invitation = selectors.invitation_by_token(token)
    return invitation if invitation is not None and invitation.state() == InvitationState.PENDING else None


def _here(token: str) -> str:
    return reverse("dashboard:invitation", args=[token])


@require_GET
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    found = selectors.invitation_by_token(token)
    if found is None or found.state() != InvitationState.PENDING:
        return _closed(request, found)
    if not request.user.is_authenticated:
        if selectors.account_exists(found.email):
            messages.info(request, _("Sign in to answer your invitation."))
            return redirect_to_login(_here(token))
        return _page(request, {"mode": "account", "invitation": found, "form": InvitationAccountForm(found.email)})
    if not found.is_for(request.user.get_username()):
        return _page(request, {"mode": "wrong_account"}, status=403)
    return _page(request, {"mode": "answer", "invitation": found})


def _joined(request: HttpRequest, tenant_id: object, name: str) -> HttpResponse:
    request.session[SESSION_TENANT] = str(tenant_id)
    messages.success(request, _("Welcome to %(tenant)s.") % {"tenant": name})
    return HttpResponseRedirect(reverse("dashboard:overview"), status=303)


def _refused(request: HttpRequest, invitation: Invitation, exc: ServiceError) -> HttpResponse:
    if exc.code == "wrong_account":
        return _page(request, {"mode": "wrong_account"}, status=403)
    return _closed(request, invitation, refusal(exc))


@require_POST
def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    found = _open(token)
    if found is None or not request.user.is_authenticated:
        return HttpResponseRedirect(_here(token), status=303)
    try:
        membership = services.invitation_accept(invitation=found, user=request.user)
    except ServiceError as exc:
        return _refused(request, found, exc)
    return _joined(request, membership.tenant_id, found.tenant.name)


@require_POST
def invitation_decline(request: HttpRequest, token: str) -> HttpResponse:
    found = _open(token)
    if found is None or not request.user.is_authenticated:
        return HttpResponseRedirect(_here(token), status=303)
    try:
        services.invitation_decline(invitation=found, user=request.user)
    except ServiceError as exc:
        return _refused(request, found, exc)
    return _page(request, {"mode": "closed", "reason": _("You declined the invitation to %(tenant)s.")
                           % {"tenant": found.tenant.name}})


@require_POST
def invitation_account(request: HttpRequest, token: str) -> HttpResponse:
    """A new account for the invited email, with the password given here, joined to the tenant."""
    found = _open(token)
    if found is None or request.user.is_authenticated:
        return HttpResponseRedirect(_here(token), status=303)
    form = InvitationAccountForm(found.email, request.POST)
    if not form.is_valid():
        return _page(request, {"mode": "account", "invitation": found, "form": form}, status=400)
    try:
        user, membership = services.invitation_accept_new_account(invitation=found,
                                                                  password=form.cleaned_data["new_password1"])
    except ServiceError as exc:
        if exc.code == "account_exists":
            messages.info(request, _("Sign in to answer your invitation."))
            return redirect_to_login(_here(token))
        return _closed(request, found, refusal(exc))
    assert isinstance(user, User)
    login(request, user)
    return _joined(request, membership.tenant_id, found.tenant.name)
