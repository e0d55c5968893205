"""A memory that has waited in review longer than the review window (settings.RECALL_UNREVIEWED_DAYS) is still
searched, its hit marked unreviewed (``unreviewed`` in the API, ``unreviewed="true"`` in a context block); one
still within its window is not; 0 turns it off. On both search paths (the in-process index and SQL)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from memories.models import Memory
from tenants.scoping import tenant_scope
from tests.recall.conftest import API, save, search

pytestmark = pytest.mark.django_db


def _written_days_ago(alice, memory_id: str, days: float) -> None:
    with tenant_scope(alice.tenant):
        Memory.objects.filter(pk=memory_id).update(created_at=timezone.now() - timedelta(days=days))


@pytest.mark.parametrize("index", [True, False], ids=["index", "sql"])
def test_pending_past_the_review_window_is_searched_and_marked(alice, settings, index: bool) -> None:
    settings.SEARCH_INDEX_ENABLED = index
    settings.RECALL_UNREVIEWED_DAYS = 7.0
    [live, old, young] = save(
        alice, {"content": "我表哥王磊住在杭州，在一家银行上班。"},
        {"content": "我女儿林小雨在实验小学读三年级。", "confidence": 0.3},  # low confidence: waits in review
        {"content": "我下属周敏养了一只柯基，叫豆豆。", "confidence": 0.3})
    assert old["status"] == young["status"] == "pending" and live["status"] == "active"
    _written_days_ago(alice, old["id"], 8)
    _written_days_ago(alice, young["id"], 2)

    hits = search(alice, query="林小雨在哪个学校读书？", floor=False)["results"]
    marks = {hit["memory"]["id"]: hit["unreviewed"] for hit in hits}
    assert marks.get(old["id"]) is True and marks.get(live["id"]) is False
    assert young["id"] not in marks  # still within its review window
    block = alice.client.post(f"{API}/context", {"scope": "user/1", "query": "林小雨在哪个学校读书？",
                                                 "floor": False}, format="json")
    assert block.status_code == 200, block.content[:2000]
    built = block.json()
    tags = re.findall(r"<item ([^>]*)>", built["block"])  # the n-th item is items[n-1]
    assert 'unreviewed="true"' in tags[built["items"].index(old["id"])]
    assert sum('unreviewed="true"' in tag for tag in tags) == 1

    settings.RECALL_UNREVIEWED_DAYS = 0.0
    hits = search(alice, query="林小雨在哪个学校读书？", floor=False)["results"]
    assert old["id"] not in {hit["memory"]["id"] for hit in hits}
    asked = search(alice, query="林小雨在哪个学校读书？", floor=False, include_statuses=["pending"])["results"]
    assert {hit["memory"]["id"] for hit in asked} == {old["id"], young["id"]}
    assert all(hit["unreviewed"] for hit in asked)
