"""Chinese in other voices (bench/fresh2_zh_set.py): northern pronouns (俺, 咱), traditional characters, and
clauses after one that ends the topic (a death, a thing forbidden), read as standard Mandarin would be."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.dialect import standard_zh
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 4, 14, 12, 0, tzinfo=UTC)


def kept(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(1, "user", text, SAID)], [])]


@pytest.mark.parametrize(("text", "want"), [
    ("俺在镇上开了个小卖部", "用户在镇上开了个小卖部"),
    ("俺闺女在北京读研究生", "闺女在北京读研究生"),
    ("咱家老大明年结婚", "用户家老大"),
    ("俺们村今年种的全是玉米", "玉米"),
])
def test_northern_pronouns_are_the_speaker(text, want):
    found = kept(text)
    assert any(want in c for c in found), found
    assert not any("用户用户" in c or "俺" in c for c in found), found


def test_a_question_after_wanting_to_ask_keeps_nothing():
    assert kept("俺想请教一下，降压药饭前吃还是饭后吃？") == []
    assert kept("好嘞，有空再聊哈") == []


@pytest.mark.parametrize(("text", "words"), [
    ("我們家養了三隻兔子", ["養", "兔子"]),
    ("我女兒在台中念國中", ["女兒", "台中"]),
])
def test_traditional_characters_are_read_and_kept_as_written(text, words):
    found = kept(text)
    assert any(all(w in c for w in words) for c in found), found


def test_standard_form_and_the_characters_it_came_from():
    text, back = standard_zh("俺們搬到高雄了")
    assert text == "我们搬到高雄了"
    assert back == {"们": "們"}


@pytest.mark.parametrize(("text", "theirs", "mine"), [
    ("我外婆前几年过世了，现在我妈一个人照顾外公", "外婆", "用户"),
    ("家里的兔子上周死了，现在只养着两条金鱼", "兔子", "用户现在只养着两条金鱼"),
    ("大夫不准吃甜的，现在早餐改吃燕麦", "大夫", "用户现在早餐改吃燕麦"),
])
def test_after_a_death_or_a_thing_forbidden_the_speaker_goes_on(text, theirs, mine):
    found = kept(text)
    assert any(mine in c for c in found), found
    assert not any(theirs in c and "现在" in c for c in found), found


def test_a_forbidding_that_names_the_speaker_goes_on_with_the_one_who_forbids():
    found = kept("我爸不让我骑摩托，说太危险")
    assert any("爸" in c and "危险" in c for c in found), found


def test_our_home_is_the_speakers_not_of_the_speaker():
    found = kept("我们家养了一只鹦鹉")
    assert any(c.startswith("用户家养") for c in found), found


@pytest.mark.parametrize(("text", "want"), [
    ("研一，读的是统计，导师人挺好", "读的是统计"),
    ("哎呀，又胖了三斤", "胖了三斤"),
])
def test_a_short_opening_does_not_swallow_the_clauses_after_it(text, want):
    assert any(want in c for c in kept(text)), kept(text)


def test_a_name_then_a_question_keeps_nothing_and_news_keeps_only_the_news():
    assert kept("老陈，五一去哪玩啊") == []
    found = kept("告诉你一个好消息，我下个月结婚")
    assert any("结婚" in c for c in found) and not any("消息" in c for c in found), found
