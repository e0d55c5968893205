"""English exchanges (user and assistant turns) and contradicting / compatible pairs through mem0's SDK, no key.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/exchanges_en.py --pgdata /tmp/pg-NAME [--port 8012] [--json F]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/exchanges_en.py --url http://127.0.0.1:8012 --key KEY

Sends each item the way mem0's documented pattern does: the last exchange in one ``add`` call
(``add([{"role": "user", …}, {"role": "assistant", …}, …], user_id=…)``, default infer), or an agent's note
about the user. Starts a server of its own on a throwaway embedded data directory (``bench/locomo.py``'s
``own_server``) unless ``--url``/``--key`` name a running one. Reports per item the facts kept, junk kept (a
memory from an exchange that should keep nothing) and the assistant's words kept as the user's; per pair the
first memory's status after the second (``bench/everyday_en.py``'s rules) and whether search ranks the current
value first. The set is in ``bench/exchanges_en_set.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEM0_TELEMETRY", "False")

import locomo
from everyday_en import _has, _judge, _results, _status
from exchanges_en_set import EXCHANGES, PAIRS


def _turns(value: Any) -> list[dict[str, str]]:
    return [{"role": "user", "content": value}] if isinstance(value, str) else value


def run_exchanges(client: Any, user: str) -> dict[str, Any]:
    rows, kept, total, junk, wrong = [], 0, 0, 0, 0
    for turns, facts, assistant_only in EXCHANGES:
        mems = [r.get("memory", "") for r in _results(client.add(turns, user_id=user))]
        got = [f for f in facts if any(_has(m, f) for m in mems)]
        bad = [m for m in mems if any(_has(m, w) for w in assistant_only)]
        kept += len(got)
        total += len(facts)
        junk += int(not facts and bool(mems))
        wrong += int(bool(bad))
        rows.append({"turns": [t["content"] for t in turns], "facts": facts,
                     "missed": [f for f in facts if f not in got], "kept": mems, "wrong": bad})
    return {"facts_kept": kept, "facts": total, "junk_items": junk,
            "empty_items": sum(1 for _t, f, _w in EXCHANGES if not f), "assistant_as_user": wrong, "rows": rows}


def run_pairs(client: Any, rest: httpx.Client, stamp: str) -> dict[str, Any]:
    rows = []
    for n, (kind, first, second, query, current, _old) in enumerate(PAIRS):
        user = f"{stamp}-p{n}"
        a = _results(client.add(_turns(first), user_id=user))
        b = _results(client.add(_turns(second), user_id=user))
        firsts = [_status(rest, r["id"]) for r in a if r.get("id")]
        seconds = [_status(rest, r["id"]) for r in b if r.get("id")]
        top = [r.get("memory", "") for r in _results(client.search(query, filters={"user_id": user}, top_k=3))]
        ok, first_ok = _judge(kind, a, firsts, seconds, top, current)
        rows.append({"kind": kind, "first": first, "second": second, "ok": ok, "current_first": first_ok,
                     "first_kept": [r.get("memory") for r in a], "first_status": firsts,
                     "second_status": seconds, "second_kept": [r.get("memory") for r in b], "top": top})
    contra = [r for r in rows if r["kind"] == "contra"]
    compat = [r for r in rows if r["kind"] == "compat"]
    return {"contra_resolved": sum(r["ok"] for r in contra), "contra": len(contra),
            "compat_kept": sum(r["ok"] for r in compat), "compat": len(compat),
            "current_first": sum(r["current_first"] for r in rows), "pairs": len(rows), "rows": rows}


def show(report: dict[str, Any]) -> None:
    m, p = report["exchanges"], report["pairs"]
    for row in m["rows"]:
        if row["missed"] or row["wrong"] or (not row["facts"] and row["kept"]):
            print("ITEM", json.dumps({k: row[k] for k in ("turns", "missed", "wrong", "kept")}))
    for row in p["rows"]:
        if not row["ok"] or not row["current_first"]:
            print("PAIR", json.dumps({k: row[k] for k in ("kind", "first", "second", "ok", "current_first",
                                                            "first_kept", "first_status", "second_status",
                                                            "second_kept", "top")}))
    print(f"facts kept {m['facts_kept']}/{m['facts']}; junk {m['junk_items']}/{m['empty_items']} empty items "
          f"kept something; assistant kept as user {m['assistant_as_user']}/{len(m['rows'])}; contradictions "
          f"resolved {p['contra_resolved']}/{p['contra']}; compatible kept {p['compat_kept']}/{p['compat']}; "
          f"current first {p['current_first']}/{p['pairs']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pgdata", type=Path, help="a throwaway embedded data directory for a server of our own")
    parser.add_argument("--port", type=int, default=8012)
    parser.add_argument("--url", help="a running server instead (loopback), with --key")
    parser.add_argument("--key", help="its API key")
    parser.add_argument("--json", help="write the full per-item results here")
    args = parser.parse_args()
    if not args.url and not args.pgdata:
        sys.exit("give --pgdata, or --url and --key")
    from mem0 import MemoryClient

    with contextlib.ExitStack() as stack:
        if args.url:
            base, key = args.url.rstrip("/"), args.key
        else:
            base, key = stack.enter_context(locomo.own_server(args.pgdata, args.port, 1, False))
        client = MemoryClient(api_key=key, host=f"{base}/mem0")
        rest = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)
        stamp = f"ex{int(time.time())}"
        report = {"exchanges": run_exchanges(client, f"{stamp}-m"), "pairs": run_pairs(client, rest, stamp)}
    show(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
