"""The mem0-compatible API's operations (docs/mem0.md), each through Mnemara's own services: writes through
the write flow, revisions and deletion (versions, audit, review, erasure), ``add`` with messages through an
extraction job, search through recall. Nothing here writes a row itself.

Every operation runs in the API key's tenant and within its scope prefixes (outside them: 404).
"""

from __future__ import annotations

import ast
import json
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Min, QuerySet

from memories import selectors
from memories.choices import JobStatus, MemoryType, Provenance, Status
from memories.extraction.mem0_format import ENTITY_KINDS, any_time, entity_scope, scope_entities, unix_time
from memories.extraction.sessions import extraction_request
from memories.extraction.tasks import extraction_run
from memories.mem0 import filters as mem0_filters
from memories.mem0.shapes import EVENTS, IMMUTABLE_KEY, mem0_history, mem0_memory
from memories.mem0.speakers import extraction_subject
from memories.models import Job, Memory, Scope
from memories.recall import search
from memories.recall.query import MAX_K, MAX_SCOPES, query_end
from memories.write import revisions, validation
from memories.write.feedback import feedback_record
from memories.write.flow import memory_create
from memories.write.plain import batch_shape
from memories.write.policy import Action
from memories.write.prepare import MemoryInput
from mnemara.kernel.errors import NotFound, ServiceError, ValidationFailed
from tenants.paths import path_within, scope_filter

#: Parameters mem0 defines that Mnemara does not (docs/mem0.md, "Not supported"): a clear 400 names them.
UNSUPPORTED = {"enable_graph", "org_id", "project_id", "custom_instructions", "agent_custom_instructions",
               "structured_data_schema", "memory_type", "prompt", "reference_date", "criteria", "use_criteria"}
#: Accepted and without effect here (docs/mem0.md says why). CrewAI's Mem0 storage sends ``includes``,
#: ``excludes`` and ``custom_categories`` with every add when configured: hints to mem0's own extractor.
IGNORED = {"output_format", "version", "api_version", "async_mode", "rerank", "keyword_search", "fields",
           "latest_only", "includes", "excludes", "custom_categories"}
ADD_FIELDS = {"messages", "filters", "metadata", "infer", "timestamp", "expiration_date", "immutable", *ENTITY_KINDS}
#: ``limit``: mem0's open-source name for ``top_k`` (CrewAI, AutoGen and mem0's MCP server send it).
SEARCH_FIELDS = {"query", "filters", "top_k", "limit", "threshold", "categories", "metadata", "show_expired",
                 *ENTITY_KINDS}
LIST_FIELDS = {"filters", "categories", "start_date", "end_date", "show_expired", "limit", *ENTITY_KINDS}

MAX_SEARCH_SCOPES = 10 * MAX_SCOPES
MAX_PAGE_SIZE = 1000
#: How long ``add`` waits for an extraction the worker took first (then it answers PENDING with the job).
EXTRACTION_WAIT_SECONDS = 60.0


@dataclass(frozen=True)
class Caller:
    """Who calls: the key's scope prefixes (none: the whole tenant) and the actor its writes are recorded as."""

    prefixes: Sequence[str]
    actor: str


# --------------------------------------------------------------------------- parameters

def _check_keys(body: dict[str, Any], allowed: set[str]) -> None:
    refused = sorted(k for k in body if k in UNSUPPORTED and body[k] not in (None, False, [], {}, ""))
    unknown = sorted(k for k in body if k not in allowed and k not in UNSUPPORTED and k not in IGNORED)
    if refused or unknown:
        names = refused + unknown
        raise ValidationFailed(f"Not supported by Mnemara's mem0-compatible API: {', '.join(names)} "
                               "(docs/mem0.md lists what is).", code="unsupported_parameter",
                               fields={name: ["Not supported."] for name in names})
    if body.get("output_format") not in (None, "v1.1"):
        raise ValidationFailed("Only output_format v1.1 is supported.", code="unsupported_parameter",
                               fields={"output_format": ["Only v1.1."]})


