"""A tenth hand's Chinese extraction readings: cheering oneself on keeps nothing, and a workplace that moved is
no move of the speaker's home."""

from __future__ import annotations

import pytest

from tests.extraction.test_everyday import holding, run


@pytest.mark.parametrize("message", ["奥利给！干就完了", "冲鸭冲鸭 打工人", "加油鸭💪"])
def test_cheering_oneself_on_keeps_nothing(message):
    found, _ = run(("user", message))
    assert not found, [c.content for c in found]


def test_a_workplace_that_moved_is_not_the_speakers_home():
    found, _ = run(("user", "我们单位搬到了南沙"))
    contents = [c.content for c in found]
    assert holding(found, "南沙"), contents
    assert not [c for c in contents if "住在" in c], contents


def test_the_speakers_own_move_still_says_where_they_live():
    found, _ = run(("user", "我上周搬到了南沙"))
    assert any("住在南沙" in c.content for c in found), [c.content for c in found]
