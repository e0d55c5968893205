"""Chinese as bench/fresh4_zh_set.py's people type it, said in other words than the set: an either-or question
with no question mark, an English question in a Chinese chat, and an amount said after its statement as an
afterthought (it goes with that statement)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str) -> list[str]:
    said = [Turn(n + 1, "user", t, SAID) for n, t in enumerate(turns)]
    return [c.content for c in OfflineExtractor().extract(said, [])]


@pytest.mark.parametrize("said", ["降压药早上吃还是晚上吃", "买电车好还是买油车好", "租房还是买房", "早饭吃粥还是吃面",
                                  "how do I pick between 定投 and 一次性买入"])
def test_a_question_put_without_a_question_mark_keeps_nothing(said):
    assert kept(said) == []


@pytest.mark.parametrize("said", ["我还是喜欢住在老城区", "最后还是选了南京的工作", "我还是每天坐公交上班"])
def test_still_and_after_all_are_statements(said):
    assert kept(said)


def test_an_amount_said_after_its_statement_goes_with_it():
    memories = kept("我有甲减 每天空腹吃一片优甲乐 七十五微克的")
    assert any("优甲乐" in m and "七十五微克" in m for m in memories), memories


def test_an_amount_alone_after_a_greeting_keeps_nothing():
    assert kept("嗯嗯 两公斤") == []
