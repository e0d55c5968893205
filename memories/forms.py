"""Dashboard forms: they parse and validate input; the services do the writing."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import caches
from django.core.validators import MaxValueValidator, MinValueValidator
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from memories.models import MemoryType, Status
from tenants.models import Role, Tenant

LOGIN_MAX_FAILURES = 5
LOGIN_LOCKOUT_SECONDS = 15 * 60

TYPE_CHOICES = [("", _("Any type")), *[(t.value, t.value) for t in MemoryType]]
STATUS_CHOICES = [("", _("Any status")), *[(s.value, s.value) for s in Status]]
ROLE_CHOICES = [(Role.VIEWER.value, _("viewer")), (Role.REVIEWER.value, _("reviewer")),
                (Role.ADMIN.value, _("admin")), (Role.OWNER.value, _("owner"))]


def _confidence(label: Any) -> forms.FloatField:
    return forms.FloatField(label=label, required=False, min_value=0.0, max_value=1.0,
                            widget=forms.NumberInput(attrs={"step": "0.05", "min": "0", "max": "1"}))


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


# --------------------------------------------------------------------------- memories

class MemoryFilterForm(forms.Form):
    q = forms.CharField(label=_("Text"), required=False, max_length=500)
    mode = forms.ChoiceField(label=_("Match"), required=False,
                             choices=[("text", _("contains text")), ("search", _("hybrid search"))])
    scope = forms.CharField(label=_("Scope"), required=False, max_length=255)
    type = forms.ChoiceField(label=_("Type"), required=False, choices=TYPE_CHOICES)
    status = forms.ChoiceField(label=_("Status"), required=False, choices=STATUS_CHOICES)
    subject = forms.CharField(label=_("Person"), required=False, max_length=200)
    conf_min = _confidence(_("Confidence from"))
    conf_max = _confidence(_("to"))


class MemoryEditForm(forms.Form):
    content = forms.CharField(label=_("Content"), widget=forms.Textarea(attrs={"rows": 4}), max_length=8000)
    type = forms.ChoiceField(label=_("Type"), choices=[(t.value, t.value) for t in MemoryType])
    entity = forms.CharField(label=_("Entity"), required=False, max_length=255)
    confidence = forms.FloatField(label=_("Confidence"), min_value=0.0, max_value=1.0,
                                  widget=forms.NumberInput(attrs={"step": "0.05", "min": "0", "max": "1"}))
    status = forms.ChoiceField(label=_("Status"), choices=[(s.value, s.value) for s in Status])
    reason = forms.CharField(label=_("Reason (optional)"), required=False, max_length=500)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    EDITABLE = ("content", "type", "entity", "confidence", "status")


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), required=False, max_length=500)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, required=False)


class MultipleUUIDField(forms.Field):
    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[uuid.UUID]:
        values = value if isinstance(value, list | tuple) else ([value] if value else [])
        try:
            return list(dict.fromkeys(uuid.UUID(str(v)) for v in values))
        except ValueError as exc:
            raise forms.ValidationError(_("Not a memory id."), code="invalid") from exc


class MergeForm(forms.Form):
    ids = MultipleUUIDField(label=_("Memories"))
    content = forms.CharField(label=_("Merged content"), required=False, max_length=8000,
                              widget=forms.Textarea(attrs={"rows": 4}))
    reason = forms.CharField(label=_("Reason (optional)"), required=False, max_length=500)

    def clean_ids(self) -> list[uuid.UUID]:
        ids: list[uuid.UUID] = self.cleaned_data["ids"]
        if len(ids) < 2:
            raise forms.ValidationError(_("Pick at least two memories to merge."), code="too_few")
        return ids


class MergeSuggestForm(forms.Form):
    scope = forms.CharField(label=_("Scope"), max_length=255)
    similarity = forms.FloatField(label=_("Similarity at least"), required=False, initial=0.8, min_value=0.3,
                                  max_value=1.0, widget=forms.NumberInput(attrs={"step": "0.05"}))


class ResolveForm(forms.Form):
    ACTIONS = ("accept", "reject", "keep_old", "keep_new", "merge")
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    content = forms.CharField(required=False, max_length=8000)
    reason = forms.CharField(required=False, max_length=500)


# --------------------------------------------------------------------------- people

class EraseForm(forms.Form):
    confirm = forms.CharField(label=_("Type the person's id to confirm"), max_length=200)

    def __init__(self, *args: Any, external_id: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.external_id = external_id

    def clean_confirm(self) -> str:
        value: str = self.cleaned_data["confirm"].strip()
        if value != self.external_id:
            raise forms.ValidationError(_("That is not this person's id; nothing was erased."), code="mismatch")
        return value


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["review_threshold"].validators += [MinValueValidator(0.0), MaxValueValidator(1.0)]
        for name in ("task_half_life_days", "note_half_life_days"):
            self.fields[name].validators.append(MinValueValidator(0.1))
        self.fields["token_budget"].validators += [MinValueValidator(50), MaxValueValidator(100_000)]


# --------------------------------------------------------------------------- search playground

class PlaygroundForm(forms.Form):
    query = forms.CharField(label=_("Query"), max_length=2000)
    scopes = forms.CharField(label=_("Scopes (space-separated)"), max_length=2000)
    exact_scopes = forms.BooleanField(label=_("Only these scopes (not their sub-scopes)"), required=False)
    types = forms.MultipleChoiceField(label=_("Types"), required=False,
                                      choices=[(t.value, t.value) for t in MemoryType],
                                      widget=forms.CheckboxSelectMultiple)
    k = forms.IntegerField(label=_("Results"), min_value=1, max_value=50, initial=10, required=False)
    token_budget = forms.IntegerField(label=_("Token budget"), min_value=50, max_value=100_000, required=False)

    def clean_scopes(self) -> list[str]:
        raw: str = self.cleaned_data["scopes"]
        scopes = [s.strip("/") for s in raw.replace(",", " ").split() if s.strip("/")]
        if not scopes:
            raise forms.ValidationError(_("Name at least one scope."), code="required")
        return scopes
