"""Attributes a short typed note says in passing (``memories.write.slots_notes``): a dose one is put on or is at,
the street one lives on, the phone plan's carrier, a last day at one employer and a start at another, a role taken,
a bare shift that starts now, what software is written in, a position on a team, a city made home — and what
replaces nothing (another person's, a hedge, a question, the past). Said in other words than
bench/fresh10_en_set.py."""

from __future__ import annotations

import pytest

from memories.write.slots import linking_slot, slots_of

CHANGES = [
    ("The cardiologist has me on 25mg of metoprolol.", "Metoprolol is at 50mg now."),
    ("My warfarin dose is 5mg.", "They started me on 7.5mg of warfarin after the INR check."),
    ("I live on Chestnut Street.", "We moved to Linden Avenue in the spring."),
    ("I live on Chestnut Street.", "New apartment is on Beacon Hill Road, way more space."),
    ("My cell plan is with Sprint.", "Finally ported everything over to Verizon."),
    ("I work at Deloitte.", "My last day at Deloitte is Friday, then starting at Accenture."),
    ("I drive for FedEx Freight.", "I signed on with Old Dominion last month."),
    ("I'm an associate pastor.", "I took the lead pastor role at our church in June."),
    ("I work the evening shift.", "Day shift from now on, thank goodness."),
    ("Our API is written in PHP.", "We migrated the API to Kotlin this quarter."),
    ("I play goalie on my rec team.", "The coach moved me to striker for the playoffs."),
    ("I live in Lagos.", "We finally settled in Leeds, and it's home now."),
    ("I'm a point guard.", "Coach is starting me at shooting guard this season."),
    ("I'm a trucker for J.B. Hunt.", "I haul for Prime now."),
    ("My daughter's teacher is Mrs. Okoro.", "My daughter was moved to Mr. Brandt's class after the holidays."),
]

BOTH_HOLD = [
    ("The cardiologist has me on 25mg of metoprolol.", "The vet has our dog on 10mg of prednisone."),
    ("I live on Chestnut Street.", "My brother lives on Walnut Lane."),
    ("I live on Chestnut Street.", "If we sell, we might move to Spruce Road."),
    ("My cell plan is with Sprint.", "Is Verizon's unlimited plan worth it?"),
    ("I work the evening shift.", "My wife works day shifts at the plant."),
    ("Our API is written in PHP.", "Would we be better off rewriting the API in Go?"),
    ("I play goalie on my rec team.", "My son plays striker for his school."),
    ("I live in Lagos.", "Back in 2015 we lived in Leeds."),
    ("I'm a point guard.", "I'm a keeper when it comes to old receipts."),
    ("My daughter's teacher is Mrs. Okoro.", "My nephew's teacher is Mr. Brandt."),
    ("I work at Salesforce.", "I switched to Mint Mobile to save money."),
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


def test_a_last_day_somewhere_is_no_person():
    assert all(s.subject == "self" for s in slots_of("Last day at Deloitte was Friday, starting at Accenture soon."))


def test_a_street_moved_to_is_no_home_town():
    assert not [s for s in slots_of("We moved to Linden Avenue.") if s.attribute == "city"]
