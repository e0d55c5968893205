"""The one write flow. The API, extraction and the dashboard all write memories through here.

validate → refuse or redact secrets → normalise → embed (outside any transaction) → in ONE
transaction per request: lock the scopes, find related memories (one query for the whole batch,
``related.py``), ``conflict_decide`` item by item (each item sees what the earlier ones did), write
memories + versions + review items + audit events in bulk → return what happened (a ``WriteResult``
per input).
"""

from __future__ import annotations

import contextlib
import functools
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from memories.choices import (
    LIVE_STATUSES,
    ChangeKind,
    JobStatus,
    Provenance,
    ReviewKind,
    ReviewReason,
    Status,
    VersionReason,
)
from memories.embeddings import embedders, profile
from memories.models import Job, Memory, Scope, text_rules_version
from memories.write.policy import Action, Candidate, Decision, Related, conflict_decide, is_high
from memories.write.prepare import MemoryInput, Prepared, prepare_inputs, prepare_inputs_primary_first
from memories.write.reasons import Reason, review_reason, version_reason
from memories.write.related import memory_slots, rank_related, related_prefetch
from memories.write.scopes_subjects import scopes_get_or_create, subjects_get_or_create
from memories.write.truth import pending_reason
from memories.write.vectors import primary_fields
from memories.write.versions import VersionConflict, lock_scopes
from memories.write.writer import Writer, WriteResult
from mnemara.kernel.errors import PreconditionFailed, ServiceError, ValidationFailed
from mnemara.kernel.metrics import WRITE_RESOLUTIONS
from tenants.audit import audit_event
from tenants.models import Subject
from tenants.scoping import get_active_tenant

__all__ = ["JobFenced", "KeyExists", "KeyNotFound", "MemoryInput", "WriteResult", "memory_create", "memory_put"]


def _apply_recorded(writer: Writer, p: Prepared, scope: Scope, subject: Subject | None,
                    stored: list[Memory]) -> WriteResult:
    """Write an exported memory as it was recorded (status, validity, superseded_by), not decided anew: only
    a live twin (same content and key in the scope) makes it a duplicate. What a person must look at is asked
    again: a pending memory gets its review item, a conflicted one is paired with the live memory of the
    same entity when there is one."""
    recorded = p.input.recorded
    assert recorded is not None
    live = [m for m in [*stored, *writer.touched.get(scope.pk, {}).values()] if m.status in LIVE_STATUSES]
    if recorded.status in LIVE_STATUSES:
        twin = next((m for m in live if m.content_hash == p.content_hash and m.key == p.input.key), None)
        if twin is not None:
            return WriteResult(twin, Action.DUPLICATE, [twin.pk], p.redacted)
    new = writer.create(p, scope, subject, recorded.status, reason=version_reason(VersionReason.IMPORTED))
    writer.recorded.add(new.pk)
    if recorded.status == Status.PENDING:
        writer.review(ReviewKind.PENDING, new, None, pending_reason(new, None, imported=True))
    elif recorded.status == Status.CONFLICTED:
        other = next((m for m in live if m.pk != new.pk and m.type == new.type and new.entity
                      and m.entity == new.entity), None)
        if other is not None:
            writer.review(ReviewKind.CONFLICT, new, other, review_reason(ReviewReason.CONTRADICTS))
        else:
            writer.review(ReviewKind.PENDING, new, None, pending_reason(new, None, imported=True))
    return WriteResult(new, Action.CREATED, [], p.redacted)


@dataclass(frozen=True)
class _Write:
    """One write being applied (not an import): where it goes, what ``conflict_decide`` made of it and the
    stored memory that decision is about (``old``)."""

    writer: Writer
    p: Prepared
    scope: Scope
    subject: Subject | None
    decision: Decision
    old: Memory | None
    high: bool  # stated, and at least as confident as the threshold
    now: datetime
    # The other related memories, beside ``old`` (``_also_superseded``), and the thresholds they are decided by.
    others: tuple[tuple[Memory, Related], ...] = ()
    threshold: float = 0.0


def _apply(writer: Writer, p: Prepared, scope: Scope, subject: Subject | None, threshold: float,
           near_duplicate: float, stored: list[Memory]) -> WriteResult:
    """Decide what the write is (``_decide``), then do what that outcome does: one function each (``_OUTCOMES``)."""
    if p.input.recorded is not None:
        return _apply_recorded(writer, p, scope, subject, stored)
    now = timezone.now()
    decision, old, related = _decide(writer, p, scope, threshold, near_duplicate, stored, now)
    write = _Write(writer, p, scope, subject, decision, old, is_high(p.confidence, p.input.provenance, threshold), now,
                   tuple((m, r) for m, r in related if m is not old), threshold)
    return _OUTCOMES[_outcome(write)](write)


