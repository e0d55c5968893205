"""LoCoMo through the REST API: is the evidence of a question about a long, real conversation recalled?

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/locomo.py [--conversations N] [--out result.json]
        [--pgdata /tmp/pg-locomo] [--port 0] [--web-workers 2] [--batch 500] [--context-sample 0] [--seed 24]
        [--plain]
    .venv/bin/python bench/locomo.py --url http://127.0.0.1:8000 --key mn_… [--scope-prefix user/locomo-]

Reads ``../shared/data/locomo-dev.json`` (the development half of LoCoMo, CC BY-NC 4.0: read from there, never
copied; format in ``../shared/data/README.md``).

Server. Without ``--url``, the bench starts its own, as ``make run`` does, against a throwaway embedded data
directory (``--pgdata``, deleted first and afterwards unless ``--keep-data``; never the project's ``.pgdata``):
``manage.py migrate``, ``manage.py demo_data --banner`` (for an API key), then
``python -m server.runtime.supervise --host 127.0.0.1 --port <free> --web-workers 2``, ready once ``GET /readyz``
has said "ready" from every web process; it is stopped with SIGINT to its process group at the end (its log is
``<pgdata>-supervisor.log``). With ``--url``/``--key`` a running server is used (loopback only); the scopes must be
empty.

What is measured, all client-side through the API:

1. Import. Every turn of every conversation becomes one memory, as an agent importing its history would save it:
   content ``"<speaker>: <text>"``, ``subject`` = the speaker, ``source_session`` = ``<sample_id>/session_<n>``,
   ``valid_from`` = the session's date-time + the turn's position in the session in seconds, type ``fact``, one
   scope per conversation (``<scope-prefix><sample_id>``), POST /api/v1/memories in batches of ``--batch`` (≤ 500).
   With ``--plain`` the content alone (what most clients send), each session one request.
   The answer's ids (in input order) say which memory each dialogue id (``D1:3``) became; the resolutions are
   counted (a ``duplicate`` answers with the memory already stored, ``superseded`` retires the earlier one, and
   ``pending`` is not recalled: such evidence turns are counted).
2. Search. For every question of categories 1–4 with evidence (category 5, adversarial, has no answer in the
   conversation and is skipped; evidence ids are normalised, ``D:11:26`` → ``D11:26``, and ids of no turn dropped):
   POST /api/v1/memories/search with k=10 and the defaults, with k=10 and ``"floor": false``, and with k=20 and
   ``"floor": false``. R@k = share of the question's evidence memories in the top k, averaged over the questions;
   MRR = 1 / rank of the first evidence memory in the top 10 (0 if none); per category and overall; the number of
   results with the defaults; latency p50/p95 per kind of request.
3. Context. POST /api/v1/context (the tenant's token budget) with the defaults and with ``"floor": false`` for
   every question (or a seeded sample of ``--context-sample``): the questions whose block holds at least one
   evidence turn's memory (``items``), and the items per block.
4. Unrelated questions. ``PROBES`` (general questions nothing in the conversations answers) against every
   conversation's scope with the defaults: results per search (k=10) and items per context block.

Prints a compact table; ``--out`` writes everything (per question: the dialogue ids each list returned) as JSON.
No timed assertion: the numbers are for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "locomo-dev.json"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}  # 5 (adversarial) is skipped
SESSION_KEY = re.compile(r"session_(\d+)")
DIA_ID = re.compile(r"D:?(\d+):0*(\d+)")
SESSION_TIME = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
API_KEY_LINE = re.compile(r"API key:\s+(\S+)")
SEARCH = "/api/v1/memories/search"
CONTEXT = "/api/v1/context"
SEARCH_KINDS = {"default k=10": (10, True), "floor off k=10": (10, False), "floor off k=20": (20, False)}

PROBES = [
    "What is the boiling point of tungsten?",
    "How many moons does Neptune have?",
    "What is the capital of Mongolia?",
    "What is the atomic number of molybdenum?",
    "Which port does PostgreSQL listen on by default?",
    "What is the time complexity of heapsort?",
    "How tall is the Burj Khalifa?",
    "What is the speed of sound in seawater?",
    "When was the Magna Carta sealed?",
    "How many bones are in the adult human body?",
    "What is the half-life of carbon-14?",
    "Which enzyme breaks down lactose?",
    "How do I configure a VLAN on a Cisco switch?",
    "What is the difference between TCP and UDP?",
    "Who discovered penicillin?",
    "What is the melting point of gallium?",
    "What is the chemical formula of sulfuric acid?",
    "How far is Mars from the Sun?",
    "What is the official language of Suriname?",
    "How many electoral votes does Texas have?",
    "What is a Fourier transform used for?",
    "In which year did the Byzantine Empire fall?",
    "Which gas makes up most of Earth's atmosphere?",
    "How do I rotate TLS certificates in Kubernetes?",
    "What is the tallest volcano in the solar system?",
    "What is the population of Reykjavik?",
    "What causes a compressor stall in a jet engine?",
    "What is the derivative of arctan(x)?",
    "Which river flows through Budapest?",
    "What is the tensile strength of grade 5 titanium?",
    "Who proved Fermat's Last Theorem?",
    "What is the exchange rate between the Swiss franc and the yen?",
    "How does a Bloom filter avoid false negatives?",
    "What is the wavelength of the hydrogen alpha line?",
    "Which amino acid is encoded by the codon AUG?",
    "What does the Linux kernel's OOM killer do?",
]


@dataclass
class Turn:
    dia_id: str
    speaker: str
    text: str
    session: str
    valid_from: dt.datetime


@dataclass
class Question:
    sample_id: str
    question: str
    category: int
    evidence: list[str]  # dialogue ids, normalised, all of a stored turn


@dataclass
class Conversation:
    sample_id: str
    scope: str
    turns: list[Turn]
    questions: list[Question]
    memory_of: dict[str, str] = field(default_factory=dict)  # dialogue id -> memory id
    dias_of: dict[str, list[str]] = field(default_factory=dict)  # memory id -> dialogue ids


def normalised_evidence(raw: Sequence[str]) -> list[str]:
    """``["D8:6; D9:17"]`` → ``["D8:6", "D9:17"]``; ``"D:11:26"`` → ``"D11:26"``; ``"D"`` → nothing."""
    found: list[str] = []
    for item in raw:
        for match in DIA_ID.finditer(item):
            dia = f"D{int(match.group(1))}:{int(match.group(2))}"
            if dia not in found:
                found.append(dia)
    return found


def load(path: Path, limit: int, scope_prefix: str) -> tuple[list[Conversation], dict[str, int]]:
    samples = json.loads(path.read_text(encoding="utf-8"))[: limit or None]
    conversations = []
    skipped: Counter[str] = Counter()
    for sample in samples:
        data = sample["conversation"]
        turns: list[Turn] = []
        numbers = sorted(int(m.group(1)) for key in data if (m := SESSION_KEY.fullmatch(key)))
        for n in numbers:
            began = dt.datetime.strptime(data[f"session_{n}_date_time"], SESSION_TIME).replace(tzinfo=dt.UTC)
            for position, turn in enumerate(data[f"session_{n}"]):
                turns.append(Turn(turn["dia_id"], turn["speaker"], turn["text"], f"{sample['sample_id']}/session_{n}",
                                  began + dt.timedelta(seconds=position)))
        stored = {turn.dia_id for turn in turns}
        questions = []
        for qa in sample["qa"]:
            if qa["category"] not in CATEGORIES:
                skipped[f"category {qa['category']}"] += 1
                continue
            evidence = normalised_evidence(qa.get("evidence", []))
            dropped = [dia for dia in evidence if dia not in stored]
            skipped["evidence ids of no turn (dropped)"] += len(dropped)
            evidence = [dia for dia in evidence if dia in stored]
            if not evidence:
                skipped["no evidence"] += 1
                continue
            questions.append(Question(sample["sample_id"], qa["question"], qa["category"], evidence))
        conversations.append(Conversation(sample["sample_id"], f"{scope_prefix}{sample['sample_id']}", turns,
                                          questions))
    return conversations, dict(skipped)


# --- the server ---------------------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(pgdata: Path) -> dict[str, str]:
    env = {**os.environ, "MNEMARA_PGDATA": str(pgdata), "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp")}
    env.pop("DATABASE_URL", None)  # the embedded server, in the throwaway directory
    return env


def throwaway(pgdata: Path) -> None:
    """Delete a data directory left by an earlier run (refused while a postmaster runs in it)."""
    if pgdata.resolve() == (ROOT / ".pgdata").resolve():
        sys.exit("refusing to use the project's .pgdata: give --pgdata a throwaway directory")
    pid_file = pgdata / "postmaster.pid"
    if pid_file.exists():
        with contextlib.suppress(ValueError, OSError):
            pid = int(pid_file.read_text().split()[0])
            os.kill(pid, 0)
            sys.exit(f"a PostgreSQL (pid {pid}) runs in {pgdata}: stop it or choose another --pgdata")
    shutil.rmtree(pgdata, ignore_errors=True)


def wait_ready(base: str, workers: int, supervisor: subprocess.Popen[bytes], timeout: float) -> None:
    pids: set[int] = set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if supervisor.poll() is not None:
            sys.exit(f"the supervisor exited ({supervisor.returncode}) before it was ready")
        with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
            answer = httpx.get(f"{base}/readyz", timeout=2)
            if answer.status_code == 200 and answer.json().get("status") == "ready":
                pids.add(int(answer.json()["pid"]))
                if len(pids) >= workers:
                    return
        time.sleep(0.1)
    raise TimeoutError(f"not ready after {timeout:.0f} s")


def stop(supervisor: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(supervisor.pid, signal.SIGINT)
    try:
        supervisor.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(supervisor.pid, signal.SIGKILL)
        supervisor.wait()


@contextlib.contextmanager
def own_server(pgdata: Path, port: int, workers: int, keep_data: bool, reuse: bool = False
               ) -> Iterator[tuple[str, str]]:
    """Yield (base URL, API key) of a server of our own on a throwaway data directory (``reuse``: a kept one)."""
    if not reuse:
        throwaway(pgdata)
    env = server_env(pgdata)
    base = f"http://127.0.0.1:{port}"
    banner = pgdata.parent / f"{pgdata.name}-banner.txt"
    python = sys.executable
    for argv in ([python, "manage.py", "migrate", "--noinput"],
                 [python, "manage.py", "demo_data", "--base-url", base, "--banner", str(banner)]):
        done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"{' '.join(argv[1:3])} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    match = API_KEY_LINE.search(banner.read_text(encoding="utf-8"))
    banner.unlink()
    if match is None:
        sys.exit("demo_data wrote no API key")
    log_path = pgdata.parent / f"{pgdata.name}-supervisor.log"
    argv = [python, "-m", "server.runtime.supervise", "--host", "127.0.0.1", "--port", str(port),
            "--web-workers", str(workers)]
    with open(log_path, "w") as log:
        supervisor = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True)
    try:
        wait_ready(base, workers, supervisor, timeout=300)
        yield base, match.group(1)
    finally:
        stop(supervisor)
        print(f"server stopped (exit {supervisor.returncode}); log {log_path}")
        if not keep_data:
            shutil.rmtree(pgdata, ignore_errors=True)


# --- the client -----------------------------------------------------------------------------------------------------

class Api:
    def __init__(self, base: str, key: str) -> None:
        self.client = httpx.Client(base_url=base, timeout=600,
                                   headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})

    def post(self, path: str, body: Any, expect: int = 200) -> tuple[Any, float]:
        """The answer's JSON and the client-side milliseconds (request sent to body read) of the answered try;
        429 and 503 are retried after their Retry-After."""
        for _ in range(20):
            began = time.perf_counter()
            response = self.client.post(path, content=json.dumps(body))
            elapsed = (time.perf_counter() - began) * 1000
            if response.status_code in (429, 503):
                time.sleep(float(response.headers.get("Retry-After", "1")))
                continue
            if response.status_code != expect:
                raise RuntimeError(f"POST {path}: {response.status_code} {response.text[:500]}")
            return response.json(), elapsed
        raise RuntimeError(f"POST {path}: still throttled or unavailable after 20 tries")

    def scope_is_empty(self, scope: str) -> bool:
        response = self.client.get("/api/v1/memories", params={"scope": scope, "limit": 1})
        response.raise_for_status()
        return not response.json()["results"]

    def health(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.client.get("/healthz").json()
        return answer

    def close(self) -> None:
        self.client.close()


def batches(conversation: Conversation, batch: int, plain: bool) -> Iterator[list[Turn]]:
    """The requests' turns: ``batch`` at a time; as plain content, each session on its own (≤ ``batch``)."""
    if not plain:
        for start in range(0, len(conversation.turns), batch):
            yield conversation.turns[start : start + batch]
        return
    sessions: dict[str, list[Turn]] = {}
    for turn in conversation.turns:
        sessions.setdefault(turn.session, []).append(turn)
    for turns in sessions.values():
        for start in range(0, len(turns), batch):
            yield turns[start : start + batch]


