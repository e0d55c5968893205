"""Forms of the tenant screens: sign-in (throttled), API keys, members and roles, tenant settings."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import caches
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tenants.models import Role, Tenant

LOGIN_MAX_FAILURES = 5
LOGIN_LOCKOUT_SECONDS = 15 * 60

ROLE_CHOICES = [(role.value, role.label) for role in (Role.VIEWER, Role.REVIEWER, Role.ADMIN, Role.OWNER)]


# --------------------------------------------------------------------------- login with throttling

def _client_ip(request: HttpRequest | None) -> str:
    return request.META.get("REMOTE_ADDR", "") if request is not None else ""


class ThrottledLoginForm(AuthenticationForm):
    """Django's login form, refusing a username+address pair after repeated failures for a while.

    Counted per username *and* address so an attacker cannot lock a real user out from elsewhere.
    """

    def _key(self) -> str:
        username = (self.data.get("username") or "").strip().casefold()
        return f"login-failures:{username}:{_client_ip(self.request)}"

    def clean(self) -> dict[str, Any]:
        key = self._key()
        cache = caches["shared"]  # shared by every web worker, so the limit is per site, not per process
        if cache.get(key, 0) >= LOGIN_MAX_FAILURES:
            minutes = LOGIN_LOCKOUT_SECONDS // 60
            raise forms.ValidationError(
                ngettext("Too many failed sign-in attempts. Wait %(minutes)d minute and try again.",
                         "Too many failed sign-in attempts. Wait %(minutes)d minutes and try again.", minutes)
                % {"minutes": minutes}, code="throttled")
        try:
            return super().clean()
        except forms.ValidationError:
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, LOGIN_LOCKOUT_SECONDS)
            raise


# --------------------------------------------------------------------------- administration

class ApiKeyForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    scope_prefixes = forms.CharField(label=_("Limit to scope prefixes (optional, space-separated)"),
                                     required=False, max_length=2000)
    read_only = forms.BooleanField(label=_("Read-only"), required=False)

    def clean_scope_prefixes(self) -> list[str]:
        raw: str = self.cleaned_data["scope_prefixes"]
        return [p for p in raw.replace(",", " ").split() if p]


class MemberAddForm(forms.Form):
    email = forms.EmailField(label=_("Email"))
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES, initial=Role.VIEWER.value)


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES)


class TenantSettingsForm(forms.ModelForm[Tenant]):
    class Meta:
        model = Tenant
        fields = ("name", "review_threshold", "token_budget", "task_half_life_days", "note_half_life_days",
                  "deprecated_retention_days", "session_retention_days", "export_retention_days",
                  "extraction_daily_cap")
        labels = {
            "name": _("Name"),
            "review_threshold": _("Review threshold (confidence below it goes to review)"),
            "token_budget": _("Default token budget of a memory block"),
            "task_half_life_days": _("Task half-life (days)"),
            "note_half_life_days": _("Note half-life (days)"),
            "deprecated_retention_days": _("Keep deprecated memories (days)"),
            "session_retention_days": _("Keep session turns (days)"),
            "export_retention_days": _("Keep exports (days)"),
            "extraction_daily_cap": _("Extraction jobs per day"),
        }

    # The bounds are the model fields' validators (tenants.models), which a ModelForm applies.
