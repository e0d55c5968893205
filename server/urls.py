from __future__ import annotations

from csp.decorators import csp_update
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

import memories.urls
import tenants.urls
import webhooks.urls
from server.runtime.health import healthz, metrics, readyz

urlpatterns = [
    path("healthz", csrf_exempt(healthz), name="healthz"),  # GET only: another method is a 405, not a CSRF 403
    path("readyz", csrf_exempt(readyz), name="readyz"),
    path("metrics", metrics, name="metrics"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI sets a few inline styles; its page alone may, scripts stay 'self' everywhere.
    path("api/docs/", csp_update({"style-src": ["'unsafe-inline'"]})(
        SpectacularSwaggerSplitView.as_view(url_name="schema")), name="api-docs"),
    path("api/v1/", include("memories.api.urls")),
    path("mem0/", include("memories.api.mem0")),  # mem0's own clients (docs/mem0.md); not in /api/schema/
    # The same for a mem0 client whose host is the server itself (mem0's paths all start v1/, v2/ or v3/).
    re_path(r"^(?=v[123]/)", include("memories.api.mem0")),
    path("api/v1/", include(webhooks.urls.api_urlpatterns)),
    path("i18n/", include("django.conf.urls.i18n")),
    # The dashboard: tenant screens and memory screens share the "dashboard" namespace.
    path("", include((tenants.urls.urlpatterns + memories.urls.urlpatterns + webhooks.urls.urlpatterns, "dashboard"))),
]

handler400 = "mnemara.kernel.handlers.handler400"
handler403 = "mnemara.kernel.handlers.handler403"
handler404 = "mnemara.kernel.handlers.handler404"
handler500 = "mnemara.kernel.handlers.handler500"
