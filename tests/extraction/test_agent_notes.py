"""The offline extractor on what agents send besides a person's own message (tests/extraction/agent_notes.py):
notes about the user in the third person and as key and value, conversations sent as one list of turns,
corrections, amounts and habits, English and Chinese."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import KnownMemory, Turn
from memories.extraction.notes import as_said
from memories.extraction.offline import OfflineExtractor
from tests.extraction.agent_notes import CONVERSATIONS, CORRECTIONS, JOINED, NO_ANSWER, NOTES, NOTHING, SAID

SAID_AT = datetime(2025, 3, 10, 9, 30, tzinfo=UTC)
FIRST_PERSON = re.compile(r"(?i)\b(?:i|i'm|i've|me|my|we|our|us)\b|我")


def run(*texts: str):
    """The turns, a user's first, then an assistant's, alternating."""
    turns = [Turn(i, "user" if i % 2 else "assistant", text, SAID_AT, None) for i, text in enumerate(texts, start=1)]
    return OfflineExtractor().extract(turns, [])


def has(found, key: str) -> bool:
    return any(key.casefold() in c.content.casefold() for c in found)


def test_the_set_is_big_enough_and_in_both_languages():
    texts = [t for t, _ in NOTES + SAID + JOINED] + NOTHING + [t for turns, _, _ in CONVERSATIONS for t in turns]
    assert len(texts) >= 70
    assert sum(bool(re.search(r"[\u4e00-\u9fff]", t)) for t in texts) >= 30


@pytest.mark.parametrize(("text", "keys"), NOTES + SAID, ids=[t[:30] for t, _ in NOTES + SAID])
def test_a_note_or_a_change_is_kept_in_the_third_person(text, keys):
    found = run(text)
    assert found and not any(c.observation for c in found), [c.content for c in found]
    assert all(has(found, key) for key in keys), (keys, [c.content for c in found])
    assert not any(FIRST_PERSON.search(c.content) for c in found), [c.content for c in found]


@pytest.mark.parametrize(("turns", "keys", "unkept"), CONVERSATIONS, ids=[t[-1][:30] for t, _, _ in CONVERSATIONS])
def test_a_conversation_list_keeps_the_users_facts_not_the_assistants_words(turns, keys, unkept):
    found = run(*turns)
    assert all(has(found, key) for key in keys), (keys, [c.content for c in found])
    assert not any(has(found, words) for words in unkept), [c.content for c in found]
    assert all(c.source_turns and all(n % 2 for n in c.source_turns) for c in found)  # the user's turns


@pytest.mark.parametrize("turns", NO_ANSWER, ids=[t[-1] for t in NO_ANSWER])
def test_an_answer_that_says_nothing_gives_nothing(turns):
    assert run(*turns) == []


@pytest.mark.parametrize(("text", "keys"), JOINED)
def test_an_amount_or_a_degree_stays_with_the_clause_before_it(text, keys):
    found = run(text)
    assert any(all(key in c.content for key in keys) for c in found), [c.content for c in found]


@pytest.mark.parametrize("text", NOTHING)
def test_nothing_is_kept_from_an_acknowledgement(text):
    assert run(text) == []


@pytest.mark.parametrize("text", [
    "Dinner: pasta with Ben",  # a label that names nothing of a profile
    "注意：明天下雨",
    "Job: need to finish the slides by Friday",  # a task after a heading, not a job's name
    "工作：今天又加班到十点",
    "User experience matters most in this release.",  # "User" that is no person
    "Client meetings are on Fridays.",  # a noun after "Client", then its verb
    "The user clicks the button twice.",  # "The user" read as it is
    "I live in Leeds.",
])
def test_what_is_no_note_is_left_as_written(text):
    assert as_said(text, bool(re.search(r"[\u4e00-\u9fff]", text))) == text


@pytest.mark.parametrize(("known", "said", "kept", "gone"), CORRECTIONS, ids=[c[1] for c in CORRECTIONS])
def test_a_correction_is_the_memory_it_corrects_with_the_new_value(known, said, kept, gone):
    memories = [KnownMemory(i, uuid.uuid4(), "fact", "", text, "active") for i, text in enumerate(known, start=1)]
    found = OfflineExtractor().extract([Turn(1, "user", said, SAID_AT, None)], memories)
    assert len(found) == 1 and kept in found[0].content and gone not in found[0].content, [c.content for c in found]
