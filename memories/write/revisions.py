"""Changes to existing memories: revise (PATCH), deprecate, restore, delete, merge.

Each is one transaction with a compare-and-set on the version (``bump``); content changes are
validated, filtered for secrets and embedded before the transaction opens.
"""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from memories.choices import (
    LIVE_STATUSES,
    ChangeKind,
    MemoryType,
    Provenance,
    ReviewResolution,
    ReviewStatus,
    Status,
    VersionReason,
)
from memories.embeddings import embed_all
from memories.models import Memory, MemoryVersion, ReviewItem, text_rules_version
from memories.write import text, validation
from memories.write.lineage import lineage_add, links_save, subject_ids_of
from memories.write.mentions import mentions_replace
from memories.write.people import memory_speaker
from memories.write.prepare import MemoryInput, Prepared, memory_new, prepare_inputs, stored_and_indexed
from memories.write.reasons import version_reason
from memories.write.slots import slot_keys, slots_of
from memories.write.truth import Settlement, group_of, truth_settle
from memories.write.vectors import primary_fields, secondary_rows, vectors_save
from memories.write.versions import VersionConflict, bump, memory_get, snapshot
from mnemara.kernel.errors import Conflict, ValidationFailed
from tenants.audit import audit, audit_event
from tenants.idempotency import answers_forget

EDITABLE = ("content", "type", "entity", "metadata", "confidence", "status", "valid_to", "expires_at")


def _open_reviews(memory: Memory) -> Any:
    return ReviewItem.objects.filter(Q(memory=memory) | Q(other_memory=memory), status=ReviewStatus.OPEN)


def duplicate_guard(exc: IntegrityError) -> Conflict:
    if "memory_unique_live_key" in str(exc) or "memory_unique_pending_key" in str(exc):
        return Conflict("Another live memory in this scope already has this key.", code="duplicate_key")
    return Conflict("Another live memory in this scope already has this content.", code="duplicate_content")


def _validated_changes(changes: dict[str, Any], *, exact: bool = False, speaker: str = "") -> dict[str, Any]:
    """The fields to write; ``exact``: the memory has a key, so its content is kept as sent (``prepare``)."""
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise ValidationFailed("Unknown or read-only fields.", fields={f: ["Cannot be changed."] for f in unknown})
    if not changes:
        raise ValidationFailed("Nothing to change.", fields={"non_field_errors": ["Send at least one field."]})
    fields: dict[str, Any] = {}
    if "content" in changes:
        validation.validate_content(changes["content"])
        validation.validate_no_nul(changes["content"], "content")
        content, indexed, _ = stored_and_indexed(changes["content"], exact=exact)
        fields.update(content=content, content_hash=text.content_hash(indexed), search_text=text.search_text(indexed),
                      search_text_version=text_rules_version(), slots=slot_keys(slots_of(indexed, speaker)))
    if "type" in changes:
        fields["type"] = validation.validate_choice(changes["type"], "type", MemoryType)
    if "status" in changes:
        fields["status"] = validation.validate_choice(changes["status"], "status", Status)
    if "entity" in changes:
        fields["entity"] = validation.validate_no_nul(validation.validate_entity(changes["entity"]), "entity")
    if "metadata" in changes:
        fields["metadata"] = validation.validate_metadata(changes["metadata"])
    if "confidence" in changes:
        fields["confidence"] = validation.validate_confidence(changes["confidence"])
    for name in ("valid_to", "expires_at"):
        if name in changes:
            fields[name] = changes[name]
    return fields


def memory_revise(*, memory_id: uuid.UUID | str, expected_version: int, changes: dict[str, Any], actor: str,
                  reason: str = "") -> Memory:
    """Apply a human's or an agent's correction as a new version (compare-and-set on ``expected_version``)."""
    memory = memory_get(memory_id)
    fields = _validated_changes(changes, exact=memory.key is not None, speaker=memory_speaker(memory))
    before = group_of(memory)  # the entity it leaves, if the edit moves it
    if fields.get("valid_to") and fields["valid_to"] < memory.valid_from:  # as on create
        raise validation.field_error("valid_to", "valid_to is before valid_from.")
    embedded = embed_all([text.normalise_content(fields["content"])])[0] if "content" in fields else None
    if embedded is not None:
        fields.update(primary_fields(embedded))
    if memory.provenance == Provenance.INFERRED and fields.get("confidence", 0) >= memory.tenant.review_threshold:
        # Inferred memories never become high-confidence facts on a model's say-so: only a person
        # (a dashboard member) can vouch for one, which makes it stated.
        if not actor.startswith("user:"):
            raise validation.field_error(
                "confidence", "An inferred memory cannot be raised to high confidence by an API key; "
                "a reviewer confirms it in the dashboard or through the review queue.")
        fields["provenance"] = Provenance.STATED
    try:
        with transaction.atomic():
            version = bump(memory, ChangeKind.UPDATE, actor, reason=reason, expected_version=expected_version,
                           **fields)
            version.save()
            if embedded is not None:
                vectors_save(secondary_rows(memory, embedded), replacing=[memory])
                mentions_replace(memory)
            truth_settle(touched=[memory.pk], actor=actor, because=ReviewResolution.EDITED, prefer=memory.pk,
                         groups=[before] if before is not None else [])
            audit("memory.updated", actor=actor, target_type="memory", target_id=memory.pk,
                  data={"fields": sorted(k for k in changes), "version": memory.version})
            # Read back inside the transaction: our UPDATE holds the row, so this is the version we
            # wrote, not one a concurrent writer committed a moment later.
            written = memory_get(memory.pk)
    except IntegrityError as exc:
        raise duplicate_guard(exc) from exc
    return written


