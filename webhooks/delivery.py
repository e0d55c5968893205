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


_THIS_HOST = ipaddress.ip_network("0.0.0.0/8")  # connect() to 0.x.x.x reaches this machine on Linux
_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052: the IPv4 address in the last 32 bits
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")  # RFC 8215: the operator picks where the address sits
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")  # deprecated ::a.b.c.d
_IPV4_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")  # SIIT ::ffff:0:a.b.c.d


def _rfc6052(ip: ipaddress.IPv6Address, prefix_length: int) -> ipaddress.IPv4Address:
    """The IPv4 address embedded after a NAT64 prefix of this length (bits 64-71, the "u" octet, skipped)."""
    value, bits = int(ip), 128
    if prefix_length < 96:
        value, bits = (value >> 64) << 56 | (value & ((1 << 56) - 1)), 120
    return ipaddress.IPv4Address((value >> (bits - prefix_length - 32)) & 0xFFFFFFFF)


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """Every IPv4 address this IPv6 address may carry to a translator, a tunnel or the host's own stack."""
    low = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    found = [low] if ip in _NAT64 or ip in _IPV4_COMPATIBLE or ip in _IPV4_TRANSLATED else []
    if ip in _NAT64_LOCAL:
        found += [_rfc6052(ip, length) for length in (48, 56, 64, 96)]
    if ip.sixtofour:
        found.append(ip.sixtofour)
    if ip.teredo:
        found += ip.teredo  # (server, client)
    if (int(ip) >> 32) & 0xFDFFFFFF == 0x00005EFE:  # ISATAP interface id (0000|0200):5efe:a.b.c.d
        found.append(low)
    return found


def _is_loopback(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return ip.is_loopback or ip.is_unspecified or (ip.version == 4 and ip in _THIS_HOST)


def _address_refusal(address: str) -> str | None:
    """An address is judged with every IPv4 address it embeds: ``64:ff9b::7f00:1`` is loopback through a NAT64
    gateway, ``2002:7f00:1::`` through a 6to4 relay, ``::ffff:127.0.0.1`` in the host's own stack."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    judged: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = [ip]
    if isinstance(ip, ipaddress.IPv6Address):
        judged = [ip.ipv4_mapped] if ip.ipv4_mapped else [ip, *_embedded_ipv4(ip)]
    if any(_is_loopback(a) for a in judged) and not settings.WEBHOOK_ALLOW_LOOPBACK:
        return LOOPBACK
    if any(not a.is_global and not _is_loopback(a) for a in judged) and not settings.WEBHOOK_ALLOW_PRIVATE:
        return PRIVATE
    return None


def url_refusal(url: str, *, resolve: bool) -> str | None:
    """Why this URL may not receive webhooks, or None. Only http(s); a literal address (or ``localhost``) is
    checked always, a host name only with ``resolve`` (at sending time: where the worker resolves it)."""
    return url_addresses(url, resolve=resolve)[0]


def url_addresses(url: str, *, resolve: bool) -> tuple[str | None, list[str]]:
    """Why this URL is refused (and no address), or None and the checked addresses to connect to, in the
    resolver's order (none for a host name without ``resolve``). A refused address among them refuses all."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return INVALID, []
    if parts.scheme not in ("http", "https") or not parts.hostname or URL_PATTERN.fullmatch(url) is None:
        return INVALID, []
    host = parts.hostname
    if host == "localhost" or host.endswith(".localhost"):
        host = "127.0.0.1"
    try:
        addresses = [str(ipaddress.ip_address(host))]
    except ValueError:
        if not resolve:
            return None, []
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError):
            return UNRESOLVED, []
        addresses = list(dict.fromkeys(str(info[4][0]).split("%", 1)[0] for info in infos))
        if not addresses:
            return UNRESOLVED, []
    for address in addresses:
        refusal = _address_refusal(address)
        if refusal:
            return refusal, []
    return None, addresses


@dataclass(frozen=True)
class Outcome:
    ok: bool
    status_code: int | None = None
    error: str = ""


def send(*, url: str, secret: str, msg_id: str, timestamp: int, payload: dict[str, Any]) -> Outcome:
    """One POST: a 2xx answer is a delivery; anything else (a redirect too: never followed) is a failure."""
    refusal, addresses = url_addresses(url, resolve=True)
    if refusal:
        return Outcome(False, error=f"refused: {refusal}")
    body = body_bytes(payload)
    headers = {"content-type": "application/json", "user-agent": "Mnemara-Webhooks/1",
               "webhook-id": msg_id, "webhook-timestamp": str(timestamp),
               "webhook-signature": signature(secret, msg_id, timestamp, body)}
    try:
        with httpx.Client(timeout=settings.WEBHOOK_TIMEOUT_SECONDS, follow_redirects=False, trust_env=False) as client:
            response = _post_to_checked(client, url, addresses, body, headers)
    except httpx.TimeoutException:
        return Outcome(False, error="timeout")
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        return Outcome(False, error=f"connection_error: {type(exc).__name__}")
    if 200 <= response.status_code < 300:
        return Outcome(True, response.status_code)
    # The receiver's body is never kept: it may echo anything.
    return Outcome(False, response.status_code, f"http_{response.status_code}")


def _post_to_checked(client: httpx.Client, url: str, addresses: list[str], body: bytes,
                     headers: dict[str, str]) -> httpx.Response:
    """POST to the first of the checked ``addresses`` that takes the connection, never to a name resolved
    again (a resolver that answers differently the second time cannot redirect it). The URL's host stays in
    the ``Host`` header and in TLS: the SNI and the certificate check name it."""
    target = httpx.URL(url)
    headers = {**headers, "host": target.netloc.decode("ascii")}
    extensions = {"sni_hostname": target.raw_host.decode("ascii")} if target.scheme == "https" else {}
    for address in addresses[:-1]:
        try:
            return client.post(target.copy_with(host=address), content=body, headers=headers, extensions=extensions)
        except httpx.ConnectError:
            continue
    return client.post(target.copy_with(host=addresses[-1]), content=body, headers=headers, extensions=extensions)
