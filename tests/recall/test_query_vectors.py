"""A question and the named person's topic embedded in one run of the model (memories/recall/vectors.py): each
vector is the one the model gives the text alone, bit for bit; a search whose scopes this process has indexed
guesses the topic before reading them and embeds it with the question, and answers exactly as without the
guess; a wrong guess costs a run and changes nothing."""

from __future__ import annotations

import pytest

from memories.embeddings import embedders, query_caches_clear
from memories.recall import vectors
from tests.recall.conftest import save
from tests.recall.conftest import search as api_search

PAIRS = [
    ("What books has Melanie read?", "What books has read?"),
    ("Where did Jon travel with his sister last spring, and for how long?", "Where did travel with his sister last "
                                                                             "spring, and for how long?"),
    ("How many times has Gina been to the pottery studio since she moved?", "How many times has been to the "
                                                                            "pottery studio since she moved?"),
    ("Why did Caroline's friends throw her a party?", "Why did friends throw her a party?"),
    ("王磊的女儿在哪上学？", "女儿在哪上学？"),
    ("李娜最近参加了哪些活动", "最近参加了哪些活动"),
]

SESSION = ["Caroline: Hey Melanie! What have you been reading lately? Any good books?",
           "Melanie: I finished a novel about a lighthouse keeper, and started one on birds.",
           "Caroline: Melanie, that lighthouse one sounds lovely. I read poetry mostly.",
           "Melanie: My kids and I went to the library on Saturday and came back with a pile of books.",
           "Caroline: I should join a book club, Melanie. Do you know one?"]
QUESTIONS = ["What books has Melanie read?", "Which books did Melanie pick up at the library?",
             "What does Caroline like to read?", "Where did the kids go on Saturday?"]


@pytest.mark.django_db
def test_a_batch_gives_each_text_the_vector_it_gets_alone() -> None:
    primary = embedders()[0]
    together = getattr(primary, "embed_queries", None)
    if together is None:
        pytest.skip("the primary model embeds one query at a time")
    for question, topic in PAIRS:
        query_caches_clear()
        both = together([question, topic])
        query_caches_clear()
        assert both == [primary.embed_query(question), primary.embed_query(topic)], question
    assert together(["Where did Jon go?", "Where did Jon go?"])[0] == primary.embed_query("Where did Jon go?")


def _runs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The texts of each run of the primary model (counted, not replaced)."""
    primary = embedders()[0]
    seen: list[list[str]] = []
    embed = primary.embed

    def counted(texts):  # type: ignore[no-untyped-def]
        seen.append(list(texts))
        return embed(texts)

    monkeypatch.setattr(primary, "embed", counted)
    return seen


def _hits(alice, question: str) -> list[tuple[str, float]]:  # type: ignore[no-untyped-def]
    query_caches_clear()
    found = api_search(alice, query=question, k=5, floor=False)["results"]
    return [(hit["memory"]["content"], hit["score"]) for hit in found]


@pytest.mark.django_db(transaction=True)  # the indexes are shared (cached) outside a transaction only
def test_a_guessed_topic_is_embedded_with_its_question_and_answers_the_same(alice, settings, monkeypatch) -> None:
    settings.SEARCH_INDEX_ENABLED = True
    settings.RECALL_PERSON_WEIGHT = 0.5
    save(alice, *({"content": content, "type": "fact"} for content in SESSION))
    vectors._SCOPES.clear()
    unguessed = {question: _hits(alice, question) for question in QUESTIONS}  # the first search of the scope: no guess
    runs = _runs(monkeypatch)
    for question in QUESTIONS:
        vectors._SCOPES.clear()
        _hits(alice, "warm the guess")
        runs.clear()
        assert _hits(alice, question) == unguessed[question], question
        assert runs and runs[0][0] == question
    # The questions naming one person, Melanie or Caroline: the topic went with the question, in one run.
    runs.clear()
    _hits(alice, "What books has Melanie read?")
    assert runs[0] == ["What books has Melanie read?", "What books has read?"] and len(runs) == 1
    # Nothing is guessed from scopes outside the key's prefixes (the search then answers 404).
    from memories.recall.search import named_people
    from tenants.scoping import tenant_scope

    with tenant_scope(alice.tenant):
        texts = ["What books has Melanie read?", "Did Caroline find a book club?"]
        assert vectors.guessed_topics(texts, ["user/1"], False, (), named_people) == {
            texts[0]: "What books has read?", texts[1]: "Did find a book club?"}
        assert vectors.guessed_topics(texts, ["user/1"], False, ["team/shared"], named_people) == {}
        assert vectors.guessed_topics(texts, ["user/1"], True, (), named_people) == {}  # not searched so


@pytest.mark.django_db(transaction=True)
def test_a_wrong_guess_changes_nothing(alice, settings, monkeypatch) -> None:
    settings.SEARCH_INDEX_ENABLED = True
    save(alice, *({"content": content, "type": "fact"} for content in SESSION))
    expected = {question: _hits(alice, question) for question in QUESTIONS}
    monkeypatch.setattr(vectors, "guessed_topics", lambda texts, *_: dict.fromkeys(texts, "books and kids"))
    for question in QUESTIONS:
        assert _hits(alice, question) == expected[question], question