def _decide(writer: Writer, p: Prepared, scope: Scope, threshold: float, near_duplicate: float,
            stored: list[Memory], now: datetime) -> tuple[Decision, Memory | None, list[tuple[Memory, Related]]]:
    """The decision about the write against the related live memories of its scope, the memory it is about, and
    all the related ones."""
    candidates = [*stored, *writer.touched.get(scope.pk, {}).values()]
    for named in {p.input.corrects, p.input.replaces} - {None}:  # an agent's correction, a person's own
        if not any(m.pk == named for m in candidates):
            candidates += Memory.objects.select_related("scope", "subject").filter(pk=named, scope=scope)
    related, expired_twins = rank_related(p, scope, candidates, near_duplicate, now)
    for twin in expired_twins:
        # An expired memory is invisible but still live until the purge job runs: retire it so the
        # new write is not answered "duplicate" of something nobody can see.
        writer.change(twin, ChangeKind.DEPRECATE, version_reason(VersionReason.EXPIRED), status=Status.DEPRECATED,
                      valid_to=twin.expires_at)
    candidate = Candidate(type=p.input.type, confidence=p.confidence, provenance=p.input.provenance,
                          observation=_observation(p))
    decision = conflict_decide(candidate, [r for _, r in related], threshold=threshold, near_duplicate=near_duplicate,
                               min_word_overlap=settings.NEAR_DUPLICATE_MIN_WORD_OVERLAP, limits=near_limits())
    old = next((m for m, r in related if r is decision.related), None)
    if decision.action is Action.UPDATED and old is not None and old.key != p.input.key:
        # Overwriting in place would move this write to another address (or drop its key): the new memory
        # supersedes the old one instead.
        decision = Decision(Action.SUPERSEDED, decision.related)
    return decision, old, related


def _outcome(write: _Write) -> str:
    """The name of what the write does: its decision's action, but for two kinds of pending write."""
    related = write.decision.related
    if write.decision.action is Action.PENDING and write.old is not None and related is not None \
            and related.same_wording:
        return "same_wording"
    if write.decision.action is Action.PENDING and write.p.input.corrects is not None:
        return "correction"
    return str(write.decision.action)


def _duplicate(w: _Write) -> WriteResult:
    """Already stored: nothing is written."""
    assert w.old is not None
    return WriteResult(w.old, Action.DUPLICATE, [w.old.pk], w.p.redacted)


def _overwrite(w: _Write) -> WriteResult:
    """The same memory said better: the old one holds the new content, in place."""
    old, p, subject = w.old, w.p, w.subject
    assert old is not None
    # The old memory now holds this write's content: it is about this write's subject too.
    w.writer.link(old, [subject.pk if subject else None])
    primary = {"subject": subject} if subject is not None and old.subject_id is None else {}
    w.writer.change(
        old, ChangeKind.UPDATE,
        version_reason(VersionReason.OVERWRITTEN_SESSION, session=p.input.source_session)
        if p.input.source_session else version_reason(VersionReason.OVERWRITTEN),
        content=p.content, content_hash=p.content_hash, search_text=p.stored_search_text,
        search_text_version=text_rules_version(), slots=p.slot_keys, confidence=p.confidence,
        provenance=p.input.provenance, status=Status.ACTIVE, metadata={**old.metadata, **p.input.metadata},
        source_session=p.input.source_session or old.source_session, **primary_fields(p.embedded), **primary)
    w.writer.revector(old, p)
    w.writer.events.append(audit_event("memory.updated", actor=w.writer.actor, target_type="memory",
                                       target_id=old.pk, data={"fields": ["content", "confidence"],
                                                               "via": "write_flow"}))
    return WriteResult(old, Action.UPDATED, [old.pk], p.redacted)


def _supersede(w: _Write) -> WriteResult:
    """A newer state of the same thing: a new active memory, the old one deprecated by it."""
    old = w.old
    assert old is not None
    new = w.writer.create(w.p, w.scope, w.subject, Status.ACTIVE, derived_from=old,
                          reason=version_reason(VersionReason.SUPERSEDES, memory=old.pk))
    retired = [_retire(w, m, new) for m in (old, *_also_superseded(w))]
    return WriteResult(new, Action.SUPERSEDED, retired, w.p.redacted)


