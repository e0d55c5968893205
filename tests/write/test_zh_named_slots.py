"""Chinese changes said by a named speaker in other words (bench/zh_conversations.py): the speaker's own name is
"我" to every slot reader, an answer kept with its question is the speaker's words, a pastime switched to or told
to stop, a weight without its unit, a trip that fell through by its place alone."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slots_of


def _keys(text: str, speaker: str = "") -> dict[str, str]:
    return {slot.key: slot.value for slot in slots_of(text, speaker)}


@pytest.mark.parametrize(("speaker", "old", "new"), [
    ("陈晨", "陈晨改成每天早上跑步了", "陈晨的医生说先别跑了"),
    ("周洁", "周洁换成每周游泳三次了", "周洁对“最近还游吗”的回答：教练让我暂时别游了，肩膀疼"),
    ("", "我现在改成每天晚上骑车", "医生建议我以后不要再骑车了"),
])
def test_a_pastime_switched_to_and_then_stopped_on_advice(speaker: str, old: str, new: str) -> None:
    before, after = slots_of(old, speaker), slots_of(new, speaker)
    assert any(s.attribute.startswith("habit:") and s.value == "yes" for s in before), before
    assert linking_slot(after, before) is not None, (before, after)
    assert covers(after, before)


@pytest.mark.parametrize(("speaker", "old", "new"), [
    ("陈晨", "陈晨现在75公斤", "陈晨体重也降到72了"),
    ("林涛", "林涛体重八十五公斤", "林涛过完年体重又涨到88了"),
])
def test_a_named_speakers_weight_said_without_its_unit(speaker: str, old: str, new: str) -> None:
    assert linking_slot(slots_of(new, speaker), slots_of(old, speaker)) is not None


@pytest.mark.parametrize(("speaker", "old", "new"), [
    ("黄伟", "黄伟等人俩去云南玩一趟", "黄伟改成十一去青岛了；云南没去成"),
    ("", "我们打算暑假去日本旅游", "日本去不了了，签证没下来"),
    ("", "我们一家准备去三亚度假", "三亚那趟没去成"),
])
def test_a_trip_that_fell_through_said_by_its_place_retires_the_plan(speaker: str, old: str, new: str) -> None:
    before, after = slots_of(old, speaker), slots_of(new, speaker)
    assert before and linking_slot(after, before) is not None, (before, after)
    assert covers(after, before)


@pytest.mark.parametrize("text", ["作业没去成", "我们下周去成都出差", "他说太难"])
def test_no_trip_called_off_without_a_place_or_with_its_own_kind(text: str) -> None:
    assert not any(v == "cancelled" for v in _keys(text).values()), _keys(text)


def test_the_speakers_name_is_not_a_longer_names_start_or_another_person() -> None:
    assert _keys("陈晨的妈妈现在75公斤", "陈晨") == {}  # the mother's weight, not the speaker's
    assert _keys("陈晨改成每天早上跑步了", "李娜") == {}  # someone else's habit is not read as the speaker's
