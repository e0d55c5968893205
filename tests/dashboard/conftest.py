"""Dashboard fixtures: members of acme (alice's tenant) in every role, and bob of globex."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from memories.models import Memory
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Role
from tenants.scoping import tenant_scope
from tenants.services import member_add

PASSWORD = "correct horse battery staple"


def login(client: Client, email: str) -> Client:
    assert client.login(username=email, password=PASSWORD)
    return client


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # PBKDF2's deliberate slowness costs ~0.3 s per user and login; these tests check access, not hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _clean_cache():
    cache.clear()  # the API's rate limits count in the per-process cache
    yield
    cache.clear()


@pytest.fixture
def members(alice_tenant):
    """One user per role in acme: {"owner": email, ...}."""
    emails = {}
    for role in (Role.OWNER, Role.ADMIN, Role.REVIEWER, Role.VIEWER):
        email = f"{role}@acme.test"
        member_add(tenant=alice_tenant, email=email, role=role, password=PASSWORD)
        emails[str(role)] = email
    return emails


@pytest.fixture
def client_for(members):
    def make(role: str) -> Client:
        return login(Client(), members[role])
    return make


@pytest.fixture
def admin_client(client_for) -> Client:
    return client_for("admin")


@pytest.fixture
def viewer_client(client_for) -> Client:
    return client_for("viewer")


@pytest.fixture
def bob_member(bob_tenant):
    member_add(tenant=bob_tenant, email="bob@globex.test", role=Role.OWNER, password=PASSWORD)
    return login(Client(), "bob@globex.test")


def write(tenant, *items: MemoryInput, actor: str = "system:test") -> list[Memory]:
    with tenant_scope(tenant):
        return [r.memory for r in memory_create(items=list(items), actor=actor)]


@pytest.fixture
def acme_memories(alice_tenant, fake_embedder):
    """A small acme data set: an active fact, a pending inferred one (review item), a conflict pair."""
    fact, = write(alice_tenant, MemoryInput(scope="user/123/project/starlight", subject="123", type="fact",
                                            entity="project:starlight/name",
                                            content="The user's project is called Starlight."))
    pending, = write(alice_tenant, MemoryInput(scope="user/123", subject="123", type="fact", provenance="inferred",
                                               confidence=0.5, content="The user probably works in Berlin."))
    old, = write(alice_tenant, MemoryInput(scope="user/123", subject="123", type="preference", entity="drink",
                                           content="User likes black coffee."))
    new, = write(alice_tenant, MemoryInput(scope="user/123", subject="123", type="preference", entity="drink",
                                           content="User now prefers green tea over coffee."))
    return {"fact": fact, "pending": pending, "old": old, "new": new}
