"""Template helpers of the dashboard: translated labels for stored values, navigation state, formatting."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django import template
from django.db.models import TextChoices
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from memories import selectors
from memories.choices import VOCABULARIES, ReviewReason, VersionReason, reason_words
from memories.write.text import text_diff
from tenants.actors import USER, actor_key_prefix, actor_names
from tenants.audit import audit_action_label, target_type_label
from tenants.filters import filters_box
from tenants.models import Role
from tenants.scoping import active_tenant_or_none

register = template.Library()

# Stored values (English identifiers in the database and the API) shown in the member's language: the
# labels of every vocabulary (a value shared by two vocabularies has one label: tested) ...
VOCABULARY_CLASSES: tuple[type[TextChoices], ...] = (*VOCABULARIES, Role)
LABELS: dict[str, Promise | str] = {value: label for vocabulary in VOCABULARY_CLASSES
                                    for value, label in vocabulary.choices}
# ... and the names of score parts, history fields and erasure-receipt counts.
LABELS |= {
    "vector": _("vector"),
    "lexical": _("lexical"), "recency": _("recency"), "content": _("content"), "type": _("type"),
    "entity": _("entity"), "confidence": _("confidence"), "status": _("status"), "provenance": _("provenance"),
    "scope_path": _("scope"), "source_session": _("session"), "subject_id": _("person"),
    # erasure receipt counts
    "memories": _("memories"), "memory_versions": _("memory versions"), "embeddings": _("embeddings"),
    "sessions": _("sessions"), "session_turns": _("session turns"), "session_summaries": _("session summaries"),
    "review_items": _("review items"), "feedback": _("feedback"), "jobs_cancelled": _("jobs cancelled"),
    "jobs_scrubbed": _("jobs scrubbed"), "queued_tasks_deleted": _("queued tasks deleted"),
    "subjects": _("people"), "scopes": _("scopes"), "saved_filters": _("saved filters"),
    "mentions_redacted": _("memories naming them, name redacted"),
    "mentions_deleted": _("memories only about them, deleted"),
    "mentions_kept": _("memories naming them, kept with a reason"),
}


@register.filter
def label(value: object) -> object:
    return LABELS.get(str(value), value)


@register.filter
def pct(value: float | None) -> str:
    return "–" if value is None else f"{round(float(value) * 100)}%"


@register.filter
def signed(value: float | None) -> str:
    """A change with its sign: +3, −2, 0."""
    if value is None:
        return "–"
    n = round(float(value))
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


@register.filter
def points(value: float | None) -> str:
    """A change of a share in percentage points, with its sign."""
    return "–" if value is None else signed(float(value) * 100)


@register.filter
def score(value: float | None) -> str:
    return "–" if value is None else f"{float(value):.3f}"


@register.filter
def unit(value: float | None) -> str:
    """A 0..1 measure as people read it (a cosine below 0 says as little as 0)."""
    return "–" if value is None else f"{min(1.0, max(0.0, float(value))):.2f}"


@register.filter
def pretty_json(value: Any) -> str:
    """Indented JSON as text (autoescaped by the template like any other text)."""
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True, default=str)


@register.filter
def get(mapping: dict[Any, Any] | None, key: Any) -> Any:
    return (mapping or {}).get(key)


@register.simple_tag
def open_review_count() -> int:
    if active_tenant_or_none() is None:
        return 0
    return selectors.review_open_count()


@register.simple_tag
def example_scope(api_key: Any) -> dict[str, Any]:
    """The scope the new key's snippets use: the busiest one it may read (``real``), else an example path."""
    prefixes = list(getattr(api_key, "scope_prefixes", None) or [])
    found = selectors.busiest_scope(prefixes) if active_tenant_or_none() is not None else None
    return {"path": found or (prefixes[0] if prefixes else "user/123"), "real": found is not None}


@register.simple_tag
def memories_gone(events: Any) -> dict[str, str]:
    """For an audit page: which memory targets no longer open (erased or deleted), in one query."""
    if active_tenant_or_none() is None:
        return {}
    return selectors.memory_targets_gone(e.target_id for e in events if e.target_type == "memory")


@register.simple_tag
def page_window(page_obj: Any) -> list[int | str]:
    """The page numbers to offer: the first, the last, two either side of this one; "…" for the gaps."""
    paginator = page_obj.paginator
    return list(paginator.get_elided_page_range(page_obj.number, on_each_side=2, on_ends=1))


@register.simple_tag
def audit_scopes(events: Any) -> dict[int, str]:
    """For an audit page: the scope path of each event about something that has one (one query per kind)."""
    if active_tenant_or_none() is None:
        return {}
    return selectors.audit_scope_paths(events)


@register.filter
def without(data: Any, key: str) -> Any:
    """A dict without ``key`` (an audit event's data without what a column already shows)."""
    return {k: v for k, v in data.items() if k != key} if isinstance(data, dict) else data


