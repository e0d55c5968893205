"""The retrieval-quality harness behind ``manage.py eval_recall``.

Ingests the evaluation set (``bench/eval/recall_eval.json``) through the REST API into a fresh,
uniquely named tenant, asks every question through ``POST /api/v1/memories/search`` in each mode,
and scores the answers: recall@1/5/10 (share of a question's expected memories in the top k, averaged
over questions), MRR (1 / rank of the first expected memory) and p50/p95 request latency.

Everything runs in one database transaction that is rolled back at the end (``keep=False``), so
nothing stays behind — not even the append-only audit events. The requests go through Django's test
client against the real views, authentication, serializers and services: the same path as HTTP.
"""

from __future__ import annotations

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
from django.utils import timezone
from rest_framework.test import APIClient

from memories.embeddings import get_embedder
from memories.recall.query import MODES
from tenants.services import apikey_create, tenant_create

DATASET = Path(settings.BASE_DIR) / "bench" / "eval" / "recall_eval.json"
API = "/api/v1"
K = 10


@dataclass
class QuestionResult:
    id: str
    tags: list[str]
    ranks: list[int | None]  # 1-based rank of each expected memory in the top K, None if absent
    latency_ms: float


@dataclass
class ModeReport:
    mode: str
    questions: list[QuestionResult] = field(default_factory=list)

    def recall_at(self, k: int, tag: str | None = None) -> float:
        rows = [q for q in self.questions if tag is None or tag in q.tags]
        if not rows:
            return 0.0
        return statistics.fmean(sum(1 for r in q.ranks if r is not None and r <= k) / len(q.ranks) for q in rows)

    def mrr(self) -> float:
        if not self.questions:
            return 0.0
        return statistics.fmean(1.0 / min((r for r in q.ranks if r is not None), default=float("inf"))
                                for q in self.questions)

    def latency(self, quantile: float) -> float:
        values = sorted(q.latency_ms for q in self.questions)
        if not values:
            return 0.0
        return values[min(len(values) - 1, round(quantile * (len(values) - 1)))]

    def summary(self, tags: Sequence[str]) -> dict[str, Any]:
        return {"mode": self.mode, "questions": len(self.questions),
                "recall@1": round(self.recall_at(1), 4), "recall@5": round(self.recall_at(5), 4),
                "recall@10": round(self.recall_at(10), 4), "mrr": round(self.mrr(), 4),
                "p50_ms": round(self.latency(0.5), 2), "p95_ms": round(self.latency(0.95), 2),
                "recall@5_by_tag": {t: round(self.recall_at(5, t), 4) for t in tags}}


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
         shift: timedelta) -> QuestionResult:
    body = {"query": question["query"], "scope": question["scope"], "k": K, "mode": mode}
    if question.get("as_of"):
        body["as_of"] = _shifted(question["as_of"], shift)
    started = time.perf_counter()
    response = client.post(f"{API}/memories/search", body, format="json")
    latency = (time.perf_counter() - started) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"question {question['id']} failed: {response.status_code} {response.content!r}")
    ids = [hit["memory"]["id"] for hit in response.json()["results"]]
    ranks = [ids.index(keys[key]) + 1 if keys[key] in ids else None for key in question["expected"]]
    return QuestionResult(question["id"], question.get("tags", []), ranks, latency)


def _run(dataset: dict[str, Any], modes: Sequence[str], limit: int | None) -> dict[str, Any]:
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
    for mode in modes:
        _forget_query_vectors()
        report = ModeReport(mode)
        report.questions = [_ask(client, q, mode, keys, shift) for q in questions]
        reports.append(report)
    return {"tenant": tenant.slug, "memories": len(keys), "ingest_actions": dict(actions),
            "questions": len(questions), "k": K, "modes": [r.summary(tags) for r in reports],
            "misses": {r.mode: [q.id for q in r.questions if None in q.ranks] for r in reports}}


def _forget_query_vectors() -> None:
    """Each mode pays for its own query embeddings: without this, the modes after the first would be
    timed on the embedder's LRU cache of query vectors."""
    cache = getattr(get_embedder(), "_cache", None)  # the query-vector LRU of the real embedders
    if cache is not None:
        cache.clear()


class _Rollback(Exception):
    pass


def evaluate(*, modes: Sequence[str] = MODES, limit: int | None = None, keep: bool = False,
             dataset: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run the harness; the throwaway tenant and everything in it are rolled back unless ``keep``."""
    data = dataset or load_dataset()
    result: dict[str, Any] = {}
    try:
        with transaction.atomic():
            result = _run(data, modes, limit)
            if not keep:
                raise _Rollback
    except _Rollback:
        result["rolled_back"] = True
    return result
