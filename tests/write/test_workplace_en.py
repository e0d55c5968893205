"""A workplace typed in lower case (memories/write/slots_workplace.py): a name shown as one (said what it is, a
business's head noun without an article) or a job said after "started at" fills the employer slot and meets an
earlier employer; a place one goes to ("the pool", "the library") or a time after "started at" fills none."""

from __future__ import annotations

import pytest

from memories.write.slots import linking_slot, slots_of


def employer(text: str) -> list[str]:
    return [s.value for s in slots_of(text) if s.key == "self|employer"]


@pytest.mark.parametrize(("text", "value"), [
    ("The user began working at the foundry, it's a little print shop off Mill Road.", "foundry"),
    ("i started at saltmarsh (a tiny design studio) last week", "saltmarsh"),
    ("The user just started at harbor point brewery.", "harbor point brewery"),
    ("so i started at kestrel labs!! first day was chaos", "kestrel labs"),
    ("The user has a new job with tidewater logistics.", "tidewater logistics"),
    ("New gig at copper kettle diner, weekends only.", "copper kettle diner"),
])
def test_a_lower_case_workplace_shown_as_a_name_is_the_employer(text: str, value: str) -> None:
    assert employer(text) == [value]


@pytest.mark.parametrize("text", [
    "The user started at the pool on tuesday, 20 lengths.",
    "i started at the library, it's a quiet library near the station",
    "Started at the bottom of the trail, it's a steep one.",
    "i started at art school in september",
    "The user started at 7, it was a long shift.",
    "I started at 6:30am today.",
    "The user started at the beginning of the book again.",
])
def test_a_place_gone_to_or_a_time_is_no_employer(text: str) -> None:
    assert employer(text) == []


def test_the_new_workplace_meets_the_old_one() -> None:
    old = slots_of("The user works at driftwood books.")
    new = slots_of("The user started at the lantern, it's a board game cafe in the old town.")
    found = linking_slot(new, old)
    assert found is not None and (found.key, found.value) == ("self|employer", "lantern")
