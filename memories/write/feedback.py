"""Feedback from agents on recalled memories: the input of the dashboard's quality charts."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.db import transaction

from memories.choices import Provenance, ReviewStatus
from memories.models import Feedback, Memory, ReviewItem
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from mnemara.kernel.errors import Conflict, NotFound, ValidationFailed
from tenants.audit import audit


def feedback_record(*, memory_ids: Sequence[uuid.UUID | str], useful: bool | None, correction: str,
                    actor: str, query: str = "") -> Feedback:
    """One feedback row and its (content-free) audit event, in one transaction."""
    with transaction.atomic():
        feedback = Feedback.objects.create(memory_ids=[str(i) for i in memory_ids], useful=useful,
                                           correction=correction, query=query, actor=actor)
        audit("feedback.created", actor=actor, target_type="feedback", target_id=feedback.pk,
              data={"memories": len(memory_ids), "useful": useful, "correction": bool(correction)})
    return feedback


def feedback_review_open(*, feedback_id: uuid.UUID | str, actor: str) -> ReviewItem:
    """Put an agent's correction to the review queue: it is written through the write flow as an inferred
    memory about what it corrects (same scope, type, entity and person), so it waits as a pending write
    (or a conflict) against that memory, and a person decides. Once per feedback."""
    with transaction.atomic():
        feedback = Feedback.objects.select_for_update().filter(pk=feedback_id).first()
        if feedback is None:
            raise NotFound("Feedback not found.")
        if feedback.review_item_id is not None:
            raise Conflict("This feedback is already in the review queue.", code="already_reviewed")
        if not feedback.correction.strip():
            raise ValidationFailed("Only a correction can be reviewed.", fields={"feedback": ["No correction."]})
        target = Memory.objects.select_related("scope", "subject").filter(pk__in=feedback.memory_ids).first()
        if target is None:
            raise ValidationFailed("The memory it corrects is gone.", fields={"feedback": ["No memory."]})
        [result] = memory_create(items=[MemoryInput(
            scope=target.scope.path, subject=target.subject.external_id if target.subject else None,
            type=target.type, entity=target.entity, content=feedback.correction, provenance=Provenance.INFERRED,
            confidence=min(target.confidence, 0.5), metadata={"from_feedback": str(feedback.pk)})], actor=actor)
        item = ReviewItem.objects.filter(memory=result.memory, status=ReviewStatus.OPEN).first()
        if item is None:
            raise Conflict("The memory already says what the correction says.", code="nothing_to_review")
        Feedback.objects.filter(pk=feedback.pk).update(review_item=item)
        audit("feedback.reviewed", actor=actor, target_type="feedback", target_id=feedback.pk,
              data={"review_item": str(item.pk)})
    return item
