"""Changes said in passing as bench/fresh4_zh_set.py's people say them (a dose changed by the doctor without the
drug named again, a commute from a day on or in traditional characters, a school transferred to, the phone said
with 手机是, a working shift): the newer statement's slots meet the older one's and cover them, and two statements
that both hold do not meet. Said in other words than the set."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slot_keys, slots_of

CHANGES = [
    ("我每天吃二十毫克的瑞舒伐他汀", "医生让我减到10毫克"),  # a dose, the drug not named again
    ("我每天早上吃一片左旋氨氯地平", "大夫说改成每天两片"),  # tablets
    ("优思明我每天吃一片", "医生给我加到每天两片了"),  # the drug spoken of first
    ("速效胰岛素我早上打六个单位", "医生叫我改成打十个单位了"),  # units
    ("格列美脲我一天吃一次", "医生说改为一天两次"),  # times a day
    ("我每天吃五十微克的左甲状腺素", "现在左甲状腺素每天吃七十五微克"),  # the same drug named again
    ("我平时坐公交上班", "从下个月起我改开车上班"),  # a change from a day on
    ("我每天坐捷運上班", "最近改騎車上班了"),  # traditional characters, Taiwan's metro
    ("我儿子在十二中读初一", "儿子转学到实验中学了"),  # a school transferred to, a relative's
    ("我用的手机是OPPO Reno 8", "换了一台vivo X100"),  # 手机是
    ("我一直上白班", "调到夜班了"),  # a working shift
]

BOTH_HOLD = [
    ("我每天吃五毫克的华法林", "我爸每天吃三毫克的华法林"),  # another person's dose
    ("我每天吃阿司匹林100毫克", "我每天吃二甲双胍500毫克"),  # two drugs, both named
    ("我每天吃两个鸡蛋", "我每天吃一片维生素D"),  # food is no dose
    ("格列齐特我一天吃两次", "我现在每天打三次球"),  # times a day of no medicine
    ("我每天坐地铁上班", "从明年开始我打算骑车上班"),  # a plan, not a change from a day on
    ("我上白班", "今天上夜班替同事"),  # one day's shift
    ("我上白班", "这周轮到我值夜班"),  # a turn that comes round
    ("我女儿在实验小学上学", "我侄子转学到育才小学了"),  # another child's school
    ("我大学学的是会计", "我妹妹转学到杭州的学校了"),  # another person's transfer
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_and_covers_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)
    assert covers(news, olds), (olds, news)
    assert set(slot_keys(news)) & set(slot_keys(olds)), (olds, news)  # the database finds the one for the other


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


def test_a_dose_is_no_habit_of_its_amount():
    assert [slot.attribute for slot in slots_of("我每天吃十五毫克的米氮平")] == ["dose:米氮平:mass", "taking:米氮平"]


def test_a_transfer_of_major_is_still_a_major():
    assert [(s.attribute, s.value) for s in slots_of("我转学经济了")] == [("study:major", "经济")]
