"""A question asking for a person's attribute lifts the memories filling that attribute's slot
(memories/recall/attributes.py, RECALL_ATTRIBUTE_BOOST), through the real write flow, models and search."""

from __future__ import annotations

import pytest
from django.test import override_settings

from memories.recall.attributes import asked_attributes
from tests.recall.conftest import contents, save, search

WORK = {"job", "employer", "role"}


@pytest.mark.parametrize(("question", "wanted"), [
    ("What does the user do for work?", WORK),
    ("what's her job these days", WORK),
    ("Who is Priya's employer?", WORK),
    ("What does Ana's older brother do?", WORK),
    ("用户做什么工作？", WORK),
    ("他老婆在哪家公司上班", WORK),
    ("小王是干什么的？", WORK),
    ("Where does the user live now?", {"city", "home"}),
    ("where is Ben based", {"city", "home"}),
    ("他现在住在哪儿？", {"city", "home"}),
    ("How old is his son?", {"age"}),
    ("女儿今年几岁了", {"age"}),
    ("When is Mia's birthday?", {"birthday"}),
    ("妈妈的生日是哪天？", {"birthday"}),
    ("Is the user married?", {"marital", "spouse"}),
    ("What kind of car does he drive?", {"car"}),
    ("他开的车是什么牌子", {"car"}),
    ("Does the user have any dietary restrictions?", {"diet"}),
    ("Where did Mei go to college?", {"education"}),
    ("他是哪所大学毕业的？", {"education"}),
])
def test_a_question_asking_for_an_attribute_names_its_slots(question: str, wanted: set[str]) -> None:
    assert wanted <= asked_attributes(question)


@pytest.mark.parametrize("question", [
    "When did Jon lose his job?",              # an event around the attribute, not the attribute
    "Why did she move to Denver?",
    "What does Caroline do to relax?",
    "What does Jon tell Gina he won't do?",
    "When did Maria donate her car?",
    "What did Nate share with his vegan diet group?",
    "What did the user have for dinner?",
    "他为什么换工作？",
    "你好",
])
def test_other_questions_ask_for_no_attribute(question: str) -> None:
    assert asked_attributes(question) == frozenset()


MEMORIES = {
    "en": [{"content": "The user started working from home in January."},
           {"content": "The user has been a nurse at Mercy Hospital for six years."},
           {"content": "The user's lower back has been hurting for weeks."},
           {"content": "The user's wife teaches maths at Lincoln High."},
           {"content": "The user is training for the Chicago half marathon in October."}],
    "zh": [{"content": "用户在一家做心脏支架的公司做销售。"},
           {"content": "用户最近工作压力很大，经常加班到十点。"},
           {"content": "用户上周末去杭州看了西湖的荷花。"},
           {"content": "用户的老婆在社区医院当护士。"},
           {"content": "用户最近在学做川菜，周末常常下厨。"}],
}


@pytest.mark.parametrize(("language", "question", "answer"), [
    ("en", "What does the user do for work?", "The user has been a nurse at Mercy Hospital for six years."),
    ("en", "What is the user's job?", "The user has been a nurse at Mercy Hospital for six years."),
    ("en", "What does the user's wife do?", "The user's wife teaches maths at Lincoln High."),
    ("zh", "用户做什么工作？", "用户在一家做心脏支架的公司做销售。"),
    ("zh", "用户在哪家公司上班？", "用户在一家做心脏支架的公司做销售。"),
    ("zh", "他老婆是做什么的？", "用户的老婆在社区医院当护士。"),
])
def test_the_memory_filling_the_asked_slot_comes_first(alice, language: str, question: str, answer: str) -> None:
    save(alice, *MEMORIES[language])
    result = search(alice, query=question, k=3, floor=False)
    assert contents(result)[0] == answer
    if language == "en" and "wife" not in question:
        with override_settings(RECALL_ATTRIBUTE_BOOST=0.0):  # the words and the small model alone miss it
            assert contents(search(alice, query=question, k=3, floor=False))[0] != answer


def test_a_named_person_s_slot_is_lifted_not_another_s(alice) -> None:
    save(alice, {"content": "Ana lives in Lisbon with her two cats."},
         {"content": "Ben lives in Porto near the river."},
         {"content": "Ben is planning to visit Lisbon in the spring."})
    found = contents(search(alice, query="Where does Ben live?", k=1, floor=False))
    assert found == ["Ben lives in Porto near the river."]


