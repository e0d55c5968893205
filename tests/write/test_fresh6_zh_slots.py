"""Changes said in passing as bench/fresh6_zh_set.py's people say them (a new workplace said with where one went to
work, a shift kept or a rota ended, a medicine stopped without its dose, a weight in 斤 said with no unit, a child
born by birth order, an office title, employers written in English inside Chinese, a level renamed in the clause
before its amount, a pet given away, a household's town, a place of a kind changed, 烟 given up said thing first),
and what replaces nothing (a plan still weighed, a stay, someone else's pay, a cleft that names another, a
pregnancy, one night shift covered, another's drug or gym). Said in other words than the set."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slot_keys, slots_of

CHANGES = [
    ("我在字节做后端", "现在去美团做算法了"),  # where one went to work, with the work
    ("我平时上白班", "从这个月开始上夜班了"),
    ("我在车间是两班倒", "现在调成常白班了"),  # a rota, then one shift
    ("我每天吃三次阿卡波糖", "医生让我把阿卡波糖停了"),  # stopped, no dose said
    ("我体重一百六十斤", "瘦下来了 现在一百四"),  # 斤 without the unit or 体重
    ("我有一个孩子", "老二上周出生了"),
    ("我是行政专员", "升了 现在是行政主管"),
    ("我在 Amazon 做 SDE", "现在在 Meta 做 infra"),
    ("每个月公积金两千", "今年调了公积金，现在每个月两千四"),  # the thing named, then its amount
    ("我养了只猫叫年年", "年年送人了"),
    ("我们家在厦门", "我们家现在在泉州"),
    ("我每周去两次楼下的游泳馆", "游泳馆换了一家"),
    ("我抽烟抽得挺凶", "烟已经戒了"),
]

BOTH_HOLD = [
    ("我在华为做测试", "我在犹豫要不要去小米"),  # weighed, not made
    ("我在华为做测试", "我在琢磨着要不要转行做设计"),
    ("我住在南山", "这几天住在朋友家"),  # a stay
    ("我住在南山", "我这阵子暂时住酒店"),
    ("我月薪一万", "我表哥月薪两万"),  # another's pay
    ("我在京东上班", "辞职的是我表妹"),  # the one who quit is named after 是
    ("我有一个儿子", "我怀二胎了"),  # not born yet
    ("我在工厂上白班", "今天替同事上了个夜班"),  # one night covered
    ("我每天吃两次二甲双胍", "我爸停了二甲双胍"),
    ("我每周去三次健身房", "我同事换健身房了"),
    ("我今年三十二", "我妈现在一百一十斤"),
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_and_covers_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)
    assert covers(news, olds), (olds, news)
    assert set(slot_keys(news)) & set(slot_keys(olds)), (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


@pytest.mark.parametrize("said", ["我闺蜜羡慕死了", "同事们都笑死了", "最近累死了"])
def test_a_degree_said_with_si_le_is_no_death(said):
    assert not [s for s in slots_of(said) if s.attribute == "alive"], slots_of(said)


def test_a_hundred_and_more_said_without_sui_is_no_age():
    said = slots_of("我现在一百三了")
    assert [(s.attribute, s.value) for s in said] == [("weight", "65")], said
    assert [(s.attribute, s.value) for s in slots_of("我爷爷今年九十了")] == [("age", "90")]
