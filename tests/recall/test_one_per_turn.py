"""One source turn, one place among the first hits (``memories.recall.turns``, ``RECALL_ONE_PER_TURN``): the
memories one message gave share its words, and a second or third of them waits behind a memory from another
turn; memories that name no turn (a plain ``POST /memories``) keep their places. In the in-process index and in
SQL alike, with the lever off to show the difference."""

from __future__ import annotations

from typing import Any

import pytest

from memories.recall import turns
from tests.recall.conftest import contents, save
from tests.recall.conftest import search as api_search

PATHS = ["index", "sql"]


def extracted(session: str, turn: int, said: str, *statements: str) -> list[dict[str, Any]]:
    """Memories as a session's extraction writes them: its session, the turn they came from, the turn's words."""
    return [{"content": text, "type": "fact", "source_session": session,
             "metadata": {"extraction": {"turns": [turn], "said": said}}} for text in statements]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_second_memory_of_one_turn_waits_behind_another_turns(alice, settings, path, monkeypatch) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    monkeypatch.setattr(turns, "_similarity", lambda hit: 0.0)  # as close as any: waits behind every other turn's
    said = "Honestly I've been vegetarian for years, and nuts are a no-go since the allergy test."
    save(alice, *extracted("chat-7", 3, said, "Dana has been vegetarian for years.", "Dana is allergic to nuts."),
         *extracted("chat-7", 9, "Skipped the nut bread at the bakery again today.",
                    "Dana skipped the nut bread at the bakery."))
    query: dict[str, Any] = {"query": "vegetarian nuts allergy", "mode": "lexical", "floor": False}
    settings.RECALL_ONE_PER_TURN = False
    before = contents(api_search(alice, **query))
    assert before[-1] == "Dana skipped the nut bread at the bakery.", before
    settings.RECALL_ONE_PER_TURN = True
    after = contents(api_search(alice, **query))
    assert after == [before[0], "Dana skipped the nut bread at the bakery.", before[1]], after


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_memories_that_name_no_turn_keep_their_places(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    save(alice, {"content": "Kenji's sister lives in Osaka near the castle.", "source_session": "notes"},
         {"content": "Kenji's sister teaches piano in Osaka.", "source_session": "notes"},
         {"content": "Kenji visited Osaka in spring.", "source_session": "notes"})
    query: dict[str, Any] = {"query": "Osaka sister", "mode": "lexical", "floor": False}
    settings.RECALL_ONE_PER_TURN = False
    before = contents(api_search(alice, **query))
    settings.RECALL_ONE_PER_TURN = True
    assert contents(api_search(alice, **query)) == before and len(before) == 3


class _Hit:
    def __init__(self, name: str, score: float, similarity: float) -> None:
        self.name, self.score, self.model = name, score, "all-MiniLM-L6-v2"
        self.scores = {"similarity": similarity}


def test_a_waiting_hit_passes_other_turns_hits_less_close_to_the_query() -> None:
    """A second memory of one turn comes before another turn's memory that scores lower and is less close to the
    query by its own vector ("Alex is allergic to nuts" before "The user's name is Alex"), and after one that
    scores lower but is closer (what the shared words of its message lifted, its meaning does not)."""
    kept = [_Hit("vegetarian", 1.23, 0.62), _Hit("name", 1.03, 0.41), _Hit("cilantro", 0.48, 0.30)]
    waiting = [_Hit("nuts", 1.18, 0.55), _Hit("tofu", 0.50, 0.20)]
    assert [h.name for h in turns.merged(kept, waiting, 3)] == ["vegetarian", "nuts", "name"]
    closer = [_Hit("vegetarian", 1.23, 0.62), _Hit("bakery", 1.10, 0.58)]
    assert [h.name for h in turns.merged(closer, [_Hit("nuts", 1.18, 0.55)], 3)] == ["vegetarian", "bakery", "nuts"]
    assert [h.name for h in turns.merged([], waiting, 1)] == ["nuts"]  # never dropped for lack of others


def test_a_waiting_hit_is_placed_by_the_hits_of_new_turns_only() -> None:
    """Two memories of one turn wait behind its first: one close to the query by its own meaning, one not ("I started
    swimming in April" and "I swim for an hour each time" for "when did I start swimming?"). The far one goes to the
    end; the close one still comes right after the first, not after the far one, whose score was higher."""
    kept = [_Hit("choking", 1.40, 0.41), _Hit("breathing", 0.97, 0.60), _Hit("hobby", 0.80, 0.50),
            _Hit("other", 0.30, 0.05)]
    waiting = [_Hit("an hour", 1.33, 0.02), _Hit("started in april", 1.28, 0.90)]
    assert [h.name for h in turns.merged(kept, waiting, 6)] == \
        ["choking", "started in april", "breathing", "hobby", "other", "an hour"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_the_memory_of_a_turn_that_holds_what_is_asked_takes_its_place(alice, settings, path) -> None:
    """One long request gave four memories; the question asks for an area (``concepts_zh``), and the one that says
    it ("120平") represents the turn whatever the embedding ranked first."""
    settings.SEARCH_INDEX_ENABLED = path == "index"
    said = "我们在江北看中了一套新房，120平，三楼，首付凑了八十万，想问问贷款怎么选"
    save(alice, *extracted("loan-2", 0, said, "用户在江北看中了一套新房", "用户首付凑了八十万", "用户120平",
                           "用户三楼"),
         *extracted("loan-2", 4, "公积金能贷多少", "用户问公积金能贷多少"))
    found = contents(api_search(alice, query="我们家那套房子面积多大？", k=3, floor=False))
    assert "用户120平" in found[:2], found


class _Said:
    """A hit with its memory's text and source turn, for ``represented``."""

    def __init__(self, content: str, turn: int, score: float) -> None:
        self.memory = type("M", (), {"content": content, "source_session": "s", "scope_id": 1,
                                     "metadata": {"extraction": {"turns": [turn]}}})()
        self.score, self.model = score, ""
        self.scores: dict[str, float] = {}


def _first(question: str, kept: list[_Said], waiting: list[_Said]) -> list[str]:
    placed, _, _ = turns.represented(kept, waiting, turns.Asked(question))
    return [hit.memory.content for hit in placed]


def test_a_turn_keeps_its_first_memory_when_a_mate_only_names_whom_the_question_is_about(settings) -> None:
    """The mate says the kinship word the question names the person by, nothing of what it asks: no better answer."""
    settings.RECALL_ONE_PER_TURN = True
    kept, mate = _Said("王建国在码头开吊车", 0, 1.0), _Said("用户的舅舅叫王建国", 0, 0.9)
    assert _first("我舅舅平时忙些什么？", [kept], [mate]) == ["王建国在码头开吊车"]
    asked = _Said("王建国平时还在夜校上课", 0, 0.8)  # one that says what is asked still takes the place
    assert _first("我舅舅平时忙些什么？", [kept], [mate, asked]) == ["王建国平时还在夜校上课"]


def test_a_liking_answers_a_question_asking_for_something_to_do(settings) -> None:
    """Asked what to do, a memory stating a pastime says what is asked, though it shares none of the words."""
    settings.RECALL_ONE_PER_TURN = True
    kept, mate = _Said("用户最近迷上了打羽毛球", 3, 1.0), _Said("用户周末常加班", 3, 0.9)
    assert _first("周末有什么好玩的推荐？", [kept], [mate]) == ["用户最近迷上了打羽毛球"]


def test_what_one_must_not_eat_is_asked_with_the_subject_inverted(settings) -> None:
    settings.RECALL_ONE_PER_TURN = True
    kept, mate = _Said("The user's daughter is coeliac.", 2, 1.0), _Said("The user's daughter eats at school.", 2, 0.9)
    assert _first("What can't my daughter eat?", [kept], [mate]) == ["The user's daughter is coeliac."]
    assert turns.Asked("what cant Ben eat").classes and not turns.Asked("What did Ben eat?").classes
