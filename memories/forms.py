"""Dashboard forms: they parse and validate input; the services do the writing."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from memories.choices import MemoryType, Status
from memories.compliance.subjects import REFERENCE_PERSON, REFERENCE_SHAPE, erasure_reference_refusal
from tenants.models import Subject

TYPE_CHOICES = [("", _("Any type")), *MemoryType.choices]
STATUS_CHOICES = [("", _("Any status")), *Status.choices]


def _confidence(label: Any) -> forms.FloatField:
    return forms.FloatField(label=label, required=False, min_value=0.0, max_value=1.0,
                            widget=forms.NumberInput(attrs={"step": "0.05", "min": "0", "max": "1"}))


# --------------------------------------------------------------------------- memories

class MemoryFilterForm(forms.Form):
    q = forms.CharField(label=_("Text"), required=False, max_length=500)
    mode = forms.ChoiceField(label=_("Match"), required=False,
                             choices=[("text", _("contains text")), ("search", _("hybrid search"))])
    scope = forms.CharField(label=_("Scope"), required=False, max_length=255)
    type = forms.ChoiceField(label=_("Type"), required=False, choices=TYPE_CHOICES)
    status = forms.ChoiceField(label=_("Status"), required=False, choices=STATUS_CHOICES)
    subject = forms.CharField(label=_("Person"), required=False, max_length=200)
    agent = forms.CharField(label=_("Agent"), required=False, max_length=200)
    conf_min = _confidence(_("Confidence from"))
    conf_max = _confidence(_("to"))


class MemoryEditForm(forms.Form):
    # Not stripped, and the line breaks a browser sends (CRLF) read as the "\n" they show: a keyed memory's content
    # is kept byte for byte (the write flow normalises the others itself).
    content = forms.CharField(label=_("Content"), widget=forms.Textarea(attrs={"rows": 4, "translate": "no"}),
                              max_length=8000, strip=False)
    type = forms.ChoiceField(label=_("Type"), choices=MemoryType.choices)
    entity = forms.CharField(label=_("Entity"), required=False, max_length=255,
                             widget=forms.TextInput(attrs={"translate": "no"}))
    confidence = forms.FloatField(label=_("Confidence"), min_value=0.0, max_value=1.0,
                                  widget=forms.NumberInput(attrs={"step": "0.05", "min": "0", "max": "1"}))
    status = forms.ChoiceField(label=_("Status"), choices=Status.choices)
    reason = forms.CharField(label=_("Reason (optional)"), required=False, max_length=500)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    EDITABLE = ("content", "type", "entity", "confidence", "status")

    def clean_content(self) -> str:
        content = str(self.cleaned_data["content"]).replace("\r\n", "\n")
        if not content.strip():
            raise forms.ValidationError(_("This field is required."), code="required")
        return content


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
                              widget=forms.Textarea(attrs={"rows": 4, "translate": "no"}))
    reason = forms.CharField(label=_("Reason (optional)"), required=False, max_length=500)

    def clean_ids(self) -> list[uuid.UUID]:
        ids: list[uuid.UUID] = self.cleaned_data["ids"]
        if len(ids) < 2:
            raise forms.ValidationError(_("Pick at least two memories to merge."), code="too_few")
        return ids


class MergeSuggestForm(forms.Form):
    # Blank: the recently changed scopes (memories.selectors.merge_suggestions_everywhere).
    scope = forms.CharField(label=_("Scope"), max_length=255, required=False)
    # Blank: each pair's model threshold decides (memories.selectors.merge_threshold); a value only narrows.
    similarity = forms.FloatField(label=_("Similarity at least"), required=False, min_value=0.0, max_value=1.0,
                                  help_text=_("Empty: each embedding model's own threshold."),
                                  widget=forms.NumberInput(attrs={"step": "0.05"}))


class ResolveForm(forms.Form):
    ACTIONS = ("accept", "reject", "keep_old", "keep_new", "keep_both", "merge")
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    content = forms.CharField(required=False, max_length=8000)
    reason = forms.CharField(required=False, max_length=500)


class BulkResolveForm(forms.Form):
    action = forms.ChoiceField(choices=[("accept", _("Accept")), ("reject", _("Reject"))])
    items = MultipleUUIDField()

    def clean_items(self) -> list[uuid.UUID]:
        items: list[uuid.UUID] = self.cleaned_data["items"]
        if not items or len(items) > 200:
            raise forms.ValidationError(_("Tick between 1 and 200 items."), code="count")
        return items


class ChainResolveForm(forms.Form):
    """One decision for an entity chain: its items as the person saw them, and the memory to keep."""

    items = MultipleUUIDField()
    keep = forms.UUIDField()
    reason = forms.CharField(required=False, max_length=500)

    def clean_items(self) -> list[uuid.UUID]:
        items: list[uuid.UUID] = self.cleaned_data["items"]
        if len(items) < 2 or len(items) > 200:
            raise forms.ValidationError(_("A chain has between 2 and 200 items."), code="count")
        return items


class BulkAllForm(forms.Form):
    """A decision over every open item a filter matches: the count and fingerprint the person confirmed."""

    action = forms.ChoiceField(choices=[("accept", _("Accept")), ("reject", _("Reject"))])
    expected = forms.IntegerField(min_value=1)
    fingerprint = forms.CharField(max_length=64)


class ReviewFilterForm(forms.Form):
    # The reasons as kinds, without the memory a stored reason names.
    REASONS = [("", _("Any reason")), ("contradicts", _("contradicting preference")),
               ("several_active", _("several active about one entity")),
               ("still_contradicts", _("still contradicts after a related decision")),
               ("inferred_write", _("inferred by a model")),
               ("low_confidence", _("confidence below the review threshold")),
               ("inferred_change", _("inferred; would change a memory")),
               ("low_confidence_change", _("below the threshold; would change a memory")),
               ("ambiguous_fact", _("maybe the same fact as another")),
               ("same_wording", _("the same in other words")),
               ("same_slot", _("another value of the same attribute")),
               ("agent_correction", _("agent correction"))]
    person = forms.CharField(label=_("Person"), required=False, max_length=200)
    scope = forms.CharField(label=_("Scope"), required=False, max_length=255)
    reason = forms.ChoiceField(label=_("Reason"), required=False, choices=REASONS)
    agent = forms.CharField(label=_("Agent"), required=False, max_length=200)


# --------------------------------------------------------------------------- people

class EraseForm(forms.Form):
    confirm = forms.CharField(label=_("Type the person's id to confirm"), max_length=200)
    reference = forms.CharField(
        label=_("Reference of the request (optional)"), required=False, max_length=64,
        help_text=_("Your reference for this erasure request, e.g. a ticket number. It is kept on the receipt: "
                    "never the person's name, email or id."))

    def __init__(self, *args: Any, subject: Subject, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.subject = subject
        self.external_id = subject.external_id

    def clean_reference(self) -> str:
        value: str = self.cleaned_data["reference"].strip()
        why = erasure_reference_refusal(value, self.subject)
        if why == REFERENCE_SHAPE:
            raise forms.ValidationError(_("A ticket or case number: letters, digits and # . _ : / - with at least "
                                          "one digit, no spaces."), code="shape")
        if why == REFERENCE_PERSON:
            raise forms.ValidationError(_("The reference holds the person's id or a word of what is held about "
                                          "them; the receipt must not say who was erased."), code="person")
        return value

    def clean_confirm(self) -> str:
        value: str = self.cleaned_data["confirm"].strip()
        if value != self.external_id:
            raise forms.ValidationError(_("That is not this person's id; nothing was erased."), code="mismatch")
        return value


# --------------------------------------------------------------------------- overview

class OverviewForm(forms.Form):
    """The overview's period: the last ``days`` days, or from ``start`` to ``end`` (at most a year)."""

    days = forms.TypedChoiceField(label=_("Period"), required=False, coerce=int, empty_value=None,
                                  choices=[(7, _("7 days")), (30, _("30 days")), (90, _("90 days"))])
    start = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start"), data.get("end")
        if bool(start) != bool(end):
            raise forms.ValidationError(_("Give both dates, or neither."), code="half")
        if start and end:
            if end < start:
                raise forms.ValidationError(_("The period ends before it starts."), code="order")
            if (end - start).days > 365:
                raise forms.ValidationError(_("A period is at most a year."), code="long")
            if end > timezone.localdate():
                raise forms.ValidationError(_("The period cannot end in the future."), code="future")
        return data


# --------------------------------------------------------------------------- search playground

class PlaygroundForm(forms.Form):
    query = forms.CharField(label=_("Query"), max_length=2000)
    scopes = forms.CharField(label=_("Scopes (space-separated)"), max_length=2000)
    exact_scopes = forms.BooleanField(label=_("Only these scopes (not their sub-scopes)"), required=False)
    types = forms.MultipleChoiceField(label=_("Types"), required=False,
                                      choices=MemoryType.choices,
                                      widget=forms.CheckboxSelectMultiple)
    k = forms.IntegerField(label=_("Results"), min_value=1, max_value=50, initial=10, required=False)
    token_budget = forms.IntegerField(label=_("Token budget"), min_value=50, max_value=100_000, required=False)

    def clean_scopes(self) -> list[str]:
        raw: str = self.cleaned_data["scopes"]
        scopes = [s.strip("/") for s in raw.replace(",", " ").split() if s.strip("/")]
        if not scopes:
            raise forms.ValidationError(_("Name at least one scope."), code="required")
        return scopes
