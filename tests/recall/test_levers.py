"""The ranking levers that use a conversation's shape (docs/recall.md, "Levers"), each pinned on a small
hand-made conversation with the real model, in the in-process index and in SQL alike: a turn found through
its neighbour, a stemmed match, a "when" question, a named subject; and the floor that never starves a
relevant question. Each test also turns its lever off and shows the difference."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from memories.models import Memory
from memories.recall import search, shape
from memories.recall.index.cache import Criteria
from memories.recall.index.source import IndexSource
from memories.recall.sources import SqlSource, filtered_memories
from memories.write import people
from memories.write.reindex import reindex_tenant, stale_count
from tenants.scoping import tenant_scope
from tests.recall.conftest import contents, save
from tests.recall.conftest import search as api_search

PATHS = ["index", "sql"]
START = datetime(2025, 5, 8, 13, 56, tzinfo=UTC)


def _path(settings: Any, path: str) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"


def conversation(kc: Any, session: str, turns: list[tuple[str, str]], start: datetime = START,
                 scope: str = "user/1") -> list[dict[str, Any]]:
    """One session's turns as an import saves them: subject = speaker, source_session, valid_from = the
    session's time plus the turn's position."""
    return save(kc, *[{"content": f"{speaker}: {said}", "type": "fact", "subject": speaker, "source_session": session,
                       "valid_from": (start + timedelta(seconds=i)).isoformat()}
                      for i, (speaker, said) in enumerate(turns)], scope=scope)


FILLER = [
    ("Caroline", "The weather has been lovely for walks in the evening."),
    ("Melanie", "My kids started swimming lessons on Tuesday."),
    ("Caroline", "I finally finished reading that long fantasy series."),
    ("Melanie", "We adopted a second cat from the shelter."),
    ("Caroline", "Work at the counselling centre keeps me busy."),
    ("Melanie", "I want to try baking sourdough bread this winter."),
]


def _rank(result: dict[str, Any], content: str) -> int | None:
    found = contents(result)
    return found.index(content) if content in found else None


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_an_answer_is_found_through_the_turn_before_it(alice, settings, path) -> None:
    """The answer shares no word with the question, so the full-text search alone never finds it; the turn
    before it (the question it answers) does, and passes it on."""
    _path(settings, path)
    conversation(alice, "s1", FILLER[:3])
    conversation(alice, "s2", [("Melanie", "That pottery class sounds fun! What did you make there?"),
                               ("Caroline", "Just a little something, blue with a sunflower on it."),
                               *FILLER[3:]], start=START + timedelta(days=7))
    answer = "Caroline: Just a little something, blue with a sunflower on it."
    query = "pottery class"
    settings.RECALL_NEIGHBOUR_WEIGHT = 0.0
    settings.RECALL_CONTEXT_WEIGHT = 0.0  # the contextual word field would find it too
    assert contents(api_search(alice, query=query, mode="lexical", floor=False)) == [
        "Melanie: That pottery class sounds fun! What did you make there?"]
    settings.RECALL_NEIGHBOUR_WEIGHT = 0.3
    found = api_search(alice, query=query, mode="lexical", floor=False)["results"]
    assert [h["memory"]["content"] for h in found][:2] == [
        "Melanie: That pottery class sounds fun! What did you make there?", answer]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_neighbours_are_the_nearest_turns_of_the_session_that_pass_the_filters(alice, in_alice, settings,
                                                                               path) -> None:
    """Both sources give every candidate the same neighbours: the nearest turn of its session with an
    earlier / later valid_from among the memories the search may return (a deprecated turn is stepped
    over; facts of one instant are no conversation; another session never counts)."""
    _path(settings, path)
    saved = conversation(alice, "s1", [("A", f"turn {i} about topic {i}") for i in range(6)])
    same_instant = save(alice, *[{"content": f"batch fact {i}", "source_session": "s1",
                                  "valid_from": (START + timedelta(seconds=10)).isoformat()} for i in range(2)])
    other = conversation(alice, "s2", [("B", "another session's turn")], start=START + timedelta(seconds=3))
    ids = [uuid.UUID(m["id"]) for m in saved]
    Memory.objects.filter(pk=ids[2]).update(status="deprecated")
    batch = [uuid.UUID(m["id"]) for m in same_instant]
    expected = {ids[0]: (None, ids[1]), ids[1]: (ids[0], ids[3]), ids[3]: (ids[1], ids[4]), ids[4]: (ids[3], ids[5])}
    found = {}
    for source in _sources(settings):
        candidates = {pk.int: _candidate(pk) for pk in [*ids[:2], *ids[3:], *[uuid.UUID(m["id"]) for m in same_instant],
                                                        uuid.UUID(other[0]["id"])]}
        source.shape(candidates, {}, neighbours=True)
        found[type(source).__name__] = _links(candidates)
    assert found["IndexSource"] == found["SqlSource"]
    assert {pk: found["SqlSource"][pk] for pk in expected} == expected
    assert found["SqlSource"][ids[5]][0] == ids[4] and found["SqlSource"][ids[5]][1] in batch
    # the batch's facts share one instant: their neighbours are the turns around it, never each other
    assert found["SqlSource"][batch[0]] == (ids[5], None) and found["SqlSource"][batch[1]] == (ids[5], None)
    assert found["SqlSource"][uuid.UUID(other[0]["id"])] == (None, None)


def _links(candidates: dict[int, Any]) -> dict[uuid.UUID, tuple[uuid.UUID | None, uuid.UUID | None]]:
    """Each candidate's neighbours (``Candidate.before/after``: keys, the ids' ints) as ids."""
    def as_id(key: int | None) -> uuid.UUID | None:
        return None if key is None else uuid.UUID(int=key)

    return {c.id: (as_id(c.before), as_id(c.after)) for c in candidates.values()}


def _candidate(pk: uuid.UUID) -> Any:
    from memories.recall.rank import Candidate

    return Candidate(pk, "fact", 1.0, START)


def _sources(settings: Any) -> list[Any]:
    states = search.scope_states(search.search_scopes(["user/1"], descendants=False, allowed_prefixes=()))
    criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
    settings.SEARCH_INDEX_ENABLED = True
    index = search.candidate_source(states, criteria, None)
    assert isinstance(index, IndexSource)
    qs = filtered_memories(scope_ids=[s.scope_id for s in states], types=None, min_confidence=0.0,
                           statuses=["active"], filters=None, as_of=None, now=criteria.now)
    return [index, SqlSource(qs, [s.scope_id for s in states], ["active"])]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_stemmed_word_matches_its_other_forms(alice, alice_tenant, settings, path) -> None:
    _path(settings, path)
    settings.RECALL_STEMMING = False
    settings.RECALL_BATCH_SESSIONS = False  # two unrelated facts, not a conversation (test_plain_shape.py)
    save(alice, {"content": "Priya hiked the Appalachian trail with her brother"},
         {"content": "Tomasz collects vintage cameras"})
    query = "Who goes hiking?"
    assert "Priya hiked the Appalachian trail with her brother" not in contents(
        api_search(alice, query=query, mode="lexical", floor=False))
    settings.RECALL_STEMMING = True  # the old rows are rebuilt by reindex_text, resumably
    with tenant_scope(alice_tenant):
        assert stale_count() == 2
        assert reindex_tenant(batch_size=1) == 2
        assert stale_count() == 0
        assert Memory.objects.get(content__startswith="Priya").search_text.split()[:2] == ["priya", "hike"]
    assert contents(api_search(alice, query=query, mode="lexical")) == [
        "Priya hiked the Appalachian trail with her brother"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_when_question_prefers_the_memory_that_states_a_time(alice, settings, path) -> None:
    _path(settings, path)
    settings.RECALL_BATCH_SESSIONS = False  # three facts, not a conversation: no neighbour shares in the scores
    dated = "Emma ran the Berlin half marathon last April"
    save(alice, {"content": "Emma loves running the Berlin half marathon route along the river"}, {"content": dated},
         {"content": "Emma's favourite running shoes are the blue ones"})
    query = "When did Emma run the Berlin half marathon?"
    settings.RECALL_SUBJECT_BOOST = 0.0  # the time lever alone (all three name Emma: the subject lever lifts all)
    settings.RECALL_TIME_BOOST = 0.0
    plain = api_search(alice, query=query, k=3, floor=False)["results"]
    settings.RECALL_TIME_BOOST = 0.4
    boosted = api_search(alice, query=query, k=3)["results"]
    assert boosted[0]["memory"]["content"] == dated
    score = {h["memory"]["content"]: h["score"] for h in plain}
    assert next(h["score"] for h in boosted if h["memory"]["content"] == dated) == pytest.approx(
        score[dated] * 1.4, rel=1e-3)


def test_time_cues_in_english_and_chinese() -> None:
    for question in ["When did Emma run?", "What year did they marry?", "How long ago was the move?",
                     "她什么时候去的北京？", "会议是几号？", "你哪年毕业的"]:
        assert shape.asks_when(question), question
    for question in ["What did Emma run?", "Where is the office?", "她喜欢什么？"]:
        assert not shape.asks_when(question), question
    from memories.write.text import search_words

    for memory in ["I went there yesterday", "We moved in 2019", "It happened last week", "我昨天去了北京",
                   "会议在三月举行", "Every Monday morning", "上周五下午开会"]:
        assert shape.states_time(" ".join(search_words(memory))), memory
    for memory in ["I like green tea", "我喜欢喝咖啡", "The bowl is blue"]:
        assert not shape.states_time(" ".join(search_words(memory))), memory


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_question_that_names_one_subject_prefers_their_memories(alice, settings, path) -> None:
    _path(settings, path)
    save(alice, *[{"content": said} for _, said in FILLER])
    save(alice, {"content": "I love painting sunsets", "subject": "Caroline"},
         {"content": "I love painting the sea", "subject": "Melanie"},
         {"content": "Our book club meets on Thursdays", "subject": "Melanie"})
    settings.RECALL_SUBJECT_BOOST = 0.0
    plain = {who: contents(api_search(alice, query=f"What does {who} love painting?", k=2, floor=False))[0]
             for who in ("Caroline", "Melanie")}
    # without the boost a name in the question does not lead to its person's memory
    assert plain != {"Caroline": "I love painting sunsets", "Melanie": "I love painting the sea"}
    settings.RECALL_SUBJECT_BOOST = 0.4
    assert contents(api_search(alice, query="What does Caroline love painting?", k=2))[0] == "I love painting sunsets"
    assert contents(api_search(alice, query="What does Melanie love painting?", k=2))[0] == "I love painting the sea"
    # two subjects named and no memory involves both: no boost, the plain order
    both = contents(api_search(alice, query="What do Caroline and Melanie love painting?", k=2))
    assert both[0] == contents(api_search(alice, query="What do Caroline and Melanie love painting?", k=2,
                                          floor=False))[0]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_question_naming_a_person_nobody_sent_as_subject_prefers_memories_that_mention_them(alice, settings,
                                                                                            path) -> None:
    """Plain content, no ``subject``: the people a memory names (its mentions) are what the lever sees."""
    _path(settings, path)
    save(alice, *[{"content": said} for _, said in FILLER])
    save(alice, {"content": "Joanna told me Nate signed up for the Boston marathon."},
         {"content": "Joanna's sister is training hard for a race, a triathlon."},
         {"content": "李娜说王强报名了北京马拉松。"}, {"content": "李娜的妹妹在努力准备一场比赛，是铁人三项。"})
    settings.RECALL_SUBJECT_BOOST = 0.0
    plain = {q: contents(api_search(alice, query=q, k=2, floor=False))[0]
             for q in ("Which race is Nate training hard for?", "王强在努力准备什么比赛？")}
    settings.RECALL_SUBJECT_BOOST = 1.0
    boosted = {q: contents(api_search(alice, query=q, k=2, floor=False))[0] for q in plain}
    assert boosted == {
        "Which race is Nate training hard for?": "Joanna told me Nate signed up for the Boston marathon.",
        "王强在努力准备什么比赛？": "李娜说王强报名了北京马拉松。"}, (plain, boosted)
    assert plain != boosted  # without the lever the words of the question win


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_question_naming_two_people_prefers_what_one_said_about_the_other(alice, settings, path) -> None:
    """"What did Joanna say about Nate?": Joanna's memories that name Nate come first, ahead of memories that
    share more of the question's words but involve only one of the two."""
    _path(settings, path)
    save(alice, *[{"content": said} for _, said in FILLER])
    save(alice, {"content": "Nate got a new pet, adorable.", "subject": "Joanna"},
         {"content": "I think my puppy is sweet.", "subject": "Joanna"},
         {"content": "My puppy chewed my shoes.", "subject": "Nate"},
         {"content": "Nate's puppy chewed my shoes.", "subject": "Tim"},
         {"content": "王强的新宠物很可爱。", "subject": "李娜"},
         {"content": "我觉得我的小狗很乖。", "subject": "李娜"},
         {"content": "我的小狗很调皮。", "subject": "王强"},
         {"content": "王强的小狗咬坏了我的鞋。", "subject": "小刘"})
    questions = {"What did Joanna say about Nate's puppy?": "Nate got a new pet, adorable.",
                 "李娜说了王强的小狗什么？": "王强的新宠物很可爱。"}
    settings.RECALL_SUBJECT_BOOST = 0.0
    plain = {q: contents(api_search(alice, query=q, k=3, floor=False))[0] for q in questions}
    settings.RECALL_SUBJECT_BOOST = 1.0  # Chinese is ranked by its words alone: one more shared word weighs a lot
    boosted = {q: contents(api_search(alice, query=q, k=3, floor=False))[0] for q in questions}
    assert all(plain[q] != questions[q] for q in questions), plain  # without the lever the words win
    assert boosted == questions, (plain, boosted)


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_turn_that_only_greets_the_named_person_is_not_about_them(alice, settings, path) -> None:
    """A conversation saved as plain content: "Melanie: Thanks, Caroline! …" speaks to Caroline, it is not about
    her, so "What does Caroline love painting?" lifts Caroline's own turn (her speaker label), not Melanie's."""
    _path(settings, path)
    save(alice, *[{"content": f"{who}: {said}"} for who, said in FILLER])
    save(alice, {"content": "Caroline: I love painting sunsets by the lake."},
         {"content": "Melanie: Thanks, Caroline! What do I love painting? The sea, I love painting the sea."})
    question = "What does Caroline love painting?"
    settings.RECALL_SUBJECT_BOOST = 0.0
    plain = contents(api_search(alice, query=question, k=2, floor=False))
    settings.RECALL_SUBJECT_BOOST = 0.4
    boosted = contents(api_search(alice, query=question, k=2, floor=False))
    assert plain[0].startswith("Melanie:"), plain  # without the lever the words of the question win
    assert boosted[0] == "Caroline: I love painting sunsets by the lake.", boosted


