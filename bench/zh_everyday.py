"""Chinese everyday messages through mem0's SDK, no Anthropic key: what is kept, what a change retires, what is found.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/zh_everyday.py --key mn_… [--host http://127.0.0.1:8012]
        [--json figures.json] [--out detail.json]

Against a running server (``make run`` with its own ``MNEMARA_PGDATA`` and ``PORT``; the banner gives the key).
The set is ``bench/zh_everyday_set.py``. Every run uses new user ids, so the server may hold earlier runs.

1. **Messages**: each sent alone, ``add([{"role": "user", "content": text}], user_id=…)`` (mem0's default
   ``infer``); persona A's and B's messages go to two users. Per message with facts: the facts found in a kept
   memory (each a list of substrings that must all be in one memory, "a|b" either) and no ``must_not`` text; per
   message without: nothing kept (``junk`` counts the messages that kept something).
2. **Pairs**: each in a user of its own, first then second; then the first's memories' statuses
   (``GET /api/v1/memories/{id}``). ``replace`` passes when one of the first's memories is no longer ``active``
   (retired: "男朋友叫小陈，在银行上班" / "分手了" retires the boyfriend, not his job) and the second kept
   something; ``both`` when every one of the first's memories is still active.
3. **Questions**: ``search(q, filters={"user_id": …}, top_k=10)``; the evidence is in the top 3 / top 10 when a
   memory kept from every evidence message is there.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import httpx

os.environ.setdefault("MEM0_TELEMETRY", "False")
from mem0 import MemoryClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
import zh_everyday_set as data


def _results(answer: object) -> list[dict]:
    res = answer.get("results", answer) if isinstance(answer, dict) else answer
    return [r for r in res if isinstance(r, dict)] if isinstance(res, list) else []


def _has(memories: list[str], fact: list[str]) -> bool:
    return any(all(any(alt in m for alt in part.split("|")) for part in fact) for m in memories)


def _send(client: MemoryClient, user: str, text: str) -> tuple[list[str], list[str]]:
    kept = _results(client.add([{"role": "user", "content": text}], user_id=user))
    return [r["id"] for r in kept if r.get("id")], [r.get("memory") or "" for r in kept]


def messages(client: MemoryClient, users: dict[str, str]) -> tuple[list[dict], dict[str, list[str]]]:
    rows, ids = [], {}
    for persona, batch in (("A", data.MESSAGES_A), ("B", data.MESSAGES_B)):
        for mid, text, facts, must_not in batch:
            got, kept = _send(client, users[persona], text)
            ids[mid] = got
            found = [f for f in facts if _has(kept, f)]
            bad = [b for b in must_not if any(b in m for m in kept)]
            rows.append({"id": mid, "text": text, "kept": kept, "facts": len(facts), "found": len(found),
                         "missed": [f for f in facts if f not in found], "bad": bad,
                         "junk": not facts and bool(kept)})
    return rows, ids


def pairs(client: MemoryClient, http: httpx.Client, stamp: str) -> tuple[list[dict], dict[str, dict]]:
    rows, ids = [], {}
    for pid, first, second, expect in data.PAIRS:
        user = f"{pid}-{stamp}"
        one, kept1 = _send(client, user, first)
        two, kept2 = _send(client, user, second)
        statuses = [http.get(f"/api/v1/memories/{m}").json().get("status") for m in one]
        live = [s == "active" for s in statuses]
        ok = (not all(live) and bool(two)) if expect == "replace" else (bool(one) and all(live))
        rows.append({"id": pid, "expect": expect, "first": kept1, "second": kept2, "statuses": statuses, "ok": ok})
        ids[pid] = {"user": user, "1": one, "2": two}
    return rows, ids


def questions(client: MemoryClient, users: dict[str, str], ids: dict[str, list[str]],
              pair_ids: dict[str, dict]) -> list[dict]:
    rows = []
    for who, q, evidence in data.QUESTIONS:
        if who in users:
            user, wanted = users[who], [ids[e] for e in evidence]
        else:
            user, wanted = pair_ids[who]["user"], [pair_ids[who][e] for e in evidence]
        top = _results(client.search(q, filters={"user_id": user}, top_k=10))
        got = [r.get("id") for r in top]
        at = [min((got.index(m) for m in w if m in got), default=99) for w in wanted]
        rows.append({"user": who, "q": q, "top3": max(at) < 3, "top10": max(at) < 10,
                     "rank": max(at) + 1 if max(at) < 99 else None,
                     "shown": [r.get("memory") for r in top[:3]]})
    return rows


def summary(msgs: list[dict], prs: list[dict], qs: list[dict]) -> dict:
    with_facts = [m for m in msgs if m["facts"]]
    repl = [p for p in prs if p["expect"] == "replace"]
    both = [p for p in prs if p["expect"] == "both"]
    return {
        "facts": f"{sum(m['found'] for m in with_facts)}/{sum(m['facts'] for m in with_facts)}",
        "messages_all_facts": f"{sum(m['found'] == m['facts'] for m in with_facts)}/{len(with_facts)}",
        "bad_forms": sum(bool(m["bad"]) for m in msgs),
        "junk_kept": f"{sum(m['junk'] for m in msgs)}/{len(msgs) - len(with_facts)}",
        "replace_ok": f"{sum(p['ok'] for p in repl)}/{len(repl)}",
        "trap_ok": f"{sum(p['ok'] for p in both)}/{len(both)}",
        "questions_top3": f"{sum(q['top3'] for q in qs)}/{len(qs)}",
        "questions_top10": f"{sum(q['top10'] for q in qs)}/{len(qs)}",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--key", required=True)
    ap.add_argument("--host", default="http://127.0.0.1:8012")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--out", help="write every message, pair and question here")
    args = ap.parse_args()
    client = MemoryClient(api_key=args.key, host=args.host.rstrip("/") + "/mem0")
    http = httpx.Client(base_url=args.host, headers={"Authorization": f"Bearer {args.key}"}, timeout=60)
    stamp = str(int(time.time()))
    users = {"A": f"zh-a-{stamp}", "B": f"zh-b-{stamp}"}
    msgs, ids = messages(client, users)
    prs, pair_ids = pairs(client, http, stamp)
    qs = questions(client, users, ids, pair_ids)
    figures = summary(msgs, prs, qs)
    print(json.dumps(figures, ensure_ascii=False, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, ensure_ascii=False, indent=1) + "\n")
    if args.out:
        Path(args.out).write_text(json.dumps({"messages": msgs, "pairs": prs, "questions": qs},
                                             ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
