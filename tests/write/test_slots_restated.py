"""A value said in other words than the slot readers' own (memories/write/slots_restated.py): a role said after the
person, a measure opened by how it came about or said by where it got to, a race time, a rent the landlord raised,
where the speaker is now, the clinic the pets go to, the home connection's provider, an event moved again; each
meets the earlier value, and someone else's, a trip or a hedge fills nothing."""

from __future__ import annotations

import pytest

from memories.write.slots import linking_slot, slots_of


def keyed(text: str) -> dict[str, str]:
    return {s.key: s.value for s in slots_of(text)}


@pytest.mark.parametrize(("old", "new", "key"), [
    ("My therapist is Dr. Whitfield.", "Dr. Osei from the clinic on Grove Street is my therapist now.",
     "self|therapist"),
    ("My gp is Dr. Burke.", "Mr. Lambert, who took over the surgery, is my GP now.", "self|doctor"),
    ("My cholesterol is 240.", "After six months of statins my cholesterol is down to 185.",
     "self|measure:cholesterol"),
    ("My A1C was 8.1.", "My a1c finally dropped to 6.4!", "self|measure:a1c"),
    ("My 10K PR is 52:30.", "I smashed my 10k record on Sunday with a 49:58.", "self|measure:10k"),
    ("My marathon best is 4:12:09.", "I just ran a 3:58:40 marathon in Berlin, a new personal best!",
     "self|measure:marathon"),
    ("Our rent is £1,100 a month.", "The landlord put us up to £1,175 from March.", "self|rent"),
    ("We live in Sacramento.", "Long story short: we're in Tucson now, renting a little casita.", "self|city"),
    ("We're stationed at Camp Lejeune.", "Orders came through, so we're at Fort Bliss now.", "self|city"),
    ("We live in Hamburg.", "Sorry, I mixed that up, we're in Bremen, not Hamburg.", "self|city"),
    ("Our vet is Oakwood Veterinary.", "We take the cats to Paws and Claws now.", "self|provider:vet"),
    ("Our internet provider is Xfinity.", "We got fibre broadband from Google Fiber last week.",
     "self|provider:internet"),
    ("The audition is on March 9.", "The audition got postponed again, it's March 23 now.", "event:audition|date"),
    ("I live with my parents.", "I'm finally moving out of my folks' house next month.", "self|lives-with:parents"),
    ("My favourite podcast is Serial.", "Hardcore History became my favourite podcast.", "self|favourite:podcast"),
])
def test_a_value_said_in_other_words_meets_the_one_before(old: str, new: str, key: str) -> None:
    found = linking_slot(slots_of(new), slots_of(old))
    # a reading or a personal best is also read by ``slots_records`` (``reading:``, ``record:``): either links
    assert found is not None
    assert found.key in {key, key.replace("measure:", "reading:"), key.replace("measure:", "record:")}


@pytest.mark.parametrize("text", [
    "My brother's therapist is Dr. Kane.",  # another person's
    "My mom's cholesterol is down to 190.",
    "My friend just ran a 3:45 marathon.",
    "The user is in Tucson now for the user's cousin's wedding.",  # a trip
    "I'm in Tucson now for a friend's stag do.",
    "We're in Lyon now, visiting my in-laws.",
    "We're in Lisbon this week visiting friends.",
    "If the transfer goes through we might be at Fort Hood.",  # a hedge
    "Maybe we'll get fibre from BT.",
    "Our landlord might raise us to $2,000.",
    "The shop finally hit 500 customers.",  # a count of things, no one's measure
    "The user is in the kitchen now.",  # no city
    "We take the dogs to the beach now.",  # no clinic by name
])
def test_someone_else_a_trip_or_a_hedge_fills_none_of_these(text: str) -> None:
    assert not {k for k in keyed(text) if k.split("|")[1] in (
        "therapist", "city", "provider:vet", "provider:internet", "rent", "measure:cholesterol", "measure:marathon")
        and k.startswith("self|")}


def test_a_title_is_part_of_a_name_not_the_name() -> None:
    assert keyed("My dentist is Dr. Sorensen.")["self|dentist"] == "dr. sorensen"
    assert keyed("My accountant is Ms. Ford.").get("self|accountant", "ms. ford") != "ms"
