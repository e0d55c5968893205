"""The client's sans-IO core: the errors, the typed results, and what one API call is (``Call``) and how an
answer or a network failure becomes a result, an exception or a retry. No sockets here: ``http.py``'s two
thin transports (``Mnemara`` with httpx' sync client, ``AsyncMnemara`` with its async one) send the calls
that ``operations.py`` builds, so both clients share every request and every parser.

Needs only the standard library (and Python 3.10): an agent's process may import it without Django.
"""

from __future__ import annotations

import email.utils
import json
import time
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Generic, TypedDict, TypeVar

T = TypeVar("T")

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
#: A Retry-After longer than this is not waited out inside a call: the caller gets RateLimited.
MAX_RETRY_AFTER = 60.0


# --- errors ---------------------------------------------------------------------------------------


class MnemaraError(Exception):
    """An API error: ``status`` (HTTP), ``code`` and ``message`` from the error body, ``fields`` per input."""

    def __init__(self, message: str, *, status: int | None = None, code: str = "error",
                 fields: dict[str, Any] | None = None, body: dict[str, Any] | None = None) -> None:
        said = f"{code}: {message}" if status is None else f"{status} {code}: {message}"
        # Which inputs, in the message too: ``400 validation_error: Invalid input. [content: This field is
        # required.; 3.scope: Not a valid scope.]``
        named = "; ".join(f"{name}: {text}" for name, text in _field_messages(fields or {}))
        super().__init__(f"{said} [{named}]" if named else said)
        self.message = message
        self.status = status
        self.code = code
        self.fields = fields or {}
        self.body = body or {}


def _field_messages(fields: Any, prefix: str = "") -> list[tuple[str, str]]:
    """``fields`` of an error body (input name → messages; nested for nested inputs) as (dotted name, text)."""
    if isinstance(fields, Mapping):
        found: list[tuple[str, str]] = []
        for name, value in fields.items():
            found.extend(_field_messages(value, f"{prefix}.{name}" if prefix else str(name)))
        return found
    if isinstance(fields, list | tuple):
        if all(isinstance(item, str) for item in fields):
            return [(prefix or "input", " ".join(fields))] if fields else []
        return [pair for index, item in enumerate(fields)
                for pair in _field_messages(item, f"{prefix}.{index}" if prefix else str(index))]
    return [(prefix or "input", str(fields))] if fields is not None else []


class ValidationError(MnemaraError):
    """400: the request is not valid; ``fields`` says which inputs and why."""


class AuthenticationError(MnemaraError):
    """401: no key, a wrong key or a revoked key."""


class PermissionDenied(MnemaraError):
    """403: e.g. a write with a read-only key."""


class NotFound(MnemaraError):
    """404: also what a memory of another tenant, or outside the key's scopes, looks like."""


class Gone(NotFound):
    """410: the memory a retried save created has since been deleted or erased (it is not written again)."""


class Conflict(MnemaraError):
    """409 for a reason other than a stale version (``code`` says which, e.g. ``duplicate_content``)."""


