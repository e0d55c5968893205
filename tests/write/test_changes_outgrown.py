"""Ends said by what happened to a thing or a place (aged out of, broke down, totalled, petered out; 撤了, 报废,
把…转到…了), an exam studied for and passed (which ends the studying, not another's), drinking or smoking taken up
again, and the floor one's home is on (``memories.write.changes``, ``changes_zh``, ``slots_en``, ``slots_zh``,
``slots_floor``), in words none of the probe sets use."""

from __future__ import annotations

from memories.write.changes import change_words, changed_from
from memories.write.slots import slots_of
from memories.write.text import search_text


def _link(old: str, new: str) -> str:
    return changed_from(new, change_words(new), old, search_text(old))


def _slot(text: str, attribute: str) -> set[tuple[str, str]]:
    return {(s.subject, s.value) for s in slots_of(text) if s.attribute == attribute}


def test_things_ended_by_what_happened_to_them() -> None:
    assert _link("The user's daughter attends an after-school program.",
                 "The user's daughter aged out of the after-school program.") != ""
    assert _link("The user drives a Prius.", "The user's Prius was totaled on the highway.") == "prius"
    assert _link("The user drives a Prius.", "The user's brother's Prius was totaled.") == ""
    assert _link("The user is in a running group.", "the running group petered out") != ""
    assert _link("用户的车贷在平安银行", "用户把车贷转到工行了") == "车贷"
    assert _link("用户在楼下摆了个水果摊", "水果摊撤了") == "水果摊"


def test_an_exam_passed_ends_the_studying_for_it() -> None:
    assert _link("The user is preparing for the CPA exam.", "The user passed the CPA exam in May.") == "cpa"
    assert _link("The user likes the CPA exam prep videos.", "The user passed the CPA exam in May.") == ""
    assert _link("用户在备考教资", "用户教资考过了") == "教资"
    assert _link("用户在备考教资", "用户的室友教资考过了") == ""


def test_a_habit_taken_up_again_and_the_floor_of_a_home() -> None:
    assert _slot("The user fell off the wagon at the reunion.", "habit:alcohol") == {("self", "yes")}
    assert _slot("The user's cancer relapsed.", "habit:alcohol") == set()
    assert _slot("用户又抽起来了", "smoking") == {("self", "yes")}
    assert _slot("用户的舅舅又喝上了", "habit:酒") == {("~舅舅", "yes")}
    assert _slot("The user's condo is on the 14th floor.", "floor") == {("self", "14")}
    assert _slot("The user moved up to the 20th floor.", "floor") == {("self", "20")}
    assert _slot("The user's office is on the 14th floor.", "floor") == set()
    assert _slot("The user is on the 3rd floor of the library.", "floor") == set()
    assert _slot("用户搬到了同一栋楼的三楼", "floor") == {("self", "3")}
    assert _slot("用户搬到了同一栋楼的三楼", "city") == set()


def test_a_course_or_term_ended_a_phone_jumped_to_and_hair_cut_short() -> None:
    assert _link("The user's dad is doing physical therapy.", "The user's dad's therapy is all finished.") != ""
    assert _link("The user's dad is doing physical therapy.", "The user's dad's lunch is over, heading home.") == ""
    assert _link("用户的爸在做透析", "用户的爸透析全部结束了") == "透析"
    assert _link("用户是小区业委会的委员", "用户业委会的任期年底就结束了") == "业委会"
    assert _slot("The user jumped ship to a Galaxy S24.", "device:phone") == {("self", "galaxy s24")}
    assert _slot("用户2026年3月2日那一周入了一台小米14", "device:phone") == {("self", "小米14")}
    assert _slot("用户在存钱买房", "city") == set()
    assert _slot("The user's son buzzed his head for the summer.", "hair-length") == {("~son", "short")}
    assert _slot("The user has really long hair.", "hair-length") == {("self", "long")}
    assert _slot("The user might go for a bob.", "hair-length") == set()
    assert _slot("用户一直是长发", "hair-length") == {("self", "long")}
    assert _slot("用户昨天剃了个寸头", "hair-length") == {("self", "short")}
    assert _slot("用户想剪个短发", "hair-length") == set()


def test_a_relative_before_a_thing_and_a_role_of_two_words() -> None:
    assert _link("用户的女儿在校排球队", "用户的女儿排球队教练退休了") == ""  # the coach's, not the daughter's
    assert _link("用户是社区篮球队的助理教练", "用户下个月起不当助理教练了") != ""


def test_all_over_the_place_is_no_end() -> None:
    assert _link("The user works nights at the depot.", "The user's sleep is all over the place with the nights.") == ""
