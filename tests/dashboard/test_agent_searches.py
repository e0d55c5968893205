"""The agent page counts searches: each key's searches (REST search, context, mem0's search) per day in
``KeySearchDay``, counted off the response's path, shown as a count, today's count and the last search — counts
only, never the query; another key's or tenant's never; gone with the tenant."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import models
from django.urls import reverse
from django.utils import timezone

from memories.models import KeySearchDay
from memories.recall.access import SEARCH_COUNTS, searches_counted
from tenants.scoping import tenant_scope
from tests.conftest import keyed_client

pytestmark = pytest.mark.django_db


def test_the_agent_page_counts_a_keys_searches_and_never_stores_the_query(admin_client, alice_tenant, bob_tenant,
                                                                          fake_embedder) -> None:
    agent = keyed_client(alice_tenant, name="make run")
    other = keyed_client(alice_tenant, name="other agent")
    stranger = keyed_client(bob_tenant, name="make run")
    ask = {"query": "what colour scheme does Alice like?", "scope": "user/1"}
    for _ in range(2):
        assert agent.client.post("/api/v1/memories/search", ask, format="json").status_code == 200
    assert agent.client.post("/api/v1/context", ask, format="json").status_code == 200
    assert agent.client.post("/mem0/v3/memories/search/", {"query": "theme", "filters": {"user_id": "1"}},
                             format="json").status_code == 200
    assert other.client.post("/api/v1/memories/search", ask, format="json").status_code == 200
    assert stranger.client.post("/api/v1/memories/search", ask, format="json").status_code == 200
    with tenant_scope(alice_tenant):  # an older day counts in the total, not today
        KeySearchDay.objects.create(actor=agent.key.actor(), day=timezone.now().date() - timedelta(days=3),
                                    searches=5, last_at=timezone.now() - timedelta(days=3))
        row = KeySearchDay.objects.get(actor=agent.key.actor(), day=timezone.now().date())
        assert row.searches == 4 and "colour" not in str(KeySearchDay.objects.values())

    html = admin_client.get(reverse("dashboard:agent", args=[agent.key.prefix])).content.decode()
    stats = html.split('id="agent-searches"', 1)[1].split("</li>", 1)[0]
    assert "<b>9</b> searches" in stats and "(4 today)" in stats
    assert row.last_at.strftime("%Y-%m-%d %H:%M") in html.split('id="agent-last-search"', 1)[1][:200]
    assert "colour scheme" not in html
    zh = admin_client.get(reverse("dashboard:agent", args=[agent.key.prefix]),
                          HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "今天 4 次" in zh and "最近一次搜索" in zh
    quiet = keyed_client(alice_tenant, name="quiet")
    html = admin_client.get(reverse("dashboard:agent", args=[quiet.key.prefix])).content.decode()
    assert "<b>0</b> searches" in html.split('id="agent-searches"', 1)[1]

    # Counts only (no person's data, nothing for an erasure to find); they go with their tenant.
    assert KeySearchDay._meta.get_field("tenant").remote_field.on_delete is models.CASCADE


def test_outside_a_transaction_searches_wait_for_the_flush(alice_tenant, monkeypatch) -> None:
    """Off the critical path: buffered per (tenant, key, day), one upsert for all of them."""
    monkeypatch.setattr("memories.recall.access.connection", SimpleNamespace(in_atomic_block=False))
    now = timezone.now()
    for _ in range(3):
        searches_counted(alice_tenant.pk, "key:abc", now)
    with tenant_scope(alice_tenant):
        assert not KeySearchDay.objects.exists()
    monkeypatch.undo()
    assert SEARCH_COUNTS.flush() == 1
    with tenant_scope(alice_tenant):
        assert KeySearchDay.objects.get(actor="key:abc").searches == 3