def _filters(body: dict[str, Any]) -> dict[str, Any]:
    """``filters`` with any top-level ids joined to it (mem0's v1 style), checked to name an id."""
    raw = body.get("filters")
    if raw is not None and not isinstance(raw, dict):
        raise validation.field_error("filters", "An object, e.g. {\"user_id\": \"alex\"}.")
    parts = [raw] if raw else []
    parts += [{name: body[name]} for name in ENTITY_KINDS if body.get(name) is not None]
    combined = parts[0] if len(parts) == 1 else {"AND": parts} if parts else {}
    mem0_filters.memory_query(combined)  # what is not supported is named before anything else
    if not mem0_filters.names_an_id(combined):
        raise validation.field_error("filters", "Name at least one of user_id, agent_id, app_id, run_id "
                                                "(e.g. {\"user_id\": \"alex\"}).")
    return combined


def _bool(body: dict[str, Any], name: str, default: bool) -> bool:
    value = body.get(name, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise validation.field_error(name, "true or false.")
    return value


def _int(value: Any, name: str, low: int, high: int, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise validation.field_error(name, f"An integer from {low} to {high}.")
    return value


def _types(value: Any) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(v in MemoryType.values for v in value):
        raise validation.field_error("categories", f"A list of Mnemara's types: {', '.join(MemoryType.values)}.")
    return value or None


def _expiry(value: Any) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, str) and len(value) == 10:
        value = f"{value}T23:59:59Z"  # valid through that day
    try:
        return any_time(value, "expiration_date")
    except ValidationFailed:  # its message named a time only; mem0's docs write a date
        raise validation.field_error("expiration_date", "A date (2025-03-10), a time with its zone, or Unix seconds.") \
            from None


def _allowed(scope: str, caller: Caller) -> str:
    if not path_within(scope, caller.prefixes):
        raise NotFound("Scope not found.", code="scope_not_found")
    return scope


# --------------------------------------------------------------------------- add

@dataclass(frozen=True)
class Turn:
    role: str
    content: str
    name: str = ""
    position: int = 0  # its place in the request's messages


def _messages(raw: Any) -> tuple[list[Turn], list[dict[str, Any]]]:
    """The user and assistant turns with text, and the messages left out (system prompts, empty ones), by
    position: mem0 does not remember system prompts either, and a request of only those gives no memory."""
    if isinstance(raw, str):
        raw = [{"role": "user", "content": raw}]
    elif isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list):
        raise validation.field_error("messages", "A string, a message or a list of {role, content} messages.")
    turns, left_out = [], []  # an empty list gives nothing (LlamaIndex's Mem0Memory.put of a system message sends one)
    for i, m in enumerate(raw):
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            raise validation.field_error(f"messages.{i}.role", "user, assistant, system (or developer, tool).")
        reason = ROLES[m["role"]] or ("tool" if m.get("tool_calls") or m.get("function_call") else "")
        content = _content(m.get("content"), i)
        if reason or not content.strip():
            left_out.append({"message": i, "reason": reason or "empty"})
            continue
        name = m.get("name")
        turns.append(Turn(m["role"], content, name.strip() if isinstance(name, str) else "", i))
    return turns, left_out


#: The roles a message may have, and why one gives no memory: mem0 remembers what the user and the assistant
#: say, not system (or OpenAI's "developer") prompts nor tool results, which the AI SDK's prompts carry.
ROLES = {"user": "", "assistant": "", "system": "system", "developer": "system", "tool": "tool", "function": "tool"}


def _content(raw: Any, i: int) -> str:
    """A message's text: a string, or the text parts of OpenAI's and the AI SDK's content lists
    (``[{"type": "text", "text": …}]``); a tool's structured result counts as no text. Images and documents
    are refused (mem0's platform reads them; Mnemara keeps text)."""
    if raw is None:  # e.g. OpenAI's assistant turn that only calls a tool
        return ""
    parts = raw if isinstance(raw, list) else [raw]
    texts = [p if isinstance(p, str) else p.get("text") if isinstance(p, dict) and p.get("type") == "text" else None
             for p in parts]
    media = [p for p in parts if isinstance(p, dict) and str(p.get("type", "")).startswith(MEDIA)]
    if media or (parts and not any(isinstance(t, str) for t in texts) and not _tool_output(parts)):
        raise validation.field_error(f"messages.{i}.content", "Text (images and documents are not supported).")
    return "\n".join(t for t in texts if isinstance(t, str))


