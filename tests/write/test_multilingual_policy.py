"""The conflict policy for Chinese (and cross-language) pairs that share meaning but few words: found as
near-duplicates by the model that reads them (USE multilingual, at its own threshold), through the REST
API with the real models. The policy table itself: memories/write/policy.py."""

from __future__ import annotations

import pytest

from memories.embeddings import MULTILINGUAL_DEFAULT, profile
from memories.models import MemoryVector
from tenants.scoping import tenant_scope
from tests.api.conftest import create, get, review_items
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db

HIGH, LOW = 0.95, 0.5


def action(body: dict) -> tuple[str, list[str]]:
    return body["resolution"]["action"], body["resolution"]["related"]


def test_a_reworded_chinese_fact_supersedes_the_old_one(alice: KeyedClient) -> None:
    old = create(alice, content="用户的女儿叫小雨，今年六岁", confidence=HIGH)
    new = create(alice, content="小雨是用户六岁的女儿", confidence=HIGH)  # few shared words, the same fact
    assert action(new) == ("superseded", [old["id"]])
    assert get(alice, old["id"])["status"] == "deprecated"


def test_a_reworded_chinese_fact_with_low_confidence_waits_for_review(alice: KeyedClient) -> None:
    old = create(alice, content="用户的女儿叫小雨，今年六岁", confidence=HIGH)
    new = create(alice, content="小雨是用户六岁的女儿", confidence=LOW)
    assert action(new) == ("pending", [old["id"]])
    assert get(alice, old["id"])["status"] == "active"


def test_a_low_confidence_chinese_fact_is_overwritten_by_a_reworded_high_one(alice: KeyedClient) -> None:
    old = create(alice, content="星辰计划的预算是 42000 元", confidence=LOW)
    new = create(alice, content="星辰计划的预算改成了 50000 元", confidence=HIGH)
    assert action(new) == ("updated", [old["id"]]) and new["id"] == old["id"]
    with tenant_scope(alice.tenant):  # the memory's every vector is the new content's
        assert MemoryVector.objects.filter(memory_id=old["id"], model=MULTILINGUAL_DEFAULT).count() == 1


def test_a_reversed_chinese_preference_is_a_conflict_pair(alice: KeyedClient) -> None:
    old = create(alice, type="preference", content="用户喜欢深色主题", confidence=HIGH)
    new = create(alice, type="preference", content="用户现在更喜欢浅色主题", confidence=HIGH)
    assert action(new) == ("conflict", [old["id"]])
    assert get(alice, old["id"])["status"] == "conflicted"
    assert [item["kind"] for item in review_items(alice)] == ["conflict"]


def test_distinct_chinese_facts_stay_apart(alice: KeyedClient) -> None:
    create(alice, content="用户对海鲜过敏", confidence=HIGH)
    for other in ("用户对青霉素过敏", "用户养了一只猫", "用户的父母住在杭州"):
        assert action(create(alice, content=other, confidence=HIGH)) == ("created", [])


def test_the_same_fact_across_languages_is_one_fact(alice: KeyedClient) -> None:
    old = create(alice, content="用户对海鲜过敏", confidence=HIGH)
    new = create(alice, content="The user is allergic to seafood", confidence=HIGH)
    assert action(new) == ("superseded", [old["id"]])


def test_english_pairs_keep_the_first_models_rule(alice: KeyedClient) -> None:
    assert profile(MULTILINGUAL_DEFAULT).near_duplicate < 0.92
    create(alice, content="The user is allergic to peanuts", confidence=HIGH)
    # Two facts. USE would call them the same (0.77, above its 0.75); all-MiniLM judges English pairs: 0.68.
    assert action(create(alice, content="The user is allergic to penicillin", confidence=HIGH)) == ("created", [])



MIXED_SCOPE = [
    ("fact", "用户对海鲜过敏"), ("fact", "用户的女儿叫小雨，今年六岁"), ("fact", "The user lives in Hangzhou"),
    ("preference", "用户喜欢深色主题"), ("preference", "The user drinks oolong tea"),
    ("fact", "星辰计划的预算是 42000 元"),
    ("fact", "用户的父母住在杭州"), ("task", "下周三之前把报告发给 Sarah"),
]
BATCH = [
    ("fact", "The user is allergic to seafood"), ("fact", "小雨是用户六岁的女儿"),
    ("preference", "用户现在更喜欢浅色主题"),
    ("fact", "The user's parents live in Hangzhou"), ("task", "Send the report to Sarah before Wednesday"),
    ("fact", "用户住在杭州"), ("preference", "The user likes dark mode"),
]


def test_the_batch_compares_secondary_vectors_as_the_database_would(alice: KeyedClient, monkeypatch) -> None:
    """``related.secondary_near`` (numpy, the scopes' vectors read once) finds what ``RELATED_SECONDARY_SQL``
    (item by item in the database; used above ``SCOPE_VECTORS_MAX``) finds, in the same order."""
    from django.utils import timezone

    from memories.models import Scope
    from memories.write import related
    from memories.write.prepare import MemoryInput, prepare_inputs

    for kind, content in MIXED_SCOPE:
        create(alice, type=kind, content=content, confidence=HIGH)
    with tenant_scope(alice.tenant):
        scope = Scope.objects.get(path="user/1")
        prepared = prepare_inputs([MemoryInput(scope="user/1", type=kind, content=content) for kind, content in BATCH])
        items = [(scope, p) for p in prepared]
        now = timezone.now()
        by_numpy = [[m.pk for m in found] for found in related.related_prefetch(items, 0.92, now)]
        monkeypatch.setattr(related, "SCOPE_VECTORS_MAX", 0)
        by_sql = [[m.pk for m in found] for found in related.related_prefetch(items, 0.92, now)]
    assert by_numpy == by_sql
    assert sum(map(len, by_numpy)) >= 4  # seafood, 小雨, the theme and the parents each find their pair
