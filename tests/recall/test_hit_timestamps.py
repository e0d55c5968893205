"""The hits' rows carry their timestamps as microseconds since the epoch (``sql.memories_load``: psycopg's text parse
of a timestamp runs in Python); the datetimes made of them are the instants the ORM reads, in the same UTC zone,
for every timestamp a hit shows: the memory's, its access's and its subject's, before 1970 and to the microsecond."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.recall.conftest import save


@pytest.mark.django_db
def test_hit_timestamps_are_the_instants_the_orm_reads(alice) -> None:
    from memories.models import Memory, MemoryAccess
    from memories.recall import sql
    from memories.recall.index.source import instant
    from tenants.scoping import tenant_scope

    save(alice, {"content": "Caroline: I moved to Lisbon.", "type": "fact", "subject": "Caroline"},
         {"content": "Melanie: I was born in Porto.", "type": "fact", "subject": "Melanie"})
    with tenant_scope(alice.tenant):
        first, second = Memory.objects.order_by("content")
        Memory.objects.filter(pk=first.pk).update(
            valid_from=datetime(1969, 7, 20, 20, 17, 40, 123456, tzinfo=UTC),
            valid_to=datetime(2031, 2, 28, 23, 59, 59, 999999, tzinfo=UTC),
            expires_at=datetime(2100, 1, 1, 0, 0, 0, 1, tzinfo=UTC))
        MemoryAccess.objects.create(memory=first, count=3, last_at=datetime(2026, 12, 7, 4, 5, 6, 7, tzinfo=UTC))
        orm = {m.pk: m for m in Memory.objects.select_related("subject")}
        loaded = sql.memories_load([first.pk, second.pk])
        assert loaded.keys() == {first.pk, second.pk}
        for pk, memory in loaded.items():
            for field in ("valid_from", "valid_to", "expires_at", "created_at", "updated_at"):
                got, expected = getattr(memory, field), getattr(orm[pk], field)
                assert got == expected, field
                assert got is None or (got.utcoffset() == timedelta(0) and got.isoformat() == expected.isoformat())
            assert memory.subject is not None and orm[pk].subject is not None
            assert memory.subject.created_at == orm[pk].subject.created_at  # type: ignore[union-attr]
        assert loaded[first.pk].last_accessed_at == datetime(2026, 12, 7, 4, 5, 6, 7, tzinfo=UTC)
        assert loaded[first.pk].access_count == 3
        assert loaded[second.pk].last_accessed_at is None
    # the index's stamps made instants the same way (remembered: the same value whatever asked first)
    micros = -(datetime(1970, 1, 1, tzinfo=UTC) - datetime(1969, 7, 20, 20, 17, 40, 123456, tzinfo=UTC)) // timedelta(
        microseconds=1)
    assert instant(micros) == datetime(1969, 7, 20, 20, 17, 40, 123456, tzinfo=UTC) == instant(micros)
