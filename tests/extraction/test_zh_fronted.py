"""What comes before the subject of a Chinese clause: a time that jieba tags as a name is no one's name (the clause
is the speaker's, as a subject-less clause is), and a thing put before 我 is the object of what 我 does, said after
the verb, so the statement has one subject and it comes first."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def contents(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(1, "user", text, SAID, None)], [])]


@pytest.mark.parametrize("text", ["那阵子在考驾照，周末都去练车", "今年夏天换了份工作，工资涨了不少",
                                  "那阵子每晚都睡不着", "国庆去了趟西安"])
def test_a_clause_that_opens_with_a_time_is_the_speakers(text):
    found = contents(text)
    assert found and all(c.startswith("用户") and "我" not in c for c in found), found


@pytest.mark.parametrize(("text", "kept"), [
    ("篮球队我早就不去了", "用户早就不去篮球队了"),
    ("读书会我一直在参加", "用户一直在参加读书会"),
    ("健身房的年卡我退了", "用户退了健身房的年卡"),
    ("吉他我好久没弹了", "用户好久没弹吉他了"),
    ("恐怖片我从来没看过", "用户从来没看过恐怖片"),
])
def test_a_thing_put_before_me_goes_after_the_verb(text, kept):
    assert contents(text) == [kept]


@pytest.mark.parametrize("text", ["小李我不太熟", "王浩我很久没联系了", "上海我有个表姐", "羽毛球我打了好多年",
                                  "周末我一般在家", "物理我最头疼"])
def test_a_name_a_time_or_a_verb_with_its_own_object_stays_as_said(text):
    found = contents(text)
    assert len(found) == 1 and found[0].count("用户") == 1 and not found[0].startswith("用户"), found


def test_a_quote_or_a_question_is_not_turned():
    assert contents("“这家店我常来”") == ["“这家店用户常来”"]
    assert contents("这首歌你听过吗") == []
