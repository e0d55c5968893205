"""Erasure reaches the memories that name the person (memories/compliance/mentions.py): other people's memories
that mention them are redacted (their own words kept, the name replaced by a marker in every version, the search
words and the vectors), a memory only about them is deleted, an administrator may keep one with a reason, and the
dry run lists it all first. The canary scans (every column, then the table files after ``run_maintenance
--compact``) cover mentions, in English and Chinese."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command

from memories.compliance.mentions import MARK_EN, MARK_ZH, MentionAction, MentionChoice
from memories.compliance.subjects import subject_erase
from memories.models import Memory, MemoryMention, MemoryVersion
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.compliance.conftest import API, bytes_hits, bytes_where, canary_hits, schema_files

pytestmark = pytest.mark.django_db

NAME_EN = "Natewick"  # a name nobody else's data holds, so the scans find only what these tests wrote
NAME_ZH = "邝梓萱"


def save(kc: Any, content: str, subject: str, scope: str = "team/climbing", **extra: Any) -> dict[str, Any]:
    response = kc.client.post(f"{API}/memories", {"scope": scope, "content": content, "subject": subject,
                                                  "type": "fact", **extra}, format="json")
    assert response.status_code == 201, response.content[:2000]
    return response.json()


def write_mentions(kc: Any) -> dict[str, str]:
    ids = {
        "own": save(kc, f"{NAME_EN} prefers morning sessions.", NAME_EN, scope=f"user/{NAME_EN}")["id"],
        "said": save(kc, f"Joanna said {NAME_EN} is training for a marathon.", "joanna")["id"],
        "only": save(kc, f"{NAME_EN} moved to Boise.", "joanna")["id"],
        "mine": save(kc, f"I lent my tent to {NAME_EN.lower()} last summer.", "joanna")["id"],
        "edited": save(kc, f"Dinner with {NAME_EN} on Friday.", "joanna")["id"],
        "zh": save(kc, f"{NAME_ZH}和王芳是高中同学。", "王芳", scope="user/wangfang")["id"],
        "zh_only": save(kc, f"{NAME_ZH}住在昆明。", "王芳", scope="user/wangfang")["id"],
        "other": save(kc, "Joanna climbs on Tuesdays.", "joanna")["id"],
    }
    edited = kc.client.patch(f"{API}/memories/{ids['edited']}", {"content": "Dinner on Friday.", "version": 1},
                             format="json")
    assert edited.status_code == 200, edited.content[:2000]  # only its first version names him now
    for person, aliases in ((NAME_EN, ["nate wick"]), (NAME_ZH, [])):
        with tenant_scope(kc.tenant):
            from tenants.models import Subject

            Subject.objects.filter(external_id=person).update(aliases=aliases)
    save(kc, f"{NAME_ZH} likes tea.", NAME_ZH, scope=f"user/{NAME_ZH}")
    return ids


def test_the_dry_run_lists_what_would_happen_and_changes_nothing(alice: Any, fake_embedder: Any) -> None:
    ids = write_mentions(alice)
    response = alice.client.delete(f"{API}/subjects/{NAME_EN}?dry_run=true")
    assert response.status_code == 200, response.content[:2000]
    preview = response.json()
    assert preview["dry_run"] is True and preview["erased_at"] is None and preview["vacuum"] == "not_run"
    actions = {m["memory_id"]: m["action"] for m in preview["mentions"]}
    assert actions == {ids["said"]: "redact", ids["only"]: "delete", ids["mine"]: "redact", ids["edited"]: "redact"}
    assert preview["counts"]["mentions_redacted"] == 3 and preview["counts"]["mentions_deleted"] == 1
    assert preview["counts"]["memories"] == 1
    assert any(NAME_EN in m["content"] for m in preview["mentions"])
    assert canary_hits(NAME_EN)  # nothing was erased
    with tenant_scope(alice.tenant):
        assert Memory.objects.filter(pk__in=ids.values()).count() == len(ids)
    assert alice.client.delete(f"{API}/subjects/{NAME_EN}?dry_run=maybe").status_code == 400


def test_erasure_redacts_deletes_and_counts_in_both_languages(alice: Any, fake_embedder: Any) -> None:
    ids = write_mentions(alice)
    assert canary_hits(NAME_EN) and canary_hits(NAME_ZH)

    receipt = alice.client.delete(f"{API}/subjects/{NAME_EN}").json()
    assert receipt["dry_run"] is False
    assert {k: receipt["counts"][k] for k in ("memories", "mentions_redacted", "mentions_deleted", "mentions_kept")} \
        == {"memories": 1, "mentions_redacted": 3, "mentions_deleted": 1, "mentions_kept": 0}
    assert canary_hits(NAME_EN) == {} and canary_hits("nate wick") == {}
    zh = alice.client.delete(f"{API}/subjects/{NAME_ZH}").json()
    assert zh["counts"]["mentions_redacted"] == 1 and zh["counts"]["mentions_deleted"] == 1
    assert canary_hits(NAME_ZH) == {}
    with tenant_scope(alice.tenant):
        said = Memory.objects.get(pk=ids["said"])
        assert said.content == f"Joanna said {MARK_EN} is training for a marathon." and said.status == "active"
        assert "natewick" not in said.search_text and "marathon" in said.search_text and said.embedding is not None
        assert Memory.objects.get(pk=ids["mine"]).content == f"I lent my tent to {MARK_EN} last summer."
        assert Memory.objects.get(pk=ids["zh"]).content == f"{MARK_ZH}和王芳是高中同学。"
        assert not Memory.objects.filter(pk__in=[ids["only"], ids["zh_only"], ids["own"]]).exists()
        assert [v.content for v in MemoryVersion.objects.filter(memory_id=ids["edited"]).order_by("version")] == [
            f"Dinner with {MARK_EN} on Friday.", "Dinner on Friday."]
        assert Memory.objects.get(pk=ids["other"]).content == "Joanna climbs on Tuesdays."
        assert set(MemoryMention.objects.filter(memory_id=ids["zh"]).values_list("name", flat=True)) == {"王芳"}
    found = alice.client.post(f"{API}/memories/search", {"query": "marathon training", "scopes": ["team/climbing"]},
                              format="json")
    assert found.status_code == 200 and NAME_EN not in found.content.decode()


def test_an_administrator_keeps_one_with_a_reason(alice: Any, fake_embedder: Any) -> None:
    ids = write_mentions(alice)
    with tenant_scope(alice.tenant):
        receipt = subject_erase(external_id=NAME_EN, actor="user:1", mention_choices={
            ids["said"]: MentionChoice(MentionAction.KEEP, "a court order needs it as said"),
            ids["only"]: MentionChoice(MentionAction.REDACT)})
        assert receipt["counts"]["mentions_kept"] == 1 and receipt["counts"]["mentions_redacted"] == 3
        assert NAME_EN in Memory.objects.get(pk=ids["said"]).content
        assert Memory.objects.get(pk=ids["only"]).content == f"{MARK_EN} moved to Boise."
        kept = AuditEvent.objects.get(action="memory.kept_at_erasure")
        assert kept.target_id == ids["said"] and kept.data["reason"] == "a court order needs it as said"


@pytest.mark.django_db(transaction=True)
def test_compaction_leaves_no_byte_of_a_mentioned_person(alice: Any, fake_embedder: Any) -> None:
    write_mentions(alice)
    files = schema_files()
    assert bytes_hits(files, NAME_EN) > 0 and bytes_hits(files, NAME_ZH) > 0
    for person in (NAME_EN, NAME_ZH):
        assert alice.client.delete(f"{API}/subjects/{person}").status_code == 200
    call_command("run_maintenance", "--compact", stdout=io.StringIO())
    assert canary_hits(NAME_EN) == {} and canary_hits(NAME_ZH) == {}
    files = schema_files()
    assert bytes_where(files, NAME_EN) == {} and bytes_where(files, NAME_ZH) == {}
    assert bytes_hits(files, "is training for a marathon") > 0  # the other person's words stay


def test_erasure_reaches_a_name_held_only_in_the_words_a_memory_was_drawn_from(alice: Any, fake_embedder: Any) -> None:
    """An extracted memory keeps its source turn (``metadata.extraction.said``) and searches its words: a name said
    there but not in the statement is still the person's data."""
    save(alice, f"{NAME_EN} prefers morning sessions.", NAME_EN, scope=f"user/{NAME_EN}")
    drawn = save(alice, "Joanna booked the climbing gym for Saturday.", "joanna",
                 metadata={"extraction": {"said": f"I booked the gym for Saturday, {NAME_EN} is coming too"}})
    with tenant_scope(alice.tenant):
        assert NAME_EN.lower() in Memory.objects.get(pk=drawn["id"]).search_text
    receipt = alice.client.delete(f"{API}/subjects/{NAME_EN}").json()
    assert receipt["counts"]["mentions_redacted"] == 1
    with tenant_scope(alice.tenant):
        memory = Memory.objects.get(pk=drawn["id"])
        assert memory.content == "Joanna booked the climbing gym for Saturday."
        assert MARK_EN in memory.metadata["extraction"]["said"]
        assert NAME_EN.lower() not in memory.search_text
    assert not canary_hits(NAME_EN)
