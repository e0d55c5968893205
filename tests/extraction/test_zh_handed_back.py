"""Who a Chinese clause without a subject is about, after a clause that said something of the speaker (a doctor,
a boss or a parent telling them), a clause whose thing changed hands, a time said before the speaker's 我, a role
said with its field, a child by birth order, and a copula clause (是个…) that goes on with the one before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor


def kept(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(0, "user", text, datetime(2026, 3, 2, 12, tzinfo=UTC))],
                                                          [])]


@pytest.mark.parametrize(("text", "want", "not_want"), [
    ("教练说我核心力量太弱，以后每周加两节普拉提", "用户以后每周加两节普拉提", "教练以后"),
    ("主任让我先别加班了，开始按时下班", "用户开始按时下班", "主任开始"),
    ("摩托车转手了，最近骑电驴上班", "用户最近骑电驴上班", "摩托车最近"),
])
def test_a_clause_after_one_said_of_the_speaker_is_the_speakers(text: str, want: str, not_want: str) -> None:
    found = kept(text)
    assert any(want in c for c in found) and not any(not_want in c for c in found), found


def test_a_time_before_the_speakers_own_subject_puts_nothing_before_it() -> None:
    found = kept("打从换了新工作以后我每天六点就出门")
    assert any(c.startswith("打从") and "用户每天六点" in c for c in found), found


def test_a_role_with_its_field_is_the_speakers() -> None:
    found = kept("心理咨询师建议我每天写日记")
    assert any(c.startswith("用户的心理咨询师") for c in found), found


def test_a_child_by_birth_order_and_a_copula_clause_after_it() -> None:
    found = kept("大宝上个月满六岁了，是个男孩，特别爱画画")
    assert any(c.startswith("用户的大宝") and "满六岁" in c for c in found), found
    assert not any(c.startswith("用户是个") for c in found), found


def test_a_forbidding_that_names_the_speaker_still_goes_on_with_the_one_who_forbids() -> None:
    found = kept("我妈不让我养狗，说太吵")
    assert any("妈" in c and "吵" in c for c in found), found


def test_a_copula_before_a_role_with_its_field_goes_on_with_the_one_before() -> None:
    found = kept("我姐在一所中学上班，是数学老师")
    assert any(c.startswith("用户的姐") and "数学老师" in c for c in found), found
    assert not any(c.startswith("用户的是") for c in found), found