def ingest(api: Api, conversation: Conversation, batch: int, resolutions: Counter[str],
           not_recalled: set[str], plain: bool = False) -> None:
    """Save every turn; fill ``memory_of``/``dias_of``; count resolutions; note the memories that are not active
    afterwards (superseded by a later turn, or pending). ``plain``: the content alone, a session per request."""
    for turns in batches(conversation, batch, plain):
        items: list[dict[str, Any]] = [
            {"scope": conversation.scope, "content": f"{turn.speaker}: {turn.text}", "type": "fact"}
            for turn in turns]
        if not plain:
            for item, turn in zip(items, turns, strict=True):
                item.update(subject=turn.speaker, source_session=turn.session,
                            valid_from=turn.valid_from.isoformat().replace("+00:00", "Z"))
        saved, _ = api.post("/api/v1/memories", items, expect=201)
        for turn, memory in zip(turns, saved, strict=True):
            action = memory["resolution"]["action"]
            resolutions[action] += 1
            conversation.memory_of[turn.dia_id] = memory["id"]
            conversation.dias_of.setdefault(memory["id"], []).append(turn.dia_id)
            if action == "superseded":
                not_recalled.update(memory["resolution"]["related"])
            if memory["status"] != "active":
                not_recalled.add(memory["id"])