@register.simple_tag(takes_context=True)
def current(context: template.Context, *names: str) -> str:
    """``aria-current="page"`` on the navigation link of the page being shown."""
    match = getattr(context.get("request"), "resolver_match", None)
    name = match.url_name if match else ""
    return "page" if name in names else "false"


# --------------------------------------------------------------------------- saved filters

@register.inclusion_tag("dashboard/_saved_filters.html", takes_context=True)
def saved_filters(context: template.Context, page: str) -> dict[str, Any]:
    """The member's saved filters of ``page`` as links, and a form to save the filter the page shows now."""
    request = context["request"]
    return {**filters_box(request.user, page, request.GET.urlencode()), "request": request,
            "csrf_token": context.get("csrf_token")}


# --------------------------------------------------------------------------- actors

@register.simple_tag(takes_context=True)
def actor(context: template.Context, value: str) -> SafeString:
    """Who did it, in words: an API key's name linked to its agent page, a person's name linked to their
    events in the audit log, a system actor as it is; the stored actor string is the tooltip. Names are
    resolved once per request and actor (``tenants.actors``, within the active tenant)."""
    if not value:
        return mark_safe("–")
    request = context.get("request")
    known: dict[str, str] = getattr(request, "_actor_names", {}) if request is not None else {}
    if value not in known and active_tenant_or_none() is not None:
        known.update(actor_names([value]))
        if request is not None:
            request._actor_names = known  # type: ignore[union-attr]
    name = known.get(value, value)
    prefix = actor_key_prefix(value)
    if prefix:
        return format_html('<a href="{}" class="actor actor-key" title="{}" translate="no">{}</a>',
                           reverse("dashboard:agent", args=[prefix]), value, name)
    if value.startswith(USER):
        return format_html('<a href="{}?{}" class="actor actor-person" title="{}" translate="no">{}</a>',
                           reverse("dashboard:audit"), urlencode({"actor": value}), value, name)
    return format_html('<span class="actor" title="{}" translate="no">{}</span>', value, name)


# --------------------------------------------------------------------------- reasons (codes + parameters)

# The attributes of memories/write/slots.py in the reader's language (a role of the speaker, "boss", is data).
SLOT_ATTRIBUTES = {
    "employer": pgettext_lazy("attribute", "employer"),
    "job": pgettext_lazy("attribute", "job"),
    "city": pgettext_lazy("attribute", "city"),
    "age": pgettext_lazy("attribute", "age"),
    "birthday": pgettext_lazy("attribute", "birthday"),
    "phone": pgettext_lazy("attribute", "phone"),
    "email": pgettext_lazy("attribute", "email"),
    "diet": pgettext_lazy("attribute", "diet"),
    "education": pgettext_lazy("attribute", "education"),
    "marital": pgettext_lazy("attribute", "marital status"),
    "role": pgettext_lazy("attribute", "role"),
    "date": pgettext_lazy("attribute", "date"),
    "address": pgettext_lazy("attribute", "address"),
    "rent": pgettext_lazy("attribute", "rent"),
    "salary": pgettext_lazy("attribute", "salary"),
    "weight": pgettext_lazy("attribute", "weight"),
    "car": pgettext_lazy("attribute", "car"),
    "smoking": pgettext_lazy("attribute", "smoking"),
    "alive": pgettext_lazy("attribute", "alive"),
    "work_city": pgettext_lazy("attribute", "city of work"),
    "weekday": pgettext_lazy("attribute", "weekday"),
    "place": pgettext_lazy("attribute", "place"),
    "plan": pgettext_lazy("attribute", "plan"),
    "study:grade": pgettext_lazy("attribute", "school year"),
    "study:major": pgettext_lazy("attribute", "field of study"),
    "commute": pgettext_lazy("attribute", "way to work"),
    "sleep": pgettext_lazy("attribute", "hours of sleep"),
    "bedtime": pgettext_lazy("attribute", "bedtime"),
    "waketime": pgettext_lazy("attribute", "time to get up"),
}
# Attributes of one thing each ("like:sushi", "habit:跑步", "count:children"), the thing being data.
SLOT_THINGS = {
    "favourite": pgettext_lazy("attribute", "favourite %(thing)s"),
    "like": pgettext_lazy("attribute", "likes %(thing)s"),
    "habit": pgettext_lazy("attribute", "habit: %(thing)s"),
    "count": pgettext_lazy("attribute", "number of %(thing)s"),
    "allergy": pgettext_lazy("attribute", "allergy: %(thing)s"),
    "study": pgettext_lazy("attribute", "studies %(thing)s"),
    "device": pgettext_lazy("attribute", "device: %(thing)s"),
    "days": pgettext_lazy("attribute", "days of %(thing)s"),
}


@register.filter
def slot_attribute(attribute: str) -> str:
    """A slot's attribute as its reader says it: "city" → 居住城市, "favourite:colour" → 最喜欢的 colour,
    "like:蓝色主题" → 喜欢 蓝色主题."""
    kind, _, thing = attribute.partition(":")
    if thing and kind in SLOT_THINGS and attribute not in SLOT_ATTRIBUTES:
        return str(SLOT_THINGS[kind]) % {"thing": thing}
    return str(SLOT_ATTRIBUTES.get(attribute, attribute))