def _retire(w: _Write, old: Memory, new: Memory) -> uuid.UUID:
    """``old`` deprecated, superseded by ``new``. The old state held until the new one began: for a live write that
    is now; for imported history (a turn's time, docs/extraction.md) the new memory's valid_from, so ``as_of`` sees
    the old in between."""
    ended = min(w.now, max(old.valid_from, new.valid_from))
    w.writer.change(old, ChangeKind.SUPERSEDE, version_reason(VersionReason.SUPERSEDED_BY, memory=new.pk),
                    status=Status.DEPRECATED, superseded_by=new, valid_to=ended)
    w.writer.events.append(audit_event("memory.superseded", actor=w.writer.actor, target_type="memory",
                                       target_id=old.pk, data={"superseded_by": str(new.pk)}))
    return old.pk


def _observation(p: Prepared) -> bool:
    """Whether the write is a message the extractor kept as said (``metadata.extraction.observation``)."""
    extraction = p.input.metadata.get("extraction")
    return isinstance(extraction, dict) and extraction.get("observation") is True


def _also_superseded(w: _Write) -> list[Memory]:
    """The other live memories one write replaces besides ``old`` ("I take the train to work" and "my commute is by
    train" / "I cycle to work now"): each linked to it by the same entity or by a slot it fills with another value,
    and decided ``superseded`` by the policy on its own (both high, the write covering all it says)."""
    candidate = Candidate(type=w.p.input.type, confidence=w.p.confidence, provenance=w.p.input.provenance)
    return [m for m, r in w.others if r.linked and not r.same_content and m.status == Status.ACTIVE
            and conflict_decide(candidate, [r], threshold=w.threshold, near_duplicate=1.0).action
            is Action.SUPERSEDED]


def _conflict(w: _Write) -> WriteResult:
    """It contradicts the old memory: both marked, and a review item pairs them."""
    old = w.old
    assert old is not None
    new = w.writer.create(w.p, w.scope, w.subject, Status.ACTIVE if w.high else Status.PENDING,
                          reason=version_reason(VersionReason.CONFLICTS_WITH, memory=old.pk))
    if old.status != Status.CONFLICTED:
        w.writer.change(old, ChangeKind.UPDATE, version_reason(VersionReason.CONFLICTS_WITH, memory=new.pk),
                        status=Status.CONFLICTED)
        w.writer.events.append(audit_event("memory.conflicted", actor=w.writer.actor, target_type="memory",
                                           target_id=old.pk, data={"conflicts_with": str(new.pk)}))
    w.writer.review(ReviewKind.CONFLICT, new, old, _pair_reason(w.decision, old, w.p))
    return WriteResult(new, Action.CONFLICT, [old.pk], w.p.redacted)


def _same_wording(w: _Write) -> WriteResult:
    """The same thing in other words: it waits beside the old one, offered as a merge; nothing is retired."""
    old = w.old
    assert old is not None
    new = w.writer.create(w.p, w.scope, w.subject, Status.PENDING,
                          reason=version_reason(VersionReason.SAME_WORDING, memory=old.pk))
    w.writer.review(ReviewKind.PENDING, new, old, review_reason(ReviewReason.SAME_WORDING, memory=old.pk))
    return WriteResult(new, Action.PENDING, [old.pk], w.p.redacted)


def _correction(w: _Write) -> WriteResult:
    """An agent's correction (``_apply_correction``), paired with the memory it corrects when that one was found."""
    corrected = w.old if w.decision.related is not None and w.decision.related.corrected else None
    return _apply_correction(w.writer, w.p, w.scope, w.subject, corrected)


def _pending(w: _Write) -> WriteResult:
    """Not sure enough to be active (inferred, low confidence, or maybe the same fact as ``old``): a person
    decides."""
    old, decision = w.old, w.decision
    new = w.writer.create(w.p, w.scope, w.subject, Status.PENDING, reason=_pending_version_reason(w.p, old, w.high))
    w.writer.review(ReviewKind.PENDING, new, old, pending_reason(new, old) if old is None
                    or decision.related is None or not decision.related.same_slot
                    else _pair_reason(decision, old, w.p))
    return WriteResult(new, Action.PENDING, [old.pk] if old else [], w.p.redacted)


