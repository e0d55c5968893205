"""A clause that opens with a past verb whose object is the speaker ("…, gave me a real sense of calm") left its
subject in the clause before: it goes with that statement, never "Ana gave Ana …". A clause that leaves out the
speaker as its subject ("Went to the market with my brother") is still the speaker's. Wording chosen for these
tests, not taken from any benchmark."""

from __future__ import annotations

import pytest

from memories.extraction.bare import with_subject
from tests.extraction.test_information import chat

OPEN = ("Ben", "How was the retreat?")


def test_a_past_verb_with_the_speaker_as_object_goes_with_the_statement_before():
    line = "Sitting by the lake every morning made me slow down - gave me a real sense of calm."
    found, _ = chat(OPEN, ("Ana", line))
    contents = [content for _, content in found]
    assert not any("Ana gave Ana" in c for c in contents), contents
    assert any("made Ana slow down" in c and "a real sense of calm" in c for c in contents), contents


@pytest.mark.parametrize("clause", ["gave me a real sense of calm", "Helped us find our feet"])
def test_no_speaker_subject_before_the_speaker_as_object(clause):
    assert with_subject(clause) == (clause, False)


def test_a_clause_without_its_subject_is_still_the_speakers():
    found, _ = chat(OPEN, ("Ana", "Went to the market with my brother on Saturday."))
    assert any(content.startswith("Ana went to the market") for _, content in found), found
