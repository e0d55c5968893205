"""A Chinese question in other words than the statement that answers it (memories.recall.concepts_zh), a holiday
as the date a question names (memories.recall.dates), and a pronoun jieba fused with the word after it
(memories.write.segment)."""

from __future__ import annotations

import datetime as dt

import pytest

from memories.recall.concepts_zh import concept_terms
from memories.recall.dates import Span, named_dates
from memories.write.text import search_words
from tests.recall.conftest import contents, save, search


@pytest.mark.parametrize(("question", "word"), [
    ("他老家是哪儿的？", "籍贯"), ("你是哪里人", "老家"), ("我姐住在什么地方", "搬"), ("小吴在哪个单位", "上班"),
    ("我个子多高", "身高"), ("我爸最近体检查出什么病", "血压"), ("她一个月挣多少", "工资"),
    ("他家养的是什么宠物", "狗"), ("孙阿姨平时骑什么代步", "电动车"), ("小周的孩子念哪个学校", "小学"),
    ("老陈今年多大年纪", "岁"), ("这套公寓面积多少", "平米"), ("婚礼大概花了多少钱", "万"), ("她有哪些忌口", "过敏"),
    ("你弟弟会什么乐器", "吉他"), ("他喜欢什么体育运动", "羽毛球"), ("你配偶在哪上班", "老婆"),
    ("她上周住院是得了什么病", "炎"),
    ("奶奶每天服用哪种药", "地平"), ("外公现在吃的啥药", "沙坦"), ("我们家哪门亲戚是当老师的", "舅舅"),
    ("爸爸复查结果怎么样", "血压"), ("晚上聚餐点什么菜好", "忌口"), ("给我推荐家餐厅", "爱吃"),
    ("她用的是哪款笔记本", "matebook"), ("小何的手机是什么牌子", "vivo"), ("老赵被提拔成了什么", "主管"),
    ("他在厂里当上什么了", "经理"), ("去年一共跑了几个城市", "出差"), ("求和那一列用的哪个函数", "sumifs"),
    ("你家里人都是做什么的", "妈妈"), ("中午点外卖", "忌口"), ("帮我排一周的食谱", "不吃"),
])
def test_a_question_gets_the_words_that_answer_it(question: str, word: str) -> None:
    assert any(word in words for words in concept_terms(question))


@pytest.mark.parametrize("question", ["What is my job?", "你推荐的那本小说好看吗", "上班路上听点什么好"])
def test_other_questions_get_no_concept(question: str) -> None:
    assert concept_terms(question) == ()


def test_a_question_about_rent_or_pay_is_not_about_every_price() -> None:
    assert all("钱" not in words for words in concept_terms("每月房租多少钱")) and concept_terms("婚纱照拍了多少钱")


@pytest.mark.parametrize(("question", "answer"), [
    ("我养的宠物叫什么？", "用户家的金毛叫可乐，今年四岁"),
    ("孩子在哪个学校？", "用户的儿子在实验中学读初一"),
    ("我平时靠什么交通工具出门？", "用户上个月买了辆电瓶车，每天骑去单位"),
])
def test_a_class_word_finds_its_member(alice, question: str, answer: str) -> None:
    save(alice, {"content": "用户家的金毛叫可乐，今年四岁"}, {"content": "用户每周三晚上打羽毛球"},
         {"content": "用户的儿子在实验中学读初一"}, {"content": "用户上个月买了辆电瓶车，每天骑去单位"},
         {"content": "用户的单位在滨江，平时出门都很方便"}, {"content": "用户不喝咖啡"},
         {"content": "用户在一家银行做柜员"}, {"content": "用户的孩子最近迷上了画画"})
    assert answer in contents(search(alice, query=question, k=2, floor=False))


