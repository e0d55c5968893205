"""Advice to the other speaker of a named conversation, said as an imperative, is what the speaker advised
(``advice.advised``): "Ana advised Ben to book the ferry a week ahead", not a bare "Book the ferry …" about no one
nor a clause dropped as a reaction. A pep talk, a sign-off, a thing shown, a question, a past said without its
subject, and a reply to a request for advice (kept as the answer, ``named_answers``) are left as they were. Wording
chosen for these tests, not taken from any benchmark."""

from __future__ import annotations

import pytest

from memories.extraction.advice import advised
from memories.extraction.candidates import Turn
from tests.extraction.test_information import chat

OPEN = ("Ben", "We're finally going to the islands in August.")


@pytest.mark.parametrize(("line", "kept"), [
    ("Oh nice! Book the ferry tickets a week ahead, the summer crossings sell out.",
     "Ana advised Ben to book the ferry tickets a week ahead"),
    ("Don't be shy about asking the locals for the quiet beaches on the north coast.",
     "Ana advised Ben not to be shy about asking the locals for the quiet beaches on the north coast."),
    ("Make sure you pack reef shoes for the rocky coves.", "Ana advised Ben to pack reef shoes for the rocky coves."),
])
def test_advice_to_the_listener_is_what_the_speaker_advised(line, kept):
    found, _ = chat(OPEN, ("Ana", line))
    assert any(content.startswith(kept) for _, content in found), found


@pytest.mark.parametrize("line", [
    "Keep going, believe in yourself!",  # a pep talk
    "Take care, see you soon!",  # a sign-off
    "Check out this photo of the harbour at sunset!",  # a thing shown
    "Should we book the ferry tickets a week ahead?",  # a question
    "Put in a ton of late nights on the plans but finally got it done.",  # a past without its subject
])
def test_no_advice_leaves_the_clause(line):
    pieces = [line]
    assert advised(pieces, "Ana", "Ben", None) == pieces


def test_a_reply_to_a_request_for_advice_stays_the_answer():
    asked = Turn(1, "user", "Any tips for the ferry?", None, "Ben")
    pieces = ["Book the ferry tickets a week ahead, the summer crossings sell out."]
    assert advised(pieces, "Ana", "Ben", asked) == pieces


def test_an_unnamed_conversation_is_unchanged():
    pieces = ["Book the ferry tickets a week ahead, the summer crossings sell out."]
    assert advised(pieces, None, None, None) == pieces
