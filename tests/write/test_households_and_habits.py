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


@pytest.mark.parametrize(("old", "new"), [
    ("I take 20mg of citalopram daily.", "My GP upped the citalopram to 30mg."),
    ("My son goes to Riverside Elementary.", "We transferred our son to a Catholic school."),
    ("我是单身", "我最近在和一个同事谈恋爱"),
    ("我每周学两次法语", "法语放弃了"),
])
def test_a_change_said_another_way_meets_the_old_value(old, new):
    assert linking_slot(slots_of(new), slots_of(old)) is not None or covers(slots_of(new), slots_of(old)), (
        old, new, slots_of(old), slots_of(new))


@pytest.mark.parametrize("text", [
    "My daughter's doctor raised the insulin to 12 units.", "我想谈恋爱", "我表姐在谈恋爱",
])
def test_anothers_dose_or_a_wish_is_not_the_speakers(text):
    assert not any(s == "self" and (a == "marital" or a.startswith("measure:")) for s, a, _ in keys(text)), keys(text)


@pytest.mark.parametrize(("text", "employer", "job"), [
    ("I work as a line cook at Nando's.", "nando's", "line cook"),
    ("I work at Tesco as a cashier.", "tesco", "cashier"),
])
def test_a_job_and_its_place_said_together_are_both_kept(text, employer, job):
    assert {("self", "employer", employer), ("self", "job", job)} <= keys(text), keys(text)


@pytest.mark.parametrize(("old", "new"), [
    ("我在超级猩猩健身", "超级猩猩的卡到期不续了"),
    ("我在威尔仕办了年卡", "我上周退了威尔仕的卡"),
])
def test_a_membership_ended_meets_the_one_held(old, new):
    assert linking_slot(slots_of(new), slots_of(old)) is not None, (slots_of(old), slots_of(new))


@pytest.mark.parametrize("text", ["我把衣服退了", "快递退回去了", "我在家健身"])
def test_returns_and_home_workouts_are_no_membership(text):
    assert not any(a.startswith("member:") for _, a, _ in keys(text)), keys(text)