def memory_deprecate(*, memory_id: uuid.UUID | str, actor: str, reason: str = "",
                     expected_version: int | None = None) -> Memory:
    memory = memory_get(memory_id)
    if memory.status == Status.DEPRECATED:
        return memory
    with transaction.atomic():
        bump(memory, ChangeKind.DEPRECATE, actor, reason=reason, expected_version=expected_version,
             status=Status.DEPRECATED, valid_to=timezone.now()).save()
        truth_settle(touched=[memory.pk], actor=actor, because=ReviewResolution.DEPRECATED)
        audit("memory.deprecated", actor=actor, target_type="memory", target_id=memory.pk,
              data={"version": memory.version, "has_reason": bool(reason)})
        return memory_get(memory.pk)


def memory_restore(*, memory_id: uuid.UUID | str, actor: str, reason: str = "",
                   expected_version: int | None = None) -> Memory:
    memory = memory_get(memory_id)
    if memory.status == Status.ACTIVE:
        return memory
    try:
        with transaction.atomic():
            bump(memory, ChangeKind.RESTORE, actor, reason=reason, expected_version=expected_version,
                 status=Status.ACTIVE, valid_to=None, superseded_by=None).save()
            # Restored over a newer memory of the same entity: that one waits in review now.
            truth_settle(touched=[memory.pk], actor=actor, because=ReviewResolution.EDITED, prefer=memory.pk)
            audit("memory.restored", actor=actor, target_type="memory", target_id=memory.pk,
                  data={"version": memory.version})
            return memory_get(memory.pk)
    except IntegrityError as exc:
        raise duplicate_guard(exc) from exc


def memory_delete(*, memory_id: uuid.UUID | str, actor: str, expected_version: int | None = None) -> None:
    """Hard-delete a memory and all its versions; the audit log keeps a content-free tombstone."""
    memory = memory_get(memory_id)
    with transaction.atomic():
        locked = Memory.objects.select_for_update().filter(pk=memory.pk).first()
        if locked is None:
            return
        if expected_version is not None and locked.version != expected_version:
            raise VersionConflict(memory)
        versions = MemoryVersion.objects.filter(memory=locked).count()
        # Its review items go with it (CASCADE): the memories they paired it with are asked about again.
        partners = [pk for pair in _open_reviews(locked).values_list("memory_id", "other_memory_id")
                    for pk in pair if pk is not None and pk != locked.pk]
        group = group_of(locked)
        locked.delete()
        truth_settle(touched=partners, actor=actor, because=ReviewResolution.DEPRECATED,
                     groups=[group] if group is not None else [])
        answers_forget([memory.pk])
        audit("memory.deleted", actor=actor, target_type="memory", target_id=memory.pk,
              data={"versions_deleted": versions})


def memories_delete(*, memories: list[Memory], actor: str, expected_version: int | None = None) -> None:
    """Delete the live memories of a key in one transaction: ``expected_version`` is the first one's (the
    memory the key answers with); the others (a pending proposal beside it) go with it."""
    with transaction.atomic():
        for i, memory in enumerate(memories):
            memory_delete(memory_id=memory.pk, actor=actor, expected_version=expected_version if i == 0 else None)


@dataclass
class Merged:
    memory: Memory
    settlement: Settlement


def memory_merge(*, memory_ids: list[uuid.UUID | str], actor: str, content: str | None = None,
                 reason: str = "") -> Memory:
    """Merge memories of one scope into a new one; the merged ones become deprecated with superseded_by."""
    return merge_settled(memory_ids=memory_ids, actor=actor, content=content, reason=reason).memory


