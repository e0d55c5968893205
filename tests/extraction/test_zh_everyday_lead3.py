"""Chinese everyday lines a lead's read-through found mis-kept: a holiday named after a parent put first in a
clause that has its own 我 (not the speaker's parent), a thing or a time put before 我, an age said after 今年
without 岁, a month's name before 前 (before that month, not so many months ago), and thanks followed by a bare
judgement of the help (a reaction, not the speaker's trait)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor


def kept(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(0, "user", text, datetime(2026, 3, 2, 12, tzinfo=UTC))],
                                                          [])]


@pytest.mark.parametrize(("text", "want", "not_want"), [
    ("我妈去年走的，所以母亲节我一般不出门", "母亲节用户一般不出门", "用户的母亲节"),
    ("我儿子叫乐乐，暑假我打算带他去青岛", "暑假用户打算带他去青岛", "用户暑假用户"),
    ("我养了条柯基，早上我都带它去公园", "早上用户都带它去公园", "的柯基早上"),
])
def test_what_is_put_before_the_speakers_own_i_takes_no_subject(text: str, want: str, not_want: str) -> None:
    found = kept(text)
    assert any(want in c for c in found) and not any(not_want in c for c in found), found


def test_an_age_after_this_year_without_its_unit_keeps_this_year() -> None:
    found = kept("我叫陈默，今年27，在苏州做会计")
    assert any("今年27" in c for c in found) and not any("年27" in c.replace("今年27", "") for c in found), found


def test_a_months_name_before_qian_is_before_that_month() -> None:
    found = kept("我们五月前要把婚房装修好")
    assert any("五月前" in c for c in found), found
    assert any("2025年12月" in c for c in kept("我三个月前换了工作")), kept("我三个月前换了工作")


@pytest.mark.parametrize("text", ["多谢，挺实用的！", "谢谢你，真的很详细", "好的，太及时了"])
def test_thanks_then_a_judgement_of_the_help_keeps_nothing(text: str) -> None:
    assert kept(text) == []
