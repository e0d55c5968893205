"""Re-embedding: giving every memory of a tenant a vector from each configured model, as an operation.

Adding a model, dropping one or replacing one is the same operation (docs/recall.md, "Re-embedding"):
change ``MNEMARA_EMBEDDING_MODELS``, restart, run ``manage.py reembed`` (or let ``make run`` queue
``reembed_task`` for the worker). Until a memory has a model's vector it is simply not in that model's
vector list (the other lists still find it), so searches go on while it runs.

* What is missing: for a secondary model, a ``MemoryVector`` row; for the primary model, a vector made
  by another model (or none), or no coverage yet (rows from before coverage was stored: only the
  coverage is computed, the vector stays).
* Batches: ``batch_size`` memories at a time in key order, embedded outside any transaction, then
  written in one short transaction that takes the scopes' write locks (the write flow's lock order),
  skips memories whose content changed meanwhile, and stamps the memories so the search indexes fetch
  the new vectors. A batch is committed or not at all: a run killed with SIGKILL loses only the batch in
  flight, and the next run starts from what is still missing (finished work is never redone).
* Throttled: after each batch the run sleeps so that it works ``duty`` of the time at most, and every
  model embeds on one thread: searches keep their cores.
* One run per (tenant, model) at a time (a session advisory lock; a second run skips it, and a killed
  run's lock goes with its connection). The audit log records each run's start and end.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django_tasks import task

from memories.embeddings import Embedded, embedder_named, embedders, get_embedder
from memories.models import Memory, MemoryVector, Scope
from memories.write import sql
from memories.write.text import normalise_content
from memories.write.versions import lock_scopes
from tenants.audit import audit
from tenants.models import Tenant
from tenants.scoping import get_active_tenant, tenant_scope

logger = logging.getLogger(__name__)

BATCH_SIZE = 64
DUTY = 0.5  # at most this share of the time working; the rest asleep, so searches keep the CPU
ACTOR = "system:reembed"
Progress = Callable[[str, int, int], None]  # (model, done, total)


@dataclass
class ReembedResult:
    model: str
    missing: int  # at the start
    embedded: int = 0  # vectors written (coverage-only updates included)
    skipped: bool = False  # another run holds this (tenant, model)


def _missing(model: str) -> QuerySet[Memory]:
    """The active tenant's memories that lack ``model``'s vector (or, for the primary, its coverage)."""
    if model == get_embedder().name:
        return Memory.objects.filter(Q(embedding__isnull=True) | ~Q(embedding_model=model)
                                     | Q(embedding_coverage__isnull=True))
    return Memory.objects.filter(~Exists(MemoryVector.objects.filter(memory=OuterRef("pk"), model=model)))


def vectors_missing(model: str) -> int:
    return _missing(model).count()


def vectors_progress() -> list[tuple[str, int, int]]:
    """(model, memories holding its vector, memories) for each configured model, in the active tenant."""
    total = Memory.objects.count()
    return [(e.name, total - vectors_missing(e.name), total) for e in embedders()]


@dataclass
class _Row:
    pk: uuid.UUID
    content: str
    content_hash: str
    needs_vector: bool  # False: a primary-model row that only lacks its coverage


def _embed(model: str, rows: Sequence[_Row]) -> tuple[dict[uuid.UUID, Embedded], dict[uuid.UUID, float]]:
    """The rows' new vectors, and the coverage of the primary rows that only lack it."""
    embedder = embedder_named(model)
    assert embedder is not None
    full = [r for r in rows if r.needs_vector]
    texts = [normalise_content(r.content) for r in full]  # what the write flow embeds (prepare.py)
    vectors = {r.pk: Embedded(v, c) for r, v, c in zip(full, embedder.embed(texts), embedder.coverage(texts),
                                                          strict=True)}
    partial = [r for r in rows if not r.needs_vector]
    partial_texts = [normalise_content(r.content) for r in partial]
    coverages = dict(zip([r.pk for r in partial], embedder.coverage(partial_texts), strict=True))
    return vectors, coverages


def _write(model: str, rows: Sequence[_Row], vectors: dict[uuid.UUID, Embedded],
           coverages: dict[uuid.UUID, float]) -> int:
    """Store one batch: under the scopes' write locks, only for memories whose content is still the one
    embedded; then stamp them for the search indexes. Returns how many were written."""
    hashes = {r.pk: r.content_hash for r in rows}
    with transaction.atomic():
        scope_ids = set(Memory.objects.filter(pk__in=list(hashes)).values_list("scope_id", flat=True))
        lock_scopes(sorted(Scope.objects.filter(pk__in=scope_ids), key=lambda s: s.path))
        current = dict(Memory.objects.filter(pk__in=list(hashes)).values_list("pk", "content_hash"))
        fresh = {pk for pk, content_hash in hashes.items() if current.get(pk) == content_hash}
        if model == get_embedder().name:  # the search-index trigger stamps these (vector or coverage changed)
            Memory.objects.bulk_update(
                [Memory(pk=pk, embedding=e.vector, embedding_model=model, embedding_coverage=e.coverage)
                 for pk, e in vectors.items() if pk in fresh], ["embedding", "embedding_model", "embedding_coverage"])
            Memory.objects.bulk_update([Memory(pk=pk, embedding_coverage=c) for pk, c in coverages.items()
                                        if pk in fresh], ["embedding_coverage"])
        else:
            MemoryVector.objects.bulk_create(
                [MemoryVector(memory_id=pk, model=model, coverage=e.coverage, embedding=e.vector)
                 for pk, e in vectors.items() if pk in fresh], ignore_conflicts=True)
            sql.memories_stamp(sorted(fresh))
    return len(fresh)


