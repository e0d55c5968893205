"""Chinese chat reactions as bench/fresh7_zh_set.py's people type them, in other words than the set: a message made
only of internet reactions (laughing, praise, dismay, a call to the reader) keeps nothing, and one with a fact
beside them keeps the fact; and the questions that ask for a doctor, a medicine, a carrier, a school applied to or a
language's level ask for those slots, not for a relative."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.netspeak import reaction_only
from memories.extraction.offline import OfflineExtractor
from memories.recall.attributes import asked_attributes, held_by_asked

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str) -> list[str]:
    said = [Turn(n + 1, "user", t, SAID) for n, t in enumerate(turns)]
    return [c.content for c in OfflineExtractor().extract(said, [])]


@pytest.mark.parametrize("said", ["xswl 这也太离谱了吧", "666 你真厉害 绝了", "裂开 姐妹们谁懂啊", "awsl！！"])
def test_reactions_only_keep_nothing(said):
    assert kept(said) == []


def test_a_fact_beside_a_reaction_is_kept():
    memories = kept("麻了 我家猕猴桃今年全被冻了")
    assert any("猕猴桃" in m for m in memories), memories


@pytest.mark.parametrize("memory", ["用户离谱的是房租又涨了", "用户确实很喜欢养多肉",
                                    "用户无语，同事把用户的快递拿走了"])
def test_a_memory_naming_something_is_no_reaction(memory):
    assert not reaction_only(memory)


@pytest.mark.parametrize(("question", "attribute"), [
    ("我平时找哪位医生看病", "doctor"),
    ("我现在服用什么药", "taking:"),
    ("我的手机号是哪家运营商", "uses:手机号"),
    ("我考研报考的是哪所学校", "target_school"),
    ("我的韩语学到哪一级了", "level:"),
])
def test_a_question_asks_for_the_slot(question, attribute):
    assert attribute in asked_attributes(question)


def test_which_doctor_asks_for_the_users_slot_not_a_doctors():
    a = uuid.uuid4()
    rows = [(a, ["self|doctor"], "用户现在看的是赵医生")]
    assert held_by_asked("我看的是哪个医生", rows, [(a, "self")]) == {a}
