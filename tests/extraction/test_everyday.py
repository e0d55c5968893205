"""The offline extractor on everyday messages (tests/extraction/everyday.py), English and Chinese: facts kept in
the third person, compounds split, nothing kept from greetings, thanks, questions and the assistant's echoes."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from tests.extraction.everyday import COMPOUNDS, ECHOES, FACTS, NOT_REMINDERS, NOTHING, REMINDERS, SUBJECTS

SAID = datetime(2025, 3, 10, 9, 30, tzinfo=UTC)  # a Monday
# (not the letters of an address: "sam.k@proton.me")
FIRST_PERSON = re.compile(r"(?i)(?<![.@])\b(?:i|i'm|i've|me|my|we|our|us)\b(?!\.\w|@)|我")


def run(*turns: tuple[str, str], name: str | None = None):
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, role, text, SAID, name) for i, (role, text) in enumerate(turns, start=1)], [])
    return found, extractor.skipped


def holding(found, key):
    return [c for c in found if key.casefold() in c.content.casefold()]


def test_the_set_is_big_enough_and_in_both_languages():
    messages = [t for t, _ in FACTS + COMPOUNDS] + NOTHING + [m for pair in ECHOES for m in pair]
    assert len(messages) >= 60
    assert sum(bool(re.search(r"[\u4e00-\u9fff]", m)) for m in messages) >= 25


@pytest.mark.parametrize(("text", "keys"), FACTS, ids=[t[:30] for t, _ in FACTS])
def test_a_fact_is_kept_in_the_third_person(text, keys):
    found, _ = run(("user", text))
    assert found, text
    assert not any(c.observation for c in found), [c.content for c in found]  # extracted, not kept as said
    for key in keys:
        assert holding(found, key), (key, [c.content for c in found])
    for c in found:
        assert not FIRST_PERSON.search(c.content), c.content
        assert c.kind in ("fact", "preference", "event", "task") and c.source_turns == [1]


@pytest.mark.parametrize(("text", "keys"), COMPOUNDS, ids=[t[:30] for t, _ in COMPOUNDS])
def test_a_compound_sentence_becomes_one_memory_per_statement(text, keys):
    found, _ = run(("user", text))
    homes = [holding(found, key) for key in keys]
    assert all(len(home) == 1 for home in homes), [c.content for c in found]
    assert len({id(home[0]) for home in homes}) == len(keys), [c.content for c in found]
    assert not any(FIRST_PERSON.search(c.content) for c in found), [c.content for c in found]


@pytest.mark.parametrize("text", NOTHING)
def test_nothing_is_kept_from_greetings_thanks_and_questions(text):
    found, skipped = run(("user", text))
    assert found == [], [c.content for c in found]
    assert [s.turn for s in skipped] == [1] and skipped[0].reason != "empty"  # and it says why


@pytest.mark.parametrize(("said", "echo"), ECHOES, ids=[e[:30] for _, e in ECHOES])
def test_the_assistants_echo_gives_nothing(said, echo):
    found, skipped = run(("user", said), ("assistant", echo))
    assert found and all(c.source_turns == [1] for c in found)
    assert [(s.turn, s.reason) for s in skipped] == [(2, "assistant")]


def test_mem0s_quickstart_sentence_gives_two_memories_about_the_named_user():
    found, _ = run(("user", "Hi, I'm Alex. I'm a vegetarian and I'm allergic to nuts."))
    assert [c.content for c in found] == ["The user's name is Alex", "Alex is a vegetarian.",
                                          "Alex is allergic to nuts."]


def test_a_named_speaker_is_the_subject_and_the_other_one_the_listener():
    found, _ = run(("user", "My daughter Emma started school last week and I picked her up every day."), name="Dana")
    assert [c.content for c in found] == [
        "Emma (Dana's daughter) started school the week of 3 March 2025.",
        "Dana picked Emma up every day."]
    assert found[0].kind == "event" and found[0].valid_from == datetime(2025, 3, 3, 12, tzinfo=UTC)
    assert all(c.about == "Dana" for c in found)


def test_relative_times_resolve_against_the_message():
    found, _ = run(("user", "下个月我要去成都出差。"), ("user", "上周五我们搬进了新家。"),
                   ("user", "I got a puppy yesterday."))
    assert [(c.kind, c.content) for c in found] == [
        ("task", "2025年4月用户要去成都出差。"),
        ("event", "2025年3月7日（周五）用户等人搬进了新家。"),
        ("event", "The user got a puppy on 9 March 2025.")]
    assert [c.valid_from for c in found] == [None, datetime(2025, 3, 7, 12, tzinfo=UTC),
                                             datetime(2025, 3, 9, 12, tzinfo=UTC)]


def test_an_assistant_action_is_kept_but_not_its_small_talk():
    found, _ = run(("user", "Please find me a table for two on Friday."),
                   ("assistant", "I've booked a table for two at Nopa on Friday at 7pm. Enjoy!"))
    assert [(c.content, c.about, c.source_turns) for c in found] == [
        ("The assistant has booked a table for two at Nopa on Friday at 7pm", "assistant", [2])]


def test_a_substantive_message_with_nothing_extracted_is_kept_as_said():
    text = "Budget approved for the new roof, contractor starts after the rainy season, materials already ordered."
    found, _ = run(("user", text))
    assert [(c.content, c.observation) for c in found] == [(text, True)]


def test_a_mood_is_not_a_name():
    found, _ = run(("user", "I'm good."), ("user", "I'm Sam."))
    assert [c.content for c in found] == ["The user's name is Sam"]


def conversation(*lines: tuple[str, str]):
    """A chat between two named friends, as LoCoMo's conversations (and a mem0 ``name``) give it."""
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, "user", text, SAID, name) for i, (name, text) in enumerate(lines, start=1)], [])
    return found, extractor.skipped


