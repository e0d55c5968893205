"""OpenAPI description of the API-key authentication (drf-spectacular extension, loaded by TenantsConfig)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class ApiKeyAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "tenants.auth.ApiKeyAuthentication"
    name = "ApiKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer", "bearerFormat": "mn_<prefix>_<secret>",
                "description": "A tenant-bound API key: `Authorization: Bearer <api key>`."}
