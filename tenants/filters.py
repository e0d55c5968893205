"""Saved filters: a dashboard member keeps the filters they use under a name, per page, in their tenant.

A saved filter is the page's querystring without its position (``page``) and without empty fields. It is
personal (another member's, or another tenant's, is "not found") and not audited: it changes no data. An
erasure deletes every saved filter that mentions the person (``saved_filters_forget``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.http import QueryDict
from django.urls import reverse

from mnemara.kernel.errors import Conflict, NotFound, ValidationFailed
from tenants.models import FilterPage, SavedFilter

MAX_PER_PAGE = 30
NAME_MAX = 80
QUERY_MAX = 2000
# Not part of what a filter is: the position in the list, and what a form sends besides its fields.
NOT_FILTERS = frozenset({"page", "csrfmiddlewaretoken", "cursor"})


def filter_query(query: str) -> str:
    """The filter a querystring holds, as a querystring: without the page number and empty fields."""
    given = QueryDict(query)
    kept = QueryDict(mutable=True)
    for key in sorted(given):
        values = [v.strip() for v in given.getlist(key) if v.strip()]
        if key not in NOT_FILTERS and values:
            kept.setlist(key, values)
    return kept.urlencode()


def saved_filters(user: AbstractBaseUser, page: str) -> QuerySet[SavedFilter]:
    return SavedFilter.objects.filter(user_id=user.pk, page=page).order_by("name", "pk")


def saved_filter_save(*, user: AbstractBaseUser, page: str, name: str, query: str) -> SavedFilter:
    """Save the filter ``query`` of ``page`` under ``name`` for ``user`` (in the active tenant)."""
    if page not in FilterPage.values:
        raise ValidationFailed("Unknown page.", fields={"page": ["Unknown page."]})
    name = " ".join(name.split())
    if not name or len(name) > NAME_MAX:
        raise ValidationFailed("Give the filter a name (at most 80 characters).", fields={"name": ["Required."]})
    kept = filter_query(query)
    if not kept:
        raise ValidationFailed("Choose a filter first, then save it.", fields={"query": ["Empty."]})
    if len(kept) > QUERY_MAX:
        raise ValidationFailed("This filter is too long to save.", fields={"query": ["Too long."]})
    if saved_filters(user, page).count() >= MAX_PER_PAGE:
        raise ValidationFailed("You have saved as many filters here as fit: delete one first.",
                               fields={"name": ["Too many."]})
    try:
        with transaction.atomic():
            return SavedFilter.objects.create(user_id=user.pk, page=page, name=name, query=kept)
    except IntegrityError as exc:
        raise Conflict("You already have a saved filter with this name here.", code="duplicate_name") from exc


def saved_filter_delete(*, user: AbstractBaseUser, filter_id: int) -> SavedFilter:
    found = SavedFilter.objects.filter(user_id=user.pk, pk=filter_id).first()
    if found is None:
        raise NotFound("Saved filter not found.", code="saved_filter_not_found")
    found.delete()
    return found


def _number(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


def _mentions(value: str, identifiers: list[str], texts: list[str]) -> bool:
    folded = value.casefold()
    if _number(folded):  # a bound (confidence 0.123) is not person 123; a person filter "123" is
        return folded in identifiers
    if any(re.search(rf"(?<!\w){re.escape(i)}(?!\w)", folded) for i in identifiers):
        return True
    # Words of the person's memories (a search for them): any value of three characters or more that one of
    # their texts contains.
    return len(folded) >= 3 and any(folded in t for t in texts)


def saved_filters_forget(*, identifiers: Iterable[str], texts: Iterable[str]) -> int:
    """Delete the active tenant's saved filters (every member's) that mention a person: one of their
    ``identifiers`` (external id, subject id) as a whole word of a value, or a value found in one of their
    ``texts`` (what their memories say). Part of an erasure, in its transaction. Returns how many went."""
    ids = [i.casefold() for i in identifiers if i]
    folded = [t.casefold() for t in texts if t]
    doomed = [f.pk for f in SavedFilter.objects.all().only("pk", "query")
              if any(_mentions(v, ids, folded) for _key, values in QueryDict(f.query).lists() for v in values)]
    if doomed:
        SavedFilter.objects.filter(pk__in=doomed).delete()
    return len(doomed)


def filters_box(user: AbstractBaseUser, page: str, query: str) -> dict[str, object]:
    """What the saved-filters box of ``page`` shows: the member's saved filters as links, and the current
    filter (``query``) to save."""
    return {"filter_page": page, "saved": list(saved_filters(user, page)), "base_url": reverse(f"dashboard:{page}"),
            "query": filter_query(query)}
