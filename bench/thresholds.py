"""How each embedding model's thresholds were chosen (docs/recall.md, "Thresholds per model").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/thresholds.py [--probes ../shared/data/bilingual-probes.json]

1. Write-time thresholds, from ``bench/eval/pairs.json`` (pairs of memories labelled same / update /
   contradiction / distinct / unrelated, in English, Chinese, mixed and across languages): each pair is
   compared by the model that reads both texts (``memories.embeddings.judge``), and the script prints the
   similarities per label, so that the near-duplicate threshold can sit above the distinct pairs and the
   merge-suggestion threshold (a person decides) lower, where most same-meaning pairs are.
2. Calibration, from a bilingual probe set (development data, not the evaluation set): every query
   against every memory of the pool, each pair judged by the model that reads both; per model the median
   similarity of a query and its target ("related") and of a query and the other memories ("unrelated").
   Searches whose memories different models judge put the models' similarities on one scale with them.

Needs no database: it embeds with the configured models only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def judged_similarity(models, vectors, coverage, a: int, b: int) -> tuple[str, float]:
    from memories.embeddings import judge

    names = [m.name for m in models]
    name = judge(names, {n: coverage[n][a] for n in names}, {n: coverage[n][b] for n in names}) or names[0]
    return name, float(vectors[name][a] @ vectors[name][b])


def embed(models, texts: list[str]):
    import numpy as np

    vectors = {m.name: np.asarray(m.embed(texts), dtype=np.float64) for m in models}
    coverage = {m.name: m.coverage(texts) for m in models}
    return vectors, coverage


def pairs_report(models) -> None:
    data = json.loads((ROOT / "bench" / "eval" / "pairs.json").read_text())["pairs"]
    texts = [t for p in data for t in (p["a"], p["b"])]
    vectors, coverage = embed(models, texts)
    found: dict[tuple[str, str], list[tuple[float, str]]] = {}
    for i, pair in enumerate(data):
        name, similarity = judged_similarity(models, vectors, coverage, 2 * i, 2 * i + 1)
        found.setdefault((name, pair["label"]), []).append((similarity, pair["lang"]))
    print("1. write-time pairs (bench/eval/pairs.json), cosine by the model that reads both texts")
    for (name, label), values in sorted(found.items()):
        shown = " ".join(f"{s:.2f}{'' if lang in ('en', 'zh') else '*'}" for s, lang in sorted(values))
        print(f"   {name:<22} {label:<13} n={len(values):<3} {shown}")
    print("   (* mixed-language or cross-language pair)")


def probes_report(models, path: Path) -> None:
    data = json.loads(path.read_text())
    keys = list(data["memories"])
    texts = [data["memories"][k] for k in keys] + [q["q"] for q in data["queries"]]
    vectors, coverage = embed(models, texts)
    related: dict[str, list[float]] = {}
    unrelated: dict[str, list[float]] = {}
    for j, query in enumerate(data["queries"]):
        qi = len(keys) + j
        for i, key in enumerate(keys):
            name, similarity = judged_similarity(models, vectors, coverage, qi, i)
            (related if key == query["target"] else unrelated).setdefault(name, []).append(similarity)
    print(f"2. calibration on {path.name}: {len(data['queries'])} queries x {len(keys)} memories")
    for name in related:
        r, u = related[name], unrelated.get(name, [0.0])
        print(f"   {name:<22} related median {statistics.median(r):.3f} (n={len(r)}, 10th pct "
              f"{sorted(r)[len(r) // 10]:.3f})   unrelated median {statistics.median(u):.3f} (n={len(u)}, "
              f"90th pct {sorted(u)[9 * len(u) // 10]:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--probes", type=Path, default=ROOT.parent / "shared" / "data" / "bilingual-probes.json")
    args = parser.parse_args()
    import django

    django.setup()
    from memories.embeddings import embedders

    models = embedders()
    pairs_report(models)
    if args.probes.exists():
        probes_report(models, args.probes)
    else:
        print(f"2. calibration: no probe set at {args.probes} (--probes PATH)")


if __name__ == "__main__":
    main()
