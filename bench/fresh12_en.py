"""A twelfth fresh English set (bench/fresh12_en_set.py): mem0's SDK shape and sessions, no Anthropic key.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh12_en.py --pgdata /tmp/pg-NAME [--port 8011] [--json F]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/fresh12_en.py --url http://127.0.0.1:8011 --key KEY

Messages, contradictions and traps go through ``bench/others_words.py``'s measures (facts kept, compounds split,
junk kept, contradictions retired and current value first, traps held and found); each exchange (user and
assistant turns) goes in ONE mem0 ``add`` of several messages, its facts kept and none of the assistant's words.
Each session (user and
assistant turns) goes in one ``POST /api/v1/sessions/{id}/messages``, then ``/close``; the bench waits for the
jobs and reads the scope's memories back (``GET /api/v1/memories``): its facts kept, nothing kept from a session
that says nothing, and none of the assistant's words (``wrong``) kept. Each chain (a value changed twice or
more) goes message by message to one user: every earlier message's memories must be retired (or the next one wait
in review), the last one's stay active, and search must rank the current value first.
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
import others_words as ow
from everyday_en import _results, _status
from fresh12_en_set import CHAINS, CONTRADICTIONS, EXCHANGES, FACTS, JUNK, SESSIONS, TRAPS


def as_others() -> tuple[list[Any], list[Any], list[Any]]:
    """The set's messages, exchanges and pairs in others_words.py's shapes."""
    messages: list[Any] = [("en", text, facts) for text, facts in FACTS] + [("en", text, []) for text in JUNK]
    pairs: list[Any] = [("en", "contra", a, b, q, cur) for a, b, q, cur, _old in CONTRADICTIONS]
    pairs += [("en", "trap", a, b, q, cur) for a, b, q, cur, _other in TRAPS]
    exchanges: list[Any] = [("en", [{"role": r, "content": c} for r, c in turns], facts, wrong)
                            for turns, facts, wrong in EXCHANGES]
    return messages, exchanges, pairs


def _wait(rest: httpx.Client, job: str) -> None:
    while rest.get(f"/api/v1/jobs/{job}").json()["status"] not in ("succeeded", "failed", "cancelled"):
        time.sleep(0.3)


def run_sessions(rest: httpx.Client, stamp: str, sessions: list[Any] | None = None) -> list[dict[str, Any]]:
    rows = []
    for n, (turns, facts, wrong) in enumerate(SESSIONS if sessions is None else sessions):
        scope, key = f"user/{stamp}-s{n}", f"{stamp}-s{n}"
        body = {"scope": scope, "messages": [{"role": r, "content": c} for r, c in turns]}
        jobs = [rest.post(f"/api/v1/sessions/{key}/messages", json=body).json().get("job")]
        jobs.append(rest.post(f"/api/v1/sessions/{key}/close", params={"scope": scope}, json={}).json().get("job"))
        for job in dict.fromkeys(j for j in jobs if j):
            _wait(rest, job)
        mems = [m["content"] for m in rest.get("/api/v1/memories", params={"scope": scope, "limit": 200}
                                               ).json()["results"]]
        rows.append({"turns": [c for _r, c in turns], "facts": facts,
                     "missed": [f for f in facts if not any(ow.has(m, f) for m in mems)],
                     "wrong": [m for m in mems if any(ow.has(m, w) for w in wrong)], "kept": mems})
    return rows


def run_chains(client: Any, rest: httpx.Client, stamp: str) -> list[dict[str, Any]]:
    rows = []
    for n, (messages, query, current, _olds) in enumerate(CHAINS):
        user = f"{stamp}-c{n}"
        kept = [_results(client.add([{"role": "user", "content": m}], user_id=user)) for m in messages]
        status = [[_status(rest, r["id"]) for r in step if r.get("id")] for step in kept]
        retired = all(bool(status[i]) and (any(s != "active" for s in status[i]) or "pending" in status[i + 1])
                      for i in range(len(messages) - 1))
        last_live = bool(status[-1]) and all(s in ("active", "pending") for s in status[-1])
        top = [r.get("memory", "") for r in _results(client.search(query, filters={"user_id": user}, top_k=3))]
        earlier = {r.get("memory", "") for step in kept[:-1] for r in step}
        rows.append({"messages": messages, "ok": retired and last_live,
                     "found": bool(top) and ow.has(top[0], current) and top[0] not in earlier,
                     "kept": [[r.get("memory") for r in step] for step in kept], "status": status, "top": top})
    return rows


def report(figures: dict[str, str], sess: list[dict[str, Any]], chains: list[dict[str, Any]]) -> dict[str, str]:
    """The sessions and chains that failed, printed; the figures with theirs added."""
    for r in sess:
        if r["missed"] or r["wrong"] or (not r["facts"] and r["kept"]):
            print("SESS", json.dumps({k: r[k] for k in ("turns", "missed", "wrong", "kept")}))
    for r in chains:
        if not r["ok"] or not r["found"]:
            print("CHAIN", json.dumps({k: r[k] for k in ("messages", "kept", "status", "top")}))
    nfacts = sum(len(r["facts"]) for r in sess)
    figures["session_facts_kept"] = f"{nfacts - sum(len(r['missed']) for r in sess)}/{nfacts}"
    clean = sum(not r["wrong"] and (bool(r["facts"]) or not r["kept"]) for r in sess)
    figures["sessions_clean"] = f"{clean}/{len(sess)}"
    figures["chains_retired"] = f"{sum(r['ok'] for r in chains)}/{len(chains)}"
    figures["chains_current_first"] = f"{sum(r['found'] for r in chains)}/{len(chains)}"
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pgdata", type=Path, help="a throwaway embedded data directory for a server of our own")
    parser.add_argument("--port", type=int, default=8011)
    parser.add_argument("--url", help="a running server instead (loopback), with --key")
    parser.add_argument("--key", help="its API key")
    parser.add_argument("--json", help="write the full per-item results here")
    args = parser.parse_args()
    if not args.url and not args.pgdata:
        sys.exit("give --pgdata, or --url and --key")
    from mem0 import MemoryClient

    messages, exchanges, pairs = as_others()
    with contextlib.ExitStack() as stack:
        if args.url:
            base, key = args.url.rstrip("/"), args.key
        else:
            base, key = stack.enter_context(locomo.own_server(args.pgdata, args.port, 1, False))
        client = MemoryClient(api_key=key, host=f"{base}/mem0")
        rest = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)
        stamp = f"f12e{int(time.time())}"
        msgs = ow.run_messages(client, stamp, messages)
        exch = ow.run_exchanges(client, stamp, exchanges)
        sess = run_sessions(rest, stamp)
        prs = ow.run_pairs(client, rest, stamp, pairs)
        chains = run_chains(client, rest, stamp)
    ow.show(msgs, exch, prs)
    figures = report(ow.summary(msgs, exch, prs)["en"], sess, chains)
    print(json.dumps(figures, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"figures": figures, "messages": msgs, "exchanges": exch,
                                               "sessions": sess,
                                               "pairs": prs, "chains": chains}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
