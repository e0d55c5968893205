"""Retrieval-quality harness: ``python manage.py eval_recall [--limit N] [--mode hybrid|vector|lexical|all] [--json]``.

Ingests bench/eval/recall_eval.json through the REST API into a throwaway tenant (rolled back at the
end unless --keep) and prints recall@1/5/10, MRR, padding and p50/p95 latency per mode (hybrid with
the relevance floor and without it, the single legs without it), recall@5 per direction and per tag, and how many
items the "nothing relevant" questions get in their /context block.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from memories.recall.eval import evaluate
from memories.recall.query import MODES


class Command(BaseCommand):
    help = "Evaluate recall quality (recall@k, MRR, latency) on the bilingual evaluation set."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--limit", type=int, default=None, help="Ask only N questions, spread over the set.")
        parser.add_argument("--mode", choices=[*MODES, "all"], default="all")
        parser.add_argument("--json", action="store_true", help="Print the full result as JSON.")
        parser.add_argument("--keep", action="store_true", help="Commit the eval tenant instead of rolling back.")
        parser.add_argument("--vectors", default="", help="Repeat each run per vector type of the in-process index, "
                                                          "e.g. float16,float32 (docs/scaling.md).")

    def handle(self, *args: Any, **options: Any) -> None:
        modes = list(MODES) if options["mode"] == "all" else [options["mode"]]
        dtypes = [d for d in options["vectors"].split(",") if d]
        result = evaluate(modes=modes, limit=options["limit"], keep=options["keep"], vector_dtypes=dtypes)
        if options["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
            return
        self.stdout.write(f"{result['memories']} memories ({result['ingest_actions']}), "
                          f"{result['questions']} questions, k={result['k']}, tenant {result['tenant']}"
                          f"{' (rolled back)' if result.get('rolled_back') else ' (kept)'}")
        header = (f"{'mode':<8} {'floor':<5} {'R@1':>6} {'R@5':>6} {'R@10':>6} {'MRR':>6} {'pad':>6} "
                  f"{'p50 ms':>7} {'p95 ms':>7}")
        self.stdout.write(header)
        for row in result["modes"]:
            quality = f"{row['recall@1']:>6.3f} {row['recall@5']:>6.3f} {row['recall@10']:>6.3f} {row['mrr']:>6.3f}"
            mode = row["mode"] + (f" {row['vectors']}" if row.get("vectors") else "")
            self.stdout.write(f"{mode:<8} {'on' if row['floor'] else 'off':<5} {quality} "
                              f"{row['padding']:>6.3f} {row['p50_ms']:>7.1f} {row['p95_ms']:>7.1f}")
        for row in result["modes"]:
            name = f"{row['mode']}{'' if row['floor'] else ', no floor'}"
            directions = ", ".join(f"{d} {v:.2f}" for d, v in row["recall@5_by_direction"].items())
            self.stdout.write(f"recall@5 by direction ({name}): {directions}")
        for row in result["modes"]:
            name = f"{row['mode']}{'' if row['floor'] else ', no floor'}"
            tags = ", ".join(f"{t} {v:.2f}" for t, v in row["recall@5_by_tag"].items())
            self.stdout.write(f"recall@5 by tag ({name}): {tags}")
        for row in result["modes"]:
            none = row["nothing_relevant"]
            if none["questions"]:
                self.stdout.write(f"nothing relevant ({row['mode']}, floor {'on' if row['floor'] else 'off'}): "
                                  f"{none['questions']} questions, /context items per block: max "
                                  f"{none['max_items']}, mean {none['mean_items']}")
