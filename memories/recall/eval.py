"""The retrieval-quality harness behind ``manage.py eval_recall``.

Ingests the evaluation set (``bench/eval/recall_eval.json``) through the REST API into a fresh,
uniquely named tenant, asks every question through ``POST /api/v1/memories/search`` in each mode
(hybrid with the relevance floor and without it; vector and lexical without it), and scores the answers:
recall@1/5/10 (share of a question's expected memories in the top k, averaged over the questions that
expect any), MRR (1 / rank of the first expected memory), padding (the share of returned memories a
question did not expect), p50/p95 request latency, and recall@5 per direction (en-en, zh-zh, en-zh,
zh-en: the languages of question and memory) and per tag. The questions that expect nothing ("nothing
relevant") are also asked through ``POST /api/v1/context``: how many items their block holds.

Everything runs in one database transaction that is rolled back at the end (``keep=False``), so
nothing stays behind — not even the append-only audit events. The requests go through Django's test
client against the real views, authentication, serializers and services: the same path as HTTP.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from memories.embeddings import query_caches_clear
from memories.recall.query import MODES
from tenants.services import apikey_create, tenant_create

DATASET = Path(settings.BASE_DIR) / "bench" / "eval" / "recall_eval.json"
API = "/api/v1"
K = 10


DIRECTIONS = ("en-en", "zh-zh", "en-zh", "zh-en")


@dataclass
class QuestionResult:
    id: str
    tags: list[str]
    ranks: list[int | None]  # 1-based rank of each expected memory in the top K, None if absent
    latency_ms: float
    direction: str = ""  # en-en, zh-zh, en-zh, zh-en; "" for a bare name, number or code
    returned: int = 0  # how many memories the search returned
    context_items: int | None = None  # "nothing relevant" questions: items in their /context block


@dataclass
class ModeReport:
    mode: str
    questions: list[QuestionResult] = field(default_factory=list)
    floor: bool = True
    vectors: str = ""  # the in-process index's vector type when the run chose one (``vector_dtypes``)

    def _expecting(self, tag: str | None = None, direction: str | None = None) -> list[QuestionResult]:
        return [q for q in self.questions if q.ranks and (tag is None or tag in q.tags)
                and (direction is None or q.direction == direction)]

    def recall_at(self, k: int, tag: str | None = None, direction: str | None = None) -> float:
        rows = self._expecting(tag, direction)
        if not rows:
            return 0.0
        return statistics.fmean(sum(1 for r in q.ranks if r is not None and r <= k) / len(q.ranks) for q in rows)

    def mrr(self) -> float:
        rows = self._expecting()
        if not rows:
            return 0.0
        return statistics.fmean(1.0 / min((r for r in q.ranks if r is not None), default=float("inf"))
                                for q in rows)

    def padding(self) -> float:
        """The share of returned memories that no question expected (over every question, "nothing
        relevant" ones included: everything they return is padding)."""
        returned = sum(q.returned for q in self.questions)
        found = sum(1 for q in self.questions for r in q.ranks if r is not None)
        return (returned - found) / returned if returned else 0.0

    def none_items(self) -> list[int]:
        return [q.context_items for q in self.questions if not q.ranks and q.context_items is not None]

    def latency(self, quantile: float) -> float:
        values = sorted(q.latency_ms for q in self.questions)
        if not values:
            return 0.0
        return values[min(len(values) - 1, round(quantile * (len(values) - 1)))]

    def summary(self, tags: Sequence[str]) -> dict[str, Any]:
        none_items = self.none_items()
        return {"mode": self.mode, "floor": self.floor, **({"vectors": self.vectors} if self.vectors else {}),
                "questions": len(self.questions),
                "recall@1": round(self.recall_at(1), 4), "recall@5": round(self.recall_at(5), 4),
                "recall@10": round(self.recall_at(10), 4), "mrr": round(self.mrr(), 4),
                "padding": round(self.padding(), 4),
                "p50_ms": round(self.latency(0.5), 2), "p95_ms": round(self.latency(0.95), 2),
                "recall@5_by_direction": {d: round(self.recall_at(5, direction=d), 4) for d in DIRECTIONS
                                          if self._expecting(direction=d)},
                "recall@5_by_tag": {t: round(self.recall_at(5, t), 4) for t in tags if self._expecting(t)},
                "nothing_relevant": {"questions": len(none_items), "max_items": max(none_items, default=0),
                                     "mean_items": round(statistics.fmean(none_items), 2) if none_items else 0.0}}


def load_dataset(path: Path = DATASET) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def pick_questions(questions: Sequence[dict[str, Any]], limit: int | None) -> list[dict[str, Any]]:
    """The whole set, or ``limit`` questions spread evenly over it (so a slice still mixes the tags)."""
    if not limit or limit >= len(questions):
        return list(questions)
    step = len(questions) / limit
    return [questions[int(i * step)] for i in range(limit)]


def time_shift(dataset: dict[str, Any], now: datetime) -> timedelta:
    """How far to move the set's dates so that its last session happened a day ago: questions are
    asked right after the conversations, as an agent would, and recency decay sees realistic ages."""
    last = max(datetime.fromisoformat(s["date"]) for c in dataset["conversations"] for s in c["sessions"])
    return now - timedelta(days=1) - last


def _shifted(value: str, shift: timedelta) -> str:
    return (datetime.fromisoformat(value) + shift).isoformat()


def _ingest(client: APIClient, dataset: dict[str, Any], shift: timedelta) -> tuple[dict[str, str], Counter[str]]:
    keys: dict[str, str] = {}
    actions: Counter[str] = Counter()
    for conversation in dataset["conversations"]:
        for session in conversation["sessions"]:
            body = [{"scope": conversation["scope"], "subject": conversation["subject"] or None,
                     "source_session": session["id"], "valid_from": _shifted(session["date"], shift),
                     **{k: v for k, v in memory.items() if k != "key"}} for memory in session["memories"]]
            response = client.post(f"{API}/memories", body, format="json")
            if response.status_code != 201:
                raise RuntimeError(f"ingesting {session['id']} failed: {response.status_code} {response.content!r}")
            for memory, created in zip(session["memories"], response.json(), strict=True):
                keys[memory["key"]] = created["id"]
                actions[created["resolution"]["action"]] += 1
    return keys, actions


def _ask(client: APIClient, question: dict[str, Any], mode: str, keys: dict[str, str],
         shift: timedelta, floor: bool = True) -> QuestionResult:
    body: dict[str, Any] = {"query": question["query"], "scope": question["scope"], "k": K, "mode": mode,
                            "floor": floor}
    if question.get("as_of"):
        body["as_of"] = _shifted(question["as_of"], shift)
    started = time.perf_counter()
    response = client.post(f"{API}/memories/search", body, format="json")
    latency = (time.perf_counter() - started) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"question {question['id']} failed: {response.status_code} {response.content!r}")
    ids = [hit["memory"]["id"] for hit in response.json()["results"]]
    ranks = [ids.index(keys[key]) + 1 if keys[key] in ids else None for key in question["expected"]]
    result = QuestionResult(question["id"], question.get("tags", []), ranks, latency,
                            question.get("direction", ""), len(ids))
    if not question["expected"] and mode == "hybrid":
        block = client.post(f"{API}/context", {"query": question["query"], "scope": question["scope"],
                                               "floor": floor}, format="json")
        if block.status_code != 200:
            raise RuntimeError(f"question {question['id']} failed: {block.status_code} {block.content!r}")
        result.context_items = len(block.json()["items"])
    return result


