"""A user's memories written with the user as subject (mem0's ``add`` sets it) and without (a session of the user's
scope) fill the same slots: "I" is the scope's owner either way (``memories.write.people.slot_speaker``), so a
later value retires the earlier whichever way each came in. Someone else's subject in that scope stays apart."""

from __future__ import annotations

import pytest

from memories.write.people import slot_speaker
from memories.write.slots import slots_of
from tests.api.conftest import create, get
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db


def test_the_scope_owner_speaks_as_the_plain_speaker() -> None:
    assert slot_speaker("u-42", "user/u-42") == ""
    assert slot_speaker("u-42", "user/u-42/agent/coach") == ""
    assert slot_speaker("u-42", "user/u-7") == "u-42"
    assert slot_speaker("user", "team/user") == "user"  # "user" as an id, not as the kind
    assert slot_speaker(None, "user/u-42") == ""


@pytest.mark.parametrize("first, then", [("u-9", None), (None, "u-9")])
def test_a_later_value_retires_the_earlier_with_or_without_the_owner_as_subject(
        alice: KeyedClient, first: str | None, then: str | None) -> None:
    old = create(alice, scope="user/u-9", content="我体重七十三公斤", subject=first, confidence=0.9)
    new = create(alice, scope="user/u-9", content="最近瘦到六十九公斤了", subject=then, confidence=0.9)
    assert get(alice, old["id"])["status"] == "deprecated"
    assert get(alice, old["id"])["superseded_by"] == new["id"]


def test_another_persons_subject_in_the_scope_keeps_their_own_slot(alice: KeyedClient) -> None:
    mine = create(alice, scope="user/u-9", content="I live in Leeds.", confidence=0.9)
    create(alice, scope="user/u-9", content="I live in Bristol.", subject="u-3", confidence=0.9)
    assert get(alice, mine["id"])["status"] == "active"


def test_a_working_day_is_no_employer() -> None:
    # with the owner's slots one key, a stray "employer" would retire the real one
    assert slots_of("我们会在两个工作日内发货") == ()
    assert [s.value for s in slots_of("我在一家物流公司工作")] == ["一家物流公司"]
