"""Changes that end a post, a rented thing, a show, a search for work, work from home and the lessons toward a
driving licence (``memories.write.changes``, ``changes_zh``, ``slots_zh``, ``slots_zh_home``, ``slots_licence``),
said in words none of the probe sets use; through the real write flow too (mem0's ``add``, no Anthropic key)."""

from __future__ import annotations

from typing import Any

import pytest

from memories.write.changes import change_words, changed_from
from memories.write.slots import slots_of
from memories.write.text import search_text
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

CHANGED = [
    ("我在小区业委会当主任", "主任的位置交给楼下王阿姨了"),
    ("我妹妹目前在求职", "我妹妹下周一到顺丰上班了"),
    ("平时都在家办公", "从这个月开始我回公司坐班了"),
    ("My nephew is taking driving lessons", "my nephew passed his driving test this morning"),
]
KEPT = [
    ("平时都在家办公", "我老公回公司坐班了"),
    ("我妹妹目前在求职", "我妹妹下周一到顺丰面试"),
    ("My nephew is taking driving lessons", "my neighbour's kid got his driver's license"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


def _link(old: str, new: str) -> str:
    return changed_from(new, change_words(new), old, search_text(old))


def _slot(text: str, attribute: str) -> set[tuple[str, str]]:
    return {(s.subject, s.value) for s in slots_of(text) if s.attribute == attribute}


def test_a_post_handed_on_a_show_stopped_and_a_rented_thing_turned_in() -> None:
    assert _link("用户在业委会当主任", "用户主任的职务移交给小区物业了") == "主任"
    assert _link("用户的妈妈在超市上班", "用户的妈妈的工作换了") == ""  # the mother's, not a post
    assert _link("用户在带一个羽毛球兴趣班当教练", "用户的教练的活交给老周了") == "教练"
    assert _link("用户在更新一个美食专栏", "用户美食专栏断更了") != ""
    assert _link("用户喜欢一个美食专栏", "用户的朋友美食专栏断更了") == ""
    assert _link("用户在写一个美食专栏", "用户一直追的美食专栏断更了") == ""
    assert _link("The user rents a Kia Soul.", "The user turned in the Soul when the rental ran out.") != ""
    assert _link("The user runs the chess club.", "The user handed the chess club over to another parent.") == "chess"


def test_looking_for_work_and_starting_somewhere_in_chinese() -> None:
    assert _slot("用户的哥哥正在找工作", "employer") == {("~哥哥", "none")}
    assert _slot("用户的哥哥上周去美团上班了", "employer") == {("~哥哥", "美团")}
    assert _slot("用户去单位上班了", "employer") == set()  # no employer named
    assert _slot("用户在帮同学找工作", "employer") == set()
    assert _slot("用户的哥哥去美团面试了", "employer") == set()


def test_work_from_home_and_back_at_the_office_in_chinese() -> None:
    assert _slot("用户长期居家办公", "workplace") == {("self", "home")}
    assert _slot("用户单位通知大家回办公室上班了", "workplace") == {("self", "office")}
    assert _slot("用户回公司取快递", "workplace") == set()
    assert _slot("如果回办公室坐班用户就考虑换工作", "workplace") == set()
    assert _slot("最近用户一个人住", "lives-with:roommates") == {("self", "no")}


def test_a_driving_licence_on_its_way_and_got() -> None:
    assert _slot("The user has a learner's permit.", "licence:driving") == {("self", "learning")}
    assert _slot("The user's daughter got her driving license.", "licence:driving") == {("~daughter", "yes")}
    assert _slot("The user learned to drive in 2009.", "licence:driving") == set()
    assert _slot("用户最近在练车", "licence:driving") == {("self", "learning")}
    assert _slot("用户总算拿到驾驶证了", "licence:driving") == {("self", "yes")}
    assert _slot("用户打算暑假考驾照", "licence:driving") == set()


@pytest.mark.django_db
@pytest.mark.usefixtures("offline")
def test_such_changes_retire_the_old_statement_and_traps_stay(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    misses, disturbed = [], []
    for n, (old, new) in enumerate(CHANGED):
        olds, news = mem0.add(old, f"post-c-{n}"), mem0.add(new, f"post-c-{n}")
        assert olds and news, (old, new)
        if not any(mem0.now(memory_id)[0] != "active" for memory_id, _ in olds):
            misses.append(f"{old} / {new} -> {[text for _, text in news]}")
    for n, (old, new) in enumerate(KEPT):
        ids = [memory_id for memory_id, _ in mem0.add(old, f"post-k-{n}") + mem0.add(new, f"post-k-{n}")]
        if any(mem0.now(memory_id)[0] not in {"active", "pending"} for memory_id in ids):
            disturbed.append(f"{old} / {new}")
    assert not misses, misses
    assert not disturbed, disturbed
