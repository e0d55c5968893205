"""The audit log at volume: filters by actor and action from what the log holds (chosen, not typed), a time range,
each event's scope path instead of an id, labels in both languages; another tenant's events are never offered."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from memories.write.prepare import MemoryInput
from tenants.audit import audit
from tenants.scoping import tenant_scope

from .conftest import write

pytestmark = pytest.mark.django_db

URL = "/audit/"


def rows(html: str) -> str:
    return html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]


def options(html: str, name: str) -> dict[str, str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select, f"no select {name}"
    return {value: re.sub(r"<[^>]+>", "", text).strip()
            for value, text in re.findall(r'<option value="([^"]*)"[^>]*>(.*?)</option>', select.group(1), re.S)}


@pytest.fixture
def logged(alice_tenant, fake_embedder, members):
    write(alice_tenant, MemoryInput(scope="user/123/project/starlight", type="fact", content="Starlight ships in May."),
          actor="user:owner@acme.test")
    write(alice_tenant, MemoryInput(scope="team/ops", type="fact", provenance="inferred", confidence=0.5,
                                    content="Ops probably deploys on Tuesdays."), actor="system:test")


def test_it_filters_by_actor_and_action_chosen_from_the_log(admin_client, logged, bob_tenant):
    with tenant_scope(bob_tenant):
        audit("tenant.settings_updated", actor="user:someone@globex.test", target_type="tenant")
    html = admin_client.get(URL).content.decode()
    actors = options(html, "actor")
    assert actors["user:owner@acme.test"] == "owner@acme.test" and "system:test" in actors
    assert not any("globex" in a for a in actors)
    actions = options(html, "action")
    assert actions["memory.created"] == "memory created" and actions["review.created"] == "review item opened"
    assert "tenant.settings_updated" not in actions  # only what this tenant's log holds
    chinese = options(admin_client.get(URL, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode(), "action")
    assert chinese["memory.created"] == "已创建记忆"
    mine = rows(admin_client.get(URL, {"actor": "user:owner@acme.test"}).content.decode())
    assert "user/123/project/starlight" in mine and "team/ops" not in mine
    opened = rows(admin_client.get(URL, {"action": "review.created"}).content.decode())
    assert "team/ops" in opened and "user/123/project/starlight" not in opened
    assert 'selected>review item opened' in admin_client.get(URL, {"action": "review.created"}).content.decode()


def test_it_shows_each_events_scope_path(admin_client, logged):
    html = rows(admin_client.get(URL, {"action": "memory.created"}).content.decode())
    assert "user/123/project/starlight" in html and "team/ops" in html
    assert "scope_id" not in html


def test_it_filters_by_a_time_range(admin_client, logged):
    today = timezone.now().date()
    assert "memory.created" in rows(admin_client.get(URL, {"since": today.isoformat()}).content.decode())
    assert "memory.created" in rows(admin_client.get(URL, {"until": today.isoformat()}).content.decode())
    tomorrow, yesterday = today + timedelta(days=1), today - timedelta(days=1)
    assert "No events match." in admin_client.get(URL, {"since": tomorrow.isoformat()}).content.decode()
    assert "No events match." in admin_client.get(URL, {"until": yesterday.isoformat()}).content.decode()


def test_a_bad_date_is_refused_at_its_field(admin_client, logged):
    response = admin_client.get(URL, {"since": "next tuesday"})
    assert response.status_code == 200
    field = response.content.decode().split('name="since"', 1)[1].split("</p>", 1)[0]
    assert "Enter a valid date." in field
