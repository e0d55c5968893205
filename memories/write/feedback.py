"""Feedback from agents on recalled memories: the input of the dashboard's quality charts."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.db import transaction

from memories.models import Feedback
from tenants.audit import audit


def feedback_record(*, memory_ids: Sequence[uuid.UUID | str], useful: bool | None, correction: str,
                    actor: str) -> Feedback:
    """One feedback row and its (content-free) audit event, in one transaction."""
    with transaction.atomic():
        feedback = Feedback.objects.create(memory_ids=[str(i) for i in memory_ids], useful=useful,
                                           correction=correction, actor=actor)
        audit("feedback.created", actor=actor, target_type="feedback", target_id=feedback.pk,
              data={"memories": len(memory_ids), "useful": useful, "correction": bool(correction)})
    return feedback
