"""English everyday lines a lead's read-through found mis-kept: what one is not, has never done or is a fan of,
said with no subject (kept as the speaker's, not dropped as filler), "never mind" (an acknowledgement), and a
negated verb after an adverb put in the third person ("usually doesn't", "still hasn't")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor


def kept(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(0, "user", text, datetime(2026, 3, 2, 12, tzinfo=UTC))],
                                                          [])]


@pytest.mark.parametrize(("text", "want"), [
    ("Honestly not a cat person", "The user is not a cat person"),
    ("never lived abroad, would love to someday", "The user has never lived abroad"),
    ("massive fan of Studio Ghibli", "The user is a massive fan of Studio Ghibli"),
    ("We sometimes don't cook on weekdays", "sometimes don't cook"),
    ("I rarely haven't got cash on me", "The user rarely hasn't got cash"),
    ("I normally don't drink coffee after noon", "The user normally doesn't drink coffee after noon"),
])
def test_what_one_is_not_or_never_did_is_kept_in_the_third_person(text: str, want: str) -> None:
    found = kept(text)
    assert any(want in c for c in found), found


@pytest.mark.parametrize("text", ["Nevermind!", "not a big deal", "Not a chance."])
def test_a_brush_off_keeps_nothing(text: str) -> None:
    assert kept(text) == []
