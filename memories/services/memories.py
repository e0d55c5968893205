"""The one write flow. The API, extraction and the dashboard all write memories through here.

validate → refuse or redact secrets → normalise → embed (outside any transaction) → in ONE
transaction per request: lock the scopes, find related memories (one query for the whole batch,
``related.py``), ``conflict_decide`` item by item (each item sees what the earlier ones did), write
memories + versions + review items + audit events in bulk → return what happened (a ``WriteResult``
per input).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from memories.embeddings import get_embedder
from memories.models import (
    AuditEvent,
    ChangeKind,
    Memory,
    MemoryType,
    MemoryVersion,
    Provenance,
    ReviewItem,
    ReviewKind,
    Scope,
    Status,
)
from memories.services import redaction, text, validation
from memories.services.audit import audit_event
from memories.services.conflicts import Action, Candidate, conflict_decide, is_high
from memories.services.related import rank_related, related_prefetch
from mnemara.errors import Conflict, NotFound, ServiceError, TooLarge, ValidationFailed
from tenants.models import Subject
from tenants.scoping import get_active_tenant


class VersionConflict(Conflict):
    """A stale version. ``current`` is the memory as it is now, for the caller to show."""

    def __init__(self, current: Memory) -> None:
        super().__init__(f"Memory {current.id} is at version {current.version}; reload and retry.",
                         code="version_conflict")
        self.current = current


@dataclass
class MemoryInput:
    scope: str
    content: str
    type: str = MemoryType.FACT
    entity: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    confidence: float = 1.0
    provenance: str = Provenance.STATED
    subject: str | None = None
    source_session: str = ""
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    expires_at: datetime | None = None


@dataclass
class WriteResult:
    memory: Memory
    action: Action
    related: list[uuid.UUID] = field(default_factory=list)
    redacted: list[str] = field(default_factory=list)


@dataclass
class _Prepared:
    input: MemoryInput
    content: str
    entity: str
    confidence: float
    content_hash: str
    search_text: str
    redacted: list[str]
    embedding: list[float] | None = None


# --------------------------------------------------------------------------- preparation

def _prepare(item: MemoryInput, threshold: float, prefix: str = "") -> _Prepared:
    item.scope = validation.validate_scope_path(item.scope, prefix=prefix)
    validation.validate_content(item.content, prefix)
    validation.validate_choice(item.type, "type", MemoryType, prefix)
    validation.validate_choice(item.provenance, "provenance", Provenance, prefix)
    confidence = validation.validate_confidence(item.confidence, prefix)
    item.metadata = validation.validate_metadata(item.metadata, prefix)
    entity = validation.validate_no_nul(validation.validate_entity(item.entity, prefix), "entity", prefix)
    validation.validate_no_nul(item.content, "content", prefix)
    validation.validate_no_nul(item.source_session or "", "source_session", prefix)
    if item.valid_to and item.valid_from and item.valid_to < item.valid_from:
        raise validation.field_error("valid_to", "valid_to is before valid_from.", prefix)
    if item.subject is not None:
        validation.validate_no_nul(item.subject, "subject", prefix)
    content, redacted = _filter_secrets(text.normalise_content(item.content), prefix)
    if not content:
        raise validation.field_error("content", "Content is empty after normalisation.", prefix)
    if item.provenance == Provenance.INFERRED and confidence >= threshold:
        # Inferred memories never enter as high-confidence facts.
        confidence = round(max(0.0, threshold - 0.01), 4)
    return _Prepared(item, content, entity, confidence, text.content_hash(content), text.search_text(content),
                     redacted)


def _filter_secrets(content: str, prefix: str) -> tuple[str, list[str]]:
    cleaned, kinds = redaction.redact(content)
    if kinds and settings.SECRETS_POLICY == "reject":
        raise ValidationFailed(f"{prefix}content contains a secret ({', '.join(sorted(set(kinds)))}); not stored.",
                               code="secret_detected", fields={f"{prefix}content": ["Contains a credential."]})
    return cleaned, kinds


def prepare_inputs(items: Sequence[MemoryInput]) -> list[_Prepared]:
    if len(items) > settings.MAX_BATCH_SIZE:
        raise TooLarge(f"At most {settings.MAX_BATCH_SIZE} memories per request.", code="batch_too_large")
    threshold = get_active_tenant().review_threshold
    many = len(items) > 1
    prepared = [_prepare(item, threshold, f"{i}." if many else "") for i, item in enumerate(items)]
    vectors = get_embedder().embed([p.content for p in prepared])
    for p, v in zip(prepared, vectors, strict=True):
        p.embedding = v
    return prepared


# --------------------------------------------------------------------------- shared write helpers

def scope_get_or_create(path: str) -> Scope:
    scope = Scope.objects.filter(path=path).first()
    if scope is not None:
        return scope
    try:
        with transaction.atomic():
            return Scope.objects.create(path=path)
    except IntegrityError:
        return Scope.objects.get(path=path)


def subject_get_or_create(external_id: str | None) -> Subject | None:
    if not external_id:
        return None
    subject = Subject.objects.filter(external_id=external_id).first()
    if subject is not None:
        return subject
    try:
        with transaction.atomic():
            return Subject.objects.create(external_id=external_id)
    except IntegrityError:
        return Subject.objects.get(external_id=external_id)


def scopes_get_or_create(paths: Iterable[str]) -> dict[str, Scope]:
    """Many scopes by path: one query for those that exist; new ones one by one, in sorted order (two
    batches creating the same new scopes then wait for each other instead of deadlocking)."""
    wanted = sorted(set(paths))
    found = {scope.path: scope for scope in Scope.objects.filter(path__in=wanted)}
    for path in wanted:
        if path not in found:
            found[path] = scope_get_or_create(path)
    return found


def subjects_get_or_create(external_ids: Iterable[str | None]) -> dict[str, Subject | None]:
    """Many subjects by external id ("" and None: no subject), like ``scopes_get_or_create``."""
    wanted = sorted({e for e in external_ids if e})
    found: dict[str, Subject | None] = {s.external_id: s for s in Subject.objects.filter(external_id__in=wanted)}
    for external_id in wanted:
        if external_id not in found:
            found[external_id] = subject_get_or_create(external_id)
    found[""] = None
    return found


def lock_scopes(scopes: Sequence[Scope]) -> None:
    """``lock_scope`` for many in one statement, in the given order (callers sort by path)."""
    keys = [f"scope:{scope.pk}" for scope in scopes]
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) "
                       "FROM unnest(%s::text[]) WITH ORDINALITY AS t(k, n)", [keys])


def lock_scope(scope: Scope | uuid.UUID) -> None:
    """Serialise writes to one scope for the rest of the transaction (related-find + decide + write)."""
    scope_id = scope.pk if isinstance(scope, Scope) else scope
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [f"scope:{scope_id}"])


def snapshot(memory: Memory, change: str, actor: str, reason: str = "") -> MemoryVersion:
    """An unsaved version row mirroring the memory's current state."""
    return MemoryVersion(
        tenant_id=memory.tenant_id, memory=memory, version=memory.version, change=change, actor=actor,
        reason=reason[:500], scope_path=memory.scope.path, type=memory.type, content=memory.content,
        entity=memory.entity, metadata=memory.metadata, confidence=memory.confidence,
        provenance=memory.provenance, status=memory.status, source_session=memory.source_session,
        valid_from=memory.valid_from, valid_to=memory.valid_to, superseded_by_id_value=memory.superseded_by_id,
    )