# Values that are words of the slot's vocabulary, not data: a habit's yes or no, no employer, an employer left.
SLOT_VALUES = {
    "yes": pgettext_lazy("slot value", "yes"),
    "no": pgettext_lazy("slot value", "no"),
    "none": pgettext_lazy("slot value", "none"),
}
SLOT_LEFT = pgettext_lazy("slot value", "no longer at %(thing)s")


@register.filter
def slot_value(value: str) -> str:
    """A slot's value as its reader says it: data as it is, "no" → 否, "not:google" → 不再在 google."""
    if value in SLOT_VALUES:
        return str(SLOT_VALUES[value])
    if value.startswith("not:"):
        return str(SLOT_LEFT) % {"thing": value.removeprefix("not:")}
    return value


def _param_html(name: str, value: object) -> str:
    """A reason's parameter as HTML: a memory as a link to it, words of a vocabulary as their label, data
    (an entity, a session, a person's note) marked ``translate="no"``."""
    if name == "memory":
        return format_html('<a href="{}" class="mono memory-ref" translate="no">#{}</a>',
                           reverse("dashboard:memory", args=[value]), str(value)[:8])
    if name == "memories" and isinstance(value, list):
        return ", ".join(_param_html("memory", v) for v in value)
    if name == "action":
        return str(conditional_escape(str(label(value))))
    if name == "slot" and isinstance(value, str) and " · " in value:  # "alex · city": the person, the attribute
        person, attribute = value.rsplit(" · ", 1)
        return format_html('<code translate="no">{}</code> · {}', person, slot_attribute(attribute))
    return format_html('<code translate="no">{}</code>', value)


def _reason_html(vocabulary: type[TextChoices], code: str, params: dict[str, Any], text: str) -> SafeString:
    if not code:  # a person's own words, or an old reason no code was found for
        return format_html('<span translate="no">{}</span>', text) if text else mark_safe("")
    words = reason_words(vocabulary, code, {k: v for k, v in params.items() if k != "note"}, _param_html,
                         escape=lambda s: str(conditional_escape(s)))
    if params.get("note"):
        words += str(format_html(': <q translate="no">{}</q>', params["note"]))
    return mark_safe(words)


# What a person weighs when two memories disagree besides their words (confidence, provenance and the session
# differ between almost any two writes: each side shows them, the summary line does not repeat them).
PAIR_FIELDS = ("type", "entity", "subject_id")
# A side of a pair shows only the facts that tell it from the other side (a compact card).
SIDE_FIELDS = ("confidence", "provenance", "subject_id", "source_session", "entity")


@dataclass
class PairDiff:
    """What two memories of a review pair differ in: their words, then the fields that are not the same."""

    segments: list[tuple[str, str]]
    fields: list[str]

    @property
    def same_text(self) -> bool:
        return all(kind == "equal" for kind, _ in self.segments)


@register.filter
def pair_difference(item: Any) -> PairDiff | None:
    """A review pair's difference, older → newer, word by word; None for a single memory."""
    older, newer = item.other_memory, item.memory
    if older is None:
        return None
    return PairDiff(text_diff(older.content, newer.content),
                    [f for f in PAIR_FIELDS if getattr(older, f) != getattr(newer, f)])


@register.filter
def side_differences(item: Any) -> list[str] | None:
    """The facts the two sides of a pair differ in (what each side shows); None for a single memory (it shows
    them all)."""
    older, newer = item.other_memory, item.memory
    if older is None:
        return None
    return [f for f in SIDE_FIELDS if getattr(older, f) != getattr(newer, f)]


@register.filter
def review_reason_brief(item: Any) -> SafeString:
    """Why a review item was opened, without the note the card shows on its own (an agent's reason)."""
    params = {k: v for k, v in (item.reason_params or {}).items() if k != "note"}
    return _reason_html(ReviewReason, item.reason_code, params, item.reason)


@register.filter
def review_reason(item: Any) -> SafeString:
    """Why a review item was opened, in the reader's language."""
    return _reason_html(ReviewReason, item.reason_code, item.reason_params or {}, item.reason)


@register.filter
def version_reason(version: Any) -> SafeString:
    """Why a memory version was written, in the reader's language (a person's words as they wrote them)."""
    return _reason_html(VersionReason, version.reason_code, version.reason_params or {}, version.reason)


@register.filter
def data(value: object, css: str = "") -> SafeString:
    """People's data (an id, a path, a name) inside a translated sentence: kept as it is by translation
    tools and by the untranslated-text check (``translate="no"``)."""
    if css:
        return format_html('<span translate="no" class="{}">{}</span>', css, value)
    return format_html('<span translate="no">{}</span>', value)




@register.filter
def audit_action(action: str) -> str:
    return audit_action_label(action)


@register.filter
def target_type(name: str) -> str:
    return target_type_label(name)
