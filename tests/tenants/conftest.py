"""Accounts for the sign-in and invitation tests: alice owns acme, bob owns globex, carol belongs nowhere."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tenants.models import Role
from tenants.services import member_add

PASSWORD = "correct horse battery staple"
ALICE, BOB, CAROL = "alice@example.com", "bob@globex.test", "carol@example.com"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # PBKDF2 costs ~0.3 s per login; these tests count password checks, they do not time them.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def accounts(alice_tenant, bob_tenant, django_user_model):
    member_add(tenant=alice_tenant, email=ALICE, role=Role.OWNER, password=PASSWORD)
    member_add(tenant=bob_tenant, email=BOB, role=Role.OWNER, password=PASSWORD)
    django_user_model.objects.create_user(username=CAROL, email=CAROL, password=PASSWORD)


def signed_in(email: str) -> Client:
    client = Client()
    assert client.login(username=email, password=PASSWORD)
    return client


def current_tenant(client: Client) -> str:
    """The slug of the tenant the dashboard opens for ``client``."""
    request = client.get(reverse("dashboard:overview")).wsgi_request
    return request.membership.tenant.slug  # type: ignore[attr-defined]


def invitation_link(html: str) -> str:
    """The path of the link shown once on the members page after an invitation."""
    match = re.search(r'id="invitation-link"[^>]* value="http://testserver(/invitations/[^"]+/)"', html)
    assert match, "no invitation link on the page"
    return match.group(1)


@contextmanager
def clock_moved(by: timedelta) -> Iterator[datetime]:
    """The whole app's clock ``by`` ahead (timezone.now is what the throttle, invitations and sessions read)."""
    later = timezone.now() + by
    with mock.patch("django.utils.timezone.now", return_value=later):
        yield later
