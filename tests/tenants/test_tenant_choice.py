"""Which tenant the dashboard opens in: the session's choice, else the one the person used last, else the first
by name; and tenants are told apart by their slug wherever they are switched."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Membership, Role
from tenants.scoping import tenant_scope
from tenants.services import member_add, tenant_create

from .conftest import ALICE, PASSWORD, clock_moved, current_tenant, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_in_two(accounts, bob_tenant):
    member_add(tenant=bob_tenant, email=ALICE, role=Role.VIEWER)


def switch(client: Client, tenant) -> None:
    client.post(reverse("dashboard:tenant-switch"), {"tenant": str(tenant.pk)})


def test_it_opens_the_tenant_used_last_at_sign_in(alice_in_two, bob_tenant, alice_tenant):
    first = signed_in(ALICE)
    assert current_tenant(first) == "acme"  # never used: the first by name (Acme < Globex)
    switch(first, bob_tenant)
    assert current_tenant(first) == "globex"
    assert current_tenant(signed_in(ALICE)) == "globex"  # a new sign-in opens the one used last
    switch(first, alice_tenant)
    assert current_tenant(signed_in(ALICE)) == "acme"


def test_it_keeps_a_sessions_tenant_while_another_session_moves_on(alice_in_two, bob_tenant):
    laptop, phone = signed_in(ALICE), signed_in(ALICE)
    assert current_tenant(laptop) == current_tenant(phone) == "acme"
    switch(phone, bob_tenant)
    assert current_tenant(laptop) == "acme" and current_tenant(phone) == "globex"


def test_it_records_use_at_most_once_a_minute(alice_in_two, alice_tenant):
    client = signed_in(ALICE)
    current_tenant(client)
    used = Membership.unscoped.get(tenant=alice_tenant, user__username=ALICE).last_used_at
    assert used is not None
    current_tenant(client)
    assert Membership.unscoped.get(tenant=alice_tenant, user__username=ALICE).last_used_at == used
    with clock_moved(timedelta(seconds=61)) as later:
        current_tenant(client)
    assert Membership.unscoped.get(tenant=alice_tenant, user__username=ALICE).last_used_at == later


def test_it_does_not_open_a_lookalike_tenant_joined_by_an_admins_direct_add(alice_in_two, alice_tenant):
    """The old attack: a tenant named like the victim's, sorted first, where an admin added the victim."""
    signed_in(ALICE).get(reverse("dashboard:overview"))  # Alice works in Acme
    fake = tenant_create(slug="aaa-fake", name="Acme")
    member_add(tenant=fake, email=ALICE, role=Role.ADMIN)  # only an operator can still do this
    assert current_tenant(signed_in(ALICE)) == "acme"


def test_it_shows_tenants_by_name_and_slug_in_the_switcher(alice_in_two):
    html = signed_in(ALICE).get(reverse("dashboard:overview")).content.decode()
    switcher = html.split('id="tenant-switch"', 1)[1].split("</select>", 1)[0]
    assert "Acme (acme)</option>" in switcher and "Globex (globex)</option>" in switcher


def test_it_shows_the_single_tenants_slug_too(accounts):
    html = signed_in(ALICE).get(reverse("dashboard:overview")).content.decode()
    assert 'Acme <span class="slug">(acme)</span>' in html


def test_it_answers_404_for_the_previous_tenants_memory_after_a_switch(alice_in_two, alice_tenant, bob_tenant,
                                                                     fake_embedder):
    with tenant_scope(alice_tenant):
        memory = memory_create(items=[MemoryInput(scope="team/x", content="Acme's plan")], actor="test")[0].memory
    client = signed_in(ALICE)
    url = reverse("dashboard:memory", args=[memory.pk])
    assert client.get(url).status_code == 200
    switch(client, bob_tenant)
    assert client.get(url).status_code == 404


def test_it_signs_in_through_the_form_into_the_tenant_used_last(alice_in_two, bob_tenant):
    switch(signed_in(ALICE), bob_tenant)
    client = Client()
    client.post(reverse("dashboard:login"), {"username": ALICE, "password": PASSWORD})
    assert current_tenant(client) == "globex"
