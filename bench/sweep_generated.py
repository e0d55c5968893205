"""The generated client's calls (bench/sweep_mcp.py generates ``mnemara_api`` from the served schema and puts it
on ``sys.path`` first): plain text through each operation a memory agent uses; every answer must parse into the
model the schema names for its status (``sync_detailed``: a shape the schema does not describe raises)."""

from __future__ import annotations

import time
import uuid
from typing import TYPE_CHECKING, Any

from bench.client_sweep import TIMEOUT

if TYPE_CHECKING:
    from bench.client_sweep import Sweep


def _is(status: int, model: str, check: Any = None) -> Any:
    def read(response: Any) -> str | None:
        parsed = response.parsed
        if response.status_code != status or type(parsed).__name__ != model:
            got = f"{response.status_code} {type(parsed).__name__}"
            return f"{got}, wanted {status} {model}: {response.content[:200]!r}"
        return check(parsed) if check else None
    return read


def calls(sweep: Sweep, g: str) -> None:
    import mnemara_api
    from mnemara_api.api.keys import key_get, key_put, namespaces_list
    from mnemara_api.api.memories import memories_create, memories_list, memory_get, memory_history, memory_update
    from mnemara_api.api.recall import context_build, memories_search
    from mnemara_api.api.sessions import extract, job_get, session_get, session_messages_append
    from mnemara_api.api.subjects import subject_erase, subject_export, subject_profile
    from mnemara_api.models import (
        ContextRequest,
        ExtractRequest,
        KeyedMemoryRequest,
        MemoryChangesRequest,
        MessageRequest,
        NewMemoryRequest,
        RoleEnum,
        SearchRequest,
        SessionMessagesRequest,
    )

    client = mnemara_api.AuthenticatedClient(base_url=sweep.url, token=sweep.key, timeout=TIMEOUT)
    person = sweep.uid("gen")
    scope = f"user/{person}"

    def create(text: str) -> Any:
        return memories_create.sync_detailed(client=client, idempotency_key=str(uuid.uuid4()),
                                             body=NewMemoryRequest(scope=scope, content=text, subject=person))

    made = {}
    for name, text in (("en", "Works night shifts at the children's hospital"), ("zh", "不吃香菜，也不吃辣"),
                       ("emoji", "Favourite animal: the fox 🦊"), ("long", "Garden notes. " * 500)):
        answer = sweep.call(g, "memories_create", f"plain {name}", lambda t=text: create(t), _is(201, "SavedMemory"))
        if answer is not None and type(answer.parsed).__name__ == "SavedMemory":
            made[name] = answer.parsed
    sweep.call(g, "memories_create", "empty content", lambda: create(""), _is(400, "Error"))
    sweep.call(g, "memories_create", "a list", lambda: memories_create.sync_detailed(
        client=client, idempotency_key=str(uuid.uuid4()),
        body=[NewMemoryRequest(scope=scope, content=t) for t in ("Cycles to work", "骑车上班")]),
        _is(201, "list"))
    sweep.call(g, "memories_list", "scope", lambda: memories_list.sync_detailed(client=client, scope=scope),
               _is(200, "MemoryPage"))
    sweep.call(g, "memories_list", "q zh", lambda: memories_list.sync_detailed(client=client, scope=scope, q="香菜"),
               _is(200, "MemoryPage", lambda p: None if len(p.results) == 1 else f"{len(p.results)}"))
    if "en" in made:
        first = made["en"]
        got = sweep.call(g, "memory_get", "", lambda: memory_get.sync_detailed(client=client, memory_id=first.id),
                         _is(200, "Memory"))
        sweep.call(g, "memory_update", "plain text", lambda: memory_update.sync_detailed(
            client=client, memory_id=first.id, if_match=got.headers.get("ETag", '"1"') if got else '"1"',
            body=MemoryChangesRequest(content="Works day shifts at the children's hospital")), _is(200, "Memory"))
        sweep.call(g, "memory_update", "stale If-Match", lambda: memory_update.sync_detailed(
            client=client, memory_id=first.id, if_match='"1"', body=MemoryChangesRequest(content="stale")),
            _is(409, "ConflictError"))
        sweep.call(g, "memory_history", "", lambda: memory_history.sync_detailed(client=client, memory_id=first.id),
                   _is(200, "MemoryVersionPage"))
    sweep.call(g, "memory_get", "unknown id", lambda: memory_get.sync_detailed(client=client, memory_id=uuid.uuid4()),
               _is(404, "Error"))
    for query, word in (("what shifts do I work?", "shifts"), ("我不吃什么", "香菜"), ("🦊", "fox")):
        sweep.call(g, "memories_search", query, lambda q=query: memories_search.sync_detailed(
            client=client, body=SearchRequest(query=q, scope=scope)),
            _is(200, "SearchResults", lambda r, w=word: None if any(w in h.memory.content for h in r.results[:3])
                else f"{[h.memory.content for h in r.results][:3]}"))
    sweep.call(g, "memories_search", "empty query", lambda: memories_search.sync_detailed(
        client=client, body=SearchRequest(query="", scope=scope)), _is(400, "Error"))
    sweep.call(g, "context_build", "", lambda: context_build.sync_detailed(
        client=client, body=ContextRequest(query="what do I eat?", scope=scope)),
        _is(200, "ContextBlock", lambda c: None if "香菜" in c.block else c.block[:200]))
    turns = [MessageRequest(role=RoleEnum.USER, content="My sister Ines is visiting from Porto next weekend."),
             MessageRequest(role=RoleEnum.ASSISTANT, content="Lovely!"),
             MessageRequest(role=RoleEnum.USER, content="我们打算去看海，她不会游泳。")]
    session = sweep.uid("gen-session")
    sweep.call(g, "session_messages_append", "en + zh", lambda: session_messages_append.sync_detailed(
        session, client=client, idempotency_key=str(uuid.uuid4()),
        body=SessionMessagesRequest(scope=scope, messages=turns, subject=person)), _is(202, "Appended"))
    sweep.call(g, "session_get", "", lambda: session_get.sync_detailed(session, client=client, scope=scope),
               _is(200, "Session"))
    job = sweep.call(g, "extract", "plain turns", lambda: extract.sync_detailed(
        client=client, idempotency_key=str(uuid.uuid4()), body=ExtractRequest(scope=scope, messages=turns,
                                                                                subject=person)),
        _is(202, "JobAccepted"))
    if job is not None and type(job.parsed).__name__ == "JobAccepted":
        _wait_job(sweep, g, client, job_get, job.parsed.job)
    sweep.call(g, "key_put", "zh key", lambda: key_put.sync_detailed(
        client=client, scope=scope, key="偏好/饮食", idempotency_key=str(uuid.uuid4()),
        body=KeyedMemoryRequest(content="不吃香菜")), _is(201, "SavedMemory"))
    sweep.call(g, "key_get", "zh key", lambda: key_get.sync_detailed(client=client, scope=scope, key="偏好/饮食"),
               _is(200, "Memory"))
    sweep.call(g, "namespaces_list", "", lambda: namespaces_list.sync_detailed(client=client, prefix=scope),
               _is(200, "NamespacePage"))
    sweep.call(g, "subject_profile", "", lambda: subject_profile.sync_detailed(person, client=client),
               _is(200, "SubjectProfile"))
    sweep.call(g, "subject_export", "", lambda: subject_export.sync_detailed(person, client=client),
               _is(200, "SubjectExportOut"))
    sweep.call(g, "subject_erase", "", lambda: subject_erase.sync_detailed(person, client=client,
                                                                           idempotency_key=str(uuid.uuid4())),
               _is(200, "ErasureReceipt"))


def _wait_job(sweep: Sweep, g: str, client: Any, job_get: Any, job_id: Any) -> None:
    deadline = time.monotonic() + TIMEOUT
    while True:
        answer = job_get.sync_detailed(job_id, client=client)
        status = getattr(answer.parsed, "status", None)
        if str(getattr(status, "value", status)) in ("succeeded", "failed") or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    sweep.call(g, "job_get", "extract job", lambda: answer,
               _is(200, "Job", lambda j: None if str(j.status.value) == "succeeded" and j.resolutions
                   else f"{j.status} {j.resolutions}"))