class VersionConflict(Conflict):
    """409: the memory changed since the version you sent. ``current`` is the memory as it is now."""

    def __init__(self, message: str, *, current: Memory | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.current = current


class PreconditionFailed(MnemaraError):
    """412 / 428: a failed precondition (``key_not_found``, ``key_exists``) or a missing If-Match."""


class TooLarge(MnemaraError):
    """413: the content, the batch or the body is too large."""


class IdempotencyKeyReused(MnemaraError):
    """422: an Idempotency-Key was sent again with another request (the client makes a new one per call)."""


class RateLimited(MnemaraError):
    """429 after the retries (or with a Retry-After too long to wait): ``retry_after`` in seconds."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class ServerError(MnemaraError):
    """5xx after the retries (503 ``database_unavailable`` included)."""


class NetworkError(MnemaraError):
    """The server could not be reached, or did not answer within the call's ``timeout``."""


_ERRORS_BY_STATUS: dict[int, type[MnemaraError]] = {
    400: ValidationError, 401: AuthenticationError, 403: PermissionDenied, 404: NotFound, 409: Conflict,
    410: Gone, 412: PreconditionFailed, 413: TooLarge, 422: IdempotencyKeyReused, 428: PreconditionFailed,
    429: RateLimited,
}


# --- typed results --------------------------------------------------------------------------------


def parse_time(value: Any) -> datetime | None:
    """An ISO 8601 time from the API ("...Z" included, which Python 3.10's ``fromisoformat`` refuses)."""
    if not value or not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        return None


@dataclass(frozen=True)
class Resolution:
    """What the write flow did with a saved memory: created, updated, duplicate, superseded, pending, conflict."""

    action: str
    related: list[str] = field(default_factory=list)
    redacted: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Memory:
    id: str
    scope: str
    type: str
    content: str
    version: int
    status: str
    subject: str | None = None
    entity: str = ""
    #: The memory's exact address in its scope (``put``/``get_by_key``); None when it has none.
    key: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    confidence: float = 1.0
    provenance: str = "stated"
    source_session: str = ""
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    expires_at: datetime | None = None
    superseded_by: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    access_count: int = 0
    last_accessed_at: datetime | None = None
    #: Set on the result of ``save``/``save_many`` only.
    resolution: Resolution | None = None
    #: The memory exactly as the API sent it (fields added later to the API are here too).
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Memory:
        resolution = data.get("resolution")
        return cls(
            id=str(data["id"]), scope=str(data.get("scope", "")), type=str(data.get("type", "")),
            content=str(data.get("content", "")), version=int(data.get("version", 1)),
            status=str(data.get("status", "")), subject=data.get("subject"), entity=data.get("entity") or "",
            key=data.get("key"),
            metadata=dict(data.get("metadata") or {}), confidence=float(data.get("confidence", 1.0)),
            provenance=str(data.get("provenance", "")), source_session=data.get("source_session") or "",
            valid_from=parse_time(data.get("valid_from")), valid_to=parse_time(data.get("valid_to")),
            expires_at=parse_time(data.get("expires_at")), superseded_by=data.get("superseded_by"),
            created_at=parse_time(data.get("created_at")), updated_at=parse_time(data.get("updated_at")),
            access_count=int(data.get("access_count") or 0),
            last_accessed_at=parse_time(data.get("last_accessed_at")),
            resolution=Resolution(action=str(resolution.get("action", "")),
                                  related=[str(r) for r in resolution.get("related", [])],
                                  redacted=list(resolution.get("redacted", [])))
            if isinstance(resolution, Mapping) else None,
            raw=dict(data),
        )


@dataclass(frozen=True)
class MemoryVersion:
    """One immutable row of a memory's history."""

    version: int
    change: str
    actor: str
    content: str
    status: str
    created_at: datetime | None
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MemoryVersion:
        return cls(version=int(data.get("version", 0)), change=str(data.get("change", "")),
                   actor=str(data.get("actor", "")), content=str(data.get("content", "")),
                   status=str(data.get("status", "")), created_at=parse_time(data.get("created_at")), raw=dict(data))


@dataclass(frozen=True)
class SearchHit:
    memory: Memory
    score: float
    #: The score breakdown (vector, lexical, recency, ...).
    scores: dict[str, Any] = field(default_factory=dict)
    #: Above the relevance floor (always, unless the search sent ``floor=False``).
    relevant: bool = True
    #: In an unresolved conflict with another memory about the same entity: not settled, do not rely on it.
    conflict: bool = False


@dataclass(frozen=True)
class Context:
    """The prompt-ready ``<memory>…</memory>`` block, the ids of the memories in it and its size in tokens."""

    block: str
    items: list[str]
    tokens: int
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Unmerged:
    """An undone merge: the merged memory, now deprecated, and the memories it was merged from, as they were."""

    memory: Memory
    sources: list[Memory]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Unmerged:
        return cls(memory=Memory.from_json(data["memory"]),
                   sources=[Memory.from_json(m) for m in data.get("sources", [])])


@dataclass(frozen=True)
class Page:
    results: list[Memory]
    next: str | None


@dataclass(frozen=True)
class KeyEntry:
    """A key of a scope and the memory it answers with (``get_by_key``)."""

    scope: str
    key: str
    id: str
    version: int
    type: str
    status: str
    updated_at: datetime | None = None
    #: The whole memory, when listed ``with_memory=True``.
    memory: Memory | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> KeyEntry:
        memory = data.get("memory")
        return cls(scope=str(data["scope"]), key=str(data["key"]), id=str(data["id"]),
                   version=int(data.get("version", 1)), type=str(data.get("type", "")),
                   status=str(data.get("status", "")), updated_at=parse_time(data.get("updated_at")),
                   memory=Memory.from_json(memory) if isinstance(memory, Mapping) else None)


@dataclass(frozen=True)
class KeyPage:
    results: list[KeyEntry]
    next: str | None


@dataclass(frozen=True)
class Namespace:
    """A scope that holds live memories: how many, and how many keys."""

    scope: str
    memories: int
    keys: int


@dataclass(frozen=True)
class NamespacePage:
    results: list[Namespace]
    next: str | None


@dataclass(frozen=True)
class Job:
    id: str
    status: str
    resolutions: list[Any] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Job:
        job_id = data.get("id") or data.get("job") or ""
        return cls(id=str(job_id), status=str(data.get("status", "")),
                   resolutions=list(data.get("resolutions") or []), raw=dict(data))


@dataclass(frozen=True)
class Turn:
    seq: int
    role: str
    content: str
    created_at: datetime | None


@dataclass(frozen=True)
class Session:
    """A session's recent turns (oldest first), rolling summary and last job."""

    id: str
    scope: str
    subject: str | None
    summary: str
    turn_count: int
    turns: list[Turn]
    last_job: Job | None
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Session:
        last_job = data.get("last_job")
        return cls(id=str(data.get("id", "")), scope=str(data.get("scope", "")), subject=data.get("subject"),
                   summary=str(data.get("summary") or ""), turn_count=int(data.get("turn_count") or 0),
                   turns=[Turn(seq=int(t.get("seq", 0)), role=str(t.get("role", "")), content=str(t.get("content", "")),
                               created_at=parse_time(t.get("created_at"))) for t in data.get("turns") or []],
                   last_job=Job.from_json(last_job) if isinstance(last_job, Mapping) else None, raw=dict(data))


@dataclass(frozen=True)
class Accepted:
    """A 202 answer (session messages, session close, extract): the job it scheduled, if any."""

    job: str | None
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class ErasureReceipt:
    """The answer to ``erase_subject``: when, how much of each kind was erased (memories, memory_versions,
    sessions, session_turns, review_items, ...), and the exports made before the erasure that still hold
    the person's data. The full receipt is in ``raw``."""

    subject: str
    erased_at: datetime | None
    counts: dict[str, int]
    exports: list[dict[str, Any]] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


class _MessageTime(TypedDict, total=False):
    #: When it was said (imported history): memories extracted from it are valid from then. Default: now.
    created_at: datetime | str  # (typing.NotRequired needs Python 3.11; the client runs on 3.10)


class Message(_MessageTime):
    role: str  # "user" | "assistant"
    content: str


@dataclass(frozen=True)
class ImportStatus:
    """A history import (``import_history``, ``import_status``): ``status`` queued, running, succeeded or
    failed; conversations in the file and how many are done; memories created so far (from export lines and
    by extraction); errors per conversation (``{"line", "job", "error"}``). Everything else is in ``raw``."""

    id: str
    status: str
    job: str | None
    conversations_total: int
    conversations_done: int
    memories_created: int
    errors: list[dict[str, Any]] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def finished(self) -> bool:
        return self.status in ("succeeded", "failed")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ImportStatus:
        conversations = data.get("conversations") or {}
        job = data.get("job")
        return cls(id=str(data.get("id", "")), status=str(data.get("status", "")), job=str(job) if job else None,
                   conversations_total=int(conversations.get("total") or 0),
                   conversations_done=int(conversations.get("done") or 0),
                   memories_created=int((data.get("memories") or {}).get("created") or 0),
                   errors=list(data.get("errors") or []), raw=dict(data))


# --- calls and answers ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """What a transport got back: the status, the headers (lower-cased names) and the body, JSON-decoded."""

    status: int
    headers: Mapping[str, str]
    body: Any

    @classmethod
    def decode(cls, status: int, headers: Mapping[str, str], content: bytes) -> Answer:
        try:
            body = json.loads(content) if content else None
        except ValueError:
            body = None
        return cls(status, {k.lower(): v for k, v in headers.items()}, body)


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request of the API and how to read its answer. ``retry``: safe to send again after a lost answer
    (it only reads, or it carries an Idempotency-Key the server remembers it by)."""

    method: str
    path: str
    parse: Callable[[Answer], T]
    json: Any = None
    params: Mapping[str, Any] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    retry: bool = False


#: An operation: yields the calls it needs (most need one), receives each one's result, returns its own.
Plan = Generator[Call[Any], Any, T]


def jsonable(value: Any) -> Any:
    """A time as ISO 8601 with its zone (a naive one is taken as UTC: the API wants a zone)."""
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=timezone.utc)).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return value


def compact(**values: Any) -> dict[str, Any]:
    """Only the arguments that were given: the API's defaults apply to the others."""
    return {k: jsonable(v) for k, v in values.items() if v is not None}


def retry_after(answer: Answer) -> float | None:
    value = answer.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:  # the other form: an HTTP date
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def error_for(answer: Answer) -> MnemaraError:
    """The exception for an error answer, carrying the API's code, message and fields."""
    body = answer.body if isinstance(answer.body, dict) else {}
    error: dict[str, Any] = body["error"] if isinstance(body.get("error"), dict) else {}
    code = str(error.get("code") or f"http_{answer.status}")
    message = str(error.get("message") or "Request failed.")
    kwargs: dict[str, Any] = {"status": answer.status, "code": code, "fields": error.get("fields") or {},
                              "body": body}
    if answer.status == 409 and (code == "version_conflict" or "current" in body):
        current = body.get("current")
        return VersionConflict(message, current=Memory.from_json(current) if isinstance(current, dict) else None,
                               **kwargs)
    if answer.status == 429:
        return RateLimited(message, retry_after=retry_after(answer), **kwargs)
    if answer.status >= 500:
        return ServerError(message, **kwargs)
    return _ERRORS_BY_STATUS.get(answer.status, MnemaraError)(message, **kwargs)


@dataclass(frozen=True)
class RetryPolicy:
    """When to send a call again: only a call safe to repeat, after a network failure or a 429/5xx, waiting
    ``backoff × 2^attempt`` seconds (or the server's longer Retry-After), and never past the call's time budget.
    A failure to connect is retried for every call: nothing was sent."""

    max_retries: int = 3
    backoff: float = 0.5

    def delay(self, call: Call[Any], attempt: int, answer: Answer | None, *, connect_failed: bool = False,
              remaining: float) -> float | None:
        """Seconds to wait before retry number ``attempt`` (0-based), or None: give up now."""
        if attempt >= self.max_retries or not (call.retry or connect_failed):
            return None
        wait = self.backoff * (2 ** attempt)
        if answer is not None:
            if answer.status not in RETRY_STATUSES:
                return None
            asked = retry_after(answer)
            if asked is not None:
                if asked > MAX_RETRY_AFTER:
                    return None
                wait = max(wait, asked)
        return wait if wait < remaining else None


def network_error(call: Call[Any], base_url: str, exc: Exception, *, timed_out: bool) -> NetworkError:
    kind = "timed out" if timed_out else "failed"
    return NetworkError(f"{call.method} {base_url}{call.path} {kind}: {exc or type(exc).__name__}",
                        code="timeout" if timed_out else "network_error")
