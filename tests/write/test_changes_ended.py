"""Changes that end a thing without a word of change the core readers knew (``memories.write.changes``,
``changes_zh``): a thing shaved, cleared out, given back or paid off; a thing done away with by 把, a debt paid
(还清), a rental ended (退租), hair dyed again; a plan called off; a word said with a character more in the old
statement ("棒球队" / "棒球校队"); and whose a change is when it names the relative's own person ("my son's coach").
Through the real write flow too (mem0's ``add``, the offline extractor, no Anthropic key); traps stay."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from memories.write.changes import change_words, changed_from
from memories.write.slots import slots_of
from memories.write.text import search_text
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

CHANGED = [
    ("I keep a locker at the climbing gym", "cleared out my gym locker and cancelled, too pricey"),
    ("我在还房贷", "房贷终于还清了"),
    ("我姐住在武汉", "我姐工作调动到了广州"),
    ("我现在待业在家", "下周一起在超市上班"),
]
KEPT = [
    ("My daughter takes piano lessons", "my daughter's piano teacher moved to Ohio"),
    ("我在还房贷", "我同事的房贷还清了"),
    ("我现在待业在家", "我表弟下周一起在超市上班"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


def _link(old: str, new: str) -> str:
    return changed_from(new, change_words(new), old, search_text(old))


def test_a_thing_ended_by_what_was_done_to_it() -> None:
    assert _link("The user has a mustache.", "The user shaved off the mustache for the play.") == "mustach"
    assert _link("The user leases a Honda Civic.", "The user gave back the leased Civic in June.") != ""
    assert _link("The user has a car loan with Ally.", "The user paid off the car loan.") == "car"
    assert _link("The user thinks the training paid off.", "The user's hard work paid off.") == ""
    assert _link("The user's hair is blonde.", "The user dyed the user's hair black.") == "hair"
    assert _link("The user's daughter takes piano lessons.", "The user's daughter's piano teacher moved.") == ""


def test_a_chinese_thing_done_away_with_a_rental_ended_and_hair_dyed_again() -> None:
    assert _link("用户有一张健身卡", "用户把健身卡退了") == "健身卡"
    assert _link("用户在朝阳租了个工作室", "用户工作室退租了") == "租"
    assert _link("用户把头发染成了蓝色", "用户又染回棕色了") == "染"
    assert _link("用户喜欢蓝色", "用户又染回棕色了") == ""
    assert _link("用户是学校乒乓球校队的", "用户退出乒乓球队了") == "乒乓球队"


def test_a_plan_called_off() -> None:
    assert _link("用户计划明年去冰岛", "用户冰岛去不成了") == "冰岛"
    assert _link("用户想明年去冰岛", "用户冰岛去不成了") == ""  # a wish is no plan
    assert _link("用户计划明年去冰岛", "用户的朋友冰岛去不成了") == ""


def test_work_and_home_said_another_way() -> None:
    def slot(text: str, attribute: str) -> set[tuple[str, str]]:
        return {(s.subject, s.value) for s in slots_of(text) if s.attribute == attribute}

    assert slot("用户目前待业", "employer") == {("self", "none")}
    assert slot("用户下周一起在超市上班", "employer") == {("self", "超市")}
    assert slot("用户今天没上班", "employer") == set()
    assert slot("用户的姐姐工作调动到了广州", "city") == {("~姐姐", "广州")}


def _extract(text: str) -> list[str]:
    when = datetime(2026, 3, 2, 9, tzinfo=UTC)
    return [c.content for c in OfflineExtractor().extract([Turn(0, "user", text, when)], [])]


def test_what_the_extractor_now_keeps_and_whose_it_is() -> None:
    assert _extract("我平时戴近视眼镜") != []  # a set phrase of a modifier and a noun is a thing
    assert _extract("为了给我女儿过生日，请了一天假")[0].startswith("用户为了")


@pytest.mark.django_db
@pytest.mark.usefixtures("offline")
def test_such_changes_retire_the_old_statement_and_traps_stay(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    misses, disturbed = [], []
    for n, (old, new) in enumerate(CHANGED):
        olds, news = mem0.add(old, f"end-c-{n}"), mem0.add(new, f"end-c-{n}")
        assert olds and news, (old, new)
        if not any(mem0.now(memory_id)[0] != "active" for memory_id, _ in olds):
            misses.append(f"{old} / {new} -> {[text for _, text in news]}")
    for n, (old, new) in enumerate(KEPT):
        ids = [memory_id for memory_id, _ in mem0.add(old, f"end-k-{n}") + mem0.add(new, f"end-k-{n}")]
        if any(mem0.now(memory_id)[0] not in {"active", "pending"} for memory_id in ids):
            disturbed.append(f"{old} / {new}")
    assert not misses, misses
    assert not disturbed, disturbed


def test_the_grade_a_teacher_teaches_and_a_team_moved() -> None:
    def grade(text: str) -> set[str]:
        return {s.value for s in slots_of(text) if s.attribute == "grade-taught"}

    assert grade("The user teaches 2nd grade in Tulsa.") == {"2"}
    assert grade("The user got moved up to teaching 3rd.") == {"3"}
    assert grade("The user is subbing for a 3rd grade class today.") == set()
    assert grade("用户在二中教初一") == {"7"}
    assert grade("用户今年带三年级了") == {"3"}
    assert grade("用户明天去代三年级的课") == set()
    assert _extract("management moved our desk to the second floor") == [
        "The user's desk was moved to the second floor."]


def test_a_birth_a_discharge_from_service_a_renewal_let_go_and_a_wait_ended() -> None:
    assert _link("The user's wife is pregnant.", "The user's wife gave birth on Sunday.") == "pregnant"
    assert _link("The user's son is in the Army.", "The user's son got out of the Army.") == "armi"
    assert _link("The user has a Costco membership.", "The user didn't renew the Costco membership.") == "costco"
    assert _link("The user's laptop is at the repair shop.", "The user got the laptop back from the repair shop.") != ""
    assert _link("The user is on a waiting list for a rescue dog.", "The user got a rescue dog named Biscuit.") != ""
    assert _link("The user walks a rescue dog.", "The user got a rescue dog named Biscuit.") == ""  # no wait ended
    assert _link("用户的儿媳怀孕了", "用户的儿媳上周生了个儿子") == "怀孕"
    assert _link("用户的表哥在部队当兵", "用户的表哥复员了") == "兵"
    assert _link("用户在排队等公租房", "用户的公租房批下来了") != ""
    assert _link("用户喜欢公租房的位置", "用户的公租房批下来了") == ""


def test_a_relatives_friend_is_someone_else() -> None:
    assert _link("The user's niece is in the Marines.", "The user's niece's roommate got out of the Marines.") == ""
    assert _link("用户的侄子在部队当兵", "用户的侄子的同学退伍了") == ""
    assert _link("用户的侄子在部队当兵", "用户的侄子退伍了") == "兵"


def test_a_death_still_ends_what_the_one_who_died_was() -> None:
    assert _link("用户的姥爷住在老家大连", "用户的姥爷10月份走了") == "姥爷"
    assert _link("The user's grandpa lives in Duluth.", "The user's grandpa passed away in October.") != ""


def test_a_part_of_the_body_said_without_my_is_the_speakers() -> None:
    assert _extract("ankle's still swollen from the hike") == ["The user's ankle is still swollen from the hike."]
    assert _extract("wrist feels better since the brace") == ["The user's wrist feels better since the brace."]
    assert not any(text.startswith("The user's") for text in _extract("The back is where we keep the bikes"))
