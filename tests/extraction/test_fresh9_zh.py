"""Chinese as bench/fresh9_zh_set.py's people type it, in other words than the set: a 他/她 after several people
is the one the clause just before named, when the kinship word fits it; an abbreviation the tagger parts into two
characters (法 + 硕) is a thing named, not a vague clause."""

from __future__ import annotations

from datetime import UTC, datetime

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def kept(*turns: str) -> list[str]:
    said = [Turn(n + 1, "user", t, SAID) for n, t in enumerate(turns)]
    return [c.content for c in OfflineExtractor().extract(said, [])]


def test_a_pronoun_after_several_people_is_the_one_just_named():
    memories = kept("领导今天又加了需求，组长也很烦。回家以后儿子一直缠着我，他下学期就上一年级了")
    assert any(m.startswith("用户的儿子") and "一年级" in m for m in memories), memories
    memories = kept("我妈和我姐都来了。晚饭后我女儿一直哭，她最近在长牙")
    assert any(m.startswith("用户的女儿") and "长牙" in m for m in memories), memories


def test_a_pronoun_that_does_not_fit_the_one_just_named_is_not_given_to_them():
    memories = kept("我妈和我哥都来了。晚饭后我女儿一直哭，他最近心情不好")
    assert not any(m.startswith("用户的女儿") and "心情" in m for m in memories), memories


def test_an_abbreviation_parted_by_the_tagger_is_kept():
    memories = kept("今年二战，考的是法硕")
    assert any("法硕" in m for m in memories), memories
