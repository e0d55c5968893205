"""A third hand's long help chats, typed as people type: a LongMemEval-style set against a running server.

    .venv/bin/python bench/realchat3.py --base-url http://127.0.0.1:8013 --key mn_… [--out run.json]
        [--result bench/results/realchat3.json]

Two users (bench/realchat3_en.py, bench/realchat3_zh.py: 24 sessions, 10 Chinese, 8 of them filler; 53 questions,
5 of them abstention). Written by a new hand before reading the extractor: lowercase, typos, code and tables
pasted, facts in a side remark ("btw im lactose intolerant so skip the cheese", "我下周三飞深圳"), corrections a
few turns later ("不对，是芒果过敏"), values that change across sessions, dates relative to the session day.
Sessions go in as bench/realchat2.py sends them (mem0's ``add`` or the sessions API), with its rules: evidence
found at k when one of the first k memories of mem0's ``search`` (``top_k`` 10) was written from the evidence
session and holds the expected words; knowledge updates score the newer value and say whether it comes before the
older; abstention questions are shown, not scored; junk is any memory from a filler session that is not the
assistant's answer, and any memory holding pasted code. Reported at k = 1, 5 and 10. Raw runs:
bench/runs/realchat3.json (now), bench/runs/realchat3-before.json (before the fixes of its commit); figures:
docs/extraction.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import realchat3_en
import realchat3_zh
from realchat import _found
from realchat2 import KINDS, _ingest

DEPTHS = (1, 5, 10)


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
    for k in DEPTHS:
        row[f"top{k}"] = sum(r is not None and r < k for r in counted) / len(counted)
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
    for lang, module in (("en", realchat3_en), ("zh", realchat3_zh)):
        user = f"rc3-{lang}-{stamp}"
        origin, kept = _ingest(client, http, user, module)
        sessions += kept
        questions += [_ask(client, user, origin, q) for q in module.QUESTIONS]
    return {"sessions": sessions, "questions": questions, "summary": summary(questions, sessions)}


def _share(rows: list[dict[str, Any]], key: str) -> float:
    return round(sum(q[key] for q in rows) / len(rows), 3)


def _depths(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"questions": len(rows)} | {f"top{k}": _share(rows, f"top{k}") for k in DEPTHS}


def summary(questions: list[dict[str, Any]], sessions: list[dict[str, Any]]) -> dict[str, Any]:
    scored = [q for q in questions if q["kind"] != "abstain"]
    by_kind = {kind: _depths(rows) for kind in KINDS if (rows := [q for q in scored if q["kind"] == kind])}
    updates = [q for q in scored if "newer_first" in q]
    filler = [s for s in sessions if s["filler"]]
    return {"by_kind": by_kind, "all": _depths(scored),
            "newer_first": f"{sum(q['newer_first'] for q in updates)}/{len(updates)}",
            "abstain": len(questions) - len(scored),
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
        print(mark, q["id"], q["kind"], q["question"], q.get("ranks", ""), "|", " || ".join(q["first"])[:220])
    print(json.dumps(outcome["summary"], indent=1))


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
    _print(outcome)
    s = outcome["summary"]
    if args.result:
        from report import write_result

        rows = [[kind, v["questions"], *(f"{v[f'top{k}']:.0%}" for k in DEPTHS)] for kind, v in s["by_kind"].items()]
        rows.append(["all", s["all"]["questions"], *(f"{s['all'][f'top{k}']:.0%}" for k in DEPTHS)])
        write_result(args.result, title="A new hand's real chats: side remarks, corrections, changes (EN + ZH)",
                     command="bench/realchat3.py --base-url URL --key KEY --result bench/results/realchat3.json",
                     columns=["question kind", "questions", "evidence first", "in top 5", "in top 10"], rows=rows,
                     notes=[f"{s['sessions']} sessions ({s['filler_sessions']} filler, 10 Chinese) through mem0's add "
                            f"and the sessions API, offline extractor; {s['memories']} memories kept, "
                            f"{s['filler_memories']} from filler sessions, {s['junk']} junk by rule; knowledge "
                            f"updates with the newer value first: {s['newer_first']}; {s['abstain']} abstention "
                            f"questions shown, not scored."])


if __name__ == "__main__":
    main()