def _runs(modes: Sequence[str]) -> list[tuple[str, bool]]:
    """(mode, floor) pairs: hybrid with the relevance floor (what agents get) and without it; the single-leg
    ablations without it, so that their rows compare with the history in docs/benchmarks.md."""
    runs: list[tuple[str, bool]] = []
    for mode in modes:
        runs += [(mode, True), (mode, False)] if mode == "hybrid" else [(mode, False)]
    return runs


def _run(dataset: dict[str, Any], modes: Sequence[str], limit: int | None,
         vector_dtypes: Sequence[str] = ()) -> dict[str, Any]:
    tenant = tenant_create(slug=f"eval-{uuid.uuid4().hex[:12]}", name="Recall evaluation (throwaway)",
                           actor="system:eval_recall")
    _, secret = apikey_create(tenant=tenant, name="eval_recall", actor="system:eval_recall")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    shift = time_shift(dataset, timezone.now())
    keys, actions = _ingest(client, dataset, shift)
    questions = pick_questions(dataset["questions"], limit)
    tags = sorted({t for q in questions for t in q.get("tags", [])})
    client.post(f"{API}/memories/search", {"query": "warm-up", "scope": "user/warm-up"}, format="json")
    reports = []
    for mode, floor in _runs(modes):
        for dtype in vector_dtypes or [""]:
            query_caches_clear()  # each run pays for its own query embeddings (not the models' LRU caches)
            report = ModeReport(mode, floor=floor, vectors=dtype)
            # Inside this transaction every search loads its own private index, so the type applies at once.
            with override_settings(SEARCH_INDEX_VECTORS=dtype) if dtype else contextlib.nullcontext():
                report.questions = [_ask(client, q, mode, keys, shift, floor) for q in questions]
            reports.append(report)
    return {"tenant": tenant.slug, "memories": len(keys), "ingest_actions": dict(actions),
            "questions": len(questions), "k": K, "modes": [r.summary(tags) for r in reports],
            "misses": {f"{r.mode}{'' if r.floor else ' (no floor)'}": [q.id for q in r.questions if None in q.ranks]
                       for r in reports}}


class _Rollback(Exception):
    pass


def evaluate(*, modes: Sequence[str] = MODES, limit: int | None = None, keep: bool = False,
             dataset: dict[str, Any] | None = None, vector_dtypes: Sequence[str] = ()) -> dict[str, Any]:
    """Run the harness; the throwaway tenant and everything in it are rolled back unless ``keep``.
    ``vector_dtypes`` ("float16", "float32"): each run once per type of the in-process index's vectors."""
    data = dataset or load_dataset()
    result: dict[str, Any] = {}
    try:
        with transaction.atomic():
            result = _run(data, modes, limit, vector_dtypes)
            if not keep:
                raise _Rollback
    except _Rollback:
        result["rolled_back"] = True
    return result
