"""Amounts an eleventh English set (bench/fresh11_en_set.py) said without the attribute's usual word, in other
words than the set: a rent the landlord raised ("it"), a base pay, a weigh-in with no unit, a best told after its
time, and the miles on one's vehicle (``mileage:<vehicle>``). Another's vehicle, a run's miles and the landlord's
family stay unread."""

from __future__ import annotations

import pytest

from memories.write.slots import linking_slot, slots_of


def _values(text: str, attribute: str) -> set[str]:
    return {s.value for s in slots_of(text) if s.subject == "self" and s.attribute == attribute}


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("The user's landlord just hiked it to $2,275.", "rent", "2275"),
    ("The user's base went up to $91,500 after the review.", "salary", "91500"),
    ("The user weighed in at 71.5 at the clinic.", "weight", "72"),
    ("The user weighed in at 204 on Monday.", "weight", "93"),
    ("The user swam 29:40 in the lake, a new mile best.", "record:mile", "29:40"),
    ("The user's old Subaru wagon is at 187,000 miles.", "mileage:wagon", "187000"),
    ("The user just rolled over 60,000 miles on the minivan.", "mileage:minivan", "60000"),
])
def test_an_amount_said_in_passing_fills_its_slot(text, attribute, value):
    assert _values(text, attribute) == {value}, slots_of(text)


@pytest.mark.parametrize("text", [
    "The user's neighbor's truck has 240,000 miles on it.",
    "The user ran 13 miles along the river.",
    "The user's landlord's son is raising $800 for a charity ride.",
])
def test_someone_elses_amount_or_a_distance_run_is_no_slot_of_the_speaker(text):
    assert not [s for s in slots_of(text) if s.attribute in ("rent", "salary") or s.attribute.startswith("mileage")]


def test_a_later_reading_of_the_same_vehicle_links_but_another_vehicle_does_not():
    before = slots_of("The user's minivan has 58,000 miles on it.")
    assert linking_slot(slots_of("The user's minivan is at 61,000 miles now."), before) is not None
    assert linking_slot(slots_of("The user's motorcycle is at 9,000 miles now."), before) is None


@pytest.mark.parametrize(("older", "newer"), [
    # the camera system one shoots with, by its maker
    ("The user shoots on a Fujifilm X-T4.", "The user upgraded to a Leica Q3 last spring."),
    # a home bought elsewhere
    ("The user and others rent a duplex in Mesa.", "The user and others bought a house, escrow closed Tuesday, "
                                                   "it's in Gilbert."),
    # a league's game given up
    ("The user plays in a Sunday kickball league.", "Kickball is pretty much done for the user, bad ankle."),
    # a drink cut out after a comma
    ("The user drinks three sodas a day.", "The user feels a lot better, cut soda out completely."),
    # a pet lost
    ("The user has a tabby named Clementine.", "The user lost Clementine last month."),
])
def test_a_change_said_in_passing_links_to_the_older_value(older, newer):
    assert linking_slot(slots_of(newer), slots_of(older)) is not None, (slots_of(older), slots_of(newer))


@pytest.mark.parametrize(("older", "newer"), [
    ("The user shoots on a Fujifilm X-T4.", "Fujifilm announced a new X100 model."),
    ("The user shoots on a Fujifilm X-T4.", "The user is considering switching to Sony."),
    ("The user shoots on a Fujifilm X-T4.", "The user rented a Leica for the weekend."),
    ("The user and others rent a duplex in Mesa.", "The user bought a vacation home in Sedona."),
    ("The user has a tabby named Clementine.", "The user lost Clementine at the vet's for an hour."),
    ("The user plays in a Sunday kickball league.", "The user joined a bowling league too."),
])
def test_another_maker_or_a_hedge_or_a_second_home_changes_nothing(older, newer):
    assert linking_slot(slots_of(newer), slots_of(older)) is None, (slots_of(older), slots_of(newer))
