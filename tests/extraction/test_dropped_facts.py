"""Facts about the speaker that the offline extractor used to drop as a reaction or as vague, each for a general
cause, not a wording: a thing tied to the speaker behind "this"/"that" ("This mug reminds me of my first flat"), a
liking said without "I" before an "-ing" verb ("Love hiking in the fall"), the thing of "a love for …" as a thing
named, and "there" for the place the speaker's own question names ("Been to Porto? We're flying there in June").
The reactions of the same shapes stay reactions. Wording chosen for these tests, not taken from LoCoMo."""

from __future__ import annotations

import pytest

from tests.extraction.test_information import chat

OPEN = ("Priya", "My cousin is staying with us this week.")


@pytest.mark.parametrize(("line", "kept"), [
    ("This mug reminds me of my first flat in Leeds.", "The mug reminds Dev of Dev's first flat in Leeds."),
    ("That scarf was knitted by my aunt.", "The scarf was knitted by Dev's aunt."),
    ("These trainers are my favourites for long runs.", "The trainers are Dev's favourites for long runs."),
    ("This recipe kept me going through exam season.", "The recipe kept Dev going through exam season."),
])
def test_a_thing_of_the_speakers_behind_this_or_that_is_a_statement(line, kept):
    found, _ = chat(OPEN, ("Dev", line))
    assert (([2], kept)) in found, found


@pytest.mark.parametrize("line", ["That sounds lovely.", "This is so cool for me!", "That means a lot to me.",
                                  "This week has been a lot."])
def test_this_or_that_as_a_reaction_or_a_time_is_unchanged(line):
    found, _ = chat(OPEN, ("Dev", line))
    assert [turns for turns, _ in found] == [[1]], found


@pytest.mark.parametrize(("line", "kept"), [
    ("Love baking sourdough on weekends.", "Dev loves baking sourdough on weekends."),
    ("Ha, nice. Love playing chess with my grandad.", "Dev loves playing chess with Dev's grandad."),
])
def test_a_liking_without_its_subject_before_an_ing_verb_is_the_speakers(line, kept):
    found, _ = chat(OPEN, ("Dev", line))
    assert ([2], kept) in found, found


@pytest.mark.parametrize("line", ["Love it!", "Love the colours!", "Love seeing your photos!", "Love hearing that."])
def test_love_before_a_thing_of_the_listeners_or_nothing_is_a_reaction(line):
    found, _ = chat(OPEN, ("Dev", line))
    assert [turns for turns, _ in found] == [[1]], found


@pytest.mark.parametrize(("line", "kept"), [
    ("I've always had a love for trains!", "Dev has always had a love for trains!"),
    ("I have a love for jazz.", "Dev has a love for jazz."),
])
def test_the_thing_of_a_love_for_something_is_named(line, kept):
    found, _ = chat(OPEN, ("Dev", line))
    assert ([2], kept) in found, found


@pytest.mark.parametrize(("line", "kept"), [
    ("Have you ever been to Porto? We're flying there in June.", "Dev and others are flying to Porto in June."),
    ("Ever visited Krakow? Planning a trip there next spring.", "Dev is planning a trip to Krakow"),
    ("Have you been to Granada? I spent a week there.", "Dev spent a week at Granada."),
])
def test_there_is_the_place_the_speakers_own_question_names(line, kept):
    found, _ = chat(OPEN, ("Dev", line))
    assert any(turns == [2] and text.startswith(kept) for turns, text in found), found
