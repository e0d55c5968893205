"""Replay relevance-floor variants on recorded searches (docs/recall.md, "The relevance floor").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/floor_replay.py record   # ~1 min: writes bench/.floor_replay.pkl
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/floor_replay.py replay   # seconds: one line per variant

``record`` ingests ``bench/eval/recall_eval.json`` through the REST API into a throwaway tenant (rolled back,
as ``manage.py eval_recall`` does), asks every question once through ``memory_search`` with the floor off
and k = 50 (what ``/context`` asks for), and keeps for each question its hits (score order, the shipped
floor's verdict), every candidate the floor saw (judging model, similarity, word coverage), both query
vectors and every memory's vectors. ``replay`` then keeps, for each variant, the best hit and those of
the other hits above the shipped floor that the variant's extra test also keeps, and prints what the
issue's bars look at: recall@10 with the variant (the search's; the shipped floor without the variant
reproduces ``eval_recall``'s numbers), recall@5 per direction, and the items left for the "nothing
relevant" questions (mean / max). The variants are the ones docs/benchmarks.md reports; add a function
to ``VARIANTS`` to try another.

The recording is development data: choose parameters on odd question ids and check them on even ones
(``--ids odd|even``) before believing a gain.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
RECORDING = ROOT / "bench" / ".floor_replay.pkl"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

PRIMARY, SECONDARY = "all-MiniLM-L6-v2", "use-multilingual-v3"


def record() -> None:
    import django

    django.setup()
    from django.db import transaction
    from django.utils import timezone
    from rest_framework.test import APIClient

    import memories.recall.search as search
    from memories.embeddings import embedders
    from memories.models import Memory
    from memories.recall import eval as harness
    from memories.write.vectors import secondary_attach, vectors_of
    from tenants.scoping import tenant_scope
    from tenants.services import apikey_create, tenant_create

    seen: dict[str, Any] = {}
    floor_passes = search.floor_passes

    def recording_floor(candidates: Any, profiles: Any, best: Any = None) -> set[uuid.UUID]:
        seen["candidates"] = [(str(c.id), c.model, c.similarity, c.lexical_coverage) for c in candidates]
        return floor_passes(candidates, profiles, best)

    search.floor_passes = recording_floor  # type: ignore[assignment]
    data = harness.load_dataset()
    out: dict[str, Any] = {}

    class Rollback(Exception):
        pass

    try:
        with transaction.atomic():
            tenant = tenant_create(slug=f"eval-{uuid.uuid4().hex[:12]}", name="floor replay", actor="system:eval")
            _, secret = apikey_create(tenant=tenant, name="replay", actor="system:eval")
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
            shift = harness.time_shift(data, timezone.now())
            keys, _ = harness._ingest(client, data, shift)
            with tenant_scope(tenant):
                stored = list(Memory.objects.select_related("scope"))
                secondary_attach(stored)
                memories = {str(m.pk): {"scope": m.scope.path, "status": m.status, "content": m.content,
                                        "vectors": {n: np.asarray(e.vector, dtype=np.float64)
                                                    for n, e in vectors_of(m).items()}} for m in stored}
                questions = []
                for q in data["questions"]:
                    as_of = datetime.fromisoformat(harness._shifted(q["as_of"], shift)) if q.get("as_of") else None
                    hits = search.memory_search(query=q["query"], scopes=[q["scope"]], k=50, floor=False,
                                                track_access=False, as_of=as_of)
                    questions.append({
                        "question": q, "expected": [keys[k] for k in q["expected"]],
                        "query_vectors": {e.name: np.asarray(e.embed_query(q["query"]), dtype=np.float64)
                                          for e in embedders()},
                        "candidates": seen["candidates"],
                        "hits": [{"id": str(h.memory.pk), "model": h.model, "similarity": h.scores["vector"],
                                  "score": h.score, "relevant": h.relevant} for h in hits]})
            out = {"memories": memories, "questions": questions}
            raise Rollback
    except Rollback:
        pass
    RECORDING.write_bytes(pickle.dumps(out))
    print(f"recorded {len(out['questions'])} questions in {RECORDING}")


# ----------------------------------------------------------------------------------------------- replay

Hit = dict[str, Any]
Variant = Callable[[Hit, dict[str, Any], dict[str, Any]], bool]  # (hit, question record, recording) -> keep?


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm else vector


def _centroids(recording: dict[str, Any]) -> dict[tuple[str, str], np.ndarray]:
    found: dict[tuple[str, str], list[np.ndarray]] = {}
    for memory in recording["memories"].values():
        if memory["status"] == "active":
            for name, vector in memory["vectors"].items():
                found.setdefault((memory["scope"], name), []).append(_unit(vector))
    return {key: _unit(np.mean(vectors, axis=0)) for key, vectors in found.items()}


def centred(threshold: float) -> Variant:
    """The scope's centroid (per model) projected out of query and memory: what is left of "about Emma"."""
    def keep(hit: Hit, question: dict[str, Any], recording: dict[str, Any]) -> bool:
        model = hit["model"] or PRIMARY
        centre = recording["_centroids"].get((question["question"]["scope"], model))
        memory = recording["memories"][hit["id"]]["vectors"].get(model)
        if centre is None or memory is None:
            return True
        q, m = _unit(question["query_vectors"][model]), _unit(memory)
        return float(_unit(q - (q @ centre) * centre) @ _unit(m - (m @ centre) * centre)) >= threshold
    return keep


