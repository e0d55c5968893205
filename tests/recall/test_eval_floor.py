"""The retrieval-quality harness on the evaluation set, with floors: quality cannot silently regress.
Full numbers: `python manage.py eval_recall` (docs/recall.md, docs/benchmarks.md)."""

from __future__ import annotations

import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command

from memories.models import Memory
from memories.recall.eval import DIRECTIONS, ModeReport, QuestionResult, load_dataset, pick_questions
from tenants.models import Tenant

pytestmark = pytest.mark.django_db


def test_it_scores_recall_and_mrr() -> None:
    report = ModeReport("hybrid", [QuestionResult("a", ["zh"], [1, None], 5.0),
                                   QuestionResult("b", [], [3], 7.0)])
    assert report.recall_at(1) == pytest.approx(0.25)
    assert report.recall_at(5) == pytest.approx(0.75)
    assert report.recall_at(5, "zh") == pytest.approx(0.5)
    assert report.mrr() == pytest.approx((1 + 1 / 3) / 2)
    assert report.latency(0.5) in (5.0, 7.0)


def test_it_has_a_bilingual_set_big_enough() -> None:
    data = load_dataset()
    assert len(data["conversations"]) >= 5 and len(data["questions"]) >= 150
    keys = {m["key"] for c in data["conversations"] for s in c["sessions"] for m in s["memories"]}
    assert all(set(q["expected"]) <= keys for q in data["questions"])
    tags = {t for q in data["questions"] for t in q["tags"]}
    assert {"paraphrase", "name", "number", "temporal", "zh", "mixed", "crosslingual", "none"} <= tags
    directions = Counter(q.get("direction") for q in data["questions"] if q["expected"])
    assert directions["en-zh"] + directions["zh-en"] >= 30 and min(directions["en-zh"], directions["zh-en"]) >= 15
    assert all(q.get("direction") in (None, *DIRECTIONS) for q in data["questions"])
    assert sum(1 for q in data["questions"] if not q["expected"]) >= 10
    assert len(pick_questions(data["questions"], 24)) == 24


def test_it_keeps_hybrid_recall_above_the_floor_and_ahead_of_each_side() -> None:
    out = StringIO()
    call_command("eval_recall", "--limit", "30", "--json", stdout=out)
    result = json.loads(out.getvalue())
    modes = {row["mode"]: row for row in result["modes"] if not row["floor"]}  # as the single legs run
    hybrid = modes["hybrid"]
    assert result["questions"] == 30 and result["rolled_back"]
    assert hybrid["recall@5"] >= 0.85 and hybrid["mrr"] >= 0.75, hybrid
    assert hybrid["recall@5_by_tag"]["zh"] >= 0.85, hybrid
    assert hybrid["mrr"] >= modes["vector"]["mrr"] and hybrid["mrr"] >= modes["lexical"]["mrr"], modes
    assert not Tenant.objects.filter(slug=result["tenant"]).exists()  # the throwaway tenant is gone
    assert Memory.unscoped.count() == 0


def test_it_keeps_every_direction_and_the_floor_on_the_whole_set() -> None:
    """Through the REST API: both cross-lingual directions, Chinese and English (the issue's bars), and the
    floor costing at most 0.01 of recall@10. The floor keeps every candidate when the memories speak to
    the question (docs/recall.md, "The relevance floor"): the set's "nothing relevant" questions are about
    its own people, so their blocks are no longer cut (measured in docs/benchmarks.md); a question about
    nothing stored is (tests/recall/test_levers.py)."""
    out = StringIO()
    call_command("eval_recall", "--mode", "hybrid", "--json", stdout=out)
    runs = {row["floor"]: row for row in json.loads(out.getvalue())["modes"]}
    floor, no_floor = runs[True], runs[False]
    directions = floor["recall@5_by_direction"]
    assert directions["en-zh"] >= 0.85 and directions["zh-en"] >= 0.85, directions
    assert directions["zh-zh"] >= 0.95 and directions["en-en"] >= 0.93, directions
    assert floor["recall@10"] >= no_floor["recall@10"] - 0.01, (floor, no_floor)
    assert floor["recall@10"] >= 0.98 and no_floor["recall@10"] >= 0.99, (floor, no_floor)
    assert floor["nothing_relevant"]["mean_items"] <= no_floor["nothing_relevant"]["mean_items"], floor