def _created(w: _Write) -> WriteResult:
    """Nothing like it is stored: a new active memory."""
    new = w.writer.create(w.p, w.scope, w.subject, Status.ACTIVE)
    return WriteResult(new, Action.CREATED, [], w.p.redacted)


#: What each outcome of a write does (``_outcome`` names it).
_OUTCOMES: dict[str, Callable[[_Write], WriteResult]] = {
    Action.DUPLICATE: _duplicate,
    Action.UPDATED: _overwrite,
    Action.SUPERSEDED: _supersede,
    Action.CONFLICT: _conflict,
    "same_wording": _same_wording,
    "correction": _correction,
    Action.PENDING: _pending,
    Action.CREATED: _created,
}


def _pending_version_reason(p: Prepared, old: Memory | None, high: bool) -> Reason:
    """Why a write was created pending: inferred, below the threshold, or (stated and high) maybe the same fact
    as ``old`` (``conflict_decide``'s ambiguous case)."""
    if p.input.provenance == Provenance.INFERRED:
        return version_reason(VersionReason.INFERRED)
    if high and old is not None:
        return version_reason(VersionReason.AMBIGUOUS, memory=old.pk)
    return version_reason(VersionReason.LOW_CONFIDENCE)


def _pair_reason(decision: Decision, old: Memory, p: Prepared) -> Reason:
    """Why a new write was paired with ``old``: a contradicting preference, or another value of one attribute
    slot ("alex|employer": google in the old memory, microsoft here)."""
    slot = decision.related.same_slot if decision.related is not None else ""
    if not slot:
        return review_reason(ReviewReason.CONTRADICTS)
    mine = next((s for s in p.slots if s.key == slot), None)
    theirs = next((s for s in memory_slots(old) if s.key == slot), None)
    # A change read without a slot (``changes.py``, "self|change:<word>") has no values: the two statements are.
    said = "|change:" in slot
    return review_reason(ReviewReason.SAME_SLOT, slot=slot.replace("|", " · "), memory=old.pk,
                         old=theirs.value if theirs else (old.content if said else ""),
                         new=mine.value if mine else (p.content if said else ""))


def _apply_correction(writer: Writer, p: Prepared, scope: Scope, subject: Subject | None,
                      corrected: Memory | None) -> WriteResult:
    """An agent's correction: a pending proposal paired with the memory it corrects (about that memory's people
    too, so an erasure of any of them reaches it); accepting it supersedes that memory (reviews.py). The
    memory it names may be gone (deprecated, erased) since: then it waits alone."""
    assert p.input.corrects is not None
    new = writer.create(p, scope, subject, Status.PENDING, derived_from=corrected,
                        reason=version_reason(VersionReason.CORRECTION, memory=p.input.corrects))
    writer.review(ReviewKind.PENDING, new, corrected, pending_reason(new, corrected))
    return WriteResult(new, Action.PENDING, [corrected.pk] if corrected is not None else [], p.redacted)


def near_limits() -> dict[str, tuple[float, float]]:
    """Each configured model's near-duplicate thresholds: (cosine, minimum word overlap)."""
    return {e.name: (profile(e.name).near_duplicate, profile(e.name).min_word_overlap) for e in embedders()}


class JobFenced(ServiceError):
    """The background job writing these memories was cancelled (e.g. by a subject erasure)."""

    status_code = 409
    code = "job_fenced"


def _check_fence(job_id: uuid.UUID | str | Sequence[uuid.UUID | str] | None) -> None:
    """Erasure fence: a job may only write while its Job row is still running (several jobs written in one
    batch: all of them, or nothing is written).

    ``subject_erase`` locks the same rows (SELECT ... FOR UPDATE) and marks them cancelled in its
    transaction, so a job that started before an erasure either commits before it (and is erased)
    or finds itself fenced here and writes nothing.
    """
    if job_id is None:
        return
    ids = {str(job_id)} if isinstance(job_id, uuid.UUID | str) else {str(pk) for pk in job_id}
    running = Job.objects.select_for_update().filter(pk__in=sorted(ids), status=JobStatus.RUNNING).order_by("pk")
    if len(running.values_list("pk", flat=True)) != len(ids):
        raise JobFenced("This job was cancelled; its results are discarded.")


