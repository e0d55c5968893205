from __future__ import annotations

from typing import Any

from mnemara.kernel.middleware import current_request_id
from tenants.models import AuditEvent


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
