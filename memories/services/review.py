"""Resolving review items: pending memories and conflict pairs. One transaction, versioned, audited."""

from __future__ import annotations

import uuid

from django.db import transaction
from django.utils import timezone

from memories.models import ChangeKind, Memory, ReviewItem, ReviewKind, Status
from memories.services.audit import audit
from memories.services.memories import bump
from memories.services.revisions import memory_merge
from mnemara.errors import Conflict, NotFound, ValidationFailed

ACTIONS = ("accept", "reject", "keep_old", "keep_new", "merge")


def review_get(item_id: uuid.UUID | str) -> ReviewItem:
    item = ReviewItem.objects.select_related("memory__scope", "other_memory__scope").filter(pk=item_id).first()
    if item is None:
        raise NotFound("Review item not found.")
    return item


def _keep(winner: Memory, loser: Memory | None, actor: str, reason: str) -> None:
    if winner.status != Status.ACTIVE:
        bump(winner, ChangeKind.RESOLVE, actor, reason=reason, status=Status.ACTIVE).save()
    if loser is not None and loser.status != Status.DEPRECATED:
        bump(loser, ChangeKind.RESOLVE, actor, reason=reason, status=Status.DEPRECATED,
             superseded_by=winner, valid_to=timezone.now()).save()


def review_resolve(*, item_id: uuid.UUID | str, action: str, actor: str, content: str | None = None,
                   reason: str = "") -> ReviewItem:
    """accept/keep_new: the item's (newer) memory wins; reject/keep_old: it loses; merge: both merge.

    For a pending item without a related memory, reject deprecates the pending memory.
    """
    if action not in ACTIONS:
        raise ValidationFailed("Unknown action.", fields={"action": [f"One of: {', '.join(ACTIONS)}."]})
    item = review_get(item_id)
    if item.status != "open":
        raise Conflict("This review item is already resolved.", code="already_resolved")
    new, old = item.memory, item.other_memory
    if action == "merge":
        if old is None:
            raise ValidationFailed("Only a pair can be merged.", fields={"action": ["Nothing to merge with."]})
        merged = memory_merge(memory_ids=[old.pk, new.pk], actor=actor, content=content, reason=reason or "review")
        return _close(item_id, action, actor, {"merged_into": str(merged.pk)})
    with transaction.atomic():
        if not ReviewItem.objects.select_for_update().filter(pk=item.pk, status="open").exists():
            raise Conflict("This review item is already resolved.", code="already_resolved")
        if action in ("accept", "keep_new"):
            # A pending item with a related memory that was high-confidence: accepting supersedes it.
            loser = old if (item.kind == ReviewKind.CONFLICT or old is not None) else None
            _keep(new, loser, actor, reason or f"review: {action}")
        else:
            if old is not None:
                _keep(old, new, actor, reason or f"review: {action}")
            elif new.status != Status.DEPRECATED:
                bump(new, ChangeKind.RESOLVE, actor, reason=reason or "review: rejected",
                     status=Status.DEPRECATED, valid_to=timezone.now()).save()
        return _close(item_id, action, actor, {})


def _close(item_id: uuid.UUID | str, action: str, actor: str, data: dict[str, str]) -> ReviewItem:
    with transaction.atomic():
        # Merge already closed the item (as "merged") inside memory_merge; record the requested action.
        ReviewItem.objects.filter(pk=item_id).update(
            status="resolved", resolution=action, resolved_by=actor, resolved_at=timezone.now())
        audit("review.resolved", actor=actor, target_type="review_item", target_id=item_id,
              data={"action": action, **data})
    return review_get(item_id)
