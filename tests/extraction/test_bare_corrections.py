"""A bare English correction names only the new value ("oops, I meant 9:15"): it corrects the value of that kind in
the newest memory, and nothing when that memory holds none or two of that kind, or when no opener says it is one.
Voice-typed notes with the owner left out ("van's at 64k miles") and an amount said in words ("down to two
beers a week") are the speaker's."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import KnownMemory, Turn
from memories.extraction.offline import OfflineExtractor

SAID_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def run(said: str, *known: str) -> list[str]:
    memories = [KnownMemory(i, uuid.uuid4(), "fact", "", text, "active") for i, text in enumerate(known, start=1)]
    return [c.content for c in OfflineExtractor().extract([Turn(1, "user", said, SAID_AT, None)], memories)]


@pytest.mark.parametrize(("newest", "said", "kept", "gone"), [
    ("The user's train leaves at 7:05.", "oops, I meant 7:35", "7:35", "7:05"),
    ("The user's yoga class starts at 6pm.", "my bad, make that 6:30pm, got the schedule mixed up", "6:30pm", "6pm"),
    ("The user's aunt lives in Leeds.", "sorry, I meant York, she moved years ago", "York", "Leeds"),
    ("The user's car payment is $420 a month.", "wait, it's $450", "$450", "$420"),
])
def test_the_newest_memory_takes_the_corrected_value(newest, said, kept, gone):
    found = run(said, newest, "The user has a cat named Olive.")
    assert len(found) == 1 and kept in found[0] and gone not in found[0], found


@pytest.mark.parametrize(("newest", "said"), [
    ("The user met Priya in Lisbon.", "actually it's Porto"),  # two names: which one is not known
    ("The user's car payment is $420 a month.", "sorry, Dana, I was driving"),  # a name said to someone
    ("The user likes hiking.", "oops, I meant 7:35"),  # no time to correct
    ("The user's train leaves at 7:05.", "it's 7:35"),  # no opener: no correction
])
def test_no_value_of_its_kind_or_no_opener_corrects_nothing(newest, said):
    assert not any("7:35" in f or "Porto" in f or "Dana" in f for f in run(said, newest))


@pytest.mark.parametrize(("said", "kept"), [
    ("van's at 64k miles", "The user's van"),
    ("the camper's past 90,000 miles", "The user's camper"),
    ("down to two beers a week, dropped the wine", "two beers"),
])
def test_a_note_with_its_owner_left_out_is_the_speakers(said, kept):
    found = run(said)
    assert any(kept in f for f in found), found
