"""Slots read by ``memories.write.slots_papers`` and the readings widened beside it (a surname, a residence status
said without its owner, a widower, a major said as a noun, an exam, a cast, a preference; a weight said bare or at a
weigh-in, a midnight shift, a promotion after a colon), each pair in words of its own; and what must fill nothing."""

from __future__ import annotations

from typing import Any

import pytest

from memories.write.slots import linking_slot, slots_of
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

CHANGED = [
    ("My full name is Priya Raman.", "I changed my last name to Okoye after the wedding."),
    ("The user's name is Dana Whitfield.", "Officially changed my name back to Dana Morales."),
    ("I'm here on an F-1 visa.", "PR card arrived yesterday!"),
    ("I'm a widow.", "I remarried last spring."),
    ("I'm an accounting major at Rutgers.", "I switched majors to graphic design."),
    ("I'm prepping for the LSAT.", "Passed the LSAT this morning."),
    ("My ankle's broken, I'm in a walking boot for a month.", "finally out of the cast, walking again"),
    ("Prefers morning meetings.", "The user now prefers afternoon meetings."),
    ("I weigh 200 pounds.", "weighed in at 84 kg at the clinic"),
    ("I'm 150 lbs.", "I'm 62 kg these days."),
    ("I work the day shift at the plant.", "They moved me, I'm on mids now."),
    ("I'm a junior designer at Pixelworks.", "I got promoted: senior designer at Pixelworks."),
]

NOTHING = [
    "My wife's last name is Haddad.",
    "My brother passed the bar last week.",
    "Thinking about changing my last name to Reyes.",
    "Would you prefer window seats or aisle seats?",
    "The user prefers tea over coffee.",
    "I'm 20 lbs lighter than last year.",
    "My name is Jo.",
]


@pytest.mark.parametrize(("old", "new"), CHANGED, ids=[n for _, n in CHANGED])
def test_a_change_fills_the_slot_the_old_statement_filled(old: str, new: str) -> None:
    old_slots, new_slots = slots_of(old), slots_of(new)
    assert old_slots, old
    assert new_slots, new
    assert linking_slot(new_slots, old_slots) is not None, (old_slots, new_slots)


@pytest.mark.parametrize("text", NOTHING)
def test_anothers_or_an_unsaid_value_fills_no_slot_of_this_kind(text: str) -> None:
    kinds = ("surname", "exam:", "prefer:", "weight", "study:major")
    assert not [s for s in slots_of(text) if s.subject == "self" and s.attribute.startswith(kinds)], text


THROUGH_THE_FLOW = [
    ("Prefers evening flights.", "Note: the user now prefers morning flights."),
    ("I'm cramming for the MCAT.", "PASSED THE MCAT!!!"),
    ("I'm a history major.", "switched majors to economics last week"),
]
HELD = [
    ("I'm studying for the bar exam.", "my roommate failed the bar, poor thing"),
    ("Prefers aisle seats.", "would you book window seats for my kids?"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.django_db
@pytest.mark.usefixtures("offline")
def test_through_the_write_flow_the_change_retires_and_anothers_does_not(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    for n, (old, new) in enumerate(THROUGH_THE_FLOW + HELD):
        olds = mem0.add(old, f"papers-{n}")
        mem0.add(new, f"papers-{n}")
        assert olds, old
        statuses = [mem0.now(memory_id)[0] for memory_id, _ in olds]
        if n < len(THROUGH_THE_FLOW):
            assert any(s != "active" for s in statuses), (old, new, statuses)
        else:
            assert all(s == "active" for s in statuses), (old, new, statuses)