def reembed_model(model: str, *, batch_size: int = BATCH_SIZE, duty: float = DUTY,
                  progress: Progress | None = None) -> ReembedResult:
    """Give every memory of the active tenant ``model``'s vector (see the module docstring)."""
    tenant = get_active_tenant()
    if embedder_named(model) is None:
        raise ValueError(f"{model} is not a configured embedding model ({', '.join(e.name for e in embedders())})")
    result = ReembedResult(model, vectors_missing(model))
    with sql.reembed_lock(tenant.pk, model) as locked:
        if not locked:
            result.skipped = True
            return result
        if result.missing:
            audit("embeddings.reembed_started", actor=ACTOR, target_type="tenant", target_id=tenant.pk,
                  data={"model": model, "missing": result.missing})
        last: uuid.UUID | None = None
        while True:
            started = time.monotonic()
            query = _missing(model).order_by("pk")
            if last is not None:
                query = query.filter(pk__gt=last)
            primary = model == get_embedder().name
            rows = [_Row(pk, content, content_hash, not primary or embedding_model != model or embedding is None)
                    for pk, content, content_hash, embedding_model, embedding in query.values_list(
                        "pk", "content", "content_hash", "embedding_model", "embedding")[:batch_size]]
            if not rows:
                break
            last = rows[-1].pk
            result.embedded += _write(model, rows, *_embed(model, rows))
            if progress is not None:
                progress(model, result.embedded, result.missing)
            elapsed = time.monotonic() - started
            time.sleep(elapsed * (1.0 / max(duty, 0.01) - 1.0))
        if result.missing:
            audit("embeddings.reembedded", actor=ACTOR, target_type="tenant", target_id=tenant.pk,
                  data={"model": model, "embedded": result.embedded, "remaining": vectors_missing(model)})
    return result


def vectors_prune() -> int:
    """Delete the active tenant's vectors of models no longer configured (dropping a model)."""
    configured = [e.name for e in embedders()[1:]]
    stale = MemoryVector.objects.exclude(model__in=configured)
    models = sorted(set(stale.values_list("model", flat=True)))
    if not models:
        return 0
    deleted, _ = stale.delete()  # the search indexes never loaded them: nothing to stamp
    audit("embeddings.pruned", actor=ACTOR, target_type="tenant", target_id=get_active_tenant().pk,
          data={"models": models, "deleted": deleted})
    return deleted


def reembed_tenant(models: Sequence[str] | None = None, *, batch_size: int = BATCH_SIZE, duty: float = DUTY,
                   progress: Progress | None = None) -> list[ReembedResult]:
    """Reconcile the active tenant's stored vectors with the configuration: missing ones computed, those of
    dropped models deleted."""
    vectors_prune()
    return [reembed_model(name, batch_size=batch_size, duty=duty, progress=progress)
            for name in (models or [e.name for e in embedders()])]


@task()
def reembed_task(tenant_id: str, models: list[str] | None = None) -> dict[str, Any]:
    """``reembed_tenant`` for one tenant, on the worker; logs its progress every tenth of the way."""
    tenant = Tenant.objects.get(pk=tenant_id)
    marks: dict[str, int] = {}

    def log(model: str, done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth > marks.get(model, -1):
            marks[model] = tenth
            logger.info("re-embedding %s for tenant %s: %d of %d memories", model, tenant.slug, done, total)

    with tenant_scope(tenant):
        results = reembed_tenant(models, progress=log)
    return {r.model: {"missing": r.missing, "embedded": r.embedded, "skipped": r.skipped} for r in results}


def reembed_enqueue(tenant: Tenant, models: Sequence[str] | None = None) -> bool:
    """Queue ``reembed_task`` for the tenant if it lacks any vector. Returns whether it did."""
    with tenant_scope(tenant):
        wanted = [name for name in (models or [e.name for e in embedders()]) if vectors_missing(name)]
        stale = MemoryVector.objects.exclude(model__in=[e.name for e in embedders()[1:]]).exists()
    if not wanted and not stale:
        return False
    reembed_task.enqueue(str(tenant.pk), list(wanted) or None)
    return True


def reembed_queued(tenant: Tenant) -> bool:
    """Whether a re-embedding task of the tenant waits for the worker or runs (per the queue's rows; a
    worker killed mid-run leaves its row RUNNING, and ``reembed --background`` queues another)."""
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.filter(task_path=f"{__name__}.reembed_task", status__in=["READY", "RUNNING"],
                                       args_kwargs__args__contains=[str(tenant.pk)]).exists()
