"""A Chinese long-term memory set (简体 and 繁體, two-person chats): recall and the context block, through the API.

    .venv/bin/python bench/realchat4.py --base-url http://127.0.0.1:8014 --key mn_… [--out run.json]
        [--result bench/results/longmem.json]

Two users (bench/realchat4_zh.py: 24 sessions over seven months, 7 of them filler; 53 questions, 5 of them
abstention): a designer who writes 简体 with English words mixed in, two of whose sessions are a chat with a
friend (each turn with the speaker's ``name``), and a nurse who writes 繁體. Written before reading the extractor.
Sessions go in as bench/realchat2.py sends them (mem0's ``add`` or the sessions API, session day at noon UTC), a
turn's ``name`` with it. Each question: mem0's ``search`` (``top_k`` 10) scored as bench/realchat3.py does
(evidence found at k = 1, 5, 10: one of the first k memories was written from the evidence session and holds the
expected words; a multi-session question counts each of its facts; a knowledge update scores the newer value and
says whether it comes before the older); and ``POST /api/v1/context`` with a 400-token budget: does the block hold
the expected words (every fact of a multi-session question; the newer value of an update)? Abstention questions
are shown, not scored: whether the search (relevance floor on) and the block come back empty.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realchat4_zh
from realchat import _day, _found
from realchat2 import _junk

DEPTHS = (1, 5, 10)
KINDS = ("user", "assistant", "multi", "update", "temporal", "preference")
BUDGET = 400


def _messages(day: Any, turns: list[tuple[str, ...]], dated: bool) -> list[dict[str, Any]]:
    messages = []
    for i, (role, text, *name) in enumerate(turns):
        message: dict[str, Any] = {"role": role, "content": text}
        if name:
            message["name"] = name[0]
        if dated:
            message["created_at"] = (day + timedelta(minutes=i)).isoformat()
        messages.append(message)
    return messages


def _send(client: Any, http: httpx.Client, user: str, s: dict[str, Any]) -> list[dict[str, Any]]:
    day = _day(s["date"])
    assert day is not None
    if s["via"] == "mem0":
        answer = client.add(_messages(day, s["turns"], False), user_id=user, timestamp=int(day.timestamp()))
        return [{"id": m["id"], "memory": m["memory"]} for m in answer.get("results", [])]
    session = f"{user}-{s['id']}"
    http.post(f"/api/v1/sessions/{session}/messages",
              json={"scope": f"user/{user}", "messages": _messages(day, s["turns"], True)}).raise_for_status()
    job = http.post(f"/api/v1/sessions/{session}/close").json()["job"]
    job_id = job["id"] if isinstance(job, dict) else job
    for _ in range(600):
        state = http.get(f"/api/v1/jobs/{job_id}").json()
        if state["status"] in ("succeeded", "failed", "cancelled"):
            break
        time.sleep(0.2)
    ids = [r["memory"] for r in state.get("resolutions", []) if r.get("memory")]
    return [{"id": i, "memory": http.get(f"/api/v1/memories/{i}").json().get("content", "")} for i in ids]


def _ingest(client: Any, http: httpx.Client, user: str, sessions: list[dict[str, Any]]
            ) -> tuple[dict[str, set[str]], list[dict[str, Any]]]:
    origin: dict[str, set[str]] = defaultdict(set)
    kept_all = []
    for s in sessions:
        kept = _send(client, http, user, s)
        for m in kept:
            origin[m["id"]].add(s["id"])
        memories = [m["memory"] for m in kept]
        kept_all.append({"session": s["id"], "via": s["via"], "filler": s["filler"], "turns": len(s["turns"]),
                         "kept": memories, "junk": [m for m in memories if _junk(m, s["filler"])]})
    return origin, kept_all


def _ask(client: Any, http: httpx.Client, user: str, origin: dict[str, set[str]], question: tuple[Any, ...]
         ) -> dict[str, Any]:
    qid, kind, text, evidence, pattern, *update = question
    answer = client.search(text, filters={"user_id": user}, top_k=10)
    results = answer["results"] if isinstance(answer, dict) else answer
    block = http.post("/api/v1/context", json={"query": text, "scope": f"user/{user}", "token_budget": BUDGET}
                      ).json().get("block", "")
    row: dict[str, Any] = {"id": qid, "kind": kind, "question": text, "first": [r["memory"] for r in results[:3]]}
    if kind == "abstain":
        return row | {"found": len(results), "block_tokens": len(block)}
    patterns = pattern if isinstance(pattern, list) else [pattern] * len(evidence)
    ranks = [_found(results, origin, s, p) for (s, _), p in zip(evidence, patterns, strict=True)]
    counted = ranks[:1] if update else ranks  # a knowledge update: the newer value is the answer
    for k in DEPTHS:
        row[f"top{k}"] = sum(r is not None and r < k for r in counted) / len(counted)
    wanted = patterns[:1] if update else list(dict.fromkeys(patterns))
    row["block"] = sum(bool(re.search(p, block)) for p in wanted) / len(wanted)
    row["ranks"] = ranks
    if update:
        row["newer_first"] = ranks[0] is not None and (ranks[1] is None or ranks[0] < ranks[1])
    return row


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    stamp = int(time.time())
    sessions, questions = [], []
    for lang, data, asked in (("zh", realchat4_zh.ZH, realchat4_zh.QUESTIONS_ZH),
                              ("tw", realchat4_zh.TW, realchat4_zh.QUESTIONS_TW)):
        user = f"rc4-{lang}-{stamp}"
        origin, kept = _ingest(client, http, user, data)
        sessions += kept
        questions += [_ask(client, http, user, origin, q) for q in asked]
    return {"sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


def _share(rows: list[dict[str, Any]], key: str) -> float:
    return round(sum(q[key] for q in rows) / len(rows), 3)


def _depths(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"questions": len(rows)} | {f"top{k}": _share(rows, f"top{k}") for k in DEPTHS} | \
        {"block": _share(rows, "block")}


def summary(questions: list[dict[str, Any]], sessions: list[dict[str, Any]]) -> dict[str, Any]:
    scored = [q for q in questions if q["kind"] != "abstain"]
    abstain = [q for q in questions if q["kind"] == "abstain"]
    by_kind = {kind: _depths(rows) for kind in KINDS if (rows := [q for q in scored if q["kind"] == kind])}
    updates = [q for q in scored if "newer_first" in q]
    filler = [s for s in sessions if s["filler"]]
    return {"by_kind": by_kind, "all": _depths(scored),
            "newer_first": f"{sum(q['newer_first'] for q in updates)}/{len(updates)}",
            "abstain": len(abstain), "abstain_empty": sum(q["found"] == 0 for q in abstain),
            "abstain_found": round(sum(q["found"] for q in abstain) / max(1, len(abstain)), 1),
            "abstain_block": round(sum(q["block_tokens"] for q in abstain) / max(1, len(abstain))),
            "memories": sum(len(s["kept"]) for s in sessions), "sessions": len(sessions),
            "junk": sum(len(s["junk"]) for s in sessions),
            "filler_memories": sum(len(s["kept"]) for s in filler), "filler_sessions": len(filler)}


def _print(outcome: dict[str, Any]) -> None:
    for s in outcome["sessions"]:
        print(f"[{s['session']}{' filler' if s['filler'] else ''}] kept {len(s['kept'])}, junk {len(s['junk'])}")
        for m in s["kept"]:
            print("   ", "JUNK" if m in s["junk"] else "    ", m[:160].replace("\n", " "))
    for q in outcome["questions"]:
        mark = "?? " if q["kind"] == "abstain" else "ok " if q["top1"] == 1 else "5  " if q["top5"] == 1 \
            else "10 " if q["top10"] > 0 else "-- "
        extra = f"found {q['found']}" if q["kind"] == "abstain" else f"{q['ranks']} block {q['block']:.1f}"
        print(mark, q["id"], q["kind"], q["question"], extra, "|", " || ".join(q["first"])[:220])
    print(json.dumps(outcome["summary"], indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8014")
    parser.add_argument("--key", required=True)
    parser.add_argument("--out", help="the whole run (sessions kept, every question's first memories) as JSON")
    parser.add_argument("--result", help="bench/results/longmem.json: this set's row (bench/longmem.py)")
    args = parser.parse_args()
    outcome = run(args.base_url, args.key)
    if args.out:
        Path(args.out).write_text(json.dumps(outcome, ensure_ascii=False, indent=1))
    _print(outcome)
    if args.result:
        from longmem import write_set  # it reads this module's constants

        write_set(args.result, "realchat4", "realchat4 (Chinese)", outcome["summary"])


if __name__ == "__main__":
    main()
