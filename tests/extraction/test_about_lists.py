"""A list a person writes about themselves (``memories.extraction.about_lists``): bare items under a heading that
names the writer are what the writer is, has or does; a list under any other heading stays as written. Wording
chosen for these tests, not taken from bench/fresh8_en_set.py."""

from __future__ import annotations

import pytest

from memories.extraction.about_lists import about_lists
from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor


def kept(text: str) -> list[str]:
    return [c.content for c in OfflineExtractor().extract([Turn(index=0, role="user", content=text)], [])]


def test_an_inline_list_about_me_is_said_item_by_item():
    found = kept("A few facts about me - 47 - electrician - 3 dogs - live near Dayton")
    assert found == ["The user is 47.", "The user is an electrician.", "The user has 3 dogs.",
                     "The user lives near Dayton."], found


def test_bullet_lines_under_my_background_are_the_writers():
    found = kept("My background:\n• divorced\n• two teenage daughters\n• I coach little league\n• drive a Prius")
    assert found == ["The user is divorced.", "The user has two teenage daughters.", "The user coaches little league.",
                     "The user drives a Prius."], found


@pytest.mark.parametrize("text", ["Shopping list: - flour - sugar - eggs", "Agenda:\n- budget\n- hiring\n- Q3 plan"])
def test_a_list_under_another_heading_is_left_as_written(text):
    turn = Turn(index=0, role="user", content=text)
    assert about_lists([turn]) == [turn]


def test_the_assistants_list_is_no_statement_of_the_users():
    turn = Turn(index=0, role="assistant", content="Quick facts about me: - helpful - 2 years old")
    assert about_lists([turn]) == [turn]


def test_short_items_between_commas_are_items_too():
    found = kept("Some quick info: colour blind, pilot, own a food truck")
    assert found == ["The user is colour blind.", "The user is a pilot.", "The user owns a food truck."], found


def test_an_update_of_deeds_in_the_past_is_the_writers():
    found = kept("Life update:\n- joined a climbing gym\n- finally sold the motorcycle\n- based in Leeds now")
    assert found[:2] == ["The user joined a climbing gym.", "The user finally sold the motorcycle."], found
    assert "based in Leeds" in found[2] and found[2].startswith("The user is"), found
