"""Attributes named by their kind (``memories.write.slots_kinds``) as bench/fresh8_en_set.py's people change them —
a health plan, streaming services, a church, glasses, therapy, an injury, a nickname, an account name, a time zone,
hair colour, a team, home heating, a computer, a side hustle, volunteering, a ride in, a major beside its lectures,
a place named in two capitals ("left HR") — and what replaces nothing
(another person's, a one-off, a hypothesis, a question, a thing that only shares a word). Said in other words than
the set."""

from __future__ import annotations

import pytest

from memories.write.changes import change_words, changed_from
from memories.write.slots import linking_slot, slots_of
from memories.write.text import search_text

CHANGES = [
    ("We're covered by Aetna.", "My health insurance is through Kaiser now."),
    ("I have UnitedHealthcare from my old job.", "I'm on Medicare since I turned 65."),
    ("I subscribe to Spotify and Paramount+.", "I cancelled Spotify last week."),
    ("We attend St. Luke's Episcopal church.", "We switched to the Presbyterian church across town."),
    ("I need glasses for driving.", "I switched to contacts in the spring."),
    ("I wear contact lenses.", "I finally got laser eye surgery done."),
    ("I'm seeing a counsellor for my anxiety.", "I quit therapy a while back."),
    ("I tore my hamstring at football.", "My hamstring is fully recovered."),
    ("My friends call me Bubba.", "I go by Robert these days."),
    ("My username is petal_pusher.", "I updated my username to greenthumb42."),
    ("I'm on Pacific time.", "My time zone is Central now."),
    ("My hair is jet black.", "I bleached my hair silver."),
    ("I'm a diehard Yankees fan.", "I root for the Mets now, long story."),
    ("The cottage is heated by a propane furnace.", "We installed a ground source heat pump."),
    ("I work on a MacBook Pro.", "I upgraded to a Framework laptop."),
    ("I tutor maths on the side.", "My side hustle is dog walking now."),
    ("I volunteer with the local food pantry.", "I gave up the pantry when I started nights."),
    ("I cycle to the office.", "I catch the light rail in most mornings."),
]

BOTH_HOLD = [
    ("I'm on Medicare.", "Is Medicaid the same as Medicare?"),
    ("I'm on Medicare.", "If I moved to Canada I'd lose Medicare, I suppose."),
    ("We pay for Hulu.", "We have Netflix playlists saved on the TV."),
    ("I wear glasses.", "My daughter wears contacts."),
    ("I need glasses for driving.", "Wearing contacts today for the wedding."),
    ("My hair is jet black.", "My sister dyed her hair pink."),
    ("I'm a diehard Yankees fan.", "I'm a big Beatles fan."),
    ("My username is petal_pusher.", "My husband's username is roseman."),
    ("I'm on Pacific time.", "I'm on Eastern time this week for the client visit."),
    ("I tore my hamstring at football.", "My shoulder is fine now."),
    ("I volunteer with the local food pantry.", "The pantry needs more volunteers at Christmas."),
    ("I cycle to the office.", "I took the bus in today, too icy to ride."),
]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_the_newer_meets_the_older(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is not None, (olds, news)


@pytest.mark.parametrize(("old", "new"), BOTH_HOLD)
def test_both_hold(old, new):
    olds, news = slots_of(old), slots_of(new)
    assert linking_slot(news, olds) is None, (olds, news)


@pytest.mark.parametrize("said", ["I'm on a yoga retreat.", "I have a chip on my shoulder.",
                                  "I'm with Oscar tonight.", "I work on a framework for testing."])
def test_no_slot_of_this_module_from_everyday_words(said):
    attributes = {s.attribute for s in slots_of(said)}
    assert not attributes & {"provider:insurance", "device:computer", "church", "fan:team"}, attributes


def test_a_switch_of_subject_said_beside_its_lectures_is_the_major():
    olds = slots_of("I'm studying physics.")
    news = slots_of("I moved over to economics, the physics lectures were brutal.")
    assert linking_slot(news, olds) is not None, (olds, news)


def test_a_two_letter_name_in_capitals_is_what_a_change_is_about():
    new, old = "The user left HR, the user is in sales now.", "The user works in HR at a logistics firm."
    assert "hr" in change_words(new)
    assert changed_from(new, change_words(new), old, search_text(old)) == "hr"
    assert not changed_from("The user left it.", change_words("The user left it."), old, search_text(old))