def memory_create(*, items: Sequence[MemoryInput], actor: str,
                  job_id: uuid.UUID | str | Sequence[uuid.UUID | str] | None = None,
                  after_write: Callable[[list[WriteResult]], None] | None = None) -> list[WriteResult]:
    """Run the write flow for one or many inputs: all succeed or nothing is written.

    ``job_id``: set by background jobs; the write happens only if that job is still running (fence); several
    jobs written as one batch (extraction's ``commit_together``): only if every one of them is.
    ``after_write``: called inside the same transaction with the results (e.g. to mark a job done
    atomically with its writes, so a crash can never leave one without the other).
    """
    # Validation and embedding: slow work, no transaction open. The secondary models' vectors are computed
    # while the transaction's first statements run (related_prefetch waits for them).
    prepared, vectors_ready = prepare_inputs_primary_first(items)
    tenant = get_active_tenant()
    threshold, near_duplicate = tenant.review_threshold, settings.NEAR_DUPLICATE_THRESHOLD
    results: list[WriteResult] = []
    writer = Writer(actor)
    with _write_transaction():
        _check_fence(job_id)
        scopes = scopes_get_or_create(p.input.scope for p in prepared)
        lock_scopes([scopes[path] for path in sorted(scopes)])  # stable lock order across requests
        subjects = subjects_get_or_create(p.input.subject for p in prepared)
        stored = related_prefetch([(scopes[p.input.scope], p) for p in prepared], near_duplicate,
                                  timezone.now(), vectors_ready)
        for p, candidates in zip(prepared, stored, strict=True):
            results.append(_apply(writer, p, scopes[p.input.scope], subjects[p.input.subject or ""], threshold,
                                  near_duplicate, candidates))
        writer.flush()
        writer.settle(results)
        if after_write is not None:
            after_write(results)
    transaction.on_commit(functools.partial(_count_resolutions, [r.action.value for r in results]))
    return results


