"""Real help chats, facts said in passing, recalled in other words: a LongMemEval-style set against a running server.

    .venv/bin/python bench/realchat.py --base-url http://127.0.0.1:8011 --key mn_… [--out run.json]
        [--result bench/results/realchat.json]

Two users (bench/realchat_en.py, bench/realchat_zh.py: 31 sessions of 2–4 turns, long markdown answers from the
assistant, 46 questions). Each session goes in as a whole conversation, the way agents send it: most through mem0's
SDK (``add([...], user_id=…, timestamp=<session day, noon UTC>)``, no ``timestamp`` for an undated session), the
others through ``POST /api/v1/sessions/{id}/messages`` (each turn's ``created_at`` the session's day) and ``close``.
The server must run with no ``ANTHROPIC_API_KEY`` (the offline extractor).

Then each question through mem0's ``search`` (``top_k`` 10). A question's evidence is a (session, turn) pair; it is
found at k when one of the first k memories was written from that session (by the ids ``add`` and the session job
answered) and holds the expected words (a knowledge update's answer is its newer session's). Per kind: evidence
found in the top 3 and the top 10 (the share of a
question's evidence sessions, averaged); for knowledge updates, whether the newer session's memory comes first.
Per session: the memories kept (to judge junk by hand).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realchat_en
import realchat_zh

KINDS = ("user", "assistant", "preference", "update", "temporal", "count")


def _day(date: str | None) -> datetime | None:
    return None if date is None else datetime.fromisoformat(date).replace(hour=12, tzinfo=UTC)


def _send_mem0(client: Any, user: str, date: str | None, turns: list[tuple[str, str]]) -> list[dict[str, Any]]:
    day = _day(date)
    kwargs: dict[str, Any] = {"user_id": user}
    if day is not None:
        kwargs["timestamp"] = int(day.timestamp())
    answer = client.add([{"role": r, "content": t} for r, t in turns], **kwargs)
    return [{"id": m["id"], "memory": m["memory"]} for m in answer.get("results", [])]


def _send_rest(http: httpx.Client, user: str, sid: str, date: str | None, turns: list[tuple[str, str]]
               ) -> list[dict[str, Any]]:
    day = _day(date)
    messages = []
    for i, (role, text) in enumerate(turns):
        message: dict[str, Any] = {"role": role, "content": text}
        if day is not None:
            message["created_at"] = (day + timedelta(minutes=i)).isoformat()
        messages.append(message)
    session = f"{user}-{sid}"
    http.post(f"/api/v1/sessions/{session}/messages", json={"scope": f"user/{user}", "messages": messages}
              ).raise_for_status()
    job = http.post(f"/api/v1/sessions/{session}/close").json()["job"]
    job_id = job["id"] if isinstance(job, dict) else job
    for _ in range(600):
        state = http.get(f"/api/v1/jobs/{job_id}").json()
        if state["status"] in ("succeeded", "failed", "cancelled"):
            break
        time.sleep(0.2)
    kept = []
    for r in state.get("resolutions", []):
        if r.get("memory"):
            memory = http.get(f"/api/v1/memories/{r['memory']}").json()
            kept.append({"id": r["memory"], "memory": memory.get("content", "")})
    return kept


def _found(results: list[dict[str, Any]], origin: dict[str, set[str]], session: str, pattern: str) -> int | None:
    """The rank (0-based) of the first result written from ``session`` that holds the expected words, or None."""
    for rank, r in enumerate(results):
        if session in origin.get(r["id"], set()) and re.search(pattern, r["memory"]):
            return rank
    return None


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    stamp = int(time.time())
    sessions, questions = [], []
    for lang, module in (("en", realchat_en), ("zh", realchat_zh)):
        user = f"rc-{lang}-{stamp}"
        origin: dict[str, set[str]] = defaultdict(set)
        for sid, date, via, turns in module.SESSIONS:
            kept = _send_mem0(client, user, date, turns) if via == "mem0" else \
                _send_rest(http, user, sid, date, turns)
            for m in kept:
                origin[m["id"]].add(sid)
            sessions.append({"session": sid, "via": via, "turns": len(turns), "kept": [m["memory"] for m in kept]})
        for qid, kind, question, evidence, pattern, *update in module.USER_QUESTIONS:
            answer = client.search(question, filters={"user_id": user}, top_k=10)
            results = answer["results"] if isinstance(answer, dict) else answer
            ranks = [_found(results, origin, s, pattern) for s, _ in evidence]
            counted = ranks[:1] if update else ranks  # a knowledge update: the newer value is the answer
            row: dict[str, Any] = {
                "id": qid, "kind": kind, "question": question,
                "top3": sum(r is not None and r < 3 for r in counted) / len(counted),
                "top10": sum(r is not None for r in counted) / len(counted),
                "ranks": ranks, "first": [r["memory"] for r in results[:3]],
            }
            if update:
                row["newer_first"] = ranks[0] is not None and (ranks[1] is None or ranks[0] < ranks[1])
            questions.append(row)
    return {"sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


def summary(questions: list[dict[str, Any]], sessions: list[dict[str, Any]]) -> dict[str, Any]:
    by_kind: dict[str, Any] = {}
    for kind in KINDS:
        rows = [q for q in questions if q["kind"] == kind]
        if rows:
            by_kind[kind] = {"questions": len(rows), "top3": round(sum(q["top3"] for q in rows) / len(rows), 3),
                             "top10": round(sum(q["top10"] for q in rows) / len(rows), 3)}
    updates = [q for q in questions if "newer_first" in q]
    return {"by_kind": by_kind,
            "all": {"questions": len(questions),
                    "top3": round(sum(q["top3"] for q in questions) / len(questions), 3),
                    "top10": round(sum(q["top10"] for q in questions) / len(questions), 3)},
            "newer_first": f"{sum(q['newer_first'] for q in updates)}/{len(updates)}",
            "memories": sum(len(s["kept"]) for s in sessions), "sessions": len(sessions)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8011")
    parser.add_argument("--key", required=True)
    parser.add_argument("--out", help="the whole run (sessions kept, every question's first memories) as JSON")
    parser.add_argument("--result", help="the summary for docs/benchmarks.md (bench/report.py's format)")
    args = parser.parse_args()
    outcome = run(args.base_url, args.key)
    if args.out:
        Path(args.out).write_text(json.dumps(outcome, ensure_ascii=False, indent=1))
    for q in outcome["questions"]:
        mark = "ok " if q["top3"] == 1 else "10 " if q["top10"] > 0 else "-- "
        print(mark, q["id"], q["kind"], q["question"], q["ranks"], "|", " || ".join(q["first"])[:200])
    s = outcome["summary"]
    print(json.dumps(s, indent=1))
    if args.result:
        from report import write_result

        rows = [[kind, v["questions"], f"{v['top3']:.0%}", f"{v['top10']:.0%}"] for kind, v in s["by_kind"].items()]
        rows.append(["all", s["all"]["questions"], f"{s['all']['top3']:.0%}", f"{s['all']['top10']:.0%}"])
        write_result(args.result, title="Real help chats: facts in passing, recalled in other words",
                     command="bench/realchat.py --base-url URL --key KEY --result bench/results/realchat.json",
                     columns=["question kind", "questions", "evidence in top 3", "evidence in top 10"], rows=rows,
                     notes=[f"{s['sessions']} sessions (a third Chinese) through mem0's add and the sessions API, "
                            f"offline extractor; {s['memories']} memories kept; knowledge updates with the newer "
                            f"value first: {s['newer_first']}."])


if __name__ == "__main__":
    main()
