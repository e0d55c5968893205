"""Resolving review items: pending memories and conflict pairs. One transaction, versioned, audited."""

from __future__ import annotations

import uuid

from django.db import IntegrityError, transaction
from django.utils import timezone

from memories.choices import REVIEW_ACTIONS, ChangeKind, ReviewKind, ReviewResolution, ReviewStatus, Status
from memories.models import Memory, ReviewItem
from memories.write.revisions import memory_merge
from memories.write.versions import bump, review_close_open
from mnemara.errors import Conflict, NotFound, ValidationFailed
from tenants.audit import audit

ACTIONS = tuple(str(action) for action in REVIEW_ACTIONS)


def review_get(item_id: uuid.UUID | str) -> ReviewItem:
    item = ReviewItem.objects.select_related("memory__scope", "other_memory__scope").filter(pk=item_id).first()
    if item is None:
        raise NotFound("Review item not found.")
    return item


def _keep(winner: Memory, loser: Memory | None, actor: str, reason: str) -> None:
    if winner.status != Status.ACTIVE:
        bump(winner, ChangeKind.RESOLVE, actor, reason=reason, status=Status.ACTIVE).save()
        audit("memory.resolved", actor=actor, target_type="memory", target_id=winner.pk,
              data={"status": Status.ACTIVE, "version": winner.version})
    if loser is not None and loser.status != Status.DEPRECATED:
        bump(loser, ChangeKind.RESOLVE, actor, reason=reason, status=Status.DEPRECATED,
             superseded_by=winner, valid_to=timezone.now()).save()
        audit("memory.resolved", actor=actor, target_type="memory", target_id=loser.pk,
              data={"status": Status.DEPRECATED, "version": loser.version, "superseded_by": str(winner.pk)})
        # The loser's own review items (e.g. it was pending too) have nothing left to decide.
        review_close_open(loser, actor, ReviewResolution.SUPERSEDED)


def _reject(memory: Memory, actor: str, reason: str) -> None:
    if memory.status != Status.DEPRECATED:
        bump(memory, ChangeKind.RESOLVE, actor, reason=reason, status=Status.DEPRECATED,
             valid_to=timezone.now()).save()
        audit("memory.resolved", actor=actor, target_type="memory", target_id=memory.pk,
              data={"status": Status.DEPRECATED, "version": memory.version})


def review_resolve(*, item_id: uuid.UUID | str, action: str, actor: str, content: str | None = None,
                   reason: str = "") -> ReviewItem:
    """accept/keep_new: the item's (newer) memory wins; keep_old: the other one wins; merge: both merge.

    reject: the item's memory is deprecated. For a conflict pair that means the old side wins (as
    keep_old); for a pending item the related memory is left as it is: rejecting one pending write
    must not silently activate another one that is still waiting for its own review.
    """
    if action not in ACTIONS:
        raise ValidationFailed("Unknown action.", fields={"action": [f"One of: {', '.join(ACTIONS)}."]})
    item = review_get(item_id)
    if item.status != ReviewStatus.OPEN:
        raise Conflict("This review item is already resolved.", code="already_resolved")
    new, old = item.memory, item.other_memory
    if action == "merge":
        if old is None:
            # The request is well formed; the item is not a pair: a conflict with its state, as already_resolved is.
            raise Conflict("Only a pair can be merged.", code="not_a_pair")
        merged = memory_merge(memory_ids=[old.pk, new.pk], actor=actor, content=content, reason=reason or "review")
        return _close(item_id, action, actor, {"merged_into": str(merged.pk)})
    try:
        with transaction.atomic():
            if not ReviewItem.objects.select_for_update().filter(pk=item.pk, status=ReviewStatus.OPEN).exists():
                raise Conflict("This review item is already resolved.", code="already_resolved")
            why = reason or f"review: {action}"
            if action in ("accept", "keep_new"):
                # The pending write wins over the memory it would have changed: that one is superseded.
                _keep(new, old, actor, why)
            elif old is not None and (action == "keep_old" or item.kind == ReviewKind.CONFLICT):
                _keep(old, new, actor, why)
            else:
                _reject(new, actor, why)
            return _close(item_id, action, actor, {})
    except IntegrityError as exc:  # the winner's text is live again elsewhere in its scope
        raise Conflict("Another live memory in this scope already has this content.",
                       code="duplicate_content") from exc


def _close(item_id: uuid.UUID | str, action: str, actor: str, data: dict[str, str]) -> ReviewItem:
    with transaction.atomic():
        # Merge already closed the item (as "merged") inside memory_merge; record the requested action.
        ReviewItem.objects.filter(pk=item_id).update(
            status=ReviewStatus.RESOLVED, resolution=action, resolved_by=actor, resolved_at=timezone.now())
        audit("review.resolved", actor=actor, target_type="review_item", target_id=item_id,
              data={"action": action, **data})
    return review_get(item_id)
