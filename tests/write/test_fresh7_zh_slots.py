"""Changes said in passing as bench/fresh7_zh_set.py's people say them (a car by its model traded or sold, a drug
named by its generic stem then stopped, a shift changed at a workplace, a new role or title, a carrier changed by
携号转网, a school changed, migrant work ended by a move home, a new partner, smoking again, a rent a landlord raises,
a new doctor, a language level on its own scale, an entrance exam's school changed, work on a platform left,
stationed abroad then transferred, a new district) and what replaces nothing (another person's car, carrier, drug,
doctor or rent; one night shift; a hypothesis; a plan weighed; a past; a doctor gone to with someone else; an
unrelated thing of the phone). Said in other words than the set."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slots_of

CHANGES = [
    ("我开的是一辆速腾", "速腾置换了"),  # a car by its model
    ("我开一辆卡罗拉上下班", "卡罗拉已经转手了"),
    ("我一直在吃阿托伐他汀", "大夫让我把阿托伐他汀停了"),  # a drug by its generic stem
    ("我一直上夜班", "已经调到白班了"),
    ("我在仓库上早班", "以后都上中班"),  # a shift at a place, then from now on
    ("我做的是文案", "改做运营了"),
    ("我是公司前台", "现在升任行政主管了"),
    ("我的号码是联通的", "前两天携号转网去了移动"),
    ("儿子在育才小学读书", "儿子新学期转学去了实验学校"),
    ("我在宁波打工", "搬回老家安顺了"),  # migrant work, then home
    ("我对象叫阿强", "现在的对象换成了小林"),
    ("我戒烟快一年了", "最近压力大又抽上了"),
    ("我房租一个月两千八", "房东通知说从下月起加到三千一"),
    ("平时都找张大夫看", "现在改看刘医生了"),
    ("我考研目标是武大", "最后改报了中山大学"),
    ("我的日语是N5水平", "日语考过N3了"),  # JLPT's scale is Japanese
    ("我韩语刚过了TOPIK 2级", "现在是TOPIK 4级了"),
    ("我在顺丰送快递", "顺丰不干了"),  # a platform, then left by name
    ("我在新加坡常驻", "公司把我调到了成都分公司"),
    ("我住在昆山", "我现在在湖州了"),
]

BOTH_HOLD = [
    ("我开的是一辆凯美瑞", "我姐夫把他的凯美瑞卖了"),  # another person's car
    ("我一直上白班", "昨晚临时顶了个夜班"),  # one night
    ("我的号是电信的", "我给手机换了个新膜"),  # the phone, not its number
    ("我的号是电信的", "我老婆携号转网到联通了"),
    ("我在吃二甲双胍", "我舅舅的医生让他把二甲双胍停了"),
    ("我在京东上班", "假如公司派我去外地，我就辞职不干"),  # a hypothesis
    ("我看的是孙医生", "我陪我妈去看了周医生"),
    ("我考研报的是川大", "我在考虑要不要改报重大"),  # weighed
    ("我已经戒烟了", "我爸又抽上了"),
    ("我在深圳打工", "以前在东莞打过工"),  # the past
    ("房租每月三千", "我朋友的房东涨到四千了"),
    ("我在美团送外卖", "我表弟去饿了么跑单了"),
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


@pytest.mark.parametrize("said", ["我在练字", "我报了个吉他班", "我每天吃两个苹果", "我的手机是华为的"])
def test_no_slot_of_this_module_from_everyday_words(said):
    attributes = {s.attribute for s in slots_of(said)}
    assert not attributes & {"target_school", "doctor", "uses:手机号", "smoking"}, attributes
    assert not any(a.startswith(("taking:", "level:")) for a in attributes), attributes


def test_a_dose_counted_before_the_drug_is_no_part_of_its_name():
    olds, news = slots_of("我每天服两次缬沙坦"), slots_of("医生让我停了缬沙坦")
    assert {s.attribute for s in olds} >= {"taking:缬沙坦"}, olds
    assert covers(news, olds), (olds, news)
