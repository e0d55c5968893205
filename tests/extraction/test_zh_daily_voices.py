"""Chinese chat voices the offline extractor reads (bench/zh_everyday.py's classes, in other words): politeness and
laughter that keep nothing, a thing of one's own that changed and a break-up said without 我 (the speaker's
statements, not observations), an age said with 今年 (not "2026年32岁")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import CONFIDENCE, OfflineExtractor
from memories.write.slots import slots_of

SAID = datetime(2026, 5, 12, 20, 0, tzinfo=UTC)


def run(text: str):
    return OfflineExtractor().extract([Turn(1, "user", text, SAID, None)], [])


@pytest.mark.parametrize("text", [
    "好滴好滴 谢啦", "懂了懂了", "抱歉抱歉 打扰啦", "不好意思哈 麻烦了", "嗯嗯 收到 多谢",
    "hhhhh 笑死", "2333 太逗了", "你说我该不该辞职呀", "你看这件衣服咋样",
])
def test_politeness_laughter_and_asking_the_listener_keep_nothing(text):
    assert run(text) == []


@pytest.mark.parametrize(("text", "attribute"), [
    ("手机换成小米了", "device:phone"),
    ("手机刚换了华为 还在适应", "device:phone"),
    ("和阿杰分了 不想多说", "marital"),
    ("跟女朋友分手了😞", "marital"),
])
def test_a_change_said_without_a_subject_is_the_speakers_statement(text, attribute):
    found = run(text)
    assert found, text
    first = found[0]
    assert first.content.startswith("用户") and first.confidence == CONFIDENCE, first
    assert attribute in {s.attribute for s in slots_of(first.content)}


@pytest.mark.parametrize(("text", "age"), [("今年41岁了 头发都白了", "41"), ("我今年刚满三十岁", "30")])
def test_an_age_said_with_this_year_keeps_no_year(text, age):
    found = run(text)
    assert found and "2026年" not in found[0].content, found
    assert ("age", age) in {(s.attribute, s.value) for s in slots_of(found[0].content)}


def test_a_politeness_word_before_a_fact_keeps_the_fact():
    found = run("不好意思 我下周二请假去办签证")
    assert found and "签证" in found[0].content


@pytest.mark.parametrize("text", ["早上七点就起床了 困死", "早晨五点多醒了一次", "早饭一般不吃"])
def test_a_time_of_the_morning_is_no_greeting(text):
    assert run(text), text


@pytest.mark.parametrize("text", ["早", "早呀～", "早安 周一快乐"])
def test_a_morning_greeting_keeps_nothing(text):
    assert run(text) == [], text
