"""Changes said in passing as bench/fresh3_zh_set.py's people say them (a level with a number, a pet by its kind, a
thing used by its name, a routine by its verb, a relative's lesson, a child's class, a car by its classifier, the day
of something to do, the floor of one's home): the newer statement's slots meet the older one's and cover them, and
two statements that both hold do not meet. Said in other words than the set."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slots_of

CHANGES = [
    ("我卧推最多推70公斤", "练了一年，现在卧推九十公斤"),  # a level of one's own, the thing by jieba's words
    ("我每个月车贷还三千", "现在车贷还两千五"),
    ("我月薪八千五", "现在到手一万"),  # 到手: what one takes home
    ("我家养了一只柴犬", "我家狗狗去年送给邻居养了"),  # a dog of any breed said with 犬 is 狗
    ("我养了两只乌龟", "乌龟前几天死了"),
    ("我画图用的是Photoshop", "photoshop早就不用了，太卡"),  # the thing used, by its name
    ("我每天熬夜", "我现在不熬夜了"),  # a routine by its verb
    ("我女儿每周日下午学书法", "女儿书法不学了"),  # a relative's lesson, read as the speaker's would be
    ("我闺女在上幼儿园中班", "我女儿九月份就上大班了"),  # 闺女 is 女儿; a kindergarten class is a grade
    ("我有一辆黑色的帕萨特", "车上个月卖了"),  # 辆: a vehicle, whatever the make
    ("我们约好周三去签合同", "签合同改到周五了"),  # the day of something to do, a verb and its thing
    ("我不吃蒜", "现在无蒜不欢"),  # a taste one cannot do without
    ("我在顺义租房住", "我们搬到亦庄了"),  # 租房 is a home too
    ("我们家住在十一楼", "换了个二楼的房子，方便老人"),  # the floor one's home is on
]

BOTH_HOLD = [
    ("我卧推能推80公斤", "我深蹲能蹲100公斤"),  # two things measured
    ("我每周跑步三次", "我每次跑步5公里"),  # a count and a distance of one thing
    ("我每周健身三次", "这周只去了一次"),  # one week is no standing level
    ("我养了一只猫", "我还养了一只兔子"),  # another pet
    ("我儿子学钢琴", "我女儿学钢琴"),  # another person's lesson
    ("我同事刘洋住在天通苑，每天通勤两小时", "我每天通勤半小时"),  # the later clause is 刘洋's
    ("我用的是iPhone", "我老婆不用iPhone了"),  # another person's
    ("我家住六楼", "我在三楼开会"),  # a floor one is on for a while
    ("我用的是华为手机", "我老婆用的是苹果"),  # a relative's, said with 的 after the kinship word
    ("我经常出差", "我这个月不出差了"),  # for a while, no routine ended
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_and_covers_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)
    assert covers(news, olds), (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)