# --- measures -------------------------------------------------------------------------------------------------------

def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def recall_at(ids: Sequence[str], evidence: set[str], k: int) -> float:
    return len(evidence & set(ids[:k])) / len(evidence)


def reciprocal_rank(ids: Sequence[str], evidence: set[str], k: int = 10) -> float:
    return next((1 / rank for rank, pk in enumerate(ids[:k], 1) if pk in evidence), 0.0)


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def latency(values: Sequence[float]) -> dict[str, float]:
    return {"n": len(values), "p50_ms": pct(values, 0.5), "p95_ms": pct(values, 0.95), "mean_ms": mean(values)}


def recall_body(query: str, scope: str, *, floor: bool = True, k: int | None = None) -> dict[str, Any]:
    """A search or context request: the defaults but for what is given."""
    body: dict[str, Any] = {"query": query, "scope": scope}
    if k is not None:
        body["k"] = k
    if not floor:
        body["floor"] = False
    return body


def import_all(api: Api, conversations: list[Conversation], batch: int, plain: bool = False) -> dict[str, Any]:
    resolutions: Counter[str] = Counter()
    not_recalled: set[str] = set()
    began = time.monotonic()
    for conversation in conversations:
        if not api.scope_is_empty(conversation.scope):
            sys.exit(f"{conversation.scope} already holds memories: choose another --scope-prefix")
        ingest(api, conversation, batch, resolutions, not_recalled, plain)
        print(f"  imported {conversation.sample_id}: {len(conversation.turns)} turns into {conversation.scope}")
    lost = sum(1 for c in conversations for q in c.questions for dia in q.evidence if c.memory_of[dia] in not_recalled)
    return {"turns": sum(len(c.turns) for c in conversations), "ingest_seconds": time.monotonic() - began,
            "resolutions": dict(resolutions), "evidence_turns_not_recalled": lost}


