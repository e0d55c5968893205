"""A later value said in a long Chinese turn retires the earlier one (``memories.write.slots_zh``,
``memories.write.changes``): a move dated by the weekend the extractor resolved, a post given by someone or said by
its English title or by "去做…", and an end said with 也 ("也不…了"). What must retire nothing stays apart: a stay
on a weekend, a post wished for, an addition with 也. Worded unlike the long-memory sets (bench/realchat*_zh.py)."""

from __future__ import annotations

import pytest

from memories.write.changes import change_words, changed_from, said_changed
from memories.write.slots import linking_slot, slots_of
from memories.write.text import search_text

CHANGES = [
    ("用户一家住在浦东张江", "用户2025年3月8日那个周末从浦东搬到了闵行七宝"),
    ("用户住在天河区", "用户上上周末搬去番禺了"),
    ("用户在一家物流公司当调度员，岗位是调度", "用户的老板让用户当了仓储部的主管"),
    ("用户在工厂做质检员", "用户2025年5月被任命为车间主任"),
    ("用户的工作是前端开发", "用户后来去做产品经理了"),
    ("用户是 junior engineer", "用户直接升了 staff engineer"),
]

BOTH_HOLD = [
    ("用户住在天河区", "用户那个周末住在从化的温泉酒店"),  # a stay on a weekend
    ("用户住在天河区", "用户国庆住在鼓浪屿上的一家客栈"),  # lodging for travellers
    ("用户在银行当柜员", "用户的爸妈想让用户当公务员"),  # a post wished for
    ("用户在银行当柜员", "用户去做饭了"),  # a chore, no post
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_later_value_meets_the_earlier(old: str, new: str) -> None:
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old: str, new: str) -> None:
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


def test_an_end_said_with_also_retires_the_habit() -> None:
    new = "周末用户也不去健身房撸铁了"
    assert said_changed(new)
    assert changed_from(new, change_words(new), "用户每周去三次健身房撸铁", search_text("用户每周去三次健身房撸铁"))


@pytest.mark.parametrize("said", ["用户也养了一只仓鼠", "用户也报了个书法班", "用户也想不吃夜宵了"])
def test_an_addition_with_also_says_no_change(said: str) -> None:
    assert not said_changed(said)