@contextlib.contextmanager
def _write_transaction() -> Iterator[None]:
    """The one transaction of a write. A path that does not take the scope lock may race it to a unique
    constraint: then nothing was written, and the caller gets a 409 to retry."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError as exc:
        raise ServiceError("A concurrent write changed these memories; retry.", code="write_conflict",
                           status_code=409) from exc


def _count_resolutions(actions: list[str]) -> None:
    for action in actions:
        WRITE_RESOLUTIONS.labels(action).inc()


# --------------------------------------------------------------------------- writes by key

class KeyExists(PreconditionFailed):
    """``If-None-Match: *``: a live memory already has this key."""

    code = "key_exists"


class KeyNotFound(PreconditionFailed):
    """``If-Match`` names a version, but no live memory has this key."""

    code = "key_not_found"


def _at_key(writer: Writer, scope: Scope, key: str) -> tuple[Memory | None, Memory | None]:
    """The key's settled memory (active or conflicted) and its pending proposal, each or None. Expired ones
    are invisible: they are retired (deprecated) here, so the key is free for this write."""
    settled = proposal = None
    now = timezone.now()
    for m in Memory.objects.select_related("scope", "subject").filter(scope=scope, key=key, status__in=LIVE_STATUSES):
        if m.expires_at is not None and m.expires_at <= now:
            writer.change(m, ChangeKind.DEPRECATE, version_reason(VersionReason.EXPIRED), status=Status.DEPRECATED,
                          valid_to=m.expires_at)
        elif m.status == Status.PENDING:
            proposal = m
        else:
            settled = m
    return settled, proposal


# Fields computed from others: never a change of their own.
DERIVED_FIELDS = ("search_text", "search_text_version", "slots")

def _replacement(p: Prepared, status: str) -> dict[str, Any]:
    """The fields a PUT replaces: all the memory fields it takes (a field not sent gets its default)."""
    item = p.input
    fields: dict[str, Any] = {
        "content": p.content, "content_hash": p.content_hash, "search_text": p.stored_search_text,
        "search_text_version": text_rules_version(), "slots": p.slot_keys, "type": item.type,
        "entity": p.entity, "metadata": item.metadata, "confidence": p.confidence, "provenance": item.provenance,
        "status": status, "source_session": item.source_session or "", "valid_to": item.valid_to,
        "expires_at": item.expires_at,
    }
    if item.valid_from is not None:
        fields["valid_from"] = item.valid_from
    return fields


def _unchanged(old: Memory, fields: dict[str, Any]) -> bool:
    return all(getattr(old, name) == value for name, value in fields.items() if name not in DERIVED_FIELDS)


def _replace(writer: Writer, p: Prepared, subject: Subject | None, settled: Memory | None,
             proposal: Memory | None, threshold: float) -> WriteResult:
    """A write to a key that a live memory holds: a new version of it, or a pending proposal against it.

    | the key holds          | write high (stated, ≥ threshold) | write low (inferred, or below it)          |
    |------------------------|----------------------------------|--------------------------------------------|
    | a settled memory       | ``updated``: its new version     | ``pending``: a new proposal against it     |
    | settled + a proposal   | ``updated``: the settled one     | ``pending``: the proposal's new version    |
    | only a proposal        | ``updated``: it, now active      | ``pending``: its new version, still pending |

    A write equal to what it would change answers ``duplicate`` and writes nothing.
    """
    high = is_high(p.confidence, p.input.provenance, threshold)
    if high and settled is not None:
        target, status = settled, settled.status  # a conflicted memory stays in its conflict until a person decides
    elif settled is not None and proposal is None:
        fields = _replacement(p, settled.status)
        if _unchanged(settled, fields):
            return WriteResult(settled, Action.DUPLICATE, [settled.pk], p.redacted)
        new = writer.create(p, settled.scope, subject, Status.PENDING, reason=version_reason(
            VersionReason.INFERRED if p.input.provenance == Provenance.INFERRED else VersionReason.LOW_CONFIDENCE))
        writer.review(ReviewKind.PENDING, new, settled, pending_reason(new, settled))
        return WriteResult(new, Action.PENDING, [settled.pk], p.redacted)
    else:
        assert proposal is not None
        target, status = proposal, Status.ACTIVE if high and settled is None else Status.PENDING
    fields = _replacement(p, status)
    if _unchanged(target, fields):
        return WriteResult(target, Action.DUPLICATE, [target.pk], p.redacted)
    writer.link(target, [subject.pk if subject else None])
    if subject is not None and target.subject_id is None:
        fields["subject"] = subject
    writer.change(target, ChangeKind.UPDATE, version_reason(VersionReason.KEY_REPLACED), **fields,
                  **primary_fields(p.embedded))
    writer.revector(target, p)
    writer.events.append(audit_event("memory.updated", actor=writer.actor, target_type="memory", target_id=target.pk,
                                     data={"fields": sorted(f for f in fields if f not in DERIVED_FIELDS),
                                           "via": "key", "version": target.version}))
    return WriteResult(target, Action.PENDING if status == Status.PENDING else Action.UPDATED, [target.pk],
                       p.redacted)


def memory_put(*, item: MemoryInput, actor: str, expected_version: int | None = None,
               create_only: bool = False) -> tuple[WriteResult, bool]:
    """Create or replace the memory at ``item.key`` in ``item.scope``, through the write flow (validation,
    secrets, embedding, the policy, versions, audit) in one transaction under the scope's lock.

    No live memory at the key: the write is decided as any other (``created``, ``pending``, or an entity
    ``conflict``/``superseded``) and the new memory gets the key. A live one: ``_replace``'s table.
    ``expected_version`` (If-Match) must be the version of the memory the key answers with (its settled
    memory, else its proposal): stale → 409 with it; no memory → 412 ``key_not_found``. ``create_only``
    (If-None-Match: *): a memory at the key → 412 ``key_exists``. Answers the result and whether its memory
    is new (created by this write, e.g. a proposal) rather than the key's memory changed or left as it was.
    """
    if not item.key:
        raise ValidationFailed("A key is required.", fields={"key": ["A non-empty string."]})
    p = prepare_inputs([item])[0]
    threshold, near_duplicate = get_active_tenant().review_threshold, settings.NEAR_DUPLICATE_THRESHOLD
    writer = Writer(actor)
    with _write_transaction():
        scope = scopes_get_or_create([item.scope])[item.scope]
        lock_scopes([scope])
        subject = subjects_get_or_create([item.subject])[item.subject or ""]
        settled, proposal = _at_key(writer, scope, item.key)
        current = settled or proposal
        if create_only and current is not None:
            raise KeyExists("A memory already has this key (If-None-Match: *).")
        if expected_version is not None:
            if current is None:
                raise KeyNotFound("No memory has this key, so If-Match cannot match.")
            if current.version != expected_version:
                raise VersionConflict(current)
        if current is None:
            stored = related_prefetch([(scope, p)], near_duplicate, timezone.now())[0]
            result = _apply(writer, p, scope, subject, threshold, near_duplicate, stored)
        else:
            result = _replace(writer, p, subject, settled, proposal, threshold)
        writer.flush()
        writer.settle([result])
    transaction.on_commit(functools.partial(_count_resolutions, [result.action.value]))
    return result, any(m is result.memory for m in writer.memories)
