"""Every dashboard page renders for an admin, in English and in Chinese, under a strict CSP."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tenants.models import Subject
from tenants.scoping import tenant_scope

pytestmark = pytest.mark.django_db

PAGES = ["overview", "memories", "review", "merge", "people", "playground", "audit", "api-keys", "members",
         "exports", "settings"]


def _no_inline_code(html: str) -> None:
    """CSP has no 'unsafe-inline': no inline scripts, styles or event handlers in any page."""
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert not re.search(r"\sstyle=", html), "inline style attribute"
    assert "<style" not in html
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"
    assert "javascript:" not in html


@pytest.mark.parametrize("name", PAGES)
def test_it_renders_every_page_for_an_admin(admin_client, acme_memories, name):
    response = admin_client.get(reverse(f"dashboard:{name}"))
    assert response.status_code == 200
    html = response.content.decode()
    _no_inline_code(html)
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_it_renders_the_memory_and_person_pages(admin_client, acme_memories, alice_tenant):
    fact = acme_memories["fact"]
    for url in (reverse("dashboard:memory", args=[fact.pk]), reverse("dashboard:memory-edit", args=[fact.pk])):
        response = admin_client.get(url)
        assert response.status_code == 200
        assert "The user&#x27;s project is called Starlight." in response.content.decode()
        _no_inline_code(response.content.decode())
    with tenant_scope(alice_tenant):
        subject = Subject.objects.get(external_id="123")
    for name in ("person", "person-erase"):
        response = admin_client.get(reverse(f"dashboard:{name}", args=[subject.pk]))
        assert response.status_code == 200


@pytest.mark.parametrize("name", PAGES)
def test_it_renders_every_page_in_chinese(admin_client, acme_memories, name):
    response = admin_client.get(reverse(f"dashboard:{name}"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 200
    assert '<html lang="zh-hans">' in response.content.decode()


def test_it_sends_anonymous_visitors_to_the_login_page(client):
    response = client.get(reverse("dashboard:memories"))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_it_runs_the_search_playground(admin_client, acme_memories):
    response = admin_client.get(reverse("dashboard:playground"), {"query": "<b>coffee</b> Starlight", "scopes": "user"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "The context block" in html
    assert "&lt;memory&gt;" in html  # the exact block, shown as text
    assert "Starlight" in html
    assert "<b>coffee</b>" not in html


def test_it_answers_404_for_another_tenants_memory_and_person_pages(bob_member, acme_memories, alice_tenant):
    fact = acme_memories["fact"]
    with tenant_scope(alice_tenant):
        subject = Subject.objects.get(external_id="123")
    assert bob_member.get(reverse("dashboard:memory", args=[fact.pk])).status_code == 404
    assert bob_member.get(reverse("dashboard:memory-edit", args=[fact.pk])).status_code == 404
    assert bob_member.get(reverse("dashboard:person", args=[subject.pk])).status_code == 404


def test_it_shows_the_re_embedding_progress_on_the_overview(admin_client, alice_tenant):
    from memories.models import MemoryVector
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput
    from memories.write.reembed import reembed_tenant

    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/1", content=f"Fact number {i}") for i in range(3)], actor="t")
        MemoryVector.objects.filter(memory__content="Fact number 0").delete()  # as if made before the model
    html = admin_client.get(reverse("dashboard:overview")).content.decode()
    assert "Vectors of use-multilingual-v3: 2 of 3 memories (66 %)." in html and "manage.py reembed" in html
    chinese = admin_client.get(reverse("dashboard:overview"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "use-multilingual-v3 的向量：3 条记忆中已有 2 条（66 %）。" in chinese
    with tenant_scope(alice_tenant):
        reembed_tenant(duty=1.0)
    assert "Vectors of" not in admin_client.get(reverse("dashboard:overview")).content.decode()


def test_the_playground_shows_where_the_relevance_floor_cuts(admin_client, alice_tenant):
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput

    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/ben", content=c) for c in
                             ("Ben prefers the dark theme in every editor", "Ben walks his dog Rex every morning")],
                      actor="t")
    html = admin_client.get(reverse("dashboard:playground"),
                            {"query": "which theme does Ben like", "scopes": "user/ben"}).content.decode()
    assert html.count("below the relevance floor</span>") == 1
    results = html.split("Ranked results", 1)[1]
    assert results.index("dark theme") < results.index("his dog") < results.index("below the relevance floor</span>")
