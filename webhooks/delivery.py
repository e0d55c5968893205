"""Sending one delivery: the Standard Webhooks signature, the address rules, and the HTTP request.

Signature (https://www.standardwebhooks.com): the headers ``webhook-id`` (the delivery's id, the same on every
attempt), ``webhook-timestamp`` (this attempt's Unix time in seconds) and ``webhook-signature``: ``v1,`` and
the base64 HMAC-SHA256 of ``{webhook-id}.{webhook-timestamp}.{body}`` keyed with the secret's bytes (the part
after ``whsec_``, base64-decoded). Receivers verify it, and refuse a timestamp far from their clock.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import re
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx
from django.conf import settings
from django.utils.translation import gettext_noop

from webhooks.models import SECRET_PREFIX

#: What a webhook URL looks like (the API's schema says the same): http(s), a host, no space or control character.
URL_PATTERN_TEXT = r"^[Hh][Tt][Tt][Pp][Ss]?://[^\x00-\x20\x7f/?#]+([/?#][^\x00-\x20\x7f]*)?$"
URL_PATTERN = re.compile(URL_PATTERN_TEXT)

# Why a URL is refused (the dashboard translates them; a delivery's log says "refused: " and one of them).
INVALID = gettext_noop("Only http and https URLs with a host are allowed.")
LOOPBACK = gettext_noop("Loopback addresses are not allowed (MNEMARA_WEBHOOK_ALLOW_LOOPBACK).")
PRIVATE = gettext_noop("Private, link-local and reserved addresses are not allowed (MNEMARA_WEBHOOK_ALLOW_PRIVATE).")
UNRESOLVED = gettext_noop("The host name does not resolve.")


def signature(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    digest = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def body_bytes(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _address_refusal(address: str) -> str | None:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if ip.is_loopback:
        return None if settings.WEBHOOK_ALLOW_LOOPBACK else LOOPBACK
    if not ip.is_global and not settings.WEBHOOK_ALLOW_PRIVATE:
        return PRIVATE
    return None


def url_refusal(url: str, *, resolve: bool) -> str | None:
    """Why this URL may not receive webhooks, or None. Only http(s); a literal address (or ``localhost``) is
    checked always, a host name only with ``resolve`` (at sending time: where the worker resolves it)."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return INVALID
    if parts.scheme not in ("http", "https") or not parts.hostname or URL_PATTERN.fullmatch(url) is None:
        return INVALID
    host = parts.hostname
    if host == "localhost" or host.endswith(".localhost"):
        return _address_refusal("127.0.0.1")
    try:
        return _address_refusal(str(ipaddress.ip_address(host)))
    except ValueError:
        pass
    if not resolve:
        return None
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return UNRESOLVED
    for info in infos:
        refusal = _address_refusal(str(info[4][0]))
        if refusal:
            return refusal
    return None


@dataclass(frozen=True)
class Outcome:
    ok: bool
    status_code: int | None = None
    error: str = ""


def send(*, url: str, secret: str, msg_id: str, timestamp: int, payload: dict[str, Any]) -> Outcome:
    """One POST: a 2xx answer is a delivery; anything else (a redirect too: never followed) is a failure."""
    refusal = url_refusal(url, resolve=True)
    if refusal:
        return Outcome(False, error=f"refused: {refusal}")
    body = body_bytes(payload)
    headers = {"content-type": "application/json", "user-agent": "Mnemara-Webhooks/1",
               "webhook-id": msg_id, "webhook-timestamp": str(timestamp),
               "webhook-signature": signature(secret, msg_id, timestamp, body)}
    try:
        with httpx.Client(timeout=settings.WEBHOOK_TIMEOUT_SECONDS, follow_redirects=False, trust_env=False) as client:
            response = client.post(url, content=body, headers=headers)
    except httpx.TimeoutException:
        return Outcome(False, error="timeout")
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        return Outcome(False, error=f"connection_error: {type(exc).__name__}")
    if 200 <= response.status_code < 300:
        return Outcome(True, response.status_code)
    # The receiver's body is never kept: it may echo anything.
    return Outcome(False, response.status_code, f"http_{response.status_code}")
