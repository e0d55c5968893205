"""Questions about what used to be true (memories/recall/history.py): the retired value a newer memory replaced
answers first, before its successor; a question about now never sees it; a memory retired with no successor
stays out; the context block marks the earlier value. Real embedder, real write flow (its supersession)."""

from __future__ import annotations

import pytest

from memories.recall.history import asks_past
from tests.recall.conftest import API, contents, save, search


@pytest.mark.parametrize("question", [
    "Where did I work before?", "What car did the user use to drive?", "Which city did Sam live in previously?",
    "What was my old phone number?", "Who was Maya's first boss?", "What did I do before that?",
    "我之前在哪个城市工作？", "她以前养过什么宠物？", "我原来开什么车", "上一份工作是做什么的？",
])
def test_a_question_asking_for_an_earlier_value_is_read_as_such(question: str) -> None:
    assert asks_past(question)


@pytest.mark.parametrize("question", [
    "Where do I work?", "What car does the user drive now?", "How old is my son?", "Which city does Sam live in?",
    "我现在在哪工作？", "老公喜欢吃什么？", "What should I do before the interview?",
])
def test_a_question_about_now_is_not(question: str) -> None:
    assert not asks_past(question)


def _replaced(alice, old: str, new: str) -> tuple[dict, dict]:
    first = save(alice, {"content": old})[0]
    second = save(alice, {"content": new})[0]
    got = alice.client.get(f"{API}/memories/{first['id']}").json()
    assert got["status"] == "deprecated" and got["superseded_by"] == second["id"], got
    return first, second


@pytest.mark.django_db
def test_the_earlier_value_answers_a_question_about_it_before_its_successor(alice) -> None:
    save(alice, {"content": "The user has a golden retriever called Biscuit"},
         {"content": "The user is learning Portuguese on weekday evenings"})
    google, stripe = _replaced(alice, "The user works at Google as a data analyst.",
                               "The user just started a new job at Stripe as a product manager.")
    beijing, shanghai = _replaced(alice, "用户在北京工作。", "用户现在调到上海工作了。")
    before = contents(search(alice, query="Where did I work before?", k=3))
    assert before.index(google["content"]) < before.index(stripe["content"]), before
    now = contents(search(alice, query="Where do I work now?", k=5))
    assert stripe["content"] in now and google["content"] not in now and beijing["content"] not in now
    zh = contents(search(alice, query="我之前在哪个城市工作？", k=3))
    assert zh.index(beijing["content"]) < zh.index(shanghai["content"]), zh
    assert beijing["content"] not in contents(search(alice, query="我现在在哪个城市工作？", k=5))
    # The caller's own statuses are theirs: nothing retired joins them.
    assert google["content"] not in contents(search(alice, query="Where did I work before?", k=5,
                                                    include_statuses=["active"]))
    block = alice.client.post(f"{API}/context", {"query": "Where did I work previously?", "scope": "user/1"},
                              format="json").json()["block"]
    assert f'superseded="true">{google["content"]}' in block.replace(f' id="{google["id"]}"', "")


@pytest.mark.django_db
def test_a_memory_retired_with_no_successor_stays_out(alice) -> None:
    wrong = save(alice, {"content": "The user used to work at Initech as a tester"})[0]
    response = alice.client.post(f"{API}/memories/{wrong['id']}/deprecate", {}, format="json",
                                 HTTP_IF_MATCH=str(wrong["version"]))
    assert response.status_code in (200, 204), response.content[:500]
    assert wrong["content"] not in contents(search(alice, query="Where did I work before?", k=5))
