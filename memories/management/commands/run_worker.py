from __future__ import annotations

from typing import Any

from django_tasks_db.management.commands import db_worker

from memories.extraction.worker import HeartbeatThread


class Command(db_worker.Command):
    help = ("django-tasks-db's db_worker (same options) plus a heartbeat every WORKER_HEARTBEAT_SECONDS, "
            "which GET /healthz and /metrics read")

    def handle(self, *args: Any, **options: Any) -> None:
        heartbeat = HeartbeatThread(options["worker_id"])
        heartbeat.start()
        try:
            super().handle(*args, **options)
        finally:
            heartbeat.stop()
