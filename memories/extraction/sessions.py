"""Sessions: the short-term buffer of one conversation's turns, its rolling summary, its extraction jobs.

Turns are written in one transaction — with the extraction job they trigger and its queue row — before
the API answers 202, so an accepted turn is never lost and a scheduled extraction always runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from memories.choices import JobKind
from memories.extraction import spend
from memories.extraction.jobs import extractor_name
from memories.extraction.tasks import job_create
from memories.models import Job, Session, SessionTurn
from memories.write import validation
from memories.write.scopes_subjects import scope_get_or_create, subject_get_or_create
from mnemara.kernel.errors import Conflict, NotFound, Throttled, TooLarge
from tenants.audit import audit
from tenants.paths import scope_filter, validate_scope_path

ROLES = ("user", "assistant")
MAX_SESSION_KEY = 200
MAX_NAME = 100


@dataclass(frozen=True)
class Message:
    role: str
    content: str
    #: When the turn was said (``created_at`` as sent, in UTC); None: now, when it arrives.
    created_at: datetime | None = None
    #: The speaker's name ("" when none was given).
    name: str = ""


@dataclass(frozen=True)
class AppendResult:
    session: Session
    appended: int
    job: Job | None


def validate_session_key(session_key: object) -> str:
    if not isinstance(session_key, str) or not session_key.strip() or len(session_key) > MAX_SESSION_KEY:
        raise validation.field_error("session_id", f"A session id of 1-{MAX_SESSION_KEY} characters.")
    return validation.validate_no_nul(session_key.strip(), "session_id")


def validate_messages(messages: object, *, max_messages: int | None = None,
                      max_chars: int | None = None, prefix: str = "") -> list[Message]:
    """Roles user|assistant, non-empty text, an optional ``created_at``, and size limits (413 beyond them).

    ``created_at`` is a time with its zone, not ahead of the server's clock by more than
    ``SESSION_CLOCK_SKEW_SECONDS`` (within the skew it counts as now), and the turns of one request
    never go backwards in time (a message without one is "now"), so a conversation reads in order.
    """
    max_messages = max_messages or settings.SESSION_MAX_MESSAGES
    max_chars = max_chars or settings.SESSION_MAX_REQUEST_CHARS
    if not isinstance(messages, list) or not messages:
        raise validation.field_error(f"{prefix}messages", "A non-empty list of {role, content} objects.")
    if len(messages) > max_messages:
        raise TooLarge(f"At most {max_messages} messages per request.", code="too_many_messages",
                       fields={f"{prefix}messages": [f"At most {max_messages} messages."]})
    parsed: list[Message] = []
    total = 0
    now = timezone.now()
    latest = now + timedelta(seconds=settings.SESSION_CLOCK_SKEW_SECONDS)
    previous: datetime | None = None
    for i, raw in enumerate(messages):
        at = f"{prefix}messages.{i}."
        if not isinstance(raw, dict):
            raise validation.field_error(f"{prefix}messages.{i}", "Each message is a {role, content} object.")
        role, content = raw.get("role"), raw.get("content")
        if role not in ROLES:
            raise validation.field_error("role", "One of: user, assistant.", at)
        if not isinstance(content, str) or not content.strip():
            raise validation.field_error("content", "A non-empty string.", at)
        if len(content) > settings.SESSION_MAX_MESSAGE_CHARS:
            raise TooLarge(f"{at}content: at most {settings.SESSION_MAX_MESSAGE_CHARS} characters.",
                           fields={f"{at}content": [f"At most {settings.SESSION_MAX_MESSAGE_CHARS} characters."]})
        validation.validate_no_nul(content, "content", at)
        created_at = _message_time(raw.get("created_at"), now, latest, at)
        if previous is not None and (created_at or now) < previous:
            raise validation.field_error("created_at", "Earlier than the message before it: the turns of a "
                                                       "request go forward in time.", at)
        previous = created_at or now
        total += len(content)
        parsed.append(Message(str(role), content, created_at, _message_name(raw.get("name"), at)))
    if total > max_chars:
        raise TooLarge(f"At most {max_chars} characters of messages per request.",
                       fields={f"{prefix}messages": [f"At most {max_chars} characters in all."]})
    return parsed


def _message_name(value: object, prefix: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value.strip()) > MAX_NAME:
        raise validation.field_error("name", f"The speaker's name: text of at most {MAX_NAME} characters.", prefix)
    return validation.validate_no_nul(value.strip(), "name", prefix)


def _message_time(value: object, now: datetime, latest: datetime, prefix: str) -> datetime | None:
    if value is None:
        return None
    created_at = validation.validate_time(value, "created_at", prefix)
    if created_at > latest:
        raise validation.field_error("created_at", "In the future: a turn cannot have been said yet.", prefix)
    return min(created_at, now)


def _session_locked(**lookup: Any) -> Session | None:
    return Session.objects.select_for_update(of=("self",)).select_related("scope", "subject").filter(
        **lookup).first()


def session_for_append(session_key: str, scope_path: str, subject: str | None) -> Session:
    """The scope's session with this id, locked (appends to one session are serialised), created on
    first use. The same id in another scope is another session."""
    session = _session_locked(session_key=session_key, scope__path=scope_path)
    if session is None:
        try:
            with transaction.atomic():
                Session.objects.create(session_key=session_key, scope=scope_get_or_create(scope_path),
                                       subject=subject_get_or_create(subject))
        except IntegrityError:
            pass  # created concurrently: use theirs
        session = _session_locked(session_key=session_key, scope__path=scope_path)
        assert session is not None
    if subject and session.subject_id is None:
        session.subject = subject_get_or_create(subject)
    elif subject and session.subject and session.subject.external_id != subject:
        raise Conflict(f"Session {session_key!r} is about another subject.", code="session_subject_mismatch",
                       fields={"subject": ["A session keeps its subject."]})
    return session


def _schedule(session: Session, kind: str, actor: str) -> Job:
    job = job_create(kind=kind, scope=session.scope, subject=session.subject, session=session, actor=actor,
                     input={"from_seq": session.scheduled_through + 1, "to_seq": session.turn_count})
    session.scheduled_through = session.turn_count
    return job


def turn_times(messages: Sequence[Message], now: datetime) -> list[datetime]:
    """When each turn was said: its ``created_at``, or for a turn sent without one the arrival time plus its
    position in microseconds, so that the turns of one request keep their order in time (the memories
    extracted from them are valid from these times, and recall uses that order: docs/recall.md, "Levers")."""
    return [m.created_at or now + timedelta(microseconds=i) for i, m in enumerate(messages)]


def session_append(*, session_key: str, scope: str, subject: str | None = None, messages: object,
                   actor: str) -> AppendResult:
    """Store the turns durably; every ``EXTRACT_EVERY_N_TURNS`` new turns, schedule an extraction job."""
    session_key = validate_session_key(session_key)
    scope_path = validate_scope_path(scope)
    if subject is not None:
        validation.validate_no_nul(subject, "subject")
    parsed = validate_messages(messages)
    with transaction.atomic():
        session = session_for_append(session_key, scope_path, subject)
        now = timezone.now()
        SessionTurn.objects.bulk_create([
            SessionTurn(session=session, seq=session.turn_count + i, role=m.role, content=m.content, created_at=at,
                        name=m.name)
            for i, (m, at) in enumerate(zip(parsed, turn_times(parsed, now), strict=True), start=1)])
        session.turn_count += len(parsed)
        session.closed_at, session.updated_at = None, now  # a new turn reopens a closed session
        job = None
        if session.turn_count - session.scheduled_through >= max(1, settings.EXTRACT_EVERY_N_TURNS):
            job = _schedule(session, JobKind.SESSION, actor)
        session.save()
        audit("session.appended", actor=actor, target_type="session", target_id=session.pk,
              data={"turns": len(parsed), "scheduled_job": str(job.pk) if job else None})
    return AppendResult(session, len(parsed), job)


def session_visible(session_key: str, prefixes: Sequence[str] = (), scope: str | None = None) -> Session:
    """The session with this id in a scope the key may see (in ``scope`` when given); anything else is
    a 404. An id used in several visible scopes needs ``scope`` to say which (400)."""
    session_key = validate_session_key(session_key)
    qs = Session.objects.select_related("scope", "subject").filter(session_key=session_key)
    if prefixes:
        qs = qs.filter(scope_filter(prefixes))
    if scope is not None:
        qs = qs.filter(scope__path=validate_scope_path(scope))
    found = list(qs[:2])
    if not found:
        raise NotFound("Session not found.")
    if len(found) > 1:
        # Not a malformed request: this id names several sessions now (a state), and ?scope= picks one.
        raise Conflict("This session id is used in several scopes: name the scope (?scope=).",
                       code="session_ambiguous")
    return found[0]


def session_get(*, session_key: str, prefixes: Sequence[str] = (), scope: str | None = None,
                limit: int = 20) -> dict[str, Any]:
    """The session with its most recent ``limit`` turns (oldest first) and its rolling summary."""
    session = session_visible(session_key, prefixes, scope)
    turns = list(SessionTurn.objects.filter(session=session).order_by("-seq")[:limit])[::-1]
    last_job = Job.objects.filter(session=session).order_by("-created_at").first()
    return {"session": session, "turns": turns, "last_job": last_job}


def session_close(*, session_key: str, actor: str, prefixes: Sequence[str] = (), scope: str | None = None) -> Job:
    """Summarise and extract what is left now. Closing again with no new turns returns the same job."""
    visible = session_visible(session_key, prefixes, scope)
    with transaction.atomic():
        session = _session_locked(pk=visible.pk)
        if session is None:
            raise NotFound("Session not found.")
        previous = Job.objects.filter(session=session, kind=JobKind.CLOSE).order_by("-created_at").first()
        if session.closed_at and previous is not None and session.scheduled_through == session.turn_count:
            return previous  # a retried close must not extract twice
        last = Job.objects.filter(session=session).order_by("-created_at").first()
        if last is not None and session.scheduled_through == session.turn_count:
            # Every turn is already in a job (an append scheduled it, and that job summarises too): that job
            # is the close's; an empty job would only cost the worker a run.
            session.closed_at = session.updated_at = timezone.now()
            session.save(update_fields=["closed_at", "updated_at"])
            audit("session.closed", actor=actor, target_type="session", target_id=session.pk,
                  data={"job": str(last.pk)})
            return last
        job = _schedule(session, JobKind.CLOSE, actor)
        session.closed_at = session.updated_at = timezone.now()
        session.save(update_fields=["scheduled_through", "closed_at", "updated_at"])
        audit("session.closed", actor=actor, target_type="session", target_id=session.pk, data={"job": str(job.pk)})
    return job


def extraction_request(*, scope: str, messages: object, subject: str | None = None, actor: str,
                       metadata: dict[str, Any] | None = None) -> Job:
    """POST /extract: a job on the given messages (kept on the Job row only until it finishes). ``metadata``:
    given to every memory the job extracts (the mem0-compatible ``add``)."""
    scope_path = validate_scope_path(scope)
    if subject is not None:
        validation.validate_no_nul(subject, "subject")
    parsed = validate_messages(messages)
    metadata = validation.validate_metadata(metadata)
    if extractor_name() == "claude" and spend.spend_cap_reached():
        raise Throttled("The daily extraction cap of this tenant is reached; try again tomorrow.",
                        code="spend_cap_reached")
    with transaction.atomic():
        return job_create(kind=JobKind.EXTRACT, scope=scope_get_or_create(scope_path),
                          subject=subject_get_or_create(subject), actor=actor,
                          input={"messages": [message_json(m) for m in parsed],
                                 **({"metadata": metadata} if metadata else {})})


def message_json(message: Message) -> dict[str, Any]:
    """A message as a job's ``input`` keeps it (with its time, when it has one)."""
    data: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.created_at is not None:
        data["created_at"] = message.created_at.isoformat()
    if message.name:
        data["name"] = message.name
    return data
