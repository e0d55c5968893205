"""Every operation of the REST API v1, once, as a plan of calls (``core.Plan``): what to send and how to read
the answer. ``Mnemara`` and ``AsyncMnemara`` (``http.py``) run the same plans, so their methods have these
signatures and docstrings.

Saves, puts, deletes, merges and erasures carry an ``Idempotency-Key`` made here, once per call, so the transport
may send them again after a lost answer: the server answers the retry with the first answer (docs/api.md). The
caller may pass its own (``idempotency_key=``) to retry the call itself later — after a ``NetworkError`` (a
timeout: was it written?), or from another process — with the same key and arguments: done once.
"""

from __future__ import annotations

import builtins  # ``list`` is an operation's name below
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from mnemara.client.core import (
    Accepted,
    Answer,
    Call,
    Context,
    ErasureReceipt,
    ImportStatus,
    Job,
    KeyEntry,
    KeyPage,
    Memory,
    MemoryVersion,
    Message,
    Namespace,
    NamespacePage,
    Page,
    Plan,
    SearchHit,
    Session,
    Unmerged,
    compact,
    jsonable,
    parse_time,
)

MAX_BATCH = 500


def _id(value: str) -> str:
    return quote(str(value), safe="")


def _if_match(version: int | None) -> dict[str, str]:
    return {"If-Match": f'"{int(version)}"'} if version is not None else {}


def _once(idempotency_key: str | None = None) -> dict[str, str]:
    """The call's Idempotency-Key, kept by every retry of it: the caller's, else a new one."""
    if idempotency_key is not None and not isinstance(idempotency_key, str):
        raise TypeError("idempotency_key must be a string, e.g. str(uuid.uuid4())")
    return {"Idempotency-Key": idempotency_key if idempotency_key is not None else str(uuid.uuid4())}


def _given(idempotency_key: str | None) -> dict[str, str]:
    """The caller's Idempotency-Key for a call that sends none of its own (an update is guarded by its version,
    an append is not retried): with one, the call is safe to send again, so the transport retries it too."""
    return _once(idempotency_key) if idempotency_key is not None else {}


def _memory(answer: Answer) -> Memory:
    return Memory.from_json(answer.body)


def _accepted(answer: Answer) -> Accepted:
    data = answer.body if isinstance(answer.body, dict) else {}
    job = data.get("job")
    return Accepted(job=str(job) if job else None, raw=dict(data))


def _messages(messages: Sequence[Message | Mapping[str, Any]]) -> builtins.list[dict[str, Any]]:
    return [{"role": m["role"], "content": m["content"],
             **({"created_at": jsonable(m["created_at"])} if m.get("created_at") is not None else {})}
            for m in messages]


# --- memories ---


def save(content: str, *, scope: str, type: str = "fact", entity: str | None = None,
         metadata: Mapping[str, Any] | None = None, confidence: float | None = None, provenance: str | None = None,
         subject: str | None = None, source_session: str | None = None, valid_from: datetime | str | None = None,
         valid_to: datetime | str | None = None, expires_at: datetime | str | None = None,
         idempotency_key: str | None = None) -> Plan[Memory]:
    """Save one memory through the write flow. ``result.resolution.action`` says what happened.
    ``idempotency_key``: saving again with the same key (and the same arguments) within 24 hours writes nothing
    and answers as the first save did."""
    body = compact(scope=scope, content=content, type=type, entity=entity,
                   metadata=dict(metadata) if metadata is not None else None, confidence=confidence,
                   provenance=provenance, subject=subject, source_session=source_session, valid_from=valid_from,
                   valid_to=valid_to, expires_at=expires_at)
    return (yield Call("POST", "memories", _memory, json=body, headers=_once(idempotency_key), retry=True))


