"""A twelfth hand's Chinese lines through the offline extractor: an agent's "该用户" note, Wu and Sichuan words,
dialect praise and a call to the crowd as reactions, 俩 before a span of time, a weight said with no subject, a
reply opened by 在, and a story's or a friend's move restating no home of the speaker's. Worded apart from
bench/fresh12_zh."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.colloquial import colloquial
from memories.extraction.offline import OfflineExtractor
from memories.extraction.someone_zh import someone_else
from memories.extraction.states import states

SAID_AT = datetime(2025, 6, 2, 8, 0, tzinfo=UTC)


def run(*texts: str) -> list[str]:
    """The turns, a user's first, then an assistant's, alternating."""
    turns = [Turn(i, "user" if i % 2 else "assistant", t, SAID_AT, None) for i, t in enumerate(texts, start=1)]
    return [c.content for c in OfflineExtractor().extract(turns, [])]


@pytest.mark.parametrize(("text", "key"), [
    ("此用户对芒果过敏", "用户对芒果过敏"),
    ("这位用户的儿子在读初二", "用户的儿子"),
    ("体重55公斤", "55公斤"),
    ("这俩礼拜胖了三斤", "三斤"),
    ("阿拉屋里厢养了只猫", "猫"),
])
def test_the_fact_is_kept_as_the_users(text, key):
    found = run(text)
    assert any(key in f and f.startswith("用户") for f in found), found


@pytest.mark.parametrize("text", ["老铁们 666", "巴适得很！", "整挺好", "侬今朝吃了伐", "得劲 哈哈哈"])
def test_a_dialect_reaction_or_greeting_keeps_nothing(text):
    assert run(text) == []


def test_a_reply_opened_by_zai_is_read_after_it():
    assert run("在 帮我查下去机场的路线") == []


@pytest.mark.parametrize(("gap", "other"), [
    ("小说里的男主", True), ("邻居", True), ("他们", True), ("前年跟着爸妈", False), ("一家人终于", False),
    ("上周从老城区", False),
])
def test_who_moved(gap, other):
    assert someone_else(gap) is other


def test_a_story_moves_no_one_and_a_formal_move_is_read():
    assert states("用户电影里主角搬去了纽约", "用户", True) == []
    assert states("用户已迁至成都高新区", "用户", True) == ["用户现在住在成都"]


def test_wu_words_only_where_the_turn_is_wu():
    assert colloquial("侬晓得伐") == "你晓得吗"
    assert colloquial("额头有点疼") == "额头有点疼"
