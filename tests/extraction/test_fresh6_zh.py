"""Chinese as bench/fresh6_zh_set.py's people say it, in other words than the set: voice input with its fillers and
a slip put right in the same breath, a wish or a farewell that keeps nothing, someone introduced with 有个 whom the
next clause describes, a child born by birth order, an allergy denied without its allergen once the allergen is
known, and a clause with its own 我 after a linking word."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import KnownMemory, Turn
from memories.extraction.offline import OfflineExtractor
from memories.extraction.spoken_zh import unspoken

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str, known: tuple[str, ...] = ()) -> list[str]:
    said = [Turn(n + 1, "user", t, SAID) for n, t in enumerate(turns)]
    memories = [KnownMemory(n + 1, uuid.uuid4(), "fact", "", k, "active") for n, k in enumerate(known)]
    return [c.content for c in OfflineExtractor().extract(said, memories)]


def test_voice_fillers_are_no_part_of_what_is_kept():
    memories = kept("呃 我在那个 嗯 宁波上班")
    assert any("在宁波上班" in m for m in memories), memories
    assert not any("那个" in m or "嗯" in m or "呃" in m for m in memories), memories


@pytest.mark.parametrize(("said", "right", "wrong"), [
    ("我儿子今年七岁 不对 八岁了", "八岁", "七岁"),
    ("我周六去广州 不对 是周日", "周日", "周六"),
    ("我在阿里做运营，哦不对，在网易做运营", "网易", "阿里"),
])
def test_a_slip_put_right_in_one_breath_keeps_the_right_words(said, right, wrong):
    memories = kept(said)
    assert any(right in m for m in memories) and not any(wrong in m for m in memories), memories


def test_a_reply_that_opens_with_yes_keeps_it_and_a_word_with_nage_stays():
    assert unspoken("嗯嗯，每周三节课") == "嗯嗯，每周三节课"  # the yes is read with the question (test_zh_replies)
    assert unspoken("那个餐厅挺好吃") == "那个餐厅挺好吃"


@pytest.mark.parametrize("said", ["祝你新年快乐", "祝大家周末愉快", "好的 thanks", "没什么 随便问问", "我不太会用"])
def test_a_wish_a_thanks_or_a_shrug_keeps_nothing(said):
    assert kept(said) == []


def test_whom_has_ge_brings_in_is_what_the_next_clause_describes():
    memories = kept("我有个表姐在银行 是个柜员")
    assert any("表姐" in m and "柜员" in m for m in memories), memories
    assert not any(m.startswith("用户是") for m in memories), memories


def test_a_child_born_by_birth_order_is_what_the_next_clause_describes():
    memories = kept("老三前天出生了 是个男孩")
    assert not any(m.startswith("用户是") for m in memories), memories


def test_an_allergy_denied_names_the_one_known_allergen():
    memories = kept("体检查了一下 其实我不过敏", known=("用户对芒果过敏",))
    assert any("芒果" in m and "不过敏" in m for m in memories), memories
    two = kept("体检查了一下 其实我不过敏", known=("用户对芒果过敏", "用户对花粉过敏"))
    assert not any("芒果" in m or "花粉" in m for m in two), two
