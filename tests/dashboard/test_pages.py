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


def test_the_playground_returns_what_the_api_returns(admin_client, alice_tenant):
    from memories.recall.search import memory_search
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput

    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/ben", content=c) for c in
                             ("Ben prefers the dark theme in every editor", "Ben walks his dog Rex every morning")],
                      actor="t")
        api = memory_search(query="What is the boiling point of tungsten?", scopes=["user/ben"], k=10)
    html = admin_client.get(reverse("dashboard:playground"),
                            {"query": "which theme does Ben like", "scopes": "user/ben"}).content.decode()
    results = html.split("Ranked results", 1)[1]
    # the memories speak to the question: nothing is cut (docs/recall.md, "The relevance floor")
    assert results.index("dark theme") < results.index("his dog") and 'id="search-weak"' not in html
    html = admin_client.get(reverse("dashboard:playground"),
                            {"query": "What is the boiling point of tungsten?", "scopes": "user/ben"}).content.decode()
    results = html.split("Ranked results", 1)[1].split("The context block", 1)[0]
    assert ('id="search-weak"' in html) == bool(api) and len(api) < 2
    assert ("dark theme" in results) + ("his dog" in results) == len(api)


def test_it_compares_the_overview_with_the_previous_period(admin_client, alice_tenant, fake_embedder):
    from datetime import timedelta

    from django.utils import timezone

    from memories.models import Feedback, Memory
    from memories.write.feedback import feedback_record
    from memories.write.prepare import MemoryInput

    from .conftest import write

    [old] = write(alice_tenant, MemoryInput(scope="user/1", subject="1", content="Likes tea."))
    [new] = write(alice_tenant, MemoryInput(scope="user/1", subject="1", content="Works in Oslo."))
    with tenant_scope(alice_tenant):
        Memory.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=10))
        feedback_record(memory_ids=[new.pk], useful=True, correction="", actor="key:a", query="where?")
        feedback_record(memory_ids=[new.pk], useful=False, correction="", actor="key:a", query="tea or coffee?")
        earlier = feedback_record(memory_ids=[old.pk], useful=True, correction="", actor="key:a")
        Feedback.objects.filter(pk=earlier.pk).update(created_at=timezone.now() - timedelta(days=10))
    html = admin_client.get(reverse("dashboard:overview"), {"days": "7"}).content.decode()
    useful = re.search(r'<li class="figure trend-worse" id="figure-useful_share".*?</li>', html, re.S)
    assert useful and "50%" in useful.group(0) and "−50 points (was 100%)" in useful.group(0)
    written = re.search(r'<li class="figure trend-same" id="figure-written".*?</li>', html, re.S)
    assert written and ">1<" in written.group(0) and "(was 1)" in written.group(0)
    # Every chart with data carries its numbers as a table (the review chart has none: nothing was reviewed).
    assert html.count('class="chart card"') == 5 and html.count('<details class="chart-data">') == 4
    assert 'class="bar c-status-active"' in html and "chart-narrow" in html
    custom = admin_client.get(reverse("dashboard:overview"), {"start": "2026-01-05", "end": "2026-01-01"})
    assert "The period ends before it starts." in custom.content.decode()


def test_it_shows_agents_feedback_and_sends_a_correction_to_review(admin_client, alice_tenant, fake_embedder):
    from memories.models import Feedback, ReviewItem
    from memories.write.feedback import feedback_record
    from memories.write.prepare import MemoryInput

    from .conftest import write

    [m] = write(alice_tenant, MemoryInput(scope="user/1", subject="1", type="fact", content="Works in Oslo."))
    with tenant_scope(alice_tenant):
        feedback_record(memory_ids=[m.pk], useful=False, correction="", actor="key:a", query="where does she work?")
        # Recorded before corrections became proposals at once: a person opens it, paired all the same
        # (no entity here: the policy alone would have left it a standalone pending memory).
        correction = Feedback.objects.create(memory_ids=[str(m.pk)], correction="Works in Bergen since May.",
                                             actor="key:a")
    html = admin_client.get(reverse("dashboard:feedback")).content.decode()
    assert "where does she work?" in html and "Works in Bergen since May." in html and "Works in Oslo." in html
    page = admin_client.get(reverse("dashboard:memory", args=[m.pk])).content.decode()
    assert 'id="feedback-panel"' in page and "Works in Bergen since May." in page and "where does she work?" in page
    response = admin_client.post(reverse("dashboard:feedback-review", args=[correction.pk]))
    assert response.status_code == 303
    with tenant_scope(alice_tenant):
        item = ReviewItem.objects.get(status="open")
        assert item.memory.content == "Works in Bergen since May." and item.other_memory_id == m.pk
        assert Feedback.objects.get(pk=correction.pk).review_item_id == item.pk
    again = admin_client.post(reverse("dashboard:feedback-review", args=[correction.pk]), follow=True)
    assert "already in the review queue" in again.content.decode()
