"""A tenth hand's Chinese readings: a dose changed without the drug said again, a medicine named first,
a new home said as 新家, a switch to learning another language or instrument, a value raised or lowered (涨到,
降到), a thing moved to another host (迁到), and a shop by the speaker's home that is not the speaker's. Unit
readings of ``slots_of`` and ``changes``, worded apart from bench/fresh10_zh."""

from __future__ import annotations

import pytest

from memories.write.changes import change_words, changed_from, subject_of
from memories.write.slots import linking_slot, slots_of
from memories.write.text import search_text


def _linked(old: str, new: str) -> bool:
    words = change_words(new)
    return bool(linking_slot(slots_of(new), slots_of(old)) or changed_from(new, words, old, search_text(old)))


@pytest.mark.parametrize(("old", "new"), [
    ("用户降糖药一天两粒", "用户减到一天一粒了"),  # the drug not said again
    ("用户格列美脲一天吃一次", "用户格列美脲加到一天两次了"),  # named first, no 的 and no verb before it
    ("用户的爸爸降糖药一天两粒", "用户的爸爸减到一天一粒了"),
    ("用户住在福田", "用户的新家在南山蛇口"),
    ("用户的会员费是每年三百", "用户会员费涨到四百了"),
    ("用户的服务器在阿里云", "用户服务器迁到腾讯云了"),
    ("用户开了一家花店", "用户的花店关门了"),
    ("用户最近在学德语", "用户干脆换学意大利语了"),  # a switch to another language
    ("用户在学古筝", "用户现在改学琵琶了"),  # or instrument
])
def test_a_change_meets_what_it_changes(old, new):
    assert _linked(old, new), (slots_of(old), slots_of(new), change_words(new))


@pytest.mark.parametrize(("old", "new"), [
    ("用户降糖药一天两粒", "用户的爸爸降糖药减到一天一粒了"),  # another person's dose
    ("用户开了一家花店", "用户小区门口的花店关门了"),  # a shop by the speaker's home
    ("用户烟一天一包", "用户减到一天五根了"),  # no medicine
    ("用户住在福田", "用户的老家在南山蛇口"),  # a home town is no move
    ("用户在学古筝", "用户的表妹改学琵琶了"),  # another person's switch
    ("用户在学古筝", "用户也在学琵琶"),  # one more, no switch
    ("用户每周去游泳", "用户改学二胡了"),  # a sport is no instrument
    ("用户在学德语", "用户考虑改学意大利语"),
])
def test_what_only_looks_like_it_changes_nothing(old, new):
    assert not _linked(old, new), (slots_of(old), slots_of(new), change_words(new))


def test_a_place_by_the_speaker_is_the_subject_not_the_speaker():
    assert subject_of("用户楼下那家面馆换老板了") == ""
    assert subject_of("用户最近改喝茶了") == "self"  # 最近 is a time, no place
    assert subject_of("用户在家附近的健身房健身") == "self"
    assert subject_of("用户家里换了新冰箱") == "self"  # one's own home
    assert subject_of("用户搬家以后社保转到了成都") == "self"
