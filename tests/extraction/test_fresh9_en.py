"""English readings a ninth new hand's set found missing (bench/fresh9_en_set.py), in other words than it: a part of
the day before "I" is no greeting, a measure said without "my" is the speaker's, a guess that was not so is nothing
to keep, and an assistant's turn that opens by asking the user gives examples, not an answer."""

from __future__ import annotations

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor


def kept(*turns: tuple[str, str]) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(i, r, t) for i, (r, t) in enumerate(turns)], [])]


@pytest.mark.parametrize(("text", "word"), [
    ("Morning I walked the dogs along the canal to Hebden Bridge.", "hebden bridge"),
    ("Evening we grilled burgers with the Nakamuras next door.", "nakamuras"),
])
def test_a_part_of_the_day_before_the_speaker_is_no_greeting(text: str, word: str) -> None:
    assert any(word in m.casefold() for m in kept(("user", text)))


@pytest.mark.parametrize("text", ["Good evening!", "Morning all", "evening, how's everyone"])
def test_a_greeting_is_still_one(text: str) -> None:
    assert kept(("user", text)) == []


@pytest.mark.parametrize(("text", "said"), [
    ("Blood pressure finally reached 118 over 76!", "the user's blood pressure"),
    ("BMI is 24.5 now.", "the user's bmi"),
])
def test_a_measure_said_without_my_is_the_speakers(text: str, said: str) -> None:
    assert any(m.casefold().startswith(said) for m in kept(("user", text)))


@pytest.mark.parametrize("text", ["hm, I'd have said Vienna", "Wow, I would have guessed Everest."])
def test_a_guess_that_was_not_so_is_nothing_to_keep(text: str) -> None:
    memories = kept(("user", "what's the tallest mountain in the Alps"), ("assistant", "Mont Blanc, at 4,806 m."),
                    ("user", text))
    assert not any("would have" in m for m in memories)


def test_an_assistant_turn_that_opens_by_asking_gives_no_answer() -> None:
    memories = kept(("user", "help me pick a laptop"),
                    ("assistant", "Sure. What will you mainly use it for? Lots of people like the ThinkPad X1 or "
                                  "the Dell XPS 13."),
                    ("user", "mostly video editing in DaVinci Resolve"))
    assert not any("ThinkPad" in m for m in memories)
    assert any("DaVinci" in m for m in memories)


def test_an_answer_that_asks_at_its_end_is_still_an_answer() -> None:
    memories = kept(("user", "any good ramen places in Portland?"),
                    ("assistant", "Try Afuri on SE Grand or Marukin on Burnside. Want directions?"))
    assert any("Afuri" in m for m in memories)
