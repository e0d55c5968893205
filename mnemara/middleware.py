from __future__ import annotations

import contextvars
import re
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("mnemara_request_id", default="")
_VALID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def current_request_id() -> str:
    return _request_id.get()


class RequestIdMiddleware:
    """Give every request an id (or keep a sane incoming X-Request-ID) for logs and the audit trail."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        incoming = request.headers.get("X-Request-ID", "")
        request_id = incoming if _VALID.match(incoming) else uuid.uuid4().hex
        token = _request_id.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            _request_id.reset(token)
        response["X-Request-ID"] = request_id
        return response
