"""A twelfth hand's Chinese readings: married again or by the licence, what one studies said by the department or
the verb alone, an employer said by the post there or the jump to it, the seat one asks for, where a relative was
brought to live, a correction said after the subject, and a company's own news after the speaker said they work
there. Unit readings of ``slots_of`` and ``changes``, worded apart from bench/fresh12_zh."""

from __future__ import annotations

import pytest

from memories.write.changes import change_words, changed_from
from memories.write.slots import linking_slot, slots_of
from memories.write.text import search_text


def _linked(old: str, new: str) -> bool:
    words = change_words(new)
    return bool(linking_slot(slots_of(new), slots_of(old)) or changed_from(new, words, old, search_text(old)))


@pytest.mark.parametrize(("old", "new"), [
    ("用户已经离婚两年了", "用户和前夫又复婚了"),
    ("用户是单身", "用户上个月和女朋友领了证"),
    ("用户读的是新闻专业", "用户现在是历史系的了"),
    ("用户在读临床医学", "用户转到护理专业了"),
    ("用户学的是英语", "用户主修日语"),
    ("用户在工商银行上班", "用户是海航的地勤"),
    ("用户在京东做运营", "用户跳到美团了"),
    ("用户订机票偏好靠过道的座位", "用户现在喜欢靠窗的位子"),
    ("用户的座位偏好是中间", "用户习惯选靠窗的座位"),
    ("用户的妈一个人在县城住", "用户把妈接到广州住了"),
    ("用户体重60公斤", "用户其实是58公斤"),
])
def test_a_change_meets_what_it_changes(old, new):
    assert _linked(old, new), (slots_of(old), slots_of(new), change_words(new))


@pytest.mark.parametrize(("old", "new"), [
    ("用户已经离婚两年了", "用户的表妹复婚了"),  # another's marriage
    ("用户读的是新闻专业", "用户在读一本历史小说"),  # a book, not a field
    ("用户读的是新闻专业", "用户在读研二"),  # a year, not a field
    ("用户在工商银行上班", "用户是公司的老员工"),  # a place by its kind
    ("用户订机票偏好靠过道的座位", "用户的老公喜欢靠窗的座位"),  # the husband's seat
    ("用户的妈一个人在县城住", "用户的爸在广州住"),  # another relative
    ("用户在京东做运营", "用户京东今年又搬了新园区"),  # the company's own move
    ("用户在京东做运营", "用户要是能跳到美团就好了"),  # a wish
])
def test_what_only_looks_like_it_changes_nothing(old, new):
    assert not _linked(old, new), (slots_of(old), slots_of(new), change_words(new))


def test_the_values_read():
    assert ("study:major", "历史") in {(s.attribute, s.value) for s in slots_of("用户现在是历史系的了")}
    assert ("employer", "海航") in {(s.attribute, s.value) for s in slots_of("用户是海航的地勤")}
    assert ("seat", "过道") in {(s.attribute, s.value) for s in slots_of("用户座位偏好：靠走道")}
    assert not any(s.attribute.startswith("habit:的") for s in slots_of("用户学的是英语"))
