"""The base class of every /api/v1 view (kept apart from auth.py: DRF imports auth while loading views)."""

from __future__ import annotations

from rest_framework.views import APIView

from mnemara.errors import NotFound
from tenants.models import ApiKey
from tenants.paths import validate_scope_path


class TenantAPIView(APIView):
    """Base of every /api/v1 view: the key's tenant is active, and scope checks are one call away."""

    #: None: decided by the HTTP method. True/False: this view writes / only reads (e.g. search is a POST).
    writes: bool | None = None

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