MEDIA = ("image", "pdf", "mdx", "file", "audio", "document")


def _tool_output(parts: list[Any]) -> bool:
    return all(isinstance(p, dict) and str(p.get("type", "")).startswith("tool") for p in parts)


def mem0_add(*, body: dict[str, Any], caller: Caller) -> dict[str, Any]:
    """mem0's ``add``: with ``infer`` (the default) the messages are extracted now by an extraction job (the
    session flow's extractor: Claude, or the offline rules), else each message is saved as it is."""
    _check_keys(body, ADD_FIELDS)
    ids = dict(body.get("filters") or {}) if isinstance(body.get("filters"), dict) else {}
    ids.update({name: body[name] for name in ENTITY_KINDS if body.get(name) is not None})
    if set(ids) - set(ENTITY_KINDS):
        raise validation.field_error("filters", "In add, only the ids user_id, agent_id, app_id, run_id.")
    scope = _allowed(entity_scope(ids), caller)
    subject = ids.get("user_id")
    turns, left_out = _messages(body.get("messages"))
    metadata = validation.validate_metadata(body.get("metadata"))
    if _bool(body, "immutable", False):
        metadata[IMMUTABLE_KEY] = True
    said = None if body.get("timestamp") is None else unix_time(body["timestamp"], "timestamp")
    infer = _bool(body, "infer", True)
    if infer and body.get("expiration_date") is not None:
        raise ValidationFailed("expiration_date is supported with infer=false only.",
                               code="unsupported_parameter", fields={"expiration_date": ["With infer=false."]})
    if not turns:  # only system prompts or empty messages: nothing to remember, and the answer says why
        return {**_answer("SUCCEEDED", None, []), "skipped": left_out}
    if infer:
        answer = _extract(scope, extraction_subject(subject, turns), turns, metadata, said, caller)
        answer["skipped"] = sorted(answer.get("skipped", []) + left_out, key=lambda s: s["message"])
        return answer
    items = [MemoryInput(scope=scope, content=t.content, type=MemoryType.FACT, metadata=metadata,
                         provenance=Provenance.STATED, subject=subject, valid_from=said,
                         expires_at=_expiry(body.get("expiration_date"))) for t in turns]
    run = ids.get("run_id")
    batch_shape(items, session=f"mem0-run/{run}" if run is not None else None)  # a run is a session
    results = memory_create(items=items, actor=caller.actor)
    return _answer("SUCCEEDED", None, [(r.memory, r.action.value) for r in results])


def _extract(scope: str, subject: str | None, turns: list[Turn], metadata: dict[str, Any], said: datetime | None,
             caller: Caller) -> dict[str, Any]:
    when = {"created_at": said.isoformat()} if said else {}
    named = [{"name": t.name} if t.name else {} for t in turns]
    job = extraction_request(scope=scope, subject=subject, actor=caller.actor, metadata=metadata,
                             messages=[{"role": t.role, "content": t.content, **when, **n}
                                       for t, n in zip(turns, named, strict=True)])
    extraction_run.call(str(job.pk))  # here and now; if the worker took it first, wait for it
    job = _extraction_waited(job)
    if job.status != JobStatus.SUCCEEDED:
        status = "FAILED" if job.status in _FINISHED else "PENDING"
        return {**_answer(status, job.pk, []), "error": job.error}
    answer = _extraction_answer(job)
    for skipped in answer["skipped"]:  # the extraction counts the turns it was given; the caller, its messages
        if 0 <= skipped["message"] < len(turns):
            skipped["message"] = turns[skipped["message"]].position
    return answer


_FINISHED = (JobStatus.SUCCEEDED, JobStatus.FAILED, JobStatus.CANCELLED)


def _extraction_waited(job: Job) -> Job:
    """The job once it finished, or as it is after ``EXTRACTION_WAIT_SECONDS``."""
    deadline = time.monotonic() + EXTRACTION_WAIT_SECONDS
    while True:
        job = Job.objects.get(pk=job.pk)
        if job.status in _FINISHED or time.monotonic() > deadline:
            return job
        time.sleep(0.2)


