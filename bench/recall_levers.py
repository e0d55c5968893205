"""Each ranking lever alone and together, in-process, on LoCoMo's development half (docs/recall.md, "Levers").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/locomo.py --keep-data          # once: fills /tmp/pg-locomo
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/recall_levers.py [--pgdata /tmp/pg-locomo] [--variants a,b]
        [--context] [--probes]

Runs ``memory_search`` (and with ``--context`` ``context_build``) in this process against the data directory
``bench/locomo.py --keep-data`` left (each LoCoMo turn one memory: subject = speaker, source_session = session,
valid_from = session time + position), once per variant: a set of ``settings`` overrides (``VARIANTS``). It
migrates the directory first and rebuilds search_text for the variant's stemming (``reindex_text``). Per
variant and per conversation: R@10 with the floor off (k=10) and with the defaults; with ``--context`` the share
of questions whose /context block holds an evidence turn, with the defaults and the floor off, and items per
block (and the defaults' share per conversation, and context_build's p50 and p95 in ms); with ``--probes``
the items of the blocks for ``bench/locomo.py``'s unrelated questions. The REST figures come from
``bench/locomo.py``; this script is for choosing settings (choose on some conversations, check on the others:
the per-conversation columns).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

OFF = {"RECALL_STEMMING": False, "RECALL_BM25_B": 0.75, "RECALL_BM25_DELTA": 0.0, "RECALL_FUSION": "rrf",
       "RECALL_NEIGHBOUR_WEIGHT": 0.0, "RECALL_TIME_BOOST": 0.0, "RECALL_SUBJECT_BOOST": 0.0}
VARIANTS: dict[str, dict[str, Any]] = {
    "before (all off)": OFF,
    "stemming": {**OFF, "RECALL_STEMMING": True},
    "bm25 b=0.3 δ=0.5": {**OFF, "RECALL_BM25_B": 0.3, "RECALL_BM25_DELTA": 0.5},
    "z-score fusion": {**OFF, "RECALL_FUSION": "zscore"},
    "neighbours 0.5": {**OFF, "RECALL_NEIGHBOUR_WEIGHT": 0.5},
    "time cue 0.15": {**OFF, "RECALL_TIME_BOOST": 0.15},
    "subject 0.15": {**OFF, "RECALL_SUBJECT_BOOST": 0.15},
    "defaults (all on)": {},
}


@contextmanager
def overridden(values: dict[str, Any]) -> Iterator[None]:
    from django.test import override_settings

    with override_settings(**values):
        yield


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-locomo")
    parser.add_argument("--variants", help="comma-separated names of VARIANTS (default: all)")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: an extra variant's override")
    parser.add_argument("--context", action="store_true", help="also /context's evidence rate (slower)")
    parser.add_argument("--probes", action="store_true", help="also the unrelated questions' blocks")
    parser.add_argument("--json", type=Path, help="also write the figures here (per variant: R@10 with the "
                                                  "floor off and on, per conversation)")
    return parser.parse_args()


def chosen_variants(args: argparse.Namespace) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """VARIANTS with the ``--set`` one added, and the names to run (``--variants``, and the ``--set`` one)."""
    variants = dict(VARIANTS)
    if args.set:
        extra: dict[str, Any] = {}
        for item in args.set:
            name, value = item.split("=", 1)
            extra[name] = value if not value.replace(".", "", 1).replace("-", "", 1).isdigit() else float(value)
            if value in ("True", "False"):
                extra[name] = value == "True"
        variants[" ".join(args.set)] = extra
    chosen = args.variants.split(",") if args.variants else list(variants)
    if args.set and args.variants:
        chosen.append(" ".join(args.set))
    return variants, chosen


def header(args: argparse.Namespace) -> str:
    line = f"{'variant':<34} {'R@10 off':>8} {'R@10 def':>8} {'hits':>5} | per conversation R@10 off"
    if args.context:
        line += " | ctx def / off (items)"
    if args.probes:
        line += " | probes items"
    return line


class Tally:
    """One variant's figures over every question."""

    def __init__(self) -> None:
        self.per: dict[str, list[float]] = {}
        self.floor_on: list[float] = []
        self.hits: list[int] = []
        self.context: dict[bool, list[bool]] = {True: [], False: []}
        self.context_per: dict[str, list[bool]] = {}  # with the defaults, per conversation
        self.context_ms: list[float] = []  # context_build's wall time with the defaults (in-process, warm)
        self.items: dict[bool, list[int]] = {True: [], False: []}
        self.probe_items: list[int] = []