def evidence_of(conversation: Conversation, question: Question) -> set[str]:
    return {conversation.memory_of[dia] for dia in question.evidence}


Asked = list[tuple[Conversation, Question, dict[str, Any]]]


def search_all(api: Api, conversations: list[Conversation], times: dict[str, list[float]]) -> Asked:
    """Every question, every kind of search: one record per question (what each list returned, its measures)."""
    asked: Asked = []
    for conversation in conversations:
        for question in conversation.questions:
            evidence = evidence_of(conversation, question)
            record: dict[str, Any] = {"sample_id": question.sample_id, "question": question.question,
                                      "category": question.category, "evidence": question.evidence}
            for kind, (k, floor) in SEARCH_KINDS.items():
                answer, ms = api.post(SEARCH, recall_body(question.question, conversation.scope, floor=floor, k=k))
                times[kind].append(ms)
                ids = [hit["memory"]["id"] for hit in answer["results"]]
                record[kind] = {"n": len(ids), "dias": [conversation.dias_of.get(pk, ["?"])[0] for pk in ids],
                                "R@5": recall_at(ids, evidence, 5), "R@10": recall_at(ids, evidence, 10),
                                "R@20": recall_at(ids, evidence, 20), "MRR": reciprocal_rank(ids, evidence)}
            asked.append((conversation, question, record))
    return asked


