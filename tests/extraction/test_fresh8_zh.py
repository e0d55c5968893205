"""Chinese as bench/fresh8_zh_set.py's people type it, in other words than the set: voice input with no
punctuation is read as the statements it runs together, traditional characters and Cantonese closings are read in
standard form, and the weather and a closing courtesy keep nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from memories.extraction.runon_zh import breathed
from memories.write.hanzi import simplified

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str) -> list[str]:
    said = [Turn(n + 1, "user", t, SAID) for n, t in enumerate(turns)]
    return [c.content for c in OfflineExtractor().extract(said, [])]


def test_a_new_statement_in_an_unpunctuated_run_gets_a_comma():
    assert breathed("我在杭州开网约车开了五年了我儿子今年上初二") == "我在杭州开网约车开了五年了，我儿子今年上初二"


@pytest.mark.parametrize("said", ["我觉得我可能需要换一个更安静的房子住", "老板每次开会都点名批评我真的很烦人",
                                  "我和我老公周末一般都去爬山"])
def test_me_as_an_object_or_after_a_verb_starts_nothing(said):
    assert breathed(said) == said


def test_voice_input_keeps_each_statement_apart():
    memories = kept("嗯我退休前在中学教数学的现在每天在家带外孙我老伴身体不太好在做透析")
    assert any("教数学" in m and "透析" not in m for m in memories), memories
    assert any("透析" in m for m in memories), memories


@pytest.mark.parametrize("said", ["今天的天氣真的好悶，你那邊會下雨嗎？", "唔駛咁客氣，聽日再傾啦",
                                  "不必客气，改天再聊吧", "没啥事，就是随便问问而已"])
def test_weather_and_closings_keep_nothing(said):
    assert kept(said) == []


def test_everyday_traditional_characters_read_simplified():
    assert simplified("我們討論過這個計劃，決定週末搬家") == "我们讨论过这个计划，决定周末搬家"


def test_a_game_played_or_streamed_is_no_laughter():
    assert any("LOL" in m for m in kept("我周末一般在家打LOL"))
    assert kept("哈哈哈哈 LOL") == []