def gap_only_when_strong(slack: float) -> Variant:
    """The relative floor (within ``floor_gap`` of the best) only when the best is within ``slack`` of the
    absolute floor: a weak best must not carry everything near it."""
    floors = {PRIMARY: (0.50, 0.10), SECONDARY: (0.40, 0.15)}

    def keep(hit: Hit, question: dict[str, Any], recording: dict[str, Any]) -> bool:
        candidate = next(c for c in question["candidates"] if c[0] == hit["id"])
        _, model, similarity, coverage = candidate
        if model not in floors:
            return True
        floor, _ = floors[model]
        best = max(c[2] for c in question["candidates"] if c[1] == model)
        return similarity >= floor or coverage >= 0.5 or best >= floor - slack
    return keep


def second_opinion(threshold: float) -> Variant:
    """For pairs all-MiniLM judges, USE's similarity must also reach ``threshold``."""
    def keep(hit: Hit, question: dict[str, Any], recording: dict[str, Any]) -> bool:
        memory = recording["memories"][hit["id"]]["vectors"].get(SECONDARY)
        if hit["model"] != PRIMARY or memory is None:
            return True
        return float(_unit(question["query_vectors"][SECONDARY]) @ _unit(memory)) >= threshold
    return keep


VARIANTS: dict[str, Variant | None] = {
    "shipped floor": None,
    **{f"centred similarity >= {t}": centred(t) for t in (0.1, 0.2, 0.3)},
    **{f"relative floor only when best >= floor - {s}": gap_only_when_strong(s) for s in (0.0, 0.05, 0.1)},
    **{f"USE also >= {t} on all-MiniLM's pairs": second_opinion(t) for t in (0.25, 0.3, 0.35)},
}


def replay(ids: str) -> None:
    recording = pickle.loads(RECORDING.read_bytes())
    recording["_centroids"] = _centroids(recording)
    questions = [q for q in recording["questions"]
                 if ids == "all" or (int(q["question"]["id"][1:]) % 2 == (1 if ids == "odd" else 0))]
    for label, variant in VARIANTS.items():
        recall10: list[float] = []
        per_direction: dict[str, list[float]] = {}
        none_items: list[int] = []
        for question in questions:
            above = [h for h in question["hits"] if h["relevant"]]
            kept = above[:1] + [h for h in above[1:] if variant is None or variant(h, question, recording)]
            expected = set(question["expected"])
            if not expected:
                none_items.append(len(kept))
                continue
            ids10 = [h["id"] for h in kept[:10]]
            recall10.append(len(expected & set(ids10)) / len(expected))
            direction = question["question"].get("direction") or "-"
            per_direction.setdefault(direction, []).append(len(expected & set(ids10[:5])) / len(expected))
        directions = " ".join(f"{d} {np.mean(v):.3f}" for d, v in sorted(per_direction.items()) if d != "-")
        print(f"{label:45s} R@10 {np.mean(recall10):.3f} | R@5 {directions} | "
              f"nothing relevant: {np.mean(none_items):.2f} / {max(none_items)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=["record", "replay"])
    parser.add_argument("--ids", choices=["all", "odd", "even"], default="all")
    args = parser.parse_args()
    record() if args.step == "record" else replay(args.ids)


if __name__ == "__main__":
    main()
