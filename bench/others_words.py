"""Everyday messages, contradictions and traps in others' words, English and Chinese, through mem0's SDK, no key.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/others_words.py --pgdata /tmp/pg-NAME [--port 8014] [--json F]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/others_words.py --url http://127.0.0.1:8014 --key KEY

Starts a server of its own on a throwaway embedded data directory (``bench/locomo.py``'s ``own_server``)
unless ``--url``/``--key`` name a running one. Each message goes alone the way mem0's SDK sends it
(``add([{"role": "user", "content": …}], user_id=…)``, default infer), English and Chinese messages to two
users; each exchange (user and assistant turns) in one call; each pair to a user of its own. Reports facts kept,
compounds split (a message's facts in two or more memories), junk (a memory kept from a message that should keep
nothing), the assistant's words kept as the user's; per pair the first's statuses after the second
(``bench/everyday_en.py``'s rules: a contradiction is retired when one of the first's memories is no longer
active or the second waits in review; a trap holds when all stay active) and whether search ranks the current
value first (contradictions) or in the top 3 (traps). The set is in ``bench/others_words_set.py``.
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
from everyday_en import _results, _status
from others_words_set import EXCHANGES, MESSAGES, PAIRS


def has(memory: str, fact: str) -> bool:
    """Every word of ``fact`` (alternatives split by "|") is in ``memory``, lowercased."""
    low = memory.lower()
    return all(any(alt in low for alt in word.split("|")) for word in fact.lower().split())


def _where(mems: list[str], fact: str) -> int | None:
    return next((i for i, m in enumerate(mems) if has(m, fact)), None)


def run_messages(client: Any, stamp: str, messages: list[Any] | None = None) -> list[dict[str, Any]]:
    rows = []
    for lang, text, facts in MESSAGES if messages is None else messages:
        mems = [r.get("memory", "") for r in _results(client.add([{"role": "user", "content": text}],
                                                                  user_id=f"{stamp}-{lang}"))]
        at = {f: _where(mems, f) for f in facts}
        rows.append({"lang": lang, "msg": text, "facts": facts, "missed": [f for f in facts if at[f] is None],
                     "split": len({i for i in at.values() if i is not None}) >= 2, "kept": mems})
    return rows


def run_exchanges(client: Any, stamp: str, exchanges: list[Any] | None = None) -> list[dict[str, Any]]:
    rows = []
    for n, (lang, turns, facts, wrong) in enumerate(EXCHANGES if exchanges is None else exchanges):
        mems = [r.get("memory", "") for r in _results(client.add(turns, user_id=f"{stamp}-x{n}"))]
        rows.append({"lang": lang, "turns": [t["content"] for t in turns], "facts": facts,
                     "missed": [f for f in facts if _where(mems, f) is None],
                     "wrong": [m for m in mems if any(has(m, w) for w in wrong)], "kept": mems})
    return rows


def run_pairs(client: Any, rest: httpx.Client, stamp: str, pairs: list[Any] | None = None) -> list[dict[str, Any]]:
    rows = []
    for n, (lang, kind, first, second, query, current) in enumerate(PAIRS if pairs is None else pairs):
        user = f"{stamp}-p{n}"
        a = _results(client.add([{"role": "user", "content": first}], user_id=user))
        b = _results(client.add([{"role": "user", "content": second}], user_id=user))
        firsts = [_status(rest, r["id"]) for r in a if r.get("id")]
        seconds = [_status(rest, r["id"]) for r in b if r.get("id")]
        top = [r.get("memory", "") for r in _results(client.search(query, filters={"user_id": user}, top_k=3))]
        said_first = {r.get("memory", "") for r in a}
        if kind == "contra":
            ok = bool(firsts) and (any(s != "active" for s in firsts) or "pending" in seconds)
            found = bool(top) and has(top[0], current) and top[0] not in said_first
        else:
            ok = bool(firsts) and all(s == "active" for s in firsts)
            found = any(has(t, current) for t in top)
        rows.append({"lang": lang, "kind": kind, "first": first, "second": second, "ok": ok, "found": found,
                     "first_kept": [r.get("memory") for r in a], "first_status": firsts,
                     "second_kept": [r.get("memory") for r in b], "second_status": seconds, "top": top})
    return rows


def _exchange_ok(r: dict[str, Any]) -> bool:
    return not r["missed"] and not r["wrong"] and (bool(r["facts"]) or not r["kept"])


def _figures(m: list[dict[str, Any]], x: list[dict[str, Any]], p: list[dict[str, Any]]) -> dict[str, str]:
    with_facts = [r for r in m if r["facts"]]
    compounds = [r for r in with_facts if len(r["facts"]) >= 2]
    empty = [r for r in m if not r["facts"]]
    contra = [r for r in p if r["kind"] == "contra"]
    traps = [r for r in p if r["kind"] == "trap"]
    nfacts = sum(len(r["facts"]) for r in with_facts)
    return {
        "facts_kept": f"{nfacts - sum(len(r['missed']) for r in with_facts)}/{nfacts}",
        "compounds_split": f"{sum(r['split'] for r in compounds)}/{len(compounds)}",
        "junk_kept": f"{sum(bool(r['kept']) for r in empty)}/{len(empty)}",
        "exchanges_ok": f"{sum(_exchange_ok(r) for r in x)}/{len(x)}",
        "contra_retired": f"{sum(r['ok'] for r in contra)}/{len(contra)}",
        "contra_current_first": f"{sum(r['found'] for r in contra)}/{len(contra)}",
        "traps_held": f"{sum(r['ok'] for r in traps)}/{len(traps)}",
        "traps_found": f"{sum(r['found'] for r in traps)}/{len(traps)}",
    }


def summary(msgs: list[dict[str, Any]], exch: list[dict[str, Any]], prs: list[dict[str, Any]]) -> dict[str, Any]:
    return {lang: _figures([r for r in msgs if r["lang"] == lang], [r for r in exch if r["lang"] == lang],
                           [r for r in prs if r["lang"] == lang]) for lang in ("en", "zh")}


def show(msgs: list[dict[str, Any]], exch: list[dict[str, Any]], prs: list[dict[str, Any]]) -> None:
    for r in msgs:
        if r["missed"] or (not r["facts"] and r["kept"]) or (len(r["facts"]) >= 2 and not r["split"]):
            print("MSG ", json.dumps({k: r[k] for k in ("msg", "missed", "split", "kept")}, ensure_ascii=False))
    for r in exch:
        if r["missed"] or r["wrong"] or (not r["facts"] and r["kept"]):
            print("EXCH", json.dumps({k: r[k] for k in ("turns", "missed", "wrong", "kept")}, ensure_ascii=False))
    for r in prs:
        if not r["ok"] or not r["found"]:
            print("PAIR", json.dumps({k: r[k] for k in ("kind", "first", "second", "ok", "found", "first_kept",
                                                        "first_status", "second_kept", "second_status", "top")},
                                     ensure_ascii=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pgdata", type=Path, help="a throwaway embedded data directory for a server of our own")
    parser.add_argument("--port", type=int, default=8014)
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
        stamp = f"ow{int(time.time())}"
        msgs, exch, prs = run_messages(client, stamp), run_exchanges(client, stamp), run_pairs(client, rest, stamp)
    show(msgs, exch, prs)
    figures = summary(msgs, exch, prs)
    print(json.dumps(figures, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"figures": figures, "messages": msgs, "exchanges": exch,
                                               "pairs": prs}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
