"""Entity chains: several open review items about one (scope, entity), asked one after the other as each
newer write contradicted the previous (light → dark → purple gives three items about two pairs).

A person answers a chain once: which of its memories holds (``reviews.review_decide_chain``). This module
finds the chains among review items; it writes nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memories.choices import LIVE_STATUSES, TRUTH_TYPES, ReviewStatus
from memories.models import Memory, MemoryVersion, ReviewItem
from memories.write.truth import Group, group_of


@dataclass
class Chain:
    """The open items of one group (oldest first) and their live memories in the order they were written."""

    group: Group
    items: list[ReviewItem]
    memories: list[Memory] = field(default_factory=list)
    writers: dict[uuid.UUID, str] = field(default_factory=dict)  # memory id -> the actor of its first version

    @property
    def key(self) -> str:
        """A stable id for the chain's card: its oldest item's."""
        return str(self.items[0].pk)

    @property
    def entity(self) -> str:
        return self.group[1]

    @property
    def newest(self) -> Memory:
        return self.memories[-1]

    @property
    def item_ids(self) -> list[uuid.UUID]:
        return [i.pk for i in self.items]


def _item_group(item: ReviewItem) -> Group | None:
    """The group an item is about, if both its memories belong to it."""
    group = group_of(item.memory)
    if group is None or (item.other_memory is not None and group_of(item.other_memory) != group):
        return None
    return group


def chains_of(items: Iterable[ReviewItem]) -> list[Chain]:
    """The chains the open ``items`` belong to, with all their open items (also those not among ``items``,
    e.g. on another page or outside a filter): a chain is two or more open items about one group."""
    wanted = {g for g in (_item_group(i) for i in items if i.status == ReviewStatus.OPEN) if g is not None}
    if not wanted:
        return []
    chains = [Chain(group, grouped) for group, grouped in _open_items(wanted).items() if len(grouped) > 1]
    for chain in chains:
        sides = {m.pk: m for i in chain.items for m in i.sides if m.status in LIVE_STATUSES}
        chain.memories = sorted(sides.values(), key=lambda m: (m.created_at, str(m.pk)))
    chains = [c for c in chains if len(c.memories) > 1]
    writers = dict(MemoryVersion.objects.filter(memory_id__in=[m.pk for c in chains for m in c.memories], version=1)
                   .values_list("memory_id", "actor"))
    for chain in chains:
        chain.writers = {m.pk: writers.get(m.pk, "") for m in chain.memories}
    return sorted(chains, key=lambda c: (c.items[0].created_at, c.key))


def _open_items(wanted: set[Group]) -> dict[Group, list[ReviewItem]]:
    """Every open item about each of the ``wanted`` groups, oldest first."""
    rows = (ReviewItem.objects.select_related("memory__scope", "memory__subject", "other_memory__scope",
                                              "other_memory__subject")
            .filter(status=ReviewStatus.OPEN, memory__scope_id__in={s for s, _ in wanted},
                    memory__entity__in={e for _, e in wanted}, memory__type__in=TRUTH_TYPES)
            .order_by("created_at", "id"))
    found: dict[Group, list[ReviewItem]] = {}
    for item in rows:
        group = _item_group(item)
        if group in wanted:
            assert group is not None
            found.setdefault(group, []).append(item)
    return found


def chain_of_items(item_ids: Sequence[uuid.UUID]) -> Chain | None:
    """The chain made of exactly these open items, or None (one of them was decided, or the chain grew)."""
    items = list(ReviewItem.objects.select_related("memory__scope", "other_memory__scope")
                 .filter(pk__in=item_ids, status=ReviewStatus.OPEN))
    if len(items) != len(set(item_ids)):
        return None
    chains = chains_of(items)
    if len(chains) != 1 or set(chains[0].item_ids) != set(item_ids):
        return None
    return chains[0]
