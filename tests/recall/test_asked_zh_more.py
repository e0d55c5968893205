"""Chinese questions for a post, a shift or how many children (memories/recall/attributes.py): the memory filling
the slot asked for comes first, and "孩子" counted is the user's children, not a child asked about."""

from __future__ import annotations

import pytest

from memories.recall.attributes import asked_attributes
from tests.recall.conftest import contents, save, search


@pytest.mark.parametrize(("question", "wanted"), [
    ("你现在是什么职位", "job"),
    ("我在公司的岗位是啥", "job"),
    ("我最近上什么班", "shift"),
    ("我是白班还是夜班", "shift"),
    ("我家有几个孩子", "count:children"),
    ("我有孩子吗", "count:children"),
])
def test_a_chinese_question_names_the_slot_it_asks_for(question: str, wanted: str) -> None:
    assert wanted in asked_attributes(question)


def test_how_many_children_finds_the_count_not_a_child(alice) -> None:
    save(alice, {"content": "用户的大儿子今年九岁，喜欢踢球"}, {"content": "用户家老三上个月出生了"},
         {"content": "用户的孩子们周末去奶奶家"})
    assert contents(search(alice, query="我有几个孩子", k=3, floor=False))[0] == "用户家老三上个月出生了"


def test_which_shift_finds_the_shift_held(alice) -> None:
    save(alice, {"content": "用户的医院在城东"}, {"content": "用户从这个月起改上夜班了"},
         {"content": "用户下班后一般直接回家睡觉"})
    assert contents(search(alice, query="我现在上什么班", k=3, floor=False))[0] == "用户从这个月起改上夜班了"
