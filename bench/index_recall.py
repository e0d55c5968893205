"""Recall@10 of the in-process index's approximate stages against its exact ones, on a ``bench/scale.py`` fill:
the vector list from the HNSW graph (``memories/recall/index/ann.py``) against the exact product, and BM25 over
bounded postings (``memories/recall/index/lexical.py``) against BM25 over every posting, with each stage's
time per question, through ``IndexSource`` (the search's own candidate lists, the pool of
``RECALL_CANDIDATE_POOL``).

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/index_recall.py --pgdata /tmp/pg-ann --db scale_one --queries 100
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scale import corpus, setup  # noqa: E402


def _p(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 2), "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2)}


def run(data: dict[str, Any], queries: int) -> dict[str, Any]:
    from django.conf import settings
    from django.test import override_settings
    from django.utils import timezone

    from memories.embeddings import embedders
    from memories.models import Memory, Scope
    from memories.recall.index.ann import BUILDS
    from memories.recall.index.cache import Criteria, load
    from memories.recall.index.source import IndexSource
    from tenants.scoping import tenant_scope

    scope = max(Scope.unscoped.all(), key=lambda s: Memory.unscoped.filter(scope=s).count())  # type: ignore[attr-defined]
    result: dict[str, Any] = {"load_before": os.getloadavg()}
    with tenant_scope(scope.tenant):
        started = time.perf_counter()
        index = load(scope.pk)
        assert index is not None
        result.update(memories=len(index), load_ms=round(1000 * (time.perf_counter() - started)))
        criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
        source = IndexSource([index], criteria)
        pool = settings.RECALL_CANDIDATE_POOL
        name = embedders()[0].name
        stages: dict[str, dict[str, list[float]]] = {s: {"recall": [], "exact_ms": [], "approx_ms": []}
                                                     for s in ("vector", "lexical")}
        started = time.perf_counter()
        index.graphs.clear()
        with override_settings(SEARCH_INDEX_ANN_MIN_ROWS=1):
            source.vector_candidates(data["queries_0"][0].tolist(), pool, model=name)  # exact; starts the build
        BUILDS.wait()
        result["graph_build_ms"] = round(1000 * (time.perf_counter() - started))
        result["graph_bytes_per_memory"] = round(index.graphs[None].nbytes / len(index))
        for q in range(queries):
            vector, question = data["queries_0"][q].tolist(), str(data["questions"][q])
            lists: dict[str, tuple[list[Any], list[Any]]] = {}
            for stage, values in (("exact", {"SEARCH_INDEX_ANN_MIN_ROWS": 10**9, "SEARCH_INDEX_POSTINGS_TOP": 10**9}),
                                  ("approx", {})):
                with override_settings(**values):
                    t = time.perf_counter()
                    v = [c.id for c in source.vector_candidates(vector, pool, model=name)]
                    stages["vector"][f"{stage}_ms"].append(1000 * (time.perf_counter() - t))
                    t = time.perf_counter()
                    lexical = source.lexical(question, pool, parallel=False)
                    stages["lexical"][f"{stage}_ms"].append(1000 * (time.perf_counter() - t))
                lists[stage] = (v, list(lexical.ids or []) if lexical else [])
            for k, stage in enumerate(("vector", "lexical")):
                exact, approx = lists["exact"][k][:10], lists["approx"][k][:10]
                if exact:
                    stages[stage]["recall"].append(len(set(exact) & set(approx)) / len(exact))
    for stage, found in stages.items():
        result[stage] = {"recall@10": round(statistics.fmean(found["recall"]), 4),
                         "min_recall@10": round(min(found["recall"]), 2), "questions": len(found["recall"]),
                         "exact_ms": _p(found["exact_ms"]), "approximate_ms": _p(found["approx_ms"])}
    result["load_after"] = os.getloadavg()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-scale"))
    parser.add_argument("--db", default="scale_one")
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/scale-corpus.npz"))
    parser.add_argument("--queries", type=int, default=100)
    args = parser.parse_args()
    setup(args.pgdata, args.db)
    import django

    django.setup()
    print(json.dumps(run(corpus(args.corpus), args.queries), indent=1))


if __name__ == "__main__":
    main()
