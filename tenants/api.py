"""The base class of every /api/v1 view (kept apart from auth.py: DRF imports auth while loading views)."""

from __future__ import annotations

from rest_framework.views import APIView

from tenants.models import ApiKey


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
