"""One live truth per fact: the invariant every change to memories ends with.

Facts and preferences about one entity of one scope form a *group*. After every write (the write flow,
an edit, a deprecation, a restore, a merge, a deletion, a review decision) ``truth_settle`` brings the
groups and review items it touched back to these rules, in the caller's transaction:

1. at most one active memory per group, unless a person kept several on purpose (``kept_alongside``);
   a second one is put in conflict with the one just acted on (else the newest) and asked about;
2. a conflicted memory always has an open conflict item with a live memory on its other side: when the
   other side is gone, the question is asked again against the group's active memory (a new item that
   ``replaces`` the old one), or, if nothing contradicts it any more, the memory becomes active;
3. a pending memory always has an open pending item; one that would change a memory now gone is asked
   again against the group's active memory;
4. an item whose question was answered elsewhere (one side deprecated, merged, superseded, or its
   pending memory accepted) is closed, and only then: a conflict is never closed while both of its
   memories are live.

It answers what it did to the *siblings* of the change (``Settlement``), so a screen can say so where
the person acted. Every change it makes is versioned and audited like any other.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from memories.choices import (
    LIVE_STATUSES,
    TRUTH_TYPES,
    ChangeKind,
    Provenance,
    ReviewKind,
    ReviewReason,
    ReviewResolution,
    ReviewStatus,
    Status,
    VersionReason,
)
from memories.models import Memory, ReviewItem
from memories.write.reasons import Reason, review_reason, version_reason
from memories.write.versions import bump, lock_scope
from tenants.audit import audit_event
from tenants.scoping import get_active_tenant

Group = tuple[uuid.UUID, str]  # (scope id, entity)
# The metadata key of a memory written from an agent's correction (memories/write/feedback.py): its feedback id.
CORRECTION_MARK = "from_feedback"


@dataclass
class SiblingNote:
    """What happened to one review item because of the change: ``closed`` (its question was answered),
    ``replaced`` (asked again as ``new_item``) or ``open`` (still to decide, its memories may have moved)."""

    item: ReviewItem
    outcome: str
    new_item: ReviewItem | None = None


@dataclass
class Settlement:
    notes: list[SiblingNote] = field(default_factory=list)
    # Memories whose status this settlement changed: (memory, status before).
    moved: list[tuple[Memory, str]] = field(default_factory=list)
    created: list[ReviewItem] = field(default_factory=list)


def group_of(memory: Memory) -> Group | None:
    if memory.entity and memory.type in TRUTH_TYPES:
        return (memory.scope_id, memory.entity)
    return None


def pending_reason(memory: Memory, other: Memory | None, *, imported: bool = False) -> Reason:
    """Why ``memory`` waits for a person (``other``: the memory it would change, if any). The policy sends a
    write to review for being inferred or below the tenant's threshold; a stated one at or above it waits only
    because it may be the same fact as ``other`` (``Sameness.AMBIGUOUS``), because an export recorded it
    waiting (``imported``), or because what it was asked against is gone."""
    if memory.metadata.get(CORRECTION_MARK):  # an agent's correction stays one when asked again
        return (review_reason(ReviewReason.CORRECTION, memory=other.pk) if other is not None
                else review_reason(ReviewReason.CORRECTION_ALONE))
    if memory.provenance == Provenance.INFERRED:
        return (review_reason(ReviewReason.INFERRED_CHANGE, memory=other.pk) if other is not None
                else review_reason(ReviewReason.INFERRED))
    if memory.confidence < get_active_tenant().review_threshold:
        return (review_reason(ReviewReason.LOW_CONFIDENCE_CHANGE, memory=other.pk) if other is not None
                else review_reason(ReviewReason.LOW_CONFIDENCE))
    if other is not None:
        return review_reason(ReviewReason.AMBIGUOUS, memory=other.pk)
    return review_reason(ReviewReason.IMPORTED_PENDING if imported else ReviewReason.ASKED_ALONE)


class _Settler:
    def __init__(self, actor: str, because: str, prefer: uuid.UUID | None) -> None:
        self.actor, self.because, self.prefer = actor, because, prefer
        self.memories: dict[uuid.UUID, Memory] = {}
        self.groups: dict[Group, list[Memory]] = {}
        self.items: list[ReviewItem] = []
        self.closing: dict[uuid.UUID, str] = {}  # item id -> resolution
        self.replacing: dict[uuid.UUID, ReviewItem] = {}  # memory id -> the closed item it was asked in
        self.result = Settlement()

    # ------------------------------------------------------------------ loading

    def load(self, touched: set[uuid.UUID], extra_groups: Iterable[Group]) -> None:
        rows = list(Memory.objects.select_related("scope", "subject").filter(pk__in=touched))
        wanted = {g for g in (group_of(m) for m in rows) if g is not None} | set(extra_groups)
        if wanted:
            members = (Memory.objects.select_related("scope", "subject")
                       .filter(scope_id__in={s for s, _ in wanted}, entity__in={e for _, e in wanted},
                               type__in=TRUTH_TYPES, status__in=LIVE_STATUSES))
            rows += [m for m in members if (m.scope_id, m.entity) in wanted]
        for m in rows:
            self.memories.setdefault(m.pk, m)
        for m in self.memories.values():
            group = group_of(m)
            if group in wanted and m.status in LIVE_STATUSES:
                self.groups.setdefault(group, []).append(m)
        ids = list(self.memories)
        items = (ReviewItem.objects.select_related("memory__scope", "memory__subject", "other_memory__scope",
                                                    "other_memory__subject")
                 .filter(Q(memory_id__in=ids) | Q(other_memory_id__in=ids), status=ReviewStatus.OPEN)
                 .order_by("created_at", "id"))
        for item in items:
            item.memory = self.memories.setdefault(item.memory_id, item.memory)
            if item.other_memory_id is not None:
                assert item.other_memory is not None
                item.other_memory = self.memories.setdefault(item.other_memory_id, item.other_memory)
            self.items.append(item)

    # ------------------------------------------------------------------ helpers

    def _open(self) -> list[ReviewItem]:
        return [i for i in self.items if i.status == ReviewStatus.OPEN and i.pk not in self.closing]

    def _active(self, group: Group | None, besides: Memory) -> Memory | None:
        if group is None:
            return None
        actives = [m for m in self.groups.get(group, []) if m.status == Status.ACTIVE and m.pk != besides.pk]
        plain = [m for m in actives if not m.kept_alongside]
        return max(plain or actives, key=lambda m: (m.updated_at, m.created_at), default=None)

    def _move(self, memory: Memory, status: str, change: str, reason: Reason) -> None:
        before = memory.status
        bump(memory, change, self.actor, reason=reason, status=status).save()
        self.result.moved.append((memory, before))
        action = "memory.conflicted" if status == Status.CONFLICTED else "memory.resolved"
        audit_event(action, actor=self.actor, target_type="memory", target_id=memory.pk,
                    data={"status": status, "version": memory.version, "via": "truth"}).save()

    def _ask(self, kind: str, memory: Memory, other: Memory | None, reason: Reason, about: Memory) -> ReviewItem:
        """Open a review item (``about``: the memory whose question it is, for ``replaces``)."""
        replaces = self.replacing.get(about.pk)
        item = ReviewItem(kind=kind, memory=memory, other_memory=other, subject=memory.subject,
                          replaces=replaces, **_review_fields(reason))
        item.save()
        audit_event("review.created", actor=self.actor, target_type="review_item", target_id=item.pk,
                    data={"kind": kind, "memory_id": str(memory.pk), "via": "truth"}).save()
        self.items.append(item)
        self.result.created.append(item)
        return item

    def _explained(self, memory: Memory) -> bool:
        for item in self._open():
            other = item.other_memory
            if item.kind == ReviewKind.CONFLICT and other is not None and memory.pk in (item.memory_id, other.pk):
                partner = other if item.memory_id == memory.pk else item.memory
                if partner.status in LIVE_STATUSES:
                    return True
        return False

    def _has_pending_item(self, memory: Memory) -> bool:
        return any(i.kind == ReviewKind.PENDING and i.memory_id == memory.pk for i in self._open())

    # ------------------------------------------------------------------ the rules

    def one_active(self) -> None:
        for group, members in self.groups.items():
            actives = [m for m in members if m.status == Status.ACTIVE and not m.kept_alongside]
            if len(actives) < 2:
                continue
            preferred = [m for m in actives if m.pk == self.prefer]
            winner = preferred[0] if preferred else max(actives, key=lambda m: (m.updated_at, m.created_at))
            for loser in actives:
                if loser is winner:
                    continue
                self._move(loser, Status.CONFLICTED, ChangeKind.UPDATE,
                           version_reason(VersionReason.SEVERAL_ACTIVE, memory=winner.pk))
                paired = any(i.kind == ReviewKind.CONFLICT and {i.memory_id, i.other_memory_id} == {winner.pk, loser.pk}
                             for i in self._open())
                if not paired:
                    self._ask(ReviewKind.CONFLICT, winner, loser,
                              review_reason(ReviewReason.SEVERAL_ACTIVE, entity=group[1]), loser)

    def answered_items(self) -> None:
        """Close the items whose question is gone; remember which memory may need asking again."""
        for item in self._open():
            new, old = item.memory, item.other_memory
            if item.kind == ReviewKind.PENDING:
                if new.status != Status.PENDING:
                    self._close(item)
                elif old is not None and old.status not in LIVE_STATUSES:
                    self.replacing[new.pk] = item  # asked again against what holds now
                    self.closing[item.pk] = self.because
                continue
            if old is None or (new.status in LIVE_STATUSES and old.status in LIVE_STATUSES):
                continue
            self._close(item)
            for side in (new, old):
                if side.status == Status.CONFLICTED:
                    self.replacing[side.pk] = item

    def _close(self, item: ReviewItem) -> None:
        self.closing[item.pk] = self.because

    def orphans(self) -> None:
        """Ask again about conflicted memories left without a question, and pending ones without an item."""
        seen: set[uuid.UUID] = set()
        for memory in list(self.memories.values()):
            if memory.pk in seen or memory.status not in (Status.CONFLICTED, Status.PENDING):
                continue
            seen.add(memory.pk)
            holder = self._active(group_of(memory), memory)
            if memory.status == Status.PENDING:
                if not self._has_pending_item(memory):
                    self._ask(ReviewKind.PENDING, memory, holder, pending_reason(memory, holder), memory)
                continue
            if self._explained(memory):
                continue
            if holder is not None:
                self._ask(ReviewKind.CONFLICT, holder, memory,
                          review_reason(ReviewReason.STILL_CONTRADICTS, memory=holder.pk), memory)
            else:
                self._move(memory, Status.ACTIVE, ChangeKind.RESOLVE, version_reason(VersionReason.LAST_STANDING))

    def _successor(self, item: ReviewItem) -> ReviewItem | None:
        """The new item that asks what ``item`` asked about a memory that is still live."""
        sides = [pk for pk in (item.memory_id, item.other_memory_id) if pk is not None]
        live = {pk for pk in sides if self.memories[pk].status in LIVE_STATUSES}
        return next((new for new in self.result.created if new.replaces_id == item.pk), None) or next(
            (new for new in self.result.created if live & {new.memory_id, new.other_memory_id}), None)

    def close_all(self) -> None:
        # A closed item whose question was asked again reads "replaced"; the rest what answered them.
        for item in self.items:
            if item.pk not in self.closing:
                continue
            successor = self._successor(item)
            if successor is not None:
                self.closing[item.pk] = ReviewResolution.REPLACED
                if successor.replaces_id is None:
                    successor.replaces = item
                    successor.save(update_fields=["replaces"])
            self.result.notes.append(SiblingNote(item, "replaced" if successor else "closed", successor))
        by_resolution: dict[str, list[uuid.UUID]] = {}
        for item_id, resolution in self.closing.items():
            by_resolution.setdefault(resolution, []).append(item_id)
        now = timezone.now()
        for resolution, ids in by_resolution.items():
            ReviewItem.objects.filter(pk__in=ids, status=ReviewStatus.OPEN).update(
                status=ReviewStatus.RESOLVED, resolution=resolution, resolved_by=self.actor, resolved_at=now)
            for item_id in ids:
                audit_event("review.resolved", actor=self.actor, target_type="review_item", target_id=item_id,
                            data={"action": resolution, "via": "truth"}).save()
        for item in self.items:
            if item.pk in self.closing:
                item.status, item.resolution = ReviewStatus.RESOLVED, self.closing[item.pk]
        noted = {n.item.pk for n in self.result.notes}
        self.result.notes += [SiblingNote(i, "open") for i in self.items
                              if i.status == ReviewStatus.OPEN and i.pk not in noted
                              and i not in self.result.created]


def _review_fields(reason: Reason) -> dict[str, object]:
    fields = reason.fields()
    return {"reason": fields["reason"], "reason_code": fields["reason_code"], "reason_params": fields["reason_params"]}


def truth_settle(*, touched: Iterable[uuid.UUID], actor: str, because: str,
                 prefer: uuid.UUID | None = None, groups: Iterable[Group] = ()) -> Settlement:
    """Bring what ``touched`` (memory ids) belongs to back to one live truth. Call inside the writer's
    transaction, after its change. ``because``: the resolution of items the change answered;
    ``prefer``: the memory a person just made active (else the newest active wins meanwhile);
    ``groups``: more (scope id, entity) groups to check (an entity that was edited away)."""
    settler = _Settler(actor, because, prefer)
    settler.load(set(touched), groups)
    settler.one_active()
    settler.answered_items()
    settler.orphans()
    settler.close_all()
    return settler.result


def clash_groups(limit: int = 200) -> list[Group]:
    """Groups with more than one active memory no person kept together: what the write paths never
    leave, but older data (or rows written around the services) may hold."""
    rows = (Memory.objects.filter(status=Status.ACTIVE, kept_alongside=False, type__in=TRUTH_TYPES)
            .exclude(entity="").order_by().values_list("scope_id", "entity")
            .annotate(n=Count("id")).filter(n__gt=1).order_by("scope_id", "entity")[:limit])
    return [(scope_id, entity) for scope_id, entity, _ in rows]


def clashes_settle(*, actor: str, groups: Iterable[Group] | None = None) -> Settlement:
    """Turn groups with several active memories into review questions (the newest is used meanwhile)."""
    chosen = list(clash_groups() if groups is None else groups)
    if not chosen:
        return Settlement()
    with transaction.atomic():
        for scope_id in sorted({s for s, _ in chosen}, key=str):
            lock_scope(scope_id)
        return truth_settle(touched=[], actor=actor, because=ReviewResolution.SUPERSEDED, groups=chosen)
