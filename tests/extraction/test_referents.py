"""Junk rewritten or left out, not multiplied (docs/extraction.md, "Junk rule"): an answer's "them", "him/her" or
leading "he/she" takes its referent from the turn it replies to when that turn names exactly one that fits, in
English and Chinese; thanks, gladness and hopes put as a relation are a memory only when the turn says nothing
else; a short form of a speaker's name is a vocative; advice said as an imperative is no one's view."""

from __future__ import annotations

import re

import pytest

from tests.extraction.test_information import chat

# --------------------------------------------------------------------------- referents from the turn replied to


@pytest.mark.parametrize(("question", "answer", "kept"), [
    ("How long have you had your chickens?", "I've had them since 2019.", "Ben has had Ben's chickens since 2019."),
    ("Did you finally meet your new neighbours?", "We invited them over for dinner on Saturday.",
     "Ben and others invited Ben's new neighbours over for dinner on Saturday."),
    ("Are your old hiking boots still in the garage?", "I gave them to a friend in Innsbruck on Sunday.",
     "Ben gave Ben's old hiking boots to a friend in Innsbruck on Sunday."),
])
def test_them_takes_the_one_plural_thing_the_question_owns(question, answer, kept):
    found, _ = chat(("Ana", question), ("Ben", answer))
    assert found == [([2], kept)]


def test_them_stays_when_the_question_holds_two_plural_things():
    found, _ = chat(("Ana", "Do you see sunsets like that on your walks?"),
                    ("Ben", "I see them at least twice a week near the harbour."))
    assert all("walks" not in text for _, text in found)


@pytest.mark.parametrize(("question", "answer", "kept"), [
    ("Have you ever met Serena at the club?", "I met her twice, at the spring tournament.",
     "Ben met Serena twice, at the spring tournament."),
    ("Did Coach Rivera call you back?", "He called on Monday and offered me a spot on the team.",
     "Coach Rivera called on Monday and offered Ben a spot on the team."),
    ("Have you talked to Maya since the wedding?", "She's moving to Denver in May.",
     "Maya is moving to Denver in May."),
])
def test_a_person_pronoun_takes_the_one_person_the_turn_before_names(question, answer, kept):
    found, _ = chat(("Ana", question), ("Ben", answer))
    assert found == [([2], kept)]


def test_a_person_pronoun_stays_unresolved_with_two_names_before():
    found, _ = chat(("Ana", "Did Maya and Priya come to the wedding in Porto?"), ("Ben", "She left early on Sunday."))
    assert all("Maya" not in text and "Priya" not in text for _, text in found)


@pytest.mark.parametrize(("question", "answer", "kept"), [
    ("你最近见到王浩了吗？", "他下个月要去北京读博士了。", "王浩"),
    ("听说陈静换工作了？", "她现在在杭州做设计师。", "陈静现在在杭州做设计师"),
    ("你和李娜周末去哪儿了？", "她陪我去了西湖。", "李娜陪阿梅去了西湖"),
])
def test_chinese_he_or_she_takes_the_one_person_named_before(question, answer, kept):
    found, _ = chat(("小林", question), ("阿梅", answer))
    assert len(found) == 1 and found[0][1].startswith(kept)


# --------------------------------------------------------------------------- courtesies beside a statement


@pytest.mark.parametrize("courtesy", [
    "Thanks for the tip about the bakery on Main Street!",
    "So glad your sister got the job at the bakery!",
    "I hope your interview at the museum goes well.",
])
def test_a_courtesy_beside_a_statement_is_left_out(courtesy):
    found, _ = chat(("Ana", "My sister starts at the bakery on Main Street next week."),
                    ("Ben", f"{courtesy} My brother is training for the Lisbon marathon."))
    assert [text for turns, text in found if turns == [2]] == ["Ben's brother is training for the Lisbon marathon."]


def test_a_courtesy_alone_in_its_turn_is_kept():
    found, _ = chat(("Ana", "I found a bakery on Main Street with great rye bread."),
                    ("Ben", "Thanks for the tip about the bakery!"))
    assert found[1] == ([2], "Ben thanked Ana for the tip about the bakery.")


# --------------------------------------------------------------------------- vocatives and advice


@pytest.mark.parametrize(("said", "kept"), [
    ("Alex, I just booked my flight to Oslo.", "Alexander just booked Alexander's flight to Oslo."),
    ("I just booked my flight to Oslo, Alex!", "Alexander just booked Alexander's flight to Oslo!"),
])
def test_a_short_form_of_a_speakers_name_is_a_vocative(said, kept):
    found, _ = chat(("Priyanka", "I booked a cabin near Tromsø for March."), ("Alexander", said))
    assert found[1] == ([2], kept)


@pytest.mark.parametrize("advice", [
    "Keep chasing those research goals, the grant board meets again in spring!",
    "Just stay focused on the coral reef project, it makes a real difference.",
    "Don't let one rejection stop your work, the field needs people like you.",
])
def test_advice_in_the_imperative_is_no_view(advice):
    found, _ = chat(("Ana", "I didn't get the marine biology grant this year."), ("Ben", advice))
    assert all(not text.startswith("Ben thinks") for _, text in found)


# --------------------------------------------------------------------------- what the explicit rules read of a liking


@pytest.mark.parametrize(("said", "kept"), [
    ("I like climbing with my brother at the quarry on Sundays.",
     "Ben likes climbing with Ben's brother at the quarry on Sundays"),
    ("我喜欢和我妹妹去公园跑步。", "Ben喜欢和Ben的妹妹去公园跑步"),
])
def test_a_liking_is_in_the_third_person_throughout(said, kept):
    found, _ = chat(("Ana", "What do you do on weekends?"), ("Ben", said))
    assert found == [([2], kept)]


@pytest.mark.parametrize("said", [
    "That's what I like to hear! My cousin works at the aquarium gift shop.",
    "Being my own boss is what I love most about the bakery.",
    "I like it after a long run, the crema is perfect.",
    "我喜欢这个。",
])
def test_a_liking_with_no_thing_liked_is_no_preference(said):
    found, _ = chat(("Ana", "I finally got the espresso machine for the shop."), ("Ben", said))
    garbled = re.compile(r"^Ben (?:likes|loves) (?:to \w+|most|it)\b|^Ben喜欢这个")
    assert not [text for _, text in found if garbled.match(text)]


# --------------------------------------------------------------------------- "both of us": the speaker and one other


@pytest.mark.parametrize(("said", "kept"), [
    ("the hotel budget is about 900 euros for both of us", "one other person"),
    ("We both got the flu last week", "one other person both got the flu"),
    ("the two of us are flying to Oslo on Friday", "one other person both are flying to Oslo"),
    ("Both of us teach maths at the same school", "Ben and one other person both teach maths"),
])
def test_a_pair_is_the_speaker_and_one_other_person(said, kept):
    found, _ = chat(("Ben", said))
    assert len(found) == 1 and kept in found[0][1] and "and others" not in found[0][1]


@pytest.mark.parametrize(("said", "kept"), [
    ("my in-laws and I don't get along these days", "Ben's in-laws and Ben don't get along"),
    ("Priya and I have a standing tennis game on Thursdays", "Priya and Ben have a standing tennis game"),
    ("my husband and I've lived here since 2015", "Ben's husband and Ben have lived here since 2015"),
])
def test_a_verb_after_someone_and_i_stays_plural(said, kept):
    found, _ = chat(("Ben", said))
    assert any(kept in text for _, text in found), found