def test_a_reaction_that_names_its_subject_relates_the_two_speakers():
    found, _ = conversation(("Lena", "Guess what, my band got booked at the Blue Room for Friday!"),
                            ("Omar", "No way, congrats on the gig!! You should totally record the set."),
                            ("Lena", "Our drummer broke his wrist though."),
                            ("Omar", "Oh no, I'm really sorry about your drummer. Hope he heals fast"))
    said = [(c.source_turns, c.content) for c in found]
    assert ([2], "Omar congratulated Lena on the gig.") in said, said
    assert ([2], "Omar suggested that Lena could totally record the set.") in said, said
    assert any(turns == [4] and text.startswith("Omar is sorry about Lena's drummer.") for turns, text in said), said
    assert all(c.about == ("Omar" if c.source_turns == [2] or c.source_turns == [4] else "Lena") for c in found)


def test_a_reaction_that_names_nothing_still_gives_nothing():
    found, skipped = conversation(("Lena", "We finally finished painting the nursery."),
                                  ("Omar", "Wow, that's amazing!! So happy for you guys."),
                                  ("Lena", "Thanks! Gotta run, talk soon."))
    assert [c.source_turns for c in found] == [[1]], [c.content for c in found]
    assert [s.turn for s in skipped] == [2, 3]


def test_a_clause_led_by_a_pronoun_stays_with_the_statement_it_points_to():
    found, _ = run(("user", "We adopted a rescue greyhound last month. She's terrified of the vacuum lol"),
                   name="Priya")
    assert len(found) == 1, [c.content for c in found]
    assert "greyhound" in found[0].content and "vacuum" in found[0].content


def test_a_feeling_or_a_promise_is_not_a_memory_alone_nor_added_to_a_fact():
    found, _ = run(("user", "I'm so excited, honestly can't wait!"), ("user", "I'll keep pushing, no matter what."),
                   name="Sam")
    assert found == [], [c.content for c in found]
    found, _ = run(("user", "Got the job offer from the library yesterday, I'm so excited!"), name="Sam")
    assert len(found) == 1 and "library" in found[0].content and "excited" not in found[0].content, found


def test_a_named_speakers_general_claim_is_their_view():
    found, _ = conversation(("Gina", "Honestly, networking with other shop owners is the best way to find suppliers."))
    assert [c.content for c in found] == [
        "Gina thinks networking with other shop owners is the best way to find suppliers."]


@pytest.mark.parametrize(("text", "said", "unsaid"), SUBJECTS, ids=[t[:24] for t, _, _ in SUBJECTS])
def test_a_clause_is_about_who_it_goes_on_with(text, said, unsaid):
    found, _ = run(("user", text))
    contents = [c.content for c in found]
    assert found and not any(c.observation for c in found), contents
    for words in said:
        assert any(words in content for content in contents), (words, contents)
    for words in unsaid:
        assert not any(words in content for content in contents), (words, contents)


@pytest.mark.parametrize(("text", "said"), REMINDERS, ids=[t[:24] for t, _ in REMINDERS])
def test_a_request_to_be_reminded_is_the_speakers_task(text, said):
    found, _ = run(("user", text))
    tasks = [c for c in found if c.kind == "task" and c.type == "task"]
    assert len(tasks) == 1, [c.content for c in found]
    for words in said:
        assert words in tasks[0].content, (words, tasks[0].content)
    assert not FIRST_PERSON.search(tasks[0].content), tasks[0].content


@pytest.mark.parametrize("text", NOT_REMINDERS)
def test_a_question_about_a_reminder_is_still_a_question(text):
    found, skipped = run(("user", text))
    assert found == [] and [s.reason for s in skipped] == ["question"], [c.content for c in found]


def test_a_changed_favourite_is_kept_beside_the_dislike():
    found, _ = run(("user", "I've gone off purple, orange is my favourite now."),
                   ("user", "I don't like tea anymore, coffee is my fave these days."))
    contents = [c.content for c in found]
    assert "Orange is the user's favourite now." in contents, contents
    assert any(c.startswith("Coffee is the user's fave") for c in contents), contents


@pytest.mark.parametrize(("text", "kept"), [
    ("thinking about trading in my kindle for a kobo", "the user is thinking about trading in the user's kindle"),
    ("considering a masters in data science next fall", "the user is considering a masters in data science"),
    ("looking into solar panels for the cabin", "the user is looking into solar panels for the cabin"),
    ("saving for a trip to Peru, about halfway there", "the user is saving for a trip to peru"),
    ("waiting on the landlord to fix the heating", "the user is waiting on the landlord to fix the heating"),
])
def test_a_plan_in_the_making_said_without_i_is_the_speakers(text, kept):
    found, _ = run(("user", text))
    assert any(kept in c.content.casefold() and not c.observation for c in found), [c.content for c in found]


@pytest.mark.parametrize(("text", "kept"), [
    ("physio got moved to next thursday", "moved to Thursday, 13 March 2025"),
    ("the move is postponed until next month", "postponed until April 2025"),
    ("I'm on leave from tomorrow", "on leave from 11 March 2025"),
])
def test_a_time_after_a_preposition_gets_no_second_one(text, kept):
    found, _ = run(("user", text))
    assert any(kept in c.content for c in found), [c.content for c in found]
