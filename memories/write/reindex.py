"""Rebuilding ``search_text`` after its rules changed (``Memory.search_text_version``: stemming on or off).

``manage.py reindex_text`` (or ``--background``: one ``reindex_task`` per tenant for the worker; ``make run``
queues them) rebuilds, per tenant, every memory whose ``search_text_version`` is not the current one, in key
order, ``batch_size`` at a time, each batch in one short transaction that skips rows another transaction
holds. A run killed at any moment loses only its batch in flight; the next starts from what is still
stale. Each update stamps the memory (the search-index trigger), so the in-process indexes fetch the new
words. Until a memory is rebuilt its old words still match a query's prefix terms (``recall.query``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django_tasks import task

from memories.models import Memory, text_rules_version
from memories.write.text import indexed_words, normalise_content, said_in
from tenants.models import Tenant
from tenants.scoping import tenant_scope

logger = logging.getLogger(__name__)

BATCH_SIZE = 500


def stale_count() -> int:
    """The active tenant's memories whose search_text other rules built."""
    return Memory.objects.exclude(search_text_version=text_rules_version()).count()


def reindex_tenant(*, batch_size: int = BATCH_SIZE, progress: Callable[[int, int], None] | None = None) -> int:
    """Rebuild the active tenant's stale search_text; returns how many memories were rebuilt."""
    current = text_rules_version()
    total, done = stale_count(), 0
    while True:
        with transaction.atomic():
            rows = list(Memory.objects.exclude(search_text_version=current).order_by("pk")
                        .select_for_update(skip_locked=True).only("pk", "content", "metadata")[:batch_size])
            if not rows:
                break
            for memory in rows:
                memory.search_text = indexed_words(normalise_content(memory.content), said_in(memory.metadata))
                memory.search_text_version = current
            Memory.objects.bulk_update(rows, ["search_text", "search_text_version"])
        done += len(rows)
        if progress is not None:
            progress(done, max(total, done))
    return done


@task()
def reindex_task(tenant_id: str) -> dict[str, Any]:
    """``reindex_tenant`` for one tenant, on the worker."""
    tenant = Tenant.objects.get(pk=tenant_id)
    with tenant_scope(tenant):
        done = reindex_tenant()
    logger.info("search text rebuilt for tenant %s: %d memories", tenant.slug, done)
    return {"rebuilt": done}


def reindex_enqueue(tenant: Tenant) -> bool:
    """Queue ``reindex_task`` for the tenant if any of its memories is stale. Returns whether it did."""
    with tenant_scope(tenant):
        if not Memory.objects.exclude(search_text_version=text_rules_version()).exists():
            return False
    reindex_task.enqueue(str(tenant.pk))
    return True
