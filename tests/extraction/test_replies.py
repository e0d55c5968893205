"""A short English answer to the assistant's question, said as the user's statement (``memories.extraction.replies``,
through the offline extractor): the question gives the verb and the thing, the answer the value; offers, checks and
a bare yes or no to a question that names nothing keep nothing. Worded apart from bench/exchanges_en_set.py."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor

SAID_AT = datetime(2025, 6, 2, 18, 0, tzinfo=UTC)

# (assistant's question, user's answer, the words of the one memory kept)
STATED = [
    ("Where do you work?", "a bakery in Hove", "works in a bakery in hove"),
    ("Where did you study?", "Edinburgh", "studied in edinburgh"),
    ("What's your wife's name?", "Tanvi", "wife's name is tanvi"),
    ("What's your puppy called?", "Biscuit", "puppy is called biscuit"),
    ("How old is your daughter?", "7", "daughter is 7 years old"),
    ("Do you have any siblings?", "yeah, a younger brother", "has a younger brother"),
    ("Have you got any allergies?", "shellfish", "shellfish"),
    ("Any kids?", "two girls", "has two girls"),
    ("Which instrument do you play?", "bass guitar", "plays bass guitar"),
    ("What sort of music do you listen to?", "mostly jazz and soul", "listens to mostly jazz and soul"),
    ("How many hours do you sleep?", "about six", "sleeps about six"),
    ("Do you drink alcohol?", "not anymore", "does not drink alcohol anymore"),
    ("Are you vegan?", "yes, for three years now", "is vegan"),
    ("Do you run?", "nope", "does not run"),
    ("Great! And where are you from originally?", "Lagos", "from lagos originally"),
]
NOTHING = [
    ("Would you like me to set that up?", "yes please"),
    ("Do you want a summary?", "sure"),
    ("Does that make sense?", "yes"),
    ("Are you happy with that?", "yeah"),
    ("Do you have any more questions?", "nope"),
    ("Did you mean the one in Leeds?", "yes"),
    ("Have you tried turning it off?", "yes"),
    ("Is there anything else?", "no thanks"),
]


def run(question: str, answer: str):
    turns = [Turn(1, "assistant", question, SAID_AT), Turn(2, "user", answer, SAID_AT)]
    return [c.content for c in OfflineExtractor().extract(turns, [])]


@pytest.mark.parametrize(("question", "answer", "words"), STATED, ids=[q[:30] for q, _, _ in STATED])
def test_a_short_answer_is_the_users_statement_in_the_questions_words(question, answer, words):
    kept = run(question, answer)
    assert any(all(w in c.casefold() for w in words.split()) for c in kept), kept
    assert all(c.startswith("The user") for c in kept), kept  # a statement, not kept with the question


@pytest.mark.parametrize(("question", "answer"), NOTHING, ids=[q[:30] for q, _ in NOTHING])
def test_a_yes_or_no_to_an_offer_or_a_check_keeps_nothing(question, answer):
    assert run(question, answer) == []