def bump(memory: Memory, change: str, actor: str, *, reason: str = "", expected_version: int | None = None,
         **fields: Any) -> MemoryVersion:
    """Change an existing memory with compare-and-set on its version. Call inside a transaction.

    The UPDATE only matches the version we read; zero rows means someone else won: VersionConflict.
    """
    expected = memory.version if expected_version is None else expected_version
    # The scope's lock before the row's: every writer takes them in this order, so the search-index
    # trigger's scope-row lock (migration 0007) cannot deadlock against the write flow.
    lock_scope(memory.scope_id)
    now = timezone.now()
    fields["updated_at"] = now
    updated = Memory.objects.filter(pk=memory.pk, version=expected).update(version=F("version") + 1, **fields)
    if updated == 0:
        current = Memory.objects.select_related("scope", "subject").filter(pk=memory.pk).first()
        if current is None:
            raise NotFound("Memory not found.")
        raise VersionConflict(current)
    for name, value in fields.items():
        setattr(memory, name, value)
    memory.version = expected + 1
    return snapshot(memory, change, actor, reason)


def memory_get(memory_id: uuid.UUID | str) -> Memory:
    memory = Memory.objects.select_related("scope", "subject").filter(pk=memory_id).first()
    if memory is None:
        raise NotFound("Memory not found.")
    return memory


