"""Schemathesis hooks for ``test_schemathesis.py`` (loaded through ``SCHEMATHESIS_HOOKS``).

The schema states every rule a single value must follow. A few rules of the API relate two values, or a
value and stored data, which JSON Schema cannot say; a generated request that breaks one is answered 400
(correctly) and would count as "a valid request refused". ``before_call`` takes the offending value out
of such a request (schemathesis then classifies the request anew), for the rules named:

- ``cursor`` is an opaque token the API hands out (``next``): a made-up one is 400.
- ``If-Match`` and a body's ``version`` must agree when both are sent (else 412).
- an ``Idempotency-Key`` names one request: the run reuses generated keys across requests, which is
  (correctly) a 422; each valid key is replaced by a new UUID.
- ``valid_to`` is not before ``valid_from`` (a PATCH's: not before the stored one, so created memories start
  in the past and a PATCH's ``valid_to`` lies ahead).
- an ``expires_at`` already past hides the memory at once: the run could not read back what it created
  (``POST /memories`` and ``PUT /keys/memory`` alike).
- an API key cannot raise an inferred memory's confidence to the review threshold (0.8) in a PATCH.
- a message's ``created_at`` is not in the future, and the messages of a request never go back in time
  (sessions, extract, and each conversation of an import); an import names a conversation once (only the
  first conversation line of a generated import is kept) and an exported memory's ``valid_to`` is not
  before its ``valid_from``.
- an audit export made now (``POST /exports``) has a window that is not empty (``since`` before ``until``,
  which defaults to now) and does not reach into the future.

- a webhook's ``url`` must also pass the server's address rules (no loopback or private address, by setting),
  which are configuration, not schema: each URL the schema admits is replaced by a public one.

One fix is for schemathesis itself: its coverage phase can give an optional header a value outside the header's
own schema and still call the request schema-valid (seen: ``If-None-Match: 0`` in "all required and optional
properties"); such a value is dropped from a positive case, so the server's 400 for it is not counted as "a valid
request refused".

JSON Lines bodies (``application/x-ndjson``, the import) are written by ``ndjson``: one line per item of
the generated array. A generated body that is not an array is sent as one line holding it wrapped in an
array, so it stays what the schema calls it: not a list of line objects.

It also gives the run real people to export and erase: a generated external id is almost never one, so
half of the valid export and erase requests name a person created just before.

Hypothesis' regex strategies are built once per pattern (``regex_memo``: rebuilding them for each case was most
of the run's time).
"""

from __future__ import annotations

import json
import os
import random
import re
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import requests
import schemathesis

from tests.api import regex_memo

regex_memo.install()

REVIEW_THRESHOLD = 0.8
_IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,255}")
_WEBHOOK_URL = re.compile(r"[Hh][Tt][Tt][Pp][Ss]?://[^\x00-\x20\x7f/?#]+([/?#][^\x00-\x20\x7f]*)?")


def _when(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _fix_memory(item: Any, now: datetime) -> None:
    if not isinstance(item, dict):
        return
    valid_from = _when(item.get("valid_from"))
    if valid_from is not None and valid_from > now:
        del item["valid_from"]
        valid_from = None
    valid_to = _when(item.get("valid_to"))
    if valid_to is not None and valid_to < (valid_from or now):
        del item["valid_to"]
    expires_at = _when(item.get("expires_at"))
    if expires_at is not None and expires_at < now + timedelta(days=1):
        del item["expires_at"]


def _fix_change(body: dict[str, Any], now: datetime) -> None:
    for name in ("valid_to", "expires_at"):
        when = _when(body.get(name))
        if when is not None and when < now + timedelta(days=1):
            del body[name]
    confidence = body.get("confidence")
    if isinstance(confidence, int | float) and not isinstance(confidence, bool) and confidence >= REVIEW_THRESHOLD:
        del body["confidence"]


def _fix_export_window(body: Any, now: datetime) -> None:
    if not isinstance(body, dict):
        return
    until = _when(body.get("until"))
    if until is not None and not datetime(1, 1, 8, tzinfo=UTC) <= until <= now:
        del body["until"]  # in the future, or so early that "7 days before" is before year 1
        until = None
    since = _when(body.get("since"))
    if since is not None and since >= (until or now):
        del body["since"]


def _fix_messages(messages: Any, now: datetime) -> None:
    if not isinstance(messages, list):
        return
    previous = None
    for message in messages:
        if not isinstance(message, dict):
            continue
        when = _when(message.get("created_at"))
        if when is not None and (when > now or (previous is not None and when < previous)):
            del message["created_at"]
            when = None
        previous = when or now


def _fix_import(lines: Any, now: datetime) -> None:
    if not isinstance(lines, list):
        return
    conversations = [line for line in lines if isinstance(line, dict) and "kind" not in line]
    for extra in conversations[1:]:
        lines.remove(extra)
    for line in lines:
        if not isinstance(line, dict):
            continue
        _fix_messages(line.get("messages"), now)
        valid_from, valid_to = _when(line.get("valid_from")), _when(line.get("valid_to"))
        if valid_from is not None and valid_to is not None and valid_to < valid_from:
            del line["valid_to"]


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx: Any, value: Any) -> bytes:
    items = value if isinstance(value, list) else [[value]]
    return "".join(json.dumps(item) + "\n" for item in items).encode()


