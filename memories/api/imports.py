"""REST API v1: history import (docs/api.md §8.4) — conversations with their times, or an export of schema 1.x.

``POST /imports`` takes the lines as a JSON array or as JSON Lines (``application/x-ndjson``), validates every
line, writes turns and exported memories in one transaction and answers 202 with the import; extraction runs
in the worker. ``GET /imports/{id}`` reports progress. Imports cover every scope of the tenant, so a key
restricted to scope prefixes gets 404 (as for the compliance endpoints); a read-only key 403.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from memories.api.parsing import DATETIME_PATTERN, AsciiIntegerField, StrictDateTimeField
from memories.api.schema import NO_NUL, ContentField, MetadataField, ScopeField, Text
from memories.api.sessions import SESSION_KEY_PATTERN, MessageIn
from memories.choices import JobStatus, MemoryType, Provenance, Status
from memories.extraction.imports import (
    MEMORY_LINE,
    SCHEMA_VERSION_PATTERN,
    UUID_PATTERN,
    history_import,
    import_get,
)
from memories.extraction.mem0_format import ENTITY_KINDS
from memories.representation import iso
from mnemara.kernel.errors import NotFound
from mnemara.kernel.parsers import JSONLinesParser, JSONParser
from mnemara.kernel.schema import errors
from tenants.api import TenantAPIView
from tenants.paths import segment_pattern

if TYPE_CHECKING:
    from memories.extraction.imports import Progress


# --------------------------------------------------------------------------- the lines (request schema)

class UUIDText(serializers.UUIDField):
    """A UUID the service checks as text: the schema states its ``pattern`` too (``format`` alone is an
    annotation in JSON Schema 2020-12, which validators need not check)."""


class UUIDTextSchema(OpenApiSerializerFieldExtension):
    target_class = UUIDText

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "format": "uuid", "pattern": UUID_PATTERN}


@extend_schema_serializer(component_name="ImportConversation")
class ConversationIn(serializers.Serializer[Any]):
    """One conversation: its turns are appended to the session (by position: a turn already there is skipped)
    and extracted in the background; memories are valid from their turns' `created_at`."""

    session = Text(SESSION_KEY_PATTERN, max_length=200, help_text="The session id (1–200 characters, no "
                                                                           "`/`): a conversation within its scope.")
    scope = ScopeField()
    subject = Text(required=False, allow_null=True, allow_blank=True, max_length=200,
                   help_text="The person the conversation is about (empty: none).")
    messages = serializers.ListField(child=MessageIn(), min_length=1, max_length=settings.IMPORT_MAX_MESSAGES,
                                     help_text="Oldest first; `created_at` never goes back.")


@extend_schema_serializer(component_name="ImportExportedMemory")
class ExportedMemoryIn(serializers.Serializer[Any]):
    """A `memory_version` line of a Mnemara export (docs/export-schema.md); other fields are ignored. The
    highest `version` of each `memory_id` is written as it was recorded (status, validity, successor)."""

    kind = serializers.ChoiceField(choices=[MEMORY_LINE])
    schema_version = Text(SCHEMA_VERSION_PATTERN, help_text="1.x")
    memory_id = UUIDText()
    version = AsciiIntegerField(min_value=1)
    scope = ScopeField()
    subject = Text(required=False, allow_null=True, allow_blank=True, max_length=200)
    type = serializers.ChoiceField(choices=MemoryType.choices)
    content = ContentField()
    entity = Text(required=False, allow_null=True, allow_blank=True, max_length=255)
    metadata = MetadataField(required=False, allow_null=True)
    confidence = serializers.FloatField(min_value=0.0, max_value=1.0)
    provenance = serializers.ChoiceField(choices=Provenance.choices)
    status = serializers.ChoiceField(choices=Status.choices)
    source_session = Text(required=False, allow_null=True, allow_blank=True, max_length=200)
    valid_from = StrictDateTimeField()
    valid_to = StrictDateTimeField(required=False, allow_null=True, help_text="Not before `valid_from`.")
    superseded_by = UUIDText(required=False, allow_null=True)


class TimeOrSeconds(serializers.Field):  # type: ignore[type-arg]
    """A marker for the schema: an ISO 8601 time with its zone, or Unix seconds (``TimeOrSecondsSchema``)."""