def test_a_name_said_to_someone_is_not_about_them() -> None:
    assert people.addressed_only("Caroline: Hey Mel! Good to see you!", "Mel")
    assert people.addressed_only("Melanie: Wow, that's cool, Caroline! What happened?", "caroline")
    assert people.addressed_only("Caroline: Totally agree, Mel. Relaxing is key.", "mel")
    assert people.addressed_only("Nate, look at this.", "nate")
    assert not people.addressed_only("Joanna: Nate is training for a marathon.", "nate")
    assert not people.addressed_only("Hey Mel, how is Mel's dog?", "mel")  # also about her
    assert not people.addressed_only("I met Tom, and he said hi.", "tom")
    assert not people.addressed_only("张伟，你好", "张伟")  # Chinese: a name is about the person
    assert [p.name for p in people.people_of("Caroline: Hey Mel! Good to see you!")] == ["mel"]
    assert [p.name for p in people.people_of("Li Na moved to York.")] == ["li na"]


def test_the_people_a_question_names_in_its_order() -> None:
    assert shape.named_people("What did Joanna say about Nate?", ["Nate", "Joanna", "Tim"]) == ["Joanna", "Nate"]
    assert shape.named_people("李娜说了王强什么？", ["王强", "李娜"]) == ["李娜", "王强"]
    assert shape.named_people("What did Li Wei say?", ["Wei", "Li Wei"]) == ["Li Wei"]  # Wei is inside Li Wei
    assert shape.named_people("What does Mel like?", ["Melanie", "Mel", "mel"]) == ["Mel"]
    assert shape.named_people("What is new?", ["Nate"]) == []


