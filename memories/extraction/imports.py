"""History import: conversations with their times, and Mnemara's own export, into a tenant (docs/api.md §8.4).

A file is a list of lines (JSONL), each one of:

- a **conversation** ``{"session", "scope", "subject"?, "messages": [{"role", "content", "created_at"?}]}``:
  its turns are appended to the session (created on first use) with their times; the new turns become
  one ``close`` job, and memories extracted from them are valid from their turns' times;
- an **export line** of schema 1.x (``memories/compliance/export_schema.json``): ``memory_version`` lines
  give each memory's last recorded state (the highest ``version`` of a ``memory_id``), written through the
  write flow as recorded (``memories.write.prepare.Recorded``: status, validity and ``superseded_by``
  kept, history not replayed); ``audit_event`` lines and kinds this reader does not know are skipped;
- a **mem0 memory** ``{"id", "memory", "user_id"?, "agent_id"?, "app_id"?, "run_id"?, "created_at"?,
  "metadata"?}`` (a line of mem0's ``get_all``/export), or a **generic line** ``{"content", "user_id", …}``
  (same fields, the text in ``content``): a stated memory in the scope its ids name
  (``memories.extraction.mem0_format``), valid from its ``created_at``, written through the write flow.

Everything is validated before anything is written, and written in one transaction: a bad line is a 400
naming it (``lines.3.messages.0.created_at``) and nothing is stored. Extraction then runs in the worker:
one ``import`` job takes the conversations' jobs oldest first (``tasks.import_run``), so a later session
supersedes an earlier one, never the reverse.

Importing the same file again adds nothing: a turn is identified by its session and position (the turn at
that position must be the same role and text, else 409 ``import_conflict``), an exported memory (or a mem0
one) by its id in the export (``ImportedMemory``), or by being a live twin (same content in the scope).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from memories.choices import JobKind, JobStatus, MemoryType, Provenance, Status
from memories.extraction.mem0_format import ImportedLine, imported_line, is_generic_line, is_mem0_line
from memories.extraction.sessions import (
    Message,
    session_for_append,
    turn_times,
    validate_messages,
    validate_session_key,
)
from memories.extraction.tasks import job_create
from memories.models import HistoryImport, ImportedMemory, Job, Memory, SessionTurn
from memories.write import validation
from memories.write.flow import WriteResult, memory_create
from memories.write.policy import Action
from memories.write.prepare import MemoryInput, Recorded, prepare
from mnemara.kernel.errors import Conflict, NotFound, TooLarge, ValidationFailed
from tenants.audit import audit
from tenants.models import Tenant
from tenants.paths import validate_scope_path
from tenants.scoping import get_active_tenant

ACTOR_SUFFIX = ":import"
#: The export schema versions this reader understands: any 1.x (a MINOR bump only adds optional fields/kinds).
SCHEMA_VERSION_PATTERN = r"^1\.[0-9]{1,3}$"
_SCHEMA_VERSION = re.compile(SCHEMA_VERSION_PATTERN)
MEMORY_LINE = "memory_version"
WRITE_BATCH = 200


@dataclass
class Conversation:
    line: int
    session_key: str
    scope: str
    subject: str | None
    messages: list[Message]


@dataclass
class ExportedMemory:
    line: int
    origin: uuid.UUID
    version: int
    superseded_by: uuid.UUID | None
    item: MemoryInput
    status: str


@dataclass
class Parsed:
    conversations: list[Conversation] = field(default_factory=list)
    memories: dict[uuid.UUID, ExportedMemory] = field(default_factory=dict)
    imported: list[ImportedLine] = field(default_factory=list)
    skipped: int = 0


# --------------------------------------------------------------------------- reading the lines

def parse_lines(lines: object, *, scope_prefix: str = "") -> Parsed:
    """Every line validated (400 naming ``lines.<n>.<field>``) before anything is written."""
    if not isinstance(lines, list) or not lines:
        raise validation.field_error("lines", "A non-empty list of conversations or export lines.")
    if len(lines) > settings.IMPORT_MAX_LINES:
        raise TooLarge(f"At most {settings.IMPORT_MAX_LINES} lines per import.", code="too_many_lines",
                       fields={"lines": [f"At most {settings.IMPORT_MAX_LINES} lines."]})
    prefix_path = validate_scope_path(scope_prefix, "scope_prefix") if scope_prefix else ""
    parsed = Parsed()
    seen: set[tuple[str, str]] = set()
    for n, line in enumerate(lines):
        at = f"lines.{n}."
        if not isinstance(line, dict):
            raise validation.field_error(f"lines.{n}", "An object: a conversation or an export line.")
        if "kind" in line:
            _export_line(line, at, n, prefix_path, parsed)
            continue
        if is_mem0_line(line) or is_generic_line(line):
            imported = imported_line(line, n, prefix_path)
            prepare(imported.item, threshold=1.0, prefix=at)  # the write flow's checks now, as for export lines
            parsed.imported.append(imported)
            continue
        conversation = _conversation(line, at, n, prefix_path)
        if (conversation.scope, conversation.session_key) in seen:
            raise validation.field_error("session", "This conversation is already in the file: one line each.", at)
        seen.add((conversation.scope, conversation.session_key))
        parsed.conversations.append(conversation)
    return parsed


def _scope(raw: object, field_name: str, prefix: str, under: str) -> str:
    path = validate_scope_path(raw, field_name, prefix=prefix)
    return validate_scope_path(f"{under}/{path}", field_name, prefix=prefix) if under else path


def _text(value: object, field_name: str, prefix: str, longest: int, *, nullable: bool = True) -> str | None:
    if value is None and nullable:
        return None
    if not isinstance(value, str) or len(value) > longest:
        raise validation.field_error(field_name, f"A string of at most {longest} characters.", prefix)
    return validation.validate_no_nul(value, field_name, prefix)


def _conversation(line: dict[str, Any], at: str, n: int, under: str) -> Conversation:
    raw = line.get("session")
    try:
        session_key = validate_session_key(raw)
    except ValidationFailed:
        session_key = ""
    if not session_key or "/" in session_key:  # the API's paths could not name it (sessions/{session_id})
        raise validation.field_error("session", "A session id of 1-200 characters, not only spaces, no / or NUL.", at)
    subject = _text(line.get("subject"), "subject", at, 200) or None
    messages = validate_messages(line.get("messages"), max_messages=settings.IMPORT_MAX_MESSAGES,
                                 max_chars=settings.DATA_UPLOAD_MAX_MEMORY_SIZE, prefix=at)
    return Conversation(n, session_key, _scope(line.get("scope"), "scope", at, under), subject, messages)


#: A UUID as the export writes it (and as JSON Schema's ``format: uuid`` says): 8-4-4-4-12 hexadecimal digits.
UUID_PATTERN = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
_UUID = re.compile(UUID_PATTERN)


def _uuid(value: object, field_name: str, prefix: str) -> uuid.UUID:
    if not isinstance(value, str) or not _UUID.fullmatch(value):
        raise validation.field_error(field_name, "A UUID (8-4-4-4-12 hexadecimal digits).", prefix)
    return uuid.UUID(value)


def _export_line(line: dict[str, Any], at: str, n: int, under: str, parsed: Parsed) -> None:
    kind, version = line.get("kind"), line.get("schema_version")
    if not isinstance(kind, str):
        raise validation.field_error("kind", "A string: memory_version, audit_event, …", at)
    validation.validate_no_nul(kind, "kind", at)
    if not isinstance(version, str) or not _SCHEMA_VERSION.fullmatch(version):
        raise validation.field_error("schema_version", "An export of schema 1.x (e.g. \"1.0\").", at)
    if kind != MEMORY_LINE:
        parsed.skipped += 1  # audit events (the new tenant writes its own) and kinds of a later 1.x
        return
    memory = _exported_memory(line, at, n, under)
    known = parsed.memories.get(memory.origin)
    if known is not None:
        parsed.skipped += 1  # an earlier state of the same memory: only its last is imported
    if known is None or memory.version >= known.version:
        parsed.memories[memory.origin] = memory


def _exported_memory(line: dict[str, Any], at: str, n: int, under: str) -> ExportedMemory:
    origin = _uuid(line.get("memory_id"), "memory_id", at)
    version = line.get("version")
    if isinstance(version, float) and version.is_integer():
        version = int(version)  # JSON has numbers: 3.0 is the integer 3
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise validation.field_error("version", "An integer of at least 1.", at)
    validation.validate_content(line.get("content"), at)
    validation.validate_no_nul(line["content"], "content", at)
    for name, choices in (("type", MemoryType), ("provenance", Provenance), ("status", Status)):
        validation.validate_choice(line.get(name), name, choices, at)
    confidence = line.get("confidence")
    if isinstance(confidence, bool) or not isinstance(confidence, int | float):
        raise validation.field_error("confidence", "A number from 0 to 1.", at)
    valid_from = validation.validate_time(line.get("valid_from"), "valid_from", at)
    valid_to = validation.validate_time(line["valid_to"], "valid_to", at) if line.get("valid_to") is not None else None
    if valid_to is not None and valid_to < valid_from:
        raise validation.field_error("valid_to", "valid_to is before valid_from.", at)
    superseded_by = line.get("superseded_by")
    metadata = line.get("metadata")
    key = None if line.get("key") is None else validation.validate_key(line["key"], "key", at)
    item = MemoryInput(
        scope=_scope(line.get("scope"), "scope", at, under), content=line["content"], type=line["type"],
        entity=validation.validate_entity(line.get("entity"), at), metadata=validation.validate_metadata(
            {} if metadata is None else metadata, at),
        confidence=validation.validate_confidence(confidence, at), provenance=line["provenance"],
        subject=_text(line.get("subject"), "subject", at, 200) or None,
        source_session=_text(line.get("source_session"), "source_session", at, 200) or "",
        valid_from=valid_from, valid_to=valid_to, key=key)
    successor = None if superseded_by is None else _uuid(superseded_by, "superseded_by", at)
    # Every check of the write flow now (NUL, secrets under the reject policy, empty after normalisation…), so a
    # line is refused the same whether or not it turns out to be imported already.
    prepare(item, threshold=1.0, prefix=at)
    return ExportedMemory(n, origin, version, successor, item, line["status"])


# --------------------------------------------------------------------------- writing

def history_import(*, lines: object, actor: str, scope_prefix: str = "") -> HistoryImport:
    """Validate the whole file, then write it in one transaction; extraction is queued (one ``import`` job)."""
    parsed = parse_lines(lines, scope_prefix=scope_prefix)
    with transaction.atomic():
        # One import at a time per tenant, so two sending the same file (a retry) cannot both find it new.
        # NO KEY UPDATE: the tenant's other writes (rows referencing it) are not blocked.
        Tenant.objects.select_for_update(no_key=True).filter(pk=get_active_tenant().pk).first()
        record = HistoryImport(actor=actor, conversations=len(parsed.conversations), lines_skipped=parsed.skipped)
        _memories_write(parsed.memories, record, actor)
        _lines_write(parsed.imported, record, actor)
        ranges = [(c, *_conversation_append(c, record)) for c in parsed.conversations]
        ranges = [r for r in ranges if r[1] is not None]
        ranges.sort(key=lambda r: (r[2], r[0].line))  # oldest conversation first, then file order
        record.jobs = [[str(job.pk), conversation.line] for conversation, job, _ in ranges if job is not None]
        if record.jobs:
            record.job = job_create(kind=JobKind.IMPORT, input={"import": str(record.pk)}, actor=actor)
        record.save()
        audit("import.created", actor=actor, target_type="import", target_id=record.pk,
              data={"conversations": record.conversations, "turns": record.turns_added,
                    "memories": record.memories_created, "jobs": len(record.jobs)})
    return record


def _conversation_append(c: Conversation, record: HistoryImport) -> tuple[Job | None, datetime]:
    """Append the turns this session does not have yet (by position); a close job for what is new."""
    session = session_for_append(c.session_key, c.scope, c.subject)
    stored = {seq: (role, content) for seq, role, content in SessionTurn.objects.filter(
        session=session, seq__lte=len(c.messages)).values_list("seq", "role", "content")}
    now = timezone.now()
    new: list[SessionTurn] = []
    times = turn_times(c.messages, now)
    for seq, m in enumerate(c.messages, start=1):
        if seq <= session.turn_count:  # already there (or since purged by retention: not brought back)
            if seq in stored and stored[seq] != (m.role, m.content):
                raise Conflict(f"lines.{c.line}: turn {seq} of session {c.session_key!r} differs from the stored "
                               "one; a session's turns are never rewritten.", code="import_conflict",
                               fields={f"lines.{c.line}.messages.{seq - 1}": ["Differs from the stored turn."]})
            record.turns_present += 1
            continue
        new.append(SessionTurn(session=session, seq=seq, role=m.role, content=m.content, created_at=times[seq - 1],
                               name=m.name))
    SessionTurn.objects.bulk_create(new)
    record.turns_added += len(new)
    session.turn_count += len(new)
    job = None
    if session.turn_count > session.scheduled_through:
        job = Job(kind=JobKind.CLOSE, scope=session.scope, subject=session.subject, session=session,
                  input={"from_seq": session.scheduled_through + 1, "to_seq": session.turn_count},
                  status=JobStatus.QUEUED)
        job.save()  # no queue row of its own: the import job runs it, in its turn
        audit("job.queued", actor=record.actor, target_type="job", target_id=job.pk,
              data={"kind": JobKind.CLOSE, "import": str(record.pk)})
        session.scheduled_through = session.turn_count
        session.closed_at = now
    if new:
        session.updated_at = now
    session.save()
    first = new[0].created_at if new else now
    return job, first


def _waves(memories: dict[uuid.UUID, ExportedMemory]) -> list[list[ExportedMemory]]:
    """Memories in an order where each one's successor (``superseded_by``) is written before it, so its
    only version already names its successor. A successor that is not in the file counts as none."""
    left = dict(memories)
    done: set[uuid.UUID] = set()
    waves = []
    while left:
        wave = [m for m in left.values() if m.superseded_by is None or m.superseded_by in done
                or m.superseded_by not in left]
        if not wave:  # a cycle (not from a real export): write the rest without successors
            wave = list(left.values())
        # Live memories before conflicted ones, so a conflicted memory finds the one it contradicts.
        wave.sort(key=lambda m: (m.status == Status.CONFLICTED, m.item.valid_from, m.line))
        waves.append(wave)
        for m in wave:
            done.add(m.origin)
            left.pop(m.origin)
    return waves


def _memories_write(memories: dict[uuid.UUID, ExportedMemory], record: HistoryImport, actor: str) -> None:
    if not memories:
        return
    present = set(ImportedMemory.objects.filter(origin__in=list(memories)).values_list("origin", flat=True))
    present |= set(Memory.objects.filter(pk__in=list(memories)).values_list("pk", flat=True))  # its own export
    mapped = dict(ImportedMemory.objects.filter(origin__in=[m.superseded_by for m in memories.values()
                                                            if m.superseded_by], memory__isnull=False)
                  .values_list("origin", "memory_id"))
    record.memories_present = len(present)
    todo = {origin: m for origin, m in memories.items() if origin not in present}
    for wave in _waves(todo):
        for start in range(0, len(wave), WRITE_BATCH):
            batch = wave[start:start + WRITE_BATCH]
            for m in batch:
                successor = mapped.get(m.superseded_by) if m.superseded_by else None
                m.item.recorded = Recorded(status=m.status, superseded_by=successor)
            results = memory_create(items=[m.item for m in batch], actor=actor)
            _ledger(batch, results, mapped, record)


def _ledger(batch: Sequence[ExportedMemory], results: Sequence[WriteResult], mapped: dict[uuid.UUID, uuid.UUID],
            record: HistoryImport) -> None:
    for m, result in zip(batch, results, strict=True):
        mapped[m.origin] = result.memory.pk
        if result.action is Action.DUPLICATE:
            record.memories_present += 1
        else:
            record.memories_created += 1
    ImportedMemory.objects.bulk_create(
        [ImportedMemory(origin=m.origin, memory_id=r.memory.pk) for m, r in zip(batch, results, strict=True)],
        ignore_conflicts=True)


def _lines_write(lines: list[ImportedLine], record: HistoryImport, actor: str) -> None:
    """mem0 and generic lines: a mem0 memory already imported (by its id) is skipped; the rest go through the
    write flow in file order (a twin of a live memory is a ``duplicate``, counted as present)."""
    if not lines:
        return
    origins = [m.origin for m in lines if m.origin is not None]
    present = set(ImportedMemory.objects.filter(origin__in=origins).values_list("origin", flat=True))
    seen: set[uuid.UUID] = set()
    todo = []
    for m in lines:
        if m.origin is not None and (m.origin in present or m.origin in seen):
            record.memories_present += 1
            continue
        if m.origin is not None:
            seen.add(m.origin)
        todo.append(m)
    mapped: dict[uuid.UUID, uuid.UUID] = {}
    for start in range(0, len(todo), WRITE_BATCH):
        batch = todo[start:start + WRITE_BATCH]
        results = memory_create(items=[m.item for m in batch], actor=actor)
        for m, result in zip(batch, results, strict=True):
            if result.action is Action.DUPLICATE:
                record.memories_present += 1
            else:
                record.memories_created += 1
            if m.origin is not None:
                mapped[m.origin] = result.memory.pk
    ImportedMemory.objects.bulk_create([ImportedMemory(origin=o, memory_id=pk) for o, pk in mapped.items()],
                                       ignore_conflicts=True)


# --------------------------------------------------------------------------- progress

CREATING = {Action.CREATED, Action.SUPERSEDED, Action.PENDING, Action.CONFLICT}
FINISHED = {JobStatus.SUCCEEDED, JobStatus.FAILED, JobStatus.CANCELLED}


@dataclass
class Progress:
    record: HistoryImport
    status: str
    conversations_done: int
    memories_created: int
    errors: list[dict[str, Any]]
    finished_at: datetime | None


def import_get(import_id: uuid.UUID | str) -> Progress:
    """An import of the active tenant with its progress, read from its jobs (another tenant's: 404)."""
    record = HistoryImport.objects.select_related("job").filter(pk=import_id).first()
    if record is None:
        raise NotFound("Import not found.", code="import_not_found")
    return import_progress(record)


def import_progress(record: HistoryImport) -> Progress:
    """How far an import is: its conversations' jobs (one per new conversation) and its own job."""
    ids = [job_id for job_id, _ in record.jobs]
    children = {str(j.pk): j for j in Job.objects.filter(pk__in=ids)}
    done, created, errors, latest = _children_progress(record, ids, children)
    unchanged = record.conversations - len(ids)
    job = record.job
    if job is not None and job.status == JobStatus.FAILED:
        errors.append({"line": None, "job": str(job.pk), "error": job.error})
    status = _import_status(job, done, len(ids))
    finished = None
    if status in (JobStatus.SUCCEEDED, JobStatus.FAILED):
        finished = max([t for t in (latest, job.finished_at if job else None) if t], default=record.created_at)
    return Progress(record, status, done + unchanged, created, errors, finished)


def _children_progress(record: HistoryImport, ids: list[str], children: dict[str, Job]
                       ) -> tuple[int, int, list[dict[str, Any]], datetime | None]:
    """The conversations' jobs: how many are done (an erased one too), the memories created so far, the
    failures (with their line) and when the last one finished."""
    line_of = dict(record.jobs)
    done, created, errors = 0, record.memories_created, []
    latest: datetime | None = None
    for job_id in ids:
        child = children.get(job_id)
        if child is None or child.status in FINISHED:
            done += 1
        if child is None:
            continue  # erased with its subject
        if child.finished_at:
            latest = max(latest or child.finished_at, child.finished_at)
        created += sum(1 for r in child.resolutions if r.get("action") in CREATING)
        if child.status in (JobStatus.FAILED, JobStatus.CANCELLED):
            errors.append({"line": line_of[job_id], "job": job_id, "error": child.error or child.status})
    return done, created, errors, latest


def _import_status(job: Job | None, done: int, total: int) -> str:
    """Failed when the import's own job failed; succeeded when every conversation and that job are done;
    queued while nothing started; running otherwise."""
    if job is not None and job.status == JobStatus.FAILED:
        return JobStatus.FAILED
    if done == total and (job is None or job.status in FINISHED):
        return JobStatus.SUCCEEDED
    if job is not None and job.status == JobStatus.QUEUED and done == 0:
        return JobStatus.QUEUED
    return JobStatus.RUNNING