class TimeOrSecondsSchema(OpenApiSerializerFieldExtension):
    target_class = TimeOrSeconds

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"anyOf": [{"type": "string", "format": "date-time", "pattern": DATETIME_PATTERN},
                          {"type": "number", "minimum": -62135596800, "maximum": 253402300799},
                          {"type": "null"}],
                "description": "When it was said: ISO 8601 with a zone, or Unix seconds; none: now."}


def _entity_id(name: str) -> Text:
    return Text(segment_pattern, max_length=64, required=False, allow_null=True,
                help_text=f"mem0's `{name}`: one scope segment (docs/mem0.md has the mapping).")


@extend_schema_serializer(component_name="ImportMem0Memory")
class Mem0LineIn(serializers.Serializer[Any]):
    """A memory of a mem0 `get_all`/export dump: a stated memory in the scope its ids name, valid from its
    `created_at`; one `id` is imported once. Other fields are ignored."""

    id = Text(required=False, allow_null=True, max_length=200, help_text="mem0's id: imported once.")
    memory = ContentField()
    user_id = _entity_id("user_id")
    agent_id = _entity_id("agent_id")
    app_id = _entity_id("app_id")
    run_id = _entity_id("run_id")
    created_at = TimeOrSeconds(required=False)
    metadata = MetadataField(required=False, allow_null=True)


@extend_schema_serializer(component_name="ImportGenericMemory")
class GenericLineIn(serializers.Serializer[Any]):
    """A memory of a generic file: as a mem0 line, the text in `content` (no `id`: a twin of a live memory in
    the scope is not written again)."""

    content = ContentField()
    user_id = _entity_id("user_id")
    agent_id = _entity_id("agent_id")
    app_id = _entity_id("app_id")
    run_id = _entity_id("run_id")
    created_at = TimeOrSeconds(required=False)
    metadata = MetadataField(required=False, allow_null=True)


def _one_id() -> dict[str, Any]:
    return {"anyOf": [{"required": [name], "properties": {name: {"type": "string"}}} for name in ENTITY_KINDS]}


@extend_schema_serializer(component_name="ImportLines")
class ImportLinesIn(serializers.Serializer[Any]):
    """The lines of an import (a marker: ``ImportLinesSchema`` states them)."""


class ImportLinesSchema(OpenApiSerializerExtension):
    target_class = ImportLinesIn

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        conversation = auto_schema.resolve_serializer(ConversationIn, direction).ref
        memory = auto_schema.resolve_serializer(ExportedMemoryIn, direction).ref
        other = {"type": "object", "description": "Another line of an export of schema 1.x (`audit_event`, or a "
                                                  "kind added later): skipped.",
                 "properties": {"kind": {"type": "string", "pattern": NO_NUL, "not": {"const": MEMORY_LINE}},
                                "schema_version": {"type": "string", "pattern": SCHEMA_VERSION_PATTERN}},
                 "required": ["kind", "schema_version"]}
        mem0 = auto_schema.resolve_serializer(Mem0LineIn, direction).ref
        generic = auto_schema.resolve_serializer(GenericLineIn, direction).ref
        not_other = [{"required": ["kind"]}, {"required": ["messages"]}]
        line = {"oneOf": [{"allOf": [conversation], "not": {"required": ["kind"]}}, memory, other,
                          {"allOf": [mem0, _one_id()], "not": {"anyOf": not_other}},
                          {"allOf": [generic, _one_id()], "not": {"anyOf": [*not_other, {"required": ["memory"]}]}}]}
        return {"type": "array", "items": line, "minItems": 1, "maxItems": settings.IMPORT_MAX_LINES}


# --------------------------------------------------------------------------- the answer

@extend_schema_serializer(component_name="ImportConversations")
class ConversationsOut(serializers.Serializer[Any]):
    total = AsciiIntegerField(min_value=0, help_text="Conversation lines in the file.")
    done = AsciiIntegerField(min_value=0, help_text="Extracted (or failed), or with nothing new.")


@extend_schema_serializer(component_name="ImportTurns")
class TurnsOut(serializers.Serializer[Any]):
    added = AsciiIntegerField(min_value=0)
    present = AsciiIntegerField(min_value=0, help_text="Already in their sessions: skipped.")


@extend_schema_serializer(component_name="ImportMemories")
class MemoriesOut(serializers.Serializer[Any]):
    created = AsciiIntegerField(min_value=0, help_text="Written from export lines, and extracted so far.")
    present = AsciiIntegerField(min_value=0, help_text="Exported memories already here: skipped.")


