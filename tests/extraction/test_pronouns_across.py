""""He"/"she" opening a sentence is the one person an earlier sentence of the same turn names
(``pronouns_across.sentences_named``): the sentence is kept about them, not dropped for a pronoun with no one to bind
it to. The speakers' names (vocatives), a question's names, two names, or a name only described leave it as it was.
Wording chosen for these tests, not taken from any benchmark."""

from __future__ import annotations

import pytest

from memories.extraction.pronouns_across import sentences_named
from tests.extraction.test_information import chat

OPEN = ("Priya", "How was your week?")


@pytest.mark.parametrize(("line", "kept"), [
    ("At the allotment I got talking to an old gardener, Walter. He taught me how to graft apple trees.",
     "Walter taught Dev how to graft apple trees."),
    ("Thanks, Priya! We adopted a rescue greyhound. Her name's Juniper. She sleeps on the sofa all afternoon.",
     "Juniper sleeps on the sofa all afternoon."),
    ("Sad news, Priya: we had to put down our old cat, Biscuit. He was with us for fourteen years.",
     "Biscuit was with Dev and others for fourteen years."),
])
def test_a_pronoun_after_a_sentence_naming_one_person_is_that_person(line, kept):
    found, _ = chat(OPEN, ("Dev", line))
    assert any(kept in content for _, content in found), found  # alone, or joined to the statement before it


@pytest.mark.parametrize("sentences", [
    ["Thanks, Priya!", "She is right about the boiler."],  # the listener's name is a vocative, not a referent
    ["Did you watch the match in Madrid?", "He scored twice."],  # a question names no one for it
    ["I met Tom and Walter at the pub.", "He bought the first round."],  # two names: who is "he"?
    ["Lisbon was lovely.", "She loved the trams."],  # a place described, not a person acting
])
def test_no_single_person_before_it_leaves_the_pronoun(sentences):
    assert sentences_named(sentences, ["Priya", "Dev"]) == sentences


def test_a_question_opening_with_a_pronoun_is_left():
    sentences = ["My sister Ana moved to Porto.", "Is she happy there?"]
    assert sentences_named(sentences, ["Dev"]) == sentences
