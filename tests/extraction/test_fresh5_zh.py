"""Chinese as bench/fresh5_zh_set.py's people type it, said in other words than the set: Cantonese written as
spoken, chat spellings of a partner, a statement closed by 呢 / 嘛, 本人 for "I", a trade said as 是…的, a
verb and its object the tagger parts, a degree word and a feeling after a statement, and a pet named alone once
the scope knows its kind."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import KnownMemory, Turn
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str, known: tuple[str, ...] = ()) -> list[str]:
    said = [Turn(n + 1, "user", t, SAID) for n, t in enumerate(turns)]
    memories = [KnownMemory(n + 1, uuid.uuid4(), "fact", "", k, "active") for n, k in enumerate(known)]
    return [c.content for c in OfflineExtractor().extract(said, memories)]


@pytest.mark.parametrize(("said", "words"), [
    ("我而家喺荃灣住", ("现在", "在荃灣住")),  # 而家, 喺
    ("我老婆唔飲咖啡", ("不喝咖啡",)),  # 唔, 飲
    ("我哋屋企喺元朗", ("家在元朗",)),  # 我哋, 屋企
    ("我細佬好鍾意睇波", ("弟弟", "喜欢")),  # family words, 鍾意
])
def test_cantonese_is_read_as_mandarin(said, words):
    memories = kept(said)
    assert any(all(w in m for w in words) for m in memories), memories


@pytest.mark.parametrize(("said", "who"), [("我lp在医院上班", "老婆"), ("我家bf是开滴滴的", "男朋友"),
                                           ("npy下个月生日", "对象")])
def test_a_partner_in_pinyin_initials_is_named(said, who):
    memories = kept(said)
    assert any(who in m for m in memories), memories


def test_a_closing_particle_on_a_statement_is_no_question():
    assert any("日语" in m for m in kept("我最近在自学日语呢"))
    assert kept("你呢") == [] and kept("我到底要不要辞职呢") == []


def test_benren_is_the_speaker_once():
    memories = kept("本人在读研一 学的是化学")
    assert memories and not any("用户用户" in m for m in memories), memories


@pytest.mark.parametrize("said", ["我爸是开出租的", "我是搞运维的", "我是卖保险的"])
def test_a_trade_said_with_shi_de_is_kept(said):
    assert kept(said)


def test_a_verb_and_its_object_the_tagger_parts_is_kept():
    assert any("跳绳" in m or "跳操" in m for m in kept("我最近改成每天在家跳操"))


def test_a_feeling_after_a_trip_is_not_a_memory():
    memories = kept("国庆去了趟桂林 超开心")
    assert memories and not any(m.endswith("超开心") and "桂林" not in m for m in memories), memories


def test_a_pet_named_alone_carries_its_kind_from_what_is_known():
    memories = kept("来福没了 心里空落落的", known=("用户家里有两只狗：旺旺、来福",))
    assert any("来福" in m and "狗" in m for m in memories), memories
