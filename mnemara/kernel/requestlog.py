"""One log line and one latency observation per request, named by its URL pattern, never its raw path (the
probes are observed but not logged; a process's warm-up requests neither).

Paths carry identifiers (``/api/v1/subjects/<external_id>`` names a person), so neither the server's
access log (``server/runtime/serve.py`` turns uvicorn's off) nor Django's own warnings (``Not Found: /path``, logged
by ``django.request``) may print them: ``RequestLogMiddleware`` logs the route pattern, and
``RouteOnlyFilter`` rewrites ``django.request``'s records to the same.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from mnemara.kernel.metrics import REQUEST_SECONDS

logger = logging.getLogger("mnemara.request")

# The probes supervisors and load balancers poll every few seconds (``make run``'s supervisor, many times a
# second while the processes warm up): counted in the request metrics, not logged one line each.
PROBE_ROUTES = frozenset({"/healthz", "/readyz"})
# Set in the environ of the requests a process sends itself while it warms up (``server/runtime/serve.py``):
# neither logged nor counted. A client cannot set it (its headers arrive as ``HTTP_*`` keys).
WARM_UP = "mnemara.warm_up"


def route_of(request: HttpRequest) -> str:
    """The URL pattern that answered (``api/v1/subjects/<str:external_id>``), or what kind of path it was."""
    match = getattr(request, "resolver_match", None)
    if match is not None:
        return f"/{match.route}"
    if request.path.startswith(settings.STATIC_URL):
        return "<static>"
    return "<unmatched>"


class RequestLogMiddleware:
    """Outermost middleware: sees every request's final status and its whole time inside Django."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        elapsed = time.perf_counter() - started
        if request.META.get(WARM_UP):
            return response
        route = route_of(request)
        REQUEST_SECONDS.labels(route, request.method or "", str(response.status_code)).observe(elapsed)
        if route in PROBE_ROUTES:
            return response
        match = getattr(request, "resolver_match", None)
        logger.info("%s %s %s %s %.1fms id=%s", request.method, match.view_name if match else "-", route,
                    response.status_code, elapsed * 1000, response.get("X-Request-ID", "-"))
        return response


class RouteOnlyFilter(logging.Filter):
    """For ``django.request``: "Not Found: /api/v1/subjects/alice" is logged as
    "Not Found: /api/v1/subjects/<str:external_id>"; GET /readyz's 503 while a process warms up is not logged
    as an error, and the warm-up's own requests (its deliberate 404) not at all; a refusal (403, 400: Django
    passes the exception it answered) is one line, no traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest) and (request.path == "/readyz" or request.META.get(WARM_UP)):
            return False  # "not ready yet" is an answer, not an error
        if getattr(record, "status_code", 500) < 500:
            record.exc_info = record.exc_text = None  # the client's mistake or lack of rights: not a fault
        if isinstance(request, HttpRequest) and isinstance(record.args, tuple):
            path = {request.path, request.path.encode("unicode_escape").decode("ascii")}  # log_response escapes
            record.args = tuple(route_of(request) if arg in path else arg for arg in record.args)
        return True
