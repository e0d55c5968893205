from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from webhooks.choices import EventType


class WebhookForm(forms.Form):
    url = forms.CharField(label=_("Endpoint URL"), max_length=2000,
                          widget=forms.URLInput(attrs={"placeholder": "https://example.com/hooks/mnemara"}))
    description = forms.CharField(label=_("Description (optional)"), required=False, max_length=200)
    events = forms.MultipleChoiceField(label=_("Events"), choices=EventType.choices,
                                       widget=forms.CheckboxSelectMultiple, initial=list(EventType.values))
