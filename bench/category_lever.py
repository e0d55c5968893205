"""The category lever alone, question by question, with its cost (docs/recall.md, "Category words").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/category_lever.py [--pgdata /tmp/pg-recall-sets] [--tag base]
        [--boost 2.0] [--json PATH]

Reads the LoCoMo development half that ``bench/recall_sets.py --sets locomo --tag TAG`` ingested (with the
fields) into ``--pgdata`` (run that first), and asks every question that names a category
(``memories.recall.category.category_noun``) with the lever off and at ``--boost``, alternating, twice: the
first round embeds the words of each conversation the first time (cold), the second finds them kept (warm). For
each question it prints R@10 off → on, the instance words found and the time of both searches (wall and this
process's CPU). A question naming no category pays nothing but the noun's regular expression.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-recall-sets")
    parser.add_argument("--tag", default="base")
    parser.add_argument("--boost", type=float, default=2.0)
    parser.add_argument("--json", type=Path)
    return parser.parse_args()


def timed(search: Any) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    found = search()
    return found, 1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu)


def main() -> int:
    args = arguments()
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    import recall_sets
    from django.test import override_settings

    from memories.recall import category
    from memories.recall.search import memory_search
    from tenants.models import Tenant
    from tenants.scoping import tenant_scope

    words: dict[str, list[str]] = {}
    found_instances = category.instances

    def logged(noun: str, embedder: Any, contents: Any, asked: Any) -> list[str]:
        words["last"] = found_instances(noun, embedder, contents, asked)
        return words["last"]

    category.instances = logged  # type: ignore[assignment]
    samples = recall_sets.load("locomo")
    tenant = Tenant.objects.get(slug=f"sets-locomo-fields-{args.tag}".lower())
    recall: dict[str, dict[float, list[float]]] = defaultdict(lambda: defaultdict(list))
    costs: dict[str, list[float]] = defaultdict(list)
    with tenant_scope(tenant):
        for round_name in ("cold", "warm"):
            for sample in samples:
                dias: dict[str, set[str]] = defaultdict(set)
                for item in sample.items:
                    dias[item.content].add(item.dia_id)
                for query, kind, evidence in sample.questions:
                    if category.category_noun(query) is None:
                        continue
                    row = []
                    for boost in (0.0, args.boost):
                        words.pop("last", None)
                        with override_settings(RECALL_CATEGORY_BOOST=boost):
                            hits, wall, cpu = timed(functools.partial(
                                memory_search, query=query, scopes=[f"bench/{sample.sample_id}"], k=10,
                                floor=False, track_access=False))
                        got = {dia for hit in hits for dia in dias.get(hit.memory.content, ())}
                        share = len(set(evidence) & got) / len(evidence)
                        row.append((share, wall, cpu))
                        if round_name == "warm":
                            recall[recall_sets.LOCOMO_CATEGORIES[kind]][boost].append(share)
                    costs[f"{round_name} wall"].append(row[1][1] - row[0][1])
                    costs[f"{round_name} cpu"].append(row[1][2] - row[0][2])
                    if round_name == "warm":
                        print(f"{kind} {row[0][0]:.2f} -> {row[1][0]:.2f} | {query[:70]} | "
                              f"{category.category_noun(query)}: {words.get('last', [])}", flush=True)
    figures: dict[str, Any] = {"boost": args.boost, "questions": {}, "added_ms": {}}
    for name_of_kind, by_boost in sorted(recall.items()):
        off, on = statistics.mean(by_boost[0.0]), statistics.mean(by_boost[args.boost])
        figures["questions"][name_of_kind] = {"n": len(by_boost[0.0]), "off": round(off, 4), "on": round(on, 4),
                                      "gain_in_set": round((on - off) * len(by_boost[0.0]), 3)}
    for name, deltas in costs.items():
        ordered = sorted(deltas)
        figures["added_ms"][name] = {"mean": round(statistics.mean(deltas), 1),
                                     "p50": round(ordered[len(ordered) // 2], 1),
                                     "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 1)}
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