def ask(tally: Tally, conversation: Any, question: Any, dias: dict[Any, str], with_context: bool) -> None:
    """One question: R@10 with the floor off and with the defaults (and /context's evidence, both ways)."""
    from memories.recall.context import context_build
    from memories.recall.search import memory_search

    evidence = set(question.evidence)
    found = memory_search(query=question.question, scopes=[conversation.scope], k=10, floor=False,
                          track_access=False)
    got = [dias.get(h.memory.pk, "?") for h in found]
    tally.per.setdefault(conversation.sample_id, []).append(len(evidence & set(got)) / len(evidence))
    found = memory_search(query=question.question, scopes=[conversation.scope], k=10,
                          track_access=False)
    got = [dias.get(h.memory.pk, "?") for h in found]
    tally.floor_on.append(len(evidence & set(got)) / len(evidence))
    tally.hits.append(len(found))
    if with_context:
        for floor in (True, False):
            began = time.perf_counter()
            block = context_build(query=question.question, scopes=[conversation.scope], floor=floor)
            if floor:
                tally.context_ms.append((time.perf_counter() - began) * 1000)
            tally.context[floor].append(bool(evidence & {dias.get(pk, "?") for pk in block.items}))
            if floor:
                tally.context_per.setdefault(conversation.sample_id, []).append(tally.context[floor][-1])
            tally.items[floor].append(len(block.items))


def run_variant(args: argparse.Namespace, values: dict[str, Any], tenant: Any, conversations: list[Any],
                dia_of: dict[str, dict[Any, str]]) -> Tally:
    import locomo

    from memories.recall.context import context_build
    from memories.recall.index.cache import IndexCache
    from memories.write.reindex import reindex_tenant
    from tenants.scoping import tenant_scope

    tally = Tally()
    with overridden(values), tenant_scope(tenant):
        reindex_tenant()
        IndexCache_clear(IndexCache)
        for conversation in conversations:
            dias = dia_of[conversation.sample_id]
            for question in conversation.questions:
                ask(tally, conversation, question, dias, args.context)
        if args.probes:
            for conversation in conversations:
                for probe in locomo.PROBES:
                    tally.probe_items.append(len(context_build(query=probe, scopes=[conversation.scope]).items))
    return tally


def report_line(args: argparse.Namespace, name: str, tally: Tally) -> str:
    per, context, items, context_ms = tally.per, tally.context, tally.items, tally.context_ms
    everything = [r for rs in per.values() for r in rs]
    line = (f"{name:<34} {statistics.mean(everything):8.3f} {statistics.mean(tally.floor_on):8.3f} "
            f"{statistics.mean(tally.hits):5.1f} | " + " ".join(f"{statistics.mean(rs):.3f}" for rs in per.values()))
    if args.context:
        line += (f" | {statistics.mean(context[True]):.3f} ({statistics.mean(items[True]):.1f}) / "
                 f"{statistics.mean(context[False]):.3f} ({statistics.mean(items[False]):.1f})"
                 " per conversation " + " ".join(f"{statistics.mean(v):.3f}" for v in tally.context_per.values())
                 + f" · {statistics.median(context_ms):.0f} ms p50, "
                   f"{statistics.quantiles(context_ms, n=20)[18]:.0f} ms p95")
    if args.probes:
        line += f" | {statistics.mean(tally.probe_items):.2f} (max {max(tally.probe_items)})"
    return line


def main() -> int:
    args = arguments()
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    import locomo
    from django.core.management import call_command

    from memories.models import Memory, Scope
    from tenants.models import Tenant
    from tenants.scoping import tenant_scope

    call_command("migrate", verbosity=0)
    conversations, _ = locomo.load(locomo.DATA, 0, "user/locomo-")
    tenant = next(t for t in Tenant.objects.all() if tenant_has(t, conversations[0].scope, Scope, tenant_scope))
    dia_of: dict[str, dict[Any, str]] = {}
    with tenant_scope(tenant):
        for conversation in conversations:
            by_time = {turn.valid_from: turn.dia_id for turn in conversation.turns}
            rows = Memory.objects.filter(scope__path=conversation.scope).values_list("pk", "valid_from")
            dia_of[conversation.sample_id] = {pk: by_time.get(valid_from, "?") for pk, valid_from in rows}
    variants, chosen = chosen_variants(args)
    print(header(args))
    figures: dict[str, Any] = {}
    for name in chosen:
        values = variants[name]
        started = time.monotonic()
        tally = run_variant(args, values, tenant, conversations, dia_of)
        print(report_line(args, name, tally) + f"  [{time.monotonic() - started:.0f} s]", flush=True)
        per = tally.per
        figures[name] = {"overrides": values, "r_at_10_floor_off": round(statistics.mean(
                             [r for rs in per.values() for r in rs]), 4),
                         "r_at_10_default": round(statistics.mean(tally.floor_on), 4),
                         "per_conversation_floor_off": {sid: round(statistics.mean(rs), 4) for sid, rs in per.items()}}
    if args.json:
        args.json.write_text(json.dumps({"pgdata": args.pgdata, "variants": figures}, indent=2) + "\n")
    return 0


def tenant_has(tenant: Any, path: str, scope_model: Any, tenant_scope: Any) -> bool:
    with tenant_scope(tenant):
        return bool(scope_model.objects.filter(path=path).exists())


def IndexCache_clear(cache_class: Any) -> None:
    from memories.recall.index import cache

    for value in vars(cache).values():
        if isinstance(value, cache_class):
            value.clear()


if __name__ == "__main__":
    raise SystemExit(main())
