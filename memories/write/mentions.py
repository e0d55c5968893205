"""The people a memory names, stored as ``MemoryMention`` rows beside its subjects.

Found by ``memories.write.people.people_of`` in the content (Chinese names, English names, kinship words bound to
the speaker) and by the tenant's known people: a subject's external id or one of its aliases found as a whole word
(``known_names``: one query for a batch). A mention of a known person links to them (``MemoryMention.subject``).

The write flow writes them in its transaction (``memories.write.flow``); a content edit rewrites them
(``mentions_replace``); ``manage.py backfill_people`` reads the memories written before these rules, or by older
ones (``Memory.people_version``), resumably, and also fills their attribute slots (``Memory.slots``).
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django_tasks import task

from memories.models import Memory, MemoryMention
from memories.write.people import Person, memory_speaker, owner_keys, people_of, speaker_of
from memories.write.sql import known_names_rows, memories_stamp
from memories.write.text import normalise_content
from mnemara.kernel.errors import ValidationFailed
from tenants.audit import audit
from tenants.models import Subject, Tenant
from tenants.scoping import get_active_tenant, tenant_scope

logger = logging.getLogger(__name__)

PEOPLE_RULES_VERSION = 3  # 3: a scope owner's slots keyed as the plain speaker's (people.slot_speaker)
_NOT_A_NAME = re.compile(r"[\d\W_]+")  # an id of digits and punctuation ("123", "u-7") is nobody's name


def known_names(texts: Sequence[str]) -> dict[str, uuid.UUID]:
    """The active tenant's people named in any of ``texts``: case-folded external id or alias → subject id.
    Ids made only of digits and punctuation are never looked for (``123`` would be found in every number)."""
    if not texts:
        return {}
    rows = known_names_rows(get_active_tenant().pk, [text.casefold() for text in texts])
    known: dict[str, uuid.UUID] = {}
    for subject_id, external_id, aliases in rows:
        for name in (external_id, *(aliases or [])):
            name = (name or "").strip().casefold()
            if len(name) >= 2 and not _NOT_A_NAME.fullmatch(name):
                known.setdefault(name, subject_id)
    return known


def people_in(text: str, known: Mapping[str, uuid.UUID]) -> list[Person]:
    """The people ``text`` names, the tenant's known people among them (``known``: ``known_names``)."""
    return people_of(text, known=[name for name in known if name in text.casefold()])


def mention_rows(memory: Memory, people: Iterable[Person], known: Mapping[str, uuid.UUID]) -> list[MemoryMention]:
    rows: dict[str, MemoryMention] = {}
    for person in people:
        name = person.key[:200]
        rows.setdefault(name, MemoryMention(memory_id=memory.pk, name=name, kin=person.kin[:40],
                                            subject_id=known.get(person.name) if person.name else None))
    return list(rows.values())


def mentions_save(rows: Sequence[MemoryMention], replacing: Iterable[uuid.UUID] = ()) -> None:
    """Store mention rows; ``replacing``: memories whose mentions these rows replace (their content changed, or
    the backfill read them again). Those are stamped for the search indexes, which hold each memory's mentions
    (memories/recall/index/cache.py): a new memory's own insert stamps it, a replaced one's mentions may change
    with no column the stamp watches (the backfill; an edit that leaves the search words as they were)."""
    replaced = list(replacing)
    if replaced:
        MemoryMention.objects.filter(memory_id__in=replaced).delete()
    if rows:
        MemoryMention.objects.bulk_create(rows, ignore_conflicts=True)
    if replaced:
        memories_stamp(sorted(replaced))


def mentions_replace(memory: Memory) -> None:
    """Read a stored memory's content again: its mentions, in the caller's transaction."""
    known = known_names([memory.content])
    mentions_save(mention_rows(memory, people_in(memory.content, known), known), replacing=[memory.pk])


def subject_alias_add(*, subject: Subject, alias: str, actor: str) -> Subject:
    """Join another spelling of a person's name to them ("Zhang Wei" and "张伟"): content naming it mentions
    them from now on, and the mentions already recorded under it are linked to them. Audited."""
    folded = " ".join(alias.split()).casefold()
    if not folded or len(folded) > 200:
        raise ValidationFailed("An alias of 1 to 200 characters.", fields={"alias": ["1 to 200 characters."]})
    with transaction.atomic():
        locked = Subject.objects.select_for_update().get(pk=subject.pk)
        if folded not in locked.aliases and folded != locked.external_id.casefold():
            locked.aliases = [*locked.aliases, folded]
            locked.save(update_fields=["aliases"])
        linked = MemoryMention.objects.filter(name=folded, subject__isnull=True).update(subject=locked)
        audit("subject.alias_added", actor=actor, target_type="subject", target_id=locked.pk,
              data={"mentions_linked": linked})
    return locked


def names_of(memory_ids: Iterable[uuid.UUID]) -> dict[uuid.UUID, list[str]]:
    """The names each memory mentions (case-folded), in order of appearance is not kept: sorted."""
    found: dict[uuid.UUID, list[str]] = {}
    for memory_id, name in (MemoryMention.objects.filter(memory_id__in=list(memory_ids))
                            .order_by("name").values_list("memory_id", "name")):
        found.setdefault(memory_id, []).append(name)
    return found


# --------------------------------------------------------------------------- backfill

BATCH_SIZE = 500


def people_stale_count() -> int:
    """The active tenant's memories that the current people/slot rules have not read."""
    return Memory.objects.exclude(people_version=PEOPLE_RULES_VERSION).count()


def people_backfill_tenant(*, batch_size: int = BATCH_SIZE) -> int:
    """Read the active tenant's unread memories (mentions and slots), ``batch_size`` at a time, each batch in one
    short transaction that skips rows another holds: a run killed at any moment loses only its batch in flight,
    and the next starts from what is still unread. Returns how many memories were read."""
    from memories.write.slots import slot_keys, slots_of

    done = 0
    while True:
        with transaction.atomic():
            rows = list(Memory.objects.exclude(people_version=PEOPLE_RULES_VERSION).select_related("subject", "scope")
                        .order_by("pk").select_for_update(skip_locked=True, of=("self",))
                        .only("pk", "content", "subject__external_id", "scope__path")[:batch_size])
            if not rows:
                break
            texts = [normalise_content(m.content) for m in rows]
            known = known_names(texts)
            mentions: list[MemoryMention] = []
            for memory, text in zip(rows, texts, strict=True):
                memory.slots = owner_keys(slot_keys(slots_of(text, memory_speaker(memory))), speaker_of(memory),
                                          memory.scope.path)
                memory.people_version = PEOPLE_RULES_VERSION
                mentions += mention_rows(memory, people_in(text, known), known)
            mentions_save(mentions, replacing=[m.pk for m in rows])
            Memory.objects.bulk_update(rows, ["slots", "people_version"])
        done += len(rows)
    return done


@task()
def people_backfill_task(tenant_id: str) -> dict[str, Any]:
    """``people_backfill_tenant`` for one tenant, on the worker."""
    tenant = Tenant.objects.get(pk=tenant_id)
    with tenant_scope(tenant):
        done = people_backfill_tenant()
    logger.info("people and slots read for tenant %s: %d memories", tenant.slug, done)
    return {"read": done}


def people_backfill_enqueue(tenant: Tenant) -> bool:
    """Queue ``people_backfill_task`` for the tenant if any of its memories is unread. Returns whether it did."""
    with tenant_scope(tenant):
        if not Memory.objects.exclude(people_version=PEOPLE_RULES_VERSION).exists():
            return False
    people_backfill_task.enqueue(str(tenant.pk))
    return True