# --------------------------------------------------------------------------- create (the write flow)

def _new_memory(p: _Prepared, scope: Scope, subject: Subject | None, status: str) -> Memory:
    item = p.input
    now = timezone.now()
    return Memory(
        scope=scope, subject=subject, type=item.type, content=p.content, content_hash=p.content_hash,
        entity=p.entity, metadata=item.metadata, confidence=p.confidence, provenance=item.provenance,
        status=status, source_session=item.source_session or "", valid_from=item.valid_from or now,
        valid_to=item.valid_to, expires_at=item.expires_at, embedding=p.embedding,
        embedding_model=get_embedder().name, search_text=p.search_text, created_at=now, updated_at=now,
    )


class _Writer:
    """Applies decisions inside the request's transaction; collects rows and writes them in bulk.

    New memories are inserted at ``flush`` (one INSERT per table for the batch). A later item of the
    same batch may change one of them before that: ``change`` then edits it in place and records the
    version, exactly what ``bump`` does for a stored memory.
    """

    def __init__(self, actor: str) -> None:
        self.actor = actor
        self.memories: list[Memory] = []
        # Created or changed by this batch, per scope: candidates for the batch's later items.
        self.touched: dict[uuid.UUID, dict[uuid.UUID, Memory]] = {}
        self.versions: list[MemoryVersion] = []
        self.events: list[AuditEvent] = []
        self.reviews: list[ReviewItem] = []
        self.late_events: list[AuditEvent] = []  # about review items of this batch: after their creation

    def create(self, p: _Prepared, scope: Scope, subject: Subject | None, status: str, reason: str = "") -> Memory:
        memory = _new_memory(p, scope, subject, status)
        memory.tenant_id = scope.tenant_id
        self.memories.append(memory)
        self.touched.setdefault(memory.scope_id, {})[memory.pk] = memory
        self.versions.append(snapshot(memory, ChangeKind.CREATE, self.actor, reason))
        self.events.append(audit_event("memory.created", actor=self.actor, target_type="memory",
                                       target_id=memory.pk, data={"status": status, "type": memory.type,
                                                                  "scope_id": str(scope.pk)}))
        return memory

    def change(self, memory: Memory, change: str, reason: str, **fields: Any) -> None:
        if memory._state.adding:  # created by this batch, not inserted yet
            fields["updated_at"] = timezone.now()
            for name, value in fields.items():
                setattr(memory, name, value)
            memory.version += 1
            self.versions.append(snapshot(memory, change, self.actor, reason))
        else:
            self.versions.append(bump(memory, change, self.actor, reason=reason, **fields))
        self.touched.setdefault(memory.scope_id, {})[memory.pk] = memory

    def close_reviews(self, memory: Memory, resolution: str) -> None:
        for item in self.reviews:
            if item.status == "open" and memory.pk in (item.memory_id, item.other_memory_id):
                item.status, item.resolution = "resolved", resolution
                item.resolved_by, item.resolved_at = self.actor, timezone.now()
                self.late_events.append(audit_event(
                    "review.resolved", actor=self.actor, target_type="review_item", target_id=item.pk,
                    data={"action": resolution, "via": "memory_change", "memory_id": str(memory.pk)}))
        if not memory._state.adding:
            _close_open_reviews(memory, self.actor, resolution)

    def review(self, kind: str, memory: Memory, other: Memory | None, reason: str) -> None:
        item = ReviewItem(kind=kind, memory=memory, other_memory=other, subject=memory.subject, reason=reason)
        item.tenant_id = memory.tenant_id
        self.reviews.append(item)

    def flush(self) -> None:
        tenant_id = get_active_tenant().pk
        for memory in self.memories:
            memory.tenant_id = tenant_id
        Memory.objects.bulk_create(self.memories)
        if self.reviews:
            ReviewItem.objects.bulk_create(self.reviews)
            for item in self.reviews:
                self.events.append(audit_event("review.created", actor=self.actor, target_type="review_item",
                                               target_id=item.pk, data={"kind": item.kind,
                                                                        "memory_id": str(item.memory_id)}))
        self.events += self.late_events
        for row in [*self.versions, *self.events]:
            row.tenant_id = tenant_id
        MemoryVersion.objects.bulk_create(self.versions)
        AuditEvent.objects.bulk_create(self.events)


