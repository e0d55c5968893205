"""Recall@1/@3/@10 on a bilingual everyday scope (``tests/recall/mixed_scope.py``): one user's memories, half
English and half Chinese, in ONE scope, and questions in both languages, many about a fact stated in the other
language (docs/recall.md, "Which model ranks what").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/mixed_scope.py [--pgdata /tmp/pg-mixed-scope] [--plain]
        [--set NAME=VALUE] [--explain] [--json PATH]

Each run writes the memories through ``POST /api/v1/memories`` (Django's test client: the real views, write
flow and both models) into a new tenant of ``--pgdata``, then asks every question with ``memory_search``
(k = 10, the floor off, as ``bench/recall_sets.py``). With the fields, each memory has the user as its
subject, a session of four memories in turn and a time; ``--plain`` sends the content alone. ``--explain``
prints each question's top 3: id, model, similarity, calibrated similarity, BM25, fusion."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-mixed-scope")
    parser.add_argument("--plain", action="store_true", help="content only: no subject, session or time sent")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a setting for the searches")
    parser.add_argument("--extracted", action="store_true", help="the facts as an extractor words them")
    parser.add_argument("--explain", action="store_true", help="print each question's top 3 and its scores")
    parser.add_argument("--json", type=Path, help="write the figures here")
    return parser.parse_args()


def parsed(value: str) -> Any:
    if value in ("True", "False"):
        return value == "True"
    try:
        return float(value) if "." in value else int(value)
    except ValueError:
        return value


def ingest(plain: bool, extracted: bool) -> Any:
    """A new tenant holding the scope ``user/mixed``, English and Chinese memories in turn."""
    from rest_framework.test import APIClient

    from tenants.services import apikey_create, tenant_create
    from tests.recall.mixed_scope import EXTRACTED, MEMORIES

    texts = EXTRACTED if extracted else MEMORIES
    slug = f"mixed-{'plain' if plain else 'fields'}-{int(time.time())}"
    tenant = tenant_create(slug=slug, name=slug, actor="system:bench")
    _, secret = apikey_create(tenant=tenant, name="bench", actor="system:bench")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    english = [i for i in MEMORIES if i.startswith("e")]
    chinese = [i for i in MEMORIES if i.startswith("z")]
    order = [i for pair in zip(english, chinese, strict=True) for i in pair]
    start = datetime(2026, 3, 1, 9, tzinfo=UTC)
    body = []
    for n, pk in enumerate(order):
        entry: dict[str, Any] = {"scope": "user/mixed", "content": texts[pk], "type": "fact"}
        if not plain:
            entry.update(subject="Daniel", source_session=f"chat-{n // 4}",
                         valid_from=(start + timedelta(hours=n)).isoformat())
        body.append(entry)
    response = client.post("/api/v1/memories", body, format="json")
    assert response.status_code == 201, response.content[:500]
    return tenant


def measure(tenant: Any, overrides: dict[str, Any], explain: bool, extracted: bool) -> dict[str, float]:
    from django.test import override_settings

    from memories.embeddings import profile
    from memories.recall.search import memory_search
    from tenants.scoping import tenant_scope
    from tests.recall.mixed_scope import EXTRACTED, MEMORIES, QUESTIONS

    ids = {text: pk for pk, text in (EXTRACTED if extracted else MEMORIES).items()}
    hits: dict[int, list[float]] = {1: [], 3: [], 10: []}
    with tenant_scope(tenant), override_settings(**overrides):
        for question, answers in QUESTIONS:
            found = memory_search(query=question, scopes=["user/mixed"], k=10, floor=False, track_access=False)
            ranked = [ids.get(h.memory.content, "?") for h in found]
            for k, got in hits.items():
                got.append(len(set(answers) & set(ranked[:k])) / len(answers))
            if explain:
                mark = "ok " if set(answers) & set(ranked[:3]) else "MISS"
                print(f"{mark} {question}  want {','.join(answers)}")
                shown = found[:3] + [h for h in found[3:] if ids.get(h.memory.content) in answers]
                for h in shown:
                    calibrated = profile(h.model).calibrated(h.scores["similarity"]) if h.model else float("nan")
                    print(f"  {found.index(h) + 1:>2}  {ids.get(h.memory.content, '?')} {h.model[:8]:<8}"
                          f" sim {h.scores['similarity']:.3f}"
                          f" cal {calibrated:.2f} bm25 {h.scores['lexical']:.2f} fusion {h.scores['fusion']:.3f}"
                          f"  {h.memory.content[:50]}")
    return {f"recall@{k}": round(statistics.mean(got), 4) for k, got in hits.items()}


def main() -> int:
    args = arguments()
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    from django.core.management import call_command

    from tests.recall.mixed_scope import QUESTIONS

    call_command("migrate", verbosity=0)
    overrides = {name: parsed(value) for name, value in (item.split("=", 1) for item in args.set)}
    tenant = ingest(args.plain, args.extracted)
    figures = measure(tenant, overrides, args.explain, args.extracted)
    mode = ("plain" if args.plain else "fields") + (" extracted" if args.extracted else "")
    print(f"mixed-scope {mode:<16} " + " ".join(f"{name} {value:.3f}" for name, value in figures.items())
          + f" ({len(QUESTIONS)} questions)", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"plain": args.plain, "settings": overrides, **figures}, indent=1) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
