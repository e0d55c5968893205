"""What one write request does to the database, collected and written in bulk (``Writer``), and what it
answers for each input (``WriteResult``): the write flow's (``flow.py``) hands."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from memories.choices import ChangeKind, ReviewResolution
from memories.models import Memory, MemoryMention, MemoryVector, MemoryVersion, ReviewItem, Scope
from memories.write.lineage import lineage_add, links_save, subject_ids_of
from memories.write.mentions import mention_rows, mentions_save
from memories.write.policy import Action
from memories.write.prepare import Prepared, memory_new
from memories.write.reasons import Reason
from memories.write.truth import group_of, truth_settle
from memories.write.vectors import secondary_rows, secondary_set, vectors_save
from memories.write.versions import bump, snapshot
from tenants.audit import audit_event
from tenants.models import AuditEvent, Subject


@dataclass
class WriteResult:
    memory: Memory
    action: Action
    related: list[uuid.UUID] = field(default_factory=list)
    redacted: list[str] = field(default_factory=list)


class Writer:
    """Applies decisions inside the request's transaction; collects rows and writes them in bulk.

    New memories are inserted at ``flush`` (one INSERT per table for the batch). A later item of the
    same batch may change one of them before that: ``change`` then edits it in place and records the
    version, exactly what ``bump`` does for a stored memory.
    """

    def __init__(self, actor: str) -> None:
        self.actor = actor
        self.memories: list[Memory] = []
        # Created or changed by this batch, per scope: candidates for the batch's later items.
        self.touched: dict[uuid.UUID, dict[uuid.UUID, Memory]] = {}
        self.versions: list[MemoryVersion] = []
        self.events: list[AuditEvent] = []
        self.reviews: list[ReviewItem] = []
        self.links: list[tuple[uuid.UUID, uuid.UUID]] = []  # (memory, subject) lineage links to add
        self.vectors: dict[uuid.UUID, list[MemoryVector]] = {}  # secondary models' vectors, per memory
        self.revectored: list[Memory] = []  # stored memories whose content (so vectors) this batch replaced
        self.recorded: set[uuid.UUID] = set()  # written as an export recorded them: already settled there
        self.mentions: list[MemoryMention] = []  # the people new or rewritten memories name
        self.rementioned: list[uuid.UUID] = []  # stored memories whose mentions this batch rewrites

    def link(self, memory: Memory, subject_ids: Sequence[uuid.UUID | None]) -> None:
        """Carry these subjects into the memory's lineage (before its next version is taken)."""
        self.links += [(memory.pk, subject_id) for subject_id in lineage_add(memory, subject_ids)]

    def create(self, p: Prepared, scope: Scope, subject: Subject | None, status: str, reason: str | Reason = "",
               derived_from: Memory | None = None) -> Memory:
        memory = memory_new(p, scope, subject, status)
        self.mentions += mention_rows(memory, p.people, p.known)
        self.vectors[memory.pk] = secondary_rows(memory, p.embedded)
        secondary_set(memory, p.embedded)
        self.link(memory, [subject.pk if subject else None,
                           *(subject_ids_of(derived_from) if derived_from is not None else [])])
        self.memories.append(memory)
        self.touched.setdefault(memory.scope_id, {})[memory.pk] = memory
        self.versions.append(snapshot(memory, ChangeKind.CREATE, self.actor, reason))
        self.events.append(audit_event("memory.created", actor=self.actor, target_type="memory",
                                       target_id=memory.pk, data={"status": status, "type": memory.type,
                                                                  "scope_id": str(scope.pk)}))
        return memory

    def change(self, memory: Memory, change: str, reason: Reason, **fields: Any) -> None:
        if memory._state.adding:  # created by this batch, not inserted yet
            fields["updated_at"] = timezone.now()
            for name, value in fields.items():
                setattr(memory, name, value)
            memory.version += 1
            self.versions.append(snapshot(memory, change, self.actor, reason))
        else:
            self.versions.append(bump(memory, change, self.actor, reason=reason, **fields))
        self.touched.setdefault(memory.scope_id, {})[memory.pk] = memory

    def revector(self, memory: Memory, p: Prepared) -> None:
        """The memory now holds ``p``'s content: its secondary vectors and mentions are ``p``'s (written at flush)."""
        if not memory._state.adding:
            self.revectored.append(memory)
            self.rementioned.append(memory.pk)
        self.mentions = [row for row in self.mentions if row.memory_id != memory.pk]
        self.mentions += mention_rows(memory, p.people, p.known)
        self.vectors[memory.pk] = secondary_rows(memory, p.embedded)
        secondary_set(memory, p.embedded)

    def review(self, kind: str, memory: Memory, other: Memory | None, reason: Reason) -> None:
        fields = reason.fields()
        self.reviews.append(ReviewItem(kind=kind, memory=memory, other_memory=other, subject=memory.subject,
                                       reason=fields["reason"], reason_code=fields["reason_code"],
                                       reason_params=fields["reason_params"]))

    def flush(self) -> None:
        Memory.objects.bulk_create(self.memories)
        vectors_save([v for rows in self.vectors.values() for v in rows], replacing=self.revectored)
        links_save(self.links)
        mentions_save(self.mentions, replacing=self.rementioned)
        if self.reviews:
            ReviewItem.objects.bulk_create(self.reviews)
            for item in self.reviews:
                self.events.append(audit_event("review.created", actor=self.actor, target_type="review_item",
                                               target_id=item.pk, data={"kind": item.kind,
                                                                        "memory_id": str(item.memory_id)}))
        MemoryVersion.objects.bulk_create(self.versions)
        AuditEvent.objects.bulk_create(self.events)

    def settle(self, results: list[WriteResult]) -> None:
        """One live truth for what the batch touched (a memory created with no entity touches nothing)."""
        plain = {r.memory.pk for r in results if r.action is Action.CREATED
                 and (group_of(r.memory) is None or r.memory.pk in self.recorded)}
        touched = [pk for memories in self.touched.values() for pk in memories if pk not in plain]
        if touched:
            truth_settle(touched=touched, actor=self.actor, because=ReviewResolution.SUPERSEDED)
