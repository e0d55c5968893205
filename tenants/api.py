"""The base class of every /api/v1 view (kept apart from auth.py: DRF imports auth while loading views)."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.views import APIView

from mnemara.errors import NotFound, ServiceError
from mnemara.middleware import INVALID_CHARACTERS, unstorable_url
from tenants.models import ApiKey
from tenants.paths import validate_scope_path


class TenantAPIView(APIView):
    # Base of every /api/v1 view: the key's tenant is active, and scope checks are one call away. (A comment:
    # drf-spectacular would show a docstring as the description of every operation without its own.)

    #: None: decided by the HTTP method. True/False: this view writes / only reads (e.g. search is a POST).
    writes: bool | None = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # authentication, permissions, throttling: 401/403/429 first
        if unstorable_url(request):
            raise ServiceError(INVALID_CHARACTERS, code="invalid_characters")

    @property
    def api_key(self) -> ApiKey:
        key = self.request.auth
        assert isinstance(key, ApiKey)
        return key

    def actor(self) -> str:
        return self.api_key.actor()

    def allowed_scope(self, raw: object, prefix: str = "") -> str:
        """A valid scope path the key may use (bad syntax: 400). Outside the key's prefixes: 404, as
        for another tenant's data, so the scope's existence is never confirmed."""
        path = validate_scope_path(raw, prefix=prefix)
        if not self.api_key.allows_scope(path):
            raise NotFound("Scope not found.", code="scope_not_found")
        return path