def context_all(api: Api, asked: Asked, times: dict[str, list[float]]) -> None:
    """POST /context with the defaults and with the floor off; adds to each question's record."""
    for conversation, question, record in asked:
        evidence = evidence_of(conversation, question)
        for kind, floor in (("context default", True), ("context floor off", False)):
            answer, ms = api.post(CONTEXT, recall_body(question.question, conversation.scope, floor=floor))
            times[kind].append(ms)
            record[kind] = {"items": len(answer["items"]), "tokens": answer["tokens"],
                            "evidence": bool(evidence & set(answer["items"]))}


def probe_all(api: Api, conversations: list[Conversation]) -> dict[str, Any]:
    """The unrelated questions against every conversation's scope, with the defaults."""
    results, items, tokens = [], [], []
    for conversation in conversations:
        for probe in PROBES:
            answer, _ = api.post(SEARCH, recall_body(probe, conversation.scope, k=10))
            results.append(len(answer["results"]))
            answer, _ = api.post(CONTEXT, recall_body(probe, conversation.scope))
            items.append(len(answer["items"]))
            tokens.append(answer["tokens"])
    return {"questions": len(PROBES), "scopes": len(conversations), "searches": len(results),
            "search_results_mean": mean(results), "search_results_max": max(results),
            "context_items_mean": mean(items), "context_items_max": max(items), "context_tokens_mean": mean(tokens),
            "context_at_most_one_item": sum(1 for n in items if n <= 1)}


