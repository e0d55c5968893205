"""People (export, erase with confirmation and receipt), exports, API keys, members and settings."""

from __future__ import annotations

import gzip
import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from memories.compliance.exports import export_write
from memories.models import Memory
from tenants.models import ApiKey, AuditEvent, Invitation, Membership, Subject, Tenant
from tenants.scoping import tenant_scope

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def subject(alice_tenant, acme_memories):
    from tenants.models import Subject

    with tenant_scope(alice_tenant):
        return Subject.objects.get(external_id="123")


def test_it_downloads_a_persons_data_as_json(admin_client, subject):
    response = admin_client.get(reverse("dashboard:person-export", args=[subject.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    body = json.loads(response.content)
    assert body["subject"]["external_id"] == "123"
    assert any("Starlight" in m["content"] for m in body["memories"])


def test_it_erases_a_person_only_after_the_id_is_typed_and_shows_the_receipt(admin_client, subject, alice_tenant):
    url = reverse("dashboard:person-erase", args=[subject.pk])
    response = admin_client.post(url, {"confirm": "12"})
    assert response.status_code == 400
    assert "nothing was erased" in response.content.decode()
    with tenant_scope(alice_tenant):
        assert Memory.objects.filter(subject=subject).count() == 4
    response = admin_client.post(url, {"confirm": "123", "reference": "DSR-2026-114"}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200 and response.redirect_chain[0][1] == 303
    assert "Erasure receipt" in html and "Everything held about person 123 was erased." in html
    assert "memories" in html and "DSR-2026-114" in html and "user:admin@acme.test" in html
    # Reopened later: the same receipt, without the person's id; as a JSON file to keep.
    receipt_url = response.redirect_chain[-1][0]
    again = admin_client.get(receipt_url).content.decode()
    assert "DSR-2026-114" in again and "was erased." not in again and ">123<" not in again
    document = admin_client.get(receipt_url + "receipt.json").json()
    assert document["reference"] == "DSR-2026-114" and document["counts"]["memories"] == 4
    assert document["request_id"] and "123" not in json.dumps(document["counts"])
    assert receipt_url in admin_client.get(reverse("dashboard:people")).content.decode()
    with tenant_scope(alice_tenant):
        assert not Memory.objects.filter(content__contains="Starlight").exists()
        assert AuditEvent.objects.filter(action="subject.erased", actor="user:admin@acme.test").exists()
    assert admin_client.get(reverse("dashboard:person", args=[subject.pk])).status_code == 404


def test_it_lists_exports_and_downloads_them_for_admins_only(admin_client, viewer_client, bob_member, alice_tenant,
                                                           acme_memories, settings, tmp_path):
    settings.EXPORT_DIR = tmp_path
    now = timezone.now()
    with tenant_scope(alice_tenant):
        run = export_write(tenant=alice_tenant, since=now - timedelta(days=1), until=now + timedelta(minutes=1))
    html = admin_client.get(reverse("dashboard:exports")).content.decode()
    assert str(run.line_count) in html and run.sha256[:10] in html
    url = reverse("dashboard:export-download", args=[run.pk])
    response = admin_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert b"".join(response.streaming_content)[:2] == b"\x1f\x8b"  # gzip
    assert viewer_client.get(url).status_code == 403
    assert bob_member.get(url).status_code == 404


def test_it_creates_a_key_showing_the_secret_once_and_revokes_it(admin_client, alice_tenant):
    response = admin_client.post(reverse("dashboard:api-keys"), {"name": "bot", "scope_prefixes": "user/1 team/ops",
                                                                 "read_only": "on"})
    assert response.status_code == 303 and response["Location"] == reverse("dashboard:api-keys")  # PRG
    response = admin_client.get(response["Location"])
    html = response.content.decode()
    assert response["Cache-Control"] == "no-store"
    with tenant_scope(alice_tenant):
        key = ApiKey.objects.get(name="bot")
    assert f"mn_{key.prefix}_" in html and key.read_only and key.scope_prefixes == ["user/1", "team/ops"]
    # Ready to paste: curl, MCP over HTTP, the Python client (no save with a read-only key), the TypeScript
    # client and an MCP config, with the key. No memory yet: the key's own prefix, said to be an example.
    assert html.count(f"Bearer mn_{key.prefix}_") == 2 and '"MNEMARA_API_KEY": "mn_' in html
    mcp_http = "claude mcp add --transport http mnemara http://testserver/mcp --header \"Authorization: Bearer mn_"
    assert mcp_http + key.prefix in html
    assert 'scope="user/1"' in html and "memory.save(" not in html and 'createMnemara("http://testserver"' in html
    assert "/api/v1/memories?scope=user/1&amp;limit=3" in html and "example scope" in html
    # A reload shows no secret and creates no second key.
    assert f'value="mn_{key.prefix}_' not in admin_client.get(reverse("dashboard:api-keys")).content.decode()
    with tenant_scope(alice_tenant):
        assert ApiKey.objects.filter(name="bot").count() == 1
    admin_client.post(reverse("dashboard:api-key-revoke", args=[key.pk]))
    with tenant_scope(alice_tenant):
        key.refresh_from_db()
        assert key.revoked_at is not None


def test_it_manages_members_and_keeps_one_owner(client_for, members, alice_tenant):
    owner, admin = client_for("owner"), client_for("admin")
    response = admin.post(reverse("dashboard:members"), {"email": "new@acme.test", "role": "owner"})
    assert response.status_code == 400 and "Only an owner can invite an owner." in response.content.decode()
    with tenant_scope(alice_tenant):
        assert not Invitation.objects.exists()
    response = admin.post(reverse("dashboard:members"), {"email": "new@acme.test", "role": "reviewer"})
    html = response.content.decode()
    assert "Invitation created for <span translate=\"no\">new@acme.test</span>" in html
    with tenant_scope(alice_tenant):
        assert not Membership.objects.filter(user__username="new@acme.test").exists()  # not before accepting
    link = re.search(r'id="invitation-link"[^>]* value="http://testserver(/invitations/[^"]+/)"', html)
    assert link is not None
    newcomer = Client()
    newcomer.post(link.group(1) + "account/", {"new_password1": PASSWORD, "new_password2": PASSWORD})
    with tenant_scope(alice_tenant):
        new = Membership.objects.get(user__username="new@acme.test")
        own = Membership.objects.get(user__username=members["owner"])
    assert new.role == "reviewer"
    admin.post(reverse("dashboard:member-role", args=[new.pk]), {"role": "viewer"})
    admin.post(reverse("dashboard:member-role", args=[own.pk]), {"role": "viewer"})  # an admin cannot demote an owner
    response = owner.post(reverse("dashboard:member-role", args=[own.pk]), {"role": "viewer"}, follow=True)
    assert "The last owner cannot be demoted." in response.content.decode()
    admin.post(reverse("dashboard:member-remove", args=[new.pk]))
    with tenant_scope(alice_tenant):
        assert Membership.objects.get(pk=own.pk).role == "owner"
        assert not Membership.objects.filter(pk=new.pk).exists()
        assert AuditEvent.objects.filter(action="membership.role_changed").count() == 1


def test_it_saves_tenant_settings_with_an_audit_event(admin_client, alice_tenant):
    data = {"name": "Acme Corp", "review_threshold": "0.7", "token_budget": "900", "task_half_life_days": "7",
            "note_half_life_days": "60", "deprecated_retention_days": "365", "session_retention_days": "90",
            "export_retention_days": "400", "extraction_daily_cap": "500"}
    assert admin_client.post(reverse("dashboard:settings"), {**data, "review_threshold": "1.5"}).status_code == 400
    assert admin_client.post(reverse("dashboard:settings"), data).status_code == 303
    tenant = Tenant.objects.get(pk=alice_tenant.pk)
    assert (tenant.name, tenant.review_threshold, tenant.token_budget) == ("Acme Corp", 0.7, 900)
    with tenant_scope(tenant):
        event = AuditEvent.objects.get(action="tenant.settings_updated")
    assert event.data["fields"] == sorted(["extraction_daily_cap", "name", "review_threshold", "task_half_life_days",
                                           "note_half_life_days", "token_budget"])


def test_it_shows_the_audit_log_filtered(admin_client, acme_memories):
    html = admin_client.get(reverse("dashboard:audit"), {"action": "review."}).content.decode()
    rows = html.split("<tbody>", 1)[1]
    assert "review.created" in rows and "memory.created" not in rows


def test_the_key_snippets_use_the_busiest_scope_the_key_may_see(admin_client, alice_tenant, fake_embedder):
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput

    with tenant_scope(alice_tenant):
        memory_create(actor="test", items=[MemoryInput(scope="team/ops", content=f"ops fact {i}") for i in range(3)]
                      + [MemoryInput(scope="user/1", content="a fact about one")])
    admin_client.post(reverse("dashboard:api-keys"), {"name": "all", "scope_prefixes": ""})
    html = admin_client.get(reverse("dashboard:api-keys")).content.decode()
    assert 'scope="team/ops"' in html and "holding the most memories" in html
    admin_client.post(reverse("dashboard:api-keys"), {"name": "one", "scope_prefixes": "user/1"})
    html = admin_client.get(reverse("dashboard:api-keys")).content.decode()
    assert 'scope="user/1"' in html and 'scope="team/ops"' not in html


def test_export_now_flag_after_erasure_reissue_and_delete_from_the_exports_page(
        admin_client, viewer_client, bob_member, alice_tenant, fake_embedder, settings, tmp_path):
    from memories.models import ExportRun
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput
    from tests.extraction.conftest import run_jobs

    settings.EXPORT_DIR = tmp_path
    with tenant_scope(alice_tenant):
        memory_create(actor="test", items=[MemoryInput(scope="user/77", subject="77", content="Likes Starlight tea"),
                                           MemoryInput(scope="team/ops", content="Deploys on Tuesdays")])
    assert viewer_client.post(reverse("dashboard:export-now")).status_code == 403
    response = admin_client.post(reverse("dashboard:export-now"))
    assert response.status_code == 303
    html = admin_client.get(reverse("dashboard:exports")).content.decode()
    assert 'id="export-jobs"' in html and "Export queued" in html
    run_jobs()
    with tenant_scope(alice_tenant):
        run = ExportRun.objects.get()
    html = admin_client.get(reverse("dashboard:exports")).content.decode()
    assert 'id="export-jobs"' not in html and run.sha256[:10] in html and "flagged: erasure" not in html
    # The erasure flags it, its receipt lists it as still flagged, and the page offers re-issue and delete.
    with tenant_scope(alice_tenant):
        subject_id = Subject.objects.get(external_id="77").pk
    erased = admin_client.post(reverse("dashboard:person-erase", args=[subject_id]), {"confirm": "77"})
    receipt = admin_client.get(erased["Location"]).content.decode()
    assert run.file_path in receipt and "still flagged" in receipt
    html = admin_client.get(reverse("dashboard:exports")).content.decode()
    assert 'id="exports-flagged"' in html and "flagged: erasure" in html
    assert reverse("dashboard:export-download", args=[run.pk]) not in html  # no new copy handed out
    assert bob_member.post(reverse("dashboard:export-reissue", args=[run.pk])).status_code == 404
    assert admin_client.post(reverse("dashboard:export-reissue", args=[run.pk])).status_code == 303
    run_jobs()
    html = admin_client.get(reverse("dashboard:exports")).content.decode()
    assert "flagged: erasure" not in html and reverse("dashboard:export-download", args=[run.pk]) in html
    assert "re-issued without them" in admin_client.get(erased["Location"]).content.decode()
    with tenant_scope(alice_tenant), gzip.open(tmp_path / ExportRun.objects.get(pk=run.pk).file_path, "rt") as f:
        text = f.read()
    assert "Starlight" not in text and "Tuesdays" in text
    assert bob_member.post(reverse("dashboard:export-delete", args=[run.pk])).status_code == 404
    assert admin_client.post(reverse("dashboard:export-delete", args=[run.pk])).status_code == 303
    assert "deleted" in admin_client.get(erased["Location"]).content.decode()
    with tenant_scope(alice_tenant):
        assert not ExportRun.objects.exists()
        actions = ["export.requested", "export.reissued", "export.deleted"]
        assert AuditEvent.objects.filter(action__in=actions).count() == 3


def test_the_audit_log_shows_erased_memories_without_a_link(admin_client, alice_tenant, fake_embedder):
    from memories.compliance.subjects import subject_erase
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput

    with tenant_scope(alice_tenant):
        gone, kept = memory_create(actor="test", items=[
            MemoryInput(scope="user/77", subject="77", content="Likes Starlight tea"),
            MemoryInput(scope="team/ops", content="Deploys on Tuesdays")])
        subject_erase(external_id="77", actor="test")
    html = admin_client.get(reverse("dashboard:audit")).content.decode()
    assert reverse("dashboard:memory", args=[gone.memory.pk]) not in html
    assert reverse("dashboard:memory", args=[kept.memory.pk]) in html
    assert 'class="badge memory-gone">erased<' in html


@pytest.mark.parametrize("reference", [
    "DSR-123", "123", "ticket 123 Jane Doe", "jane@example.com", "Starlight-7", "berlin-2026-1", "王小明-1", "DSR",
])
def test_it_keeps_no_personal_data_in_the_receipts_reference(admin_client, subject, alice_tenant, reference):
    """The receipt outlives the person: its reference is a ticket number, never their id, name, email or a word of
    what was held about them (here: their project "Starlight", their city "Berlin")."""
    url = reverse("dashboard:person-erase", args=[subject.pk])
    response = admin_client.post(url, {"confirm": "123", "reference": reference})
    assert response.status_code == 400, reference
    assert "nothing was erased" in response.content.decode() or "reference" in response.content.decode().lower()
    with tenant_scope(alice_tenant):
        assert Memory.objects.filter(subject=subject).count() == 4
        assert not AuditEvent.objects.filter(action="subject.erased").exists()


def test_it_keeps_a_ticket_number_as_the_reference(admin_client, subject, alice_tenant):
    response = admin_client.post(reverse("dashboard:person-erase", args=[subject.pk]),
                                 {"confirm": "123", "reference": "DSR-2026-1234"}, follow=True)
    assert response.status_code == 200
    with tenant_scope(alice_tenant):
        assert AuditEvent.objects.get(action="subject.erased").data["reference"] == "DSR-2026-1234"


def test_the_erase_page_lists_other_peoples_memories_naming_the_person(admin_client, alice_tenant):
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput

    with tenant_scope(alice_tenant):
        memory_create(actor="test", items=[MemoryInput(scope="user/q", subject="Quillon", content="Quillon swims.")])
        said, alone = memory_create(actor="test", items=[
            MemoryInput(scope="team/a", subject="mara", content="Mara told Quillon about the trip."),
            MemoryInput(scope="team/a", subject="mara", content="Quillon plays chess.")])
        subject = Subject.objects.get(external_id="Quillon")
    url = reverse("dashboard:person-erase", args=[subject.pk])
    page = admin_client.get(url).content.decode()
    assert "Mara told Quillon about the trip." in page and "Quillon plays chess." in page
    assert f'name="action-{said.memory.pk}"' in page
    kept = {"confirm": "Quillon", f"action-{said.memory.pk}": "keep", f"action-{alone.memory.pk}": "delete"}
    refused = admin_client.post(url, kept)
    assert refused.status_code == 400 and "Say why each memory you keep is kept." in refused.content.decode()
    done = admin_client.post(url, {**kept, f"reason-{said.memory.pk}": "a signed statement"})
    assert done.status_code == 303
    with tenant_scope(alice_tenant):
        assert Memory.objects.get(pk=said.memory.pk).content == "Mara told Quillon about the trip."
        assert not Memory.objects.filter(pk=alone.memory.pk).exists()
        assert AuditEvent.objects.get(action="memory.kept_at_erasure").data["reason"] == "a signed statement"


def test_the_person_page_shows_the_profile_in_both_languages(admin_client, alice_tenant):
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput

    with tenant_scope(alice_tenant):
        memory_create(actor="test", items=[
            MemoryInput(scope="user/li", subject="李娜", content="我住在杭州。"),
            MemoryInput(scope="user/li", subject="李娜", content="我的表弟张伟今年36岁。")])
        subject = Subject.objects.get(external_id="李娜")
    page = admin_client.get(reverse("dashboard:person", args=[subject.pk])).content.decode()
    assert "Profile" in page and ">杭州<" in page and "张伟" in page and "cousin" in page
    chinese = admin_client.get(reverse("dashboard:person", args=[subject.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "画像" in chinese.content.decode()


def test_an_admin_joins_another_spelling_as_an_alias(admin_client, viewer_client, alice_tenant):
    from memories.models import MemoryMention
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput

    with tenant_scope(alice_tenant):
        memory_create(actor="test", items=[MemoryInput(scope="user/zw", subject="张伟", content="我住在成都。"),
                                           MemoryInput(scope="team/b", content="Met Zhang Wei at the airport.")])
        subject = Subject.objects.get(external_id="张伟")
    url = reverse("dashboard:person-alias", args=[subject.pk])
    assert viewer_client.post(url, {"alias": "Zhang Wei"}).status_code == 403
    assert admin_client.post(url, {"alias": "Zhang  Wei"}).status_code == 303
    with tenant_scope(alice_tenant):
        assert Subject.objects.get(pk=subject.pk).aliases == ["zhang wei"]
        assert MemoryMention.objects.get(name="zhang wei").subject_id == subject.pk
        assert AuditEvent.objects.get(action="subject.alias_added").data == {"mentions_linked": 1}
    page = admin_client.get(reverse("dashboard:person", args=[subject.pk])).content.decode()
    assert "zhang wei" in page
