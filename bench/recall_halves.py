"""Each recall lever off, on LoCoMo's development half split in two: R@10 of a tune half and of a held-out half
(docs/recall.md, "Tune and held-out halves").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/recall_halves.py [--pgdata /tmp/pg-recall-sets]
        [--tune conv-26,conv-30,conv-41] [--variants NAME,…] [--set NAME=VALUE] [--json PATH]

The set is ingested as ``bench/recall_sets.py`` does (with the fields; the same ``--pgdata`` and ``--tag`` reuse its
copy). Every variant is the defaults with one lever off: a setting (``RECALL_…=0``) or, for the steps that have no
setting, the step replaced by one that changes nothing (``memories.recall.search``'s ``current_lifted``,
``answers_weighed``, ``newer_first``). A lever whose gain on the tune half is not there on the held-out half was fitted
to the conversations it was tuned on. ``--set`` applies to every variant (a change measured with all levers).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections import defaultdict
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

#: name → (settings, steps of ``memories.recall.search`` replaced by the identity)
VARIANTS: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "defaults": ({}, ()),
    "time cue off": ({"RECALL_TIME_BOOST": 0.0}, ()),
    "named date off": ({"RECALL_DATE_BOOST": 0.0}, ()),
    "neighbours off": ({"RECALL_NEIGHBOUR_WEIGHT": 0.0}, ()),
    "contextual words off": ({"RECALL_CONTEXT_WEIGHT": 0.0}, ()),
    "subject off": ({"RECALL_SUBJECT_BOOST": 0.0}, ()),
    "person's list off": ({"RECALL_PERSON_WEIGHT": 0.0}, ()),
    "category off": ({"RECALL_CATEGORY_BOOST": 0.0}, ()),
    "attribute off": ({"RECALL_ATTRIBUTE_BOOST": 0.0}, ()),
    "pastime off": ({"RECALL_PASTIME_BOOST": 0.0}, ()),
    "feedback off": ({"RECALL_FEEDBACK": 0.0}, ()),
    "lexical weight 1": ({"RECALL_LEXICAL_WEIGHT": 1.0}, ()),
    "query parts off": ({"RECALL_QUERY_PARTS": False}, ()),
    "current off": ({}, ("current_lifted",)),
    "answers off": ({}, ("answers_weighed",)),
    "newer off": ({}, ("newer_first",)),
}


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-recall-sets")
    parser.add_argument("--tag", default="base")
    parser.add_argument("--tune", default="conv-26,conv-30,conv-41")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a setting for every variant")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    args.sets, args.plain, args.reingest, args.k = "locomo", False, False, 10
    return args


def identity(fused: Any, *_: Any, **__: Any) -> Any:
    return fused


def main() -> int:
    args = arguments()
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    import recall_sets
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    samples = recall_sets.load("locomo")
    tenant = recall_sets.ingested_tenant(args, "locomo", "fields", samples)
    tune = set(args.tune.split(","))
    common = {name: recall_sets.parsed(value) for name, value in (item.split("=", 1) for item in args.set)}
    figures: dict[str, Any] = {"tune": sorted(tune), "settings": common, "variants": {}}
    for name in args.variants.split(","):
        overrides, steps = VARIANTS[name]
        records: list[dict[str, Any]] = []
        with ExitStack() as stack:
            for step in steps:
                stack.enter_context(mock.patch(f"memories.recall.search.{step}", identity))
            recall_sets.recall_per_category(args, tenant, samples, {**common, **overrides}, records)
        row: dict[str, Any] = {}
        for half, keep in (("tune", True), ("held-out", False)):
            per_category: dict[int, list[float]] = defaultdict(list)
            for record in records:
                if (record["sample"] in tune) == keep:
                    ranks = list(record["evidence"].values())
                    per_category[record["category"]].append(sum(r is not None for r in ranks) / len(ranks))
            every = [r for rs in per_category.values() for r in rs]
            row[half] = {"recall": round(statistics.mean(every), 4),
                         "categories": {str(c): round(statistics.mean(rs), 4)
                                        for c, rs in sorted(per_category.items())}}
        figures["variants"][name] = row
        print(f"{name:<22} tune {row['tune']['recall']:.3f} held-out {row['held-out']['recall']:.3f} | "
              + " ".join(f"{c}: {row['tune']['categories'][c]:.3f}/{row['held-out']['categories'][c]:.3f}"
                         for c in row["tune"]["categories"]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
