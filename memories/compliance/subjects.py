"""GDPR for one person (a Subject): access/portability (Art. 15/20) and erasure (Art. 17).

What belongs to a subject: memories about them (``subject``, or linked by lineage: a memory merged,
updated or superseded from one of theirs carries them, see ``memories.write.lineage``, and every
version records its subjects) or that live in their personal scope (``user/<external_id>`` and
below), all versions and embeddings of those memories, sessions of the
subject or in their personal scope (turns and rolling summary), review items of those memories or
of the subject, feedback naming those memories, the jobs of the subject or of those sessions
(their ``input`` holds conversation text), and the dashboard members' saved filters that mention them
(their id, or words of their memories: ``tenants.filters.saved_filters_forget``).

Erasure runs in ONE transaction and is fenced against extraction jobs: it first locks every job of
the subject (``SELECT ... FOR UPDATE``) and cancels it, so a job that started before the erasure
either committed before it (its memories are then erased here) or finds itself cancelled in
``memory_create``'s fence and writes nothing. The audit log keeps a content-free tombstone: counts
and time, no content, no external id, no hashed identifier of the person. After the transaction a
VACUUM removes the dead rows (the HNSW graphs' entries wait for the compaction), or is scheduled when a
caller's transaction is still open.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Q, QuerySet
from django.db.models.deletion import ProtectedError
from django.utils import timezone

from memories.choices import JobStatus
from memories.compliance.exports import exports_flag_for_erasure
from memories.compliance.mentions import MentionChoice, mentions_apply, mentions_plan, mentions_preview
from memories.compliance.profile import mentioned, mentioned_profile, subject_profile
from memories.compliance.vacuum import erasure_vacuum
from memories.models import (
    ExportRun,
    Feedback,
    Job,
    Memory,
    MemorySubject,
    MemoryVector,
    MemoryVersion,
    ReviewItem,
    Scope,
    Session,
    SessionTurn,
)
from memories.recall import graph_files
from memories.representation import audit_json, iso, memory_json, version_json
from memories.selectors import access_load
from memories.write.versions import lock_scope
from mnemara.kernel.errors import NotFound, field_error
from mnemara.kernel.metrics import ERASURES
from tenants.audit import audit
from tenants.filters import saved_filters_forget
from tenants.idempotency import answers_forget
from tenants.models import AuditEvent, Subject
from tenants.paths import scope_filter

ACTIVE_JOB_STATUSES = (JobStatus.QUEUED, JobStatus.RUNNING)


def personal_scope(external_id: str) -> str:
    return f"user/{external_id}"


def subject_get(external_id: str) -> Subject:
    subject = Subject.objects.filter(external_id=external_id).first()
    if subject is None:
        raise NotFound("Subject not found.", code="subject_not_found")
    return subject


def _memories(subject: Subject) -> QuerySet[Memory]:
    """Every memory about the person: first written about them, linked to them by lineage (merged,
    updated or superseded from one of theirs), ever recorded as theirs in a version, or in their
    personal scope."""
    linked = MemorySubject.objects.filter(subject=subject).values("memory_id")
    in_history = MemoryVersion.objects.filter(subject_ids__contains=[subject.pk]).values("memory_id")
    return Memory.objects.filter(Q(subject=subject) | Q(pk__in=linked) | Q(pk__in=in_history)
                                 | scope_filter([personal_scope(subject.external_id)]))


def _sessions(subject: Subject) -> QuerySet[Session]:
    return Session.objects.filter(Q(subject=subject) | scope_filter([personal_scope(subject.external_id)]))


def _review_items(subject: Subject, memory_ids: list[Any]) -> QuerySet[ReviewItem]:
    return ReviewItem.objects.filter(Q(subject=subject) | Q(memory_id__in=memory_ids)
                                     | Q(other_memory_id__in=memory_ids))


def _feedback(memory_ids: list[Any]) -> QuerySet[Feedback]:
    if not memory_ids:
        return Feedback.objects.none()
    return Feedback.objects.filter(memory_ids__has_any_keys=[str(i) for i in memory_ids])


def _jobs(subject: Subject, session_ids: list[Any]) -> QuerySet[Job]:
    """The person's jobs: about them, of their sessions, or in their personal scope (an extraction sent
    without a subject)."""
    personal = Scope.objects.filter(scope_filter([personal_scope(subject.external_id)], "path")).values("pk")
    # A subquery, not a join: the erasure locks these rows (FOR UPDATE refuses an outer join's nullable side).
    return Job.objects.filter(Q(subject=subject) | Q(session_id__in=session_ids) | Q(scope_id__in=personal))


def _audit_events(targets: dict[str, Iterable[Any]]) -> QuerySet[AuditEvent]:
    q = Q(pk__in=[])
    for target_type, ids in targets.items():
        q |= Q(target_type=target_type, target_id__in=[str(i) for i in ids])
    return AuditEvent.objects.filter(q).order_by("created_at", "id")


# --------------------------------------------------------------------------- access (Art. 15/20)

def _memory_json(m: Memory) -> dict[str, Any]:
    return {
        **memory_json(m),  # the API's memory object, and its history
        "versions": [version_json(v, m.subject.external_id if m.subject else None)
                     for v in MemoryVersion.objects.filter(memory=m).order_by("version")],
    }


def _session_json(s: Session) -> dict[str, Any]:
    return {
        "session_id": s.session_key, "scope": s.scope.path, "summary": s.summary, "turn_count": s.turn_count,
        "created_at": iso(s.created_at), "updated_at": iso(s.updated_at), "closed_at": iso(s.closed_at),
        "turns": [{"seq": t.seq, "role": t.role, "content": t.content, "created_at": iso(t.created_at)}
                  for t in SessionTurn.objects.filter(session=s).order_by("seq")],
    }


def _review_json(r: ReviewItem) -> dict[str, Any]:
    return {
        "id": str(r.id), "kind": r.kind, "memory_id": str(r.memory_id),
        "other_memory_id": str(r.other_memory_id) if r.other_memory_id else None, "reason": r.reason,
        "status": r.status, "resolution": r.resolution, "resolved_by": r.resolved_by,
        "resolved_at": iso(r.resolved_at), "note": str(r.resolution_params.get("note", "")),
        "created_at": iso(r.created_at),
    }


def _job_json(j: Job) -> dict[str, Any]:
    return {"id": str(j.id), "kind": j.kind, "status": j.status, "input": j.input, "resolutions": j.resolutions,
            "created_at": iso(j.created_at), "finished_at": iso(j.finished_at)}


def subject_export(*, external_id: str, actor: str = "system") -> dict[str, Any]:
    """Everything held about one person, as JSON-ready dicts (GDPR Art. 15 access, Art. 20 portability)."""
    subject = subject_get(external_id)
    memories = list(_memories(subject).select_related("scope", "subject").order_by("created_at", "id"))
    access_load(memories)
    memory_ids = [m.pk for m in memories]
    sessions = list(_sessions(subject).select_related("scope").order_by("created_at", "id"))
    reviews = list(_review_items(subject, memory_ids).order_by("created_at", "id"))
    feedback = list(_feedback(memory_ids).order_by("created_at", "id"))
    jobs = list(_jobs(subject, [s.pk for s in sessions]).order_by("created_at", "id"))
    events = _audit_events({"memory": memory_ids, "review_item": [r.pk for r in reviews],
                            "feedback": [f.pk for f in feedback], "job": [j.pk for j in jobs],
                            "subject": [subject.pk]})
    body = {
        "subject": {"external_id": subject.external_id, "id": str(subject.pk), "created_at": iso(subject.created_at)},
        "exported_at": iso(timezone.now()),
        "memories": [_memory_json(m) for m in memories],
        "sessions": [_session_json(s) for s in sessions],
        "review_items": [_review_json(r) for r in reviews],
        "feedback": [{"id": str(f.pk), "memory_ids": f.memory_ids, "useful": f.useful, "correction": f.correction,
                      "query": f.query, "reason": f.reason, "actor": f.actor, "created_at": iso(f.created_at)}
                     for f in feedback],
        "jobs": [_job_json(j) for j in jobs],
        "audit_events": [audit_json(e) for e in events],
        "profile": subject_profile(subject, _memories(subject)),
    }
    audit("subject.exported", actor=actor, target_type="subject", target_id=subject.pk,
          data={"memories": len(memories), "sessions": len(sessions), "review_items": len(reviews)})
    return body


def subject_profile_get(*, external_id: str) -> dict[str, Any]:
    """The person's profile (``memories.compliance.profile``): each slot's current value and the people around
    them, each linked to its memory. A person no client sent as a subject, whom memories name in plain text,
    has the profile those memories give (``profile.mentioned_profile``)."""
    subject = Subject.objects.filter(external_id=external_id).first()
    if subject is None and mentioned(external_id):
        return mentioned_profile(external_id)
    subject = subject_get(external_id)
    return subject_profile(subject, _memories(subject))


def subject_profile_brief(name: str, scope_ids: Sequence[uuid.UUID]) -> tuple[str, list[tuple[str, str]]] | None:
    """The compact profile ``/context`` opens with (``memories.recall.context``): the current value of each slot
    of the person called ``name`` (their external id or an alias, case aside), read only from the memories of
    ``scope_ids``, with their external id; None when nobody of that name is known."""
    subject = (Subject.objects.filter(external_id__iexact=name).order_by("created_at", "pk").first()
               or Subject.objects.filter(aliases__overlap=[name, name.casefold()]).order_by("created_at", "pk")
               .first())
    if subject is None:
        return None
    profile = subject_profile(subject, _memories(subject), scope_ids=scope_ids)
    return subject.external_id, [(slot["attribute"], slot["value"]) for slot in profile["slots"]]


# --------------------------------------------------------------------------- erasure (Art. 17)

def _fence_jobs(subject: Subject, session_ids: list[Any]) -> tuple[dict[str, int], list[Any]]:
    """Lock every job of the subject and make it content-free; cancel the ones not finished yet. Returns the
    counts and the jobs' ids.

    Locking first is what makes the fence work: a job's write transaction holds its Job row lock
    (memory_create's fence), so we wait here until it committed, and then see its memories.
    """
    jobs = list(_jobs(subject, session_ids).select_for_update().order_by("pk"))
    active = [j.pk for j in jobs if j.status in ACTIVE_JOB_STATUSES]
    now = timezone.now()
    scrubbed: dict[str, Any] = {"input": {}, "resolutions": [], "subject": None, "session": None}
    Job.objects.filter(pk__in=active).update(status=JobStatus.CANCELLED, error="cancelled by a subject erasure",
                                             finished_at=now, **scrubbed)
    Job.objects.filter(pk__in=[j.pk for j in jobs if j.pk not in active]).update(error="", **scrubbed)
    return {"jobs_cancelled": len(active), "jobs_scrubbed": len(jobs) - len(active),
            "queued_tasks_deleted": _delete_task_rows(jobs)}, [j.pk for j in jobs]


def _delete_task_rows(jobs: list[Job]) -> int:
    """Queue rows of those jobs (their args carry only the Job id; results may carry text)."""
    if not jobs:
        return 0
    from django_tasks_db.models import DBTaskResult

    q = Q(id__in=[j.task_result_id for j in jobs if j.task_result_id])
    for j in jobs:
        q |= Q(args_kwargs__args__contains=[str(j.pk)]) | Q(args_kwargs__kwargs__job_id=str(j.pk))
    # A RUNNING row belongs to a worker that will write its outcome; the fence makes that job write nothing.
    deleted, _ = DBTaskResult.objects.filter(q).exclude(status="RUNNING").delete()
    return deleted


def _delete_personal_scopes(external_id: str) -> int:
    """Scope rows named after the person (``user/<id>``…) that are now empty."""
    deleted = 0
    for scope in Scope.objects.filter(scope_filter([personal_scope(external_id)], "path")):
        try:
            with transaction.atomic():
                scope.delete()
                deleted += 1
        except (ProtectedError, IntegrityError):  # still used by someone else's rows: keep it
            continue
    return deleted


def _erase_rows(subject: Subject, job_ids: list[Any]) -> dict[str, int]:
    memories = _memories(subject)
    memory_ids = list(memories.values_list("pk", flat=True))
    sessions = _sessions(subject)
    session_ids = list(sessions.values_list("pk", flat=True))
    counts = {
        "memories": len(memory_ids),
        "memory_versions": MemoryVersion.objects.filter(memory_id__in=memory_ids).count(),
        "embeddings": Memory.objects.filter(pk__in=memory_ids, embedding__isnull=False).count()
        + MemoryVector.objects.filter(memory_id__in=memory_ids).count(),  # every model's vectors
        "sessions": len(session_ids),
        "session_turns": SessionTurn.objects.filter(session_id__in=session_ids).count(),
        "session_summaries": Session.objects.filter(pk__in=session_ids).exclude(summary="").count(),
    }
    counts["review_items"] = _review_items(subject, memory_ids).delete()[1].get(ReviewItem._meta.label, 0)
    counts["feedback"] = _feedback(memory_ids).delete()[1].get(Feedback._meta.label, 0)
    texts = [*memories.values_list("content", flat=True),
             *sessions.exclude(summary="").values_list("summary", flat=True)]
    counts["saved_filters"] = saved_filters_forget(identifiers=[subject.external_id, str(subject.pk)], texts=texts)
    # Other memories pointing at an erased one keep no link to it (superseded_by is SET_NULL).
    Memory.objects.filter(pk__in=memory_ids).delete()
    # The remembered answers of requests about them: their memories, sessions and jobs (session ids and texts).
    answers_forget([*memory_ids, *session_ids, *job_ids])
    SessionTurn.objects.filter(session_id__in=session_ids).delete()
    Session.objects.filter(pk__in=session_ids).delete()
    return counts


# A receipt's reference is a ticket or case number (it outlives the person, so it must not say who was erased):
# ASCII letters, digits and # . _ : / -, with a digit; no spaces, so no "Jane Doe", no email.
_REFERENCE = re.compile(r"[A-Za-z0-9#._:/-]{1,64}")
REFERENCE_SHAPE, REFERENCE_PERSON = "shape", "person"


def erasure_reference_refusal(reference: str, subject: Subject) -> str | None:
    """Why ``reference`` may not go on this person's erasure receipt (``REFERENCE_SHAPE``: not a ticket number;
    ``REFERENCE_PERSON``: it holds their id, or a word of three letters or more that their memories or session
    summaries hold, such as their name), or None."""
    if not reference:
        return None
    if not _REFERENCE.fullmatch(reference) or not any(c.isdigit() for c in reference):
        return REFERENCE_SHAPE
    folded = reference.casefold()
    words = [w for w in re.split(r"[^0-9a-z]+", folded) if len(w) >= 3 and not w.isdigit()]
    texts = [t.casefold() for t in [*_memories(subject).values_list("content", flat=True),
                                    *_sessions(subject).exclude(summary="").values_list("summary", flat=True)]]
    named = [subject.external_id.casefold(), str(subject.pk)]
    if any(re.search(rf"(?<![0-9a-z]){re.escape(i)}(?![0-9a-z])", folded) for i in named) or any(
            re.search(rf"(?<!\w){re.escape(w)}(?!\w)", t) for w in words for t in texts):
        return REFERENCE_PERSON
    return None


def subject_erasure_preview(*, external_id: str) -> dict[str, Any]:
    """What an erasure would do, doing nothing (a dry run): the counts of the person's own data, the exports
    it would flag, and each other memory that names them with what would happen to it (its content included:
    the administrator decides on it)."""
    subject = subject_get(external_id)
    own = _memories(subject)
    memory_ids = list(own.values_list("pk", flat=True))
    session_ids = list(_sessions(subject).values_list("pk", flat=True))
    mentions = mentions_preview(subject, own)
    counts = {
        "memories": len(memory_ids),
        "memory_versions": MemoryVersion.objects.filter(memory_id__in=memory_ids).count(),
        "sessions": len(session_ids),
        "session_turns": SessionTurn.objects.filter(session_id__in=session_ids).count(),
        "review_items": _review_items(subject, memory_ids).count(),
        **{f"mentions_{done}": sum(1 for m in mentions if m["action"] == action)
           for action, done in (("redact", "redacted"), ("delete", "deleted"), ("keep", "kept"))},
    }
    exports = [{"id": str(r.pk), "window_start": iso(r.window_start), "window_end": iso(r.window_end),
                "created_at": iso(r.created_at), "file": r.file_path, "flagged": False}
               for r in ExportRun.objects.filter(subject_ids__contains=[subject.pk]).order_by("window_start")]
    return {"dry_run": True, "erased_at": None, "counts": counts, "exports": exports, "vacuum": "not_run",
            "mentions": mentions}


def subject_erase(*, external_id: str, actor: str, reference: str = "", wait_for_vacuum: bool = True,
                  mention_choices: Mapping[str, MentionChoice] | None = None) -> dict[str, Any]:
    """Erase one person (Art. 17) in one transaction; return the receipt. Unknown subject: NotFound.
    ``wait_for_vacuum=False`` (requests) leaves the VACUUM to the worker (``erasure_vacuum``).
    ``mention_choices``: per memory id, what to do with another memory that names the person (default:
    ``memories.compliance.mentions``)."""
    return subject_erase_recorded(external_id=external_id, actor=actor, reference=reference,
                                  wait_for_vacuum=wait_for_vacuum, mention_choices=mention_choices)[0]


def subject_erase_recorded(*, external_id: str, actor: str, reference: str = "", wait_for_vacuum: bool = True,
                           mention_choices: Mapping[str, MentionChoice] | None = None
                           ) -> tuple[dict[str, Any], int]:
    """``subject_erase``, and the id of its stored, content-free receipt (the ``subject.erased`` audit event:
    counts, the exports that predate it, who, when, the request id, and the admin's ``reference`` of the
    request, never anything that identifies the person)."""
    subject = subject_get(external_id)
    if erasure_reference_refusal(reference, subject):
        raise field_error("reference", "A ticket or case number that does not name the person.")
    vacuum_now = wait_for_vacuum and not connection.in_atomic_block  # never inside a caller's transaction
    with transaction.atomic():
        since = graph_files.stamp()
        session_ids = list(_sessions(subject).values_list("pk", flat=True))
        counts, job_ids = _fence_jobs(subject, session_ids)
        scopes = Scope.objects.filter(scope_filter([personal_scope(external_id)], "path"))
        for scope in sorted(scopes, key=lambda s: s.path):  # the write flow's lock order
            lock_scope(scope)  # no write into their scopes interleaves with the erasure
        locked = Subject.objects.select_for_update().filter(pk=subject.pk).first()
        if locked is None:  # erased meanwhile by someone else
            raise NotFound("Subject not found.", code="subject_not_found")
        # Other people's memories that name the person: redacted, deleted or kept (mentions.py), before the
        # person's own memories (and their mention links) go.
        mentioned = mentions_apply(subject, mentions_plan(subject, _memories(subject), mention_choices), actor)
        counts.update(_erase_rows(subject, job_ids))
        counts.update(mentioned["counts"])
        erased_at = timezone.now()
        exports = exports_flag_for_erasure(subject_pk=subject.pk, erased_at=erased_at)
        Subject.objects.filter(pk=subject.pk).delete()
        counts["subjects"] = 1
        counts["scopes"] = _delete_personal_scopes(external_id)
        # The saved HNSW graphs of the scopes it changed hold copies of their vectors (memories/recall/graph_files.py).
        graph_files.forget_changed(subject.tenant_id, since)
        listed = [{"id": str(r.pk), "window_start": iso(r.window_start), "window_end": iso(r.window_end),
                   "created_at": iso(r.created_at), "file": r.file_path, "flagged": True} for r in exports]
        # The tombstone and receipt: what kind of thing happened, how much, when. Nothing that points at the
        # person.
        event = audit("subject.erased", actor=actor, target_type="subject", target_id="",
                      data={"counts": counts, "exports_predating": len(exports), "exports": listed,
                            "reference": reference, "erased_at": iso(erased_at),
                            "vacuum": "done" if vacuum_now else "scheduled"})
    transaction.on_commit(ERASURES.inc)
    vacuum = erasure_vacuum(wait=wait_for_vacuum)
    return {"dry_run": False, "erased_at": iso(erased_at), "counts": counts, "exports": listed, "vacuum": vacuum,
            "mentions": mentioned["mentions"]}, event.pk


# --------------------------------------------------------------------------- physical removal