def _extraction_answer(job: Job) -> dict[str, Any]:
    """A finished extraction as mem0 answers it: the memories written, and what gave none and why."""
    memories = {str(m.pk): m for m in Memory.objects.select_related("scope").filter(
        pk__in=[r["memory"] for r in job.resolutions if r.get("memory")])}
    answer = _answer("SUCCEEDED", job.pk, [(memories[r["memory"]], r["action"]) for r in job.resolutions
                                           if r.get("memory") in memories],
                     [r.get("reason", "") for r in job.resolutions if r.get("memory") in memories])
    # What gave no memory, and why (mem0 answers nothing for these; a silent [] hides a dropped message).
    answer["skipped"] = [{"message": turn - 1, "reason": r.get("reason", "")} for r in job.resolutions
                         if r.get("action") == "skipped" for turn in r.get("turns", [])]  # turns are 1-based
    if job.error:
        answer["note"] = job.error  # e.g. claude_fallback: … (the offline extractor took over)
    return answer


def _answer(status: str, event_id: uuid.UUID | None, written: list[tuple[Memory, str]],
            reasons: list[str] | None = None) -> dict[str, Any]:
    message = {"SUCCEEDED": "Memory processing completed.", "PENDING": "Memory processing is still running.",
               "FAILED": "Memory processing failed."}[status]
    results = [{"id": str(m.pk), "memory": m.content, "event": EVENTS[Action(action)], "resolution": action}
               for m, action in written]
    for result, reason in zip(results, reasons or [], strict=False):
        if reason:
            result["reason"] = reason  # statement, observation (kept as said) or assistant
    return {"message": message, "status": status, "event_id": str(event_id) if event_id else None,
            "results": results}


# --------------------------------------------------------------------------- search and list

def _visible(caller: Caller) -> QuerySet[Memory]:
    return selectors.visible_memories(caller.prefixes).filter(selectors.not_expired())


def mem0_search(*, body: dict[str, Any], caller: Caller) -> list[dict[str, Any]]:
    _check_keys(body, SEARCH_FIELDS)
    query = body.get("query")
    if not isinstance(query, str) or not query.strip():
        raise validation.field_error("query", "A non-empty string.")
    query = query_end(query)
    flt = _filters(body)
    top_k = _int(body.get("top_k"), "top_k", 1, MAX_K, 10) if body.get("top_k") is not None else \
        _int(body.get("limit"), "limit", 1, MAX_K, 10)
    threshold = body.get("threshold")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int | float)
                                  or not -1.0 <= threshold <= 1.0):
        raise validation.field_error("threshold", "A number from -1 to 1 (raw cosine similarity).")
    metadata = validation.validate_metadata(body.get("metadata"))
    if metadata:  # beside the filters, as mem0's v1 search has it: the same conditions as filters' "metadata"
        flt = {"AND": [flt, {"metadata": metadata}]}
    # Conditions beyond the ids narrow the candidates before ranking, so top_k counts only memories that meet them.
    narrowing = None if mem0_filters.only_ids(flt) else mem0_filters.memory_query(flt)
    paths = list(Scope.objects.filter(scope_filter(caller.prefixes, "path"), mem0_filters.scope_query(flt))
                 .order_by("path").values_list("path", flat=True)[:MAX_SEARCH_SCOPES + 1])
    if len(paths) > MAX_SEARCH_SCOPES:
        raise ValidationFailed(f"These filters match more than {MAX_SEARCH_SCOPES} scopes: narrow them.",
                               code="too_many_scopes", fields={"filters": ["Matches too many scopes."]})
    hits: list[search.SearchHit] = []
    for start in range(0, len(paths), MAX_SCOPES):
        hits += search.memory_search(query=query, scopes=paths[start:start + MAX_SCOPES], k=top_k,
                                     threshold=threshold, types=_types(body.get("categories")), filters=narrowing,
                                     allowed_prefixes=caller.prefixes)
    if len(paths) > MAX_SCOPES:
        hits.sort(key=lambda h: h.score, reverse=True)
    return [{**mem0_memory(h.memory), "score": round(h.scores.get("similarity", h.score), 4)} for h in hits[:top_k]]


