"""Every kind of attribute a slot may hold (memories/write/slots*.py) is named in the reader's language on the
dashboard: none is shown as its raw key ("device:phone", "days:gym")."""

from __future__ import annotations

import pytest
from django.utils import translation

from memories.templatetags.dashboard import slot_attribute, slot_value


@pytest.mark.parametrize(("attribute", "zh"), [
    ("device:phone", "设备：phone"),
    ("days:gym", "gym 的日子"),
    ("study:grade", "年级"),
    ("study:major", "专业"),
    ("like:寿司", "喜欢 寿司"),
    ("city", "居住城市"),
    ("commute", "通勤方式"),
    ("sleep", "睡眠时长"),
    ("bedtime", "睡觉时间"),
    ("waketime", "起床时间"),
])
def test_each_slot_attribute_is_named_in_chinese(attribute: str, zh: str) -> None:
    with translation.override("zh-hans"):
        assert slot_attribute(attribute) == zh
    with translation.override("en"):
        assert ":" not in slot_attribute(attribute) or slot_attribute(attribute).startswith(("device:", "habit:"))


@pytest.mark.parametrize(("value", "zh", "en"), [
    ("no", "否", "no"),
    ("none", "无", "none"),
    ("not:google", "已不在 google", "no longer at google"),
    ("杭州", "杭州", "杭州"),
])
def test_a_slot_value_of_the_vocabulary_is_said_in_the_reader_s_language(value: str, zh: str, en: str) -> None:
    with translation.override("zh-hans"):
        assert slot_value(value) == zh
    with translation.override("en"):
        assert slot_value(value) == en