def test_the_filled_slot_passes_the_relevance_floor_across_languages(alice) -> None:
    """USE puts "我在哪上班？" at 0.07 of "The user works at Stripe as a data engineer": the floor alone drops it."""
    save(alice, {"content": "The user works at Stripe as a data engineer."},
         {"content": "The user bikes to the office most days."},
         {"content": "The user drives a blue Toyota Corolla."})
    for question in ("我在哪上班？", "用户是做什么工作的？"):
        result = search(alice, query=question, k=3)
        assert contents(result)[0] == "The user works at Stripe as a data engineer."
        assert result["results"][0]["relevant"]


def test_a_relatives_slot_is_the_speakers_who_introduced_them(alice) -> None:
    """In one scope shared by several speakers ("name：…" lines), "我那个下属" is the speaker's own: a question about
    沈海燕, whom 赵雅婷 introduced as her 下属, lifts 赵雅婷's line, not another speaker's 下属; "我是周浩，我表姐…"
    likewise asks for 周浩's cousin."""
    save(alice, {"content": "赵雅婷：我下属沈海燕你还不知道吧，以后会常提到她。"},
         {"content": "陈志远：说到这个，我那个下属住在杭州。"},
         {"content": "赵雅婷：我下属在青岛买了房，不打算挪窝了。"},
         {"content": "孙丽华：我表姐今年三十八岁。"},
         {"content": "周浩：我那个表姐今年刚满41岁。"},
         {"content": "周浩：哦对了，我那个堂弟今年二十三岁了。"})
    assert contents(search(alice, query="沈海燕家在哪个城市？", k=1, floor=False)) == [
        "赵雅婷：我下属在青岛买了房，不打算挪窝了。"]
    assert contents(search(alice, query="我是周浩，我表姐多少岁了？", k=1, floor=False)) == [
        "周浩：我那个表姐今年刚满41岁。"]


@pytest.mark.parametrize(("question", "wanted"), [
    ("鲍琳现在人在哪个城市？", {"city", "home"}),
    ("他表哥搬去哪了", {"city", "home"}),
    ("你舅舅现在在哪座城市生活？", {"city", "home"}),
    ("小周跳槽之后去了哪家？", WORK),
    ("她后来入职了哪家公司", WORK),
    ("周静人在哪儿？", {"city", "home"}),
    ("Which city is Priya's sister in these days?", {"city", "home"}),
])
def test_chinese_questions_for_a_home_or_a_workplace_in_other_words(question: str, wanted: set[str]) -> None:
    assert wanted <= asked_attributes(question)


def test_a_relative_s_own_name_fills_the_slot_asked_for(alice) -> None:
    """A person introduced by a kinship word and later said by name: the question naming them is searched with the
    word too (the kinship lever), and the name's own slot still answers it; an old value retired by the move."""
    save(alice, {"content": "邵敏：我舅妈叫郜红梅，在医院上班。"},
         {"content": "邵敏：郜红梅的学历是大专，当年在职校读的。"},
         {"content": "邵敏：郜红梅喜欢周末跳广场舞，跳得特别好。"},
         {"content": "邵敏：郜红梅一直在郑州生活。"},
         {"content": "邵敏：郜红梅被调到洛阳工作了，一家人都跟着过去了。"},
         {"content": "邵敏：我同事在苏州买了房。"})
    for question in ("郜红梅现在人在哪个城市？", "郜红梅搬去哪了？"):
        assert contents(search(alice, query=question, k=1, floor=False)) == [
            "邵敏：郜红梅被调到洛阳工作了，一家人都跟着过去了。"]


def test_a_named_speaker_s_relative_is_what_that_speaker_said(alice) -> None:
    """"邵敏的高中同学" in a scope of labelled lines is the classmate 邵敏 speaks of, by the kinship word or by the
    name she bound to it; another speaker's classmate is not."""
    save(alice, {"content": "邵敏：我高中同学叫甄佳，人特别好。"},
         {"content": "邵敏：跟你说，存个号码，15098322123，是甄佳（我高中同学）的。"},
         {"content": "邵敏：我高中同学约我五月一起去长沙玩。"},
         {"content": "邵敏：哦对了，甄佳今年刚满30岁。"},
         {"content": "彭亮：我高中同学今年四十岁了。"},
         {"content": "彭亮：我高中同学的孩子今年上小学。"})
    assert contents(search(alice, query="邵敏的高中同学今年几岁了？", k=1, floor=False)) == [
        "邵敏：哦对了，甄佳今年刚满30岁。"]
    assert contents(search(alice, query="彭亮的高中同学多大了？", k=1, floor=False)) == [
        "彭亮：我高中同学今年四十岁了。"]
