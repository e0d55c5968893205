"""The sweep's LangGraph-store and Claude-memory-tool parts (bench/client_sweep.py): ``MnemaraStore`` (sync on
``Mnemara``, async on ``AsyncMnemara``) through LangGraph's ``BaseStore`` methods, and ``MnemaraMemoryTool``
through the memory tool's six commands, as the SDK's tool runner hands them over, with plain and odd text."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from bench.client_sweep import TIMEOUT, acall
from bench.sweep_mcp import generated_client, mcp_server

if TYPE_CHECKING:
    from bench.client_sweep import Sweep

__all__ = ["generated_client", "langgraph_store", "mcp_server", "memory_tool"]

L = "langgraph"
VALUES = {
    "home": {"text": "I moved to Lisbon last month and work as a nurse."},
    "food": {"text": "我不吃香菜，也不太能吃辣。", "kind": "preference"},
    "pet": {"text": "Our greyhound Pepper is scared of thunder 🐕", "kind": "fact", "tags": ["dog", "fear"]},
    "nested": {"profile": {"city": "Porto", "langs": ["pt", "en"]}, "score": 7},
    "empty": {},
    "long": {"text": "A long note about the garden. " * 300},
}
ODD_KEYS = ["key with spaces", "键", "a/b/c", "100%", "emoji 🦊", " padded ", "UPPER.lower-mixed_1"]


def _item(check: Any) -> Any:
    return lambda item: None if item is not None and check(item) else f"got {item!r}"[:200]


def _keys(*wanted: str) -> Any:
    def check(items: list[Any]) -> str | None:
        got = [i.key for i in items]
        return None if set(wanted) <= set(got) else f"keys {got[:10]}, wanted {wanted}"
    return check


def _first(key: str) -> Any:
    return lambda items: None if items and items[0].key == key else f"first {[i.key for i in items][:5]}"


def langgraph_store(sweep: Sweep) -> None:
    from langgraph.store.base import GetOp, ListNamespacesOp, PutOp, SearchOp

    from mnemara.client import Mnemara
    from mnemara.client.langgraph import MnemaraStore

    with Mnemara(sweep.url, sweep.key, timeout=TIMEOUT) as memory:
        store = MnemaraStore(memory, scope_prefix=sweep.uid("lg"))
        ns = ("users", "ana", "memories")
        for key, value in VALUES.items():
            sweep.call(L, "put", key, lambda k=key, v=value: store.put(ns, k, v))
        sweep.call(L, "get", "round trip", lambda: store.get(ns, "pet"), _item(lambda i: i.value == VALUES["pet"]))
        sweep.call(L, "get", "empty value", lambda: store.get(ns, "empty"), _item(lambda i: i.value == {}))
        sweep.call(L, "get", "missing key", lambda: store.get(ns, "nope"), lambda i: None if i is None else f"{i}")
        sweep.call(L, "search", "no query", lambda: store.search(ns, limit=20), _keys(*VALUES))
        sweep.call(L, "search", "query en", lambda: store.search(ns, query="Where does the user live?", limit=3),
                   _first("home"))
        sweep.call(L, "search", "query zh", lambda: store.search(ns, query="我不吃什么", limit=3), _first("food"))
        sweep.call(L, "search", "query + filter", lambda: store.search(ns, query="dog", filter={"kind": "fact"}),
                   _first("pet"))
        sweep.call(L, "search", "filter nested", lambda: store.search(ns, filter={"profile": {"city": "Porto"}}),
                   _keys("nested"))
        sweep.call(L, "search", "filter $gt", lambda: store.search(ns, filter={"score": {"$gt": 5}}), _keys("nested"))
        sweep.call(L, "search", "offset past the end", lambda: store.search(ns, offset=100),
                   lambda items: None if items == [] else f"{len(items)} items")
        sweep.call(L, "search", "by prefix ('users',)", lambda: store.search(("users",), limit=50), _keys("home"))
        sweep.call(L, "put", "index=False", lambda: store.put(ns, "secret-ish", {"text": "blue"}, index=False))
        sweep.call(L, "put", "index=['text']", lambda: store.put(ns, "indexed", {"text": "Cycling to work"},
                                                                 index=["text"]))
        sweep.call(L, "search", "query finds index=['text']", lambda: store.search(ns, query="how to get to work?",
                                                                                    limit=3), _first("indexed"))
        for key in ODD_KEYS:
            sweep.call(L, "put", f"odd key {key!r}", lambda k=key: store.put(ns, k, {"text": f"value of {k}"}))
            sweep.call(L, "get", f"odd key {key!r}", lambda k=key: store.get(ns, k),
                       _item(lambda i, k=key: i.key == k and i.value == {"text": f"value of {k}"}))
        odd_ns = ("users", "ana b", "笔记", "a/b")
        sweep.call(L, "put", "odd namespace", lambda: store.put(odd_ns, "k", {"text": "x"}))
        sweep.call(L, "list_namespaces", "finds the odd one", lambda: store.list_namespaces(prefix=("users",)),
                   lambda got: None if odd_ns in got and ns in got else f"{got}")
        sweep.call(L, "list_namespaces", "max_depth=2", lambda: store.list_namespaces(max_depth=2),
                   lambda got: None if ("users", "ana") in got else f"{got}")
        sweep.call(L, "list_namespaces", "suffix", lambda: store.list_namespaces(suffix=("memories",)),
                   lambda got: None if got == [ns] else f"{got}")
        sweep.call(L, "put", "label of 70 chars", lambda: store.put(("x" * 70,), "k", {"a": 1}),
                   expect_exc=("InvalidNamespaceError",))
        sweep.call(L, "put", "value over 16 KiB", lambda: store.put(ns, "huge", {"text": "x" * 20000}),
                   expect_status=413)
        sweep.call(L, "delete", "one", lambda: store.delete(ns, "pet"))
        sweep.call(L, "get", "after delete", lambda: store.get(ns, "pet"), lambda i: None if i is None else f"{i}")
        sweep.call(L, "delete", "missing key", lambda: store.delete(ns, "never-there"))
        sweep.call(L, "batch", "put, get, search, list", lambda: store.batch([
            PutOp(ns, "b1", {"text": "Batch fact"}), GetOp(ns, "b1"), SearchOp(ns, query="batch", limit=2),
            ListNamespacesOp(match_conditions=None, max_depth=None, limit=10, offset=0)]),
            lambda r: None if r[0] is None and r[1].value == {"text": "Batch fact"} and r[2] else f"{r}"[:200])
        asyncio.run(_async_store(sweep, MnemaraStore, memory))


async def _async_store(sweep: Sweep, store_class: Any, sync_memory: Any) -> None:
    from mnemara.client import AsyncMnemara

    a = "langgraph async"
    async with AsyncMnemara(sweep.url, sweep.key, timeout=TIMEOUT) as memory:
        for label, store in (("AsyncMnemara", store_class(memory, scope_prefix=sweep.uid("lga"))),
                             ("Mnemara in a thread", store_class(sync_memory, scope_prefix=sweep.uid("lgt")))):
            ns = ("chats", "7")
            await acall(sweep, a, "aput", label, store.aput(ns, "home", VALUES["home"]))
            await acall(sweep, a, "aput", f"{label} zh", store.aput(ns, "food", VALUES["food"]))
            await acall(sweep, a, "aget", label, store.aget(ns, "food"),
                         _item(lambda i: i.value == VALUES["food"]))
            await acall(sweep, a, "asearch", f"{label} query", store.asearch(ns, query="香菜", limit=2),
                         _first("food"))
            await acall(sweep, a, "alist_namespaces", label, store.alist_namespaces(prefix=("chats",)),
                         lambda got, ns=ns: None if got == [ns] else f"{got}")
            await acall(sweep, a, "adelete", label, store.adelete(ns, "home"))
            gathered = await asyncio.gather(*(store.aput(ns, f"g{i}", {"text": f"item {i}"}) for i in range(20)),
                                            return_exceptions=True)
            sweep.note(a, "aput", f"{label} 20 gathered", next((repr(g) for g in gathered if g is not None), None))
            await acall(sweep, a, "asearch", f"{label} after gather", store.asearch(ns, limit=50),
                         lambda items: None if len(items) == 21 else f"{len(items)} items")


T = "memory tool"


def memory_tool(sweep: Sweep) -> None:
    from mnemara.client import Mnemara
    from mnemara.client.memory_tool import MnemaraMemoryTool

    with Mnemara(sweep.url, sweep.key, timeout=TIMEOUT) as memory:
        for provenance in ("inferred", "stated"):
            tool = MnemaraMemoryTool(memory, f"user/{sweep.uid('claude')}/{provenance}", provenance=provenance,
                                     confidence=0.7 if provenance == "inferred" else 1.0)
            _commands(sweep, tool, provenance)


def _ok(*words: str) -> Any:
    def check(answer: tuple[str, bool]) -> str | None:
        text, is_error = answer
        if is_error:
            return f"tool error: {text[:200]}"
        missing = [w for w in words if w not in text]
        return f"missing {missing} in {text[:200]!r}" if missing else None
    return check


def _refused(*words: str) -> Any:
    def check(answer: tuple[str, bool]) -> str | None:
        text, is_error = answer
        if not is_error:
            return f"not an error: {text[:200]!r}"
        return None if all(w in text for w in words) and "Traceback" not in text else f"error text {text[:200]!r}"
    return check


def _commands(sweep: Sweep, tool: Any, case: str) -> None:
    def run(command: dict[str, Any]) -> tuple[str, bool]:
        return tool.result(command)  # type: ignore[no-any-return]

    notes = "# Notes\nPrefers tea over coffee.\n用户不吃香菜。\n"
    sweep.call(T, "view", f"{case}: empty /memories", lambda: run({"command": "view", "path": "/memories"}),
               _ok("/memories"))
    sweep.call(T, "create", f"{case}: notes.md", lambda: run({"command": "create", "path": "/memories/notes.md",
                                                               "file_text": notes}), _ok())
    sweep.call(T, "create", f"{case}: 笔记/中文.txt", lambda: run(
        {"command": "create", "path": "/memories/笔记/中文.txt", "file_text": "今天学了Rust。\n"}), _ok())
    sweep.call(T, "create", f"{case}: name with spaces", lambda: run(
        {"command": "create", "path": "/memories/my notes (1).txt", "file_text": "Zoë 🦊\r\n\ttabbed\n"}), _ok())
    sweep.call(T, "create", f"{case}: empty file", lambda: run({"command": "create", "path": "/memories/empty.txt",
                                                                 "file_text": ""}), _refused("empty"))
    sweep.call(T, "view", f"{case}: directory", lambda: run({"command": "view", "path": "/memories"}),
               _ok("notes.md", "中文.txt", "my notes (1).txt"))
    sweep.call(T, "view", f"{case}: file", lambda: run({"command": "view", "path": "/memories/notes.md"}),
               _ok("Prefers tea", "香菜"))
    sweep.call(T, "view", f"{case}: view_range", lambda: run({"command": "view", "path": "/memories/notes.md",
                                                               "view_range": [2, 3]}), _ok("Prefers tea"))
    sweep.call(T, "str_replace", case, lambda: run({"command": "str_replace", "path": "/memories/notes.md",
                                                    "old_str": "tea over coffee", "new_str": "green tea"}), _ok())
    sweep.call(T, "str_replace", f"{case}: zh", lambda: run({"command": "str_replace", "path": "/memories/notes.md",
                                                             "old_str": "香菜", "new_str": "香菜和辣椒"}), _ok())
    sweep.call(T, "str_replace", f"{case}: not found", lambda: run(
        {"command": "str_replace", "path": "/memories/notes.md", "old_str": "nowhere", "new_str": "x"}),
        _refused("nowhere"))
    sweep.call(T, "insert", case, lambda: run({"command": "insert", "path": "/memories/notes.md", "insert_line": 1,
                                               "insert_text": "Lives in Lisbon.\n"}), _ok())
    sweep.call(T, "insert", f"{case}: line past the end", lambda: run(
        {"command": "insert", "path": "/memories/notes.md", "insert_line": 99, "insert_text": "x\n"}),
        _refused("insert_line"))
    sweep.call(T, "view", f"{case}: after edits", lambda: run({"command": "view", "path": "/memories/notes.md"}),
               _ok("green tea", "Lives in Lisbon.", "香菜和辣椒"))
    sweep.call(T, "rename", case, lambda: run({"command": "rename", "old_path": "/memories/notes.md",
                                               "new_path": "/memories/profile/notes.md"}), _ok())
    sweep.call(T, "view", f"{case}: renamed", lambda: run({"command": "view", "path": "/memories/profile/notes.md"}),
               _ok("green tea"))
    sweep.call(T, "view", f"{case}: old path gone", lambda: run({"command": "view", "path": "/memories/notes.md"}),
               _refused("does not exist"))
    sweep.call(T, "create", f"{case}: outside /memories", lambda: run(
        {"command": "create", "path": "/etc/passwd", "file_text": "x"}), _refused("/memories"))
    sweep.call(T, "create", f"{case}: traversal", lambda: run(
        {"command": "create", "path": "/memories/../secrets", "file_text": "x"}), _refused())
    sweep.call(T, "result", f"{case}: unknown command", lambda: run({"command": "explode", "path": "/memories"}),
               _refused())
    for name, bad in (("no file_text", {"command": "create", "path": "/memories/x.md"}),
                      ("file_text a number", {"command": "create", "path": "/memories/x.md", "file_text": 12}),
                      ("no command", {"path": "/memories"}), ("a string", "view /memories"),
                      ("insert_line words", {"command": "insert", "path": "/memories/profile/notes.md",
                                             "insert_line": "two", "insert_text": "x"})):
        sweep.call(T, "result", f"{case}: malformed, {name}", lambda b=bad: run(b), _refused())
    sweep.call(T, "delete", f"{case}: a directory", lambda: run({"command": "delete", "path": "/memories/笔记"}), _ok())
    sweep.call(T, "delete", f"{case}: missing", lambda: run({"command": "delete", "path": "/memories/nope.md"}),
               _refused("nope.md"))
    sweep.call(T, "delete", f"{case}: all", lambda: run({"command": "delete", "path": "/memories/profile"}), _ok())