def save_many(items: Sequence[Mapping[str, Any]], *, idempotency_key: str | None = None,
              ) -> Plan[builtins.list[Memory]]:
    """Save many memories (dicts in the API's shape), 500 per request; each request is all-or-nothing.
    ``idempotency_key``: the first request's key; the next ones' are ``<key>.1``, ``<key>.2``, … (so the same
    call again, with the same items, writes nothing twice)."""
    saved: builtins.list[Memory] = []
    for number, start in enumerate(range(0, len(items), MAX_BATCH)):
        chunk = [{k: jsonable(v) for k, v in item.items() if v is not None} for item in items[start:start + MAX_BATCH]]
        key = idempotency_key if idempotency_key is None or number == 0 else f"{idempotency_key}.{number}"
        saved.extend((yield Call("POST", "memories", lambda a: [Memory.from_json(m) for m in a.body], json=chunk,
                                 headers=_once(key), retry=True)))
    return saved


def get(memory_id: str) -> Plan[Memory]:
    return (yield Call("GET", f"memories/{_id(memory_id)}", _memory, retry=True))


def update(memory_id: str, *, version: int, idempotency_key: str | None = None, **changes: Any) -> Plan[Memory]:
    """Change content/type/entity/metadata/confidence/status/valid_to/expires_at (and a ``reason``).

    ``version`` is the version you read; if the memory changed since, ``VersionConflict`` is raised with the
    current memory in ``.current``: merge your change into it and retry with its version. ``idempotency_key``:
    the same update sent again with it gets the first answer (not a ``VersionConflict`` with your own change).
    """
    if not changes:
        raise ValueError("update() needs at least one change, e.g. content='…'")
    body = {k: jsonable(v) for k, v in changes.items()}
    return (yield Call("PATCH", f"memories/{_id(memory_id)}", _memory, json=body,
                       headers={**_if_match(version), **_given(idempotency_key)}, retry=idempotency_key is not None))


def deprecate(memory_id: str, *, reason: str = "", version: int | None = None,
              idempotency_key: str | None = None) -> Plan[Memory]:
    """Mark a memory no longer true (kept in history, left out of recall)."""
    return (yield Call("POST", f"memories/{_id(memory_id)}/deprecate", _memory, json=compact(reason=reason),
                       headers={**_if_match(version), **_given(idempotency_key)}, retry=idempotency_key is not None))


def restore(memory_id: str, *, reason: str = "", version: int | None = None,
            idempotency_key: str | None = None) -> Plan[Memory]:
    """Make a deprecated memory active again."""
    return (yield Call("POST", f"memories/{_id(memory_id)}/restore", _memory, json=compact(reason=reason),
                       headers={**_if_match(version), **_given(idempotency_key)}, retry=idempotency_key is not None))


def delete(memory_id: str, *, version: int | None = None, idempotency_key: str | None = None) -> Plan[None]:
    """Hard-delete a memory and its versions (the audit log keeps a content-free tombstone)."""
    return (yield Call("DELETE", f"memories/{_id(memory_id)}", lambda a: None,
                       headers={**_if_match(version), **_once(idempotency_key)}, retry=True))


def history(memory_id: str) -> Plan[builtins.list[MemoryVersion]]:
    """All versions of a memory, oldest first."""
    return (yield Call("GET", f"memories/{_id(memory_id)}/history",
                       lambda a: [MemoryVersion.from_json(v) for v in a.body.get("results", [])], retry=True))


def merge(memory_ids: Sequence[str], *, content: str | None = None, reason: str | None = None,
          idempotency_key: str | None = None) -> Plan[Memory]:
    """Merge live memories of one scope into a new one; the merged ones become deprecated."""
    body = compact(ids=[str(i) for i in memory_ids], content=content, reason=reason)
    return (yield Call("POST", "memories/merge", _memory, json=body, headers=_once(idempotency_key), retry=True))


def unmerge(memory_id: str, *, version: int | None = None, idempotency_key: str | None = None) -> Plan[Unmerged]:
    """Undo the merge that made this memory: it becomes deprecated and its sources are back as they were.

    Only while nothing changed since the merge (else ``Conflict`` ``undo_impossible``; a memory no merge made:
    ``Conflict`` ``not_a_merge``). ``version``: the merged memory's version you read (stale → ``VersionConflict``).
    """
    return (yield Call("POST", f"memories/{_id(memory_id)}/unmerge", lambda a: Unmerged.from_json(a.body),
                       headers={**_if_match(version), **_once(idempotency_key)}, retry=True))


