"""The operational endpoints: GET /healthz (liveness, no auth), GET /readyz (readiness, no auth) and GET /metrics
(Prometheus, behind a token)."""

from __future__ import annotations

import hmac
import os
import threading
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from memories.extraction.worker import QueueState, queue_state
from mnemara.kernel.errors import error_body
from mnemara.kernel.handlers import RETRY_AFTER_SECONDS

# Set once this process is warm (server/runtime/serve.py's lifespan, or server/wsgi.py): its models loaded,
# its web threads connected, a request served through the whole stack.
WARM = threading.Event()


def _database() -> tuple[str, str | None]:
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server_version = cursor.fetchone()[0].split()[0]
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        row = cursor.fetchone()
    return f"postgresql {server_version}", row[0] if row else None


def _rounded(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 1)


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """What we run on, and whether the background work gets done. No auth; reveals versions and counts only.

    200 "ok"; 200 "degraded" with ``reasons`` while the web answers but queued work waits (no worker
    heartbeat while tasks wait, or a task waiting too long): a load balancer keeps sending traffic, a
    monitor alerts. 503 "error" only when the database cannot be reached.
    """
    try:
        database, pgvector = _database()
        queue = queue_state()
    except DatabaseError:
        return JsonResponse({"status": "error", "database": "unavailable", "pgvector": None,
                             "embedding_model": settings.EMBEDDING_MODEL, "reasons": ["database_unavailable"]},
                            status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    reasons = queue.degraded_reasons()
    return JsonResponse({
        "status": "degraded" if reasons else "ok",
        "database": database,
        "pgvector": pgvector,
        "embedding_model": settings.EMBEDDING_MODEL,
        "worker": {"heartbeat_age_seconds": _rounded(queue.heartbeat_age)},
        "queue": {"ready": queue.ready, "oldest_ready_age_seconds": _rounded(queue.oldest_ready_age)},
        "reasons": reasons,
    })


@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    """Whether this process should get traffic: 200 "ready" once it is warm and reaches the database; 503
    "starting" while it warms up, 503 "unavailable" without the database. ``pid`` says which process
    answered (``server.runtime.supervise`` waits until every web process has said "ready")."""
    pid = os.getpid()
    if not WARM.is_set():
        return JsonResponse({"status": "starting", "pid": pid}, status=503, headers={"Retry-After": "1"})
    try:
        _database()
    except DatabaseError:
        return JsonResponse({"status": "unavailable", "pid": pid, "reasons": ["database_unavailable"]},
                            status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    return JsonResponse({"status": "ready", "pid": pid})


class QueueCollector(Collector):
    """The queue's state, read from the database at each scrape (so it is right whichever process asks)."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        try:
            state: QueueState | None = queue_state()
        except DatabaseError:
            state = None
        yield GaugeMetricFamily("mnemara_database_up", "1 if this scrape could read the database.",
                                value=0 if state is None else 1)
        if state is None:
            return
        yield GaugeMetricFamily("mnemara_queue_ready_tasks", "Background tasks due and not yet taken.",
                                value=state.ready)
        yield GaugeMetricFamily("mnemara_queue_oldest_ready_age_seconds",
                                "How long the longest-waiting due task has waited (0: none waits).",
                                value=state.oldest_ready_age or 0.0)
        if state.heartbeat_age is not None:
            yield GaugeMetricFamily("mnemara_worker_heartbeat_age_seconds",
                                    "Seconds since the freshest background-worker heartbeat.",
                                    value=state.heartbeat_age)


class _ThisProcess(Collector):
    def collect(self) -> Iterator[Any]:
        yield from REGISTRY.collect()


def _registry() -> CollectorRegistry:
    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.MultiProcessCollector(registry)  # every process's files: both web workers and the worker
    else:
        registry.register(_ThisProcess())
    registry.register(QueueCollector())
    return registry


@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    """Prometheus text format. 404 unless MNEMARA_METRICS_TOKEN is set; then that bearer token or 401."""
    if not settings.METRICS_TOKEN:
        raise Http404
    supplied = request.headers.get("Authorization", "").encode()
    if not hmac.compare_digest(supplied, f"Bearer {settings.METRICS_TOKEN}".encode()):
        return JsonResponse(error_body("unauthenticated", "A valid metrics token is required."), status=401,
                            headers={"WWW-Authenticate": 'Bearer realm="metrics"'})
    return HttpResponse(generate_latest(_registry()), content_type=CONTENT_TYPE_LATEST)
