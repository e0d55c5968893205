"""Re-queue (or fail) running jobs whose worker died, now, in every tenant, and every other task a dead worker
left running (webhook deliveries, exports, re-embedding, maintenance, ...: ``TASK_RECOVERY``).

Each claim already arms a watchdog task that does this when the attempt's lease ends, and every worker does it
at its start and each heartbeat; this command is for operators, so a crash is handled without waiting for it.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from memories.extraction.tasks import jobs_recover_orphaned, jobs_recover_stale
from memories.extraction.worker import task_rows_recover


class Command(BaseCommand):
    help = ("Re-queue running jobs whose lease ran out or whose worker stopped, and the queue rows of every task "
            "a stopped worker left running; fail those out of attempts.")

    def handle(self, *args: Any, **options: Any) -> None:
        counts: dict[str, int] = {}
        for found in (jobs_recover_stale(), jobs_recover_orphaned(), task_rows_recover()):
            for action, n in found.items():
                counts[action] = counts.get(action, 0) + n
        summary = ", ".join(f"{action}: {n}" for action, n in sorted(counts.items())) or "no stale jobs"
        self.stdout.write(summary)
