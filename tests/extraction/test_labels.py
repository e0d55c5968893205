"""Speakers named in the text (memories/extraction/labels.py): "Name: …" binds the first person to Name, in both
languages and for a transcript pasted as one message; a heading or a label with no first person after it is no
speaker."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.labels import labelled
from memories.extraction.offline import OfflineExtractor

SAID = datetime(2025, 3, 10, 9, 30, tzinfo=UTC)


def extracted(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(1, "user", text, SAID)], [])]


@pytest.mark.parametrize(("text", "name", "words"), [
    ("Caroline: I moved to Boston last month.", "Caroline", "Boston"),
    ("Dr. Okafor: My clinic opens on Saturdays now.", "Dr. Okafor", "Saturdays"),
    ("Jon Park: we adopted a beagle called Max", "Jon Park", "beagle"),
    ("林晓峰：我搬到深圳了。", "林晓峰", "深圳"),
    ("王芳: 我在杭州做会计。", "王芳", "会计"),
])
def test_the_label_is_the_speaker(text: str, name: str, words: str) -> None:
    found = extracted(text)
    assert any(c.startswith(name) and words in c for c in found), found
    assert not any("user" in c.casefold() or "用户" in c or ":" in c or "：" in c for c in found), found


def test_a_user_or_assistant_label_gives_the_turn_its_role() -> None:
    assert extracted("User: I'm allergic to shellfish.") == ["The user is allergic to shellfish."]
    assert labelled([Turn(1, "user", "用户：我对花生过敏", SAID)])[0] == Turn(1, "user", "我对花生过敏", SAID)
    assert labelled([Turn(1, "user", "Assistant: I booked the table for 7pm.", SAID)])[0].role == "assistant"


def test_a_heading_or_a_label_without_a_first_person_is_no_speaker() -> None:
    turns = [Turn(1, "user", "Dinner: pasta with Ben", SAID), Turn(2, "user", "Note: I need to call mom", SAID),
             Turn(3, "user", "Shopping list: eggs, milk, bread", SAID)]
    assert labelled(turns) == turns


def test_a_transcript_pasted_as_one_message_is_one_turn_per_line() -> None:
    text = ("Ana: I just got back from Lisbon, the food was amazing\n"
            "Ben: Nice! how long were you there?\n"
            "Ana: a week. Next I'm off to Kyoto in May\n"
            "Ben: my sister lives in Kyoto actually")
    turns = labelled([Turn(4, "user", text, SAID)])
    assert [(t.name, t.index) for t in turns] == [("Ana", 4), ("Ben", 4), ("Ana", 4), ("Ben", 4)]
    found = extracted(text)
    assert any(c.startswith("Ana") and "Lisbon" in c for c in found), found
    assert any("Ben's sister" in c and "Kyoto" in c for c in found), found
    assert not any("how long" in c for c in found), found


def test_a_named_turn_is_left_as_it_is() -> None:
    turn = Turn(1, "user", "Melanie: I paint on weekends", SAID, "Caroline")
    assert labelled([turn]) == [turn]


@pytest.mark.parametrize("text", ["Remember: my locker is 12.", "Allergies: I react badly to penicillin",
                                  "Work: I'm starting at Figma on Monday", "Family: my brother just had a baby"])
def test_a_topic_heading_is_no_speaker(text: str) -> None:
    assert labelled([Turn(1, "user", text, SAID)]) == [Turn(1, "user", text, SAID)]
