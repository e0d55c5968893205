"""Feedback from agents on recalled memories: the input of the dashboard's quality charts.

A correction that names the memories it corrects is an edit with evidence: at once a pending proposal
paired with the (first) memory it names, through the write flow (``MemoryInput.corrects``; the policy's
last row), so a person sees the existing memory beside the proposed one with the agent's reason, and
accepting it supersedes the old one (``memories.write.reviews``).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.db import transaction

from memories.choices import Provenance, ReviewStatus, Status
from memories.models import Feedback, Memory, ReviewItem
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.reasons import review_reason
from memories.write.truth import CORRECTION_MARK
from mnemara.kernel.errors import Conflict, NotFound, ValidationFailed
from tenants.audit import audit

# How far a correction follows ``superseded_by`` from a memory that changed since the agent recalled it.
SUCCESSOR_HOPS = 10


def feedback_record(*, memory_ids: Sequence[uuid.UUID | str], useful: bool | None, correction: str,
                    actor: str, query: str = "", reason: str = "") -> Feedback:
    """One feedback row and its (content-free) audit event, in one transaction; a correction that names
    memories becomes a pending proposal paired with the first of them (``Feedback.review_item``), unless it
    says what a live memory of that scope already says."""
    with transaction.atomic():
        feedback = Feedback.objects.create(memory_ids=[str(i) for i in memory_ids], useful=useful,
                                           correction=correction, query=query, reason=reason, actor=actor)
        audit("feedback.created", actor=actor, target_type="feedback", target_id=feedback.pk,
              data={"memories": len(memory_ids), "useful": useful, "correction": bool(correction)})
        if correction.strip() and memory_ids:
            target = _corrected(feedback)
            if target is not None:
                feedback.review_item = _propose(feedback, target, actor)
    return feedback


def _corrected(feedback: Feedback) -> Memory | None:
    """The memory a correction corrects: the first it names, or what superseded it since (its live successor)."""
    memory = Memory.objects.select_related("scope", "subject").filter(pk__in=feedback.memory_ids[:1]).first()
    for _ in range(SUCCESSOR_HOPS):
        if memory is None or memory.status != Status.DEPRECATED or memory.superseded_by_id is None:
            break
        memory = Memory.objects.select_related("scope", "subject").filter(pk=memory.superseded_by_id).first()
    return memory


def _propose(feedback: Feedback, target: Memory, actor: str) -> ReviewItem | None:
    """Write the correction as a pending proposal paired with ``target``; its open review item (None: the
    scope already holds these words, so there is nothing to decide)."""
    key = target.key
    if key is not None and Memory.objects.filter(scope=target.scope, key=key, status=Status.PENDING).exists():
        key = None  # one proposal per key at a time: this one waits beside it, unaddressed
    [result] = memory_create(items=[MemoryInput(
        scope=target.scope.path, subject=target.subject.external_id if target.subject else None,
        type=target.type, entity=target.entity, key=key, content=feedback.correction,
        provenance=Provenance.INFERRED, confidence=min(target.confidence, 0.5), corrects=target.pk,
        metadata={CORRECTION_MARK: str(feedback.pk)})], actor=actor)
    item = ReviewItem.objects.filter(memory=result.memory, status=ReviewStatus.OPEN).first()
    if item is None:
        return None
    if feedback.reason:  # the agent's reason rides with the question, as a person's note does
        params = {k: v for k, v in item.reason_params.items() if k != "note"}  # one note: this agent's
        fields = review_reason(item.reason_code, note=feedback.reason, **params).fields()
        ReviewItem.objects.filter(pk=item.pk).update(**fields)
    Feedback.objects.filter(pk=feedback.pk).update(review_item=item)
    audit("feedback.reviewed", actor=actor, target_type="feedback", target_id=feedback.pk,
          data={"review_item": str(item.pk)})
    return ReviewItem.objects.get(pk=item.pk)


def feedback_review_open(*, feedback_id: uuid.UUID | str, actor: str) -> ReviewItem:
    """Put an agent's correction to the review queue (feedback recorded before corrections became proposals
    at once, or one whose proposal was decided and is asked again): as ``feedback_record`` does, paired with
    the memory it corrects. Once per feedback while its item is open."""
    with transaction.atomic():
        feedback = Feedback.objects.select_for_update().filter(pk=feedback_id).first()
        if feedback is None:
            raise NotFound("Feedback not found.")
        if feedback.review_item_id is not None:
            raise Conflict("This feedback is already in the review queue.", code="already_reviewed")
        if not feedback.correction.strip():
            raise ValidationFailed("Only a correction can be reviewed.", fields={"feedback": ["No correction."]})
        target = _corrected(feedback)
        if target is None:
            raise ValidationFailed("The memory it corrects is gone.", fields={"feedback": ["No memory."]})
        item = _propose(feedback, target, actor)
        if item is None:
            raise Conflict("The memory already says what the correction says.", code="nothing_to_review")
    return item
