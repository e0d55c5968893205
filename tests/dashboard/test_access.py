"""Who may do what: a viewer reaches no write action; another tenant's ids are 404; login throttling."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from memories.models import Memory, ReviewItem
from tenants.models import ApiKey, Invitation, Membership, Subject
from tenants.scoping import tenant_scope
from tenants.services import apikey_create, invitation_create

from .conftest import PASSWORD, login

pytestmark = pytest.mark.django_db


@pytest.fixture
def ids(alice_tenant, acme_memories, members):
    key, _ = apikey_create(tenant=alice_tenant, name="ci")
    invitation, _ = invitation_create(tenant=alice_tenant, email="guest@x.test", role="viewer", invited_by=None,
                                      actor="test")
    with tenant_scope(alice_tenant):
        return {
            "memory": acme_memories["fact"].pk,
            "other": acme_memories["old"].pk,
            "review": ReviewItem.objects.filter(status="open").earliest("created_at").pk,
            "subject": Subject.objects.get(external_id="123").pk,
            "key": key.pk,
            "membership": Membership.objects.get(user__username=members["reviewer"]).pk,
            "invitation": invitation.pk,
        }


def write_actions(ids):
    """(url, POST data) for every action that changes something, with valid data."""
    m = ids["memory"]
    return [
        (reverse("dashboard:memory-edit", args=[m]), {"content": "changed", "type": "fact", "confidence": "0.9",
                                                      "status": "active", "version": "1"}),
        (reverse("dashboard:memory-deprecate", args=[m]), {"reason": "x", "version": "1"}),
        (reverse("dashboard:memory-restore", args=[m]), {"reason": "x", "version": "1"}),
        (reverse("dashboard:merge-preview"), {"ids": [m, m]}),
        (reverse("dashboard:review-resolve", args=[ids["review"]]), {"action": "accept"}),
        (reverse("dashboard:person-erase", args=[ids["subject"]]), {"confirm": "123"}),
        (reverse("dashboard:api-keys"), {"name": "evil"}),
        (reverse("dashboard:api-key-revoke", args=[ids["key"]]), {}),
        (reverse("dashboard:members"), {"email": "evil@x.test", "role": "owner"}),
        (reverse("dashboard:member-role", args=[ids["membership"]]), {"role": "owner"}),
        (reverse("dashboard:member-remove", args=[ids["membership"]]), {}),
        (reverse("dashboard:invitation-revoke", args=[ids["invitation"]]), {}),
        (reverse("dashboard:settings"), {"name": "evil", "review_threshold": "0.1"}),
    ]


def test_it_refuses_every_write_action_to_a_viewer(viewer_client, ids, alice_tenant):
    for url, data in write_actions(ids):
        response = viewer_client.post(url, data)
        assert response.status_code == 403, url
    with tenant_scope(alice_tenant):
        memory = Memory.objects.get(pk=ids["memory"])
        assert (memory.version, memory.status) == (1, "active")
        assert memory.content == "The user's project is called Starlight."
        assert ReviewItem.objects.filter(status="open").count() == 2
        assert not ApiKey.objects.filter(name="evil").exists()
        assert ApiKey.objects.get(pk=ids["key"]).revoked_at is None
        assert Subject.objects.filter(external_id="123").exists()
        assert not Invitation.objects.exclude(email="guest@x.test").exists()
        assert Invitation.objects.get().revoked_at is None


def test_it_hides_write_buttons_from_a_viewer(viewer_client, ids):
    pages = [reverse("dashboard:memory", args=[ids["memory"]]), reverse("dashboard:review"),
             reverse("dashboard:memories"), reverse("dashboard:person", args=[ids["subject"]])]
    for url in pages:
        html = viewer_client.get(url).content.decode()
        assert 'method="post"' not in html.replace('action="/accounts/logout/"', "").replace(
            'action="/i18n/setlang/"', "").split("<main", 1)[1], url
        for label in ("Deprecate", "Keep new", "Accept", "Merge selected", "Erase", "Edit</a>"):
            assert label not in html, (url, label)
    for name in ("merge", "api-keys", "members", "settings", "exports"):
        assert viewer_client.get(reverse(f"dashboard:{name}")).status_code == 403


def test_it_lets_a_reviewer_resolve_and_edit_but_not_administer(client_for, ids):
    reviewer = client_for("reviewer")
    html = reviewer.get(reverse("dashboard:review")).content.decode()
    assert "Keep new" in html and "Merge both" not in html
    resolve = reverse("dashboard:review-resolve", args=[ids["review"]])
    assert reviewer.post(resolve, {"action": "merge"}).status_code == 403
    assert reviewer.get(reverse("dashboard:memory-edit", args=[ids["memory"]])).status_code == 200
    assert reviewer.post(reverse("dashboard:api-keys"), {"name": "x"}).status_code == 403


def test_it_answers_404_for_every_id_of_another_tenant(bob_member, ids):
    get_urls = [reverse("dashboard:memory", args=[ids["memory"]]),
                reverse("dashboard:memory-row", args=[ids["memory"]]),
                reverse("dashboard:memory-edit", args=[ids["memory"]]),
                reverse("dashboard:person", args=[ids["subject"]]),
                reverse("dashboard:person-export", args=[ids["subject"]]),
                reverse("dashboard:person-erase", args=[ids["subject"]])]
    for url in get_urls:
        assert bob_member.get(url).status_code == 404, url
    for url, data in write_actions(ids):
        if url in (reverse("dashboard:api-keys"), reverse("dashboard:members"), reverse("dashboard:settings")):
            continue  # no id in these: they act on bob's own tenant
        response = bob_member.post(url, data)
        assert response.status_code in (404, 400), url
        if "merge" not in url:
            assert response.status_code == 404, url
    merge = bob_member.get(reverse("dashboard:merge-preview"), {"ids": [ids["memory"], ids["other"]]})
    assert merge.status_code == 400
    assert "Starlight" not in merge.content.decode()


def test_it_hides_another_tenants_memories_from_lists(bob_member, acme_memories):
    html = bob_member.get(reverse("dashboard:memories")).content.decode()
    assert "Starlight" not in html
    assert "Starlight" not in bob_member.get(reverse("dashboard:review")).content.decode()


def test_it_shows_a_friendly_page_to_a_user_without_a_tenant(db, django_user_model):
    django_user_model.objects.create_user(username="loner@x.test", password=PASSWORD)
    client = login(Client(), "loner@x.test")
    response = client.get(reverse("dashboard:overview"))
    assert response.status_code == 403
    assert "not a member of any tenant" in response.content.decode()


def test_it_switches_between_tenants_of_one_member(members, bob_tenant, alice_tenant, fake_embedder):
    from tenants.services import member_add

    member_add(tenant=bob_tenant, email=members["admin"], role="viewer")
    client = login(Client(), members["admin"])
    assert "Globex" in client.get(reverse("dashboard:overview")).content.decode()
    client.post(reverse("dashboard:tenant-switch"), {"tenant": str(bob_tenant.pk)})
    response = client.get(reverse("dashboard:settings"))
    assert response.status_code == 403  # a viewer in globex
    client.post(reverse("dashboard:tenant-switch"), {"tenant": str(alice_tenant.pk)})
    assert client.get(reverse("dashboard:settings")).status_code == 200


def test_it_ignores_a_switch_to_a_tenant_the_user_is_not_in(admin_client, bob_tenant):
    admin_client.post(reverse("dashboard:tenant-switch"), {"tenant": str(bob_tenant.pk)})
    html = admin_client.get(reverse("dashboard:overview")).content.decode()
    assert "Acme" in html and "Globex" not in html


def test_it_throttles_repeated_failed_logins(members):
    client = Client()
    url = reverse("dashboard:login")
    for _ in range(5):
        response = client.post(url, {"username": members["viewer"], "password": "wrong"})
        assert "Too many" not in response.content.decode()
    response = client.post(url, {"username": members["viewer"], "password": PASSWORD})
    assert response.status_code == 200
    assert "Too many failed sign-in attempts" in response.content.decode()
    other = client.post(url, {"username": members["admin"], "password": PASSWORD})
    assert other.status_code == 302  # another account from the same address is not locked


def test_it_logs_in_and_out(members):
    client = Client()
    response = client.post(reverse("dashboard:login"), {"username": members["viewer"], "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("dashboard:overview")).status_code == 200
    client.post(reverse("dashboard:logout"))
    assert client.get(reverse("dashboard:overview")).status_code == 302
