"""Background tasks of the compliance side. They only call services.

``maintenance`` is the scheduler-friendly form of ``manage.py run_maintenance``: idempotent (the
weekly export is written once per ISO week, purges only remove what is past retention), so any
scheduler may enqueue it as often as it likes.
"""

from __future__ import annotations

from typing import Any

from django_tasks import task

from memories.compliance.retention import maintenance_run


@task()
def maintenance(compact: bool = False) -> dict[str, Any]:
    return maintenance_run(compact=compact)