@extend_schema_serializer(component_name="ImportError")
class ImportErrorOut(serializers.Serializer[Any]):
    line = AsciiIntegerField(min_value=0, allow_null=True, help_text="The conversation's line (from 0).")
    job = serializers.UUIDField()
    error = serializers.CharField(help_text="`<code>: <reason>`, content-free, as a job reports it.")


@extend_schema_serializer(component_name="Import")
class ImportOut(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=[JobStatus.QUEUED, JobStatus.RUNNING, JobStatus.SUCCEEDED,
                                              JobStatus.FAILED])
    job = serializers.UUIDField(allow_null=True, help_text="The extraction job (`GET /jobs/{id}`); null when no "
                                                           "conversation brought new turns.")
    conversations = ConversationsOut()
    turns = TurnsOut()
    memories = MemoriesOut()
    lines_skipped = AsciiIntegerField(min_value=0, help_text="Export lines not written: `audit_event`s, "
                                                                    "kinds of a later 1.x, older versions.")
    errors = ImportErrorOut(many=True)  # type: ignore[assignment]  # DRF pops declared fields off the class
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


def import_json(progress: Progress) -> dict[str, Any]:
    record = progress.record
    return {"id": str(record.pk), "status": str(progress.status), "job": str(record.job_id) if record.job_id else None,
            "conversations": {"total": record.conversations, "done": progress.conversations_done},
            "turns": {"added": record.turns_added, "present": record.turns_present},
            "memories": {"created": progress.memories_created, "present": record.memories_present},
            "lines_skipped": record.lines_skipped, "errors": progress.errors, "created_at": iso(record.created_at),
            "finished_at": iso(progress.finished_at)}


# --------------------------------------------------------------------------- views

class _ImportView(TenantAPIView):
    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if self.api_key.scope_prefixes:
            raise NotFound("Not found.")


NEEDS_FULL_KEY = "Imports cover every scope: a key restricted to scope prefixes gets 404."


class ImportCreateView(_ImportView):
    parser_classes = [JSONParser, JSONLinesParser]

    @extend_schema(
        operation_id="import_create", tags=["imports"], summary="Import history",
        description="Imports conversations (with their turns' times), the lines of a Mnemara export (schema "
                    "1.x), the memories of a mem0 dump (`{\"id\", \"memory\", \"user_id\", \"created_at\", "
                    "\"metadata\"}`) and generic memory lines (`{\"content\", \"user_id\", \"created_at\", "
                    "\"metadata\"}`; docs/mem0.md), as a JSON array or as JSON Lines (`application/x-ndjson`, "
                    "one line each). "
                    "Every line is checked first: a bad one is a 400 naming it (`lines.3.messages.0.created_at`) "
                    "and nothing is written. Turns and exported memories are written at once; memories are "
                    "extracted from the new turns by a background job, oldest conversation first. Importing the "
                    f"same lines again adds nothing. {NEEDS_FULL_KEY}",
        request={"application/json": ImportLinesIn, "application/x-ndjson": ImportLinesIn},
        responses={202: ImportOut, **errors(
            403, e404=NEEDS_FULL_KEY,
            e413="Too large: the body (10 MiB), more than 5,000 lines (`too_many_lines`), more than 5,000 messages "
                 "in a conversation (`too_many_messages`), a text or metadata (`too_large`).",
            e415="The body is neither `application/json` nor `application/x-ndjson` (`unsupported_media_type`).",
            e409="A turn differs from the one stored at its position in the session (`import_conflict`), or the "
                 "session is about another subject (`session_subject_mismatch`).")})
    def post(self, request: Request) -> Response:
        record = history_import(lines=request.data, actor=self.actor())
        return Response(import_json(import_get(record.pk)), status=status.HTTP_202_ACCEPTED)


class ImportDetailView(_ImportView):
    @extend_schema(
        operation_id="import_get", tags=["imports"], summary="An import's progress",
        description=f"Conversations done, turns and memories written, errors (per conversation). {NEEDS_FULL_KEY}",
        responses={200: ImportOut, **errors(e404=f"Unknown import, another tenant's (`import_not_found`). "
                                                 f"{NEEDS_FULL_KEY}")})
    def get(self, request: Request, import_id: uuid.UUID) -> Response:
        return Response(import_json(import_get(import_id)))
