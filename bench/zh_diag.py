"""The Chinese development set in-process, with a diagnosis: which messages are not live after writing and why,
and why each missed question missed (docs/recall.md, "Chinese development set").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/zh_diag.py [--pgdata /tmp/pg-zh-diag] [--tag NAME] [--reingest]
        [--set NAME=VALUE] [--details /tmp/zh-diag.json] [--shapes lookup,kin]

Writes ``bench/eval/zh-dev.json``'s messages as ``bench/zh_recall.py`` does (plain content, one scope, batches of
100) through ``POST /api/v1/memories`` with Django's test client, once per ``--tag`` (kept in ``--pgdata``; a
change to the write side needs ``--reingest``). Then:

1. **Liveness.** Each message's memory and its status; a deprecated one with the memory that superseded it, a
   pending one with the review item's reason and other side. Counted: messages live, and the not-live ones by
   whether the memory that retired or parked them is about the same user's message (same speaker label).
2. **Recall.** Every question with ``memory_search`` (k = 10 and k = 100, the floor off, ``--set`` overrides):
   R@10 (all evidence in the top 10) per shape, and each miss classified: ``not live`` (some evidence memory is
   not active), ``near`` (every evidence memory in the top 30), ``far`` (some in 31–100), ``absent`` (some not in
   the 100).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT / "bench" / "eval" / "zh-dev.json"
SCOPE = "bench/zh-dev"


def parsed(value: str) -> Any:
    if value in ("True", "False"):
        return value == "True"
    try:
        return float(value) if "." in value else int(value)
    except ValueError:
        return value


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-zh-diag")
    parser.add_argument("--tag", default="base")
    parser.add_argument("--reingest", action="store_true")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a setting for the searches")
    parser.add_argument("--details", type=Path, help="write every not-live message and every miss here (JSON)")
    parser.add_argument("--shapes", default="", help="only these question shapes (comma-separated)")
    parser.add_argument("--no-search", action="store_true")
    return parser.parse_args()


def ingested(args: argparse.Namespace, messages: list[dict[str, Any]]) -> tuple[Any, dict[str, str]]:
    """The set's tenant and each message's memory id: written once per ``--tag`` (again with ``--reingest``)."""
    from rest_framework.test import APIClient

    from tenants.models import Tenant
    from tenants.services import apikey_create, tenant_create

    slug = f"zh-diag-{args.tag}".lower()
    tenant = Tenant.objects.filter(slug=slug).first()
    if tenant is not None and args.reingest:
        tenant.slug = f"{slug}-old-{int(time.time())}"
        tenant.save(update_fields=["slug"])
        tenant = None
    ids_file = Path(args.pgdata) / f"{slug}-ids.json"
    if tenant is not None:
        return tenant, json.loads(ids_file.read_text())
    started = time.monotonic()
    tenant = tenant_create(slug=slug, name=slug, actor="system:bench")
    _, secret = apikey_create(tenant=tenant, name="bench", actor="system:bench")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    memory_of: dict[str, str] = {}
    for start in range(0, len(messages), 100):
        chunk = messages[start : start + 100]
        response = client.post("/api/v1/memories", [{"scope": SCOPE, "content": m["content"]} for m in chunk],
                               format="json")
        assert response.status_code == 201, response.content[:500]
        for message, saved in zip(chunk, response.json(), strict=True):
            memory_of[message["id"]] = saved["id"]
    ids_file.write_text(json.dumps(memory_of))
    print(f"ingested in {time.monotonic() - started:.0f} s", flush=True)
    return tenant, memory_of


def not_live_reason(memory: Any, rows: dict[str, Any], reviews: dict[str, Any]) -> tuple[str, Any]:
    """Why a memory is not active, and the memory that retired or parked it (if any)."""
    if memory.status == "deprecated" and memory.superseded_by_id:
        return memory.status, rows.get(str(memory.superseded_by_id))
    review = reviews.get(str(memory.pk))
    if review is None:
        return memory.status, None
    other = rows.get(str(review.other_memory_id)) if review.other_memory_id else None
    return f"{memory.status}:{review.reason_code or review.kind}", other


def liveness(tenant: Any, memory_of: dict[str, str], by_id: dict[str, Any], details: dict[str, Any]) -> tuple[
        dict[str, str], dict[str, Any]]:
    """Print the messages' statuses and why the not-live ones are so; each message's status and the rows."""
    from memories.models import Memory, ReviewItem

    rows = {str(m.pk): m for m in Memory.objects.filter(tenant=tenant)}
    reviews = {str(r.memory_id): r for r in ReviewItem.objects.filter(tenant=tenant)}
    status = {mid: rows[pk].status for mid, pk in memory_of.items()}
    counts = Counter(status.values())
    print(f"messages {len(memory_of)}: {dict(counts)}; live {counts['active'] / len(memory_of):.3f}; "
          f"distinct {len(set(memory_of.values()))}")
    content_msg = {rows[pk].content: mid for mid, pk in memory_of.items()}
    why: Counter[str] = Counter()
    for mid, pk in memory_of.items():
        memory = rows[pk]
        if memory.status == "active":
            continue
        reason, other = not_live_reason(memory, rows, reviews)
        other_mid = content_msg.get(other.content) if other else None
        same_user = bool(other_mid) and by_id[other_mid]["user"] == by_id[mid]["user"]
        why[f"{reason} {by_id[mid]['role']} {'same-user' if same_user else 'other-user'}"] += 1
        details["not_live"].append({"message": mid, "content": memory.content, "status": memory.status,
                                    "reason": reason, "by": other.content if other else None})
    for reason, n in why.most_common():
        print(f"  {n:4d}  {reason}")
    return status, rows


def miss_class(question: dict[str, Any], status: dict[str, str], ranks: dict[str, int | None]) -> str:
    if any(status[e] != "active" for e in question["evidence"]):
        return "not live"
    if all(r is not None and r <= 30 for r in ranks.values()):
        return "near"
    if all(r is not None for r in ranks.values()):
        return "far"
    return "absent"


def recall(questions: list[dict[str, Any]], context: dict[str, Any], overrides: dict[str, Any],
           details: dict[str, Any]) -> None:
    """Ask every question (k = 100) and print R@10 per shape and the misses by class."""
    from django.test import override_settings

    from memories.recall.search import memory_search

    memory_of, status, rows, by_id = context["memory_of"], context["status"], context["rows"], context["by_id"]
    per_shape: dict[str, list[float]] = defaultdict(list)
    per_shape_ev: dict[str, list[float]] = defaultdict(list)
    classes: Counter[str] = Counter()
    started = time.monotonic()
    with override_settings(**overrides):
        for q in questions:
            evidence = {memory_of[e] for e in q["evidence"]}
            hits = memory_search(query=q["question"], scopes=[SCOPE], k=100, floor=False, track_access=False)
            ids = [str(h.memory.pk) for h in hits]
            top = set(ids[:10])
            per_shape[q["shape"]].append(float(evidence <= top))
            per_shape_ev[q["shape"]].append(len(evidence & top) / len(evidence))
            if evidence <= top:
                continue
            ranks = {e: (ids.index(memory_of[e]) + 1 if memory_of[e] in ids else None) for e in q["evidence"]}
            cls = miss_class(q, status, ranks)
            classes[f"{q['shape']} {cls}"] += 1
            details["misses"].append({
                "id": q["id"], "shape": q["shape"], "class": cls, "question": q["question"],
                "evidence": {e: [by_id[e]["content"], status[e], ranks[e]] for e in q["evidence"]},
                "top": [rows[pk].content for pk in ids[:5] if pk in rows]})
    every = [r for rs in per_shape.values() for r in rs]
    every_ev = [r for rs in per_shape_ev.values() for r in rs]
    print(f"R@10 all {statistics.mean(every):.3f} per evidence {statistics.mean(every_ev):.3f} "
          f"({len(every)} questions, {time.monotonic() - started:.0f} s) | "
          + " ".join(f"{s}: {statistics.mean(rs):.3f}" for s, rs in per_shape.items()), flush=True)
    print("misses: " + ", ".join(f"{c} {n}" for c, n in sorted(classes.items())))


def main() -> int:
    args = arguments()
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    from django.core.management import call_command

    from tenants.scoping import tenant_scope

    call_command("migrate", verbosity=0)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    messages, questions = data["messages"], data["questions"]
    if args.shapes:
        questions = [q for q in questions if q["shape"] in args.shapes.split(",")]
    tenant, memory_of = ingested(args, messages)
    by_id = {m["id"]: m for m in messages}
    details: dict[str, Any] = {"not_live": [], "misses": []}
    with tenant_scope(tenant):
        status, rows = liveness(tenant, memory_of, by_id, details)
        if not args.no_search:
            overrides = {name: parsed(value) for name, value in (item.split("=", 1) for item in args.set)}
            context = {"memory_of": memory_of, "status": status, "rows": rows, "by_id": by_id}
            recall(questions, context, overrides, details)
    if args.details:
        args.details.write_text(json.dumps(details, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
