from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness + what we run on. No auth; reveals versions only."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            server_version = cursor.fetchone()[0].split()[0]
            cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            row = cursor.fetchone()
    except Exception:  # noqa: BLE001 - a health check reports, it does not raise
        return JsonResponse({"status": "error", "database": "unavailable", "pgvector": None,
                             "embedding_model": settings.EMBEDDING_MODEL}, status=503)
    return JsonResponse({
        "status": "ok",
        "database": f"postgresql {server_version}",
        "pgvector": row[0] if row else None,
        "embedding_model": settings.EMBEDDING_MODEL,
    })