def mem0_list(*, body: dict[str, Any], caller: Caller) -> QuerySet[Memory]:
    """Memories matching the filters, newest first: live ones (active, pending review, in conflict)."""
    _check_keys(body, LIST_FIELDS)
    visible = selectors.visible_memories(caller.prefixes)
    if not _bool(body, "show_expired", False):
        visible = visible.filter(selectors.not_expired())
    qs = visible.filter(mem0_filters.memory_query(_filters(body))).exclude(status=Status.DEPRECATED)
    types = _types(body.get("categories"))
    if types:
        qs = qs.filter(type__in=types)
    for name, op in (("start_date", "gte"), ("end_date", "lte")):
        if body.get(name) is not None:
            qs = qs.filter(**{f"valid_from__{op}": mem0_filters.when(body[name], name)})
    return qs.order_by("-valid_from", "-id")


def page_size(raw: Any, body: dict[str, Any]) -> int:
    """``page_size`` from the query, else the body's ``limit`` (mem0's open-source ``get_all(limit=…)``)."""
    if raw is None and body.get("limit") is not None:
        return _int(body["limit"], "limit", 1, MAX_PAGE_SIZE, 100)
    return _int(raw, "page_size", 1, MAX_PAGE_SIZE, 100)


def page_number(raw: Any) -> int:
    return _int(raw, "page", 1, 10**9, 1)


# --------------------------------------------------------------------------- one memory

def mem0_get(memory_id: Any, caller: Caller) -> Memory:
    return selectors.memory_visible(_uuid(memory_id), caller.prefixes)


def _uuid(value: Any) -> uuid.UUID:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise NotFound("Memory not found.") from None


