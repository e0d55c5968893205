"""Recall@10 in-process on the development sets: LoCoMo's development half and MADial (English, Chinese), with
the conversation's fields or as plain content (docs/recall.md, "Levers").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/recall_sets.py [--pgdata /tmp/pg-recall-sets]
        [--sets locomo,madial-en,madial-zh] [--plain] [--tag NAME] [--reingest] [--k 10] [--set NAME=VALUE]
        [--json PATH] [--records PATH] [--samples conv-42,…] [--tune conv-26,conv-30,conv-41]

Ingests each set once into its own tenant of the embedded data directory ``--pgdata`` (kept: a later run with
the same ``--tag``, set and mode reuses it; ``--reingest`` writes it again, into a new tenant, e.g. after a change
to how writes are shaped), through ``POST /api/v1/memories`` in batches of 500 with Django's test client (the
real views, write flow and models), then asks every question with ``memory_search`` (k = ``--k``, the floor off,
as ``bench/recall_levers.py``) and prints R@k overall and per category.

* **locomo** (``../shared/data/locomo-dev.json``): each turn one memory ``"<speaker>: <text>"``; with the fields
  ``subject`` = speaker, ``source_session``, ``valid_from`` = the session's time + the turn's position (as
  ``bench/locomo.py``); with ``--plain`` the content alone, every session of a conversation one batch (as a
  client that saves a conversation as it ends and sends nothing else).
* **madial-en / madial-zh** (``../shared/data/madial-*.json``): each memory event one memory (content only with
  ``--plain``; else subject, its own session and its date); the query is the dialogue so far (its last
  2,000 characters), which is what an agent passes to ``/context`` mid-chat.

A question's evidence is matched to memories by their content as stored (``normalise_content``: trimmed, single
spaces, no blank lines; each stored text maps to its dialogue ids).
``--set NAME=VALUE`` overrides a setting for the searches (``True``/``False``/numbers parsed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data"
SESSION_KEY = re.compile(r"session_(\d+)")
DIA_ID = re.compile(r"D:?(\d+):0*(\d+)")
SESSION_TIME = "%I:%M %p on %d %B, %Y"
LOCOMO_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
MAX_QUERY = 2000


@dataclass
class Item:
    dia_id: str
    content: str
    subject: str
    session: str
    valid_from: dt.datetime


@dataclass
class Sample:
    sample_id: str
    items: list[Item]
    questions: list[tuple[str, int, list[str]]]  # (query, category, evidence dialogue ids)
    batches: list[list[Item]] = field(default_factory=list)


def evidence_ids(raw: list[str]) -> list[str]:
    found: list[str] = []
    for value in raw:
        for m in DIA_ID.finditer(value):
            dia = f"D{int(m.group(1))}:{int(m.group(2))}"
            if dia not in found:
                found.append(dia)
    return found


def load(name: str) -> list[Sample]:
    path = DATA / ("locomo-dev.json" if name == "locomo" else f"{name}.json")
    samples = []
    for raw in json.loads(path.read_text(encoding="utf-8")):
        data = raw["conversation"]
        items: list[Item] = []
        batches: list[list[Item]] = []
        for n in sorted(int(m.group(1)) for key in data if (m := SESSION_KEY.fullmatch(key))):
            began = dt.datetime.strptime(data[f"session_{n}_date_time"], SESSION_TIME).replace(tzinfo=dt.UTC)
            session = [Item(turn["dia_id"], f"{turn['speaker']}: {turn['text']}" if name == "locomo" else turn["text"],
                            turn["speaker"], f"{raw['sample_id']}/session_{n}", began + dt.timedelta(seconds=i))
                       for i, turn in enumerate(data[f"session_{n}"])]
            items += session
            batches.append(session)
        stored = {item.dia_id for item in items}
        questions = []
        for qa in raw["qa"]:
            if name == "locomo" and qa["category"] not in LOCOMO_CATEGORIES:
                continue
            evidence = [dia for dia in evidence_ids(qa.get("evidence", [])) if dia in stored]
            if evidence:
                questions.append((qa["question"][-MAX_QUERY:], int(qa["category"]), evidence))
        samples.append(Sample(raw["sample_id"], items, questions, batches))
    return samples


def parsed(value: str) -> Any:
    if value in ("True", "False"):
        return value == "True"
    try:
        return float(value) if "." in value else int(value)
    except ValueError:
        return value


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-recall-sets")
    parser.add_argument("--sets", default="locomo,madial-en,madial-zh")
    parser.add_argument("--plain", action="store_true", help="content only: no subject, session or time sent")
    parser.add_argument("--tag", default="base", help="names the ingested copy (with the set and the mode)")
    parser.add_argument("--reingest", action="store_true")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a setting for the searches")
    parser.add_argument("--json", type=Path, help="write the figures (per set: R@k overall and per category) here")
    parser.add_argument("--records", type=Path, help="write one JSON line per question here: its set, category, "
                        "evidence, the rank of each evidence turn among the k results (null: not in them) and "
                        "the first 10 results")
    parser.add_argument("--samples", help="only these conversations (comma-separated sample ids, e.g. conv-42)")
    parser.add_argument("--tune", help="comma-separated sample ids: also print R@k of these and of the others "
                        "apart (a tune half and a held-out half)")
    return parser.parse_args()


def ingested_tenant(args: argparse.Namespace, name: str, mode: str, samples: list[Sample]) -> Any:
    """The tenant holding this set in this mode (ingested through the REST API first if there is none, or with
    ``--reingest``: the old copy is renamed aside)."""
    from tenants.models import Tenant

    slug = f"sets-{name}-{mode}-{args.tag}".lower()
    tenant = Tenant.objects.filter(slug=slug).first()
    if tenant is not None and args.reingest:
        tenant.slug = f"{slug}-old-{int(time.time())}"
        tenant.save(update_fields=["slug"])
        tenant = None
    if tenant is None:
        started = time.monotonic()
        tenant = ingest(args, name, slug, samples)
        print(f"{name} {mode}: ingested in {time.monotonic() - started:.0f} s", flush=True)
    return tenant


def ingest(args: argparse.Namespace, name: str, slug: str, samples: list[Sample]) -> Any:
    from rest_framework.test import APIClient

    from tenants.services import apikey_create, tenant_create

    tenant = tenant_create(slug=slug, name=slug, actor="system:bench")
    _, secret = apikey_create(tenant=tenant, name="bench", actor="system:bench")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    for sample in samples:
        scope = f"bench/{sample.sample_id}"
        batches = sample.batches if args.plain and name == "locomo" else [
            sample.items[i : i + 500] for i in range(0, len(sample.items), 500)]
        for batch in batches:
            body = []
            for item in batch:
                entry: dict[str, Any] = {"scope": scope, "content": item.content, "type": "fact"}
                if not args.plain:
                    entry.update(subject=item.subject, source_session=item.session,
                                 valid_from=item.valid_from.isoformat())
                body.append(entry)
            response = client.post("/api/v1/memories", body, format="json")
            assert response.status_code == 201, response.content[:500]
    return tenant


def recall_per_category(args: argparse.Namespace, tenant: Any, samples: list[Sample],
                        overrides: dict[str, Any], records: list[dict[str, Any]] | None = None
                        ) -> dict[int, list[float]]:
    """R@k of every question (floor off), by category; each record (when asked) also names its sample."""
    from django.test import override_settings

    from memories.recall.search import memory_search
    from memories.write.text import normalise_content
    from tenants.scoping import tenant_scope

    per_category: dict[int, list[float]] = defaultdict(list)
    with tenant_scope(tenant), override_settings(**overrides):
        for sample in samples:
            dias: dict[str, set[str]] = defaultdict(set)
            for item in sample.items:
                dias[normalise_content(item.content)].add(item.dia_id)  # as stored: trimmed, one space
            for query, category, evidence in sample.questions:
                found = memory_search(query=query, scopes=[f"bench/{sample.sample_id}"], k=args.k, floor=False,
                                      track_access=False)
                got = {dia for hit in found for dia in dias.get(hit.memory.content, ())}
                per_category[category].append(len(set(evidence) & got) / len(evidence))
                if records is not None:
                    ranks = {dia: n for n, hit in reversed(list(enumerate(found, 1)))
                             for dia in dias.get(hit.memory.content, ())}
                    records.append({"sample": sample.sample_id, "query": query, "category": category,
                                    "evidence": {dia: ranks.get(dia) for dia in evidence},
                                    "top": [[sorted(dias.get(hit.memory.content, ())), hit.memory.content[:200]]
                                            for hit in found[:10]]})
    return per_category


def halves(args: argparse.Namespace, records: list[dict[str, Any]]) -> dict[str, Any]:
    """R@k of the ``--tune`` samples and of the others, overall and by category (printed and returned)."""
    tune = set(args.tune.split(","))
    figures: dict[str, Any] = {}
    for half, keep in (("tune", True), ("held-out", False)):
        per_category: dict[int, list[float]] = defaultdict(list)
        for record in records:
            if (record["sample"] in tune) == keep:
                ranks = record["evidence"].values()
                per_category[record["category"]].append(sum(r is not None for r in ranks) / len(ranks))
        every = [r for rs in per_category.values() for r in rs]
        if not every:
            continue
        print(f"  {half:<9} R@{args.k} {statistics.mean(every):.3f} ({len(every)} questions) | "
              + " ".join(f"{c}: {statistics.mean(rs):.3f}" for c, rs in sorted(per_category.items())), flush=True)
        figures[half] = {"recall": round(statistics.mean(every), 4), "questions": len(every),
                         "categories": {str(c): round(statistics.mean(rs), 4)
                                        for c, rs in sorted(per_category.items())}}
    return figures


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
    figures: dict[str, Any] = {"k": args.k, "plain": args.plain, "settings": overrides, "sets": {}}
    for name in args.sets.split(","):
        samples = load(name)
        if args.samples:
            samples = [s for s in samples if s.sample_id in args.samples.split(",")]
        mode = "plain" if args.plain else "fields"
        tenant = ingested_tenant(args, name, mode, samples)
        started = time.monotonic()
        records: list[dict[str, Any]] | None = [] if args.records or args.tune else None
        per_category = recall_per_category(args, tenant, samples, overrides, records)
        if args.records and records is not None:
            with args.records.open("a", encoding="utf-8") as out:
                out.writelines(json.dumps({"set": name, **record}, ensure_ascii=False) + "\n" for record in records)
        if args.tune and records is not None:
            figures.setdefault("halves", {})[name] = halves(args, records)
        every = [r for rs in per_category.values() for r in rs]
        print(f"{name:<10} {mode:<6} R@{args.k} {statistics.mean(every):.3f} ({len(every)} questions) | "
              + " ".join(f"{c}: {statistics.mean(rs):.3f}" for c, rs in sorted(per_category.items()))
              + f"  [{time.monotonic() - started:.0f} s]", flush=True)
        figures["sets"][name] = {"recall": round(statistics.mean(every), 4), "questions": len(every),
                                 "categories": {str(c): round(statistics.mean(rs), 4)
                                                for c, rs in sorted(per_category.items())}}
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