def test_a_named_subject_is_a_whole_word_or_a_chinese_substring() -> None:
    assert shape.named_people("What does Mel like?", ["Melanie", "Mel"]) == ["Mel"]
    assert shape.named_people("What does Melanie like?", ["Mel", "Caroline"]) == []
    assert shape.named_people("张伟喜欢什么？", ["张伟", "李娜"]) == ["张伟"]
    assert shape.named_people("张伟和李娜喜欢什么？", ["张伟", "李娜"]) == ["张伟", "李娜"]
    assert shape.named_people("What did user:42 say?", ["user:42"]) == ["user:42"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_the_floor_keeps_k_for_a_relevant_question_and_little_for_an_unrelated_one(alice, settings, path) -> None:
    _path(settings, path)
    conversation(alice, "s1", [*FILLER, ("Caroline", "I went to an LGBTQ support group yesterday."),
                               ("Melanie", "How was the support group? Did it help?")])
    relevant = api_search(alice, query="What did Caroline do at the support group?", k=5)
    assert len(relevant["results"]) == 5 and all(hit["relevant"] for hit in relevant["results"])
    unrelated = api_search(alice, query="What is the boiling point of tungsten?", k=5)
    assert len(unrelated["results"]) <= 1
    hit = relevant["results"][0]
    assert hit["scores"]["similarity"] == hit["scores"]["vector"]
    # the caller's own threshold on raw similarity
    bar = sorted(h["scores"]["similarity"] for h in relevant["results"])[2]
    kept = api_search(alice, query="What did Caroline do at the support group?", k=5, threshold=bar)
    assert [h["scores"]["similarity"] >= bar for h in kept["results"]] == [True] * 3


@pytest.mark.django_db
def test_reindex_text_runs_on_the_worker_and_reports_what_is_left(alice, alice_tenant, settings) -> None:
    from io import StringIO

    from django.core.management import call_command

    from tests.extraction.conftest import run_jobs

    settings.RECALL_STEMMING = False
    save(alice, {"content": "Priya hiked the Appalachian trail"})
    settings.RECALL_STEMMING = True
    out = StringIO()
    call_command("reindex_text", "--check", stdout=out)
    assert "acme: 1 memories to rebuild" in out.getvalue()
    call_command("reindex_text", "--background", stdout=out)
    assert "acme: search text rebuild queued for the worker" in out.getvalue()
    run_jobs()
    out = StringIO()
    call_command("reindex_text", "--check", stdout=out)
    assert "acme: 0 memories to rebuild" in out.getvalue()
    assert contents(api_search(alice, query="hiking", mode="lexical")) == ["Priya hiked the Appalachian trail"]


CONTEXT_CASES = {
    "en": ([("Melanie", "That pottery class sounds fun! What did you make there?"),
            ("Caroline", "Just a little something, blue with a sunflower on it.")],
           [("Melanie", "The weather has been lovely for walks in the evening."),
            ("Caroline", "Work at the counselling centre keeps me busy.")], "pottery class"),
    "zh": ([("小美", "你上周的陶艺课怎么样？做了什么？"), ("小林", "做了一个蓝色的小花瓶，上面画了向日葵。")],
           [("小美", "最近晚上散步的天气很好。"), ("小林", "心理咨询中心的工作让我很忙。")], "陶艺课"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_reply_holds_the_words_of_the_turn_before_it(alice, settings, path, language) -> None:
    """The contextual word field (RECALL_CONTEXT_WEIGHT): the reply shares no word with the question, but
    the turn it answers does; with the field the reply is a word match of its own, below that turn (the
    neighbour lever off, so the word list alone decides)."""
    _path(settings, path)
    turns, filler, query = CONTEXT_CASES[language]
    conversation(alice, "s1", filler)
    conversation(alice, "s2", turns, start=START + timedelta(days=7))
    asked, reply = (f"{speaker}: {said}" for speaker, said in turns)
    settings.RECALL_NEIGHBOUR_WEIGHT = 0.0
    settings.RECALL_CONTEXT_WEIGHT = 0.0
    assert contents(api_search(alice, query=query, mode="lexical", floor=False)) == [asked]
    settings.RECALL_CONTEXT_WEIGHT = 0.3
    found = api_search(alice, query=query, mode="lexical", floor=False)["results"]
    assert [h["memory"]["content"] for h in found] == [asked, reply]
    assert found[1]["scores"]["lexical"] == pytest.approx(0.3 * found[0]["scores"]["lexical"], rel=1e-3)


@pytest.mark.django_db
def test_a_neighbour_that_joins_links_back_to_the_candidate_it_joined_through(alice, in_alice, settings) -> None:
    """A memory that joins the candidates as a seed's neighbour knows that seed as its own neighbour, in
    both sources, so neighbour propagation and the contextual word field reach it."""
    saved = conversation(alice, "s1", [("A", f"turn {i} about topic {i}") for i in range(5)])
    ids = [uuid.UUID(m["id"]) for m in saved]
    found = {}
    for source in _sources(settings):
        candidates = {ids[2].int: _candidate(ids[2])}
        source.shape(candidates, {}, neighbours=True, grow={ids[2].int})
        found[type(source).__name__] = _links(candidates)
    assert found["IndexSource"] == found["SqlSource"]
    assert found["SqlSource"] == {ids[2]: (ids[1], ids[3]), ids[1]: (None, ids[2]), ids[3]: (ids[2], None)}


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_contextual_word_field_is_for_a_reply_only(alice, settings, path, language) -> None:
    """RECALL_CONTEXT_OTHER_SPEAKER: a memory holds the words of the one before it only when that one was said
    by someone else (a reply). Two notes in a row by one speaker, or memories with no speaker (plain events
    saved in one batch), are not a question and its answer."""
    _path(settings, path)
    turns, filler, query = CONTEXT_CASES[language]
    conversation(alice, "s1", filler)
    asker = turns[0][0]
    conversation(alice, "s2", [(asker, said) for _, said in turns], start=START + timedelta(days=7))
    asked, follow = (f"{asker}: {said}" for _, said in turns)
    settings.RECALL_NEIGHBOUR_WEIGHT = 0.0
    settings.RECALL_CONTEXT_WEIGHT = 0.3

    def follow_words() -> float:
        result = api_search(alice, query=query, mode="lexical", floor=False)
        assert contents(result)[0] == asked
        found = {h["memory"]["content"]: h for h in result["results"]}
        return found[follow]["scores"]["lexical"] / found[asked]["scores"]["lexical"] if follow in found else 0.0

    assert follow_words() == 0.0
    settings.RECALL_CONTEXT_OTHER_SPEAKER = False
    assert follow_words() == pytest.approx(0.3, rel=1e-3)
