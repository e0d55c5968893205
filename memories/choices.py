"""Every vocabulary of the memory domain: stored values (English identifiers, as the API sends them)
with translated labels for people (``get_FOO_display``, the ``label`` template filter)."""

from __future__ import annotations

from collections.abc import Callable

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


# Facts and preferences about one entity of one scope: at most one of them is active ("one live truth"),
# unless a person kept several on purpose (``Memory.kept_alongside``). See memories/write/truth.py.
TRUTH_TYPES = (MemoryType.FACT, MemoryType.PREFERENCE)


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
    KEEP_BOTH = "keep_both", _("kept both")
    REPLACED = "replaced", _("replaced by a new review item")


REVIEW_ACTIONS = (ReviewResolution.ACCEPT, ReviewResolution.REJECT, ReviewResolution.KEEP_OLD,
                  ReviewResolution.KEEP_NEW, ReviewResolution.MERGE, ReviewResolution.KEEP_BOTH)


# Reasons shown to people are stored as a code and its parameters (ids, a session, an action) and put
# into words in the reader's language when shown: ``%(memory)s`` names a memory (a link on the dashboard),
# ``%(memories)s`` several, ``%(session)s`` a session, ``%(action)s`` a review action (its label),
# ``%(entity)s`` an entity key. The API's English ``reason`` text is the same words in English
# (memories/write/reasons.py). Kept out of VOCABULARIES: their labels are sentences with placeholders.

class ReviewReason(models.TextChoices):
    """Why a review item was opened."""

    CONTRADICTS = "contradicts", _("contradicting preference")
    INFERRED = "inferred_write", _("inferred by a model")
    LOW_CONFIDENCE = "low_confidence", _("confidence below the review threshold")
    INFERRED_CHANGE = "inferred_change", _("inferred by a model; would change %(memory)s")
    LOW_CONFIDENCE_CHANGE = "low_confidence_change", _("confidence below the review threshold; would change %(memory)s")
    AMBIGUOUS = "ambiguous_fact", _(
        "may be the same fact as %(memory)s: one of them names something the other does not")
    IMPORTED_PENDING = "imported_pending", _("was waiting for review in the export it was imported from")
    ASKED_ALONE = "asked_alone", _("waits for a decision; the memory it was compared with is gone")
    SEVERAL_ACTIVE = "several_active", _("more than one active memory about %(entity)s")
    STILL_CONTRADICTS = "still_contradicts", _("still contradicts %(memory)s after a decision about a related memory")
    SAME_WORDING = "same_wording", _("says what %(memory)s says, in other words: merge them?")
    CORRECTION = "agent_correction", _("agent correction; would change %(memory)s")
    CORRECTION_ALONE = "agent_correction_alone", _("agent correction")
    SAME_SLOT = "same_slot", _("another value of the same attribute: %(slot)s is %(old)s in %(memory)s, %(new)s here")


class VersionReason(models.TextChoices):
    """Why the system wrote a memory version (a person's own words are kept as they typed them)."""

    EXPIRED = "expired", _("expired")
    OVERWRITTEN = "overwritten", _("overwritten by a higher-confidence write")
    OVERWRITTEN_SESSION = "overwritten_session", _("overwritten by a higher-confidence write from session %(session)s")
    SUPERSEDES = "supersedes", _("supersedes %(memory)s")
    SUPERSEDED_BY = "superseded_by", _("superseded by %(memory)s")
    CONFLICTS_WITH = "conflicts_with", _("conflicts with %(memory)s")
    INFERRED = "inferred_write", _("inferred by a model")
    LOW_CONFIDENCE = "low_confidence", _("confidence below the review threshold")
    AMBIGUOUS = "ambiguous_fact", _("may be the same fact as %(memory)s")
    MERGED = "merged", _("merged")
    MERGED_FROM = "merged_from", _("merged from %(memories)s")
    REVIEW = "review", _("review: %(action)s")
    SEVERAL_ACTIVE = "several_active", _("%(memory)s about the same entity was made active")
    LAST_STANDING = "last_standing", _("nothing contradicts it any more")
    KEPT_ALONGSIDE = "kept_alongside", _("kept active alongside %(memory)s by a person")
    UNDONE = "undone", _("review decision undone")
    KEY_REPLACED = "key_replaced", _("replaced by a write to its key")
    SAME_WORDING = "same_wording", _("the same as %(memory)s in other words")
    MERGE_UNDONE = "merge_undone", _("merge undone")
    IMPORTED = "imported", _("imported from an export")
    CORRECTION = "agent_correction", _("agent correction of %(memory)s")


class MentionAction(models.TextChoices):
    """What an erasure does to another person's memory that names the person (memories/compliance/mentions.py)."""

    REDACT = "redact", _("redact the name")
    DELETE = "delete", _("delete the memory")
    KEEP = "keep", _("keep as it is")


class JobStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    SUCCEEDED = "succeeded", _("succeeded")
    FAILED = "failed", _("failed")
    CANCELLED = "cancelled", _("cancelled")


class BulkStatus(models.TextChoices):
    """A bulk review decision's life: decided item by item by the worker, then perhaps undone as a whole."""

    QUEUED = "queued", _("queued")
    RUNNING = "running", _("deciding")
    DONE = "done", _("decided")
    UNDO_QUEUED = "undo_queued", _("undo queued")
    UNDOING = "undoing", _("undoing")
    UNDONE = "undone", _("undone")


class JobKind(models.TextChoices):
    """extract: POST /extract on given messages; session: every N turns; close: summary + extraction on close;
    import: a history import's extraction, one imported conversation after the other (oldest first);
    export: an audit export made now or re-issued (``memories.compliance.export_jobs``)."""

    EXTRACT = "extract", _("extract")
    SESSION = "session", _("session")
    CLOSE = "close", _("close")
    IMPORT = "import", _("import")
    EXPORT = "export", _("export")


VOCABULARIES: tuple[type[models.TextChoices], ...] = (
    MemoryType, Provenance, Status, ChangeKind, ReviewKind, ReviewStatus, ReviewResolution, JobStatus, JobKind,
)


def reason_words(vocabulary: type[models.TextChoices], code: str, params: dict[str, object],
                 show: Callable[[str, object], str], escape: Callable[[str], str] = str) -> str:
    """A stored reason in words of the active language: its code's label (through ``escape``) with each
    parameter put in by ``show(name, value)`` (plain text for the API, a link on the dashboard). An
    unknown code is ''."""
    try:
        label = escape(str(vocabulary(code).label))
    except ValueError:
        return ""
    values = {name: show(name, value) for name, value in params.items()}
    try:
        return label % values if "%(" in label else label
    except (KeyError, TypeError, ValueError):  # a translation that names another parameter: still words
        return label
