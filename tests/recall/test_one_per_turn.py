"""One source turn, one place among the first hits (``memories.recall.turns``, ``RECALL_ONE_PER_TURN``): the
memories one message gave share its words, and a second or third of them waits behind a memory from another
turn; memories that name no turn (a plain ``POST /memories``) keep their places. In the in-process index and in
SQL alike, with the lever off to show the difference."""

from __future__ import annotations

from typing import Any

import pytest

from tests.recall.conftest import contents, save
from tests.recall.conftest import search as api_search

PATHS = ["index", "sql"]


def extracted(session: str, turn: int, said: str, *statements: str) -> list[dict[str, Any]]:
    """Memories as a session's extraction writes them: its session, the turn they came from, the turn's words."""
    return [{"content": text, "type": "fact", "source_session": session,
             "metadata": {"extraction": {"turns": [turn], "said": said}}} for text in statements]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_second_memory_of_one_turn_waits_behind_another_turns(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
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