def list_page(*, cursor: str | None = None, limit: int | None = None, **filters: Any) -> Plan[Page]:
    """One page of memories, newest first. Filters: scope, scope_prefix, type, status, subject, entity, q (text),
    updated_since."""
    return (yield Call("GET", "memories", lambda a: Page(results=[Memory.from_json(m) for m in a.body["results"]],
                                                         next=a.body.get("next")),
                       params=compact(cursor=cursor, limit=limit, **filters), retry=True))


# --- keyed memories ---


def _address(scope: str, key: str) -> dict[str, str]:
    return {"scope": scope, "key": key}


def put(scope: str, key: str, content: str, *, type: str | None = None, entity: str | None = None,
        metadata: Mapping[str, Any] | None = None, confidence: float | None = None, provenance: str | None = None,
        subject: str | None = None, source_session: str | None = None, valid_from: datetime | str | None = None,
        valid_to: datetime | str | None = None, expires_at: datetime | str | None = None,
        if_version: int | None = None, create_only: bool = False, idempotency_key: str | None = None,
        ) -> Plan[Memory]:
    """Create or replace the memory at ``key`` in ``scope`` through the write flow (a PUT replaces: a field not
    given takes its default). ``result.resolution.action``: ``created``, ``updated`` (a new version),
    ``duplicate`` (nothing changed), ``pending`` (waits in review: inferred or low confidence), or an entity's
    ``conflict``/``superseded``. ``if_version``: only if the key's memory is at this version (else
    ``VersionConflict`` with ``.current``; no memory at the key: ``PreconditionFailed``). ``create_only``: only
    if no memory has the key (else ``PreconditionFailed``, code ``key_exists``). Retried safely (Idempotency-Key).
    """
    if if_version is not None and create_only:
        raise ValueError("put() takes if_version or create_only, not both")
    body = compact(content=content, type=type, entity=entity, metadata=dict(metadata) if metadata is not None else None,
                   confidence=confidence, provenance=provenance, subject=subject, source_session=source_session,
                   valid_from=valid_from, valid_to=valid_to, expires_at=expires_at)
    headers = {**_if_match(if_version), **({"If-None-Match": "*"} if create_only else {}), **_once(idempotency_key)}
    return (yield Call("PUT", "keys/memory", _memory, params=_address(scope, key), json=body, headers=headers,
                       retry=True))


def get_by_key(scope: str, key: str) -> Plan[Memory]:
    """The memory at ``key`` in ``scope`` (its active or conflicted memory, else the one pending review);
    ``NotFound`` when no live memory has the key."""
    return (yield Call("GET", "keys/memory", _memory, params=_address(scope, key), retry=True))


def delete_by_key(scope: str, key: str, *, if_version: int | None = None, idempotency_key: str | None = None,
                  ) -> Plan[None]:
    """Hard-delete the key's live memories and their versions (the audit log keeps a tombstone).
    ``if_version``: only if the key's memory is at this version (else ``VersionConflict``)."""
    return (yield Call("DELETE", "keys/memory", lambda a: None, params=_address(scope, key),
                       headers={**_if_match(if_version), **_once(idempotency_key)}, retry=True))


def keys(scope: str, *, prefix: str | None = None, descendants: bool = False, with_memory: bool = False,
         limit: int | None = None, cursor: str | None = None) -> Plan[KeyPage]:
    """One page of the keys held in ``scope`` (``descendants``: and the scopes below it), sorted by scope and
    key in code point order; ``prefix``: only keys starting with it; ``with_memory``: each entry's ``memory``
    too (one call for a page of whole memories)."""
    params = compact(scope=scope, prefix=prefix, descendants="true" if descendants else None,
                     with_memory="true" if with_memory else None, limit=limit, cursor=cursor)
    return (yield Call("GET", "keys", lambda a: KeyPage(
        results=[KeyEntry.from_json(k) for k in a.body["results"]], next=a.body.get("next")), params=params,
                       retry=True))


