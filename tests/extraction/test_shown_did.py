"""A thing shown with what the speaker did with it ("Check out these tomatoes I grew on the balcony!") is a
statement of the speaker's, with a determiner that reads ("some tomatoes", never "a these tomatoes"); a thing
received ("the email I got") or a state ("the place I was at") is not turned into one. A past verb with a prefix
("retook", "rewrote", "outgrew") stays past in the third person. Wording chosen for these tests, not taken from
any benchmark."""

from __future__ import annotations

import pytest

from memories.extraction.clauses import shown, third_person_en
from tests.extraction.test_information import chat

OPEN = ("Ben", "What have you been up to this spring?")


@pytest.mark.parametrize(("line", "kept"), [
    ("Check out these tomatoes I grew on the balcony!", "Ana shared some tomatoes Ana grew on the balcony"),
    ("Look at those birdhouses we built last weekend!", "Ana shared some birdhouses"),
    ("Here's the quilt I sewed for my niece.", "Ana shared the quilt Ana sewed for Ana's niece"),
    ("Check out this mug I threw at the pottery studio!", "Ana shared a mug Ana threw at the pottery studio"),
])
def test_a_thing_shown_with_what_the_speaker_did_is_kept(line, kept):
    found, _ = chat(OPEN, ("Ana", line))
    assert any(content.startswith(kept) for _, content in found), found


@pytest.mark.parametrize("sentence", [
    "Here's the letter I got, can you help me answer it?",  # a thing received
    "Check out the cafe I was telling you about.",  # a state, not a thing done
    "Look at the weather today!",  # nothing the speaker did
])
def test_nothing_done_is_left_as_said(sentence):
    assert shown(sentence, False) == sentence


@pytest.mark.parametrize(("text", "third"), [
    ("I retook the driving test", "Ana retook the driving test"),
    ("I rewrote the cover letter", "Ana rewrote the cover letter"),
    ("I outgrew my old boots", "Ana outgrew Ana's old boots"),
    ("I rent a studio downtown", "Ana rents a studio downtown"),
    ("I rest on Sundays", "Ana rests on Sundays"),
])
def test_a_prefixed_past_stays_past(text, third):
    assert third_person_en(text, "Ana", None) == third
