from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memories.extraction.imports import history_import, import_get
from memories.extraction.tasks import extraction_run
from mnemara.kernel.errors import ServiceError
from tenants.models import Tenant
from tenants.scoping import tenant_scope


def read_lines(path: Path) -> list[Any]:
    """The JSON value of every non-blank line (``.gz`` files are read through gzip, as exports are written); or
    a whole-file JSON array, or a mem0 ``get_all`` answer (``{"results": [...]}``): its memories."""
    opener = gzip.open if path.suffix == ".gz" else open
    values = []
    try:
        with opener(path, "rt", encoding="utf-8", newline="\n") as f:
            text = f.read()
    except (OSError, ValueError) as exc:
        raise CommandError(f"Cannot read {path}: {exc}") from exc
    whole = _whole_file(text)
    if whole is not None:
        return whole
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            values.append(json.loads(line))
        except ValueError as exc:
            raise CommandError(f"{path}: line {number} is not JSON ({exc}); nothing imported.") from exc
    return values


def _whole_file(text: str) -> list[Any] | None:
    """A file that is one JSON array, or one mem0 page (``{"results": [...], "count": …}``); None otherwise."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if isinstance(value, list):
        return value
    if isinstance(value, dict) and isinstance(value.get("results"), list) and "kind" not in value:
        return list(value["results"])
    return None


class Command(BaseCommand):
    help = ("Import history from a JSONL file (docs/api.md §8.4): conversations with their turns' times, the lines "
            "of a Mnemara export (schema 1.x, .jsonl or .jsonl.gz), mem0 memories (a get_all dump: JSONL, a JSON "
            "array or its {\"results\": [...]} page) and generic {content, user_id, created_at, metadata} lines "
            "(docs/mem0.md). Checks every line, writes turns "
            "and exported memories at once, and queues the extraction for the worker (--wait: run it here). "
            "Importing the same file again adds nothing.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--tenant", required=True, help="tenant slug")
        parser.add_argument("--scope-prefix", default="", help="put every scope of the file under this path, "
                                                               "e.g. imported/2025")
        parser.add_argument("--wait", action="store_true", help="run the extraction in this process")

    def handle(self, *args: Any, **options: Any) -> None:
        tenant = Tenant.objects.filter(slug=options["tenant"]).first()
        if tenant is None:
            raise CommandError(f"Unknown tenant {options['tenant']!r}.")
        lines = read_lines(options["file"])
        with tenant_scope(tenant):
            try:
                record = history_import(lines=lines, actor="system:cli:import",
                                        scope_prefix=options["scope_prefix"])
            except ServiceError as exc:
                fields = "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.fields.items())
                raise CommandError(f"{exc.message}{' (' + fields + ')' if fields else ''}; nothing imported.") from exc
            if options["wait"] and record.job_id:
                extraction_run.call(str(record.job_id))
            progress = import_get(record.pk)
        self.stdout.write(
            f"import {record.pk} ({progress.status}): {record.conversations} conversations "
            f"({progress.conversations_done} done), {record.turns_added} turns added, {record.turns_present} "
            f"present; {progress.memories_created} memories created, {record.memories_present} present; "
            f"{record.lines_skipped} lines skipped; job {record.job_id or '-'}")
        for error in progress.errors:
            self.stdout.write(f"  line {error['line']}: {error['error']}")
