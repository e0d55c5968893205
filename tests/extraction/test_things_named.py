"""Things a named speaker made, got or was given, said with words that read as no statement alone: a light verb
and a bare thing ("We made lasagna!"), a thing pointed at that the speaker made ("These candles we bought …"), a
thing the listener recommended ("that documentary you recommended"), a thing shown that the speaker made ("Here's a
sketch I drew")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.information import informative
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2026, 4, 14, 12, 0, tzinfo=UTC)


def chat(*turns: tuple[str, str]) -> list[str]:
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, "user", text, SAID, name) for i, (name, text) in enumerate(turns, start=1)],
                              [])
    return [c.content for c in found]


@pytest.mark.parametrize("said", ["Sam and others made lasagna!", "Ana had surgery.", "Ben got braces.",
                                  "Ana finally got glasses."])
def test_a_light_verb_and_a_bare_thing_is_information(said):
    assert informative(said, ["Sam", "Ana", "Ben"])


@pytest.mark.parametrize("said", ["Sam made it!", "Sam had fun.", "Sam got this.", "Ana did great."])
def test_a_light_verb_and_nothing_named_is_not(said):
    assert not informative(said, ["Sam", "Ana", "Ben"])


@pytest.mark.parametrize(("said", "key"), [
    ("Haha nice! Those candles we bought at the fair smell like pine. What are you up to?", "The candles Sam"),
    ("This scarf I knitted last winter is still my favorite. Anyway, how was your week?", "The scarf Sam knitted"),
    ("That lamp I found at the flea market finally works!", "The lamp Sam found"),
])
def test_a_thing_pointed_at_that_the_speaker_made_or_got_is_named(said, key):
    found = chat(("Lena", "Good to hear from you."), ("Sam", said))
    assert any(c.startswith(key) for c in found), found


@pytest.mark.parametrize(("said", "key"), [
    ("Thanks! Been watching that documentary you recommended and baking bread on weekends.", "documentary Lena"),
    ("Finally finished the novel you lent me, loved the ending.", "novel Lena lent"),
])
def test_a_thing_the_listener_recommended_is_no_remark_about_them(said, key):
    found = chat(("Lena", "How have you been keeping busy?"), ("Sam", said))
    assert any(key in c and c.startswith("Sam") for c in found), found


@pytest.mark.parametrize(("said", "key"), [
    ("Here's a sketch I drew on the train this morning.", "Sam shared a sketch Sam drew"),
    ("Check out this bench we built for the garden!", "Sam shared a bench Sam and others built"),
    ("Here's another soup I like, lots of ginger and lentils.", "Sam shared another soup Sam likes"),
    ("Wow, so cool! Check my new reading nook under the stairs.", "Sam shared Sam's new reading nook"),
    ("Love that! Here's a photo from when I was surfing in Lisbon - so many wipeouts!",
     "Sam shared a photo of when Sam was surfing in Lisbon"),
])
def test_a_thing_shown_that_the_speaker_made_is_what_they_shared(said, key):
    found = chat(("Lena", "Good to hear from you."), ("Sam", said))
    assert any(c.startswith(key) for c in found), found


@pytest.mark.parametrize("said", ["Here's the thing I wanted to ask you about.", "Here's what I mean.",
                                  "Check your inbox, I sent it over.", "Check it out!"])
def test_showing_a_question_or_a_point_shares_nothing(said):
    assert not any("shared" in c for c in chat(("Lena", "Good to hear from you."), ("Sam", said)))


@pytest.mark.parametrize(("said", "key"), [
    ("Been a busy month! This is my pottery shelf so far.", "Sam shared Sam's pottery shelf"),
    ("Ha, so true. This was our cabin by the lake last summer, it was bliss.", "Sam shared Sam's cabin by the lake"),
])
def test_this_is_my_thing_shown_is_what_they_shared(said, key):
    found = chat(("Lena", "Good to hear from you."), ("Sam", said))
    assert any(c.startswith(key) for c in found), found


@pytest.mark.parametrize("said", ["This is my first time trying this.", "This is my question, really.",
                                  "This was my fault, sorry.", "This is my take on it."])
def test_this_is_my_remark_shares_nothing(said):
    assert not any("shared" in c for c in chat(("Lena", "Good to hear from you."), ("Sam", said)))
