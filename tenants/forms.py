"""Forms of the tenant screens: sign-in (throttled), API keys, members and roles, tenant settings."""

from __future__ import annotations

import math
from datetime import datetime, time, timedelta
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, SetPasswordForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tenants.models import Role, Tenant
from tenants.throttle import client_address, login_attempt_start, login_attempts_clear

ROLE_CHOICES = [(role.value, role.label) for role in (Role.VIEWER, Role.REVIEWER, Role.ADMIN, Role.OWNER)]


# --------------------------------------------------------------------------- login with throttling

class ThrottledLoginForm(AuthenticationForm):
    """Django's login form, refusing an identity+address pair after repeated failures for a while
    (tenants/throttle.py). Counted per address too, so an attacker cannot lock a real user out from elsewhere."""

    def clean(self) -> dict[str, Any]:
        username, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        if username is None or not password:  # Django's form checks nothing either
            return super().clean()
        address = client_address(self.request)
        locked_until = login_attempt_start(username=username, address=address)
        if locked_until is not None:
            minutes = max(1, math.ceil((locked_until - timezone.now()).total_seconds() / 60))
            raise forms.ValidationError(
                ngettext("Too many failed sign-in attempts. Wait %(minutes)d minute and try again.",
                         "Too many failed sign-in attempts. Wait %(minutes)d minutes and try again.", minutes)
                % {"minutes": minutes}, code="throttled")
        cleaned = super().clean()
        login_attempts_clear(username=username, address=address)
        return cleaned


# --------------------------------------------------------------------------- administration

class ApiKeyForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    scope_prefixes = forms.CharField(label=_("Limit to scope prefixes (optional, space-separated)"),
                                     required=False, max_length=2000)
    read_only = forms.BooleanField(label=_("Read-only"), required=False)

    def clean_scope_prefixes(self) -> list[str]:
        raw: str = self.cleaned_data["scope_prefixes"]
        return [p for p in raw.replace(",", " ").split() if p]


class InvitationForm(forms.Form):
    email = forms.EmailField(label=_("Email"))
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES, initial=Role.VIEWER.value)


class InvitationAccountForm(SetPasswordForm):
    """The first password of an invited person's new account, held to AUTH_PASSWORD_VALIDATORS
    (the unsaved user lets the similarity validator compare the password with the email)."""

    def __init__(self, email: str, data: Any = None) -> None:
        super().__init__(get_user_model()(username=email, email=email), data)
        self.fields["new_password1"].widget.attrs["autofocus"] = True


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


class AuditFilterForm(forms.Form):
    """The audit log's filters. ``action`` matches as a prefix ("review." is every review action); the time
    range is whole days in the active time zone, both ends included. A field that does not validate says so at
    the field and filters nothing."""

    action = forms.CharField(label=_("Action"), required=False, max_length=100)
    actor = forms.CharField(label=_("Actor"), required=False, max_length=300)
    target_type = forms.CharField(label=_("Target type"), required=False, max_length=40)
    target_id = forms.CharField(label=_("Target id"), required=False, max_length=100)
    since = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("Until"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def filters(self) -> dict[str, Any]:
        """What the valid fields ask for: text filters as given, the days as a [start, end) range of datetimes."""
        self.is_valid()
        data = self.cleaned_data
        found: dict[str, Any] = {name: data[name] for name in ("action", "actor", "target_type", "target_id")
                                 if data.get(name)}
        zone = timezone.get_current_timezone()
        if data.get("since"):
            found["created_at__gte"] = datetime.combine(data["since"], time.min, tzinfo=zone)
        if data.get("until"):
            found["created_at__lt"] = datetime.combine(data["until"] + timedelta(days=1), time.min, tzinfo=zone)
        return found