def _apply(writer: _Writer, p: _Prepared, scope: Scope, subject: Subject | None, threshold: float,
           near_duplicate: float, stored: list[Memory]) -> WriteResult:
    now = timezone.now()
    candidates = [*stored, *writer.touched.get(scope.pk, {}).values()]
    related, expired_twins = rank_related(p, scope, candidates, near_duplicate, now)
    for twin in expired_twins:
        # An expired memory is invisible but still live until the purge job runs: retire it so the
        # new write is not answered "duplicate" of something nobody can see.
        writer.change(twin, ChangeKind.DEPRECATE, "expired", status=Status.DEPRECATED, valid_to=twin.expires_at)
    candidate = Candidate(type=p.input.type, confidence=p.confidence, provenance=p.input.provenance)
    decision = conflict_decide(candidate, [r for _, r in related], threshold=threshold, near_duplicate=near_duplicate,
                               min_word_overlap=settings.NEAR_DUPLICATE_MIN_WORD_OVERLAP)
    old = next((m for m, r in related if r is decision.related), None)
    actor = writer.actor
    if decision.action is Action.DUPLICATE:
        assert old is not None
        return WriteResult(old, Action.DUPLICATE, [old.pk], p.redacted)
    if decision.action is Action.UPDATED:
        assert old is not None
        writer.change(
            old, ChangeKind.UPDATE, "overwritten by a higher-confidence write"
            + (f" from session {p.input.source_session}" if p.input.source_session else ""),
            content=p.content, content_hash=p.content_hash, search_text=p.search_text, embedding=p.embedding,
            embedding_model=get_embedder().name, confidence=p.confidence, provenance=p.input.provenance,
            status=Status.ACTIVE, metadata={**old.metadata, **p.input.metadata},
            source_session=p.input.source_session or old.source_session)
        writer.close_reviews(old, "superseded")
        writer.events.append(audit_event("memory.updated", actor=actor, target_type="memory", target_id=old.pk,
                                         data={"fields": ["content", "confidence"], "via": "write_flow"}))
        return WriteResult(old, Action.UPDATED, [old.pk], p.redacted)
    high = is_high(p.confidence, p.input.provenance, threshold)
    if decision.action is Action.SUPERSEDED:
        assert old is not None
        new = writer.create(p, scope, subject, Status.ACTIVE, reason=f"supersedes {old.pk}")
        writer.change(old, ChangeKind.SUPERSEDE, f"superseded by {new.pk}", status=Status.DEPRECATED,
                      superseded_by=new, valid_to=timezone.now())
        writer.events.append(audit_event("memory.superseded", actor=actor, target_type="memory", target_id=old.pk,
                                         data={"superseded_by": str(new.pk)}))
        return WriteResult(new, Action.SUPERSEDED, [old.pk], p.redacted)
    if decision.action is Action.CONFLICT:
        assert old is not None
        new = writer.create(p, scope, subject, Status.ACTIVE if high else Status.PENDING,
                            reason=f"conflicts with {old.pk}")
        if old.status != Status.CONFLICTED:
            writer.change(old, ChangeKind.UPDATE, f"conflicts with {new.pk}", status=Status.CONFLICTED)
            writer.events.append(audit_event("memory.conflicted", actor=actor, target_type="memory",
                                             target_id=old.pk, data={"conflicts_with": str(new.pk)}))
        writer.review(ReviewKind.CONFLICT, new, old, "contradicting preference")
        return WriteResult(new, Action.CONFLICT, [old.pk], p.redacted)
    if decision.action is Action.PENDING:
        why = "inferred" if p.input.provenance == Provenance.INFERRED else "low confidence"
        new = writer.create(p, scope, subject, Status.PENDING, reason=why)
        writer.review(ReviewKind.PENDING, new, old, why + (f"; would change {old.pk}" if old else ""))
        return WriteResult(new, Action.PENDING, [old.pk] if old else [], p.redacted)
    new = writer.create(p, scope, subject, Status.ACTIVE)
    return WriteResult(new, Action.CREATED, [], p.redacted)


