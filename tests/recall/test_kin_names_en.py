"""An English question that calls someone by their kinship word finds the memories that use their name
(docs/recall.md, "Kinship words and names"): the user introduced them once ("my boyfriend's name is Mark", or
as the extractor writes an introduction, "Mark (the user's boyfriend) …") and afterwards says only the name.
Real models, in the in-process index and in SQL; the lever (``RECALL_KIN_NAMES``) off shows the difference."""

from __future__ import annotations

from typing import Any

import pytest

from memories.write.people import people_of
from tests.recall.conftest import contents, save, search

NEWS = "Mark just landed a job as a paramedic with the county."
MEMORIES = [
    "The user's boyfriend's name is Mark.",
    NEWS,
    "The user works at a bakery downtown.",
    "The user goes running every morning before work.",
    "The user's mother is a retired schoolteacher.",
    "The user is learning to play the guitar.",
    "Priya (the user's manager) keeps moving deadlines.",
    "The user's sister lives in Denver and works in insurance.",
]


def test_an_introduction_binds_the_name_to_the_kinship_word() -> None:
    def bound(text: str) -> list[tuple[str, str]]:
        return [(p.name, p.kin) for p in people_of(text) if p.name]

    assert bound("The user's boyfriend's name is Mark.") == [("mark", "boyfriend")]
    assert bound("My sister is called Jess.") == [("jess", "sister")]
    assert bound("Emma (the user's daughter) started school this week.") == [("emma", "daughter")]
    assert bound("My boss, Carla, is strict about deadlines.") == [("carla", "boss")]
    assert bound("Mark just landed a job as a paramedic.") == [("mark", "")]
    assert bound("Still waiting for my sister to call back.") == []
    assert bound("Thanks Anna, my wife loved the flowers.") == [("anna", "")]  # spoken to, not the wife


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["index", "sql"])
def test_the_kinship_word_finds_the_memories_that_use_the_name(alice, settings: Any, path: str) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    save(alice, *[{"content": text} for text in MEMORIES])
    query = "What does the user's boyfriend do for work?"
    settings.RECALL_FEEDBACK = 0.0
    settings.RECALL_KIN_NAMES = False
    assert NEWS not in contents(search(alice, query=query, k=2, floor=False))
    settings.RECALL_KIN_NAMES = True
    assert NEWS in contents(search(alice, query=query, k=2, floor=False))
