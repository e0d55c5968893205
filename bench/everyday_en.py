"""English everyday messages and contradicting / compatible pairs through mem0's SDK, no Anthropic key.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/everyday_en.py --key KEY [--host http://127.0.0.1:8011] [--json F]

Needs a running server (``make run`` or ``python -m server.runtime.supervise``) and its API key. Each message
is sent alone the way mem0's SDK sends it (``add([{"role": "user", "content": …}], user_id=…)``, default
infer), all messages to one user; each pair goes to a user of its own. Reports per message the facts kept and
the junk kept (a memory from a message that should keep nothing), per pair the first memory's status after the
second (a contradiction is resolved when the first is no longer active or the second waits in review; a
compatible pair when the first stays active) and whether search ranks the current value first. The set is in
``bench/everyday_en_set.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEM0_TELEMETRY", "False")

from everyday_en_set import MESSAGES, PAIRS


def _results(answer: Any) -> list[dict[str, Any]]:
    res = answer.get("results", answer) if isinstance(answer, dict) else answer
    return [r for r in res if isinstance(r, dict)] if isinstance(res, list) else []


def _has(text: str, words: str) -> bool:
    low = text.lower()
    return all(w in low for w in words.lower().split())


def run_messages(client: Any, user: str) -> dict[str, Any]:
    rows, kept, total, junk = [], 0, 0, 0
    for text, facts in MESSAGES:
        mems = [r.get("memory", "") for r in _results(client.add([{"role": "user", "content": text}], user_id=user))]
        got = [f for f in facts if any(_has(m, f) for m in mems)]
        kept += len(got)
        total += len(facts)
        if not facts and mems:
            junk += 1
        rows.append({"msg": text, "facts": facts, "missed": [f for f in facts if f not in got], "kept": mems})
    return {"facts_kept": kept, "facts": total, "junk_messages": junk,
            "empty_messages": sum(1 for _t, f in MESSAGES if not f), "rows": rows}


def _status(rest: httpx.Client, memory_id: str) -> str:
    answer = rest.get(f"/api/v1/memories/{memory_id}")
    return answer.json().get("status", "?") if answer.status_code == 200 else f"http {answer.status_code}"


def _judge(kind: str, a: list[dict[str, Any]], firsts: list[str], seconds: list[str], top: list[str],
           current: str) -> tuple[bool, bool]:
    """(resolved, current first) of one pair."""
    if kind == "contra":
        ok = bool(firsts) and (any(s != "active" for s in firsts) or "pending" in seconds)
        said_first = {r.get("memory", "") for r in a}  # the later memory may name the old value as history
        return ok, bool(top) and _has(top[0], current) and top[0] not in said_first
    return bool(firsts) and all(s == "active" for s in firsts), any(_has(t, current) for t in top)


def run_pairs(client: Any, rest: httpx.Client, stamp: str) -> dict[str, Any]:
    rows = []
    for n, (kind, first, second, query, current, _old) in enumerate(PAIRS):
        user = f"{stamp}-p{n}"
        a = _results(client.add([{"role": "user", "content": first}], user_id=user))
        b = _results(client.add([{"role": "user", "content": second}], user_id=user))
        firsts = [_status(rest, r["id"]) for r in a if r.get("id")]
        seconds = [_status(rest, r["id"]) for r in b if r.get("id")]
        top = [r.get("memory", "") for r in _results(client.search(query, filters={"user_id": user}, top_k=3))]
        ok, first_ok = _judge(kind, a, firsts, seconds, top, current)
        rows.append({"kind": kind, "first": first, "second": second, "ok": ok, "current_first": first_ok,
                     "first_status": firsts, "second_status": seconds,
                     "second_kept": [r.get("memory") for r in b], "top": top})
    contra = [r for r in rows if r["kind"] == "contra"]
    compat = [r for r in rows if r["kind"] == "compat"]
    return {"contra_resolved": sum(r["ok"] for r in contra), "contra": len(contra),
            "compat_kept": sum(r["ok"] for r in compat), "compat": len(compat),
            "current_first": sum(r["current_first"] for r in rows), "pairs": len(rows), "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--key", required=True)
    parser.add_argument("--host", default="http://127.0.0.1:8011")
    parser.add_argument("--json", help="write the full per-item results here")
    args = parser.parse_args()
    from mem0 import MemoryClient

    client = MemoryClient(api_key=args.key, host=f"{args.host}/mem0")
    rest = httpx.Client(base_url=args.host, headers={"Authorization": f"Bearer {args.key}"}, timeout=60)
    stamp = f"ev{int(time.time())}"
    report = {"messages": run_messages(client, f"{stamp}-m"), "pairs": run_pairs(client, rest, stamp)}
    m, p = report["messages"], report["pairs"]
    for row in m["rows"]:
        if row["missed"] or (not row["facts"] and row["kept"]):
            print("MSG ", json.dumps({k: row[k] for k in ("msg", "missed", "kept")}))
    for row in p["rows"]:
        if not row["ok"] or not row["current_first"]:
            print("PAIR", json.dumps({k: row[k] for k in ("kind", "first", "second", "ok", "current_first",
                                                            "first_status", "second_status", "second_kept", "top")}))
    print(f"facts kept {m['facts_kept']}/{m['facts']}; junk {m['junk_messages']}/{m['empty_messages']} "
          f"empty messages kept something; contradictions resolved {p['contra_resolved']}/{p['contra']}; "
          f"compatible kept {p['compat_kept']}/{p['compat']}; current first {p['current_first']}/{p['pairs']}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
