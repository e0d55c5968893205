"""Tenant administration: API keys, members, invitations and roles, tenant settings, the audit log."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from mnemara.kernel.errors import ServiceError
from tenants import selectors, services
from tenants.actors import actor_names
from tenants.audit import audit_action_label, target_type_label
from tenants.forms import ApiKeyForm, AuditFilterForm, InvitationForm, MemberRoleForm, TenantSettingsForm
from tenants.models import ApiKey, Invitation, Role
from tenants.views.base import (
    DashboardRequest,
    actor,
    admin_required,
    back,
    flash_refusal,
    page,
    refusal,
    tenant,
    viewer_required,
)

# --------------------------------------------------------------------------- API keys


SESSION_NEW_KEY = "dashboard_new_api_key"


def _keys_page(request: DashboardRequest, form: ApiKeyForm, created: tuple[ApiKey, str] | None = None,
               status: int = 200) -> HttpResponse:
    keys = selectors.api_keys()
    context: dict[str, object] = {"form": form, "keys": keys, "created": created}
    if created is not None:
        context["base_url"] = request.build_absolute_uri("/").rstrip("/")
    response = page(request, "dashboard/api_keys.html", context, status=status)
    response["Cache-Control"] = "no-store"  # the page may carry a secret shown once
    return response


@require_http_methods(["GET", "POST"])
@admin_required
def api_keys(request: DashboardRequest) -> HttpResponse:
    """The keys; a POST creates one and redirects here (POST-redirect-GET: a reload creates nothing). The
    secret rides in the session to that one GET, which takes it out: it is shown exactly once."""
    if request.method == "GET":
        created = None
        new = request.session.pop(SESSION_NEW_KEY, None)
        if new is not None:
            key = selectors.api_keys().filter(pk=new["id"]).first()
            created = (key, new["secret"]) if key is not None else None
        return _keys_page(request, ApiKeyForm(), created=created)
    form = ApiKeyForm(request.POST)
    if not form.is_valid():
        return _keys_page(request, form, status=400)
    try:
        key, secret = services.apikey_create(tenant=tenant(request), name=form.cleaned_data["name"],
                                             scope_prefixes=form.cleaned_data["scope_prefixes"],
                                             read_only=form.cleaned_data["read_only"], actor=actor(request))
    except ServiceError as exc:
        form.add_error("scope_prefixes", refusal(exc))
        return _keys_page(request, form, status=400)
    request.session[SESSION_NEW_KEY] = {"id": str(key.pk), "secret": secret}
    return HttpResponseRedirect(reverse("dashboard:api-keys"), status=303)


@require_POST
@admin_required
def api_key_revoke(request: DashboardRequest, key_id: uuid.UUID) -> HttpResponse:
    key = get_object_or_404(selectors.api_keys(), pk=key_id)
    services.apikey_revoke(tenant=tenant(request), key_id=str(key.pk), actor=actor(request))
    messages.success(request, _("Key %(prefix)s… revoked.") % {"prefix": key.prefix})
    return back(request, reverse("dashboard:api-keys"))


# --------------------------------------------------------------------------- members


def _members_page(request: DashboardRequest, form: InvitationForm, created: tuple[Invitation, str] | None = None,
                  status: int = 200) -> HttpResponse:
    response = page(request, "dashboard/members.html", {
        "form": form, "members": selectors.memberships(), "invitations": selectors.invitations_pending(),
        "created": created, "role_form": MemberRoleForm(), "can_grant_owner": request.membership.role == Role.OWNER,
    }, status=status)
    response["Cache-Control"] = "no-store"  # the page may carry an invitation link shown once
    return response


def _may_touch(request: DashboardRequest, role: str) -> bool:
    """Only an owner grants, changes or removes the owner role."""
    return role != Role.OWNER or request.membership.role == Role.OWNER


@require_http_methods(["GET", "POST"])
@admin_required
def members(request: DashboardRequest) -> HttpResponse:
    """The members, their roles and pending invitations; a POST invites somebody by email.

    The answer to an invitation is the same whether the email has an account or not."""
    if request.method == "GET":
        return _members_page(request, InvitationForm())
    form = InvitationForm(request.POST)
    if not form.is_valid() or not _may_touch(request, form.cleaned_data["role"]):
        if form.is_valid():
            form.add_error("role", _("Only an owner can invite an owner."))
        return _members_page(request, form, status=400)
    try:
        invitation, token = services.invitation_create(
            tenant=tenant(request), email=form.cleaned_data["email"], role=form.cleaned_data["role"],
            invited_by=request.user, actor=actor(request))
    except ServiceError as exc:
        form.add_error("email", refusal(exc))
        return _members_page(request, form, status=400)
    link = request.build_absolute_uri(reverse("dashboard:invitation", args=[token]))
    return _members_page(request, InvitationForm(), created=(invitation, link))


@require_POST
@admin_required
def invitation_revoke(request: DashboardRequest, invitation_id: int) -> HttpResponse:
    invitation = get_object_or_404(selectors.invitations_pending(), pk=invitation_id)
    if not _may_touch(request, invitation.role):
        messages.error(request, _("Only an owner can withdraw an invitation to be an owner."))
    else:
        services.invitation_revoke(tenant=tenant(request), invitation_id=invitation.pk, actor=actor(request))
        messages.success(request, _("Invitation for %(email)s withdrawn.") % {"email": invitation.email})
    return back(request, reverse("dashboard:members"))


@require_POST
@admin_required
def member_role(request: DashboardRequest, membership_id: int) -> HttpResponse:
    membership = get_object_or_404(selectors.memberships(), pk=membership_id)
    form = MemberRoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Unknown role."))
    elif not (_may_touch(request, membership.role) and _may_touch(request, form.cleaned_data["role"])):
        messages.error(request, _("Only an owner can change an owner's role or make someone an owner."))
    else:
        try:
            services.member_role_change(tenant=tenant(request), membership_id=membership.pk,
                                        role=form.cleaned_data["role"], actor=actor(request))
            messages.success(request, _("Role changed."))
        except ServiceError as exc:
            flash_refusal(request, exc)
    return back(request, reverse("dashboard:members"))


@require_POST
@admin_required
def member_remove(request: DashboardRequest, membership_id: int) -> HttpResponse:
    membership = get_object_or_404(selectors.memberships(), pk=membership_id)
    if not _may_touch(request, membership.role):
        messages.error(request, _("Only an owner can remove an owner."))
    else:
        try:
            services.member_remove(tenant=tenant(request), membership_id=membership.pk, actor=actor(request))
            messages.success(request, _("Member removed."))
        except ServiceError as exc:
            flash_refusal(request, exc)
    return back(request, reverse("dashboard:members"))


# --------------------------------------------------------------------------- settings


@require_http_methods(["GET", "POST"])
@admin_required
def tenant_settings(request: DashboardRequest) -> HttpResponse:
    current = tenant(request)
    form = TenantSettingsForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in TenantSettingsForm.Meta.fields}
        # The ModelForm assigned the values to the instance: compare with a fresh copy.
        current.refresh_from_db()
        services.tenant_settings_update(tenant=current, changes=changes, actor=actor(request))
        messages.success(request, _("Settings saved."))
        return back(request, reverse("dashboard:settings"))
    return page(request, "dashboard/settings.html", {"form": form},
                status=400 if request.method == "POST" else 200)


# --------------------------------------------------------------------------- the audit log


@require_GET
@viewer_required
def audit_log(request: DashboardRequest) -> HttpResponse:
    form = AuditFilterForm(request.GET)
    events = Paginator(selectors.audit_log(form.filters()), 50).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    chosen = {name: form.data.get(name, "") for name in ("action", "actor")}
    return page(request, "dashboard/audit.html", {
        "page_obj": events, "form": form, "query": query.urlencode(),
        "actions": audit_action_options(selectors.audit_actions(), chosen["action"]),
        "actors": actor_options(selectors.audit_actors(), chosen["actor"]),
        "target_types": sorted(((t, target_type_label(t)) for t in selectors.audit_target_types() if t),
                               key=lambda pair: pair[1].casefold())})


def audit_action_options(actions: list[str], chosen: str) -> list[tuple[str, str]]:
    """(code, label) of the actions the log holds, by label in the reader's language; a chosen value the log
    does not hold (a kind such as "review.", or an old saved filter) is offered as it is."""
    offered = sorted(((a, audit_action_label(a)) for a in actions), key=lambda pair: pair[1].casefold())
    return offered if not chosen or chosen in actions else [(chosen, chosen), *offered]


def actor_options(actors: list[str], chosen: str) -> list[tuple[str, str]]:
    """(actor, name) of who acted in the log: people and API keys by name, system actors as they are."""
    names = actor_names(set(actors) | ({chosen} if chosen else set()))
    return sorted(((a, names[a]) for a in names), key=lambda pair: (pair[0].split(":", 1)[0], pair[1].casefold()))
