"""A change of something said before that no attribute slot knows (``memories.write.changes``), through the real
write flow (mem0's ``add``, the offline extractor, no Anthropic key), each pair under its own user: a volunteering
stopped, a club left, savings moved, and the same in Chinese (a thing put before the speaker too). Traps stay:
another person's change, a change thought about or asked about, a change denied."""

from __future__ import annotations

from typing import Any

import pytest

from memories.write.changes import a_state, change_words, changed_from, said_changed, subject_of
from memories.write.text import search_text
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

CHANGED = [
    ("I volunteer at the animal shelter on Saturdays", "stopped volunteering at the shelter, no time with the new job"),
    ("I'm a member of a book club", "I left the book club, too much drama"),
    ("I keep my savings at Barclays", "switched my savings over to Monzo"),
    ("我每周六去动物收容所做义工", "收容所的义工我不做了，工作太忙"),
    ("我的存款放在工商银行", "存款都转到招行了"),
    ("我在社区合唱团唱歌", "合唱团我退了，现在去跳广场舞"),
]
KEPT = [
    ("I volunteer at the animal shelter on Saturdays", "my daughter stopped volunteering at the shelter"),
    ("I keep my savings at Barclays", "thinking about switching my savings to Monzo"),
    ("I'm a member of a book club", "I didn't leave the book club, that was my sister"),
    ("我每周六去动物收容所做义工", "我闺蜜不去收容所做义工了"),
    ("我在社区合唱团唱歌", "我妹退了合唱团"),
    ("我的存款放在工商银行", "如果利率再降，我就把存款转到招行"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.django_db
@pytest.mark.usefixtures("offline")
def test_a_change_no_slot_knows_retires_the_old_statement(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    misses = []
    for n, (old, new) in enumerate(CHANGED):
        user = f"change-c-{n}"
        olds = mem0.add(old, user)
        news = mem0.add(new, user)
        assert olds, old
        assert news, new
        if not any(mem0.now(memory_id)[0] != "active" for memory_id, _ in olds):
            misses.append(f"{old} / {new} -> {[text for _, text in news]}")
        assert all(mem0.now(memory_id)[0] in {"active", "pending"} for memory_id, _ in news), new
    assert not misses, misses


@pytest.mark.django_db
@pytest.mark.usefixtures("offline")
def test_anothers_change_a_thought_or_a_denial_retires_nothing(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    disturbed = []
    for n, (old, new) in enumerate(KEPT):
        user = f"change-k-{n}"
        ids = [memory_id for memory_id, _ in mem0.add(old, user) + mem0.add(new, user)]
        if any(mem0.now(memory_id)[0] not in {"active", "pending"} for memory_id in ids):
            disturbed.append(f"{old} / {new}")
    assert not disturbed, disturbed


def _link(old: str, new: str) -> str:
    return changed_from(new, change_words(new), old, search_text(old))


def test_what_a_change_names() -> None:
    # A thing said with what kind it is: the chess club is not the university's rowing club.
    assert _link("The user rows for the university club.", "The user quit the chess club.") == ""
    assert _link("The user rows for the university club.", "The user quit the rowing club in the spring.") == "row"
    # A view or an event is no state a change ends; a plan, a stay and an addition say no change.
    assert not a_state("The user thinks the new office is nice.")
    assert not a_state("The user visited Lisbon in 2019.")
    assert a_state("The user doesn't eat pork.")
    assert not said_changed("The user is thinking about switching banks.")
    assert not said_changed("The user is staying at a friend's place this week after moving out.")
    assert not said_changed("The user also joined a running club.")
    assert said_changed("The user's band split up.")


def test_who_a_change_is_about() -> None:
    # Who it is about: the speaker, a relative however named, a name.
    assert subject_of("The user's mum moved to Leeds.") == subject_of("The user's mother lives in York.") == "~mother"
    assert subject_of("Priya switched teams.") == "priya"
    assert subject_of("Dancing makes Priya happy.") == ""
    assert subject_of("The user's podcast ended.") == "self"  # a thing of the user's
    assert subject_of("The user's supervisor retired.") == "~boss"
    # A thing the old statement named, as the new one's subject.
    assert _link("The user sings with a choir in Leeds.", "The choir disbanded over the summer.") == "choir"
    assert _link("The user's sister sings with a choir.", "The choir disbanded over the summer.") == ""
    assert subject_of("合唱团用户退了") == "self"
    assert subject_of("用户的妈妈搬回老家了") != "self"


def test_what_a_chinese_change_names() -> None:
    # Chinese nouns in a row are one thing: a phone case is not a phone number.
    assert "手机" not in change_words("用户换了个手机壳")
    assert _link("用户的手机号是移动的", "用户换了个手机壳") == ""
    assert _link("用户在社区合唱团唱歌", "合唱团用户退了") == "合唱团"
    assert _link("用户去了一趟成都", "用户搬到成都了") == ""  # an event, not a state


def test_a_boss_a_network_a_gym_a_car_and_a_school_as_people_say_them() -> None:
    from memories.write.slots import slots_of

    def read(text: str) -> set[tuple[str, str, str]]:
        return {(s.subject, s.attribute, s.value) for s in slots_of(text)}

    # One's manager or supervisor is one's boss: a new boss named meets the old one.
    assert ("self", "boss", "lena") in read("The user's line manager is Lena.")
    assert ("self", "boss", "omar") in read("The user's new boss is Omar.")
    assert {s.attribute for s in slots_of("The user's new manager is Ines.")} == {"boss"}  # one slot: it covers
    # A network one is a customer of; a gym gone to before or after work.
    assert ("self", "provider:phone", "o2") in read("The user is an O2 customer.")
    assert ("self", "gym", "anytime fitness") in read("The user goes to Anytime Fitness after work.")
    # A Chinese car said with its model year is that car, so its sale or trade-in meets it.
    assert ("self", "car", "大众朗逸") in read("用户开一辆2017年的大众朗逸")
    assert ("self", "car", "卡罗拉") in read("用户开的是19年款的卡罗拉")
    # The school one is at, and one transferred to (a year before it in Chinese); a senior at a firm is no student.
    assert ("self", "school", "penn state") in read("The user is a junior at Penn State.")
    assert ("self", "school", "boston university") in read("The user transferred to Boston University last fall.")
    assert not [s for s in slots_of("The user is a senior at Deloitte.") if s.attribute == "school"]
    assert not [s for s in slots_of("The user might transfer to Boston University.") if s.attribute == "school"]
    assert ("self", "school", "复旦大学") in read("用户大二转学到复旦大学了")
    # A doctor named by the department stops a medicine; a shift one starts.
    assert ("self", "taking:氨氯地平", "no") in read("用户的心内科医生让用户把氨氯地平停了")
    assert ("self", "shift", "night") in read("用户这个月开始上夜班了")