def _close_open_reviews(memory: Memory, actor: str, resolution: str) -> None:
    items = ReviewItem.objects.filter(Q(memory=memory) | Q(other_memory=memory), status="open")
    closed = list(items.values_list("pk", flat=True))
    items.filter(pk__in=closed).update(status="resolved", resolution=resolution, resolved_by=actor,
                                       resolved_at=timezone.now())
    for item_id in closed:  # a change to a review item is audited like any other
        audit_event("review.resolved", actor=actor, target_type="review_item", target_id=item_id,
                    data={"action": resolution, "via": "memory_change", "memory_id": str(memory.pk)}).save()


class JobFenced(ServiceError):
    """The background job writing these memories was cancelled (e.g. by a subject erasure)."""

    status_code = 409
    code = "job_fenced"


def _check_fence(job_id: uuid.UUID | str | None) -> None:
    """Erasure fence: a job may only write while its Job row is still running.

    ``subject_erase`` locks the same rows (SELECT ... FOR UPDATE) and marks them cancelled in its
    transaction, so a job that started before an erasure either commits before it (and is erased)
    or finds itself fenced here and writes nothing.
    """
    if job_id is None:
        return
    from memories.models import Job

    if not Job.objects.select_for_update().filter(pk=job_id, status="running").exists():
        raise JobFenced("This job was cancelled; its results are discarded.")


def memory_create(*, items: Sequence[MemoryInput], actor: str, job_id: uuid.UUID | str | None = None,
                  after_write: Callable[[list[WriteResult]], None] | None = None) -> list[WriteResult]:
    """Run the write flow for one or many inputs: all succeed or nothing is written.

    ``job_id``: set by background jobs; the write happens only if that job is still running (fence).
    ``after_write``: called inside the same transaction with the results (e.g. to mark a job done
    atomically with its writes, so a crash can never leave one without the other).
    """
    prepared = prepare_inputs(items)  # validation and embedding: slow work, no transaction open
    tenant = get_active_tenant()
    threshold, near_duplicate = tenant.review_threshold, settings.NEAR_DUPLICATE_THRESHOLD
    results: list[WriteResult] = []
    writer = _Writer(actor)
    try:
        with transaction.atomic():
            _check_fence(job_id)
            scopes = scopes_get_or_create(p.input.scope for p in prepared)
            lock_scopes([scopes[path] for path in sorted(scopes)])  # stable lock order across requests
            subjects = subjects_get_or_create(p.input.subject for p in prepared)
            stored = related_prefetch([(scopes[p.input.scope], p) for p in prepared], near_duplicate,
                                      timezone.now())
            for p, candidates in zip(prepared, stored, strict=True):
                results.append(_apply(writer, p, scopes[p.input.scope], subjects[p.input.subject or ""], threshold,
                                      near_duplicate, candidates))
            writer.flush()
            if after_write is not None:
                after_write(results)
    except IntegrityError as exc:  # a path that does not take the scope lock raced us; nothing was written
        raise ServiceError("A concurrent write changed these memories; retry.", code="write_conflict",
                           status_code=409) from exc
    return results
