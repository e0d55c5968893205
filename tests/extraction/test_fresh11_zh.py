"""An eleventh hand's Chinese corrections and changes said by the new value alone: a number after 说错了/记错了
(a year, an amount, a floor), a number said as all of a change (涨到/降到…), and a surname corrected; what is no
such correction keeps its own reading."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import KnownMemory, Turn
from memories.extraction.corrections_zh import bare_number
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str, known: tuple[str, ...] = ()) -> list[str]:
    said = [Turn(n + 1, "user", t, SAID) for n, t in enumerate(turns)]
    memories = [KnownMemory(n + 1, uuid.uuid4(), "fact", "", k, "active") for n, k in enumerate(known)]
    return [c.content for c in OfflineExtractor().extract(said, memories)]


@pytest.mark.parametrize(("known", "said", "now"), [
    ("用户的女儿是2015年生的", "记错了，她是2016年的", "2016年"),
    ("用户每个月还房贷六千二", "不对 应该是六千八", "六千八"),
    ("用户家住在9楼", "搞错了，是11楼", "11楼"),
    ("用户每个月物业费四百", "又涨到四百五了", "四百五"),
    ("用户的体重是91公斤", "终于降到86公斤了", "86公斤"),
    ("用户儿子的数学老师姓张", "更正一下，数学老师姓章，立早章", "姓章"),
])
def test_a_new_value_alone_corrects_the_memory_that_held_the_old(known, said, now):
    memories = kept(said, known=(known,))
    assert any(now in m for m in memories), memories


@pytest.mark.parametrize(("said", "known"), [
    ("不对，是下周四", "用户2026年12月9日要体检"),  # a day, not an amount
    ("涨到四百五了", "用户2026年12月1日开始上班"),  # no amount held: a date is none
    ("我同事的房租涨到五千了", "用户每个月房租四千"),  # someone's own change, not a bare one
])
def test_what_is_no_bare_value_changes_nothing(said, known):
    fixed = bare_number(said, [known])
    assert fixed is None or fixed[0] != known or "五千" not in fixed[1], fixed