def namespaces(prefix: str | None = None, *, limit: int | None = None, cursor: str | None = None
               ) -> Plan[NamespacePage]:
    """One page of the scopes that hold live memories (within ``prefix``, a scope path), sorted by path, with
    how many memories and keys each holds."""
    return (yield Call("GET", "namespaces", lambda a: NamespacePage(
        results=[Namespace(scope=str(n["scope"]), memories=int(n["memories"]), keys=int(n["keys"]))
                 for n in a.body["results"]], next=a.body.get("next")),
                       params=compact(prefix=prefix, limit=limit, cursor=cursor), retry=True))


# --- recall ---


def search(query: str, *, scope: str | None = None, scopes: Sequence[str] | None = None, k: int = 10,
           types: Sequence[str] | None = None, descendants: bool | None = None, min_confidence: float | None = None,
           include_statuses: Sequence[str] | None = None, filters: Mapping[str, Any] | None = None,
           floor: bool | None = None, threshold: float | None = None) -> Plan[builtins.list[SearchHit]]:
    """The memories that best match ``query`` in the given scope(s), best first: at most ``k``, only those
    above the relevance floor (``floor=False``: the best ``k``, relevant or not), and with ``threshold`` only
    those whose ``scores["similarity"]`` (raw cosine) reaches it."""
    body = compact(query=query, scope=scope, scopes=builtins.list(scopes) if scopes is not None else None, k=k,
                   types=builtins.list(types) if types is not None else None, descendants=descendants,
                   min_confidence=min_confidence,
                   include_statuses=builtins.list(include_statuses) if include_statuses is not None else None,
                   filters=dict(filters) if filters is not None else None, floor=floor, threshold=threshold)
    return (yield Call("POST", "memories/search", lambda a: [
        SearchHit(memory=Memory.from_json(hit["memory"]), score=float(hit.get("score", 0.0)),
                  scores=dict(hit.get("scores") or {}), relevant=bool(hit.get("relevant", True)),
                  conflict=bool(hit.get("conflict", False)))
        for hit in a.body.get("results", [])], json=body, retry=True))


def context(query: str, *, scope: str | None = None, scopes: Sequence[str] | None = None,
            token_budget: int | None = None, types: Sequence[str] | None = None, descendants: bool | None = None,
            floor: bool | None = None) -> Plan[Context]:
    """The ``<memory>`` block to put in a system prompt for ``query``, within ``token_budget`` tokens: only
    memories above the relevance floor (``floor=False``: the best ones that fit, relevant or not)."""
    body = compact(query=query, scope=scope, scopes=builtins.list(scopes) if scopes is not None else None,
                   token_budget=token_budget, types=builtins.list(types) if types is not None else None,
                   descendants=descendants, floor=floor)
    return (yield Call("POST", "context", lambda a: Context(
        block=str(a.body.get("block", "")), items=[str(i) for i in a.body.get("items", [])],
        tokens=int(a.body.get("tokens") or 0), raw=dict(a.body)), json=body, retry=True))


def feedback(memory_ids: Sequence[str] = (), *, useful: bool | None = None,
             correction: str | None = None, query: str | None = None, idempotency_key: str | None = None,
             ) -> Plan[None]:
    """Whether recalled memories helped (``query``: what was asked), and/or a correction in words."""
    body = compact(memory_ids=[str(i) for i in memory_ids] or None, useful=useful, correction=correction,
                   query=query)
    return (yield Call("POST", "feedback", lambda a: None, json=body, headers=_given(idempotency_key),
                       retry=idempotency_key is not None))


# --- sessions and extraction ---


