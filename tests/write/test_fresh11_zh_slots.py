"""An eleventh hand's Chinese readings: a causative's subject is the one made to act, a thing given a new part
stays what it was, a sale said by 出掉/卖给, a home said inside 自从…以后 or as a flat rented or bought, a thought
of buying is no home, a degree studied at a named place, twins and step-children as the speaker's children, and
more posts (柜员, 学徒, 审计, 乐手). Unit readings of ``slots_of`` and ``changes``, worded apart from
bench/fresh11_zh."""

from __future__ import annotations

import pytest

from memories.write.changes import change_words, changed_from, subject_of
from memories.write.slots import linking_slot, slots_of
from memories.write.text import search_text


def _linked(old: str, new: str) -> bool:
    words = change_words(new)
    return bool(linking_slot(slots_of(new), slots_of(old)) or changed_from(new, words, old, search_text(old)))


@pytest.mark.parametrize(("old", "new"), [
    ("用户的妈在吃降压药", "用户的大夫叫用户的妈把降压药停了"),  # the one made to stop it
    ("用户戴的是一块卡西欧手表", "用户卡西欧出掉了"),
    ("用户有一台任天堂Switch", "用户Switch卖给表弟了"),
    ("用户住在武汉", "用户自从搬来青岛之后，胃病好多了"),
    ("用户在江宁租了个两室的房子", "用户搬到鼓楼了"),
    ("用户住在海淀", "用户这回在顺义买了房"),
    ("用户在复旦读博士", "用户博士毕业了"),
    ("用户的龙凤胎在上小班", "用户的龙凤胎已经上中班了"),
    ("用户在农商行做柜员", "用户现在当上了大堂经理"),
    ("用户还在当木工学徒", "用户现在是木匠了"),
    ("用户每月房租2600", "用户的房东从下个月开始每个月收2900"),  # a landlord's monthly sum is the rent
    ("用户体重68公斤", "用户早上上秤一看，才63"),  # a weighing, the unit left out
])
def test_a_change_meets_what_it_changes(old, new):
    assert _linked(old, new), (slots_of(old), slots_of(new), change_words(new))


@pytest.mark.parametrize(("old", "new"), [
    ("用户在慈善基金会做义工", "用户慈善基金会换了新理事长"),  # the organisation has a new head
    ("用户的车是一辆比亚迪", "用户的车换了个新轮胎"),  # a new part, the same car
    ("用户住在长宁", "用户在犹豫要不要去昆山买房"),  # a thought of buying
    ("用户住在长宁", "用户在考虑要不要在苏州租房"),
    ("用户的妈在吃降压药", "用户的大夫让用户把酒戒了"),  # the speaker made to act, not the mother
    ("用户一天喝三杯咖啡", "用户的大夫让用户戒咖啡"),  # advice, not said done
    ("用户的龙凤胎在上小班", "用户的外甥已经上中班了"),  # another child
    ("用户每月房租2600", "用户的房东每个月都来收一次水电"),  # no sum
])
def test_what_only_looks_like_it_changes_nothing(old, new):
    assert not _linked(old, new), (slots_of(old), slots_of(new), change_words(new))


def test_who_a_causative_is_about():
    assert subject_of("用户的大夫叫用户的妈把降压药停了") == "~妈"
    assert subject_of("用户的教练让用户把跑鞋换了") == "self"
    assert change_words("用户慈善基金会换了新理事长") == ("理事长",)
