"""A Chinese question drops its subject as Chinese does ("开什么车", "在哪家公司上班"): it asks of the user whose
memories these are, so the memory filling the asked slot comes first and passes the relevance floor, as it does for
"我在哪上班？". A question naming someone else ("小李开什么车") lifts none of the user's."""

from __future__ import annotations

import pytest

from memories.recall.attributes import _subjectless_zh
from tests.recall.conftest import contents, save, search


@pytest.mark.parametrize(("question", "subjectless"), [
    ("开什么车", True), ("在哪家公司上班？", True), ("体重多少", True), ("住哪儿", True),
    ("小李开什么车", False), ("我老婆在哪上班", False), ("他住哪", False), ("What car?", False),
])
def test_a_question_with_no_subject(question: str, subjectless: bool) -> None:
    assert _subjectless_zh(question) is subjectless


def test_the_users_slot_answers_a_question_with_no_subject(alice) -> None:
    save(alice, {"content": "用户把原来那辆思域卖了"}, {"content": "用户现在开一辆比亚迪汉"},
         {"content": "用户周末常去郊区钓鱼"})
    assert contents(search(alice, query="开的什么车", k=3, floor=False))[0] == "用户现在开一辆比亚迪汉"


def test_a_workplace_asked_with_no_subject_passes_the_floor(alice) -> None:
    save(alice, {"content": "用户现在在美团做数据分析"}, {"content": "用户每天骑车去地铁站"})
    result = search(alice, query="在哪家公司上班", k=3)
    assert contents(result)[0] == "用户现在在美团做数据分析"
    assert result["results"][0]["relevant"]
