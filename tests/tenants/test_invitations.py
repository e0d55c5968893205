"""Joining a tenant takes an invitation the invited person accepts: the admin learns nothing about accounts,
and nobody else can use the link."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tenants.models import AuditEvent, Invitation, Membership
from tenants.scoping import tenant_scope
from tenants.services import invitation_create

from .conftest import ALICE, BOB, CAROL, PASSWORD, clock_moved, current_tenant, invitation_link, signed_in

pytestmark = pytest.mark.django_db


def invite(admin: Client, email: str, role: str = "reviewer") -> str:
    response = admin.post(reverse("dashboard:members"), {"email": email, "role": role})
    assert response.status_code == 200, response.content
    return invitation_link(response.content.decode())


def tenants_of(email: str) -> set[str]:
    return {m.tenant.slug for m in Membership.unscoped.select_related("tenant").filter(user__username=email)}


def actions(tenant) -> list[str]:
    with tenant_scope(tenant):
        return list(AuditEvent.objects.filter(target_type="invitation").order_by("id").values_list("action", flat=True))


def test_it_requires_the_invited_person_to_accept(accounts, alice_tenant):
    link = invite(signed_in(ALICE), BOB)
    assert tenants_of(BOB) == {"globex"}  # an existing account is not added by the admin
    bob = signed_in(BOB)
    assert current_tenant(bob) == "globex"
    html = bob.get(link).content.decode()
    assert "Acme" in html and '<code class="slug">acme</code>' in html and "reviewer" in html
    assert 'action="' + link + 'accept/"' in html and 'action="' + link + 'decline/"' in html
    response = bob.post(link + "accept/")
    assert response.status_code == 303 and response["Location"] == reverse("dashboard:overview")
    assert tenants_of(BOB) == {"globex", "acme"}
    with tenant_scope(alice_tenant):
        assert Membership.objects.get(user__username=BOB).role == "reviewer"
    assert current_tenant(bob) == "acme"  # the one just joined
    assert actions(alice_tenant) == ["invitation.created", "invitation.accepted"]
    assert bob.get(link).status_code == 410  # used


def _comparable(html: str, email: str) -> str:
    html = re.sub(r"/invitations/[A-Za-z0-9_-]+/", "/invitations/LINK/", html)
    html = re.sub(r"/settings/members/invitations/\d+/", "/settings/members/invitations/ID/", html)
    html = re.sub(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"', r'\1"CSRF"', html)
    return html.replace(email, "EMAIL")


def test_it_answers_the_admin_the_same_whether_or_not_the_account_exists(accounts, alice_tenant):
    admin = signed_in(ALICE)
    answers = []
    for email in (BOB, "nobody@example.com"):
        response = admin.post(reverse("dashboard:members"), {"email": email, "role": "viewer"})
        answers.append((response.status_code, _comparable(response.content.decode(), email)))
        with tenant_scope(alice_tenant):  # withdrawn, so the next answer lists one pending invitation too
            Invitation.objects.update(revoked_at=Invitation.objects.get(email=email).created_at)
    assert answers[0] == answers[1]
    assert answers[0][0] == 200 and "Invitation created for <span translate=\"no\">EMAIL</span>" in answers[0][1]


def test_it_lets_the_invited_person_decline(accounts, alice_tenant):
    link = invite(signed_in(ALICE), BOB)
    bob = signed_in(BOB)
    response = bob.post(link + "decline/")
    assert response.status_code == 200 and "You declined the invitation to Acme." in response.content.decode()
    assert tenants_of(BOB) == {"globex"}
    assert bob.post(link + "accept/").status_code == 303 and tenants_of(BOB) == {"globex"}
    assert "This invitation was declined." in bob.get(link).content.decode()
    assert actions(alice_tenant) == ["invitation.created", "invitation.declined"]


def test_it_refuses_the_link_to_another_account(accounts, alice_tenant):
    link = invite(signed_in(ALICE), BOB)
    carol = signed_in(CAROL)
    response = carol.get(link)
    assert response.status_code == 403
    html = response.content.decode()
    assert "This invitation is for another account" in html and "Acme" not in html.split("<main", 1)[1]
    assert carol.post(link + "accept/").status_code == 403
    assert carol.post(link + "decline/").status_code == 403
    assert tenants_of(CAROL) == set() and actions(alice_tenant) == ["invitation.created"]
    assert signed_in(BOB).post(link + "accept/").status_code == 303  # still good for Bob


def test_it_sends_a_signed_out_invitee_with_an_account_to_sign_in_and_back(accounts):
    link = invite(signed_in(ALICE), "Bob@Globex.test")  # compared as sign-in compares names
    client = Client()
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == f"/accounts/login/?next={link}"
    response = client.post(response["Location"], {"username": BOB, "password": PASSWORD, "next": link})
    assert response.status_code == 302 and response["Location"] == link
    assert client.post(link + "accept/").status_code == 303
    assert tenants_of(BOB) == {"globex", "acme"}


def test_it_creates_the_account_of_a_new_invitee_with_a_valid_password(accounts, alice_tenant, django_user_model):
    link = invite(signed_in(ALICE), "Dana@Example.com", role="viewer")
    client = Client()
    html = client.get(link).content.decode()
    assert "Create your account" in html and "dana@example.com" in html
    response = client.post(link + "account/", {"new_password1": "short", "new_password2": "short"})
    assert response.status_code == 400 and "This password is too short." in response.content.decode()
    assert not django_user_model.objects.filter(username="dana@example.com").exists()
    response = client.post(link + "account/", {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert response.status_code == 303
    assert tenants_of("dana@example.com") == {"acme"}
    assert client.get(reverse("dashboard:overview")).status_code == 200  # signed in
    with tenant_scope(alice_tenant):
        event = AuditEvent.objects.get(action="invitation.accepted")
    assert event.actor == "user:dana@example.com" and event.data["account_created"] is True
    assert signed_in("dana@example.com")


def test_it_shows_a_clear_page_for_unknown_expired_and_used_links(accounts, alice_tenant):
    admin = signed_in(ALICE)
    client = Client()
    for token in ("nope", "a" * 500, "%E2%91%A0"):
        response = client.get(f"/invitations/{token}/")
        assert response.status_code == 404 and "This invitation link is not valid." in response.content.decode()
        assert client.post(f"/invitations/{token}/accept/").status_code == 303
    assert client.get("/invitations/%00/").status_code == 400  # a NUL byte never reaches a view (middleware)
    assert client.get("/invitations/..%2F..%2F/").status_code == 404  # no such page at all
    expiring = invite(admin, "erin@example.com")
    with clock_moved(timedelta(days=7, seconds=1)):
        response = client.get(expiring)
        assert response.status_code == 410 and "This invitation has expired." in response.content.decode()
        response = client.post(expiring + "account/", {"new_password1": PASSWORD, "new_password2": PASSWORD})
        assert response.status_code == 303 and tenants_of("erin@example.com") == set()
    withdrawn = invite(admin, "frank@example.com")
    with tenant_scope(alice_tenant):
        pending = Invitation.objects.get(email="frank@example.com")
    admin.post(reverse("dashboard:invitation-revoke", args=[pending.pk]))
    assert "This invitation was withdrawn." in client.get(withdrawn).content.decode()
    used = invite(admin, "gina@example.com")
    client.post(used + "account/", {"new_password1": PASSWORD, "new_password2": PASSWORD})
    response = client.get(used)
    assert response.status_code == 410 and "already been accepted" in response.content.decode()


def test_it_lists_pending_invitations_and_withdraws_one(accounts, alice_tenant):
    admin = signed_in(ALICE)
    invite(admin, "old@example.com")
    link = invite(admin, "new@example.com", role="admin")
    html = admin.get(reverse("dashboard:members")).content.decode()
    pending = html.split('id="invitations"', 1)[1]
    assert "new@example.com" in pending and "old@example.com" in pending and link not in html  # shown once
    with tenant_scope(alice_tenant):
        invitation = Invitation.objects.get(email="new@example.com")
    response = admin.post(reverse("dashboard:invitation-revoke", args=[invitation.pk]), follow=True)
    html = response.content.decode()
    assert "Invitation for new@example.com withdrawn." in html
    pending = html.split('id="invitations"', 1)[1]
    assert "old@example.com" in pending and "new@example.com" not in pending
    assert Client().get(link).status_code == 410
    assert actions(alice_tenant) == ["invitation.created", "invitation.created", "invitation.revoked"]


def test_it_keeps_only_the_newest_link_to_one_email(accounts):
    admin = signed_in(ALICE)
    first = invite(admin, BOB)
    second = invite(admin, BOB.upper())
    bob = signed_in(BOB)
    assert bob.get(first).status_code == 410
    assert bob.post(second + "accept/").status_code == 303


def test_it_lets_only_an_owner_invite_an_owner_and_refuses_a_member(accounts, alice_tenant):
    admin_link = invite(signed_in(ALICE), "adam@example.com", role="admin")
    adam = Client()
    adam.post(admin_link + "account/", {"new_password1": PASSWORD, "new_password2": PASSWORD})
    response = adam.post(reverse("dashboard:members"), {"email": "olga@example.com", "role": "owner"})
    assert response.status_code == 400 and "Only an owner can invite an owner." in response.content.decode()
    response = adam.post(reverse("dashboard:members"), {"email": ALICE.upper(), "role": "viewer"})
    assert response.status_code == 400 and "This person is already a member." in response.content.decode()
    with tenant_scope(alice_tenant):
        assert list(Invitation.objects.values_list("email", flat=True)) == ["adam@example.com"]
    owner_invites = signed_in(ALICE).post(reverse("dashboard:members"), {"email": "olga@example.com", "role": "owner"})
    assert "Invitation created" in owner_invites.content.decode()


def test_it_answers_404_for_another_tenants_invitation(accounts, alice_tenant, bob_tenant):
    invitation, _ = invitation_create(tenant=alice_tenant, email=CAROL, role="viewer", invited_by=None, actor="test")
    bob = signed_in(BOB)
    assert bob.post(reverse("dashboard:invitation-revoke", args=[invitation.pk])).status_code == 404
    assert Invitation.unscoped.get(pk=invitation.pk).revoked_at is None
    assert CAROL not in bob.get(reverse("dashboard:members")).content.decode()


def test_it_keeps_the_operators_command_adding_the_owner_directly(db, django_user_model, capsys):
    call_command("tenant_create", "initech", "--name", "Initech", "--admin-email", "boss@initech.test")
    password = capsys.readouterr().out.strip().splitlines()[-1]
    assert tenants_of("boss@initech.test") == {"initech"}
    assert django_user_model.objects.get(username="boss@initech.test").check_password(password)
