"""Changes said in passing as bench/fresh5_zh_set.py's people say them (giving up 酒 after a drink named with 酒,
rent said with the landlord's change and no 房租, a job given up by its name, a couple back together, the
household's children counted without 有, a workplace one switched to, a phone bought in a chat run on with
spaces, a pet of a listed pair gone): the newer statement's slots meet the older one's, and two statements that
both hold do not meet. Said in other words than the set."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slot_keys, slots_of

CHANGES = [
    ("我晚上经常喝点红酒", "我现在不喝酒了"),  # a kind of 酒, then 酒 given up
    ("我爱喝啤酒", "戒酒半年了"),
    ("我月租两千八", "房东加租到三千一了"),  # the change said by the landlord's verb
    ("我是外卖骑手", "外卖骑手不干了"),  # a job given up by its name
    ("我们家一个孩子", "现在两个孩子了"),  # children of the household, then counted again
    ("我在尖沙咀上班", "上个月换到荃湾上班了"),  # a workplace switched to
    ("我手机是小米13", "新买了一台华为Mate 60 旧手机卖了"),  # a chat run on with spaces
]
# Whether the old statement as a whole is held too (a pet of two gone leaves the other: not covered).
PARTLY = [("家里有两只狗，旺旺和来福", "来福去世了"),
          ("我跟女朋友分手了", "我们上周复合了")]  # back together: with whom is not said

BOTH_HOLD = [
    ("我每天喝一瓶啤酒", "我爸戒酒了"),  # another person's 酒
    ("我每天喝一瓶啤酒", "我不喝白酒"),  # one kind of 酒 is no other kind
    ("我月租两千八", "我朋友的房东涨租了，现在四千"),  # another tenant's rent
    ("我是外卖骑手", "我同事不干外卖骑手了"),  # another person's job
    ("我们家一个孩子", "我姐家三个孩子"),  # another household
    ("家里有两只狗，旺旺和来福", "来福今天去打疫苗了"),  # the pet is alive
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_and_covers_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)
    assert covers(news, olds), (olds, news)
    assert set(slot_keys(news)) & set(slot_keys(olds)), (olds, news)  # the database finds the one for the other


@pytest.mark.parametrize(("old", "new"), PARTLY)
def test_the_newer_meets_but_leaves_part(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)
    assert not covers(news, olds), (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


def test_a_pet_named_with_its_kind_is_the_name_not_the_kind():
    said = slots_of("球球（用户的猫）走了")
    assert ("球球", "alive", "no") in [(s.subject, s.attribute, s.value) for s in said], said
    assert not [s for s in said if s.attribute == "alive" and s.subject != "球球"], said
