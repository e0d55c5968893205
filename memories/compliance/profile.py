"""A person's profile, derived from their memories and auditable: the current value of each attribute slot
(memories/write/slots.py) and the people around them, each linked to the memory that says it.

Read from the person's live, active memories (about them: ``subject`` or lineage, or in their personal scope),
where a slot's subject is the speaker ("I live in Porto." saved about them) or the person by name, and from the
other memories that mention them (``MemoryMention``) where a slot's subject is one of their names ("Joanna said
Nate works at Google."). Per attribute the value of the active memory that became true last (``valid_from``, then
``created_at``) wins; ``history`` keeps the older values (active, or deprecated by a newer memory), newest
first. No language model writes it: every value
is a memory's own words, reduced to the slot's value.

A person nobody sent as a ``subject`` but whom memories name in plain text ("Li Na moved to York.", "张伟现在在
腾讯工作。") has a profile too, read from those mentions alone (``mentioned_profile``).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.db.models import Q, QuerySet

from memories.choices import Status
from memories.models import Memory, MemoryMention
from memories.representation import iso
from memories.write.related import memory_slots
from memories.write.slots import SELF
from tenants.models import Subject


def _names(subject: Subject) -> set[str]:
    return {subject.external_id.casefold(), *(a.casefold() for a in subject.aliases or [])}


def _slot(attribute: str, found: list[dict[str, Any]]) -> dict[str, Any]:
    entries = [{k: v for k, v in f.items() if k != "current"} for f in found]
    at = next(i for i, f in enumerate(found) if f["current"])
    return {"attribute": attribute, **entries[at], "history": entries[at + 1:]}


def subject_profile(subject: Subject, own: QuerySet[Memory],
                    scope_ids: Sequence[uuid.UUID] | None = None) -> dict[str, Any]:
    """``own``: the person's memories (``memories.compliance.subjects``); ``scope_ids``: read only the memories
    of these scopes (``/context``: the searched ones), None: all of them."""
    names = _names(subject)
    mentioning = MemoryMention.objects.filter(Q(subject=subject) | Q(name__in=names))
    return _profile(subject.external_id, names, own, mentioning, scope_ids)


def mentioned(name: str) -> bool:
    """Whether a memory of the active tenant names ``name`` (case aside) in its content."""
    return MemoryMention.objects.filter(name=name.strip().casefold()).exists()


def mentioned_profile(name: str) -> dict[str, Any]:
    """The profile of a person known only by the memories that name them (no ``Subject``): the slots those
    memories fill about ``name``; no "people around them" (nothing is theirs)."""
    names = {name.strip().casefold()}
    return _profile(name, names, Memory.objects.none(), MemoryMention.objects.filter(name__in=names), None)


def _profile(external_id: str, names: set[str], own: QuerySet[Memory], mentioning: QuerySet[MemoryMention],
             scope_ids: Sequence[uuid.UUID] | None) -> dict[str, Any]:
    if scope_ids is not None:
        own = own.filter(scope_id__in=list(scope_ids))
        mentioning = mentioning.filter(memory__scope_id__in=list(scope_ids))
    # Active memories give the current values; the ones they superseded, the history.
    memories = (Memory.objects.filter(Q(pk__in=own.values("pk")) | Q(pk__in=mentioning.values("memory_id")))
                .filter(Q(status=Status.ACTIVE) | Q(status=Status.DEPRECATED, superseded_by__isnull=False))
                .exclude(slots=[]).select_related("subject").order_by("-valid_from", "-created_at", "-id"))
    own_ids = set(own.values_list("pk", flat=True))
    values: dict[str, list[dict[str, Any]]] = {}
    for memory in memories:
        theirs = names | ({SELF} if memory.pk in own_ids else set())
        if memory.pk in own_ids and memory.subject is not None:
            theirs.add(memory.subject.external_id.casefold())  # "I" is the memory's subject: them
        for slot in memory_slots(memory):
            if slot.subject in theirs:
                values.setdefault(slot.attribute, []).append(
                    {"value": slot.value, "memory_id": str(memory.pk), "content": memory.content,
                     "valid_from": iso(memory.valid_from), "current": memory.status == Status.ACTIVE})
    people = [{"name": m.name, "role": m.kin, "memory_id": str(m.memory_id)}
              for m in MemoryMention.objects.filter(memory_id__in=own_ids, memory__status=Status.ACTIVE)
              .exclude(name__in=names).order_by("name", "memory_id")]
    return {
        "subject": external_id,
        "slots": [_slot(attribute, found) for attribute, found in sorted(values.items())
                  if any(f["current"] for f in found)],
        "people": people,
    }
