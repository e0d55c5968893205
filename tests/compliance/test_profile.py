"""A person's profile from plain text (memories/compliance/profile.py): each slot's newest value linked to its
memory and when it became true, in English and Chinese, through the API and in the subject export."""

from __future__ import annotations

from typing import Any

import pytest

from tests.compliance.conftest import API

pytestmark = pytest.mark.django_db


def save(kc: Any, *items: dict[str, Any]) -> list[dict[str, Any]]:
    response = kc.client.post(f"{API}/memories", [{"scope": "team/a", "type": "fact", **i} for i in items],
                              format="json")
    assert response.status_code == 201, response.content[:2000]
    return response.json()


def test_the_profile_holds_the_newest_value_of_each_slot_in_both_languages(alice: Any) -> None:
    old, new, said, born = save(
        alice,
        {"content": "I live in Porto.", "subject": "Nate", "valid_from": "2024-01-01T00:00:00Z"},
        {"content": "I moved to Lisbon.", "subject": "Nate", "valid_from": "2025-03-01T00:00:00Z"},
        {"content": "Nate works at Stripe.", "subject": "joanna"},
        {"content": "My cousin Zhang Wei is 36 years old.", "subject": "Nate"})
    zh_old, zh_new = save(alice, {"content": "王芳住在上海。", "valid_from": "2024-01-01T00:00:00Z"},
                          {"content": "王芳现在住在杭州。", "valid_from": "2025-01-01T00:00:00Z"})
    response = alice.client.get(f"{API}/subjects/Nate/profile")
    assert response.status_code == 200, response.content[:2000]
    profile = response.json()
    slots = {s["attribute"]: s for s in profile["slots"]}
    assert slots["city"]["value"] == "lisbon" and slots["city"]["memory_id"] == new["id"]
    assert slots["city"]["valid_from"].startswith("2025-03-01")
    assert [h["memory_id"] for h in slots["city"]["history"]] == [old["id"]]
    assert slots["employer"] == {**slots["employer"], "value": "stripe", "memory_id": said["id"]}
    assert "age" not in slots  # the cousin's age is not Nate's
    assert {"name": "zhang wei", "role": "cousin", "memory_id": born["id"]} in profile["people"]
    with_zh = alice.client.get(f"{API}/subjects/王芳/profile")  # nobody sent 王芳 as a subject: from mentions
    assert {s["attribute"]: s["value"] for s in with_zh.json()["slots"]} == {"city": "杭州"}
    save(alice, {"content": "我喜欢喝茶。", "subject": "王芳"})
    zh = {s["attribute"]: s for s in alice.client.get(f"{API}/subjects/王芳/profile").json()["slots"]}
    assert zh["city"]["value"] == "杭州" and zh["city"]["memory_id"] == zh_new["id"]
    assert [h["memory_id"] for h in zh["city"]["history"]] == [zh_old["id"]]
    exported = alice.client.get(f"{API}/subjects/Nate/export").json()
    assert exported["profile"] == profile


def test_another_tenant_gets_404(alice: Any, bob: Any) -> None:
    save(alice, {"content": "I live in Porto.", "subject": "Nate"})
    assert bob.client.get(f"{API}/subjects/Nate/profile").status_code == 404


def test_a_person_only_written_about_in_plain_text_has_a_profile_in_both_languages(alice: Any) -> None:
    """Nobody sent Li Na or 张伟 as a ``subject``: the memories that name them are the profile's source."""
    old, new, age = save(alice, {"content": "Li Na lives in Leeds.", "valid_from": "2024-01-01T00:00:00Z"},
                         {"content": "Li Na moved to York.", "valid_from": "2025-01-01T00:00:00Z"},
                         {"content": "Li Na is 41 years old."})
    zh_old, zh_new = save(alice, {"content": "张伟在阿里巴巴工作。", "valid_from": "2024-01-01T00:00:00Z"},
                          {"content": "张伟现在在腾讯工作。", "valid_from": "2025-01-01T00:00:00Z"})
    response = alice.client.get(f"{API}/subjects/Li Na/profile")
    assert response.status_code == 200, response.content[:2000]
    profile = response.json()
    assert profile["subject"] == "Li Na"
    slots = {s["attribute"]: s for s in profile["slots"]}
    assert slots["city"]["value"] == "york" and slots["city"]["memory_id"] == new["id"], slots
    assert [h["memory_id"] for h in slots["city"]["history"]] == [old["id"]]
    assert slots["age"]["value"] == "41" and slots["age"]["memory_id"] == age["id"]
    zh = alice.client.get(f"{API}/subjects/张伟/profile")
    assert zh.status_code == 200, zh.content[:2000]
    employer = {s["attribute"]: s for s in zh.json()["slots"]}["employer"]
    assert employer["value"] == "腾讯" and employer["memory_id"] == zh_new["id"], employer
    assert [h["memory_id"] for h in employer["history"]] == [zh_old["id"]]
    assert alice.client.get(f"{API}/subjects/Nobody Named/profile").status_code == 404


def test_a_plain_text_person_of_another_tenant_is_a_404(alice: Any, bob: Any) -> None:
    save(alice, {"content": "张伟现在在腾讯工作。"})
    assert bob.client.get(f"{API}/subjects/张伟/profile").status_code == 404
