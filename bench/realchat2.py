"""Long help chats, mostly about nothing personal: a second LongMemEval-style set against a running server.

    .venv/bin/python bench/realchat2.py --base-url http://127.0.0.1:8013 --key mn_… [--out run.json]
        [--result bench/results/realchat2.json]

Two users (bench/realchat2_en.py, bench/realchat2_zh.py: 26 sessions, 9 Chinese, 8 of them filler with no
personal fact; 46 questions). Where bench/realchat.py's facts open the chat, here they come in passing: in a
sentence around pasted code or text, in a later turn, as a correction ("sorry, three kids, not two"). Sessions go
in whole, through mem0's SDK (``add([...], user_id=…, timestamp=<session day, noon UTC>)``) or the sessions API
(``POST /api/v1/sessions/{id}/messages`` and ``close``), as bench/realchat.py sends them; the server must run with
no ``ANTHROPIC_API_KEY``.

Each question through mem0's ``search`` (``top_k`` 10). Evidence found at k: one of the first k memories was
written from the evidence session and holds the expected words (bench/realchat.py's rule). Kinds: user facts, the
assistant's earlier answers, preferences, knowledge updates (the newer value is the answer; whether it comes first),
temporal, multi-session counts, and abstention (asked about what was never said: the first memory is shown, not
scored). Per session: the memories kept; junk counted by rule: any memory from a filler session that is not the
assistant's answer, and any memory that holds pasted code.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realchat2_en
import realchat2_zh
from realchat import _found, _send_mem0, _send_rest

KINDS = ("user", "assistant", "preference", "update", "temporal", "count")
#: Pasted code in a memory: a statement or call, markup, or a code fence (a loop has its colon or a call: not
#: "save up for japan in march").
_CODE = re.compile(r"```|\b(?:import|def|print|SELECT|VLOOKUP|requests\.get)\b|[=<>]{3,}|\w+\[\""
                   r"|\bfor \w+ in (?:range\b|[\w.\[\]']+(?:\(|\s*:))")
#: The assistant's answer kept as such ("When the user asked …, the assistant suggested: …", "助手推荐").
_ASSISTANT = re.compile(r"(?i)the assistant|助手")


def _junk(memory: str, filler: bool) -> bool:
    return bool(_CODE.search(memory)) or (filler and not _ASSISTANT.search(memory))


def _ingest(client: Any, http: httpx.Client, user: str, module: Any
            ) -> tuple[dict[str, set[str]], list[dict[str, Any]]]:
    origin: dict[str, set[str]] = defaultdict(set)
    sessions = []
    for s in module.SESSIONS:
        turns = s["turns"]
        kept = _send_mem0(client, user, s["date"], turns) if s["via"] == "mem0" else \
            _send_rest(http, user, s["id"], s["date"], turns)
        for m in kept:
            origin[m["id"]].add(s["id"])
        memories = [m["memory"] for m in kept]
        sessions.append({"session": s["id"], "via": s["via"], "filler": s["filler"], "turns": len(turns),
                         "kept": memories, "junk": [m for m in memories if _junk(m, s["filler"])]})
    return origin, sessions


def _ask(client: Any, user: str, origin: dict[str, set[str]], question: tuple[Any, ...]) -> dict[str, Any]:
    qid, kind, text, evidence, pattern, *update = question
    answer = client.search(text, filters={"user_id": user}, top_k=10)
    results = answer["results"] if isinstance(answer, dict) else answer
    row: dict[str, Any] = {"id": qid, "kind": kind, "question": text, "first": [r["memory"] for r in results[:3]]}
    if kind == "abstain":
        return row
    patterns = pattern if isinstance(pattern, list) else [pattern] * len(evidence)
    ranks = [_found(results, origin, s, p) for (s, _), p in zip(evidence, patterns, strict=True)]
    counted = ranks[:1] if update else ranks  # a knowledge update: the newer value is the answer
    row.update(top3=sum(r is not None and r < 3 for r in counted) / len(counted),
               top10=sum(r is not None for r in counted) / len(counted), ranks=ranks)
    if update:
        row["newer_first"] = ranks[0] is not None and (ranks[1] is None or ranks[0] < ranks[1])
    return row


def run(base_url: str, key: str) -> dict[str, Any]:
    from mem0 import MemoryClient

    client = MemoryClient(api_key=key, host=f"{base_url}/mem0")
    http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
    stamp = int(time.time())
    sessions, questions = [], []
    for lang, module in (("en", realchat2_en), ("zh", realchat2_zh)):
        user = f"rc2-{lang}-{stamp}"
        origin, kept = _ingest(client, http, user, module)
        sessions += kept
        questions += [_ask(client, user, origin, q) for q in module.QUESTIONS]
    return {"sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


def _share(rows: list[dict[str, Any]], key: str) -> float:
    return round(sum(q[key] for q in rows) / len(rows), 3)


def summary(questions: list[dict[str, Any]], sessions: list[dict[str, Any]]) -> dict[str, Any]:
    scored = [q for q in questions if q["kind"] != "abstain"]
    by_kind = {kind: {"questions": len(rows), "top3": _share(rows, "top3"), "top10": _share(rows, "top10")}
               for kind in KINDS if (rows := [q for q in scored if q["kind"] == kind])}
    updates = [q for q in scored if "newer_first" in q]
    filler = [s for s in sessions if s["filler"]]
    return {"by_kind": by_kind,
            "all": {"questions": len(scored), "top3": _share(scored, "top3"), "top10": _share(scored, "top10")},
            "newer_first": f"{sum(q['newer_first'] for q in updates)}/{len(updates)}",
            "abstain": len(questions) - len(scored),
            "memories": sum(len(s["kept"]) for s in sessions), "sessions": len(sessions),
            "junk": sum(len(s["junk"]) for s in sessions),
            "filler_memories": sum(len(s["kept"]) for s in filler), "filler_sessions": len(filler)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8013")
    parser.add_argument("--key", required=True)
    parser.add_argument("--out", help="the whole run (sessions kept, every question's first memories) as JSON")
    parser.add_argument("--result", help="the summary for docs/benchmarks.md (bench/report.py's format)")
    args = parser.parse_args()
    outcome = run(args.base_url, args.key)
    if args.out:
        Path(args.out).write_text(json.dumps(outcome, ensure_ascii=False, indent=1))
    for s in outcome["sessions"]:
        print(f"[{s['session']}{' filler' if s['filler'] else ''}] kept {len(s['kept'])}, junk {len(s['junk'])}")
        for m in s["kept"]:
            print("   ", "JUNK" if m in s["junk"] else "    ", m[:160].replace("\n", " "))
    for q in outcome["questions"]:
        mark = "?? " if q["kind"] == "abstain" else "ok " if q["top3"] == 1 else "10 " if q["top10"] > 0 else "-- "
        print(mark, q["id"], q["kind"], q["question"], q.get("ranks", ""), "|", " || ".join(q["first"])[:220])
    s = outcome["summary"]
    print(json.dumps(s, indent=1))
    if args.result:
        from report import write_result

        rows = [[kind, v["questions"], f"{v['top3']:.0%}", f"{v['top10']:.0%}"] for kind, v in s["by_kind"].items()]
        rows.append(["all", s["all"]["questions"], f"{s['all']['top3']:.0%}", f"{s['all']['top10']:.0%}"])
        write_result(args.result, title="Long help chats: facts around pasted text, in later turns, as corrections",
                     command="bench/realchat2.py --base-url URL --key KEY --result bench/results/realchat2.json",
                     columns=["question kind", "questions", "evidence in top 3", "evidence in top 10"], rows=rows,
                     notes=[f"{s['sessions']} sessions ({s['filler_sessions']} filler, 9 Chinese) through mem0's add "
                            f"and the sessions API, offline extractor; {s['memories']} memories kept, "
                            f"{s['filler_memories']} from filler sessions, {s['junk']} junk by rule; knowledge "
                            f"updates with the newer value first: {s['newer_first']}; {s['abstain']} abstention "
                            f"questions shown, not scored."])


if __name__ == "__main__":
    main()
