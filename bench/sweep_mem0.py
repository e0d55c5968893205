"""The sweep's mem0 part (bench/client_sweep.py): mem0's ``MemoryClient``, ``AsyncMemoryClient`` and npm client
against ``/mem0``, through what docs/mem0.md and mem0's own docs show, and what a migrating developer tries next.

The sentences are everyday plain text (no entity, no structure), English and Chinese, not the extractor's own
examples: a message of substance that keeps nothing is a finding.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bench.client_sweep import ROOT, TIMEOUT, acall

if TYPE_CHECKING:
    from bench.client_sweep import Sweep

C = "mem0"

# One message each, every one a fact a memory service should keep something of.
STATEMENTS_EN = [
    "I just moved to Lisbon last month and I'm working as a nurse at the children's hospital.",
    "My daughter Emma starts kindergarten in September.",
    "I've been trying to cut down on coffee, so I switched to green tea in the mornings.",
    "We adopted a rescue greyhound called Pepper over the weekend!",
    "i hate cilantro, it tastes like soap to me",
    "Our team standup moved to 9:30 every weekday starting next week.",
    "My partner's birthday is on the 14th of March and she loves orchids.",
    "I sold my car, so I cycle to work now.",
    "Just so you know, I'm colorblind — red and green look the same to me.",
    "The wifi password at the cabin is on the fridge, and the cabin is at Lake Tahoe.",
]
STATEMENTS_ZH = [
    "我下个月要搬到深圳了，新工作在一家做无人机的公司。",
    "我老婆对花生过敏，点菜的时候要注意。",
    "周末我一般去爬山，最近迷上了徒步。",
    "我儿子今年上初二，数学不太好。",
    "我不吃香菜。",
    "我们公司年会定在一月十八号。",
    "上周我把工作辞了，准备自己开一家咖啡店。",
    "我血型是O型。",
]
CONVERSATION_EN = [
    {"role": "user", "content": "Hey! Planning a trip to Japan in April with my sister."},
    {"role": "assistant", "content": "That sounds great! Are you going for the cherry blossoms?"},
    {"role": "user", "content": "Yes, and she's vegan so we need restaurants that work for her. "
                                "I'm fine with anything."},
    {"role": "assistant", "content": "Got it, I'll keep vegan options in mind."},
    {"role": "user", "content": "Also my budget is around 3000 dollars for the whole trip."},
]
CONVERSATION_ZH = [
    {"role": "user", "content": "你好，我叫王磊，在杭州做前端开发。"},
    {"role": "assistant", "content": "你好王磊！有什么可以帮你的？"},
    {"role": "user", "content": "我想学Rust，不过每天只有晚上一个小时的时间。"},
]
LONG = ("I keep a detailed journal. " + "Today I walked along the river, met an old friend from school and we talked "
        "about the bakery she opened in Porto, which sells the best custard tarts I have ever eaten. ") * 40


def kept(answer: Any) -> str | None:
    """An add that kept something: a SUCCEEDED answer with results."""
    if not isinstance(answer, dict) or answer.get("status") != "SUCCEEDED":
        return f"status {answer.get('status') if isinstance(answer, dict) else answer!r}"
    return None if answer.get("results") else f"kept nothing: skipped {answer.get('skipped')}"


def no_error(answer: Any) -> str | None:
    return None if isinstance(answer, dict) and answer.get("status") == "SUCCEEDED" else f"answer {answer!r}"[:200]


def texts(answer: Any) -> list[str]:
    results = answer.get("results", answer) if isinstance(answer, dict) else answer
    return [str(r.get("memory", "")) for r in results]


def holds(*words: str) -> Any:
    def check(answer: Any) -> str | None:
        found = " ".join(texts(answer)).lower()
        missing = [w for w in words if w.lower() not in found]
        return f"missing {missing} in {texts(answer)[:5]}" if missing else None
    return check


def count(n: int) -> Any:
    return lambda a: None if len(texts(a)) == n else f"{len(texts(a))} results, wanted {n}: {texts(a)[:5]}"


def sync_client(sweep: Sweep) -> None:
    import logging

    import httpx
    from mem0 import MemoryClient

    logging.getLogger("mem0").setLevel(logging.CRITICAL)  # it logs every 4xx the sweep asks for

    http = httpx.Client(timeout=TIMEOUT)
    client = sweep.call(C, "MemoryClient()", "ping", lambda: MemoryClient(api_key=sweep.key, host=f"{sweep.url}/mem0",
                                                                        client=http))
    if client is None:
        return
    _wrong_key(sweep, MemoryClient)
    user, other = sweep.uid("ana"), sweep.uid("bo")
    _adds(sweep, client, user)
    ids = _reads(sweep, client, user, other)
    _edits(sweep, client, user, ids)
    _odd_ids(sweep, client)
    _deletes(sweep, client, user, other)


def _wrong_key(sweep: Sweep, cls: Any) -> None:
    def build() -> Any:
        try:
            return cls(api_key="mn_wrong_key", host=f"{sweep.url}/mem0")
        except ValueError as exc:  # what mem0's client raises for a refused ping
            return {"refused": str(exc)}
    sweep.call(C, "MemoryClient()", "wrong key", build,
               lambda a: None if isinstance(a, dict) and "Invalid" in a.get("refused", "") else f"{a!r}"[:200])


def _adds(sweep: Sweep, client: Any, user: str) -> None:
    for i, text in enumerate(STATEMENTS_EN):
        sweep.call(C, "add", f"en statement {i}: {text[:40]}", lambda t=text: client.add(t, user_id=user), kept)
    for i, text in enumerate(STATEMENTS_ZH):
        sweep.call(C, "add", f"zh statement {i}: {text[:12]}", lambda t=text: client.add(t, user_id=user), kept)
    sweep.call(C, "add", "en conversation, 5 turns", lambda: client.add(CONVERSATION_EN, user_id=user),
               lambda a: kept(a) or holds("japan", "vegan")(a))
    sweep.call(C, "add", "zh conversation, 3 turns", lambda: client.add(CONVERSATION_ZH, user_id=user),
               lambda a: kept(a) or holds("杭州")(a))
    sweep.call(C, "add", "infer=False, metadata, 2 messages",
               lambda: client.add([{"role": "user", "content": "Locker 42 is mine"},
                                   {"role": "assistant", "content": "Noted: locker 42."}],
                                  user_id=user, infer=False, metadata={"source": "sweep", "priority": 3}),
               lambda a: count(2)(a) or holds("Locker 42 is mine")(a))
    sweep.call(C, "add", "agent_id + run_id", lambda: client.add("I prefer aisle seats on long flights.", user_id=user,
                                                                 agent_id="travel-bot", run_id="trip-1"), kept)
    sweep.call(C, "add", "agent_id only",
               lambda: client.add("The user likes short answers.", agent_id=sweep.uid("bot")), kept)
    sweep.call(C, "add", "unicode: emoji and accents",
               lambda: client.add("My name is Zoë Ångström and my favourite animal is the fox 🦊.", user_id=user), kept)
    sweep.call(C, "add", "long text (9k chars)", lambda: client.add(LONG, user_id=user), kept)
    sweep.call(C, "add", "empty string", lambda: client.add("", user_id=user), no_error)
    sweep.call(C, "add", "whitespace only", lambda: client.add("   \n ", user_id=user), no_error)
    sweep.call(C, "add", "empty list", lambda: client.add([], user_id=user), no_error)
    sweep.call(C, "add", "question only", lambda: client.add("What's the weather like tomorrow?", user_id=user),
               no_error)
    sweep.call(C, "add", "no id at all", lambda: client.add("I like tea."), expect_status=400)
    sweep.call(C, "add", "timestamp (unix seconds)",
               lambda: client.add("I ran a half marathon in Berlin.", user_id=user, timestamp=1_700_000_000), kept)
    sweep.call(C, "add", "infer=False expiration_date",
               lambda: client.add("Parking pass valid for level 3", user_id=user, infer=False,
                                  expiration_date="2099-12-31"), count(1))
    sweep.call(C, "add", "named speaker", lambda: client.add(
        [{"role": "user", "name": "Priya", "content": "I just got promoted to head nurse."}], user_id=user), kept)
    sweep.call(C, "add", "OpenAI content parts", lambda: client.add(
        [{"role": "user", "content": [{"type": "text", "text": "I take the 8:15 train to work every day."}]}],
        user_id=user), kept)
    sweep.call(C, "add", "system prompt + user turn", lambda: client.add(
        [{"role": "system", "content": "You are a helpful assistant."},
         {"role": "user", "content": "I am learning to play the ukulele."}], user_id=user), kept)
    sweep.call(C, "add", "third-person note (agent_id)", lambda: client.add(
        "The user prefers replies in bullet points.", user_id=user, agent_id="notes-bot"), kept)
    sweep.call(C, "add", "includes/excludes/custom_categories", lambda: client.add(
        "I volunteer at the animal shelter on Sundays.", user_id=user, includes="hobbies", excludes="secrets",
        custom_categories=[{"hobby": "Hobbies"}]), kept)
    sweep.call(C, "add", "enable_graph (unsupported)", lambda: client.add("x y z", user_id=user, enable_graph=True),
               expect_status=400)
    sweep.call(C, "add", "async_mode=False, version v2", lambda: client.add("I play the cello.", user_id=user,
                                                                            async_mode=False, version="v2"), kept)


def _reads(sweep: Sweep, client: Any, user: str, other: str) -> list[str]:
    client.add("My brother lives in Toronto.", user_id=other, infer=False)
    everything = sweep.call(C, "get_all", "filters user_id", lambda: client.get_all(filters={"user_id": user}),
                            lambda a: None if a["count"] >= 20 and a["count"] == len(a["results"]) else
                            f"count {a.get('count')} results {len(a.get('results', []))}")
    sweep.call(C, "get_all", "page 2 of 5", lambda: client.get_all(filters={"user_id": user}, page=2, page_size=5),
               lambda a: None if len(a["results"]) == 5 and a["previous"] else f"{len(a['results'])} {a['previous']}")
    sweep.call(C, "get_all", "page past the end", lambda: client.get_all(filters={"user_id": user}, page=99,
                                                                         page_size=50),
               lambda a: None if a["results"] == [] else f"{len(a['results'])} results")
    sweep.call(C, "get_all", "OR two users",
               lambda: client.get_all(filters={"OR": [{"user_id": user}, {"user_id": other}]}),
               holds("toronto", "lisbon"))
    sweep.call(C, "get_all", "AND user + run_id",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"run_id": "trip-1"}]}),
               lambda a: holds("aisle")(a) or (None if len(a["results"]) == 1 else f"{texts(a)}"))
    sweep.call(C, "get_all", "AND user + agent_id *",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"agent_id": "*"}]}), holds("aisle"))
    day = datetime.now(UTC).date()
    sweep.call(C, "get_all", "created_at gte yesterday",
               lambda: client.get_all(filters={"AND": [{"user_id": user},
                                                       {"created_at": {"gte": str(day - timedelta(days=1))}}]}),
               lambda a: None if a["count"] >= 15 else f"count {a['count']}")
    sweep.call(C, "get_all", "created_at range in 2023 (timestamp add)",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"created_at": {"gte": "2023-01-01",
                                                                                          "lt": "2024-01-01"}}]}),
               holds("berlin"))
    sweep.call(C, "get_all", "created_at lte 2000 (none)",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"created_at": {"lte": "2000-01-01"}}]}),
               lambda a: None if a["count"] == 0 else f"count {a['count']}")
    sweep.call(C, "get_all", "categories in [fact]",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"categories": {"in": ["fact"]}}]}),
               lambda a: None if a["count"] >= 1 else "none")
    sweep.call(C, "get_all", "categories contains preference",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"categories": {"contains": "preference"}}]}),
               lambda a: None if a["count"] >= 1 else "no preference among the statements")
    sweep.call(C, "get_all", "metadata eq",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"metadata": {"source": "sweep"}}]}),
               count(2))
    sweep.call(C, "get_all", "no filters", lambda: client.get_all(), expect_status=400)
    sweep.call(C, "get_all", "user_id *", lambda: client.get_all(filters={"user_id": "*"}, page_size=5),
               lambda a: None if len(a["results"]) == 5 else f"{len(a['results'])}")
    sweep.call(C, "get_all", "metadata ne (matches a missing key too)",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"metadata": {"source": {"ne": "sweep"}}}]}),
               lambda a: None if a["count"] >= 10 else f"count {a['count']}")
    sweep.call(C, "get_all", "NOT categories",
               lambda: client.get_all(filters={"AND": [{"user_id": user},
                                                       {"NOT": [{"categories": {"in": ["fact"]}}]}]}),
               lambda a: None if all("fact" not in m["categories"] for m in a["results"]) else "a fact came back")
    sweep.call(C, "get_all", "keywords icontains",
               lambda: client.get_all(filters={"AND": [{"user_id": user}, {"keywords": {"icontains": "LOCKER"}}]}),
               holds("locker"))
    sweep.call(C, "get_all", "top-level user_id (2.x refuses it in the client)",
               lambda: _refused_in_client(lambda: client.get_all(user_id=user)), lambda a: None)
    _searches(sweep, client, user)
    return [m["id"] for m in (everything or {}).get("results", [])]


def _refused_in_client(fn: Any) -> str:
    try:
        fn()
    except ValueError as exc:
        return str(exc)
    raise AssertionError("the client sent it")


def _searches(sweep: Sweep, client: Any, user: str) -> None:
    f = {"user_id": user}
    for query, word in [("Where do I live now?", "lisbon"), ("What's my job?", "nurse"),
                        ("What's the dog's name?", "pepper"),
                        ("What does my daughter start in September?", "kindergarten"),
                        ("When is my partner's birthday?", "march"), ("how do I get to work", "cycle"),
                        ("我要搬去哪里？", "深圳"), ("我老婆对什么过敏", "花生"), ("周末做什么", "爬山"),
                        ("我做什么开发", "前端"), ("What's my travel budget?", "3000")]:
        sweep.call(C, "search", f"{query} → {word}", lambda q=query: client.search(q, filters=f, top_k=5), holds(word))
    sweep.call(C, "search", "top_k=1", lambda: client.search("coffee", filters=f, top_k=1), count(1))
    sweep.call(C, "search", "threshold 0.99 (none)", lambda: client.search("coffee", filters=f, threshold=0.99),
               count(0))
    sweep.call(C, "search", "categories + metadata filter",
               lambda: client.search("locker", filters={"AND": [f, {"metadata": {"priority": {"gte": 2}}}]}),
               holds("locker 42"))
    sweep.call(C, "search", "created_at filter",
               lambda: client.search("marathon", filters={"AND": [f, {"created_at": {"lt": "2024-01-01"}}]}),
               holds("berlin"))
    sweep.call(C, "search", "unicode query with emoji", lambda: client.search("🦊 fox", filters=f), holds("fox"))
    sweep.call(C, "search", "long query (3k chars)", lambda: client.search(LONG[:3000], filters=f), lambda a: None)
    sweep.call(C, "search", "empty query (client refuses)",
               lambda: _refused_in_client(lambda: client.search("   ", filters=f)), lambda a: None)
    sweep.call(C, "search", "top_k=1000", lambda: client.search("tea", filters=f, top_k=1000), expect_status=400)
    sweep.call(C, "search", "rerank, keyword_search, fields",
               lambda: client.search("tea", filters=f, rerank=True, keyword_search=True, fields=["memory"]),
               holds("tea"))
    sweep.call(C, "search", "unknown user (empty)",
               lambda: client.search("tea", filters={"user_id": sweep.uid("nobody")}), count(0))


def _edits(sweep: Sweep, client: Any, user: str, ids: list[str]) -> None:
    if len(ids) < 6:
        sweep.note(C, "update", "had ids to edit", f"only {len(ids)} ids")
        return
    first = ids[0]
    sweep.call(C, "get", "by id", lambda: client.get(first), lambda a: None if a["id"] == first else f"{a}")
    sweep.call(C, "get", "not a uuid", lambda: client.get("not-a-uuid"), expect_status=404)
    sweep.call(C, "get", "unknown uuid", lambda: client.get(str(uuid.uuid4())), expect_status=404)
    sweep.call(C, "get", "id with a slash", lambda: client.get("a/b"), expect_status=404)
    sweep.call(C, "update", "text", lambda: client.update(first, text="I work as a paediatric nurse in Lisbon."),
               lambda a: None if a.get("memory") == "I work as a paediatric nurse in Lisbon." else f"{a}"[:200])
    sweep.call(C, "update", "metadata only", lambda: client.update(first, metadata={"checked": True}),
               lambda a: None if (a.get("metadata") or {}).get("checked") is True else f"{a.get('metadata')}")
    sweep.call(C, "update", "chinese text", lambda: client.update(ids[1], text="我每天早上喝绿茶。"),
               lambda a: None if a.get("memory") == "我每天早上喝绿茶。" else f"{a}"[:200])
    sweep.call(C, "update", "empty text", lambda: client.update(ids[2], text=""), expect_status=400)
    sweep.call(C, "update", "unknown id", lambda: client.update(str(uuid.uuid4()), text="x"), expect_status=404)
    sweep.call(C, "history", "after two updates", lambda: client.history(first),
               lambda a: None if [h["event"] for h in a][:1] == ["ADD"] and "UPDATE" in [h["event"] for h in a]
               else f"{[h.get('event') for h in a]}")
    sweep.call(C, "history", "unknown id", lambda: client.history(str(uuid.uuid4())), expect_status=404)
    sweep.call(C, "batch_update", "two",
               lambda: client.batch_update([{"memory_id": ids[3], "text": "Batch one"},
                                            {"memory_id": ids[4], "text": "批量二"}]), lambda a: None)
    sweep.call(C, "get", "after batch_update", lambda: client.get(ids[4]),
               lambda a: None if a["memory"] == "批量二" else a["memory"])
    sweep.call(C, "batch_update", "an unknown id", lambda: client.batch_update([{"memory_id": str(uuid.uuid4()),
                                                                                 "text": "x"}]), expect_status=404)
    sweep.call(C, "batch_delete", "two", lambda: client.batch_delete([{"memory_id": ids[3]}, {"memory_id": ids[4]}]),
               lambda a: None)
    sweep.call(C, "get", "after batch_delete", lambda: client.get(ids[3]), expect_status=404)
    sweep.call(C, "feedback", "POSITIVE", lambda: client.feedback(ids[5], feedback="POSITIVE"), lambda a: None)
    sweep.call(C, "delete", "one", lambda: client.delete(ids[5]), lambda a: None)
    sweep.call(C, "delete", "again", lambda: client.delete(ids[5]), expect_status=404)
    sweep.call(C, "users", "lists the user", lambda: client.users(),
               lambda a: None if any(e["name"] == user for e in a["results"]) else "user missing")
    sweep.call(C, "get_project", "", lambda: client.get_project(), lambda a: None)


ODD_IDS = {"email": "ana.b@example.com", "colon": "tenant:42", "digits": "1234567890", "underscore": "__x__",
           "chinese": "王磊"}
BAD_IDS = {"space": "ana b", "slash": "a/b", "65 chars": "x" * 65, "empty": "", "dot-dot": ".."}


def _odd_ids(sweep: Sweep, client: Any) -> None:
    for name, odd in ODD_IDS.items():
        sweep.call(C, "add", f"odd user_id {name}", lambda o=odd: client.add("I like jazz.", user_id=o + sweep.tag),
                   kept)
        sweep.call(C, "get_all", f"odd user_id {name}",
                   lambda o=odd: client.get_all(filters={"user_id": o + sweep.tag}), count(1))
        sweep.call(C, "delete_users", f"odd user_id {name}", lambda o=odd: client.delete_users(user_id=o + sweep.tag),
                   lambda a: None)
    for name, bad in BAD_IDS.items():
        sweep.call(C, "add", f"bad user_id {name}", lambda b=bad: client.add("I like jazz.", user_id=b),
                   expect_status=400)
        if name != "dot-dot":  # filters still read '..', to find what was saved before it was refused
            sweep.call(C, "get_all", f"bad user_id {name}", lambda b=bad: client.get_all(filters={"user_id": b}),
                       expect_status=400)


def _deletes(sweep: Sweep, client: Any, user: str, other: str) -> None:
    sweep.call(C, "delete_all", "run_id", lambda: client.delete_all(user_id=user, run_id="trip-1"), lambda a: None)
    sweep.call(C, "get_all", "after delete_all run",
               lambda: client.get_all(filters={"run_id": "trip-1", "user_id": user}), count(0))
    sweep.call(C, "delete_all", "user_id", lambda: client.delete_all(user_id=user), lambda a: None)
    sweep.call(C, "get_all", "after delete_all user", lambda: client.get_all(filters={"user_id": user}), count(0))
    sweep.call(C, "delete_all", "no id", lambda: client.delete_all(), expect_status=400)
    sweep.call(C, "delete_users", "user_id", lambda: client.delete_users(user_id=other), lambda a: None)
    sweep.call(C, "delete_users", "unknown user", lambda: client.delete_users(user_id=sweep.uid("ghost")),
               lambda a: None)
    sweep.call(C, "delete_users", "agent_id", lambda: client.delete_users(agent_id=sweep.uid("bot")), lambda a: None)


def async_client(sweep: Sweep) -> None:
    asyncio.run(_async_client(sweep))


async def _async_client(sweep: Sweep) -> None:
    import httpx
    from mem0 import AsyncMemoryClient

    a = "mem0 async"
    http = httpx.AsyncClient(timeout=TIMEOUT)
    client = sweep.call(a, "AsyncMemoryClient()", "ping",
                        lambda: AsyncMemoryClient(api_key=sweep.key, host=f"{sweep.url}/mem0", client=http))
    if client is None:
        return
    user = sweep.uid("async")

    async def loop_call(method: str, case: str, coro: Any, check: Any) -> Any:
        return await acall(sweep, a, method, case, coro, check)
    added = await loop_call("add", "conversation", client.add(CONVERSATION_EN, user_id=user), kept)
    await loop_call("add", "zh statement", client.add(STATEMENTS_ZH[0], user_id=user), kept)
    await loop_call("add", "infer=False", client.add("Gate code 4711", user_id=user, infer=False), count(1))
    await loop_call("search", "budget", client.search("How much can I spend?", filters={"user_id": user}),
                    holds("3000"))
    await loop_call("get_all", "filters", client.get_all(filters={"user_id": user}),
                    lambda r: None if r["count"] >= 3 else f"count {r['count']}")
    first = (added or {}).get("results", [{}])[0].get("id")
    if first:
        await loop_call("get", "by id", client.get(first), lambda r: None)
        await loop_call("update", "text", client.update(first, text="Trip to Japan in May"),
                        lambda r: None if r["memory"] == "Trip to Japan in May" else r["memory"])
        await loop_call("history", "", client.history(first), lambda r: None if len(r) >= 2 else f"{r}")
        await loop_call("delete", "", client.delete(first), lambda r: None)
    results = await asyncio.gather(*(client.add(t, user_id=user) for t in STATEMENTS_EN[:4]), return_exceptions=True)
    sweep.note(a, "add", "4 gathered adds", next((f"{r!r}"[:200] for r in results if isinstance(r, BaseException)
                                                  or kept(r)), None))
    await loop_call("users", "", client.users(), lambda r: None)
    await loop_call("delete_all", "user_id", client.delete_all(user_id=user), lambda r: None)
    await loop_call("get_all", "after delete_all", client.get_all(filters={"user_id": user}), count(0))
    await http.aclose()


def ts_client(sweep: Sweep) -> None:
    """mem0's npm client, when node and the package tests/served/test_mem0.py installs into .cache are here."""
    folders = sorted(ROOT.glob(".cache/mem0-npm-*/node_modules/mem0ai"))
    if shutil.which("node") is None or not folders:
        sweep.note("mem0 ts", "(part)", "node + .cache/mem0-npm-*", None)
        print("  skipped: no node or no mem0 npm package in .cache (run tests/served/test_mem0.py once)")
        return
    script = ROOT / "bench" / "sweep_mem0_ts.mjs"
    target = folders[-1].parents[1] / script.name
    shutil.copyfile(script, target)
    done = subprocess.run(["node", str(target), sweep.url, sweep.key, sweep.uid("ts")], capture_output=True, text=True,
                          timeout=600)
    for line in done.stdout.splitlines():
        row = json.loads(line)
        sweep.note("mem0 ts", row["method"], row["case"], row.get("wrong"))
    if done.returncode:
        sweep.note("mem0 ts", "(part)", "ran to the end", done.stderr[-300:])


def v1_client(sweep: Sweep) -> None:
    """mem0ai 1.x (what CrewAI, AutoGen and Agno need), when tests/served/test_mem0.py has put it in .cache."""
    import os
    import sys

    folders = sorted(ROOT.glob(".cache/mem0ai-1.*"))
    if not folders:
        print("  skipped: no mem0ai 1.x in .cache (run tests/served/test_mem0.py once)")
        return
    env = {**os.environ, "PYTHONPATH": str(folders[-1]), "MEM0_TELEMETRY": "False"}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "sweep_mem0_v1.py"), sweep.url, sweep.key, sweep.tag],
                          capture_output=True, text=True, timeout=600, env=env)
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            sweep.rows.append(_row(row))
    if done.returncode:
        sweep.note("mem0 1.x", "(part)", "ran to the end", done.stderr[-300:])


def _row(row: dict[str, Any]) -> Any:
    from bench.client_sweep import Row

    return Row(**row)
