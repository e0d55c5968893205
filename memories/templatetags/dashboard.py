"""Template helpers of the dashboard: translated labels for stored values, navigation state, formatting."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from memories.models import ReviewItem
from tenants.scoping import active_tenant_or_none

register = template.Library()

# Stored values (English identifiers in the database and the API) shown in the member's language.
LABELS: dict[str, Promise] = {
    "fact": _("fact"), "preference": _("preference"), "task": _("task"), "summary": _("summary"),
    "note": _("note"), "stated": _("stated"), "inferred": _("inferred"), "active": _("active"),
    "pending": _("pending"), "conflicted": _("conflicted"), "deprecated": _("deprecated"),
    "conflict": _("conflict"), "create": _("created"), "update": _("updated"), "supersede": _("superseded"),
    "merge": _("merged"), "deprecate": _("deprecated"), "restore": _("restored"), "resolve": _("resolved"),
    "open": _("open"), "resolved": _("resolved"), "accept": _("accepted"), "reject": _("rejected"),
    "keep_old": _("kept the old one"), "keep_new": _("kept the new one"), "owner": _("owner"),
    "admin": _("admin"), "reviewer": _("reviewer"), "viewer": _("viewer"), "queued": _("queued"),
    "running": _("running"), "succeeded": _("succeeded"), "failed": _("failed"), "cancelled": _("cancelled"),
    "superseded": _("superseded"), "edited": _("edited"), "merged": _("merged"), "vector": _("vector"),
    "lexical": _("lexical"), "recency": _("recency"), "content": _("content"), "type": _("type"),
    "entity": _("entity"), "confidence": _("confidence"), "status": _("status"), "provenance": _("provenance"),
    "scope_path": _("scope"),
    # erasure receipt counts
    "memories": _("memories"), "memory_versions": _("memory versions"), "embeddings": _("embeddings"),
    "sessions": _("sessions"), "session_turns": _("session turns"), "session_summaries": _("session summaries"),
    "review_items": _("review items"), "feedback": _("feedback"), "jobs_cancelled": _("jobs cancelled"),
    "jobs_scrubbed": _("jobs scrubbed"), "queued_tasks_deleted": _("queued tasks deleted"),
    "subjects": _("people"), "scopes": _("scopes"),
}


@register.filter
def label(value: object) -> object:
    return LABELS.get(str(value), value)


@register.filter
def pct(value: float | None) -> str:
    return "–" if value is None else f"{round(float(value) * 100)}%"


@register.filter
def score(value: float | None) -> str:
    return "–" if value is None else f"{float(value):.3f}"


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
    return ReviewItem.objects.filter(status="open").count()


@register.simple_tag(takes_context=True)
def current(context: template.Context, *names: str) -> str:
    """``aria-current="page"`` on the navigation link of the page being shown."""
    match = getattr(context.get("request"), "resolver_match", None)
    name = match.url_name if match else ""
    return "page" if name in names else "false"
