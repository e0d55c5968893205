"""Resolving review items: pending memories and conflict pairs. One transaction, versioned, audited.

Every decision ends with ``truth.truth_settle``: the item's siblings (other items about the same
memories or the same entity) are re-evaluated, and what happened to them is part of the answer.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from memories.choices import (
    LIVE_STATUSES,
    REVIEW_ACTIONS,
    ChangeKind,
    ReviewKind,
    ReviewResolution,
    ReviewStatus,
    Status,
    VersionReason,
)
from memories.models import Memory, ReviewItem
from memories.write.chains import Chain, chain_of_items
from memories.write.lineage import lineage_add, links_save, subject_ids_of
from memories.write.reasons import Reason, version_reason
from memories.write.revisions import duplicate_guard, merge_settled
from memories.write.truth import Settlement, truth_settle
from memories.write.versions import bump, lock_scope
from mnemara.kernel.errors import Conflict, NotFound, ValidationFailed
from tenants.audit import audit

ACTIONS = tuple(str(action) for action in REVIEW_ACTIONS)


@dataclass
class Decision:
    """A resolved item and what the decision did to its siblings."""

    item: ReviewItem
    settlement: Settlement = field(default_factory=Settlement)
    merged: Memory | None = None


def review_get(item_id: uuid.UUID | str) -> ReviewItem:
    item = (ReviewItem.objects.select_related("memory__scope", "memory__subject", "other_memory__scope",
                                              "other_memory__subject").filter(pk=item_id).first())
    if item is None:
        raise NotFound("Review item not found.")
    return item


def _still_waits(memory: Memory, item: ReviewItem) -> bool:
    """The memory is the older side of another open conflict whose newer side is live: it stays conflicted
    (the newer one is used meanwhile) until that question is decided too."""
    return (ReviewItem.objects.filter(kind=ReviewKind.CONFLICT, status=ReviewStatus.OPEN, other_memory=memory,
                                      memory__status__in=LIVE_STATUSES).exclude(pk=item.pk).exists())


class _Changes:
    """The memories a decision changes, with their status before and version after (for undo).

    ``people``: everyone the item's memories are about. A person's note on the decision is stored only on the
    versions of memories about all of them (the winner, which carries the loser's people; both sides when they
    are about the same people), so the erasure of any of them reaches it; the other versions get the decision
    without the note. The item itself keeps the note (``resolution_params``), and goes with either side.
    """

    def __init__(self, actor: str, reason: Reason, people: set[uuid.UUID] | None = None) -> None:
        self.actor, self.reason, self.people = actor, reason, people or set()
        self.record: dict[str, list[object]] = {}

    def _reason_for(self, memory: Memory) -> Reason:
        if not self.reason.note or self.people <= set(subject_ids_of(memory)):
            return self.reason
        return replace(self.reason, note="")

    def move(self, memory: Memory, status: str, *, always: bool = False, **fields: Any) -> None:
        """``always``: a new version even if nothing else changes (the memory's people did)."""
        if memory.status == status and not fields and not always:
            return
        before = memory.status
        bump(memory, ChangeKind.RESOLVE, self.actor, reason=self._reason_for(memory), status=status,
             **fields).save()
        self.record[str(memory.pk)] = [before, memory.version]
        audit("memory.resolved", actor=self.actor, target_type="memory", target_id=memory.pk,
              data={"status": status, "version": memory.version,
                    **({"superseded_by": str(fields["superseded_by"].pk)} if fields.get("superseded_by") else {})})


def _decide(item: ReviewItem, action: str, changes: _Changes) -> Memory | None:
    """Apply the action to the item's memories; the winner (the memory a person chose), if any."""
    new, old = item.memory, item.other_memory
    if action == ReviewResolution.KEEP_BOTH:
        if old is None:
            # The request is well formed; the item is not a pair: a conflict with its state, as already_resolved is.
            raise Conflict("Only a pair can be kept together.", code="not_a_pair")
        for m in (new, old):
            changes.move(m, Status.ACTIVE, kept_alongside=True)
        return new
    if action in (ReviewResolution.ACCEPT, ReviewResolution.KEEP_NEW):
        winner, loser = new, old  # the pending write wins over the memory it would have changed
    elif old is not None and (action == ReviewResolution.KEEP_OLD or item.kind == ReviewKind.CONFLICT):
        winner, loser = old, new
    else:  # reject a pending memory: the related one (perhaps pending itself) is left as it is
        changes.move(new, Status.DEPRECATED, valid_to=timezone.now())
        return None
    # The loser goes first: a keyed proposal and the memory it would replace hold the same key, which only
    # one of them may hold while active.
    if loser is not None and loser.status != Status.DEPRECATED:
        changes.move(loser, Status.DEPRECATED, superseded_by=winner, valid_to=timezone.now())
    carried = lineage_add(winner, subject_ids_of(loser)) if loser is not None else []
    # The winner now stands in for what the loser said: it is about the loser's people too, exactly as after
    # the write flow's supersession, so an erasure of one of them reaches it; its new version records them.
    links_save((winner.pk, subject) for subject in carried)
    changes.move(winner, Status.CONFLICTED if _still_waits(winner, item) else Status.ACTIVE, always=bool(carried))
    return winner


def review_decide(*, item_id: uuid.UUID | str, action: str, actor: str, content: str | None = None,
                  reason: str = "", bulk: str = "") -> Decision:
    """accept/keep_new: the item's (newer) memory wins; keep_old: the other one wins; keep_both: both stay
    active (a person's deliberate exception to one live truth); merge: both merge into a new memory.

    reject: the item's memory is deprecated. For a conflict pair that means the old side wins (as
    keep_old); for a pending item the related memory is left as it is: rejecting one pending write
    must not silently activate another one that is still waiting for its own review.

    ``bulk``: the bulk decision this one is part of (``review_bulk``), recorded on the item for its undo.
    """
    if action not in ACTIONS:
        raise ValidationFailed("Unknown action.", fields={"action": [f"One of: {', '.join(ACTIONS)}."]})
    item = review_get(item_id)
    if item.status != ReviewStatus.OPEN:
        raise Conflict("This review item is already resolved.", code="already_resolved")
    if action == ReviewResolution.MERGE:
        return _merge(item, actor, content, reason)
    try:
        with transaction.atomic():
            if not ReviewItem.objects.select_for_update().filter(pk=item.pk, status=ReviewStatus.OPEN).exists():
                raise Conflict("This review item is already resolved.", code="already_resolved")
            people = {s for m in item.sides for s in subject_ids_of(m)}
            changes = _Changes(actor, version_reason(VersionReason.REVIEW, note=reason, action=action), people)
            winner = _decide(item, action, changes)
            for m in item.sides:  # unchanged ones too: an undo must not overwrite a later edit of either
                changes.record.setdefault(str(m.pk), [m.status, m.version])
            _close(item, action, actor, {"memories": changes.record, **({"note": reason} if reason else {}),
                                         **({"bulk": bulk} if bulk else {})})
            settlement = truth_settle(touched=[item.memory_id, *([item.other_memory_id] if item.other_memory_id
                                                                  else [])],
                                      actor=actor, because=ReviewResolution.SUPERSEDED,
                                      prefer=winner.pk if winner is not None else None)
    except IntegrityError as exc:  # the winner's text is live again elsewhere in its scope
        raise duplicate_guard(exc) from exc
    return Decision(review_get(item.pk), settlement)


def _merge(item: ReviewItem, actor: str, content: str | None, reason: str) -> Decision:
    old = item.other_memory
    if old is None:
        raise Conflict("Only a pair can be merged.", code="not_a_pair")
    with transaction.atomic():
        # Taken out of the open queue first, so the merge's settlement does not close (and audit) it as well:
        # the decision is one event, written by ``_close`` once the merged memory is known.
        if not ReviewItem.objects.filter(pk=item.pk, status=ReviewStatus.OPEN).update(
                status=ReviewStatus.RESOLVED, resolution=ReviewResolution.MERGE, resolved_by=actor):
            raise Conflict("This review item is already resolved.", code="already_resolved")
        merged = merge_settled(memory_ids=[old.pk, item.memory_id], actor=actor, content=content,
                               reason=reason)
        _close(item, ReviewResolution.MERGE, actor,
               {"merged_into": str(merged.memory.pk), **({"note": reason} if reason else {})})
    notes = [n for n in merged.settlement.notes if n.item.pk != item.pk]
    return Decision(review_get(item.pk), Settlement(notes, merged.settlement.moved, merged.settlement.created),
                    merged.memory)


def review_resolve(*, item_id: uuid.UUID | str, action: str, actor: str, content: str | None = None,
                   reason: str = "") -> ReviewItem:
    """``review_decide`` for callers that need only the resolved item (the API)."""
    return review_decide(item_id=item_id, action=action, actor=actor, content=content, reason=reason).item


def _close(item: ReviewItem, action: str, actor: str, params: dict[str, object]) -> None:
    ReviewItem.objects.filter(pk=item.pk).update(
        status=ReviewStatus.RESOLVED, resolution=action, resolved_by=actor, resolved_at=timezone.now(),
        resolution_params=params)
    audit("review.resolved", actor=actor, target_type="review_item", target_id=item.pk,
          data={"action": action, **({"merged_into": params["merged_into"]} if "merged_into" in params else {})})


BULK_MAX = 1000


def selection_fingerprint(item_ids: list[uuid.UUID]) -> str:
    """What a person saw when confirming a bulk decision: the matching items, as one short hash."""
    return hashlib.sha256(",".join(sorted(str(i) for i in item_ids)).encode()).hexdigest()[:32]


UNDOABLE = (ReviewResolution.ACCEPT, ReviewResolution.REJECT, ReviewResolution.KEEP_OLD, ReviewResolution.KEEP_NEW,
            ReviewResolution.KEEP_BOTH)


def undo_blocker(item: ReviewItem) -> str:
    """Why a person's decision cannot be undone (``""``: it can). Only while every memory it changed is
    still at the version the decision left it at: a later change is never overwritten."""
    if item.status != ReviewStatus.RESOLVED or (item.resolution not in UNDOABLE
                                                and not item.resolution_params.get("chain")):
        return "not_a_decision"
    record: dict[str, list[Any]] = item.resolution_params.get("memories", {})
    current = dict(Memory.objects.filter(pk__in=list(record)).values_list("pk", "version"))
    if any(current.get(uuid.UUID(pk)) != after for pk, (_, after) in record.items()):
        return "changed_since"
    return ""


def review_undo(*, item_id: uuid.UUID | str, actor: str) -> Decision:
    """Put the memories a decision changed back as they were (as new versions) and open the item again."""
    item = review_get(item_id)
    try:
        with transaction.atomic():
            locked = ReviewItem.objects.select_for_update().filter(pk=item.pk).first()
            if locked is None or undo_blocker(locked):
                raise Conflict("This decision can no longer be undone: its memories changed since.",
                               code="undo_impossible")
            changes = _Changes(actor, version_reason(VersionReason.UNDONE))
            record: dict[str, list[Any]] = locked.resolution_params.get("memories", {})
            memories = Memory.objects.select_related("scope").filter(pk__in=list(record))
            # Those leaving the settled statuses first (a key is held by one settled memory at a time).
            for memory in sorted(memories, key=lambda m: record[str(m.pk)][0] in (Status.ACTIVE, Status.CONFLICTED)):
                before = record[str(memory.pk)][0]
                live: dict[str, Any] = {"superseded_by": None, "valid_to": None} if before in LIVE_STATUSES else {}
                changes.move(memory, before, kept_alongside=False, **live)
            # A chain was decided at once: all of its items open again.
            reopened = locked.resolution_params.get("chain") or [str(item.pk)]
            ReviewItem.objects.filter(pk__in=reopened).update(status=ReviewStatus.OPEN, resolution="", resolved_by="",
                                                              resolved_at=None, resolution_params={})
            for reopened_id in reopened:
                audit("review.reopened", actor=actor, target_type="review_item", target_id=reopened_id,
                      data={"undone": locked.resolution})
            settlement = truth_settle(touched=[uuid.UUID(pk) for pk in record], actor=actor,
                                      because=ReviewResolution.SUPERSEDED)
    except IntegrityError as exc:
        raise duplicate_guard(exc) from exc
    return Decision(review_get(item.pk), settlement)


@dataclass
class ChainDecision:
    """A chain decided at once: its items (resolved), the memory kept, what the decision did elsewhere."""

    chain: Chain
    items: list[ReviewItem]
    kept: Memory
    settlement: Settlement = field(default_factory=Settlement)


def _chain_resolution(item: ReviewItem, kept: Memory) -> str:
    """How one item of a decided chain reads: its newer side kept, its older side kept, or neither."""
    if item.memory_id == kept.pk:
        return ReviewResolution.ACCEPT if item.kind == ReviewKind.PENDING else ReviewResolution.KEEP_NEW
    if item.other_memory_id == kept.pk:
        return ReviewResolution.KEEP_OLD
    return ReviewResolution.SUPERSEDED


def review_decide_chain(*, item_ids: list[uuid.UUID], keep: uuid.UUID | str, actor: str,
                        reason: str = "") -> ChainDecision:
    """One decision for an entity chain (``chains.chain_of_items``): ``keep`` (one of its memories) holds,
    every other memory of the chain is superseded by it (deprecated, ``superseded_by``, its people carried to
    the kept one), every item of the chain is closed, in one transaction, versioned and audited, ending with
    ``truth_settle``. The items must still form exactly that chain (else 409 ``stale_chain``, nothing
    changed); one ``review_undo`` of any of its items reopens them all."""
    with transaction.atomic():
        locked = list(ReviewItem.objects.select_for_update().filter(pk__in=item_ids, status=ReviewStatus.OPEN)
                      .values_list("pk", flat=True))
        chain = chain_of_items(item_ids) if len(locked) == len(set(item_ids)) else None
        if chain is None:
            raise Conflict("The items of this chain changed since you looked: look again.", code="stale_chain")
        kept = next((m for m in chain.memories if str(m.pk) == str(keep)), None)
        if kept is None:
            raise ValidationFailed("Keep one of the chain's memories.", fields={"keep": ["Not in this chain."]})
        lock_scope(chain.group[0])
        people = {s for m in chain.memories for s in subject_ids_of(m)}
        action = ReviewResolution.KEEP_NEW if kept is chain.newest else ReviewResolution.KEEP_OLD
        changes = _Changes(actor, version_reason(VersionReason.REVIEW, note=reason, action=action), people)
        carried: list[uuid.UUID] = []
        try:
            for loser in chain.memories:  # losers first: a key is held by one live memory at a time
                if loser is not kept:
                    changes.move(loser, Status.DEPRECATED, superseded_by=kept, valid_to=timezone.now())
                    carried += lineage_add(kept, subject_ids_of(loser))
            links_save((kept.pk, subject) for subject in carried)
            changes.move(kept, Status.ACTIVE, always=bool(carried))
        except IntegrityError as exc:  # the kept text is live again elsewhere in its scope
            raise duplicate_guard(exc) from exc
        for m in chain.memories:
            changes.record.setdefault(str(m.pk), [m.status, m.version])
        ids = [str(i) for i in chain.item_ids]
        for item in chain.items:
            _close(item, _chain_resolution(item, kept), actor,
                   {"memories": changes.record, "chain": ids, **({"note": reason} if reason else {})})
        audit("review.chain_resolved", actor=actor, target_type="review_item", target_id=chain.key,
              data={"items": len(ids), "memories": len(chain.memories), "kept": str(kept.pk)})
        settlement = truth_settle(touched=[m.pk for m in chain.memories], actor=actor,
                                  because=ReviewResolution.SUPERSEDED, prefer=kept.pk)
    resolved = [review_get(i) for i in chain.item_ids]
    return ChainDecision(chain, resolved, Memory.objects.get(pk=kept.pk), settlement)
