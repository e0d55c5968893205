"""Idempotency keys: a create, delete or erase sent with ``Idempotency-Key: <key>`` is done once; a retry with
the same key within 24 hours gets the first answer (same status and body) and changes nothing.

A key is remembered per caller (``principal``: the API key that sent it): the same Idempotency-Key from
another API key of the tenant is another request, done on its own, and never answered with what the first
caller got. The caller's authentication and permissions run before any replay (``tenants.api.idempotent``),
and a replay that shows a scope the caller may no longer read is refused as a 404.

The answer is remembered in the same transaction as the write (``tenants.api.idempotent`` wraps the view
in one), so a write is never committed without it: a retry after a lost answer — the write done, the
answer dropped by the network — is answered, not done again (a DELETE would otherwise say 404). Two
requests with one key at once: the second waits on the key's row, then gets the first one's answer, its
own write rolled back. Only successes are remembered: a refused request wrote nothing and may be retried.

An answer shows memories (a create's, a merge's, an undone merge's) or concerns a session or a job (session
messages, an extraction): their ids are its ``resource_ids``. Deleting or erasing one of them scrubs the
remembered answer to a 410 (``answers_forget``), so no copy of their content outlives them; its retry says the
result is gone instead of writing the memory again. The key a client chose is kept only as an HMAC
(``key_digest``): it may name the person the request was about.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import uuid
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from mnemara.kernel.errors import ServiceError, ValidationFailed, error_body
from tenants.models import IdempotencyRecord

TTL = timedelta(hours=24)
_KEY = re.compile(r"[\x21-\x7e]{1,255}")  # visible ASCII: a UUID, or any token a client makes


class KeyReused(ServiceError):
    status_code = 422
    code = "idempotency_key_reused"


def key_from(header: str | None) -> str | None:
    """The request's idempotency key, None without one; a 400 for one that is not 1–255 visible ASCII."""
    if header is None:
        return None
    if not _KEY.fullmatch(header):
        raise ValidationFailed("Idempotency-Key: 1-255 visible ASCII characters, e.g. a UUID.",
                               fields={"Idempotency-Key": ["1-255 visible ASCII characters, e.g. a UUID."]})
    return header


def fingerprint(method: str, path: str, body: Any, preconditions: dict[str, str] | None = None) -> str:
    """What the request asks, keyed with the server's secret (an erasure's path names a person).
    ``preconditions`` (``If-Match``, ``If-None-Match``) are part of it: the same key with another
    precondition is another request, refused, not answered with the first one's outcome."""
    asked: list[Any] = [method, path, body, preconditions] if preconditions else [method, path, body]
    canonical = json.dumps(asked, sort_keys=True, separators=(",", ":"), default=str)
    return hmac.new(settings.SECRET_KEY.encode(), canonical.encode(), hashlib.sha256).hexdigest()


def key_digest(key: str) -> str:
    """What is stored of a client's Idempotency-Key: an HMAC keyed with the server's secret (free text a client
    chose, e.g. ``erase-jane-doe``, is never kept; the same key still finds its answer)."""
    return hmac.new(settings.SECRET_KEY.encode(), f"idempotency-key:{key}".encode(), hashlib.sha256).hexdigest()


def answer_find(key: str, principal: str, now: datetime | None = None) -> IdempotencyRecord | None:
    """The answer remembered for this caller's key in the active tenant, if it is less than 24 h old."""
    record = IdempotencyRecord.objects.filter(principal=principal, key=key_digest(key)).first()
    if record is not None and record.created_at <= (now or timezone.now()) - TTL:
        IdempotencyRecord.objects.filter(pk=record.pk).delete()  # the key is free again
        return None
    return record


def answer_check(record: IdempotencyRecord, request_fingerprint: str) -> IdempotencyRecord:
    if not hmac.compare_digest(record.fingerprint, request_fingerprint):
        raise KeyReused("This Idempotency-Key was used within 24 hours for another request; use a new key.")
    return record


def answer_scopes(body: Any) -> set[str]:
    """The scopes a remembered answer shows (a memory's, a batch's, a merge's)."""
    found: set[str] = set()
    stack = [body]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            if isinstance(item.get("scope"), str):
                found.add(item["scope"])
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
    return found


def _resource_ids(body: Any) -> list[uuid.UUID]:
    """The memories an answer shows (their ``id``), and the job it started (``job``: an extraction's)."""
    items = body if isinstance(body, list) else [body]
    if isinstance(body, dict) and isinstance(body.get("memory"), dict):  # an undone merge: it and its sources
        items = [body["memory"], *(body.get("sources") or [])]
    ids = []
    for item in items:
        for field in ("id", "job"):
            try:
                ids.append(uuid.UUID(str(item[field])))
            except (TypeError, KeyError, ValueError):
                continue
    return ids


def answer_remember(*, key: str, principal: str, request_fingerprint: str, status: int, body: Any,
                    headers: dict[str, str], resource_ids: Iterable[uuid.UUID] = ()) -> bool:
    """Remember a success inside the caller's transaction (``resource_ids``: what else it concerns, beside what
    its body shows, e.g. a session). False: another request holds the key (it committed first; the caller rolls
    its own write back and answers with that request's answer)."""
    try:
        with transaction.atomic():
            IdempotencyRecord.objects.create(key=key_digest(key), principal=principal,
                                             fingerprint=request_fingerprint, status=status, body=body,
                                             headers=headers, resource_ids=[*_resource_ids(body), *resource_ids])
    except IntegrityError:
        return False
    return True


def answers_forget(resource_ids: Iterable[uuid.UUID | str]) -> int:
    """Scrub the remembered answers that show or concern any of these memories, sessions or jobs (being deleted
    or erased): a retry gets 410 ``idempotent_answer_gone``, and no copy of their content is left."""
    ids = [uuid.UUID(str(i)) for i in resource_ids]
    if not ids:
        return 0
    gone = error_body("idempotent_answer_gone", "What this request created has since been deleted or erased.")
    return IdempotencyRecord.objects.filter(resource_ids__overlap=ids).update(
        status=410, body=gone, headers={}, resource_ids=[])


def answers_purge(*, now: datetime | None = None) -> int:
    """Delete the active tenant's answers older than 24 h (maintenance)."""
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lte=(now or timezone.now()) - TTL).delete()
    return deleted
