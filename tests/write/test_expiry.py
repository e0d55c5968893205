from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from memories.choices import Status
from memories.models import Memory
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Tenant

pytestmark = pytest.mark.django_db


def test_it_does_not_answer_duplicate_of_an_expired_memory(in_alice: Tenant, fake_embedder: object) -> None:
    past = timezone.now() - timedelta(minutes=1)
    [first] = memory_create(items=[MemoryInput(scope="user/1", content="Parking spot is B12", expires_at=past)],
                            actor="test")
    [second] = memory_create(items=[MemoryInput(scope="user/1", content="Parking spot is B12")], actor="test")
    assert second.action == "created"
    assert second.memory.pk != first.memory.pk
    expired = Memory.objects.get(pk=first.memory.pk)
    assert expired.status == Status.DEPRECATED
    assert expired.versions.count() == 2


def test_it_refuses_an_agent_raising_an_inferred_memory_to_high_confidence(alice, fake_embedder) -> None:
    created = alice.client.post("/api/v1/memories", {"scope": "user/1", "content": "Probably lives in Lyon",
                                                     "provenance": "inferred", "confidence": 0.6},
                                format="json").json()
    response = alice.client.patch(f"/api/v1/memories/{created['id']}", {"confidence": 0.95},
                                  format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 400
    assert "confidence" in response.json()["error"]["fields"]
    assert alice.client.patch(f"/api/v1/memories/{created['id']}", {"confidence": 0.7},
                              format="json", HTTP_IF_MATCH='"1"').status_code == 200


def test_it_refuses_another_tenant_the_patch_of_an_inferred_memory(alice, bob, fake_embedder) -> None:
    created = alice.client.post("/api/v1/memories", {"scope": "user/1", "content": "Maybe vegetarian",
                                                     "provenance": "inferred", "confidence": 0.6},
                                format="json").json()
    response = bob.client.patch(f"/api/v1/memories/{created['id']}", {"confidence": 0.7},
                                format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 404
