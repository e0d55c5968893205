"""A move to a tool, an app or a service is no new home: "moved to Neovim" must not retire "I live in Denver".

A move to a place still is one, whether GeoNames lists it ("Portland", "the Bay Area"), or its name has an English
place's shape ("Summertown", "Crown Heights"), or it is said as a home ("moved into a flat in Hackney")."""

from __future__ import annotations

from typing import Any

import pytest

from memories.extraction.states import states
from memories.write.places import place_en
from memories.write.slots import slots_of
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0


@pytest.mark.parametrize("name", ["Portland", "portland, oregon", "the Bay Area", "NYC", "Ohio", "Summertown",
                                  "Crown Heights", "Orange County", "Scotland"])
def test_a_place_is_a_place(name: str) -> None:
    assert place_en(name)


@pytest.mark.parametrize("name", ["Neovim", "GitHub Actions", "Python 3.12", "Notion", "the iPhone 16", "Jira",
                                  "Kubernetes", "Monzo"])
def test_a_tool_or_a_service_is_no_place(name: str) -> None:
    assert not place_en(name)


@pytest.mark.parametrize("text", ["The user moved to Obsidian for notes.", "The user and others moved to Terraform.",
                                  "The user is moving to Postgres next sprint.",
                                  "The user moved from Jira to Linear."])
def test_a_move_to_a_tool_fills_no_home(text: str) -> None:
    slots = slots_of(text)
    assert not [s for s in slots if s.attribute == "city"], slots
    assert not [s for s in slots if s.attribute.startswith(("habit:", "learning:"))
                and s.attribute.endswith(("leeds", "york"))]
    assert not states(text, "The user", zh=False)


@pytest.mark.parametrize(("text", "city"), [("The user moved from Leeds to York.", "york"),
                                            ("The user just moved to the Bay Area.", "bay area"),
                                            ("The user moved to Kentish Town in May.", "kentish town")])
def test_a_move_between_places_is_a_home_and_no_habit_left(text: str, city: str) -> None:
    slots = slots_of(text)
    assert [s.value for s in slots if s.attribute == "city"] == [city]
    assert not [s for s in slots if s.attribute.startswith(("habit:", "learning:"))], slots


#: (where the user lives, a move to something that is no place)
KEPT = [("we're based in Leeds", "we moved our builds over to GitHub Actions last week"),
        ("home is Seattle these days", "moved to Obsidian for my notes, loving it"),
        ("I rent a flat in Clapham", "i moved to linear from jira at work"),
        ("I live in Lisbon", "just moved to a pixel 9 after years on iphone")]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.usefixtures("offline")
def test_a_move_to_a_tool_retires_no_home(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    retired = []
    for n, (home, tool) in enumerate(KEPT):
        user = f"places-{n}"
        homes = mem0.add(home, user)
        assert homes, home
        mem0.add(tool, user)
        retired += [f"{home} / {tool}" for memory_id, _ in homes if mem0.now(memory_id)[0] != "active"]
    assert not retired, retired
