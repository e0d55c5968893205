"""Compute the vectors memories lack for the configured embedding models, and drop those of models no
longer configured: ``python manage.py reembed [--tenant SLUG] [--model NAME ...] [--background] [--check]``.

Adding, dropping or replacing a model is this one operation (docs/recall.md, "Re-embedding"). Runs in
the foreground with a progress bar (batches, throttled, resumable: a run killed at any moment restarts
from what is still missing), or queues one ``reembed_task`` per tenant for the worker (``--background``,
what ``make run`` does). Searches go on meanwhile: a memory without a model's vector is just not in that
model's list yet.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memories.embeddings import secondary_embedders
from memories.recall.sql import model_hnsw_ensure
from memories.write.reembed import BATCH_SIZE, DUTY, reembed_enqueue, reembed_tenant, vectors_progress
from tenants.models import Tenant
from tenants.scoping import tenant_scope

BAR = 30


class Command(BaseCommand):
    help = "Give every memory a vector from each configured embedding model (resumable, throttled)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", help="Only this tenant (slug); default: every tenant.")
        parser.add_argument("--model", action="append", help="Only this model (repeatable); default: all configured.")
        parser.add_argument("--batch-size", type=int, default=BATCH_SIZE)
        parser.add_argument("--duty", type=float, default=DUTY,
                            help="Share of the time spent working (the rest asleep, for the searches).")
        parser.add_argument("--background", action="store_true", help="Queue a task per tenant for the worker.")
        parser.add_argument("--check", action="store_true", help="Only report what is missing.")

    def handle(self, *args: Any, **options: Any) -> None:
        tenants = Tenant.objects.order_by("slug")
        if options["tenant"]:
            tenants = tenants.filter(slug=options["tenant"])
            if not tenants.exists():
                raise CommandError(f"No tenant {options['tenant']!r}.")
        if not options["check"]:
            for embedder in secondary_embedders():  # a model added since migrate: its HNSW index (docs/scaling.md)
                if model_hnsw_ensure(embedder.name, embedder.dimensions):
                    self.stdout.write(f"built the HNSW index of {embedder.name}")
        for tenant in tenants:
            if options["check"]:
                with tenant_scope(tenant):
                    for model, have, total in vectors_progress():
                        self.stdout.write(f"{tenant.slug}: {model}: {have} of {total} memories have their vector")
            elif options["background"]:
                if reembed_enqueue(tenant, options["model"]):
                    self.stdout.write(f"{tenant.slug}: vectors missing; re-embedding queued for the worker "
                                      "(progress: the dashboard's overview, the worker's log)")
            else:
                with tenant_scope(tenant):
                    results = reembed_tenant(options["model"], batch_size=options["batch_size"],
                                             duty=options["duty"], progress=self._bar(tenant.slug))
                for r in results:
                    state = "skipped: another run holds it" if r.skipped else f"{r.embedded} of {r.missing} done"
                    self.stdout.write(f"{tenant.slug}: {r.model}: {state}")

    def _bar(self, slug: str) -> Any:
        started = time.monotonic()
        tty = sys.stdout.isatty()
        shown: dict[str, int] = {}

        def show(model: str, done: int, total: int) -> None:
            filled = BAR * done // max(total, 1)
            rate = done / max(time.monotonic() - started, 1e-6)
            line = (f"{slug} {model} [{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} "
                    f"({100 * done // max(total, 1)} %, {rate:.0f}/s)")
            if tty:
                self.stdout.write("\r" + line, ending="\n" if done >= total else "")
                self.stdout.flush()
            elif 10 * done // max(total, 1) > shown.get(model, -1) or done >= total:
                shown[model] = 10 * done // max(total, 1)
                self.stdout.write(line)

        return show
