"""One representation per resource: the JSON of a memory, a memory version and an audit event, with
one timestamp format (ISO 8601 in UTC, written with "Z"). The API, the GDPR subject export and the
JSONL audit export all render through here, so a memory looks the same wherever it is read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from memories.models import Memory, MemoryVersion
from memories.selectors import access_load, subject_names, subject_names_load
from tenants.models import AuditEvent


def iso(value: datetime | None) -> str | None:
    """ISO 8601 in UTC with "Z" (DRF's DateTimeField output), or None."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def memory_json(memory: Memory) -> dict[str, Any]:
    """The memory object of API.md. Written out by hand because it is on every hot path (search,
    context, batch create), where DRF's serializer cost too much per memory (docs/benchmarks.md).
    ``memories.api.serializers.MemoryOut``
    stays the schema (OpenAPI) and a test keeps the two identical."""
    return {
        "id": str(memory.id), "scope": memory.scope.path,
        "subject": memory.subject.external_id if memory.subject_id and memory.subject else None,
        "subjects": subject_names(memory),
        "type": memory.type, "content": memory.content, "entity": memory.entity, "key": memory.key,
        "metadata": memory.metadata,
        "confidence": float(memory.confidence), "provenance": memory.provenance, "status": memory.status,
        "source_session": memory.source_session, "valid_from": iso(memory.valid_from),
        "valid_to": iso(memory.valid_to), "expires_at": iso(memory.expires_at), "version": memory.version,
        "superseded_by": str(memory.superseded_by_id) if memory.superseded_by_id else None,
        "created_at": iso(memory.created_at), "updated_at": iso(memory.updated_at),
        "access_count": memory.access_count, "last_accessed_at": iso(memory.last_accessed_at),
        "embedding_model": memory.embedding_model,
    }


def memories_json(memories: Sequence[Memory]) -> list[dict[str, Any]]:
    access_load(memories)
    subject_names_load(memories)
    return [memory_json(m) for m in memories]


def version_json(v: MemoryVersion, subject: str | None) -> dict[str, Any]:
    return {
        "id": str(v.id), "memory_id": str(v.memory_id), "version": v.version, "change": v.change,
        "actor": v.actor, "reason": v.reason, "scope": v.scope_path, "subject": subject, "type": v.type,
        "content": v.content, "entity": v.entity, "key": v.key, "metadata": v.metadata, "confidence": v.confidence,
        "provenance": v.provenance, "status": v.status, "source_session": v.source_session,
        "valid_from": iso(v.valid_from), "valid_to": iso(v.valid_to),
        "superseded_by": str(v.superseded_by_id_value) if v.superseded_by_id_value else None,
        "created_at": iso(v.created_at),
    }


def audit_json(e: AuditEvent) -> dict[str, Any]:
    return {
        "id": e.id, "action": e.action, "actor": e.actor, "target_type": e.target_type, "target_id": e.target_id,
        "data": e.data, "request_id": e.request_id, "created_at": iso(e.created_at),
    }


def erasure_receipt_json(event: AuditEvent, tenant_slug: str) -> dict[str, Any]:
    """A stored erasure receipt as a document to keep: what was erased, when, by whom, under which request,
    and which earlier exports still hold the person. Nothing in it identifies the person."""
    data = event.data
    return {
        "receipt": event.id, "kind": "erasure", "legal_basis": "GDPR Art. 17", "tenant": tenant_slug,
        "erased_at": data.get("erased_at") or iso(event.created_at), "actor": event.actor,
        "request_id": event.request_id, "reference": data.get("reference", ""), "counts": data.get("counts", {}),
        "exports_predating": data.get("exports", []), "vacuum": data.get("vacuum", ""),
        "statement": "Every memory, memory version, embedding, session turn, session summary, review item and "
                     "feedback row of the person was deleted, and every job about the person was cancelled if "
                     "still pending and scrubbed of its content, in one transaction. The audit log keeps only "
                     "this content-free record. Exports listed above were made before the erasure and still "
                     "contain the person's data until they are deleted or re-issued.",
    }
