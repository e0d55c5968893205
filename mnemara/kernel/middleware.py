from __future__ import annotations

import contextvars
import json
import re
import uuid
from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse

from mnemara.kernel.errors import error_body
from mnemara.kernel.handlers import handler400, wants_json

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("mnemara_request_id", default="")
# What tracing tools send: a UUID, or 16-64 hex digits (W3C trace ids, hex UUIDs). Free text is not kept:
# the id goes into logs and into the append-only audit log, which an erasure cannot rewrite, and a client's
# own words there ("erase-jane-doe") could name the person.
_OPAQUE = re.compile(r"[0-9A-Fa-f]{16,64}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def request_id_for(incoming: str) -> str:
    """An opaque incoming X-Request-ID kept, else a new one (the same rule for Django's requests and /mcp)."""
    return incoming if _OPAQUE.fullmatch(incoming) else uuid.uuid4().hex


def current_request_id() -> str:
    return _request_id.get()


class RequestIdMiddleware:
    """Give every request an id (or keep a sane incoming X-Request-ID) for logs and the audit trail."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_for(request.headers.get("X-Request-ID", ""))
        token = _request_id.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            _request_id.reset(token)
        response["X-Request-ID"] = request_id
        return response


#: Answers that hold nobody's data, which caches may keep: static files (WhiteNoise sets their lifetime) and
#: the health probes.
CACHEABLE_PATHS = ("/healthz", "/readyz")


class NoStoreMiddleware:
    """``Cache-Control: no-store`` on every answer but static files and health: the API's, mem0's and the
    dashboard's answers show memories, people and audit trails, so neither the browser's cache nor a proxy
    may keep a copy that an erasure would not reach (/mcp, outside Django, sets it too)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(settings.STATIC_URL) and request.path not in CACHEABLE_PATHS:
            response["Cache-Control"] = "no-store"
        return response


def unstorable(text: str) -> bool:
    """Text PostgreSQL cannot store or compare: a NUL byte, or a lone UTF-16 surrogate."""
    return "\x00" in text or any("\ud800" <= ch <= "\udfff" for ch in text)


def unstorable_url(request: HttpRequest) -> bool:
    """Does the URL's path or query string hold text PostgreSQL cannot store (see ``unstorable``)?"""
    params = [piece for key, values in request.GET.lists() for piece in (key, *values)]
    return unstorable(request.path) or any(unstorable(piece) for piece in params)


API_PATH = "/api/v1/"
INVALID_CHARACTERS = "The URL holds a NUL byte or a lone UTF-16 surrogate, which cannot be stored or searched."


class RefuseUnstorableInputMiddleware:
    """A URL path or query string that holds a NUL byte (``%00``) or a lone surrogate gets a 400 in the
    error format (the API) or the 400 page (the dashboard) before any view runs: PostgreSQL refuses
    such text, so anywhere it reached a query it would have been a 500. The API's views check it
    themselves, after authentication (``tenants.api.TenantAPIView``): without a valid key, a 401 first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(API_PATH):
            return self.get_response(request)  # its view checks, after authenticating
        if unstorable_url(request):
            if wants_json(request):
                return JsonResponse(error_body("invalid_characters", INVALID_CHARACTERS), status=400)
            return handler400(request)
        return self.get_response(request)


class HtmxMessagesMiddleware:
    """Messages added while answering an htmx request that stays on the page (no redirect) are shown as
    toasts at once (HX-Trigger), not on whatever page loads next."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.headers.get("HX-Request") != "true" or "HX-Redirect" in response or response.status_code in (
                301, 302, 303, 307, 308) or not hasattr(request, "_messages"):
            return response
        pending = [{"level": m.level_tag or "info", "text": str(m)} for m in messages.get_messages(request)]
        if pending:
            triggers = json.loads(response["HX-Trigger"]) if "HX-Trigger" in response else {}
            triggers["mnemara:toasts"] = pending
            response["HX-Trigger"] = json.dumps(triggers)
        return response


class SecureCookiesOverTlsMiddleware:
    """Every cookie of an answer to a request that arrived over TLS (directly, or through a proxy that says so
    in ``SECURE_PROXY_SSL_HEADER``) is ``Secure``, whatever ``SECURE_COOKIES`` says: a session cookie set over
    HTTPS must never travel back over plain HTTP. (HSTS on such answers: Django's SecurityMiddleware,
    ``SECURE_HSTS_SECONDS``.) Listed before the middleware that set cookies, so it sees them all."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.is_secure():
            for morsel in response.cookies.values():
                morsel["secure"] = True
        return response
