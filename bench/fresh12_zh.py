"""A twelfth new hand's Chinese set (bench/fresh12_zh_set.py) through mem0's SDK and through sessions, no key.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh12_zh.py --pgdata /tmp/pg-NAME [--port 8012] [--json F]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh12_zh.py --url http://127.0.0.1:8012 --key KEY

Messages, mem0 exchanges and pairs go through ``bench/others_words.py``'s runner and scoring (facts kept,
compounds split, junk, exchanges, contradictions retired with the current value first, traps held and found).
Each of SESSIONS goes through ``POST /api/v1/sessions/{id}/messages`` (user and assistant turns) and ``/close``
(``bench/realchat.py``'s sender, which waits for the job), and is scored as an exchange: its facts kept, nothing
only the assistant said kept as the user's, nothing kept from a session with no facts. Each of CHAINS sends
three messages to one user (a value changed twice): it holds when something each of the first two kept is retired
(or the last waits in review), as ``run_pairs`` judges a contradiction; and search should rank the current value
first.
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

import fresh12_zh_set
import locomo
import others_words
import realchat


def run_sessions(http: httpx.Client, stamp: str) -> list[dict[str, Any]]:
    rows = []
    for n, (lang, turns, facts, wrong) in enumerate(fresh12_zh_set.SESSIONS):
        pairs = [(t["role"], t["content"]) for t in turns]
        mems = [m["memory"] for m in realchat._send_rest(http, f"{stamp}-s{n}", "s", None, pairs)]
        rows.append({"lang": lang, "turns": [t["content"] for t in turns], "facts": facts,
                     "missed": [f for f in facts if others_words._where(mems, f) is None],
                     "wrong": [m for m in mems if any(others_words.has(m, w) for w in wrong)], "kept": mems})
    return rows


def run_chains(client: Any, rest: httpx.Client, stamp: str) -> list[dict[str, Any]]:
    rows = []
    for n, (lang, msgs, query, current) in enumerate(fresh12_zh_set.CHAINS):
        user = f"{stamp}-c{n}"
        sent = [others_words._results(client.add([{"role": "user", "content": m}], user_id=user)) for m in msgs]
        status = [[others_words._status(rest, r["id"]) for r in a if r.get("id")] for a in sent]
        top = [r.get("memory", "") for r in others_words._results(client.search(query, filters={"user_id": user},
                                                                                 top_k=3))]
        earlier = {r.get("memory", "") for a in sent[:-1] for r in a}
        ok = all(s and (any(x != "active" for x in s) or "pending" in status[-1]) for s in status[:-1])
        found = bool(top) and others_words.has(top[0], current) and top[0] not in earlier
        rows.append({"lang": lang, "msgs": msgs, "ok": ok, "found": found, "status": status,
                     "kept": [[r.get("memory") for r in a] for a in sent], "top": top})
    return rows


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
        rest = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=120)
        stamp = f"f12z{int(time.time())}"
        msgs = others_words.run_messages(client, stamp, fresh12_zh_set.MESSAGES)
        exch = others_words.run_exchanges(client, stamp, fresh12_zh_set.EXCHANGES)
        sess = run_sessions(rest, stamp)
        prs = others_words.run_pairs(client, rest, stamp, fresh12_zh_set.PAIRS)
        chains = run_chains(client, rest, stamp)
    others_words.show(msgs, exch + sess, prs)
    for r in chains:
        if not r["ok"] or not r["found"]:
            print("CHAIN", json.dumps({k: r[k] for k in ("msgs", "status", "kept", "top")}, ensure_ascii=False))
    figures = others_words.summary(msgs, exch, prs)["zh"]
    figures["sessions_ok"] = f"{sum(others_words._exchange_ok(r) for r in sess)}/{len(sess)}"
    figures["chains_retired"] = f"{sum(r['ok'] for r in chains)}/{len(chains)}"
    figures["chains_current_first"] = f"{sum(r['found'] for r in chains)}/{len(chains)}"
    print(json.dumps(figures, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"figures": figures, "messages": msgs, "exchanges": exch,
                                               "sessions": sess, "pairs": prs, "chains": chains},
                                              indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
