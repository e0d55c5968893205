"""/context follows a turn that asks a question with the turn written after it in its session, its answer
(memories/recall/context.py, ``with_replies``): in the in-process index and in SQL alike, whether the answer
was among the search's hits or not, and never when the setting is off."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from memories.recall.context import CONTEXT_CANDIDATES, asks, with_replies
from memories.recall.search import memory_search
from tenants.scoping import tenant_scope
from tests.recall.test_context_api import context
from tests.recall.test_levers import FILLER, PATHS, START, _path, conversation

pytestmark = pytest.mark.django_db

QUESTION = "Melanie: Dancing again, nice! Got any favourite styles?"
ANSWER = "Caroline: Contemporary, mostly. It lets me tell a story with my whole body."


def _talk(alice: Any) -> None:
    conversation(alice, "s1", [*FILLER[:3], ("Melanie", "My daughter has her dance recital at school next month."),
                               ("Caroline", "Which dance styles will the recital show?")])
    conversation(alice, "s2", [("Caroline", "I went back to my dance class on Saturday."),
                               ("Melanie", QUESTION.split(": ", 1)[1]), ("Caroline", ANSWER.split(": ", 1)[1]),
                               *FILLER[3:]], start=START + timedelta(days=7))


def test_a_memory_asks_when_its_last_sentence_is_a_question() -> None:
    assert asks(QUESTION) and asks("你最喜欢哪种舞？") and asks('She asked: "where to?"')
    assert not asks(ANSWER) and not asks("Is it? It is.") and not asks("")


@pytest.mark.parametrize("path", PATHS)
def test_the_answer_follows_its_question_in_the_block(alice, settings, path) -> None:
    _path(settings, path)
    # Without the contextual word field, so the question outranks its answer (with it, the answer holds the
    # question's words and comes first by itself).
    settings.RECALL_CONTEXT_WEIGHT = 0.0
    _talk(alice)
    query = "Which dance styles does Caroline like best?"
    with tenant_scope(alice.tenant):
        hits = memory_search(query=query, scopes=["user/1"], k=CONTEXT_CANDIDATES, floor=False, track_access=False)
    by_score = [str(h.memory.pk) for h in hits]
    settings.RECALL_CONTEXT_REPLIES = True
    built = context(alice, query=query, floor=False)
    block = built["block"]
    assert QUESTION in block and ANSWER in block
    assert block[block.index(QUESTION):block.index(ANSWER)].count("<item ") == 1  # right after it
    assert sorted(built["items"]) == sorted(by_score)  # the same memories, the answer moved up
    settings.RECALL_CONTEXT_REPLIES = False
    assert context(alice, query=query, floor=False)["items"] == by_score  # off: the search's order


@pytest.mark.parametrize("path", PATHS)
def test_an_answer_that_was_not_a_hit_is_loaded(alice, settings, path) -> None:
    _path(settings, path)
    _talk(alice)
    with tenant_scope(alice.tenant):
        hits = memory_search(query="favourite styles", scopes=["user/1"], k=1, mode="lexical", floor=False,
                             track_access=False)
        assert [h.memory.content for h in hits] == [QUESTION]
        replied = with_replies(hits)
    assert [h.memory.content for h in replied] == [QUESTION, ANSWER]
    assert replied[1].score == replied[0].score
