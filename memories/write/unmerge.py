"""Undoing a merge: the sources as they were before it, the merged memory retired, in one versioned step.

Only while nothing changed since: the merged memory is still at the version the merge wrote, and every
source still at its merge version (a later edit is never overwritten). Its review item, if a person merged
a pair from the queue, is open again; ``truth_settle`` then asks about what contradicts again.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from memories.choices import LIVE_STATUSES, ChangeKind, ReviewResolution, ReviewStatus, Status, VersionReason
from memories.models import Memory, MemoryVersion, ReviewItem
from memories.write.reasons import version_reason
from memories.write.revisions import duplicate_guard
from memories.write.truth import Settlement, truth_settle
from memories.write.versions import VersionConflict, bump, memory_get
from mnemara.kernel.errors import Conflict
from tenants.audit import audit


@dataclass
class Unmerged:
    merged: Memory
    sources: list[Memory]
    settlement: Settlement


def _merge_record(merged: Memory) -> tuple[list[Memory], dict[uuid.UUID, str]] | None:
    """The sources of ``merged`` with the status each had before the merge; None when the merge cannot be
    undone (not a merge, or something changed since)."""
    first = MemoryVersion.objects.filter(memory=merged).order_by("version").first()
    if first is None or first.change != ChangeKind.MERGE or merged.version != first.version:
        return None
    ids = [uuid.UUID(str(i)) for i in (first.reason_params or {}).get("memories", [])]
    sources = list(Memory.objects.select_related("scope").filter(pk__in=ids, superseded_by=merged))
    if len(ids) < 2 or len(sources) != len(ids):
        return None
    before: dict[uuid.UUID, str] = {}
    for source in sources:
        last, previous = MemoryVersion.objects.filter(memory=source).order_by("-version")[:2]
        if last.change != ChangeKind.MERGE or last.version != source.version:
            return None
        before[source.pk] = previous.status
    return sources, before


def is_merge(memory: Memory) -> bool:
    """Whether a merge made this memory (its first version is the merge's)."""
    first = MemoryVersion.objects.filter(memory=memory).order_by("version").values_list("change", flat=True).first()
    return first == ChangeKind.MERGE


def merge_undo_blocker(merged: Memory) -> str:
    """Why a merge cannot be undone ("": it can)."""
    if merged.status not in LIVE_STATUSES:
        return "not_live"
    return "" if _merge_record(merged) is not None else "changed_since"


def merge_undo(*, memory_id: uuid.UUID | str, actor: str, expected_version: int | None = None) -> Unmerged:
    """Retire the merged memory and put its sources back as they were, as new versions, audited: the one
    service behind the dashboard's Undo and ``POST /api/v1/memories/{id}/unmerge``.

    ``expected_version``: the merged memory's version the caller saw (stale → ``VersionConflict``, 409).
    Refusals (409): ``not_a_merge`` (no merge made this memory), ``undo_impossible`` (it or a source changed
    since, or it is no longer live)."""
    merged = memory_get(memory_id)
    try:
        with transaction.atomic():
            Memory.objects.select_for_update().filter(pk=merged.pk).first()
            merged = memory_get(memory_id)
            if expected_version is not None and merged.version != expected_version:
                raise VersionConflict(merged)
            if not is_merge(merged):
                raise Conflict("This memory was not made by a merge: there is nothing to undo.",
                               code="not_a_merge")
            record = _merge_record(merged) if merged.status in LIVE_STATUSES else None
            if record is None:
                raise Conflict("This merge can no longer be undone: its memories changed since.",
                               code="undo_impossible")
            sources, before = record
            why = version_reason(VersionReason.MERGE_UNDONE)
            # The merged memory first: it may hold the key its sources get back.
            bump(merged, ChangeKind.DEPRECATE, actor, reason=why, status=Status.DEPRECATED,
                 valid_to=timezone.now()).save()
            # Those going back to a settled status last (a key is held by one settled memory at a time).
            for source in sorted(sources, key=lambda m: before[m.pk] in (Status.ACTIVE, Status.CONFLICTED)):
                bump(source, ChangeKind.RESTORE, actor, reason=why, status=before[source.pk], valid_to=None,
                     superseded_by=None).save()
            _reopen(merged, actor)
            audit("memory.unmerged", actor=actor, target_type="memory", target_id=merged.pk,
                  data={"sources": [str(m.pk) for m in sources], "version": merged.version})
            audit("memory.deprecated", actor=actor, target_type="memory", target_id=merged.pk,
                  data={"version": merged.version, "via": "unmerge"})
            settlement = truth_settle(touched=[m.pk for m in sources], actor=actor,
                                      because=ReviewResolution.SUPERSEDED)
    except IntegrityError as exc:
        raise duplicate_guard(exc) from exc
    return Unmerged(memory_get(merged.pk), [memory_get(m.pk) for m in sources], settlement)


def _reopen(merged: Memory, actor: str) -> None:
    """A person's merge from the review queue: that question is open again."""
    for item in ReviewItem.objects.filter(status=ReviewStatus.RESOLVED, resolution=ReviewResolution.MERGE,
                                          resolution_params__merged_into=str(merged.pk)):
        ReviewItem.objects.filter(pk=item.pk).update(status=ReviewStatus.OPEN, resolution="", resolved_by="",
                                                     resolved_at=None, resolution_params={})
        audit("review.reopened", actor=actor, target_type="review_item", target_id=item.pk,
              data={"undone": ReviewResolution.MERGE})
