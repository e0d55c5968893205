"""Every error answered in one shape: DRF's exception handler for the API, and Django's error views
(400/403/404/500, CSRF failure), which answer JSON under /api/, /healthz and /readyz and a page elsewhere.

A database that cannot be reached (down, restarting, or no pooled connection free in time) is a 503
with ``Retry-After``, never a 500: ``database_unavailable`` in the API, a page on the dashboard.
"""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler

from mnemara.kernel.errors import ServiceError, error_body, field_messages, validation_failed

logger = logging.getLogger(__name__)

_DRF_CODES = {
    exceptions.ParseError: "parse_error",
    exceptions.AuthenticationFailed: "unauthenticated",
    exceptions.NotAuthenticated: "unauthenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}


# What a connection that is gone (or never came) raises; Django wraps psycopg's errors, the pool's timeout too.
DATABASE_DOWN = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 5
_DATABASE_DOWN_BODY = error_body("database_unavailable", "The database is unavailable; retry shortly.")


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        body = error_body(exc.code, exc.message, exc.fields)
        body.update(exc.extra)
        return Response(body, status=exc.status_code)
    if isinstance(exc, DATABASE_DOWN):
        return Response(_DATABASE_DOWN_BODY, status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if isinstance(exc, RequestDataTooBig):
        return Response(error_body("too_large", "The request body is too large."), status=413)
    if isinstance(exc, (Http404,)):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, SuspiciousOperation):
        return Response(error_body("bad_request", "The request was refused."), status=400)
    response = exception_handler(exc, context)
    if response is None:
        logger.exception("unhandled API error", exc_info=exc)
        return Response(error_body("server_error", "Internal server error."), status=500)
    assert isinstance(exc, exceptions.APIException)
    code = next((c for cls, c in _DRF_CODES.items() if isinstance(exc, cls)), None)
    if isinstance(exc, exceptions.ValidationError):
        failed = validation_failed(field_messages(exc.detail))
        response.data = error_body(failed.code, failed.message, failed.fields)
    else:
        message = str(exc.detail) if not isinstance(exc.detail, (dict, list)) else "Request failed."
        response.data = error_body(code or str(exc.default_code), message)
    return response


def wants_json(request: HttpRequest) -> bool:
    # /v1/, /v2/, /v3/: mem0's routes for a client whose host is the server itself (docs/mem0.md)
    return request.path.startswith(("/api/", "/mem0/", "/v1/", "/v2/", "/v3/")) or request.path in ("/healthz",
                                                                                                      "/readyz")


# What a dashboard member reads when a request made in the page (htmx) fails: the page stays as it is and
# this message appears as a toast where they are (static/dashboard/app.js shows it).
HTMX_MESSAGES = {
    400: gettext_lazy("The request could not be understood. Reload the page and try again."),
    403: gettext_lazy("Your role does not allow this. Ask an admin of your team if you need it."),
    "csrf": gettext_lazy("Your session expired or the page is too old. Reload the page and try again."),
    404: gettext_lazy("This is no longer there: it was changed, deleted or erased meanwhile. Reload the page."),
    413: gettext_lazy("That is too much to send at once. Shorten the text and try again."),
    500: gettext_lazy("Something went wrong on the server. The error was logged; try again in a moment."),
}


def _htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true" and not wants_json(request)


def htmx_error(status: int, message: object) -> HttpResponse:
    """An htmx request's failure: no swap, a toast with ``message`` (HX-Trigger ``mnemara:toast``)."""
    response = HttpResponse(status=status)
    response["HX-Trigger"] = json.dumps({"mnemara:toast": {"level": "error", "text": str(message),
                                                           "status": status}})
    response["HX-Reswap"] = "none"
    return response


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if wants_json(request):
        return JsonResponse(error_body("not_found", "Not found."), status=404)
    if _htmx(request):
        return htmx_error(404, HTMX_MESSAGES[404])
    return render(request, "errors/404.html", status=404)


def handler403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if wants_json(request):
        return JsonResponse(error_body("forbidden", "You do not have permission to do this."), status=403)
    if _htmx(request):
        return htmx_error(403, HTMX_MESSAGES[403])
    return render(request, "errors/403.html", status=403)


def handler400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    too_big = isinstance(exception, RequestDataTooBig)
    status = 413 if too_big else 400
    if wants_json(request):
        if too_big:
            return JsonResponse(error_body("too_large", "The request body is too large."), status=413)
        return JsonResponse(error_body("bad_request", "Bad request."), status=400)
    if _htmx(request):
        return htmx_error(status, HTMX_MESSAGES[status])
    return render(request, "errors/400.html", {"too_big": too_big}, status=status)


def handler500(request: HttpRequest) -> HttpResponse:
    if isinstance(sys.exc_info()[1], DATABASE_DOWN):  # Django calls this inside its except block
        return _database_unavailable(request)
    if wants_json(request):
        return JsonResponse(error_body("server_error", "Internal server error."), status=500)
    if _htmx(request):
        return htmx_error(500, HTMX_MESSAGES[500])
    return render(request, "errors/500.html", status=500)


def _database_unavailable(request: HttpRequest) -> HttpResponse:
    response: HttpResponse
    if wants_json(request):
        response = JsonResponse(_DATABASE_DOWN_BODY, status=503)
    else:
        response = render(request, "errors/503.html", status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if _htmx(request):
        return htmx_error(403, HTMX_MESSAGES["csrf"])
    return handler403(request)

