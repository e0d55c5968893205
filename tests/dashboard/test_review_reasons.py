"""A review item says why the memory waits: a stated memory at full confidence is never called "low confidence";
an ambiguous same-fact, an inferred guess and a write below the review threshold each say so, in both languages,
in the API's ``reason`` and on the review page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.api.conftest import API, create

pytestmark = pytest.mark.django_db


def reason_of(kc, memory_id: str) -> str:
    items = kc.client.get(f"{API}/review").json()["results"]
    return next(i["reason"] for i in items if i["memory"]["id"] == memory_id)


def review_page(client, language: str) -> str:
    return client.get(reverse("dashboard:review"), {"chains": "0"}, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_stated_fact_at_full_confidence_waits_as_an_ambiguous_same_fact(alice, admin_client):
    old = create(alice, type="fact", content="我的表弟今年36岁", confidence=1.0)
    new = create(alice, type="fact", content="我的表弟张伟今年37岁", confidence=1.0)
    assert new["resolution"]["action"] == "pending"
    reason = reason_of(alice, new["id"])
    assert "low confidence" not in reason and "below" not in reason
    assert reason == f"may be the same fact as {old['id']}: one of them names something the other does not"
    english, chinese = review_page(admin_client, "en"), review_page(admin_client, "zh-CN")
    assert "may be the same fact as" in english and "low confidence;" not in english
    assert "可能与" in chinese and "置信度低；" not in chinese


def test_an_inferred_guess_and_a_write_below_the_threshold_say_so(alice, admin_client):
    create(alice, type="fact", content="The user probably lives in Berlin.", provenance="inferred", confidence=0.9)
    low = create(alice, type="fact", content="The user's cat is called Miso.", confidence=0.4)
    assert reason_of(alice, low["id"]) == "confidence below the review threshold"
    english, chinese = review_page(admin_client, "en"), review_page(admin_client, "zh-CN")
    assert "inferred by a model" in english and "confidence below the review threshold" in english
    assert "由模型推断" in chinese and "置信度低于审核阈值" in chinese
