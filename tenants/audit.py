"""The append-only audit log: what the code writes (``audit``, ``audit_event``) and the vocabulary of its actions."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from mnemara.kernel.middleware import current_request_id
from tenants.models import AuditEvent


class AuditAction(models.TextChoices):
    """Every action the code writes to the audit log, as people read it (the dotted code stays visible beside it).
    tests/tenants/test_audit_actions.py reads the code for the actions it writes and checks each is here."""

    ACCOUNT_PASSWORD_CHANGED = "account.password_changed", _("password changed")
    APIKEY_CREATED = "apikey.created", _("API key created")
    APIKEY_REVOKED = "apikey.revoked", _("API key revoked")
    EMBEDDINGS_PRUNED = "embeddings.pruned", _("vectors of removed models deleted")
    EMBEDDINGS_REEMBED_STARTED = "embeddings.reembed_started", _("re-embedding queued")
    EMBEDDINGS_REEMBEDDED = "embeddings.reembedded", _("memories re-embedded")
    EXPORT_DELETED = "export.deleted", _("export deleted")
    EXPORT_DOWNLOADED = "export.downloaded", _("export downloaded")
    EXPORT_PURGED = "export.purged", _("export purged")
    EXPORT_REISSUED = "export.reissued", _("export re-issue requested")
    EXPORT_REQUESTED = "export.requested", _("export requested")
    EXPORT_WRITTEN = "export.written", _("export written")
    FEEDBACK_CREATED = "feedback.created", _("feedback from an agent")
    FEEDBACK_REVIEWED = "feedback.reviewed", _("feedback sent to review")
    IMPORT_CREATED = "import.created", _("history import started")
    INVITATION_ACCEPTED = "invitation.accepted", _("invitation accepted")
    INVITATION_CREATED = "invitation.created", _("invitation created")
    INVITATION_DECLINED = "invitation.declined", _("invitation declined")
    INVITATION_REVOKED = "invitation.revoked", _("invitation withdrawn")
    JOB_FAILED = "job.failed", _("job failed")
    JOB_QUEUED = "job.queued", _("job queued")
    JOB_REQUEUED = "job.requeued", _("job queued again after a lost worker")
    JOB_SUCCEEDED = "job.succeeded", _("job succeeded")
    MAINTENANCE_FAILED = "maintenance.failed", _("maintenance failed")
    MEMBERSHIP_CREATED = "membership.created", _("member added")
    MEMBERSHIP_REMOVED = "membership.removed", _("member removed")
    MEMBERSHIP_ROLE_CHANGED = "membership.role_changed", _("role changed")
    MEMORY_CONFLICTED = "memory.conflicted", _("memory put in conflict")
    MEMORY_CREATED = "memory.created", _("memory created")
    MEMORY_DELETED = "memory.deleted", _("memory deleted")
    MEMORY_DEPRECATED = "memory.deprecated", _("memory deprecated")
    MEMORY_MERGED = "memory.merged", _("memories merged")
    MEMORY_PURGED = "memory.purged", _("memory purged")
    MEMORY_RESOLVED = "memory.resolved", _("memory changed by a review")
    MEMORY_RESTORED = "memory.restored", _("memory restored")
    MEMORY_SUPERSEDED = "memory.superseded", _("memory superseded")
    MEMORY_UNMERGED = "memory.unmerged", _("merge undone")
    MEMORY_UPDATED = "memory.updated", _("memory updated")
    REVIEW_BULK_RESOLVED = "review.bulk_resolved", _("review items decided together")
    REVIEW_CHAIN_RESOLVED = "review.chain_resolved", _("review chain decided")
    REVIEW_CREATED = "review.created", _("review item opened")
    REVIEW_REOPENED = "review.reopened", _("review decision undone")
    REVIEW_BULK_UNDONE = "review.bulk_undone", _("bulk review decision undone")
    REVIEW_RESOLVED = "review.resolved", _("review item resolved")
    SESSION_APPENDED = "session.appended", _("conversation turns stored")
    SESSION_CLOSED = "session.closed", _("session closed")
    SESSIONS_PURGED = "sessions.purged", _("sessions purged")
    SUBJECT_ERASED = "subject.erased", _("person erased")
    SUBJECT_EXPORTED = "subject.exported", _("person's data exported")
    TENANT_CREATED = "tenant.created", _("tenant created")
    TENANT_SETTINGS_UPDATED = "tenant.settings_updated", _("settings changed")
    WEBHOOK_CREATED = "webhook.created", _("webhook registered")
    WEBHOOK_DELETED = "webhook.deleted", _("webhook removed")
    WEBHOOK_REDELIVERED = "webhook.redelivered", _("webhook event sent again")
    WEBHOOK_UPDATED = "webhook.updated", _("webhook changed")


# What an audit event is about, as people read it.
TARGET_TYPES: dict[str, Promise] = {
    "api_key": _("API key"), "export": _("export"), "feedback": _("feedback"), "import": _("history import"),
    "invitation": _("invitation"),
    "job": _("job"), "membership": _("member"), "memory": _("memory"), "review_item": _("review item"),
    "session": _("session"), "subject": _("person"), "tenant": _("tenant"), "webhook": _("webhook"),
    "webhook_delivery": _("webhook delivery"),
}


def target_type_label(name: str) -> str:
    return str(TARGET_TYPES.get(name, name))


def audit_action_label(action: str) -> str:
    """An action in the reader's language; an action no release knows any more stays its code."""
    try:
        return str(AuditAction(action).label)
    except ValueError:
        return action


def audit_event(action: str, *, actor: str, target_type: str, target_id: object = "",
                data: dict[str, Any] | None = None) -> AuditEvent:
    """An unsaved audit event (for bulk writes). Data must stay content-free: ids, field names, counts."""
    return AuditEvent(action=action, actor=actor, target_type=target_type, target_id=str(target_id or ""),
                      data=data or {}, request_id=current_request_id())


def audit(action: str, *, actor: str, target_type: str, target_id: object = "",
          data: dict[str, Any] | None = None) -> AuditEvent:
    event = audit_event(action, actor=actor, target_type=target_type, target_id=target_id, data=data)
    event.save()
    return event
