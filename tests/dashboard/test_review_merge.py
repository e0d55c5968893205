"""A merge decided in the review queue: the merged memory holds since its sources' earliest ``valid_from``, and the
decision is one audit event for its item."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from memories.choices import Status
from memories.models import Memory, ReviewItem
from memories.write.prepare import MemoryInput
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope

from .conftest import write

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_merge_keeps_the_earliest_valid_from_and_writes_one_decision(admin_client, alice_tenant, fake_embedder):
    early, late = datetime(2025, 3, 1, 9, 0, tzinfo=UTC), datetime(2026, 1, 10, 9, 0, tzinfo=UTC)
    write(alice_tenant, MemoryInput(scope="user/chen", type="preference", entity="meetings", valid_from=late,
                                    content="Prefers meetings in the morning, never after 16:00."))
    write(alice_tenant, MemoryInput(scope="user/chen", type="preference", entity="meetings", valid_from=early,
                                    content="Prefers meetings on Monday mornings."))
    with tenant_scope(alice_tenant):
        item = ReviewItem.objects.get()
    response = admin_client.post(reverse("dashboard:review-resolve", args=[item.pk]),
                                 {"action": "merge", "content": "Prefers Monday mornings, never after 16:00."}, **HTMX)
    assert response.status_code == 200
    with tenant_scope(alice_tenant):
        [merged] = Memory.objects.filter(status=Status.ACTIVE)
        assert merged.valid_from == early
        decisions = AuditEvent.objects.filter(action="review.resolved", target_id=str(item.pk))
        assert [e.data["action"] for e in decisions] == ["merge"]
        assert decisions[0].data["merged_into"] == str(merged.pk)
