"""Compound and chatty queries (docs/recall.md, "Compound and noisy queries"), in English and Chinese, with the
real models, in the in-process index and in SQL: a query asking two things finds both answers in its top k,
the chatter before the real question does not pull the ranking, a dialogue's last user turn counts. Each test
turns the lever off (``RECALL_QUERY_PARTS``, ``RECALL_DIALOGUE_LAST_WEIGHT``) and shows the difference."""

from __future__ import annotations

from typing import Any

import pytest

from memories.recall.parts import dialogue_turns, interleave, query_parts, questions, without_preamble
from tests.recall.conftest import contents, save, search

PATHS = ["index", "sql"]

MEMORIES = {
    "en": [
        "Li Wei's email address is li.wei@example.com",
        "Li Wei's phone number is 138 0013 8000",
        "Li Wei works as a product manager at Acme",
        "Li Wei's birthday is on the ninth of June",
        "Li Wei moved to a new flat near the river last spring",
        "Li Wei prefers tea over coffee in the morning",
        "The event in Shanghai was a product launch for the new electric scooter",
        "My dentist appointment is on Thursday at 9:30",
        "My sister's wedding is in October and the planning takes every weekend",
        "Work has been really busy: three deadlines this month",
        "Our dog keeps barking at the neighbours at night",
        "I have been sleeping badly because of the stress at work",
        "Li Wei's email signature still mentions the Shanghai office",
        "Li Wei flew to Shanghai last week to see the new office",
        "Li Wei asked about Shanghai by email",
    ],
    "zh": [
        "李伟的邮箱是 liwei@example.com",
        "李伟的手机号是 138 0013 8000",
        "李伟在 Acme 公司做产品经理",
        "李伟的生日是六月九号",
        "李伟去年春天搬到了河边的新公寓",
        "李伟早上喜欢喝茶不喝咖啡",
        "上海那次活动是新款电动滑板车的发布会",
        "我的牙医预约在周四上午九点半",
        "我姐姐十月结婚，每个周末都在忙着筹备婚礼",
        "最近工作特别忙，这个月有三个截止日期",
        "我家的狗晚上总是对着邻居叫",
        "因为工作压力大，我最近睡得很不好",
        "李伟的邮件签名里还写着上海办公室",
        "李伟上周飞去上海看新办公室",
        "李伟发邮件问了上海的事情",
    ],
}
COMPOUND = {"en": "What is Li Wei's email? And what was the event in Shanghai about?",
            "zh": "李伟的邮箱是什么？另外，上海那次活动是关于什么的？"}
CHATTY = {
    "en": "Work has been really busy with deadlines, my sister's wedding planning takes every weekend, the dog keeps "
          "barking at night and I am sleeping badly. Sorry, what I actually want to know is: when is my dentist "
          "appointment?",
    "zh": "最近工作特别忙，好几个截止日期，姐姐的婚礼每个周末都要筹备，家里的狗晚上一直叫，我也睡得很不好。"
          "不好意思，我实际想问的是：我的牙医预约是什么时候？",
}


def _path(settings: Any, path: str) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"


def test_a_query_splits_into_its_questions_and_drops_its_preamble(settings) -> None:
    assert questions(COMPOUND["en"]) == ["What is Li Wei's email?", "what was the event in Shanghai about?"]
    assert questions(COMPOUND["zh"]) == ["李伟的邮箱是什么？", "上海那次活动是关于什么的？"]
    assert questions("What are Melanie's kids' names and also where did they go camping?") == [
        "What are Melanie's kids' names", "where did they go camping?"]
    assert questions("我女儿在哪里上学，还有她的班主任叫什么？") == ["我女儿在哪里上学", "她的班主任叫什么？"]
    for whole in ("What did Caroline also buy at the market?", "你还有什么建议吗？", "小王的电话以及邮箱是多少？",
                  "When did Melanie paint a sunrise? ", "Why? Because of the rain?",
                  "Was September a good month for Nate? Answer yes or no."):
        assert questions(whole) == [whole]
    assert without_preamble(CHATTY["en"]) == "when is my dentist appointment?"
    assert without_preamble(CHATTY["zh"]) == "我的牙医预约是什么时候？"
    assert without_preamble("My question is") == "My question is"  # nothing after the marker: kept whole
    settings.RECALL_QUERY_PARTS = False
    assert [p.text for p in query_parts(COMPOUND["en"])] == [COMPOUND["en"]]


def test_a_dialogue_is_searched_whole_and_as_its_last_user_turn(settings) -> None:
    dialogue = "Bart: I am going to perform a magic trick!\nAssistant: That's fantastic!\nBart: What should I wear?"
    assert dialogue_turns(dialogue) == [("Bart", "I am going to perform a magic trick!"),
                                        ("Assistant", "That's fantastic!"), ("Bart", "What should I wear?")]
    assert [(p.text, p.weight) for p in query_parts(dialogue)] == [(dialogue, 1.0), ("What should I wear?", 1.0)]
    assert dialogue_turns("Note: buy milk") is None and dialogue_turns("Time: 9:30\nPlace: office") is not None
    zh = "小明：我下周要去参加钢琴比赛！\n助手：太棒了！\n小明：我有点紧张"
    assert [p.text for p in query_parts(zh)] == [zh, "我有点紧张"]
    settings.RECALL_DIALOGUE_LAST_WEIGHT = 0.0
    assert [p.text for p in query_parts(zh)] == [zh]


def test_interleaving_gives_each_list_its_share_and_keeps_each_item_once() -> None:
    assert interleave([["a", "b", "c"], ["x", "a", "y"]], [1.0, 1.0]) == ["a", "x", "b", "c", "y"]
    assert interleave([["a", "b", "c", "d"], ["x", "y"]], [1.0, 0.5]) == ["a", "x", "b", "c", "y", "d"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("path", PATHS)
def test_both_questions_of_a_compound_query_are_answered(alice, settings, path, language) -> None:
    _path(settings, path)
    save(alice, *[{"content": text} for text in MEMORIES[language]])
    email, event = MEMORIES[language][0], MEMORIES[language][6]
    settings.RECALL_QUERY_PARTS = False
    whole = contents(search(alice, query=COMPOUND[language], k=2, floor=False))
    assert not {email, event} <= set(whole), whole  # one query vector and one set of words: pulled to Li Wei
    settings.RECALL_QUERY_PARTS = True
    assert set(contents(search(alice, query=COMPOUND[language], k=2, floor=False))) == {email, event}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("path", PATHS)
def test_the_chatter_before_the_real_question_is_dropped(alice, settings, path, language) -> None:
    _path(settings, path)
    save(alice, *[{"content": text} for text in MEMORIES[language]])
    dentist = MEMORIES[language][7]
    settings.RECALL_QUERY_PARTS = False
    assert contents(search(alice, query=CHATTY[language], k=1, floor=False)) != [dentist]
    settings.RECALL_QUERY_PARTS = True
    assert contents(search(alice, query=CHATTY[language], k=1, floor=False)) == [dentist]


@pytest.mark.parametrize("query", [
    "最近加班太多，腰都快断了。好了不说这些了，王磊住在哪个城市？",
    "昨天下了一天雨，家里的猫也闹腾。闲话少说，王磊住在哪个城市？",
    "孩子这周又感冒了，真让人操心。说正事，王磊住在哪个城市？",
    "今天地铁特别挤。回到正题，王磊住在哪个城市？",
])
def test_everyday_chinese_markers_of_the_real_question_drop_the_chatter(query: str) -> None:
    assert without_preamble(query) == "王磊住在哪个城市？"
