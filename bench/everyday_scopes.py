"""Recall@1/@3/@10 on three small everyday scopes (``tests/recall/everyday_scopes.py``): each user's messages go
through the offline extractor ("The user …" / "用户……", with its type) and ``POST /api/v1/memories`` (Django's
test client: the real views, write flow and both models) into a new tenant of ``--pgdata``, one scope per user;
then every question is asked of its user's scope with ``memory_search`` (k = 10, the floor off, as
``bench/recall_sets.py``). A question is a hit at k when any memory extracted from one of its messages is in the
top k. A user's memories go in one request (a batch: one session, as one mem0 ``add`` of several messages), or
one request per message with ``--per-message``. Counts are printed with the ratios (123 questions, 61 in Chinese).

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/everyday_scopes.py [--pgdata /tmp/pg-everyday] [--set NAME=VALUE]
        [--per-message] [--explain] [--json PATH]

``--explain`` prints each question missed at 1 (``late``: found at 2 or 3; ``MISS``: not in the top 3) with its
top 3 and where its answer ranks."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-everyday")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a setting for the searches")
    parser.add_argument("--per-message", action="store_true",
                        help="one POST per message (default: one per user, a batch: one session)")
    parser.add_argument("--explain", action="store_true", help="print each miss at 1 with its top 3")
    parser.add_argument("--json", type=Path, help="write the figures here")
    return parser.parse_args()


def parsed(value: str) -> Any:
    if value in ("True", "False"):
        return value == "True"
    try:
        return float(value) if "." in value else int(value)
    except ValueError:
        return value


def extracted() -> dict[str, list[tuple[str, str, str]]]:
    """Per user, (message id, content, type) of each memory the offline extractor makes of its messages."""
    from memories.extraction.candidates import Turn
    from memories.extraction.offline import OfflineExtractor
    from tests.recall.everyday_scopes import MESSAGES

    made: dict[str, list[tuple[str, str, str]]] = {}
    for user, messages in MESSAGES.items():
        made[user] = [(pk, c.content, c.type if c.type in ("fact", "preference", "task") else "fact")
                      for pk, text in messages.items()
                      for c in OfflineExtractor().extract([Turn(1, "user", text)], [])]
    return made


def ingest(made: dict[str, list[tuple[str, str, str]]], per_message: bool) -> Any:
    from rest_framework.test import APIClient

    from tenants.services import apikey_create, tenant_create

    slug = f"everyday-{int(time.time())}"
    tenant = tenant_create(slug=slug, name=slug, actor="system:bench")
    _, secret = apikey_create(tenant=tenant, name="bench", actor="system:bench")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    for user, memories in made.items():
        batches: dict[str, list[dict[str, str]]] = {}
        for pk, content, kind in memories:
            batch = batches.setdefault(pk if per_message else user, [])
            batch.append({"scope": f"user/{user}", "content": content, "type": kind})
        for body in batches.values():
            response = client.post("/api/v1/memories", body, format="json")
            assert response.status_code == 201, response.content[:500]
    return tenant


def shown(asked: str, first: int | None, found: list[Any], ranked: list[str]) -> None:
    """A question missed at 1 (``late``: its answer at 2 or 3; ``MISS``: not in the top 3) and its top 3."""
    mark = "late" if first is not None and first < 3 else "MISS"
    print(f"{mark} {asked} at {first + 1 if first is not None else '-'}")
    for n, h in enumerate(found[:3]):
        print(f"   {n + 1} {ranked[n]} sim {h.scores['similarity']:.3f} bm25 {h.scores['lexical']:.2f}"
              f" fusion {h.scores['fusion']:.3f} score {h.score:.3f}  {h.memory.content[:60]}")


def measure(tenant: Any, made: dict[str, list[tuple[str, str, str]]], overrides: dict[str, Any],
            explain: bool) -> dict[str, Any]:
    from django.test import override_settings

    from memories.recall.search import memory_search
    from tenants.scoping import tenant_scope
    from tests.recall.everyday_scopes import QUESTIONS

    ids = {(user, content): pk for user, memories in made.items() for pk, content, _ in memories}
    hits = {"all": {1: 0, 3: 0, 10: 0}, "en": {1: 0, 3: 0, 10: 0}, "zh": {1: 0, 3: 0, 10: 0}}
    with tenant_scope(tenant), override_settings(**overrides):
        for user, question, answers in QUESTIONS:
            found = memory_search(query=question, scopes=[f"user/{user}"], k=10, floor=False, track_access=False)
            ranked = [ids.get((user, h.memory.content), "?") for h in found]
            first = next((n for n, pk in enumerate(ranked) if pk in answers), None)
            language = "zh" if re.search(r"[\u4e00-\u9fff]", question) else "en"
            for k in (1, 3, 10):
                if first is not None and first < k:
                    hits["all"][k] += 1
                    hits[language][k] += 1
            if explain and first != 0:
                shown(f"{user} {question}  want {','.join(answers)}", first, found, ranked)
    counts = {"all": len(QUESTIONS)}
    counts["zh"] = sum(1 for _, q, _ in QUESTIONS if re.search(r"[\u4e00-\u9fff]", q))
    counts["en"] = counts["all"] - counts["zh"]
    return {part: {f"recall@{k}": [n, round(n / counts[part], 3)] for k, n in got.items()}
            for part, got in hits.items()}


def main() -> int:
    args = arguments()
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    overrides = {name: parsed(value) for name, value in (item.split("=", 1) for item in args.set)}
    made = extracted()
    figures = measure(ingest(made, args.per_message), made, overrides, args.explain)
    for part, got in figures.items():
        print(f"everyday {part:<3} " + " ".join(f"{name} {n} ({ratio:.3f})" for name, (n, ratio) in got.items()),
              flush=True)
    if args.json:
        args.json.write_text(json.dumps({"settings": overrides, **figures}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