@pytest.mark.parametrize(("question", "answer"), [
    ("她平时用什么电脑写代码？", "用户的同事借给她一台联想拯救者"),
    ("老周在银行里升到什么职位了？", "用户的舅舅老周今年被任命为信贷部经理"),
    ("这一年出门都去了哪些地方？", "用户三月去青岛出差见客户"),
])
def test_a_member_of_a_class_answers_the_class_word(alice, question: str, answer: str) -> None:
    save(alice, {"content": "用户的同事借给她一台联想拯救者"}, {"content": "用户写代码时喜欢听白噪音"},
         {"content": "用户的舅舅老周今年被任命为信贷部经理"}, {"content": "用户每天七点起床"},
         {"content": "用户三月去青岛出差见客户"}, {"content": "用户的外婆住在乡下"}, {"content": "用户不喝冰饮"},
         {"content": "用户在家里种了两盆绿萝"})
    assert answer in contents(search(alice, query=question, k=2, floor=False))


def test_a_move_answers_where_one_lives(alice) -> None:
    save(alice, {"content": "用户上个月从浦东搬到了闵行莘庄"}, {"content": "用户周末常去图书馆看书"},
         {"content": "用户每天坐地铁通勤"}, {"content": "用户的猫叫花卷"}, {"content": "用户在一家律所做助理"},
         {"content": "用户不吃香菜"})
    assert contents(search(alice, query="我家在哪儿", k=3, floor=False))[0] == "用户上个月从浦东搬到了闵行莘庄"


def test_a_relative_and_a_medicine_are_found_by_their_class_word(alice) -> None:
    save(alice, {"content": "用户的堂哥在税务局上班"}, {"content": "用户在税务局门口的咖啡店等朋友"},
         {"content": "用户的爸爸血糖偏高，医生开了二甲双胍"}, {"content": "用户的爸爸每天早上去公园散步"},
         {"content": "用户每周六上午学画画"}, {"content": "用户住在江北"})
    assert contents(search(alice, query="我哪门亲戚在税务局？", k=1, floor=False)) == ["用户的堂哥在税务局上班"]
    medicine = ["用户的爸爸血糖偏高，医生开了二甲双胍"]
    assert contents(search(alice, query="我爸在吃什么药？", k=1, floor=False)) == medicine


def test_a_hometown_answers_where_one_is_from(alice) -> None:
    save(alice, {"content": "用户籍贯是湖南岳阳"}, {"content": "用户在一家医院当药剂师"},
         {"content": "用户喜欢吃辣"}, {"content": "用户每周去两次健身房"}, {"content": "用户的女儿今年上小学二年级"},
         {"content": "用户最近在学尤克里里"})
    assert contents(search(alice, query="我是哪儿的人？", k=3, floor=False))[0] == "用户籍贯是湖南岳阳"


@pytest.mark.parametrize(("question", "months"), [
    ("我劳动节干嘛了", {5}), ("国庆黄金周去了哪", {10}), ("过年回了哪里", {1, 2}), ("中秋跟谁一起过的", {9, 10}),
    ("喝腊八粥那天爸爸说了啥", {1}), ("冬至是在谁家吃的饺子", {12}), ("重阳节陪外婆去了哪儿", {10}),
])
def test_a_holiday_is_the_date_a_question_names(question: str, months: set[int]) -> None:
    spans = [s for s in named_dates(question) if isinstance(s, Span)]
    assert spans == named_dates(question)
    assert {s.month for s in spans} == months and all(s.year is None and s.day is None for s in spans)
    assert Span(None, 10).holds(dt.date(2025, 10, 6))


@pytest.mark.parametrize(("text", "word"), [("我国庆回了趟老家", "国庆"), ("我半马跑了两小时", "半马"),
                                            ("我爸退休了", "爸")])
def test_a_word_after_a_pronoun_is_its_own(text: str, word: str) -> None:
    assert word in search_words(text)


def test_words_that_only_end_in_a_pronoun_stay_whole() -> None:
    assert "吉他" in search_words("她在学吉他") and "自我介绍" in search_words("帮我写个自我介绍")
