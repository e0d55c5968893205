"""Small everyday scopes as an agent fills them (``tests/recall/everyday_scopes.py``): the offline extractor words
each message ("The user …" / "用户……") and the memories are written through the API (real models); questions in
other words, in both languages, must find them near the top (docs/recall.md, "Small everyday scopes"). The bars
are the measured figures less a margin."""

from __future__ import annotations

from typing import Any

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from tests.recall.conftest import contents, save, search
from tests.recall.everyday_scopes import MESSAGES, QUESTIONS

pytestmark = pytest.mark.django_db


def extracted(message: str) -> list[dict[str, str]]:
    return [{"content": c.content, "type": c.type if c.type in ("fact", "preference", "task") else "fact"}
            for c in OfflineExtractor().extract([Turn(1, "user", message)], [])]


def recall_at(alice: Any, per_message: bool) -> dict[int, int]:
    ids: dict[tuple[str, str], str] = {}
    for user, messages in MESSAGES.items():
        batch: list[dict[str, str]] = []
        for pk, message in messages.items():
            made = extracted(message)
            ids.update({(user, m["content"]): pk for m in made})
            if per_message:
                save(alice, *made, scope=f"user/{user}")
            else:
                batch += made
        if batch:
            save(alice, *batch, scope=f"user/{user}")
    found = {1: 0, 3: 0}
    for user, question, answers in QUESTIONS:
        ranked = [ids[(user, text)] for text in contents(search(alice, query=question, scope=f"user/{user}", k=3))]
        for k in found:
            found[k] += bool(set(answers) & set(ranked[:k]))
    return found


def test_everyday_scopes_one_request_per_message(alice) -> None:
    found = recall_at(alice, per_message=True)
    print(found, len(QUESTIONS))
    assert found[3] >= 0.9 * len(QUESTIONS) and found[1] >= 0.74 * len(QUESTIONS)


def test_everyday_scopes_one_request_per_user(alice) -> None:
    found = recall_at(alice, per_message=False)
    print(found, len(QUESTIONS))
    assert found[3] >= 0.9 * len(QUESTIONS) and found[1] >= 0.76 * len(QUESTIONS)


@pytest.mark.parametrize(("question", "answer"), [
    ("What kind of food does the user enjoy most?", "The user likes Thai food"),
    ("Which dishes does this person love?", "The user likes Thai food"),
    ("用户爱吃哪种菜？", "The user likes Thai food"),
    ("What does the user do for a living?", "The user works as a nurse at a children's hospital."),
    ("用户的职业是什么？", "The user works as a nurse at a children's hospital."),
])
def test_a_memory_with_a_neighbour_does_not_outrank_a_closer_one_without(alice, question: str, answer: str) -> None:
    """A message the extractor split into two memories (one request: a session of two) used to lift both halves
    by each other's whole score, above a closer memory written alone."""
    save(alice, {"content": "The user has type 2 diabetes."}, {"content": "The user watches the user's carbs."},
         scope="user/n")
    save(alice, {"content": "The user's mom lives in Ohio."}, {"content": "The user calls her every Sunday."},
         scope="user/n")
    save(alice, {"content": "The user likes Thai food", "type": "preference"}, scope="user/n")
    save(alice, {"content": "The user works as a nurse at a children's hospital."}, scope="user/n")
    save(alice, {"content": "The user drives a 2015 Honda Civic."}, scope="user/n")
    assert contents(search(alice, query=question, scope="user/n", k=3))[0] == answer
