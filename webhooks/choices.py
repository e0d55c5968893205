"""The vocabularies of webhooks, with translated labels."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class EventType(models.TextChoices):
    MEMORY_CREATED = "memory.created", _("memory created")
    MEMORY_UPDATED = "memory.updated", _("memory updated")
    MEMORY_DEPRECATED = "memory.deprecated", _("memory deprecated")
    MEMORY_DELETED = "memory.deleted", _("memory deleted")
    MEMORY_MERGED = "memory.merged", _("memories merged")
    MEMORY_UNMERGED = "memory.unmerged", _("merge undone")
    REVIEW_OPENED = "review.opened", _("review item opened")
    REVIEW_RESOLVED = "review.resolved", _("review item resolved")
    ERASURE_COMPLETED = "erasure.completed", _("erasure completed")
    EXPORT_READY = "export.ready", _("export ready")


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("pending")
    SUCCEEDED = "succeeded", _("delivered")
    FAILED = "failed", _("failed")
