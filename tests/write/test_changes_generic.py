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
    # "whole" and "entire" say how much, not which: the field is the field
    assert _link("The user grazes sheep on 40 acres.", "The user converted the entire 40 acres to vines.") == "acr"
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


def test_changes_said_by_root_by_kind_by_pronoun_and_by_the_thing_first() -> None:
    # A word by its root: counselling stopped ends seeing a counselor; a place of worship by any name.
    assert _link("The user sees a counselor on Thursdays.", "The user quit counseling after the summer.") == "counsel"
    assert _link("The user attends services at a synagogue downtown.", "The user left the temple last year.")
    # "him"/"her" after the speaker is the relative the old statement is about.
    assert _link("The user's daughter takes ballet at a studio.", "The user pulled her out of ballet.") == "ballet"
    assert _link("The user's daughter takes ballet at a studio.", "The user quit ballet.") == ""
    # Going full-time, having to stop, a cast coming off: changes; a shop's news is none.
    assert _link("The user works part-time at a garden centre.", "The user went full-time at the garden centre.")
    assert _link("The user coaches a youth soccer team.", "The user had to stop coaching.") == "coach"
    assert _link("The user's ankle is in a cast.", "The cast came off last week.") == "cast"
    assert not said_changed("The garden centre is hiring part-timers.")
    # Chinese: the thing said first, a change of status, an abbreviation, a cast taken off, a weekly amount.
    assert _link("用户的平板是华为MatePad", "MatePad换成iPad了")
    assert _link("用户在奶茶店做兼职，一周十五个小时", "用户转成奶茶店的正式员工了").replace(" ", "") == "奶茶店"
    assert _link("用户在准备明年的上海马拉松", "用户上马退赛了") == "上马"
    assert _link("用户的医保在广州交", "用户医保转到深圳了") == "医保"
    assert _link("用户脚踝打着石膏", "用户拆了石膏，能走路了") == "石膏"
    assert _link("用户的平板是华为MatePad", "用户的同事MatePad换成iPad了") == ""
    assert a_state("用户的笔记本是联想小新")  # 联想 is a brand, not a wish
    # An account moved is the bank changed; meat eaten again, after a season, ends a meatless diet.
    assert _link("The user banks with Wells Fargo.", "The user switched the user's accounts to Ally last spring.")
    from memories.write.slots import slots_of
    assert [(s.attribute, s.value) for s in slots_of("用户2025年冬天开始又吃肉了")] == [("diet", "meat")]


def test_a_health_insurer_as_people_say_it() -> None:
    from memories.write.slots import slots_of

    def insurer(text: str) -> list[str]:
        return [s.value for s in slots_of(text) if s.attribute == "provider:insurance" and s.subject == "self"]

    assert insurer("The user's medical coverage is through Aetna.") == ["aetna"]
    assert insurer("The user is insured with UnitedHealthcare via the union.") == ["unitedhealthcare"]
    assert insurer("The user moved the family plan over to Cigna.") == ["cigna"]
    assert insurer("The user's husband is on Humana.") == []
    assert insurer("The user didn't switch to Anthem.") == []
    assert not [s for s in slots_of("The user switched to Humana at open enrollment.") if s.attribute == "employer"]
    # nor any name one switched to with no word of work: a streaming service, an insurer
    assert not [s for s in slots_of("The user switched to Peacock for the football.") if s.attribute == "employer"]


def test_a_thing_dropped_a_club_left_and_a_habit_said_with_do() -> None:
    # Dumped, ditched, lost interest in: an end; "does X" and "still lives …" are states it ends.
    assert _link("The user's phone plan is with Sprint.", "The user ditched Sprint for a prepaid plan.") == "sprint"
    assert _link("The user is into knitting these days.", "The user lost interest in knitting.") == "knit"
    assert _link("The user and others do the user's banking at a credit union.",
                 "The user closed down the user's credit union account.")
    assert _link("The user still rides a scooter to class.", "The user sold the scooter.") == "scooter"
    # 参加了一个…会: a member now, which 退了 ends; a meeting's news ends nothing.
    assert a_state("用户参加了一个摄影协会")
    assert not a_state("用户参加了一个婚礼")
    assert _link("用户参加了一个跑团", "跑团退了，太累了")
    assert _link("用户参加了一个跑团", "跑团这周末有活动") == ""
