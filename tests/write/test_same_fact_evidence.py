"""A near-duplicate is the same fact only when both name the same things (memories/write/anchors.py): a
template repeated with other people, events or numbers is never folded; a true update of one fact still
supersedes; what nobody can tell goes to review. Through the REST API with the real models."""

from __future__ import annotations

import pytest

from memories.write.anchors import anchors, texts_sameness
from memories.write.policy import Sameness
from tests.api.conftest import API, create, get
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db

TEMPLATED = [
    ("刘子墨是我的下属，其年龄是34岁。", "李明杰是我的下属，其年龄是32岁。"),
    ("刘宇轩是我的父亲，其年龄是57岁。", "刘晨曦是我的叔叔，其年龄是57岁。"),
    ("建筑技艺交流盛宴的时间是下周六下午两点。", "泳动艺术盛宴的时间是下下周二下午两点。"),
    ("My subordinate Liu Zimo is 34 years old.", "My subordinate Li Mingjie is 32 years old."),
    ("My father Liu Yuxuan is 57 years old.", "My uncle Liu Chenxi is 57 years old."),
]


def labelled(text: str, label: bool) -> str:
    if not label:
        return text
    return ("User: " if text.isascii() else "用户: ") + text


@pytest.mark.parametrize("label", [False, True], ids=["bare", "speaker-label"])
@pytest.mark.parametrize(("first", "second"), TEMPLATED)
def test_distinct_facts_in_one_template_both_stay_active(alice: KeyedClient, first: str, second: str,
                                                         label: bool) -> None:
    old = create(alice, type="fact", content=labelled(first, label), confidence=0.95)
    new = create(alice, type="fact", content=labelled(second, label), confidence=0.95)
    assert new["resolution"]["action"] == "created", new["resolution"]
    assert get(alice, old["id"])["status"] == "active" and get(alice, new["id"])["status"] == "active"


@pytest.mark.parametrize("label", [False, True], ids=["bare", "speaker-label"])
def test_distinct_facts_in_one_batch_all_stay_active(alice: KeyedClient, label: bool) -> None:
    # One scope per language: a Chinese fact and its English translation are one fact.
    items = [{"scope": "user/1" if text.isascii() else "user/2", "type": "fact", "content": labelled(text, label),
              "confidence": 0.95} for pair in TEMPLATED for text in pair]
    response = alice.client.post(f"{API}/memories", items, format="json")
    assert response.status_code == 201, response.content[:2000]
    results = response.json()
    assert [r["resolution"]["action"] for r in results] == ["created"] * len(items)
    assert {get(alice, r["id"])["status"] for r in results} == {"active"}


@pytest.mark.parametrize(("old_text", "new_text"), [
    ("我的表弟张伟今年36岁", "我的表弟张伟今年37岁"),
    ("My cousin Zhang Wei is 36 years old.", "My cousin Zhang Wei is 37 years old."),
])
def test_a_true_update_of_one_fact_still_supersedes(alice: KeyedClient, old_text: str, new_text: str) -> None:
    old = create(alice, type="fact", content=old_text, confidence=0.95)
    new = create(alice, type="fact", content=new_text, confidence=0.95)
    assert new["resolution"] == {**new["resolution"], "action": "superseded", "related": [old["id"]]}
    assert get(alice, old["id"])["status"] == "deprecated"


def test_a_near_duplicate_that_names_more_goes_to_review_and_retires_nothing(alice: KeyedClient) -> None:
    old = create(alice, type="fact", content="我的表弟今年36岁", confidence=0.95)
    new = create(alice, type="fact", content="我的表弟张伟今年37岁", confidence=0.95)
    assert new["resolution"]["action"] == "pending" and new["resolution"]["related"] == [old["id"]]
    assert get(alice, old["id"])["status"] == "active"


def test_names_and_values_by_script() -> None:
    zh = anchors("用户: 刘子墨是我的下属，其年龄是34岁。")
    assert {"刘子墨", "用户"} <= zh.names and "34" in zh.values and zh.cjk
    en = anchors("User: My subordinate Liu Zimo is 34 years old. I met Deb on Friday.")
    assert en.names == {"liu", "zimo", "deb", "~subordinate"} and {"34", "friday"} <= en.values and not en.cjk
    assert texts_sameness("Thanks, Deb! Your support means a lot", "Thanks, Mel! Your support means a lot") \
        is Sameness.DIFFERENT
    assert texts_sameness("Prefers answers in Chinese", "喜欢用中文回答") is Sameness.SAME  # values only across scripts
    assert texts_sameness("The meeting is at 3pm", "The meeting is at 4pm") is Sameness.SAME


def test_a_number_that_labels_a_thing_names_it() -> None:
    steps = [f"Runbook step {n}: restart service number {n} and check the logs for errors." for n in (3, 4)]
    assert texts_sameness(*steps) is Sameness.DIFFERENT
    assert texts_sameness("Ticket #4521 is about the login bug", "Ticket #4522 is about the login bug") \
        is Sameness.DIFFERENT
    assert texts_sameness("第3步：重启服务", "第4步：重启服务") is Sameness.DIFFERENT
    assert texts_sameness("第二章讲了历史", "第三章讲了历史") is Sameness.DIFFERENT
    # A measured or stated value is still a value: a changed one updates the same fact.
    assert texts_sameness("My cousin is 36 years old", "My cousin is 37 years old") is Sameness.SAME
    assert texts_sameness("我的表弟张伟今年36岁", "我的表弟张伟今年37岁") is Sameness.SAME


def test_numbered_steps_written_in_one_template_all_stay_live(alice: KeyedClient) -> None:
    made = [create(alice, type="note", content=f"Runbook step {n}: restart service number {n} and check the logs.",
                   confidence=0.95) for n in range(6)]
    assert [m["resolution"]["action"] for m in made] == ["created"] * 6
    assert all(get(alice, m["id"])["status"] == "active" for m in made)
