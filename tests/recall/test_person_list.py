"""The named person's own list (memories/recall/focus.py, RECALL_PERSON_WEIGHT): a list question naming one
person ("What activities does Melanie partake in?") is also searched as its topic among that person's memories,
so their answers from two sessions come into the top k although the other speaker's turns that say the name
(and the question's words) outrank them in the scope's ranking. Plain content, each session one request with
speaker labels (the label gives the subject, the request the session), in both languages and both search paths;
with the lever off the answers are not both in the top k."""

from __future__ import annotations

import uuid

import pytest
from django.utils import timezone

from memories.recall import focus, search
from memories.recall.rank import Candidate, Scored
from tests.recall.conftest import contents, save
from tests.recall.conftest import search as api_search

CASES = {
    "en": ([["Caroline: Hey Melanie! What activities have you been up to? I love hearing about your activities.",
             "Melanie: We went camping with the kids by the lake last weekend.",
             "Caroline: Melanie, that sounds like a lovely activity. What other activities does your family like?",
             "Caroline: Melanie, I partake in a support group every week, it is my favourite activity."],
            ["Caroline: Hi Melanie! Long time no see. Any new activities for you lately?",
             "Melanie: I just signed up for a pottery class, it is like therapy for me.",
             "Caroline: Melanie, pottery! I partake in painting activities at the youth centre.",
             "Caroline: Melanie, activities like that keep us sane. I should partake in more of them."]],
           "What activities does Melanie partake in?",
           ["Melanie: We went camping with the kids by the lake last weekend.",
            "Melanie: I just signed up for a pottery class, it is like therapy for me."]),
    "zh": ([["李娜：王磊，最近参加了什么活动吗？我很想听听你的活动。",
             "王磊：上周末我带孩子去湖边露营了。",
             "李娜：王磊，这个活动听起来真不错，你们家还喜欢参加什么活动？",
             "李娜：王磊，我每周都参加一个互助小组的活动，那是我最喜欢的活动。"],
            ["李娜：王磊，好久不见！最近有没有参加新的活动？",
             "王磊：我刚报了一个陶艺班，对我来说就像心理治疗。",
             "李娜：王磊，陶艺啊！我在青少年中心参加绘画活动。",
             "李娜：王磊，这些活动让人保持理智，我也应该多参加一些活动。"]],
           "王磊都参加过哪些活动？",
           ["王磊：上周末我带孩子去湖边露营了。", "王磊：我刚报了一个陶艺班，对我来说就像心理治疗。"]),
}


def test_the_topic_is_the_question_without_the_name() -> None:
    assert focus.topic("What books has Melanie read?", "Melanie") == "What books has read?"
    assert focus.topic("What are Melanie's pets' names?", "melanie") == "What are pets' names?"
    assert focus.topic("Is Melanieville far?", "Melanie") == "Is Melanieville far?"
    assert focus.topic("王磊的女儿在哪上学？", "王磊") == "女儿在哪上学？"
    assert not focus.searchable(focus.topic("Who is Melanie?", "Melanie"))


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_list_question_finds_the_persons_turns_of_two_sessions(alice, settings, path, language) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    sessions, query, answers = CASES[language]
    for session in sessions:
        save(alice, *({"content": content, "type": "fact"} for content in session))

    def top(weight: float) -> list[str]:
        settings.RECALL_PERSON_WEIGHT = weight
        return contents(api_search(alice, query=query, k=5, floor=False))

    without, with_own = top(0.0), top(0.5)
    assert not set(answers) <= set(without), without
    assert set(answers) <= set(with_own), with_own
    assert with_own[0] == without[0]  # the question's own ranking keeps its first place


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
def test_a_person_with_no_memory_left_by_the_filters_costs_nothing(alice, settings, path) -> None:
    """The person's own list is searched within the caller's filters: none of their memories pass the filter
    here (a task is asked for, theirs are facts), so only the question's own ranking answers."""
    settings.SEARCH_INDEX_ENABLED = path == "index"
    sessions, query, _ = CASES["en"]
    save(alice, *({"content": content, "type": "fact"} for content in sessions[0]))
    save(alice, {"content": "Caroline: remind Melanie about the pottery activities on Friday.", "type": "task"})
    found = contents(api_search(alice, query=query, k=5, floor=False, types=["task"]))
    assert found == ["Caroline: remind Melanie about the pottery activities on Friday."]


