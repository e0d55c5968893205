from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from tenants import scoping


class TenantMiddleware:
    """Every request starts with no tenant and ends with none, whatever happened inside it.

    The API activates the key's tenant during authentication; the dashboard activates the member's
    current tenant in its view decorator. Nothing leaks from one request to the next.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = scoping.activate(None)
        try:
            return self.get_response(request)
        finally:
            scoping.deactivate(token)
