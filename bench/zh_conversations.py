"""Chinese conversations between two people through the sessions API: what is extracted, and is it recalled?

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/zh_conversations.py [--pgdata /tmp/pg-zhconv] [--port 0]
        [--json figures.json] [--out everything.json] [--skip-raw]

Reads ``bench/zh_conversations_set.py`` (six conversations, 3 dated sessions each, gold facts, questions). Starts
its own server on a throwaway embedded data directory with ``ANTHROPIC_API_KEY`` empty (the offline extractor), as
bench/extraction_locomo.py does, and sends each session of each conversation as one session
(``zc-<conversation>-s<n>``, scope ``user/zc-<conversation>``): its turns in one ``POST /sessions/{id}/messages``
(a named speaker's turns with their ``name``; an assistant's with role ``assistant``; ``created_at`` = the
session's time + the turn's position in minutes), then ``POST /sessions/{id}/close``; it waits for every job and
reads the memories back (each names its turns in ``metadata.extraction.turns``).

1. **Coverage**: a gold fact is covered when one memory extracted from its session holds each of its term groups
   (alternatives joined by ``|``; the person it is about is one group: a fact bound to nobody is not covered).
2. **Junk**: every memory is written, one a line with its turns, to ``<out>.memories.txt``, to be judged by hand
   under docs/extraction.md's rule; the bench counts nothing as junk.
3. **QA recall**: every question with evidence (``POST /memories/search``, k=10, ``floor`` off): R@5 / R@10 = the
   share of its evidence turns that a returned memory came from; the same against the raw turns (one memory per
   turn, ``"<speaker>: <text>"``, ``source_session`` and the turn id in ``metadata``, scope ``user/zcraw-<id>``).
   Per kind: single (one evidence turn), multi (several), temporal (with ``dates``), current (with ``old``), en.
   **Temporal resolved**: of the temporal questions, the share where a returned memory from an evidence turn
   carries one of the question's dates (``2026年4月15日`` / ``2026年4月`` in its content, or its ``valid_from``).
   **Current**: of the "current value" questions, the share where a memory of the old value is still returned
   above the first memory of the new one (lower is better).
   **Abstention**: questions nothing answers; with the default floor, the share answered with no result at all.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from locomo import Api, free_port, own_server  # noqa: E402
from zh_conversations_set import CONVERSATIONS  # noqa: E402

SEARCH = "/api/v1/memories/search"


def session_turns(conv: dict[str, Any], n: int) -> tuple[dt.datetime, list[tuple[str, str]]]:
    began, turns = conv["sessions"][n - 1]
    return dt.datetime.fromisoformat(began), turns


def send(api: Api, conv: dict[str, Any], scope: str) -> list[str]:
    jobs = []
    for n in range(1, len(conv["sessions"]) + 1):
        began, turns = session_turns(conv, n)
        messages = []
        for i, (speaker, text) in enumerate(turns):
            role = conv["speakers"][speaker]
            message = {"role": role, "content": text, "created_at": (began + dt.timedelta(minutes=i)).isoformat()}
            if role == "user":
                message["name"] = speaker
            messages.append(message)
        key = f"zc-{conv['id']}-s{n}"
        answer, _ = api.post(f"/api/v1/sessions/{key}/messages", {"scope": scope, "messages": messages}, expect=202)
        if answer.get("job"):
            jobs.append(answer["job"])
        closed, _ = api.post(f"/api/v1/sessions/{key}/close?scope={scope}", {}, expect=202)
        jobs.append(closed["job"])
    return jobs


def wait_jobs(api: Api, jobs: list[str]) -> Counter[str]:
    states: Counter[str] = Counter()
    for job_id in dict.fromkeys(jobs):
        while True:
            job = api.client.get(f"/api/v1/jobs/{job_id}").json()
            if job["status"] in ("succeeded", "failed", "cancelled"):
                states[job["status"]] += 1
                break
            time.sleep(0.3)
    return states


def read_memories(api: Api, scope: str) -> list[dict[str, Any]]:
    found, cursor = [], None
    while True:
        params: dict[str, Any] = {"scope": scope, "limit": 200, **({"cursor": cursor} if cursor else {})}
        page = api.client.get("/api/v1/memories", params=params).json()
        found += page["results"]
        cursor = page.get("next")
        if not cursor:
            return found


def turn_ids(memory: dict[str, Any]) -> list[str]:
    """The turn ids (``D<s>:<t>``) a memory came from: its session and ``metadata.extraction.turns``, or (raw) its
    ``metadata.dia``."""
    meta = memory.get("metadata") or {}
    if "dia" in meta:
        return [meta["dia"]]
    session = (memory.get("source_session") or "").rsplit("-s", 1)[-1]
    return [f"D{session}:{seq}" for seq in meta.get("extraction", {}).get("turns", [])]


def covered(fact: tuple[int, str, list[str]], memories: list[dict[str, Any]], conv_id: str) -> bool:
    n, _, groups = fact
    own = [m["content"] for m in memories if m.get("source_session") == f"zc-{conv_id}-s{n}"]
    return any(all(any(alt in text for alt in group.split("|")) for group in groups) for text in own)


def date_forms(day: str) -> list[str]:
    parts = [int(p) for p in day.split("-")]
    if len(parts) == 2:
        return [f"{parts[0]}年{parts[1]}月"]
    return [f"{parts[0]}年{parts[1]}月{parts[2]}日"]


def carries_date(memory: dict[str, Any], days: list[str]) -> bool:
    valid_from = (memory.get("valid_from") or "")[:10]
    return any(form in memory["content"] for d in days for form in date_forms(d)) or any(
        valid_from.startswith(d) for d in days)


def ask(api: Api, conv: dict[str, Any], scope: str) -> list[dict[str, Any]]:
    records = []
    for question, evidence, extra in conv["questions"]:
        if not evidence:
            answer, _ = api.post(SEARCH, {"query": question, "scope": scope, "k": 10})
            records.append({"question": question, "kind": "abstention", "empty": not answer["results"],
                            "top": [h["memory"]["content"] for h in answer["results"][:3]]})
            continue
        answer, _ = api.post(SEARCH, {"query": question, "scope": scope, "k": 10, "floor": False})
        hits = [h["memory"] for h in answer["results"]]
        got = [set(turn_ids(m)) for m in hits]
        wanted = set(evidence)
        record: dict[str, Any] = {
            "question": question, "evidence": evidence,
            "R@5": len(wanted & set().union(*got[:5])) / len(wanted),
            "R@10": len(wanted & set().union(*got[:10])) / len(wanted),
            "kinds": ["multi" if len(evidence) > 1 else "single"] + [
                k for k, key in (("temporal", "dates"), ("current", "old"), ("en", "lang")) if key in extra],
            "top": [f"{'/'.join(sorted(g))} {m['content']}" for g, m in zip(got[:5], hits[:5], strict=True)]}
        if "dates" in extra:
            record["date_resolved"] = any(carries_date(m, extra["dates"]) for g, m in zip(got, hits, strict=True)
                                          if g & wanted)
        if "old" in extra:
            first_new = next((i for i, g in enumerate(got) if g & wanted), len(got))
            record["stale_above"] = any(g & set(extra["old"]) for g in got[:first_new])
        records.append(record)
    return records


def raw_ingest(api: Api, conv: dict[str, Any], scope: str) -> None:
    items = []
    for n in range(1, len(conv["sessions"]) + 1):
        began, turns = session_turns(conv, n)
        for i, (speaker, text) in enumerate(turns, start=1):
            items.append({"scope": scope, "content": f"{speaker}: {text}", "type": "fact",
                          "source_session": f"zcraw-{conv['id']}-s{n}", "metadata": {"dia": f"D{n}:{i}"},
                          "valid_from": began.isoformat()})
    api.post("/api/v1/memories", items, expect=201)


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    def mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else float("nan")

    asked = [r for r in records if r.get("kind") != "abstention"]
    out: dict[str, Any] = {"questions": len(asked), "R@5": mean([r["R@5"] for r in asked]),
                           "R@10": mean([r["R@10"] for r in asked])}
    for kind in ("single", "multi", "temporal", "current", "en"):
        group = [r["R@10"] for r in asked if kind in r["kinds"]]
        out[f"R@10 {kind}"] = mean(group)
        out[f"n {kind}"] = len(group)
    dated = [r["date_resolved"] for r in asked if "date_resolved" in r]
    out["temporal resolved"] = mean([float(x) for x in dated])
    stale = [r["stale_above"] for r in asked if "stale_above" in r]
    out["current: old value above new"] = mean([float(x) for x in stale])
    abstained = [r["empty"] for r in records if r.get("kind") == "abstention"]
    out["abstention empty"] = mean([float(x) for x in abstained])
    return out


def one_conversation(api: Api, conv: dict[str, Any], result: dict[str, Any], ext_records: list[dict[str, Any]],
                     raw_records: list[dict[str, Any]], skip_raw: bool) -> list[str]:
    """One conversation's memories read back, its coverage, its questions (and the raw baseline's); the lines of
    its memories to judge."""
    memories = read_memories(api, f"user/zc-{conv['id']}")
    result["memories"][conv["id"]] = [{k: m.get(k) for k in ("content", "type", "status", "valid_from",
                                                             "source_session")} | {"turns": turn_ids(m)}
                                      for m in memories]
    lines = [f"## {conv['id']}"]
    lines += [f"{'/'.join(turn_ids(m))} [{m['type']}{'' if m['status'] == 'active' else ' ' + m['status']}] "
              f"{m['content']}" for m in sorted(memories, key=lambda m: (m.get("source_session") or "",
                                                                          turn_ids(m)))]
    good = [covered(f, memories, conv["id"]) for f in conv["facts"]]
    result["coverage"][conv["id"]] = f"{sum(good)}/{len(good)}"
    result["uncovered"] += [f"{conv['id']} s{f[0]}: {f[1]}" for f, ok in zip(conv["facts"], good, strict=True)
                            if not ok]
    ext_records += ask(api, conv, f"user/zc-{conv['id']}")
    if not skip_raw:
        raw_ingest(api, conv, f"user/zcraw-{conv['id']}")
        raw_records += ask(api, conv, f"user/zcraw-{conv['id']}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-zhconv"))
    parser.add_argument("--port", type=int, default=0, help="0: a free port")
    parser.add_argument("--json", type=Path, default=None, help="the figures alone")
    parser.add_argument("--out", type=Path, default=Path("/tmp/zh-conversations.json"), help="everything")
    parser.add_argument("--skip-raw", action="store_true", help="no raw-turn baseline")
    args = parser.parse_args()
    os.environ["ANTHROPIC_API_KEY"] = ""
    result: dict[str, Any] = {"memories": {}, "coverage": {}, "uncovered": [], "records": {}}
    ext_records: list[dict[str, Any]] = []
    raw_records: list[dict[str, Any]] = []
    with own_server(args.pgdata, args.port or free_port(), 2, keep_data=False) as (base, key):
        api = Api(base, key)
        jobs = []
        for conv in CONVERSATIONS:
            jobs += send(api, conv, f"user/zc-{conv['id']}")
        result["jobs"] = dict(wait_jobs(api, jobs))
        lines: list[str] = []
        for conv in CONVERSATIONS:
            lines += one_conversation(api, conv, result, ext_records, raw_records, args.skip_raw)
        api.close()
    turns = sum(len(s[1]) for c in CONVERSATIONS for s in c["sessions"])
    hit = sum(int(v.split("/")[0]) for v in result["coverage"].values())
    total = sum(int(v.split("/")[1]) for v in result["coverage"].values())
    count = sum(len(v) for v in result["memories"].values())
    figures = {"turns": turns, "memories": count, "memories_per_turn": count / turns,
               "coverage": hit / total, "facts": total, "covered": hit,
               "extracted": summarise(ext_records), "raw_turns": summarise(raw_records) if raw_records else {}}
    result["records"] = {"extracted": ext_records, "raw_turns": raw_records}
    result["figures"] = figures
    args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    listing = args.out.with_suffix(".memories.txt")
    listing.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1, ensure_ascii=False), encoding="utf-8")
    print(json.dumps(figures, indent=1, ensure_ascii=False))
    print(f"written: {args.out}; memories to judge: {listing}")
    misses = defaultdict(list)
    for r in ext_records:
        if r.get("kind") != "abstention" and r["R@10"] < 1:
            misses[r["R@10"]].append(r["question"])
    print("missed (extracted):", sum(len(v) for v in misses.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
