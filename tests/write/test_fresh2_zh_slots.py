"""Slots in voices bench/fresh2_zh_set.py speaks in: traditional characters, the 把 form, a count of a day,
numbers said short ("一百三"), a floor that is no city. Said in other words than the rules read."""

from __future__ import annotations

import pytest

from memories.write.slot_values import Slot, zh_number
from memories.write.slots import slots_of


@pytest.mark.parametrize(("text", "slot"), [
    ("我離職了", Slot("self", "employer", "none")),  # traditional: the slot the simplified form fills
    ("我們搬到高雄了", Slot("self", "city", "高雄")),
    ("我去年就把烟给戒掉了", Slot("self", "smoking", "no")),
    ("我一天抽大半包烟", Slot("self", "smoking", "yes")),
    ("我爸2026年八十一了", Slot("~father", "age", "81")),
])
def test_filled(text, slot):
    assert slot in slots_of(text), slots_of(text)


@pytest.mark.parametrize(("text", "attribute"), [
    ("我们住在十二楼", "city"),  # a floor
    ("我现在一百四了", "age"),  # a weight said short, never an age of 140
])
def test_not_filled(text, attribute):
    assert not any(s.attribute == attribute for s in slots_of(text)), slots_of(text)


@pytest.mark.parametrize(("said", "value"), [("两百五", 250), ("一千二", 1200), ("三百零六", 306), ("一百二十", 120),
                                             ("四十七", 47)])
def test_short_numbers(said, value):
    assert zh_number(said) == value
