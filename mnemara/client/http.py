"""The Python client for the Mnemara REST API v1 (see docs/client.md).

Importable without Django: it only needs ``httpx``. One ``Mnemara`` object holds one connection pool;
close it (or use it as a context manager) when done.

Retries: only calls that are safe to repeat are retried — GET, DELETE and the read-only POSTs
(search, context) — on 429, 5xx and connection errors, with exponential backoff, honouring
``Retry-After``. A save, an update or a session append is sent once: repeating it after a lost answer
could write twice, so its failure is raised for the caller to decide.
"""

from __future__ import annotations

import builtins  # the method ``Mnemara.list`` shadows the type in annotations below it
import email.utils
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, TypedDict
from urllib.parse import quote

import httpx

__all__ = [
    "Accepted",
    "AuthenticationError",
    "Conflict",
    "Context",
    "ErasureReceipt",
    "Job",
    "Memory",
    "MemoryVersion",
    "Message",
    "Mnemara",
    "MnemaraError",
    "NetworkError",
    "NotFound",
    "Page",
    "PermissionDenied",
    "PreconditionFailed",
    "RateLimited",
    "Resolution",
    "SearchHit",
    "ServerError",
    "TooLarge",
    "ValidationError",
    "VersionConflict",
]

USER_AGENT = "mnemara-python/0.1"
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
# A Retry-After longer than this is not waited out inside a call: the caller gets RateLimited.
MAX_RETRY_AFTER = 60.0
MAX_BATCH = 500


# --- errors ---------------------------------------------------------------------------------------


class MnemaraError(Exception):
    """An API error: ``status`` (HTTP), ``code`` and ``message`` from the error body, ``fields`` per input."""

    def __init__(self, message: str, *, status: int | None = None, code: str = "error",
                 fields: dict[str, Any] | None = None, body: dict[str, Any] | None = None) -> None:
        super().__init__(f"{code}: {message}" if status is None else f"{status} {code}: {message}")
        self.message = message
        self.status = status
        self.code = code
        self.fields = fields or {}
        self.body = body or {}


class ValidationError(MnemaraError):
    """400: the request is not valid; ``fields`` says which inputs and why."""


class AuthenticationError(MnemaraError):
    """401: no key, a wrong key or a revoked key."""


class PermissionDenied(MnemaraError):
    """403: e.g. a write with a read-only key."""


class NotFound(MnemaraError):
    """404: also what a memory of another tenant, or outside the key's scopes, looks like."""


class Conflict(MnemaraError):
    """409 for a reason other than a stale version."""


