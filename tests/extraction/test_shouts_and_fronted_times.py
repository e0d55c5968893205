"""The offline extractor on shapes a twelfth English set found (bench/fresh12_en_set.py), each in words of its own:
"the US" is a country, not "us"; a clause shouted in capitals is said in lower case; two names before a plural
verb are one subject; "this semester …" opens with a time, not a pronoun; "pretty sure I'm …" says what is; a
weight said alone is the speaker's; a list under a markdown heading ("### Client profile", "**Me, in brief**") is
read as a list about the writer; a correction names a day of the week."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.corrections_bare import bare_corrected
from memories.extraction.offline import OfflineExtractor

SAID_AT = datetime(2025, 3, 10, 9, 30, tzinfo=UTC)

CASES = [
    ("I've lived in the US since 2015", ["the user has lived in the us"], ["others"]),
    ("GOT THE JOB!!!", ["the user got the job"], []),
    ("MARRIED!!! 💍 best day ever", ["the user is married"], []),
    ("After the hearing, Lena and Marco are with me on weekdays now.", ["lena and marco are with the user"], []),
    ("This semester I'm teaching two sections of algebra", ["the user is teaching two sections of algebra"], []),
    ("fairly sure I'm finished with energy drinks for good", ["the user is finished with energy drinks"], []),
    ("72 kg on the scale today", ["the user is 72 kg"], []),
    ("### Client profile\n- Lives at Cedar Ridge, unit 4B\n- Has a cat named Biscuit\n- volunteer at the library",
     ["the user lives at cedar ridge", "the user has a cat", "the user volunteers at the library"], ["is lives"]),
    ("**Me, in brief**\n- keep two beehives behind the shed\n- teach spin classes on weekends",
     ["the user keeps two beehives"], []),
]


def run(text: str) -> list[str]:
    return [c.content.casefold() for c in OfflineExtractor().extract([Turn(1, "user", text, SAID_AT, None)], [])]


@pytest.mark.parametrize(("text", "kept", "unkept"), CASES, ids=[t[:30] for t, _, _ in CASES])
def test_the_shape_is_read_as_said(text: str, kept: list[str], unkept: list[str]) -> None:
    found = run(text)
    for words in kept:
        assert any(words in c for c in found), (text, found)
    for words in unkept:
        assert not any(words in c for c in found), (text, found)


def test_still_split_where_the_second_name_has_its_own_verb() -> None:
    found = run("Tom and I went hiking and Ana stayed home")
    assert len(found) == 2, found


@pytest.mark.parametrize(("memory", "said", "fixed"), [
    ("The user's spin class is on Wednesdays.", "oops, I meant Fridays", "The user's spin class is on Fridays."),
    ("The user sees the physio on Monday at 4pm.", "sorry, it's Tuesday",
     "The user sees the physio on Tuesday at 4pm."),
])
def test_a_day_of_the_week_is_corrected_in_the_newest_memory(memory: str, said: str, fixed: str) -> None:
    assert bare_corrected(said, [memory]) == (memory, fixed)


def test_a_memory_with_two_days_is_not_guessed_at() -> None:
    assert bare_corrected("sorry, I meant Thursdays", ["The user swims on Mondays and Fridays."]) is None
