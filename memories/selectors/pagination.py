"""Keyset pagination: opaque cursors (a base64 JSON list of the last row's sort values) and pages of
(created_at, id), newest first."""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet

from mnemara.kernel.errors import ValidationFailed


def encode_position(*values: str) -> str:
    """A keyset cursor: the last row's sort values, as a base64 JSON list of strings."""
    return base64.urlsafe_b64encode(json.dumps(list(values)).encode()).decode().rstrip("=")


def decode_position(cursor: str, size: int) -> list[str]:
    """The ``size`` strings of a cursor ``encode_position`` wrote; anything else is a 400."""
    try:
        values = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError, binascii.Error) as exc:
        raise ValidationFailed("Invalid cursor.", fields={"cursor": ["Not a cursor this API gave out."]}) from exc
    if not (isinstance(values, list) and len(values) == size and all(isinstance(v, str) for v in values)):
        raise ValidationFailed("Invalid cursor.", fields={"cursor": ["Not a cursor this API gave out."]})
    return values


def encode_cursor(created_at: datetime, pk: object) -> str:
    return encode_position(created_at.isoformat(), str(pk))


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    created, pk = decode_position(cursor, 2)
    try:
        return datetime.fromisoformat(created), str(uuid.UUID(pk))
    except ValueError as exc:
        raise ValidationFailed("Invalid cursor.", fields={"cursor": ["Not a cursor this API gave out."]}) from exc


def paginate(qs: QuerySet[Any], cursor: str | None, limit: int) -> tuple[list[Any], str | None]:
    """Newest first, stable under inserts: (created_at, id) keyset."""
    qs = qs.order_by("-created_at", "-id")
    if cursor:
        created, pk = decode_cursor(cursor)
        qs = qs.filter(Q(created_at__lt=created) | Q(created_at=created, id__lt=pk))
    rows = list(qs[: limit + 1])
    if len(rows) > limit:
        last = rows[limit - 1]
        return rows[:limit], encode_cursor(last.created_at, last.pk)
    return rows, None