def add_messages(session_id: str, messages: Sequence[Message | Mapping[str, Any]], *, scope: str,
                 subject: str | None = None, idempotency_key: str | None = None) -> Plan[Accepted]:
    """Append conversation turns to a session's short-term buffer; extraction may be scheduled. A message may
    carry ``created_at`` (a datetime or ISO 8601 string: when it was said; memories extracted from it are
    valid from then); the messages of one call never go back in time. Without ``idempotency_key`` the call is
    not retried (a repeat would append the turns twice); with one, it is, and so may the caller."""
    body = compact(scope=scope, subject=subject, messages=_messages(messages))
    return (yield Call("POST", f"sessions/{_id(session_id)}/messages", _accepted, json=body,
                       headers=_given(idempotency_key), retry=idempotency_key is not None))


def session(session_id: str, *, scope: str | None = None, limit: int | None = None) -> Plan[Session]:
    """The session's recent turns and rolling summary (``scope`` when the id is used in several scopes)."""
    return (yield Call("GET", f"sessions/{_id(session_id)}", lambda a: Session.from_json(a.body),
                       params=compact(scope=scope, limit=limit), retry=True))


def close_session(session_id: str, *, scope: str | None = None) -> Plan[Accepted]:
    """Summarise the session and extract its memories now (in the background: see ``job``). Closing again
    returns the same job, so this call is retried after a lost answer."""
    return (yield Call("POST", f"sessions/{_id(session_id)}/close", _accepted, params=compact(scope=scope),
                       retry=True))


def extract(messages: Sequence[Message | Mapping[str, Any]], *, scope: str, subject: str | None = None,
            idempotency_key: str | None = None) -> Plan[Accepted]:
    """Extract memories from messages without a session (a background job; with ``idempotency_key``, one job
    however often the call is sent)."""
    body = compact(scope=scope, subject=subject, messages=_messages(messages))
    return (yield Call("POST", "extract", _accepted, json=body, headers=_given(idempotency_key),
                       retry=idempotency_key is not None))


def job(job_id: str) -> Plan[Job]:
    return (yield Call("GET", f"jobs/{_id(job_id)}", lambda a: Job.from_json(a.body), retry=True))


# --- history import ---


def import_history(lines: Sequence[Mapping[str, Any]]) -> Plan[ImportStatus]:
    """Import history (docs/api.md §8.4): conversations ``{"session", "scope", "subject"?, "messages": [{"role",
    "content", "created_at"}]}`` and/or the lines of a Mnemara export (schema 1.x), in one request, all or
    nothing. Extraction runs in the background: follow it with ``import_status``. Importing the same lines
    again adds nothing, so the call is retried after a lost answer."""
    body = [{k: jsonable(v) if k != "messages" else _messages(v) for k, v in line.items()}
            if "messages" in line else dict(line) for line in lines]
    return (yield Call("POST", "imports", lambda a: ImportStatus.from_json(a.body), json=body, retry=True))


def import_status(import_id: str) -> Plan[ImportStatus]:
    """An import's progress: conversations done, memories created, errors."""
    return (yield Call("GET", f"imports/{_id(import_id)}", lambda a: ImportStatus.from_json(a.body), retry=True))


# --- subjects (GDPR) ---


def export_subject(external_id: str) -> Plan[dict[str, Any]]:
    """Everything held about a person (GDPR Art. 15/20), as the API's JSON."""
    return (yield Call("GET", f"subjects/{_id(external_id)}/export", lambda a: dict(a.body), retry=True))


def erase_subject(external_id: str, *, idempotency_key: str | None = None) -> Plan[ErasureReceipt]:
    """Erase a person's memories, versions, sessions and review items (GDPR Art. 17). A retry after a lost
    answer gets the first receipt (not a 404)."""
    def receipt(answer: Answer) -> ErasureReceipt:
        data = answer.body
        return ErasureReceipt(subject=external_id, erased_at=parse_time(data.get("erased_at")),
                              counts=dict(data.get("counts") or {}), exports=builtins.list(data.get("exports") or []),
                              raw=dict(data))

    return (yield Call("DELETE", f"subjects/{_id(external_id)}", receipt, headers=_once(idempotency_key), retry=True))
