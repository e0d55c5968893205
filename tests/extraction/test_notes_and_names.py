"""What agents and people write that the offline extractor used to drop: an agent's note about the user with its
subject left out ("Prefers short answers", "Allergic to penicillin"), a statement about a named person in the
present ("Mia runs a bakery", "Bea drives a blue car"), and an introduction joined to a statement ("I'm Ivo and I
collect stamps"). Platitudes about a capitalised abstract noun stay out."""

from __future__ import annotations

import pytest

from tests.extraction.test_information import user


def _kept(text: str) -> list[str]:
    found, _ = user(("user", text))
    return [content for _, content in found]


@pytest.mark.parametrize(("note", "expected"), [
    ("Prefers short answers", "The user prefers short answers"),
    ("Prefers bullet points over long paragraphs.", "The user prefers bullet points over long paragraphs"),
    ("Likes hiking and jazz.", "The user likes hiking and jazz"),
    ("Enjoys long walks on the beach.", "The user likes long walks on the beach"),
    ("Hates cilantro.", "The user hates cilantro"),
    ("Is vegetarian.", "The user is vegetarian"),
    ("Has a daughter named Emma.", "The user has a daughter named Emma"),
    ("Studies law at UCL.", "The user studies law at UCL"),
    ("Watches a lot of anime on weekends.", "The user watches a lot of anime on weekends"),
    ("Allergic to penicillin.", "The user is allergic to penicillin"),
    ("Based in Toronto, works remotely.", "The user is based in Toronto"),
    ("Originally from Lagos.", "The user is originally from Lagos"),
])
def test_an_agents_note_without_its_subject_is_the_users(note: str, expected: str) -> None:
    kept = _kept(note)
    assert any(k.rstrip(".").startswith(expected) for k in kept), kept


@pytest.mark.parametrize("statement", [
    "Mia runs a bakery in Leeds.", "Bea drives a blue car.", "Omar coaches his son's football team.",
    "Priya adopted a greyhound last spring.", "Mia has a blue car.", "Jo is a nurse at St Mary's.",
    "Kofi owns two bikes and commutes by train.",
])
def test_what_a_named_person_does_is_kept_as_said(statement: str) -> None:
    kept = _kept(statement)
    assert kept and kept[0].split()[0] == statement.split()[0], kept


@pytest.mark.parametrize("text", ["Honesty is everything.", "Patience is a virtue.", "Life goes on.",
                                  "Sounds good.", "Works for me.", "Is that right?"])
def test_platitudes_reactions_and_questions_stay_out(text: str) -> None:
    assert _kept(text) == []


@pytest.mark.parametrize(("text", "name", "fact"), [
    ("Hi, I'm Ivo and I collect stamps", "Ivo", "collects stamps"),
    ("my name is Ana, I teach piano to kids", "Ana", "teaches piano to kids"),
    ("I'm Sam, and my wife is Jo.", "Sam", "wife is Jo"),
])
def test_an_introduction_joined_to_a_statement_is_two_memories(text: str, name: str, fact: str) -> None:
    kept = _kept(text)
    assert kept[0].startswith("The user's name is " + name), kept
    assert len(kept) == 2 and fact in kept[1] and " and " not in kept[0], kept


def _answer(question: str, answer: str) -> list[str]:
    from memories.extraction.candidates import Turn
    from memories.extraction.offline import OfflineExtractor

    extractor = OfflineExtractor()
    found = extractor.extract([Turn(0, "user", question, None, "Maria"), Turn(1, "user", answer, None, "John")], [])
    return [c.content for c in found if 1 in c.source_turns]


@pytest.mark.parametrize(("question", "answer", "held"), [
    ("How often do you work out with your family?", "Thanks, Maria! Three times a week; it keeps us on track.",
     "Three times a week"),
    ("What kind of dog is Max?", "A golden retriever, he's three.", "golden retriever"),
    ("What's the name of your band?", "The Lost Keys!", "The Lost Keys"),
])
def test_a_named_speakers_short_answer_is_kept_with_the_question(question: str, answer: str, held: str) -> None:
    kept = _answer(question, answer)
    assert len(kept) == 1 and kept[0].startswith("John's answer to \"") and held in kept[0], kept


@pytest.mark.parametrize(("question", "answer"), [
    ("What do you think?", "Sounds great, Maria! Let's plan something special."),
    ("Pretty cool, huh?", "Yeah, it really was."),
    ("How's it been going?", "Pretty good overall, busy as always."),
])
def test_a_reaction_or_a_rhetorical_question_keeps_no_answer(question: str, answer: str) -> None:
    assert not any("answer to" in k for k in _answer(question, answer))