@pytest.mark.django_db
def test_the_index_finds_the_persons_memories_that_sql_finds(alice, settings) -> None:
    """The in-process path reads the person's memories from the index (no statement); they are the memories
    ``focus.person_filter`` selects in SQL: a subject's own and the memories mentioning them other than only to
    speak to them (another speaker's news of them)."""
    from django.utils import timezone

    from memories.choices import Status
    from memories.models import Memory
    from memories.recall import search
    from memories.recall.index.cache import Criteria
    from memories.recall.index.source import IndexSource
    from tenants.scoping import tenant_scope

    settings.SEARCH_INDEX_ENABLED = True
    save(alice, *({"content": content, "type": "fact"} for content in CASES["en"][0][0]),
         {"content": "Caroline: Joanna told me Nate signed up for the pottery class.", "type": "fact"},
         {"content": "Caroline: Hey Nate! Good to see you.", "type": "fact"},
         {"content": "Caroline: Melanie's eldest finally got his provisional licence.", "type": "fact"})
    with tenant_scope(alice.tenant):
        found = search.search_scopes(["user/1"], descendants=False, allowed_prefixes=())
        criteria = Criteria(statuses=[Status.ACTIVE], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
        source = search.candidate_source(search.scope_states(found), criteria, None)
        assert isinstance(source, IndexSource)
        for name in ("Melanie", "caroline", "Nate", "Joanna", "Nobody"):
            condition = focus.person_filter(name, [scope.pk for scope in found], None)
            expected = {pk.int for pk in Memory.objects.filter(condition).values_list("pk", flat=True)}  # keys
            assert source.person_ids(name) == expected, name
        assert source.person_ids("Melanie") and source.person_ids("Nate")
        said_of = Memory.objects.get(content__contains="provisional").pk.int
        assert said_of in source.person_ids("Melanie") and said_of in source.person_ids("Caroline")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
def test_what_another_speaker_says_of_a_person_is_in_their_list(alice, settings, path) -> None:
    """A group chat: the others give a person's news ("Mum says …", "Bram's got …"), so a question about them is
    answered by memories that other people said; with the person a speaker too, those are in their own list."""
    settings.SEARCH_INDEX_ENABLED = path == "index"
    save(alice, *({"content": content, "type": "fact", "subject": speaker} for speaker, content in [
        ("Bram", "Bram: Can't make Thursday, the boiler man is coming."),
        ("Bram", "Bram: Anyone got a spare phone charger I can borrow?"),
        ("Bram", "Bram: Our landlord still hasn't fixed the window."),
        ("Odile", "Odile: Bram picked up a second-hand Skoda estate from an auction in Leeds."),
        ("Odile", "Odile: I'm repainting the hallway a sage green this weekend."),
        ("Kasia", "Kasia: Odile, you're a legend for sorting the bins."),
    ]))
    found = contents(api_search(alice, query="What car has Bram got?", k=3, floor=False))
    assert "Odile: Bram picked up a second-hand Skoda estate from an auction in Leeds." in found, found



def test_the_persons_list_passes_the_floor_when_the_question_does() -> None:
    """A question the memories speak to gets its k with the floor on, its person's own list included (that list
    is the same question: the floor takes nothing from it); a question they do not speak to keeps the list's own
    floor."""
    now = timezone.now()

    def ranking(ids: list[uuid.UUID], answerable: bool, passing: set[int]) -> tuple:
        return [Scored(Candidate(pk, "fact", 1.0, now), 1.0 - n / 10, 0.5, 1.0) for n, pk in enumerate(ids)], \
            answerable, passing

    question, own = [uuid.uuid4() for _ in range(3)], [uuid.uuid4() for _ in range(3)]
    asked, owned = {pk.int for pk in question}, {pk.int for pk in own}  # the ranking's keys
    for answerable in (True, False):
        ranked = [ranking(question, answerable, asked), ranking(own, False, {own[0].int})]
        _, _, passing = search._parts_joined(ranked, [1.0, 0.5], 1)
        assert passing == (asked | owned if answerable else asked | {own[0].int})
