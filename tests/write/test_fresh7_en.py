"""What a seventh new hand's English set (bench/fresh7_en_set.py) found missed: switches said indirectly, without an
``entity`` and without naming the old value's slot, through the real write flow (mem0's ``add``, the offline
extractor, no Anthropic key): each pair under its own user, the older message first. Written in other words than
the set, so that the rules are held as classes. Traps stay: another person's network, a phone accessory, a stay, a
stand-in, a plan, a wish, a negated switch, a friend's school."""

from __future__ import annotations

from typing import Any

import pytest

from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from memories.extraction.plain_en import plain_en
from memories.write.slots import slots_of
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

pytestmark = pytest.mark.django_db

# (older, newer)
CHANGED = [
    ("we're with AT&T on a family plan", "we moved all four lines over to Mint Mobile last month"),
    ("I'm on O2, pay monthly", "switched networks to giffgaff, way cheaper"),
    ("I work out at the Anytime Fitness by the station", "signed up at the bouldering gym downtown instead"),
    ("It's only me and my wife in the house these days", "my father-in-law moved in with us in March"),
    ("I'm a nurse on the cardiac ward", "I'm running the whole ward now, twelve nurses under me"),
    ("I drive a Mazda 3", "swapped the old car for a Skoda Octavia estate"),
    ("Maya goes to Riverside Primary", "Maya started at Oak Hill Academy in September"),
    ("I rent a studio in Hackney", "moved back home with my folks in Leicester to save for a deposit"),
    ("I'm single", "I've been dating Tom, it's early days but it's going well"),
    ("I smoke roll-ups, maybe ten a day", "two months without a cigarette and counting"),
    ("my favourite hobby is fishing", "sold the rods, birdwatching's my new passion now"),
    ("our rent is $1,200 a month", "the letting agent bumped the rent up to $1,350"),
    ("my doctor is Dr. Mensah", "changed GP practices, I'm registered with Dr. Novak now"),
    ("I'm in the elementary French course", "moved up to the advanced French group now"),
    ("I work at Accenture", "my first day at Capgemini was yesterday"),
    ("I'm based in Madrid these days", "just arrived in Tbilisi, this is home for now"),
]
# (older, newer): both stay live
KEPT = [
    ("I'm on Verizon", "my son is on Cricket"),
    ("I'm with Vodafone", "ordered a new phone charger"),
    ("It's just me and my partner at home", "my brother is staying with us for the weekend"),
    ("I'm a sales assistant at Boots", "I'm running the store this week while the manager is off"),
    ("I'm on EE", "thinking about switching to Three when the contract ends"),
    ("I drive a Kia", "I'd love to trade it in for a Tesla someday"),
    ("I'm with Telstra", "I didn't switch to Optus in the end"),
    ("Leo goes to Hillside Primary", "my friend's daughter started at Beech Academy"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.usefixtures("offline")
def test_a_switch_said_indirectly_retires_the_old_value(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    misses = []
    for n, (old, new) in enumerate(CHANGED):
        user = f"fresh7-c-{n}"
        olds = mem0.add(old, user)
        news = mem0.add(new, user)
        assert olds, old
        assert news, new
        retired = any(mem0.now(memory_id)[0] != "active" for memory_id, _ in olds)
        if not retired and not any(mem0.now(memory_id)[0] == "pending" for memory_id, _ in news):
            misses.append(f"{old} / {new} -> {[text for _, text in news]}")
    assert not misses, misses


@pytest.mark.usefixtures("offline")
def test_another_person_a_stay_or_a_plan_retires_nothing(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    disturbed = []
    for n, (old, new) in enumerate(KEPT):
        user = f"fresh7-k-{n}"
        ids = [memory_id for memory_id, _ in mem0.add(old, user) + mem0.add(new, user)]
        if any(mem0.now(memory_id)[0] not in {"active", "pending"} for memory_id in ids):
            disturbed.append(f"{old} / {new}")
    assert not disturbed, disturbed


def test_a_title_s_full_stop_ends_no_sentence_for_the_slots() -> None:
    assert ("self|doctor", "adeyemi") in {(s.key, s.value) for s in slots_of("My GP is Dr. Adeyemi at Elm Surgery.")}
    assert not any(s.key == "self|employer" for s in slots_of("The user has quit for good."))


def test_the_empty_it_of_a_household_is_left_out_and_unsure_answers_are_answers() -> None:
    assert plain_en("It's just me and the kids at home now.") == "Just me and the kids at home now."
    assert plain_en("It's just what I needed.") == "It's just what I needed."
    assert plain_en("about 30 mins? depends on traffic", asked=True) == "about 30 mins, depends on traffic"
    assert plain_en("what do you mean?", asked=True) == "what do you mean?"
    assert plain_en("about 30 mins?") == "about 30 mins?"
    turns = [Turn(1, "assistant", "How far do you drive to work each day?"), Turn(2, "user", "40 miles or so?"),
             Turn(3, "assistant", "Thanks. I'd suggest a 20-minute stretch routine before the drive.")]
    kept = [c.content for c in OfflineExtractor().extract(turns, [])]
    assert any("40 miles" in text for text in kept), kept
    assert not any("stretch" in text for text in kept), kept
