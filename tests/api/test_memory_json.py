from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from memories.api.serializers import MemoryOut
from memories.representation import memory_json
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Tenant

pytestmark = pytest.mark.django_db


def test_it_renders_memories_exactly_like_the_schema_serializer(in_alice: Tenant, fake_embedder: object) -> None:
    items = [
        MemoryInput(scope="user/1", content="Likes tea", subject="1", metadata={"a": [1, {"b": None}]},
                    expires_at=timezone.now() + timedelta(days=3), confidence=0.9),
        MemoryInput(scope="team/x", content="用户喜欢喝黑咖啡", type="preference", confidence=0.5),
    ]
    results = memory_create(items=items, actor="test")
    for result in results:
        assert memory_json(result.memory) == dict(MemoryOut(result.memory).data)
