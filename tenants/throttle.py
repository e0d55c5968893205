"""Sign-in throttling: at most ``LOGIN_MAX_ATTEMPTS`` checked attempts per identity and client address,
then a lockout of ``LOGIN_LOCKOUT``.

The identity is the username as sign-in compares it, case-folded (``normalise_identity``), so
full-width or upper-case look-alikes count against the same person. The address is the client's, so
an attacker elsewhere cannot lock a real user out (an IPv6 client counts by its /64, which one
machine usually owns whole).

An attempt is counted *before* the password is checked, in one atomic statement
(``tenants.sql.LOGIN_ATTEMPT_SQL``): of any number of simultaneous attempts, only the first five get
a count of five or less and reach the password hasher. A successful sign-in deletes its counter.
The table is shared by every process, so the limit holds across workers.
"""

from __future__ import annotations

import hashlib
import ipaddress
from datetime import datetime, timedelta

from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from tenants.models import LoginThrottle, normalise_identity
from tenants.sql import login_attempt_count

LOGIN_MAX_ATTEMPTS = 5
LOGIN_LOCKOUT = timedelta(minutes=15)


def client_address(request: HttpRequest | None) -> str:
    address = request.META.get("REMOTE_ADDR", "") if request is not None else ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _key(username: str, address: str) -> str:
    return hashlib.sha256(f"{normalise_identity(username)}\n{address}".encode()).hexdigest()


def login_attempt_start(*, username: str, address: str) -> datetime | None:
    """Count an attempt to sign in as ``username`` from ``address``: None when its password may be
    checked, else when the lockout ends."""
    now = timezone.now()
    attempts, expires_at = login_attempt_count(key=_key(username, address), now=now, until=now + LOGIN_LOCKOUT,
                                               limit=LOGIN_MAX_ATTEMPTS)
    return None if attempts <= LOGIN_MAX_ATTEMPTS else expires_at


def login_attempts_clear(*, username: str, address: str) -> None:
    """After a successful sign-in: forget its attempts, and every window that has ended."""
    LoginThrottle.objects.filter(Q(key=_key(username, address)) | Q(expires_at__lte=timezone.now())).delete()
