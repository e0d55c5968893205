"""Long English chats over months (bench/realchat5.py's kind), in words that set does not use: a time said before
"X and I" keeps the two one subject, an opener set off by a comma is no subject, a place ending in "s" is no verb,
"weekends ago" and "the 19th" in a sentence naming its month are dated, and a home got or a post accepted leaves
the state a later question asks for; "they suggested X, so I bought those" names X."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction import timeparse
from tests.extraction.test_everyday import holding, run


@pytest.mark.parametrize(("said", "key"), [
    ("Last Friday, Priya and I drove down to Bath for the night.", "Priya and the user drove down to Bath"),
    ("Three weeks ago, Marcus and I finally painted the hallway.", "Marcus and the user finally painted"),
    ("Last night my dad and I fixed the garden fence.", "the user's dad and the user fixed the garden fence"),
])
def test_a_time_said_first_keeps_someone_and_i_one_subject(said, key):
    found, _ = run(("user", said))
    assert holding(found, key), [c.content for c in found]
    assert not [c for c in found if c.content.rstrip(".").count(" ") < 3], [c.content for c in found]


@pytest.mark.parametrize(("said", "first", "second"), [
    ("update on the car thing, i sold my old polo and bought a second-hand bike", "sold", "The user bought"),
    ("Good news, I passed the bar exam and joined a firm in Glasgow.", "passed", "The user joined"),
])
def test_an_opener_before_the_subject_is_no_subject(said, first, second):
    found, _ = run(("user", said))
    assert holding(found, first) and holding(found, second), [c.content for c in found]
    assert not holding(found, "update started") and not holding(found, "Good joined"), [c.content for c in found]


def test_a_place_ending_in_s_is_no_verb_of_the_subject():
    found, _ = run(("user", "my cousin moved to Paris and works at a bank near the Louvre"))
    assert holding(found, "The user's cousin works at a bank"), [c.content for c in found]
    assert not holding(found, "moved to works"), [c.content for c in found]


def test_weekends_ago_is_the_saturday_of_that_week():
    out, past, _ = timeparse.resolve("we hiked Snowdon three weekends ago", datetime(2026, 3, 18, 9, tzinfo=UTC),
                                     False)
    assert "the weekend of 28 February 2026" in out and past is not None and past.isoformat() == "2026-02-28"


@pytest.mark.parametrize(("text", "day"), [
    ("Our flight to Lisbon for the December holidays leaves on the 19th.", "19 December 2026"),
    ("The March conference starts on the 3rd, I think.", "3 March 2027"),
    ("My dentist appointment is on the 14th.", "14 November 2026"),
])
def test_the_nth_is_of_the_month_its_sentence_names(text, day):
    out, _, _ = timeparse.resolve(text, datetime(2026, 11, 2, 9, tzinfo=UTC), False)
    assert f"({day})" in out, out


@pytest.mark.parametrize(("said", "state"), [
    ("After months of viewings we finally bought a little cottage in Whitby!", "The user lives in Whitby."),
    ("ok so i rented a one-bedroom apartment in brooklyn, moving on the 1st", "The user lives in brooklyn."),
    ("I've accepted a role as lead engineer at Monzo, which I'm thrilled about.",
     "The user works at Monzo as lead engineer."),
])
def test_a_home_got_or_a_post_accepted_leaves_the_state(said, state):
    found, _ = run(("user", said))
    assert [c for c in found if c.content == state], [c.content for c in found]


def test_someone_elses_home_leaves_no_state_of_the_speaker():
    found, _ = run(("user", "My brother got a flat in York last week, so I helped him move."))
    assert not holding(found, "The user lives in"), [c.content for c in found]


@pytest.mark.parametrize(("said", "key"), [
    ("The man at the store recommended the Kindle Paperwhite, and I ordered it.", "The user ordered the Kindle"),
    ("my physio suggested the Theragun Mini so i got that", "The user got the Theragun Mini"),
])
def test_a_choice_made_of_what_someone_suggested_names_it(said, key):
    found, _ = run(("user", said))
    assert holding(found, key), [c.content for c in found]


@pytest.mark.parametrize(("said", "key"), [
    ("This morning I repotted the fig tree on the balcony.", "The user repotted the fig tree"),
    ("This evening, my neighbour and I cleared the shared garden.", "the user's neighbour and the user cleared"),
])
def test_this_morning_said_first_is_a_time_not_a_thing(said, key):
    found, _ = run(("user", said))
    assert holding(found, key), [c.content for c in found]
    assert not holding(found, "The morning") and not holding(found, "The evening"), [c.content for c in found]


@pytest.mark.parametrize(("text", "said"), [("去年年底换了工作", "2025年年底换了工作"),
                                            ("前年年初搬来的", "2024年年初搬来的"),
                                            ("年底要出国", "2026年底要出国")])
def test_the_end_or_start_of_a_named_year_is_of_that_year(text, said):
    out, _, _ = timeparse.resolve(text, datetime(2026, 12, 7, 9, tzinfo=UTC), True)
    assert out == said
