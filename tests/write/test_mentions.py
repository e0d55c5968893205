"""The people a memory names (memories/write/mentions.py): recorded by the write flow in its transaction,
rewritten with the content, linked to known people by external id or alias, and backfilled resumably."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from memories.models import Memory, MemoryMention
from memories.write.people import people_of
from tenants.models import Subject
from tenants.scoping import tenant_scope
from tests.api.conftest import API, create
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db


def mentioned(kc: KeyedClient, memory_id: str) -> dict[str, str]:
    with tenant_scope(kc.tenant):
        return {m.name: m.kin for m in MemoryMention.objects.filter(memory_id=memory_id)}


def test_people_of_reads_names_and_kinship_in_both_languages() -> None:
    assert [p.name for p in people_of("Joanna said Nate is training for a marathon.")] == ["joanna", "nate"]
    assert [p.name for p in people_of("张伟和王芳是高中同学。")] == ["张伟", "王芳"]
    assert [(p.name, p.kin) for p in people_of("我的表弟张伟今年36岁")] == [("张伟", "cousin")]
    assert [(p.key, p.kin) for p in people_of("我的下属今年33岁")] == [("~subordinate", "subordinate")]
    assert [p.name for p in people_of("On Friday in March we flew to Paris with Google.")] == []
    assert [(p.name, p.kin) for p in people_of("My cousin Zhang Wei moved.")] == [("zhang wei", "cousin")]


def test_it_records_the_people_a_memory_names(alice: KeyedClient) -> None:
    body = create(alice, content="Joanna said Nate is training for a marathon.", subject="joanna")
    assert mentioned(alice, body["id"]) == {"joanna": "", "nate": ""}
    zh = create(alice, content="我的表弟张伟和王芳是高中同学。")
    assert mentioned(alice, zh["id"]) == {"张伟": "cousin", "王芳": ""}


def test_a_known_person_is_found_by_an_alias_and_linked(alice: KeyedClient) -> None:
    with tenant_scope(alice.tenant):
        nate = Subject.objects.create(external_id="nate-42", aliases=["nathan", "内特"])
    body = create(alice, content="we went climbing with nathan yesterday")  # lower case: only the alias finds him
    with tenant_scope(alice.tenant):
        assert list(MemoryMention.objects.filter(memory_id=body["id"]).values_list("name", "subject_id")) == [
            ("nathan", nate.pk)]
    zh = create(alice, content="昨天和内特去爬山了")
    with tenant_scope(alice.tenant):
        assert MemoryMention.objects.get(memory_id=zh["id"], name="内特").subject_id == nate.pk


def test_an_edit_rewrites_the_mentions(alice: KeyedClient) -> None:
    body = create(alice, content="Lunch with Priya on Friday.")
    response = alice.client.patch(f"{API}/memories/{body['id']}", {"content": "Lunch with Omar on Friday.",
                                                                  "version": 1}, format="json")
    assert response.status_code == 200, response.content
    assert mentioned(alice, body["id"]) == {"omar": ""}


def test_the_backfill_reads_older_memories_and_resumes(alice: KeyedClient) -> None:
    first = create(alice, content="Rosa works at Lidl.")
    second = create(alice, content="周杰住在昆明。")
    with tenant_scope(alice.tenant):  # as written before the rules
        MemoryMention.objects.all().delete()
        Memory.objects.update(people_version=0, slots=[])
    out = StringIO()
    call_command("backfill_people", "--tenant", "acme", "--check", stdout=out)
    assert "acme: 2 memories to read" in out.getvalue()
    call_command("backfill_people", "--tenant", "acme", "--batch-size", "1", stdout=out)
    assert "acme: 2 memories read" in out.getvalue()
    assert mentioned(alice, first["id"]) == {"rosa": ""} and mentioned(alice, second["id"]) == {"周杰": ""}
    with tenant_scope(alice.tenant):
        assert Memory.objects.get(pk=first["id"]).slots == ["rosa|employer"]
        assert Memory.objects.get(pk=second["id"]).slots == ["周杰|city"]
    call_command("backfill_people", "--tenant", "acme", stdout=out)
    assert out.getvalue().endswith("acme: 0 memories read\n")


def test_the_subject_filter_also_finds_the_memories_that_name_the_person(alice: KeyedClient) -> None:
    about = create(alice, content="Prefers trail runs.", subject="Nate")
    naming = create(alice, content="Joanna said Nate is training for a marathon.", subject="joanna")
    create(alice, content="Joanna climbs on Tuesdays.", subject="joanna")
    response = alice.client.get(f"{API}/memories", {"subject": "Nate"})
    assert response.status_code == 200
    assert {m["id"] for m in response.json()["results"]} == {about["id"], naming["id"]}
