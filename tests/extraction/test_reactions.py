"""Reactions between two people are no memory: praise of the listener that names nothing, thanks for a tip or an
invite, a pledge or a mood with nothing in it, a remark about people in general ("hard times make us stronger"), a
line whose subject was cut off. What names a thing, an event or a time in the same shape is kept: thanks for a
named recipe, "we made pizza", "a lorry hit us on the motorway", "I haven't done pottery yet"."""

from __future__ import annotations

import pytest

from memories.extraction.information import filler
from tests.extraction.test_information import chat

PASSED = ("Dev", "I passed my driving test on Friday!")
DEV_PASSED = ([1], "Dev passed Dev's driving test on Friday!")


@pytest.mark.parametrize("praise", ["You're so talented!", "Wow, you've come so far.",
                                    "You're making a real difference.", "You've put a lot of work into it."])
def test_praise_of_the_listener_that_names_nothing_is_no_memory(praise):
    found, skipped = chat(PASSED, ("Priya", praise))
    assert found == [DEV_PASSED]
    assert skipped == [(2, "vague")]


def test_thanks_for_a_tip_is_no_memory_but_the_tip_is():
    found, skipped = chat(("Dev", "Any good history podcasts?"),
                          ("Priya", "Hardcore History is long but worth every minute."),
                          ("Dev", "Thanks for the tip!"))
    assert [turns for turns, _ in found] == [[2]]
    assert (3, "vague") in skipped


@pytest.mark.parametrize("line", ["We had a ton of fun.", "I won't let anything hold me back!",
                                  "I'm staying determined and focused.", "Hard times make us stronger.",
                                  "Pets bring us so much comfort."])
def test_a_pledge_a_mood_or_a_remark_about_people_in_general_is_no_memory(line):
    found, skipped = chat(("Priya", "Good luck with the new job on Monday!"), ("Dev", line))
    assert [turns for turns, _ in found] == [[1]]  # the wish names the job: Dev has a new job
    assert skipped == [(2, "vague")]


@pytest.mark.parametrize(("line", "kept"), [
    ("We made pizza!", "Dev and others made pizza!"),
    ("A lorry hit us on the motorway but we're all fine.", "A lorry hit Dev and others on the motorway."),
    ("I haven't done pottery yet.", "Dev hasn't done pottery yet."),
    ("I like rock.", "Dev likes rock"),
])
def test_the_same_shapes_naming_a_thing_or_an_event_are_kept(line, kept):
    found, _ = chat(("Dev", line))
    assert found == [([1], kept)]


@pytest.mark.parametrize(("text", "is_filler"), [
    ("Ana told Ben that Ben is so talented.", True),
    ("Ana told Ben that Ben's bakery opened on Saturday.", False),
    ("Ana thanked Ben for the tip.", True),
    ("Ana thanked Ben for Ben's kind words.", True),
    ("Ana thanked Ben for the lasagna recipe.", False),
    ("Was wild the week of 3 May 2024.", True),  # the subject was cut off
    ("'s launch will be so much fun on 3 May 2024.", True),
    ("Challenges make Ana and others stronger.", True),
    ("Ana and others won the pub quiz.", False),
    ("Music brings Ana and others to Glastonbury every June.", False),  # a place and a time
    ("Ben is so ready!", True),
    ("Ben is ready for the Berlin marathon.", False),
    ("The user is seeing someone.", False),  # no words of its own to judge: not this screen's
])
def test_reactions_read_on_the_finished_memory(text, is_filler):
    assert filler(text, ["Ana", "Ben"]) is is_filler
