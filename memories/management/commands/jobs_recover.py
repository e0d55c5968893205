"""Re-queue (or fail) running jobs whose worker died, now, in every tenant.

Each claim already arms a watchdog task that does this when the attempt's lease ends; this command is
for operators and for worker start (``make run``), so a crash is handled without waiting for it.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from memories.extraction.tasks import jobs_recover_stale


class Command(BaseCommand):
    help = "Re-queue running jobs whose lease ran out (their worker died); fail those out of attempts."

    def handle(self, *args: Any, **options: Any) -> None:
        counts = jobs_recover_stale()
        summary = ", ".join(f"{action}: {n}" for action, n in sorted(counts.items())) or "no stale jobs"
        self.stdout.write(summary)
