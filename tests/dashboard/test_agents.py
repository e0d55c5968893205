"""Agents' corrections and names on the dashboard: the correction card (Existing beside Proposed,
the agent's reason, "agent correction"), actors shown by name everywhere (also after the key is revoked),
filters by agent, and the per-agent page — all within one tenant."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memories.models import Memory, ReviewItem
from memories.write.feedback import feedback_record
from memories.write.prepare import MemoryInput
from tenants.scoping import tenant_scope
from tenants.services import apikey_create, apikey_revoke

from .conftest import write

pytestmark = pytest.mark.django_db

OLD = "Staff engineer in the payments team."
NEW = "Moved to the identity team."


@pytest.fixture
def corrected(alice_tenant, fake_embedder):
    """Key "make run" wrote a memory and corrected it; key "other agent" wrote another one."""
    key, _ = apikey_create(tenant=alice_tenant, name="make run")
    other, _ = apikey_create(tenant=alice_tenant, name="other agent")
    [old] = write(alice_tenant, MemoryInput(scope="user/7", subject="7", content=OLD), actor=key.actor())
    [unrelated] = write(alice_tenant, MemoryInput(scope="user/7", content="Likes green tea."), actor=other.actor())
    with tenant_scope(alice_tenant):
        feedback = feedback_record(memory_ids=[old.pk], useful=None, correction=NEW, actor=key.actor(),
                                   reason="The user said so on Monday.", query="which team is she in?")
    return {"key": key, "other": other, "old": old, "unrelated": unrelated, "feedback": feedback,
            "item": feedback.review_item}


def visible_text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_it_shows_a_correction_beside_what_it_corrects_and_accept_leaves_one(admin_client, alice_tenant, corrected):
    item, key = corrected["item"], corrected["key"]
    html = admin_client.get(reverse("dashboard:review")).content.decode()
    card = re.search(rf'<article[^>]*id="r-{item.pk}".*?</article>', html, re.S)
    assert card, html
    text = card.group(0)
    assert "Agent correction" in text and "Existing" in text and "Proposed" in text
    assert OLD in text and NEW in text and "The user said so on Monday." in text
    assert "agent correction" in text and "inferred" not in visible_text(text)
    assert "make run" in text and key.actor() not in visible_text(text)
    inbox = admin_client.get(reverse("dashboard:feedback")).content.decode()
    assert f'#r-{item.pk}"' in inbox and "make run" in inbox
    response = admin_client.post(reverse("dashboard:review-resolve", args=[item.pk]), {"action": "accept"})
    assert response.status_code in (302, 303)
    with tenant_scope(alice_tenant):
        assert list(Memory.objects.filter(scope__path="user/7", status="active").order_by("content")
                    .values_list("content", flat=True)) == ["Likes green tea.", NEW]
        old = Memory.objects.get(pk=corrected["old"].pk)
        assert old.status == "deprecated" and old.superseded_by_id == item.memory_id
    resolved = admin_client.get(reverse("dashboard:review"), {"tab": "resolved"}).content.decode()
    assert "admin@acme.test" in resolved  # the person who decided, by name


def test_it_keeps_the_original_when_a_person_rejects_the_correction(admin_client, alice_tenant, corrected):
    admin_client.post(reverse("dashboard:review-resolve", args=[corrected["item"].pk]), {"action": "reject"})
    with tenant_scope(alice_tenant):
        assert Memory.objects.get(pk=corrected["old"].pk).status == "active"
        assert Memory.objects.get(pk=corrected["item"].memory_id).status == "deprecated"


def test_it_names_agents_everywhere_even_after_the_key_is_revoked(admin_client, alice_tenant, corrected):
    key, old = corrected["key"], corrected["old"]
    with tenant_scope(alice_tenant):
        apikey_revoke(tenant=alice_tenant, key_id=str(key.pk), actor="user:admin@acme.test")
    agent_url = reverse("dashboard:agent", args=[key.prefix])
    for url in (reverse("dashboard:memory", args=[old.pk]), reverse("dashboard:audit"),
                reverse("dashboard:feedback")):
        html = admin_client.get(url).content.decode()
        assert "make run" in html and agent_url in html, url
        assert key.actor() not in visible_text(html), url
    keys = admin_client.get(reverse("dashboard:api-keys")).content.decode()
    assert agent_url in keys


def test_it_filters_by_agent(admin_client, corrected):
    key, other = corrected["key"], corrected["other"]
    memories = admin_client.get(reverse("dashboard:memories"), {"agent": key.actor()}).content.decode()
    assert OLD in memories and NEW in memories and "Likes green tea." not in memories
    memories = admin_client.get(reverse("dashboard:memories"), {"agent": other.actor()}).content.decode()
    assert "Likes green tea." in memories and OLD not in memories
    review = admin_client.get(reverse("dashboard:review"), {"agent": other.actor()}).content.decode()
    assert f'id="r-{corrected["item"].pk}"' not in review
    review = admin_client.get(reverse("dashboard:review"), {"agent": key.actor()}).content.decode()
    assert f'id="r-{corrected["item"].pk}"' in review
    feedback = admin_client.get(reverse("dashboard:feedback"), {"agent": other.actor()}).content.decode()
    assert NEW not in feedback
    assert NEW in admin_client.get(reverse("dashboard:feedback"), {"agent": key.actor()}).content.decode()
    audit = admin_client.get(reverse("dashboard:audit"), {"actor": other.actor()}).content.decode()
    assert "other agent" in audit and 'class="actor actor-key"' in audit


def test_it_shows_what_an_agent_did(admin_client, alice_tenant, corrected):
    key = corrected["key"]
    with tenant_scope(alice_tenant):
        [pending] = write(alice_tenant, MemoryInput(scope="user/7", content="Maybe moving to Oslo.", confidence=0.2),
                          actor=key.actor())
        turned_down = ReviewItem.objects.get(memory=pending)
    admin_client.post(reverse("dashboard:review-resolve", args=[turned_down.pk]), {"action": "reject"})
    html = admin_client.get(reverse("dashboard:agent", args=[key.prefix])).content.decode()
    stats = re.search(r'<ul class="stats" id="agent-stats">.*?</ul>', html, re.S)
    assert stats
    assert "<b>3</b> memories written" in stats.group(0)  # the memory, the correction, the pending one
    assert "<b>1</b> feedback" in stats.group(0) and "<b>1</b> proposals turned down" in stats.group(0)
    assert "Maybe moving to Oslo." in html and NEW in html and "make run" in html
    zh = admin_client.get(reverse("dashboard:agent", args=[key.prefix]), HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert "最近写入" in zh and "Latest writes" not in zh


def test_it_keeps_agents_within_their_tenant(bob_member, corrected):
    key = corrected["key"]
    assert bob_member.get(reverse("dashboard:agent", args=[key.prefix])).status_code == 404
    assert bob_member.get(reverse("dashboard:agent", args=["nope"])).status_code == 404
    html = bob_member.get(reverse("dashboard:audit")).content.decode()
    assert "make run" not in html
