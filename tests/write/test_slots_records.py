"""Attributes restated with a number or a status (``memories.write.slots_records``): a visa or residence status, a
personal best, a blood pressure or sugar reading, living with one's parents, a favourite replaced, a provider
(dentist, vet, hairdresser), and in Chinese a team at work — and what replaces nothing (another person's, a team
or shop as the subject, a question, a hope, being told to measure). Said in other words than the held-out probes
the module was written for."""

from __future__ import annotations

import pytest

from memories.write.slots import linking_slot, slots_of

CHANGES = [
    ("I'm here on an F-1 visa.", "I got my green card approved last week."),
    ("I weigh 240 lbs.", "I'm finally down to 212 since cutting out soda."),
    ("We are on L-1 visas.", "We became US citizens in a ceremony on Friday."),
    ("My half marathon PR is 1:52:30.", "Set a new personal best in the half marathon: 1:48:10."),
    ("My deadlift PR is 140 kg.", "My deadlift personal record is now 150 kg."),
    ("My A1C was 8.1 in spring.", "My A1C came back at 6.4 this time."),
    ("My BP is 160/100 most mornings.", "My blood pressure has been 125/82 since the diet."),
    ("I live at home with my folks.", "I got my own apartment across town."),
    ("I'm still living with my mom and dad.", "Moved out of my parents' house in August."),
    ("My favourite author is Le Guin.", "Octavia Butler has replaced Le Guin as my favourite."),
    ("My vet is Dr. Alvarez.", "We switched to a new vet after the move."),
    ("My barber is Tony on 5th.", "I found a new barber near the office."),
    ("我持学生签证", "上个月拿到绿卡了"),
    ("我是农村户口", "户口已经迁到杭州了"),
    ("我十公里最好成绩是55分钟", "今天十公里跑进了52分钟，刷新纪录"),
    ("我血糖一直偏高，空腹八点多", "控制了半年，血糖降到六点一了"),
    ("我现在还跟父母住", "上个月搬出来一个人住了"),
    ("我在公司的风控部门", "下个月转岗到数据部门"),
    ("我一直找小王剪头发", "理发店换了，现在去家附近那家"),
    ("我平时在威尔士健身", "健身房换了，离家近一点"),
    ("我是自由插画师", "我入职了一家游戏公司"),
    ("我从不喝奶茶", "现在每天都离不开奶茶"),
    ("I usually catch the 8:05 train.", "I've been taking the 7:40 since the timetable change."),
    ("I play squash on Monday evenings.", "Moved my squash night to Wednesdays."),
    ("I pay with my Citi Double Cash card.", "I moved to a Capital One Venture card for travel."),
    ("我一般坐8点20的地铁", "换了工作以后改坐7点半的了"),
    ("我一直用建行的信用卡", "现在主要刷招商银行的卡了"),
    ("我们平时在永辉买菜", "现在都在美团上买菜了"),
    ("我爸在国企上班", "我爸上个月被单位辞退了"),
    ("我咖啡一般加豆奶", "最近咖啡改成加椰奶了"),
]

BOTH_HOLD = [
    ("I'm here on an F-1 visa.", "My roommate finally got her green card."),
    ("I weigh 240 lbs.", "My step count is down to 4000 a day."),
    ("I'm here on an F-1 visa.", "Hoping to apply for a green card next year."),
    ("My half marathon PR is 1:52:30.", "My brother ran the half marathon in 2:05."),
    ("My BP is 160/100 most mornings.", "The pharmacist said to check my blood pressure twice a day."),
    ("My BP is 160/100 most mornings.", "My dad's blood pressure is 150/95."),
    ("I live at home with my folks.", "My parents are away in Spain for two weeks."),
    ("My vet is Dr. Alvarez.", "My vet says the cat needs to lose weight."),
    ("我持学生签证", "我表姐拿到绿卡了"),
    ("我十公里最好成绩是55分钟", "我老公十公里跑了一个小时"),
    ("我血糖一直偏高，空腹八点多", "医生让我每天测血糖"),
    ("我现在还跟父母住", "爸妈下周去海南过冬"),
    ("我在公司的风控部门", "风控部门在招实习生"),
    ("我一直找小王剪头发", "小王说下周休息"),
    ("我平时在威尔士健身", "我同事去乐刻健身"),
    ("我从不喝奶茶", "我女儿离不开奶茶"),
    ("I usually catch the 8:05 train.", "Missed the 8:05 today so I took the 8:35."),
    ("I play squash on Monday evenings.", "Squash got cancelled this Monday."),
    ("I pay with my Citi Double Cash card.", "My Citi card got flagged for fraud, what a pain."),
    ("我一般坐8点20的地铁", "今天没赶上8点20的地铁"),
    ("我一直用建行的信用卡", "建行的卡被盗刷了一次"),
    ("我咖啡一般加豆奶", "今天咖啡店豆奶没了，只能加牛奶"),
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


def test_a_doctor_named_with_a_title_is_named_by_the_name():
    """"Dr. Patel" and "Dr. Nguyen" are two dentists, not one "dr"."""
    old, new = slots_of("My dentist is Dr. Okafor."), slots_of("My dentist is Dr. Lindqvist now.")
    assert linking_slot(new, old) is not None, (old, new)
