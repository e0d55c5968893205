"""Every vocabulary of the memory domain: stored values (English identifiers, as the API sends them)
with translated labels for people (``get_FOO_display``, the ``label`` template filter)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class MemoryType(models.TextChoices):
    FACT = "fact", _("fact")
    PREFERENCE = "preference", _("preference")
    TASK = "task", _("task")
    SUMMARY = "summary", _("summary")
    NOTE = "note", _("note")


class Provenance(models.TextChoices):
    STATED = "stated", _("stated")
    INFERRED = "inferred", _("inferred")


class Status(models.TextChoices):
    ACTIVE = "active", _("active")
    PENDING = "pending", _("pending")
    CONFLICTED = "conflicted", _("conflicted")
    DEPRECATED = "deprecated", _("deprecated")


LIVE_STATUSES = (Status.ACTIVE, Status.PENDING, Status.CONFLICTED)


class ChangeKind(models.TextChoices):
    """What a memory version records."""

    CREATE = "create", _("created")
    UPDATE = "update", _("updated")
    SUPERSEDE = "supersede", _("superseded")
    MERGE = "merge", _("merged")
    DEPRECATE = "deprecate", _("deprecated")
    RESTORE = "restore", _("restored")
    RESOLVE = "resolve", _("resolved")


class ReviewKind(models.TextChoices):
    PENDING = "pending", _("pending")
    CONFLICT = "conflict", _("conflict")


class ReviewStatus(models.TextChoices):
    OPEN = "open", _("open")
    RESOLVED = "resolved", _("resolved")


class ReviewResolution(models.TextChoices):
    """How a review item was closed: by a person's action, or by a change to its memory."""

    ACCEPT = "accept", _("accepted")
    REJECT = "reject", _("rejected")
    KEEP_OLD = "keep_old", _("kept the old one")
    KEEP_NEW = "keep_new", _("kept the new one")
    MERGE = "merge", _("merged")
    SUPERSEDED = "superseded", _("superseded")
    EDITED = "edited", _("edited")
    DEPRECATED = "deprecated", _("deprecated")
    MERGED = "merged", _("merged")


REVIEW_ACTIONS = (ReviewResolution.ACCEPT, ReviewResolution.REJECT, ReviewResolution.KEEP_OLD,
                  ReviewResolution.KEEP_NEW, ReviewResolution.MERGE)


class JobStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    SUCCEEDED = "succeeded", _("succeeded")
    FAILED = "failed", _("failed")
    CANCELLED = "cancelled", _("cancelled")


class JobKind(models.TextChoices):
    """extract: POST /extract on given messages; session: every N turns; close: summary + extraction on close."""

    EXTRACT = "extract", _("extract")
    SESSION = "session", _("session")
    CLOSE = "close", _("close")


VOCABULARIES: tuple[type[models.TextChoices], ...] = (
    MemoryType, Provenance, Status, ChangeKind, ReviewKind, ReviewStatus, ReviewResolution, JobStatus, JobKind,
)