def run(api: Api, conversations: list[Conversation], args: argparse.Namespace) -> dict[str, Any]:
    result = import_all(api, conversations, args.batch, args.plain)
    if args.import_only:
        return result
    times: dict[str, list[float]] = {kind: [] for kind in [*SEARCH_KINDS, "context default", "context floor off"]}
    began = time.monotonic()
    asked = search_all(api, conversations, times)
    result["search_seconds"] = time.monotonic() - began
    result["records"] = [record for _, _, record in asked]
    if args.context_sample and args.context_sample < len(asked):
        asked = random.Random(args.seed).sample(asked, args.context_sample)
    began = time.monotonic()
    context_all(api, asked, times)
    result |= {"context_seconds": time.monotonic() - began, "context_questions": len(asked)}
    result["probes"] = probe_all(api, conversations)
    result["latency"] = {kind: latency(values) for kind, values in times.items()}
    return result


def summary(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {f"{n} {name}": [r for r in records if r["category"] == n]
                                               for n, name in CATEGORIES.items()}
    groups["all"] = records
    table: dict[str, dict[str, Any]] = {}
    for name, group in groups.items():
        row: dict[str, Any] = {"questions": len(group)}
        for kind in SEARCH_KINDS:
            for metric in ("R@5", "R@10", "R@20", "MRR", "n"):
                if metric == "R@20" and kind != "floor off k=20":
                    continue
                row[f"{kind} {metric}"] = mean([r[kind][metric] for r in group])
        for kind in ("context default", "context floor off"):
            judged = [r[kind] for r in group if kind in r]
            row[f"{kind} questions"] = len(judged)
            row[f"{kind} with evidence"] = sum(1 for c in judged if c["evidence"])
            row[f"{kind} items"] = mean([c["items"] for c in judged])
            row[f"{kind} tokens"] = mean([c["tokens"] for c in judged])
        table[name] = row
    return table


def show(result: dict[str, Any]) -> None:
    table = result["summary"]
    print(f"\nLoCoMo dev: {result['conversations']} conversations, {result['turns']} turns imported in "
          f"{result['ingest_seconds']:.0f} s ({result['turns'] / result['ingest_seconds']:.0f} turns/s); "
          f"resolutions {result['resolutions']}; evidence turns whose memory is not active: "
          f"{result['evidence_turns_not_recalled']}; skipped {result['skipped']}")
    head = (f"{'category':<15}{'n':>5} | {'default k=10':^27} | {'floor off k=10':^20} | {'k=20':>5} | "
            f"{'context: with evidence, items':^39}")
    print(head)
    print(f"{'':<15}{'':>5} | {'R@5':>6}{'R@10':>7}{'MRR':>7}{'hits':>7} | {'R@5':>6}{'R@10':>7}{'MRR':>7} | "
          f"{'R@20':>5} | {'default':>19} {'floor off':>19}")
    print("-" * len(head))
    for name, row in table.items():
        contexts = []
        for kind in ("context default", "context floor off"):
            judged = row[f"{kind} questions"]
            rate = row[f"{kind} with evidence"] / judged if judged else float("nan")
            contexts.append(f"{row[f'{kind} with evidence']}/{judged} {rate:.3f} {row[f'{kind} items']:4.1f}")
        d, f, t = "default k=10", "floor off k=10", "floor off k=20"
        print(f"{name:<15}{row['questions']:>5} | {row[f'{d} R@5']:>6.3f}{row[f'{d} R@10']:>7.3f}"
              f"{row[f'{d} MRR']:>7.3f}{row[f'{d} n']:>7.2f} | {row[f'{f} R@5']:>6.3f}{row[f'{f} R@10']:>7.3f}"
              f"{row[f'{f} MRR']:>7.3f} | {row[f'{t} R@20']:>5.3f} | {contexts[0]:>19} {contexts[1]:>19}")
    print("latency, client-side ms p50/p95: " + "; ".join(
        f"{kind} {v['p50_ms']:.1f}/{v['p95_ms']:.1f}" for kind, v in result["latency"].items()))
    p = result["probes"]
    print(f"unrelated questions ({p['questions']} × {p['scopes']} scopes, defaults): search results "
          f"{p['search_results_mean']:.2f} (max {p['search_results_max']}), "
          f"context items {p['context_items_mean']:.2f} (max {p['context_items_max']}, "
          f"{p['context_tokens_mean']:.0f} tokens), blocks with ≤ 1 item "
          f"{p['context_at_most_one_item']}/{p['searches']}")
    print(f"wall {result['wall_seconds']:.0f} s (import {result['ingest_seconds']:.0f}, searches "
          f"{result['search_seconds']:.0f}, context {result['context_seconds']:.0f}); load average "
          f"{result['load_before'][0]:.1f} before, {result['load_after'][0]:.1f} after")


def git_revision() -> str:
    def git(*argv: str) -> str:
        done = subprocess.run(["git", *argv], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip()
    return git("rev-parse", "--short", "HEAD") + (" (uncommitted changes)" if git("status", "--porcelain") else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--conversations", type=int, default=0, help="only the first N conversations (0: all)")
    parser.add_argument("--out", type=Path, help="write the results (and every question's lists) as JSON")
    parser.add_argument("--url", help="use this running server (loopback only) instead of starting one")
    parser.add_argument("--key", help="its API key (with --url)")
    parser.add_argument("--scope-prefix", default="user/locomo-", help="scope = prefix + sample id")
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-locomo"),
                        help="the throwaway data directory of the server this bench starts")
    parser.add_argument("--keep-data", action="store_true", help="do not delete --pgdata afterwards")
    parser.add_argument("--plain", action="store_true",
                        help="content only (no subject, session or time), each session one request")
    parser.add_argument("--import-only", action="store_true",
                        help="only import (with --keep-data: for bench/recall_levers.py)")
    parser.add_argument("--port", type=int, default=0, help="0: a free loopback port")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=500, help="memories per POST /api/v1/memories (≤ 500)")
    parser.add_argument("--context-sample", type=int, default=0,
                        help="POST /context for a seeded sample of this many questions (0: all)")
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    if not 1 <= args.batch <= 500:
        sys.exit("--batch: 1-500")
    if args.url and not args.key:
        sys.exit("--url needs --key")
    if args.url and urlsplit(args.url).hostname not in LOOPBACK:
        sys.exit("loopback addresses only")
    for stop_signal in (signal.SIGINT, signal.SIGTERM):  # unwind (and stop our server) on Ctrl-C or SIGTERM
        signal.signal(stop_signal, lambda signum, frame: sys.exit(128 + signum))
    conversations, skipped = load(args.data, args.conversations, args.scope_prefix)
    questions = sum(len(c.questions) for c in conversations)
    print(f"{len(conversations)} conversations, {sum(len(c.turns) for c in conversations)} turns, "
          f"{questions} questions with evidence; skipped {skipped}")

    started, load_before = time.monotonic(), os.getloadavg()
    with contextlib.ExitStack() as stack:
        if args.url:
            base, key = args.url.rstrip("/"), args.key
        else:
            base, key = stack.enter_context(own_server(args.pgdata, args.port or free_port(), args.web_workers,
                                                       args.keep_data))
            print(f"server ready at {base} ({time.monotonic() - started:.0f} s)")
        api = Api(base, key)
        stack.callback(api.close)
        health = api.health()
        result = run(api, conversations, args)
    if args.import_only:
        print(f"imported {result['turns']} turns in {result['ingest_seconds']:.0f} s (--import-only: no search)")
        return 0
    result |= {"data": str(args.data), "conversations": len(conversations), "questions": questions,
               "skipped": skipped, "revision": git_revision(), "embedding_model": health.get("embedding_model"),
               "server": args.url or "own (bench/locomo.py)", "wall_seconds": time.monotonic() - started,
               "load_before": load_before, "load_after": os.getloadavg(), "context_sample": args.context_sample,
               "seed": args.seed, "plain": args.plain}
    result["summary"] = summary(result["records"])
    show(result)
    if args.out:
        args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
