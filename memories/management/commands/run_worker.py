from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django_tasks_db.management.commands import db_worker

from memories.extraction.pipeline import extraction_warm_up
from memories.periodic import threads_stop, worker_threads_start


class Command(db_worker.Command):
    help = ("django-tasks-db's db_worker (same options) with the process's threads started: embedding pools, "
            "access counts, the index sweep, and a heartbeat every WORKER_HEARTBEAT_SECONDS (read by GET /healthz "
            "and /metrics); the extraction's models are loaded before the first task; --interval defaults to "
            "WORKER_POLL_SECONDS")

    def add_arguments(self, parser: ArgumentParser) -> None:
        super().add_arguments(parser)
        parser.set_defaults(interval=settings.WORKER_POLL_SECONDS)

    def handle(self, *args: Any, **options: Any) -> None:
        worker_threads_start(options["worker_id"])
        try:
            extraction_warm_up()
            super().handle(*args, **options)
        finally:
            threads_stop()