class VersionConflict(Conflict):
    """409: the memory changed since the version you sent. ``current`` is the memory as it is now."""

    def __init__(self, message: str, *, current: Memory | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.current = current


class PreconditionFailed(MnemaraError):
    """412 / 428: a malformed or missing If-Match."""


class TooLarge(MnemaraError):
    """413: the content, the batch or the body is too large."""


class RateLimited(MnemaraError):
    """429 after the retries (or with a Retry-After too long to wait): ``retry_after`` in seconds."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class ServerError(MnemaraError):
    """5xx after the retries."""


class NetworkError(MnemaraError):
    """The server could not be reached, or did not answer in time."""


_ERRORS_BY_STATUS: dict[int, type[MnemaraError]] = {
    400: ValidationError, 401: AuthenticationError, 403: PermissionDenied, 404: NotFound, 409: Conflict,
    412: PreconditionFailed, 413: TooLarge, 428: PreconditionFailed, 429: RateLimited,
}


# --- typed results --------------------------------------------------------------------------------


def _time(value: Any) -> datetime | None:
    if not value or not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value)
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
            metadata=dict(data.get("metadata") or {}), confidence=float(data.get("confidence", 1.0)),
            provenance=str(data.get("provenance", "")), source_session=data.get("source_session") or "",
            valid_from=_time(data.get("valid_from")), valid_to=_time(data.get("valid_to")),
            expires_at=_time(data.get("expires_at")), superseded_by=data.get("superseded_by"),
            created_at=_time(data.get("created_at")), updated_at=_time(data.get("updated_at")),
            access_count=int(data.get("access_count") or 0), last_accessed_at=_time(data.get("last_accessed_at")),
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
                   status=str(data.get("status", "")), created_at=_time(data.get("created_at")), raw=dict(data))


@dataclass(frozen=True)
class SearchHit:
    memory: Memory
    score: float
    #: The score breakdown (vector, lexical, recency, ...).
    scores: dict[str, Any] = field(default_factory=dict)
    #: Above the relevance floor (always, unless the search sent ``floor=False``).
    relevant: bool = True


@dataclass(frozen=True)
class Context:
    """The prompt-ready ``<memory>…</memory>`` block, the ids of the memories in it and its size in tokens."""

    block: str
    items: list[str]
    tokens: int
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Page:
    results: list[Memory]
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


class Message(TypedDict):
    role: str  # "user" | "assistant"
    content: str


# --- the client -----------------------------------------------------------------------------------


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _compact(**values: Any) -> dict[str, Any]:
    """Only the arguments that were given: the API's defaults apply to the others."""
    return {k: _jsonable(v) for k, v in values.items() if v is not None}


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After")
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


def error_from_response(response: httpx.Response) -> MnemaraError:
    """The exception for an error answer, carrying the API's code, message and fields."""
    try:
        body = response.json()
    except ValueError:
        body = {}
    body = body if isinstance(body, dict) else {}
    error: dict[str, Any] = body["error"] if isinstance(body.get("error"), dict) else {}
    code = str(error.get("code") or f"http_{response.status_code}")
    message = str(error.get("message") or response.reason_phrase or "Request failed.")
    kwargs: dict[str, Any] = {"status": response.status_code, "code": code,
                              "fields": error.get("fields") or {}, "body": body}
    status = response.status_code
    if status == 409 and (code == "version_conflict" or "current" in body):
        current = body.get("current")
        return VersionConflict(message, current=Memory.from_json(current) if isinstance(current, dict) else None,
                               **kwargs)
    if status == 429:
        return RateLimited(message, retry_after=_retry_after(response), **kwargs)
    if status >= 500:
        return ServerError(message, **kwargs)
    return _ERRORS_BY_STATUS.get(status, MnemaraError)(message, **kwargs)


class Mnemara:
    """A client for one Mnemara server and one API key.

    >>> with Mnemara("http://127.0.0.1:8000", api_key) as memory:
    ...     memory.save("Prefers answers in Chinese", scope="user/123", type="preference")
    ...     print(memory.context("What language?", scope="user/123").block)
    """

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 10.0, max_retries: int = 3,
                 backoff: float = 0.5, transport: httpx.BaseTransport | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        if not base_url:
            raise ValueError("base_url is required, e.g. http://127.0.0.1:8000")
        if not api_key:
            raise ValueError("api_key is required")
        self.base_url = base_url.rstrip("/")
        self.max_retries = max(0, max_retries)
        self.backoff = backoff
        self._sleep = sleep
        self._http = httpx.Client(
            base_url=f"{self.base_url}/api/v1/", timeout=timeout, transport=transport,
            headers={"Authorization": f"Bearer {api_key}", "User-Agent": USER_AGENT, "Accept": "application/json"},
        )

    def __repr__(self) -> str:  # never the key
        return f"Mnemara({self.base_url!r})"

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Mnemara:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- transport ---

    def _delay(self, attempt: int, response: httpx.Response | None) -> float | None:
        """Seconds to wait before retry number ``attempt`` (0-based), or None: do not retry."""
        if attempt >= self.max_retries:
            return None
        wait = self.backoff * (2 ** attempt)
        if response is not None:
            retry_after = _retry_after(response)
            if retry_after is not None:
                if retry_after > MAX_RETRY_AFTER:
                    return None
                wait = max(wait, retry_after)
        return wait

    def _request(self, method: str, path: str, *, idempotent: bool, json: Any = None,
                 params: Mapping[str, Any] | None = None, headers: Mapping[str, str] | None = None,
                 ) -> httpx.Response:
        attempt = 0
        while True:
            try:
                response = self._http.request(method, path, json=json, params=params, headers=headers)
            except httpx.TransportError as exc:
                wait = self._delay(attempt, None) if idempotent else None
                if wait is None:
                    kind = "timed out" if isinstance(exc, httpx.TimeoutException) else "failed"
                    raise NetworkError(f"{method} {self._http.base_url}{path} {kind}: {exc}",
                                       code="network_error") from exc
            else:
                if response.status_code < 400:
                    return response
                wait = self._delay(attempt, response) if idempotent and response.status_code in RETRY_STATUSES \
                    else None
                if wait is None:
                    raise error_from_response(response)
            self._sleep(wait)
            attempt += 1

    def _json(self, method: str, path: str, *, idempotent: bool, **kwargs: Any) -> Any:
        response = self._request(method, path, idempotent=idempotent, **kwargs)
        if response.status_code == 204 or not response.content:
            return {}
        return response.json()

    @staticmethod
    def _if_match(version: int | None) -> dict[str, str]:
        return {"If-Match": f'"{int(version)}"'} if version is not None else {}

    @staticmethod
    def _id(value: str) -> str:
        return quote(str(value), safe="")

    # --- memories ---

    def save(self, content: str, *, scope: str, type: str = "fact", entity: str | None = None,
             metadata: Mapping[str, Any] | None = None, confidence: float | None = None,
             provenance: str | None = None, subject: str | None = None, source_session: str | None = None,
             valid_from: datetime | str | None = None, valid_to: datetime | str | None = None,
             expires_at: datetime | str | None = None) -> Memory:
        """Save one memory through the write flow. ``result.resolution.action`` says what happened."""
        body = _compact(scope=scope, content=content, type=type, entity=entity,
                        metadata=dict(metadata) if metadata is not None else None, confidence=confidence,
                        provenance=provenance, subject=subject, source_session=source_session,
                        valid_from=valid_from, valid_to=valid_to, expires_at=expires_at)
        return Memory.from_json(self._json("POST", "memories", idempotent=False, json=body))

    def save_many(self, items: Sequence[Mapping[str, Any]]) -> list[Memory]:
        """Save many memories (dicts in the API's shape). Each request of up to 500 is all-or-nothing."""
        saved: list[Memory] = []
        for start in range(0, len(items), MAX_BATCH):
            chunk = [{k: _jsonable(v) for k, v in item.items() if v is not None} for item in
                     items[start:start + MAX_BATCH]]
            saved.extend(Memory.from_json(m) for m in self._json("POST", "memories", idempotent=False, json=chunk))
        return saved

    def get(self, memory_id: str) -> Memory:
        return Memory.from_json(self._json("GET", f"memories/{self._id(memory_id)}", idempotent=True))

    def update(self, memory_id: str, *, version: int, **changes: Any) -> Memory:
        """Change content/type/entity/metadata/confidence/status/valid_to/expires_at (and a ``reason``).

        ``version`` is the version you read; if the memory changed since, ``VersionConflict`` is raised
        with the current memory in ``.current`` — merge your change into it and retry with its version.
        """
        if not changes:
            raise ValueError("update() needs at least one change, e.g. content='…'")
        body = {k: _jsonable(v) for k, v in changes.items()}
        data = self._json("PATCH", f"memories/{self._id(memory_id)}", idempotent=False, json=body,
                          headers=self._if_match(version))
        return Memory.from_json(data)

    def deprecate(self, memory_id: str, *, reason: str = "", version: int | None = None) -> Memory:
        data = self._json("POST", f"memories/{self._id(memory_id)}/deprecate", idempotent=False,
                          json=_compact(reason=reason), headers=self._if_match(version))
        return Memory.from_json(data)

    def restore(self, memory_id: str, *, reason: str = "", version: int | None = None) -> Memory:
        data = self._json("POST", f"memories/{self._id(memory_id)}/restore", idempotent=False,
                          json=_compact(reason=reason), headers=self._if_match(version))
        return Memory.from_json(data)

    def delete(self, memory_id: str, *, version: int | None = None) -> None:
        """Hard-delete a memory and its versions (the audit log keeps a content-free tombstone)."""
        self._request("DELETE", f"memories/{self._id(memory_id)}", idempotent=True,
                      headers=self._if_match(version))

    def history(self, memory_id: str) -> list[MemoryVersion]:
        """All versions of a memory, oldest first."""
        data = self._json("GET", f"memories/{self._id(memory_id)}/history", idempotent=True)
        return [MemoryVersion.from_json(v) for v in data.get("results", [])]

    def merge(self, memory_ids: Sequence[str], *, content: str | None = None, reason: str | None = None) -> Memory:
        body = _compact(ids=[str(i) for i in memory_ids], content=content, reason=reason)
        return Memory.from_json(self._json("POST", "memories/merge", idempotent=False, json=body))

    def list_page(self, *, cursor: str | None = None, limit: int | None = None, **filters: Any) -> Page:
        """One page of memories, newest first. Filters: scope, scope_prefix, type, status, subject, entity,
        q (text), updated_since."""
        params = _compact(cursor=cursor, limit=limit, **filters)
        data = self._json("GET", "memories", idempotent=True, params=params)
        return Page(results=[Memory.from_json(m) for m in data.get("results", [])], next=data.get("next"))

    def list(self, *, page_size: int | None = None, **filters: Any) -> Iterator[Memory]:
        """Every memory matching the filters, newest first, fetching the pages as they are needed."""
        cursor: str | None = None
        while True:
            page = self.list_page(cursor=cursor, limit=page_size, **filters)
            yield from page.results
            if not page.next:
                return
            cursor = page.next

    # --- recall ---

    def search(self, query: str, *, scope: str | None = None, scopes: Sequence[str] | None = None, k: int = 10,
               types: Sequence[str] | None = None, descendants: bool | None = None,
               min_confidence: float | None = None, include_statuses: Sequence[str] | None = None,
               filters: Mapping[str, Any] | None = None, floor: bool | None = None) -> builtins.list[SearchHit]:
        """The memories that best match ``query`` in the given scope(s), best first: at most ``k``, only those
        above the relevance floor (``floor=False``: the best ``k``, relevant or not)."""
        body = _compact(query=query, scope=scope, scopes=list(scopes) if scopes is not None else None, k=k,
                        types=list(types) if types is not None else None, descendants=descendants,
                        min_confidence=min_confidence,
                        include_statuses=list(include_statuses) if include_statuses is not None else None,
                        filters=dict(filters) if filters is not None else None, floor=floor)
        data = self._json("POST", "memories/search", idempotent=True, json=body)
        return [SearchHit(memory=Memory.from_json(hit["memory"]), score=float(hit.get("score", 0.0)),
                          scores=dict(hit.get("scores") or {}), relevant=bool(hit.get("relevant", True)))
                for hit in data.get("results", [])]

    def context(self, query: str, *, scope: str | None = None, scopes: Sequence[str] | None = None,
                token_budget: int | None = None, types: Sequence[str] | None = None,
                floor: bool | None = None) -> Context:
        """The ``<memory>`` block to put in a system prompt for ``query``, within ``token_budget`` tokens: only
        memories above the relevance floor (``floor=False``: the best ones that fit, relevant or not)."""
        body = _compact(query=query, scope=scope, scopes=list(scopes) if scopes is not None else None,
                        token_budget=token_budget, types=list(types) if types is not None else None, floor=floor)
        data = self._json("POST", "context", idempotent=True, json=body)
        return Context(block=str(data.get("block", "")), items=[str(i) for i in data.get("items", [])],
                       tokens=int(data.get("tokens") or 0), raw=dict(data))

    def feedback(self, memory_ids: Sequence[str] = (), *, useful: bool | None = None,
                 correction: str | None = None, query: str | None = None) -> None:
        body = _compact(memory_ids=[str(i) for i in memory_ids], useful=useful, correction=correction, query=query)
        self._json("POST", "feedback", idempotent=False, json=body)

    # --- sessions and extraction ---

    def add_messages(self, session_id: str, messages: Sequence[Message | Mapping[str, str]], *, scope: str,
                     subject: str | None = None) -> Accepted:
        """Append conversation turns to a session's short-term buffer; extraction may be scheduled."""
        body = _compact(scope=scope, subject=subject,
                        messages=[{"role": m["role"], "content": m["content"]} for m in messages])
        data = self._json("POST", f"sessions/{self._id(session_id)}/messages", idempotent=False, json=body)
        return Accepted(job=_job_id(data), raw=data)

    def session(self, session_id: str) -> dict[str, Any]:
        """The session's recent turns and rolling summary."""
        data = self._json("GET", f"sessions/{self._id(session_id)}", idempotent=True)
        return dict(data)

    def close_session(self, session_id: str) -> Accepted:
        """Summarise the session and extract its memories now (in the background: see ``job``)."""
        data = self._json("POST", f"sessions/{self._id(session_id)}/close", idempotent=False, json={})
        return Accepted(job=_job_id(data), raw=data)

    def extract(self, messages: Sequence[Message | Mapping[str, str]], *, scope: str,
                subject: str | None = None) -> Accepted:
        body = _compact(scope=scope, subject=subject,
                        messages=[{"role": m["role"], "content": m["content"]} for m in messages])
        data = self._json("POST", "extract", idempotent=False, json=body)
        return Accepted(job=_job_id(data), raw=data)

    def job(self, job_id: str) -> Job:
        return Job.from_json(self._json("GET", f"jobs/{self._id(job_id)}", idempotent=True))

    # --- subjects (GDPR) ---

    def export_subject(self, external_id: str) -> dict[str, Any]:
        """Everything held about a person (GDPR Art. 15/20), as the API's JSON."""
        return dict(self._json("GET", f"subjects/{self._id(external_id)}/export", idempotent=True))

    def erase_subject(self, external_id: str) -> ErasureReceipt:
        """Erase a person's memories, versions, sessions and review items (GDPR Art. 17)."""
        data = self._json("DELETE", f"subjects/{self._id(external_id)}", idempotent=True)
        counts = data.get("counts") if isinstance(data.get("counts"), dict) else {}
        exports = data.get("exports") if isinstance(data.get("exports"), list) else []
        return ErasureReceipt(subject=external_id, erased_at=_time(data.get("erased_at")), counts=dict(counts),
                              exports=list(exports), raw=dict(data))


def _job_id(data: Any) -> str | None:
    if not isinstance(data, dict):
        return None
    job = data.get("job") or data.get("job_id")
    if isinstance(job, dict):
        job = job.get("id")
    return str(job) if job else None
