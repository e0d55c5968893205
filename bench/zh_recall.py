"""The Chinese development set through the REST API, as plain content: is each question's evidence recalled?

    .venv/bin/python bench/zh_memory_set.py                       # (re)writes bench/eval/zh-dev.json
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/zh_recall.py [--out result.json] [--json figures.json]
        [--pgdata /tmp/pg-zhdev]
        [--port 0] [--web-workers 2] [--batch 100] [--keep-data]
    .venv/bin/python bench/zh_recall.py --url http://127.0.0.1:8000 --key mn_… [--scope user/zh-dev]

Reads ``bench/eval/zh-dev.json`` (``bench/zh_memory_set.py`` writes it). The server is started and stopped as in
``bench/locomo.py`` (its ``own_server``: a throwaway embedded data directory, ``migrate``, ``demo_data`` for a key,
``server.runtime.supervise``), or a running one is used with ``--url``/``--key`` (loopback only; the scope must
be empty). Everything goes through HTTP, nothing in-process.

1. Write. Every message, in the set's (time) order, becomes one memory in ONE scope (all users pooled), as a
   client that sends content only would save it: ``{"scope", "content"}`` and nothing else (no ``subject``,
   ``source_session``, ``valid_from``, ``type``), POST /api/v1/memories in batches of ``--batch``. The answers'
   resolutions are counted; then every memory of the scope is listed (GET /api/v1/memories) for its status
   after the whole write: the share of written memories still live (``active``), and the counts of ``pending``,
   ``conflicted`` and ``deprecated`` ones (over distinct memories: a ``duplicate`` answers with the memory already
   stored), also split by the role (user or assistant) of the messages a memory holds; the share of evidence
   messages whose memory is live; the questions with all their evidence live.
2. Search. Every question: POST /api/v1/memories/search with k=10 and the defaults, and with k=10 and
   ``"floor": false``. Per question: ``all`` = 1 when every evidence memory is in the top 10, ``recall`` = the
   share of its evidence memories in the top 10. R@10 (all) and R@10 (per evidence) are their means, overall and
   per shape (lookup, kin, compound, chatty, comparison, temporal, latest); MRR of the first evidence memory.

Prints a short table; ``--out`` writes everything (per question the message ids each list returned) as JSON,
``--json`` the figures alone (``bench/runs/zh_recall.json``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import locomo  # noqa: E402  (the server and client helpers)

DATA = ROOT / "bench" / "eval" / "zh-dev.json"
SHAPES = ["lookup", "kin", "compound", "chatty", "comparison", "temporal", "latest"]
KINDS = {"default k=10": True, "floor off k=10": False}


def write_all(api: locomo.Api, scope: str, messages: list[dict[str, Any]], batch: int,
              action_of: dict[str, str]) -> tuple[dict[str, str], Counter[str]]:
    """Save every message as plain content; the memory id of each message id, and the resolutions (also per
    message, into ``action_of``)."""
    memory_of: dict[str, str] = {}
    resolutions: Counter[str] = Counter()
    for start in range(0, len(messages), batch):
        chunk = messages[start : start + batch]
        saved, _ = api.post("/api/v1/memories", [{"scope": scope, "content": m["content"]} for m in chunk], expect=201)
        for message, memory in zip(chunk, saved, strict=True):
            memory_of[message["id"]] = memory["id"]
            resolutions[memory["resolution"]["action"]] += 1
            action_of[message["id"]] = memory["resolution"]["action"]
        if (start // batch) % 5 == 4:
            print(f"  written {start + len(chunk)}/{len(messages)}", flush=True)
    return memory_of, resolutions


def statuses(api: locomo.Api, scope: str) -> dict[str, str]:
    """Every memory of the scope (every status) → its status now."""
    found: dict[str, str] = {}
    params: dict[str, Any] = {"scope": scope, "limit": 200}
    while True:
        response = api.client.get("/api/v1/memories", params=params)
        response.raise_for_status()
        page = response.json()
        found.update({m["id"]: m["status"] for m in page["results"]})
        if not page["next"]:
            return found
        params["cursor"] = page["next"]


def liveness(memory_of: dict[str, str], status: dict[str, str], questions: list[dict[str, Any]],
             messages: list[dict[str, Any]]) -> dict[str, Any]:
    written = set(memory_of.values())
    counts = Counter(status.get(pk, "missing") for pk in written)
    evidence = {e for q in questions for e in q["evidence"]}
    not_live = sorted(e for e in evidence if status.get(memory_of[e]) != "active")
    by_role: dict[str, dict[str, int]] = {}
    for role in ("user", "assistant"):
        mine = {memory_of[m["id"]] for m in messages if m["role"] == role}
        by_role[role] = dict(Counter(status.get(pk, "missing") for pk in mine))
    return {"messages": len(memory_of), "distinct_memories": len(written), "statuses": dict(counts),
            "share_live": counts["active"] / len(written),
            "messages_live": sum(1 for pk in memory_of.values() if status.get(pk) == "active") / len(memory_of),
            "statuses_by_role": by_role, "evidence_messages": len(evidence), "evidence_not_live": not_live,
            "evidence_live": 1 - len(not_live) / len(evidence),
            "questions_all_evidence_live": sum(1 for q in questions
                                               if all(status.get(memory_of[e]) == "active" for e in q["evidence"]))}


def search_all(api: locomo.Api, scope: str, questions: list[dict[str, Any]], memory_of: dict[str, str],
               times: dict[str, list[float]]) -> list[dict[str, Any]]:
    messages_of: dict[str, list[str]] = {}
    for mid, pk in memory_of.items():
        messages_of.setdefault(pk, []).append(mid)
    records = []
    for q in questions:
        evidence = {memory_of[e] for e in q["evidence"]}
        record: dict[str, Any] = {k: q[k] for k in ("id", "user", "shape", "question", "evidence", "answer")}
        for kind, floor in KINDS.items():
            answer, ms = api.post(locomo.SEARCH, locomo.recall_body(q["question"], scope, floor=floor, k=10))
            times[kind].append(ms)
            ids = [hit["memory"]["id"] for hit in answer["results"]]
            got = evidence & set(ids[:10])
            record[kind] = {"n": len(ids), "messages": [messages_of.get(pk, ["?"])[0] for pk in ids],
                            "all": float(got == evidence), "recall": len(got) / len(evidence),
                            "MRR": locomo.reciprocal_rank(ids, evidence)}
        records.append(record)
    return records


def summary(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    groups = {shape: [r for r in records if r["shape"] == shape] for shape in SHAPES}
    groups["all"] = records
    table: dict[str, dict[str, Any]] = {}
    for name, group in groups.items():
        row: dict[str, Any] = {"questions": len(group)}
        for kind in KINDS:
            for metric in ("all", "recall", "MRR", "n"):
                row[f"{kind} {metric}"] = locomo.mean([r[kind][metric] for r in group])
        table[name] = row
    return table


def show(result: dict[str, Any]) -> None:
    live = result["liveness"]
    print(f"\nzh-dev: {live['messages']} messages written as plain content into one scope in "
          f"{result['write_seconds']:.0f} s; resolutions {result['resolutions']}")
    print(f"after writing: {live['distinct_memories']} distinct memories, statuses {live['statuses']}, "
          f"live {live['share_live']:.3f} (messages whose memory is live {live['messages_live']:.3f}); "
          f"evidence messages live {live['evidence_live']:.3f} (not live {len(live['evidence_not_live'])}/"
          f"{live['evidence_messages']}); questions "
          f"with all evidence live {live['questions_all_evidence_live']}/{result['questions']}")
    print("distinct memories by the role of the messages they hold: " + "; ".join(
        f"{role} {counts}" for role, counts in live["statuses_by_role"].items()))
    d, f = "default k=10", "floor off k=10"
    head = (f"{'shape':<11}{'n':>5} | {'R@10 all':>8} {'per ev.':>7} {'MRR':>6} {'hits':>5} | "
            f"{'floor off: all':>14} {'per ev.':>7}")
    print(head)
    print("-" * len(head))
    for name, row in result["summary"].items():
        print(f"{name:<11}{row['questions']:>5} | {row[f'{d} all']:>8.3f} {row[f'{d} recall']:>7.3f} "
              f"{row[f'{d} MRR']:>6.3f} {row[f'{d} n']:>5.1f} | {row[f'{f} all']:>14.3f} {row[f'{f} recall']:>7.3f}")
    print("latency, client-side ms p50/p95: " + "; ".join(
        f"{kind} {v['p50_ms']:.1f}/{v['p95_ms']:.1f}" for kind, v in result["latency"].items()))


def figures(result: dict[str, Any]) -> dict[str, Any]:
    """The result without its per-question lists and per-message statuses (small enough to commit)."""
    small = {k: v for k, v in result.items() if k not in ("records", "messages")}
    small["liveness"] = {k: v for k, v in result["liveness"].items() if k != "evidence_not_live"}
    small["command"] = "XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/zh_recall.py --json bench/runs/zh_recall.json"
    return small


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, help="write the results (and every question's lists) as JSON")
    parser.add_argument("--json", type=Path, help="write the figures only (no per-question lists) as JSON, e.g. "
                        "bench/runs/zh_recall.json")
    parser.add_argument("--url", help="use this running server (loopback only) instead of starting one")
    parser.add_argument("--key", help="its API key (with --url)")
    parser.add_argument("--scope", default="user/zh-dev")
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-zhdev"),
                        help="the throwaway data directory of the server this bench starts")
    parser.add_argument("--keep-data", action="store_true", help="do not delete --pgdata afterwards")
    parser.add_argument("--port", type=int, default=0, help="0: a free loopback port")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=100, help="memories per POST /api/v1/memories (≤ 500)")
    args = parser.parse_args()
    if not 1 <= args.batch <= 500:
        sys.exit("--batch: 1-500")
    if args.url and not args.key:
        sys.exit("--url needs --key")
    if args.url and urlsplit(args.url).hostname not in locomo.LOOPBACK:
        sys.exit("loopback addresses only")
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, lambda signum, frame: sys.exit(128 + signum))
    data = json.loads(args.data.read_text(encoding="utf-8"))
    messages, questions = data["messages"], data["questions"]
    print(f"{len(messages)} messages, {len(questions)} questions {dict(Counter(q['shape'] for q in questions))}")
    started, load_before = time.monotonic(), os.getloadavg()
    with contextlib.ExitStack() as stack:
        if args.url:
            base, key = args.url.rstrip("/"), args.key
        else:
            base, key = stack.enter_context(locomo.own_server(args.pgdata, args.port or locomo.free_port(),
                                                              args.web_workers, args.keep_data))
            print(f"server ready at {base} ({time.monotonic() - started:.0f} s)")
        api = locomo.Api(base, key)
        stack.callback(api.close)
        if not api.scope_is_empty(args.scope):
            sys.exit(f"{args.scope} already holds memories: choose another --scope")
        began = time.monotonic()
        action_of: dict[str, str] = {}
        memory_of, resolutions = write_all(api, args.scope, messages, args.batch, action_of)
        write_seconds = time.monotonic() - began
        status = statuses(api, args.scope)
        live = liveness(memory_of, status, questions, messages)
        times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        records = search_all(api, args.scope, questions, memory_of, times)
        health = api.health()
    result: dict[str, Any] = {
        "data": str(args.data), "seed": data.get("seed"), "questions": len(questions), "scope": args.scope,
        "resolutions": dict(resolutions), "write_seconds": write_seconds, "liveness": live,
        "summary": summary(records), "latency": {kind: locomo.latency(v) for kind, v in times.items()},
        "revision": locomo.git_revision(), "embedding_model": health.get("embedding_model"),
        "server": args.url or "own (bench/zh_recall.py)", "wall_seconds": time.monotonic() - started,
        "load_before": load_before, "load_after": os.getloadavg(), "records": records,
        "messages": {mid: {"memory": pk, "action": action_of[mid], "status": status.get(pk, "missing")}
                     for mid, pk in memory_of.items()}}
    show(result)
    print(f"wall {result['wall_seconds']:.0f} s; load average {load_before[0]:.1f} before, "
          f"{result['load_after'][0]:.1f} after; median search {statistics.median(times['default k=10']):.0f} ms")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written {args.out}")
    if args.json:
        args.json.write_text(json.dumps(figures(result), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
