"""Who a change is about when its first words do not say it (``memories.write.changes_who``), and what a Chinese
change names by its verb alone: a death ends what the one who died was, a theft is of the speaker's thing, "he" or
"she" opening a line is the relative a stored memory names (of that sex), a habit's verb with a new object, a thing
quit. Through the real write flow too (mem0's ``add``, the offline extractor, no Anthropic key); traps stay."""

from __future__ import annotations

from typing import Any

import pytest

from memories.write.changes import change_words, changed_from, subject_of
from memories.write.text import search_text
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

CHANGED = [
    ("My uncle runs a bakery in Leeds", "my uncle died in March, the bakery is closed"),
    ("I commute on a red Vespa", "somebody stole my Vespa last night"),
    ("My daughter lives in the dorm on campus", "she moved out of the dorm in May"),
    ("我舅舅在深圳开出租车", "舅舅去年去世了"),
    ("我每天抽一包烟", "从上个月开始戒烟了"),
    ("我平时坐公交上班", "最近改坐地铁了，快多了"),
]
KEPT = [
    ("My uncle runs a bakery in Leeds", "my friend's uncle died in March"),
    ("My son lives in the dorm on campus", "she moved out of the dorm in May"),
    ("我平时坐公交上班", "我老婆改坐地铁了"),
    ("我每天抽一包烟", "医生让我戒烟，我在考虑"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


def _link(old: str, new: str) -> str:
    return changed_from(new, change_words(new), old, search_text(old))


def test_a_death_a_theft_and_a_pronoun() -> None:
    assert _link("The user's uncle runs a bakery in Leeds.", "The user's uncle died in March.") == "uncl"
    assert _link("The user's aunt runs a bakery in Leeds.", "The user's uncle died in March.") == ""
    assert _link("The user's uncle taught the user to fish.", "The user's uncle died in March.") == ""  # an event
    assert subject_of("Somebody stole the user's Vespa last night.") == "self"
    assert _link("The user commutes on a red Vespa.", "Somebody stole the user's Vespa last night.") == "vespa"
    assert _link("The user's daughter lives in the dorm.", "She moved out of the dorm in May.") == "dorm"
    assert _link("The user's son lives in the dorm.", "She moved out of the dorm in May.") == ""
    assert _link("The user's kid lives in the dorm.", "He moved out of the dorm in May.") == "dorm"
    assert _link("The user lives in the dorm.", "She moved out of the dorm in May.") == ""  # not the speaker
    # a role named "assistant" is no assistant's answer; a relative's thing; a verb's place; what "we" do
    assert _link("The user is an assistant principal at Lakeview High.",
                 "The user stepped down as assistant principal in June.") == "assist"
    assert _link("The user's son wears a retainer.", "The user's son's retainer came off last week.") == "retain"
    assert _link("The user's aunt is in the hospital.", "The user's aunt was discharged on Sunday.") == "hospit"
    assert _link("The user and others keep bees on the roof.", "The user and others are done with bees.") == "bee"


def test_what_a_chinese_change_names_by_its_verb() -> None:
    assert _link("用户的舅舅在深圳开出租车", "用户的舅舅去年去世了") == "舅舅"
    assert _link("用户的舅舅在深圳开出租车", "用户的舅舅昨天走了") == ""  # a visit over, perhaps
    assert _link("用户每天抽一包烟", "用户2026年11月开始戒烟了") == "烟"
    assert _link("用户每周二去游泳", "用户，啤酒真戒了") == ""  # 戒了 names no thing: not "了" in every old one
    assert _link("用户平时坐公交上班", "用户最近改坐地铁了") == "坐"
    assert _link("用户喜欢吃辣", "用户最近改坐地铁了") == ""
    assert _link("用户是切尔西球迷", "用户转粉阿森纳了") == "迷"
    assert _link("用户的女儿每周上两次游泳课", "用户的女儿2026年11月游泳课结课了") == "游泳 课"
    assert _link("用户的爷爷在住院", "用户的爷爷上周出院了") == "院"
    assert _link("用户的外公跟用户等人一起住", "用户的外公搬回老家了") == "住"
    assert _link("用户喜欢住民宿", "用户搬到海淀了") == ""  # the speaker's own move is the home slot's
    assert _link("用户的女儿在戴助听器", "用户的女儿摘助听器了") == "助听器"


@pytest.mark.django_db
@pytest.mark.usefixtures("offline")
def test_such_changes_retire_the_old_statement_and_traps_stay(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    misses, disturbed = [], []
    for n, (old, new) in enumerate(CHANGED):
        olds, news = mem0.add(old, f"who-c-{n}"), mem0.add(new, f"who-c-{n}")
        assert olds and news, (old, new)
        if not any(mem0.now(memory_id)[0] != "active" for memory_id, _ in olds):
            misses.append(f"{old} / {new} -> {[text for _, text in news]}")
    for n, (old, new) in enumerate(KEPT):
        ids = [memory_id for memory_id, _ in mem0.add(old, f"who-k-{n}") + mem0.add(new, f"who-k-{n}")]
        if any(mem0.now(memory_id)[0] not in {"active", "pending"} for memory_id in ids):
            disturbed.append(f"{old} / {new}")
    assert not misses, misses
    assert not disturbed, disturbed


def test_a_provider_said_as_someone_named() -> None:
    from memories.write.slots import slots_of
    assert [(s.attribute, s.value) for s in slots_of("The user's accountant is a woman named Priya.")
            if s.attribute.startswith("provider:")] == [("provider:accountant", "priya")]


def test_the_days_one_works() -> None:
    from memories.write.slots import slots_of

    def days(text: str) -> set[tuple[str, str]]:
        return {(s.subject, s.value) for s in slots_of(text) if s.attribute == "workdays"}

    assert days("The user works Tuesday to Saturday at the garden centre.") == {("self", "tue-sat")}
    assert days("The user's rota is Sunday through Thursday now.") == {("self", "sun-thu")}
    assert days("The user has to work next Sunday.") == set()
    assert days("用户周二到周六上班") == {("self", "tue-sat")}
    assert days("用户上班时间改成周日到周四了") == {("self", "sun-thu")}
    assert days("用户下周六要值班") == set()