def merge_settled(*, memory_ids: list[uuid.UUID | str], actor: str, content: str | None = None,
                  reason: str = "") -> Merged:
    """``memory_merge``, answering also what it did to the review items of the sources and their entity
    (a third memory that contradicts the merged one is asked about, never left active beside it)."""
    ids, sources = _merge_sources(memory_ids)
    prepared = prepare_inputs([_merged_input(sources, content)])[0]
    try:
        with transaction.atomic():
            merged = _merge_write(sources, prepared, ids, actor, reason)
            settlement = truth_settle(touched=[*(m.pk for m in sources), merged.pk], actor=actor,
                                      because=ReviewResolution.MERGED, prefer=merged.pk)
    except IntegrityError as exc:
        raise duplicate_guard(exc) from exc
    return Merged(memory_get(merged.pk), settlement)


def _merge_sources(memory_ids: list[uuid.UUID | str]) -> tuple[list[str], list[Memory]]:
    """The distinct ids and their memories: at least two, live, of one scope (else a 400 or a 409)."""
    ids = list(dict.fromkeys(str(i) for i in memory_ids))
    if len(ids) < 2:
        raise ValidationFailed("Merge needs at least two different memories.", fields={"ids": ["At least two ids."]})
    sources = [memory_get(i) for i in ids]
    if len({m.scope_id for m in sources}) != 1:
        raise ValidationFailed("Only memories of the same scope can be merged.", fields={"ids": ["Mixed scopes."]})
    if any(m.status not in LIVE_STATUSES for m in sources):
        raise Conflict("A deprecated memory cannot be merged; restore it first.", code="not_live")
    return ids, sources


def _merged_input(sources: list[Memory], content: str | None) -> MemoryInput:
    """The merged memory as a write: ``content`` or the sources' texts merged, their most common type, the
    first entity, subject and session, every label, the highest confidence, stated if any source was."""
    merged_text = content if content is not None else text.merge_text([m.content for m in sources])
    # The merged memory keeps the sources' key when they had one between them (they are deprecated first).
    keys = {m.key for m in sources if m.key}
    stated = any(m.provenance == Provenance.STATED for m in sources)
    return MemoryInput(
        scope=sources[0].scope.path, content=merged_text,
        type=Counter(m.type for m in sources).most_common(1)[0][0],
        entity=next((m.entity for m in sources if m.entity), ""),
        metadata={k: v for m in sources for k, v in m.metadata.items()},
        confidence=max(m.confidence for m in sources),
        provenance=Provenance.STATED if stated else Provenance.INFERRED,
        subject=next((m.subject.external_id for m in sources if m.subject), None),
        source_session=sources[0].source_session,
        key=keys.pop() if len(keys) == 1 else None,
        # What every source says held since the earliest of them: the merge is a new wording, not a new fact.
        valid_from=min(m.valid_from for m in sources),
    )


def _merge_write(sources: list[Memory], prepared: Prepared, ids: list[str], actor: str, reason: str) -> Memory:
    """Inside the transaction: the sources deprecated, superseded by the merged memory, which is about every
    source's people; the versions and audit events of both."""
    versions = []
    for m in sources:  # deprecate first so the merged text may equal one of the sources
        # The person's note goes on the merged memory's version only: that row is about every source's
        # people, so an erasure of any of them reaches it (a source's version may be about none of them).
        versions.append(bump(m, ChangeKind.MERGE, actor, reason=version_reason(VersionReason.MERGED),
                             status=Status.DEPRECATED, valid_to=timezone.now()))
    merged = memory_new(prepared, sources[0].scope, next((m.subject for m in sources if m.subject), None),
                        Status.ACTIVE)
    # The merged text holds every source's content: it is about every source's people.
    lineage_add(merged, [s for m in sources for s in subject_ids_of(m)])
    merged.save()
    vectors_save(secondary_rows(merged, prepared.embedded))
    links_save((merged.pk, s) for s in subject_ids_of(merged))
    versions.append(snapshot(merged, ChangeKind.MERGE, actor,
                             version_reason(VersionReason.MERGED_FROM, note=reason, memories=ids)))
    for m, v in zip(sources, versions, strict=False):
        Memory.objects.filter(pk=m.pk).update(superseded_by=merged)
        v.superseded_by_id_value = merged.pk
    MemoryVersion.objects.bulk_create(versions)
    events = [audit_event("memory.merged", actor=actor, target_type="memory", target_id=merged.pk,
                          data={"sources": ids})]
    events += [audit_event("memory.deprecated", actor=actor, target_type="memory", target_id=m.pk,
                           data={"superseded_by": str(merged.pk), "via": "merge"}) for m in sources]
    for e in events:
        e.save()
    return merged
