"""Facts about the speaker that the offline extractor used to drop as a reaction or as vague, each for a general
cause, not a wording: a thing tied to the speaker behind "this"/"that" ("This mug reminds me of my first flat"), a
liking said without "I" before an "-ing" verb ("Love hiking in the fall"), the thing of "a love for …" as a thing
named, and "there" for the place the speaker's own question names ("Been to Porto? We're flying there in June").
The reactions of the same shapes stay reactions. And the grammar of what is kept: "Her name is Pickle" goes with
the statement before it (not "Dev thinks her name is …"), initials end no sentence, a state said with a participle
and no subject is "Dev is obsessed with …" (not "Dev obsessed with …"), a plan said with excitement is kept, and
"our lives" are "Dev and others' lives". Wording chosen for these tests, not taken from LoCoMo."""

from __future__ import annotations

import pytest

from memories.extraction.pronouns import owned
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


def test_this_or_that_before_a_moment_or_a_feeling_points_at_no_thing():
    pieces = ["Those quiet moments mean the world to me", "This love and support got me through", "This bike is mine"]
    assert owned(pieces) == [*pieces[:2], "The bike is mine"]


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


# --------------------------------------------------------------------------- grammar of the statements kept

def test_a_clause_led_by_his_her_or_their_goes_with_the_statement_before_it():
    found, _ = chat(OPEN, ("Dev", "We adopted a kitten on Sunday. Her name is Pickle!"))
    assert any(turns == [2] and text.startswith("Dev and others adopted a kitten") and text.endswith(
        "Her name is Pickle!") for turns, text in found), found
    assert not any("thinks" in text for _, text in found), found


def test_initials_do_not_end_a_sentence():
    found, _ = chat(OPEN, ("Dev", "My favourite poet is W. H. Auden, I read him every winter."))
    assert any(text.startswith("Dev's favourite poet is W. H. Auden") for _, text in found), found


@pytest.mark.parametrize(("line", "kept"), [
    ("Obsessed with this new podcast about deep-sea fish.", "Dev is obsessed with this new podcast"),
    ("Tired of commuting two hours a day.", "Dev is tired of commuting two hours a day."),
    ("Hooked on sudoku lately.", "Dev is hooked on sudoku lately."),
])
def test_a_state_said_with_a_participle_and_no_subject_is_the_speakers(line, kept):
    found, _ = chat(OPEN, ("Dev", line))
    assert any(text.startswith(kept) for _, text in found), found


@pytest.mark.parametrize(("line", "kept", "is_kept"), [
    ("Excited to start my pottery course next week.", "Dev is excited to start Dev's pottery course", True),
    ("Stoked to try the new climbing gym in town.", "Dev is stoked to try the new climbing gym in town.", True),
    ("Excited to see you guys!", "", False),
    ("Excited to hear about it!", "", False),
])
def test_a_plan_said_with_excitement_is_kept_a_bare_feeling_is_not(line, kept, is_kept):
    found, _ = chat(OPEN, ("Dev", line))
    made = [text for turns, text in found if turns == [2]]
    assert bool(made) == is_kept and all(text.startswith(kept) for text in made), found


def test_our_before_what_each_person_has_one_of_is_everyones():
    found, _ = chat(OPEN, ("Dev", "We moved to the coast and it changed our lives and our moods."))
    assert any("Dev and others' lives" in text for _, text in found), found