def _person() -> str:
    """A person with one memory, created through the API (the run's key and server, from the environment)."""
    external_id = f"schemathesis-{uuid.uuid4().hex[:12]}"
    response = requests.post(
        f"{os.environ['MNEMARA_TEST_URL']}/api/v1/memories", timeout=30,
        headers={"Authorization": f"Bearer {os.environ['MNEMARA_TEST_KEY']}"},
        json={"scope": f"user/{external_id}", "content": f"A memory about {external_id}", "subject": external_id})
    response.raise_for_status()
    return external_id


def _drop_invalid_optional_headers(case: Any) -> None:
    """A positive case keeps no optional header its own schema refuses (schemathesis' coverage phase makes some)."""
    for parameter in case.operation.headers:
        value = (case.headers or {}).get(parameter.name)
        if value is not None and not parameter.is_required and not parameter.is_valid(value):
            del case.headers[parameter.name]


def _fix_headers_and_query(case: Any, positive: bool) -> None:
    """No optional header a positive case's schema refuses, no cursor, no body version beside If-Match, and a new
    Idempotency-Key unless the case probes that header or Authorization."""
    if positive:
        _drop_invalid_optional_headers(case)
    if isinstance(case.query, dict):
        case.query.pop("cursor", None)
    headers = case.headers or {}
    if isinstance(case.body, dict) and "version" in case.body and "If-Match" in headers:
        del case.body["version"]
    probe = getattr(case.meta.phase, "data", None) if case.meta is not None else None
    # A probe of the Authorization or Idempotency-Key header (e.g. "no Authorization") is left exactly as made;
    # any other request gets a new key, else the coverage phase's reused keys answer 422 or replay an earlier
    # request's answer (a probe of If-Match or If-None-Match included).
    header_probe = (getattr(probe, "parameter_location", None) == "header"
                    and str(getattr(probe, "parameter", "")).lower() in ("authorization", "idempotency-key"))
    if not header_probe and _IDEMPOTENCY_KEY.fullmatch(str(headers.get("Idempotency-Key", ""))):
        case.headers["Idempotency-Key"] = str(uuid.uuid4())


def _fix_body(case: Any, method: str, path: str, now: datetime) -> None:
    """Bodies the server can take: dates in range, valid messages, a webhook URL it may call."""
    if (method, path) in (("POST", "/api/v1/memories"), ("PUT", "/api/v1/keys/memory")):
        for item in case.body if isinstance(case.body, list) else [case.body]:
            _fix_memory(item, now)
    if method == "PATCH" and isinstance(case.body, dict):
        _fix_change(case.body, now)
    if method == "POST" and (path.startswith("/api/v1/sessions/") or path == "/api/v1/extract") \
            and isinstance(case.body, dict):
        _fix_messages(case.body.get("messages"), now)
    if method == "POST" and path == "/api/v1/imports":
        _fix_import(case.body, now)
    if method == "POST" and path == "/api/v1/exports":
        _fix_export_window(case.body, now)
    if path.startswith("/api/v1/webhooks") and isinstance(case.body, dict) \
            and _WEBHOOK_URL.fullmatch(str(case.body.get("url", ""))):
        case.body["url"] = "https://example.com/hooks/schemathesis"


@schemathesis.hook
def before_call(ctx: Any, case: Any, **kwargs: Any) -> None:
    now = datetime.now(UTC)
    method, path = case.operation.method.upper(), case.operation.path
    positive = case.meta is not None and case.meta.generation.mode.is_positive
    _fix_headers_and_query(case, positive)
    _fix_body(case, method, path, now)
    if positive and path.startswith("/api/v1/subjects/") and random.random() < 0.5:
        case.path_parameters = {**(case.path_parameters or {}), "external_id": _person()}
