"""Whom one lives with besides a partner, and readings that must not take a place for a habit or a move for a
death, in wording of the lead's held-out probes' kinds (not their words)."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slots_of


def keys(text: str) -> set[tuple[str, str, str]]:
    return {(s.subject, s.attribute, s.value) for s in slots_of(text)}


@pytest.mark.parametrize(("old", "new"), [
    ("I share a flat with three housemates.", "My housemates all moved out last month."),
    ("We rent a house with two flatmates.", "I live by myself now."),
    ("I've got a roommate.", "I finally have the apartment to myself."),
    ("我和两个舍友合租", "舍友上个月都退租了"),
    ("我跟室友一起住", "我现在自己住"),
])
def test_roommates_gone_meet_roommates(old, new):
    assert linking_slot(slots_of(new), slots_of(old)) is not None or covers(slots_of(new), slots_of(old)), (old, new)


@pytest.mark.parametrize("text", ["My sister has two roommates.", "我妹妹跟室友合租", "My roommate moved to Ohio."])
def test_anothers_roommates_are_not_the_speakers(text):
    assert not any(a == "lives-with:roommates" and s == "self" for s, a, _ in keys(text))


@pytest.mark.parametrize("text", ["I quit the bakery job.", "I quit the yoga studio last week.",
                                  "I left the coffee shop for good."])
def test_leaving_a_place_is_no_habit_given_up(text):
    assert not any(a.startswith(("habit:", "learning:")) for _, a, _ in keys(text)), keys(text)


def test_a_habit_kept_lately_is_a_bedtime():
    assert ("self", "bedtime", "23") in keys("I've been going to sleep at 11 recently.")


@pytest.mark.parametrize("text", ["我同事的东西都搬走了", "用户的邻居家早就搬走了", "快递被人拿走了"])
def test_moved_or_taken_away_is_no_death(text):
    assert not any(a == "alive" for _, a, _ in keys(text)), keys(text)
