"""Changes said plainly that a lead's held-out probes found kept side by side with the old value, through the real
write flow (mem0's ``add``, the offline extractor, no Anthropic key): each pair under its own user, the older
message first. The classes: a medicine one was taken off by someone else (its dose written after the drug), a
child named in the old message and named alone in the new one moving up a school year, an engagement called off,
a car known only by its model traded for another, the hour one gets up said as a habit lately (after a "since",
in Chinese). Traps stay: another person taken off a drug, another child's year, a friend's or a cousin's
engagement, a car rented, a one-off morning."""

from __future__ import annotations

from typing import Any

import pytest

from memories.write.slots import slots_of
from tests.conftest import KeyedClient
from tests.write.test_chat_pairs import _Mem0

pytestmark = pytest.mark.django_db

CHANGED = [
    ("I'm on lisinopril 20mg every morning", "the cardiologist has taken me off lisinopril"),
    ("my daughter Ruby is in 4th grade", "Ruby just started fifth grade"),
    ("Marco and I got engaged in May", "we broke off our engagement last week"),
    ("I drive a Ford Fiesta", "traded the fiesta in for a Tacoma"),
    ("I usually get up at 5:30", "I've been getting up at 8 since the baby stopped waking at night"),
    ("我跟阿杰订婚了", "我和阿杰解除婚约了"),
    ("我女儿豆豆读四年级", "豆豆这学期开始上五年级了"),
    ("我一般六点半起床", "从换了工作以后我都八点才起"),
]
KEPT = [
    ("I'm on lisinopril 20mg every morning", "the vet took our dog off the steroids"),
    ("my daughter Ruby is in 4th grade", "her friend Nora started fifth grade"),
    ("I'm engaged to Marco", "my cousin called off her engagement"),
    ("I drive a Ford Fiesta", "rented a Tacoma for the move"),
    ("I usually get up at 5:30", "got up at 9 on Saturday"),
    ("我跟阿杰订婚了", "我表姐退婚了"),
    ("我女儿豆豆读四年级", "邻居家的小宇上五年级了"),
    ("我一般六点半起床", "昨天睡到十点才起"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.usefixtures("offline")
def test_a_change_said_plainly_retires_the_old_value(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    misses = []
    for n, (old, new) in enumerate(CHANGED):
        user = f"plain-c-{n}"
        olds = mem0.add(old, user)
        news = mem0.add(new, user)
        assert olds, old
        assert news, new
        retired = any(mem0.now(memory_id)[0] != "active" for memory_id, _ in olds)
        if not retired and not any(mem0.now(memory_id)[0] == "pending" for memory_id, _ in news):
            misses.append(f"{old} / {new} -> {[text for _, text in news]}")
    assert not misses, misses


@pytest.mark.usefixtures("offline")
def test_another_person_a_rental_or_one_morning_retires_nothing(alice: KeyedClient) -> None:
    mem0 = _Mem0(alice)
    disturbed = []
    for n, (old, new) in enumerate(KEPT):
        user = f"plain-k-{n}"
        ids = [memory_id for memory_id, _ in mem0.add(old, user) + mem0.add(new, user)]
        if any(mem0.now(memory_id)[0] not in {"active", "pending"} for memory_id in ids):
            disturbed.append(f"{old} / {new}")
    assert not disturbed, disturbed


def test_the_slots_of_the_readings() -> None:
    assert ("self", "taking:metformin", "yes") in {(s.subject, s.attribute, s.value)
                                                 for s in slots_of("The user takes metformin 500mg twice a day.")}
    assert [(s.subject, s.attribute, s.value) for s in slots_of("Dr Patel took the user off the metformin.")] == \
        [("self", "taking:metformin", "no")]
    assert not slots_of("The GP took her off the statins.")
    assert [(s.subject, s.value) for s in slots_of("Leo (the user's son) is in 2nd grade.")] == [("leo", "2")]
    assert [(s.subject, s.value) for s in slots_of("Leo started third grade this week.")] == [("leo", "3")]
    assert not slots_of("She started third grade.")
    assert not [s for s in slots_of("I bought a Focus group report") if s.attribute == "car"]
    assert not slots_of("The user is waking up at 5 tomorrow.")
