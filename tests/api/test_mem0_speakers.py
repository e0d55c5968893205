"""mem0's ``add`` with named speakers (``memories.mem0.speakers``): a conversation among several named people (a
group chat) is about each of them, as the sessions API writes it; one named person, or an unnamed user message,
keeps ``user_id`` as every memory's subject."""

from __future__ import annotations

from typing import Any

import pytest

from memories.mem0.service import Turn
from memories.mem0.speakers import extraction_subject
from memories.models import Memory
from tenants.scoping import tenant_scope
from tests.api.test_mem0_api import call, token
from tests.conftest import KeyedClient


def test_the_speakers_are_the_subjects_only_when_every_user_is_named() -> None:
    group = [Turn("user", "Moved into the flat on Tuesday", "Bram"), Turn("user", "Welcome home!", "Kasia")]
    assert extraction_subject("flatshare-7", group) is None
    assert extraction_subject("flatshare-7", group[:1]) == "flatshare-7"  # one named person: the user
    assert extraction_subject("u1", [group[0], Turn("user", "I start my new job on Monday")]) == "u1"
    assert extraction_subject("u1", [group[0], Turn("assistant", "Congratulations!", "Bram")]) == "u1"


@pytest.mark.django_db
def test_a_group_chat_s_memories_are_each_speaker_s(alice: KeyedClient, settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""  # the offline extractor
    messages = [{"role": "user", "name": "Bram", "content": "I finally sold my old Skoda estate to a dealer in Hull."},
                {"role": "user", "name": "Odile", "content": "I'm allergic to the neighbour's cat, sneezing all day."}]
    answer = call(token(alice), "POST", "/v3/memories/add/", {"messages": messages, "user_id": "flatshare-7"})
    assert answer["status"] == "SUCCEEDED" and answer["results"], answer
    with tenant_scope(alice.tenant):
        subjects = {m.content: m.subject.external_id if m.subject else None
                    for m in Memory.objects.select_related("subject").filter(scope__path="user/flatshare-7")}
    assert any("Skoda" in text and who == "Bram" for text, who in subjects.items()), subjects
    assert any("allergic" in text and who == "Odile" for text, who in subjects.items()), subjects