def _changes(body: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    unknown = sorted(set(body) - {"text", "metadata", "expiration_date", "memory_id"})
    if unknown:
        raise ValidationFailed(f"Not supported in an update: {', '.join(unknown)} (docs/mem0.md).",
                               code="unsupported_parameter",
                               fields={f"{prefix}{k}": ["Not supported."] for k in unknown})
    changes: dict[str, Any] = {}
    if body.get("text") is not None:
        changes["content"] = body["text"]
    if body.get("metadata") is not None:
        changes["metadata"] = body["metadata"]
    if "expiration_date" in body:
        changes["expires_at"] = _expiry(body["expiration_date"])
    if not changes:
        raise validation.field_error(f"{prefix}text", "Send text, metadata or expiration_date.")
    return changes


def _mutable(memory: Memory) -> Memory:
    if memory.metadata.get(IMMUTABLE_KEY) is True:
        raise ValidationFailed(f"Memory {memory.pk} is immutable (added with immutable=true): it cannot be updated; "
                               "delete it and add a new one.", code="immutable",
                               fields={"memory_id": ["Immutable."]})
    return memory


def mem0_update(memory_id: Any, body: dict[str, Any], caller: Caller) -> Memory:
    """A correction as a new version (Mnemara's revise: versioned, audited, the conflict rules settled); an
    immutable memory refuses it."""
    memory = _mutable(mem0_get(memory_id, caller))
    return revisions.memory_revise(memory_id=memory.pk, expected_version=memory.version, changes=_changes(body),
                                   actor=caller.actor, reason="mem0 update")


def mem0_delete(memory_id: Any, caller: Caller, *, linked: bool = False) -> None:
    """Delete the memory (its versions go; the audit keeps a tombstone); ``linked``: and the memories it
    superseded, transitively."""
    memory = mem0_get(memory_id, caller)
    doomed, frontier = [memory], [memory]
    while linked and frontier:
        frontier = [p for m in frontier for p in Memory.objects.filter(superseded_by=m)
                    if path_within(p.scope.path, caller.prefixes) and p not in doomed]
        doomed += frontier
    with transaction.atomic():
        for m in doomed:
            revisions.memory_delete(memory_id=m.pk, actor=caller.actor)


def mem0_delete_all(*, ids: dict[str, Any], caller: Caller, filters: str | None = None) -> int:
    """Delete every memory (every status) whose scope has these ids, in one transaction; ``filters`` (mem0ai
    2.x's ``delete_all(filters={…})``, sent in the query) narrows as ``get_all``'s do."""
    flt = _filters({"filters": query_filters(filters), **{name: ids[name] for name in ENTITY_KINDS if ids.get(name)}})
    memories = list(selectors.visible_memories(caller.prefixes).filter(mem0_filters.memory_query(flt)))
    with transaction.atomic():
        for memory in memories:
            revisions.memory_delete(memory_id=memory.pk, actor=caller.actor)
    return len(memories)


def query_filters(raw: str | None) -> dict[str, Any] | None:
    """Filters sent in a query string: JSON, or the Python ``repr`` of a dict, which is what mem0's Python
    client sends when it puts ``filters`` in the query (``httpx`` writes ``str(value)``). Literals only."""
    if not raw:
        return None
    try:
        value = json.loads(raw)
    except ValueError:
        try:
            value = ast.literal_eval(raw) if len(raw) <= 10_000 else None
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            value = None
    if not isinstance(value, dict):
        raise validation.field_error("filters", "A JSON object, e.g. {\"user_id\": \"alex\"}.")
    return value


def mem0_entities(caller: Caller) -> list[dict[str, Any]]:
    """Every user, agent, app and run with live memories the key can see (mem0's ``users()``): each with how
    many memories its scopes hold, the first written and the last changed, users first, then by name."""
    rows = (_visible(caller).exclude(status=Status.DEPRECATED).values("scope__path")
            .annotate(n=Count("id"), first=Min("created_at"), last=Max("updated_at")))
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        for name, value in scope_entities(row["scope__path"]).items():
            if value is None:
                continue
            entity = found.setdefault((ENTITY_KINDS[name], value), {"n": 0, "first": row["first"], "last": row["last"]})
            entity["n"] += row["n"]
            entity["first"], entity["last"] = min(entity["first"], row["first"]), max(entity["last"], row["last"])
    order = list(ENTITY_KINDS.values())
    return [{"id": f"{kind}/{value}", "name": value, "type": kind, "total_memories": e["n"],
             "created_at": e["first"].isoformat(), "updated_at": e["last"].isoformat(), "owner": None,
             "metadata": None}
            for (kind, value), e in sorted(found.items(), key=lambda item: (order.index(item[0][0]), item[0][1]))]


def mem0_delete_entity(kind: str, value: str, caller: Caller) -> int:
    """mem0's ``delete_users``: every memory of the user (agent, app, run), as ``delete_all`` with its id."""
    names = {entity: name for name, entity in ENTITY_KINDS.items()}
    if kind not in names:
        raise NotFound(f"No entity type {kind!r}: user, agent, app or run.", code="unsupported_entity")
    return mem0_delete_all(ids={names[kind]: value}, caller=caller)


def mem0_history_of(memory_id: Any, caller: Caller) -> list[dict[str, Any]]:
    memory = mem0_get(memory_id, caller)
    return mem0_history(memory, list(selectors.memory_history(memory)))


# --------------------------------------------------------------------------- batches and feedback

def _batch(body: dict[str, Any]) -> list[dict[str, Any]]:
    items = body.get("memories") if isinstance(body, dict) else None
    if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
        raise validation.field_error("memories", "A non-empty list of {memory_id, …} objects.")
    if len(items) > settings.MAX_BATCH_SIZE:
        raise validation.field_error("memories", f"At most {settings.MAX_BATCH_SIZE} memories.")
    return items


def _batch_memories(items: list[dict[str, Any]], caller: Caller) -> list[Memory]:
    """Each item's memory; the ids of all that are not found (or not this key's) named in one 404."""
    found: list[Memory] = []
    missing: dict[int, Any] = {}
    for i, item in enumerate(items):
        try:
            found.append(mem0_get(item.get("memory_id"), caller))
        except NotFound:
            missing[i] = item.get("memory_id")
    if missing:
        ids = ", ".join(str(v) for v in missing.values())
        raise NotFound(f"Memory not found: {ids} (nothing in the batch was changed).",
                       fields={f"memories.{i}.memory_id": [f"Not found: {v}."] for i, v in missing.items()})
    return found


@contextmanager
def _naming(i: int, memory: Memory) -> Iterator[None]:
    """An item's error names its memory and its place in the batch."""
    try:
        yield
    except ServiceError as exc:
        prefix = f"memories.{i}."
        exc.fields = ({k if k.startswith(prefix) else f"{prefix}{k}": v for k, v in exc.fields.items()}
                      or {f"{prefix}memory_id": [exc.message]})
        exc.message = f"{prefix}memory_id {memory.pk}: {exc.message} (nothing in the batch was changed)"
        exc.args = (exc.message,)
        raise


def mem0_batch_update(*, body: dict[str, Any], caller: Caller) -> int:
    """All of them or none (one transaction); what fails is named by its id."""
    items = _batch(body)
    memories = _batch_memories(items, caller)
    with transaction.atomic():
        for i, (item, memory) in enumerate(zip(items, memories, strict=True)):
            with _naming(i, memory):
                _mutable(memory)
                revisions.memory_revise(memory_id=memory.pk, expected_version=memory.version,
                                        changes=_changes(item, f"memories.{i}."), actor=caller.actor,
                                        reason="mem0 batch update")
    return len(items)


def mem0_batch_delete(*, body: dict[str, Any], caller: Caller) -> int:
    items = _batch(body)
    memories = _batch_memories(items, caller)
    with transaction.atomic():
        for i, memory in enumerate(memories):
            with _naming(i, memory):
                revisions.memory_delete(memory_id=memory.pk, actor=caller.actor)
    return len(items)


FEEDBACK = {"POSITIVE": True, "NEGATIVE": False, "VERY_NEGATIVE": False, None: None}


def mem0_feedback(*, body: dict[str, Any], caller: Caller) -> dict[str, Any]:
    """Feedback on a memory, as Mnemara's recall feedback: POSITIVE is useful, NEGATIVE and VERY_NEGATIVE
    are not (the reason, if any, is kept as the correction)."""
    memory = mem0_get(body.get("memory_id"), caller)
    verdict = body.get("feedback")
    verdict = verdict.upper() if isinstance(verdict, str) else verdict
    if verdict not in FEEDBACK:
        raise validation.field_error("feedback", "POSITIVE, NEGATIVE, VERY_NEGATIVE or null.")
    reason = body.get("feedback_reason")
    if reason is not None and (not isinstance(reason, str) or len(reason) > settings.MAX_CONTENT_CHARS):
        raise validation.field_error("feedback_reason", f"Text of at most {settings.MAX_CONTENT_CHARS} characters.")
    row = feedback_record(memory_ids=[memory.pk], useful=FEEDBACK[verdict], actor=caller.actor,
                          correction=validation.validate_no_nul(reason or "", "feedback_reason")
                          if FEEDBACK[verdict] is False else "")
    return {"id": str(row.pk), "memory_id": str(memory.pk), "feedback": verdict, "feedback_reason": reason}



# --------------------------------------------------------------------------- the project

#: What each Mnemara type holds: mem0's ``custom_categories`` shape, ``[{name: description}]``.
CATEGORIES = [{"fact": "Facts about a person, place or thing"}, {"preference": "Likes, dislikes and wishes"},
              {"task": "Things to do, plans and reminders"}, {"summary": "Summaries of conversations"},
              {"note": "Anything else worth keeping"}]
#: What ``update_project`` may send: accepted without effect (docs/mem0.md, "The project").
PROJECT_HINTS = {"custom_categories"}


def mem0_project(tenant: Any) -> dict[str, Any]:
    """The key's tenant as mem0's project: its categories are Mnemara's memory types."""
    return {"id": tenant.slug, "name": tenant.name, "org_id": tenant.slug, "project_id": tenant.slug,
            "custom_categories": CATEGORIES, "custom_instructions": None, "multilingual": True}


def mem0_project_update(body: dict[str, Any]) -> dict[str, Any]:
    """``custom_categories`` is accepted (a memory's category stays its Mnemara type); anything else, e.g.
    ``custom_instructions``, would change what is extracted, which this API cannot do: a 400 names it."""
    refused = sorted(k for k in body if k not in PROJECT_HINTS and body[k] not in (None, False, [], {}, ""))
    if refused:
        raise ValidationFailed(f"Not supported by Mnemara's mem0-compatible API: {', '.join(refused)} "
                               "(docs/mem0.md lists what is).", code="unsupported_parameter",
                               fields={name: ["Not supported."] for name in refused})
    return {"message": "Accepted. Mnemara's categories are its memory types (fact, preference, task, summary, "
                       "note); custom_categories does not change them (docs/mem0.md)."}
