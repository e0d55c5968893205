"""Keyed memories: PUT/GET/DELETE /keys/memory?scope=S&key=K, GET /keys (a scope's keys) and GET /namespaces
(the scopes that hold memories). Scopes and keys both hold "/", so they travel as query parameters."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from memories import selectors
from memories.api import serializers as s
from memories.api.parsing import AsciiIntegerField, StrictDateTimeField, StrictFloatField, validated
from memories.api.schema import ETAG, IF_MATCH, NOT_BLANK, ContentField, MetadataField, ScopeField, Text
from memories.api.views import CONFLICT, MemoryAPIView
from memories.choices import MemoryType, Provenance
from memories.representation import iso, memories_json, memory_json
from memories.write import revisions, validation
from memories.write.flow import memory_put
from memories.write.prepare import MemoryInput
from mnemara.kernel.errors import ValidationFailed
from mnemara.kernel.patterns import SPACES
from mnemara.kernel.schema import errors
from tenants.api import IDEMPOTENCY_KEY, MIN_LSN, REPLAYED, idempotent
from tenants.paths import validate_scope_path


class KeyField(Text):
    """A memory's key as sent: exact (not trimmed, not case-folded)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "The memory's key: 1–255 characters, exact (case and `/` kept); no control "
                                       "or invisible characters, no space at either end.")
        super().__init__(validation.key_pattern, trim_whitespace=False, max_length=validation.MAX_KEY_LENGTH,
                         **kwargs)


class KeyAddressIn(serializers.Serializer[Any]):
    scope = ScopeField()
    key = KeyField()


@extend_schema_serializer(component_name="KeyedMemory")
class KeyedMemoryIn(serializers.Serializer[Any]):
    """The memory to hold at a key: its scope and key are the query's. Every field not sent takes its default
    (a PUT replaces)."""

    content = ContentField(help_text="The text, at most 8,000 characters, kept byte for byte as sent (blank lines, "
                                     "indentation, trailing newlines; secrets are still redacted). Search, embeddings "
                                     "and duplicate checks read it normalised; something must remain.")
    type = serializers.ChoiceField(choices=MemoryType.choices, default=MemoryType.FACT)
    entity = Text(required=False, allow_blank=True, default="", max_length=255,
                  help_text="What the memory is about, for the conflict policy (case-folded; independent of the key).")
    metadata = MetadataField(required=False, default=dict, help_text="Replaces the metadata (not merged).")
    confidence = StrictFloatField(required=False, default=1.0, min_value=0.0, max_value=1.0)
    provenance = serializers.ChoiceField(choices=Provenance.choices, default=Provenance.STATED)
    subject = Text(NOT_BLANK, required=False, allow_null=True, default=None, max_length=200,
                   help_text="The external id of the person the memory is about.")
    source_session = Text(required=False, allow_blank=True, default="", max_length=200)
    valid_from = StrictDateTimeField(required=False, allow_null=True, default=None,
                                     help_text="When it became true; default now (a replacement keeps the stored one).")
    valid_to = StrictDateTimeField(required=False, allow_null=True, default=None,
                                   help_text="When it stopped being true; not before `valid_from`.")
    expires_at = StrictDateTimeField(required=False, allow_null=True, default=None,
                                     help_text="After this the memory is hidden everywhere and then deleted.")


class KeyListIn(serializers.Serializer[Any]):
    scope = ScopeField()
    descendants = serializers.BooleanField(required=False, default=False,
                                           help_text="Also the keys of the scopes below `scope`.")
    prefix = Text(NOT_BLANK, required=False, max_length=validation.MAX_KEY_LENGTH,
                  trim_whitespace=False, help_text="Only keys starting with this text (exact, case-sensitive).")
    with_memory = serializers.BooleanField(required=False, default=False,
                                           help_text="Also each key's whole memory (`memory`), as `GET` gives it.")
    cursor = Text(NOT_BLANK, required=False, max_length=1000, help_text="The previous page's `next`.")
    limit = AsciiIntegerField(required=False, min_value=1, max_value=200, default=50)


class NamespaceListIn(serializers.Serializer[Any]):
    prefix = ScopeField(required=False, help_text="Only this scope and the scopes below it (a scope path).")
    cursor = Text(NOT_BLANK, required=False, max_length=1000, help_text="The previous page's `next`.")
    limit = AsciiIntegerField(required=False, min_value=1, max_value=200, default=100)


@extend_schema_serializer(component_name="KeyEntry")
class KeyEntryOut(serializers.Serializer[Any]):
    scope = serializers.CharField()
    key = serializers.CharField()
    id = serializers.UUIDField(help_text="The memory the key answers with (`GET /keys/memory`).")
    version = AsciiIntegerField(min_value=1)
    type = serializers.ChoiceField(choices=MemoryType.choices)
    status = serializers.CharField(help_text="`active`, `conflicted`, or `pending` (waiting in review).")
    updated_at = serializers.DateTimeField()
    memory = s.MemoryOut(required=False, help_text="The memory, with `with_memory=true` only.")


@extend_schema_serializer(component_name="KeyPage")
class KeyPageOut(serializers.Serializer[Any]):
    results = KeyEntryOut(many=True)
    next = serializers.CharField(allow_null=True, help_text="The `cursor` of the next page; null on the last.")


@extend_schema_serializer(component_name="Namespace")
class NamespaceOut(serializers.Serializer[Any]):
    scope = serializers.CharField()
    memories = AsciiIntegerField(min_value=1, help_text="Its live memories (active, pending, conflicted).")
    keys = AsciiIntegerField(min_value=0, help_text="Its keys held by live memories.")


@extend_schema_serializer(component_name="NamespacePage")
class NamespacePageOut(serializers.Serializer[Any]):
    results = NamespaceOut(many=True)
    next = serializers.CharField(allow_null=True, help_text="The `cursor` of the next page; null on the last.")


IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", {"type": "string", "pattern": rf"^[{SPACES}]*\*[{SPACES}]*$"}, OpenApiParameter.HEADER,
    description="`*`: create only. When a memory already has the key, nothing is written: 412 `key_exists`.")
PUT_ETAG = OpenApiParameter("ETag", str, OpenApiParameter.HEADER, response=[200, 201],
                            description="The memory's version, quoted: send it back as `If-Match`.")
KEY_PARAMETERS = [KeyAddressIn]
PRECONDITION = ("`If-Match` names a version while no memory has the key (`key_not_found`), or `If-None-Match: *` "
                "finds one (`key_exists`).")


def _key_entry(memory: Any) -> dict[str, Any]:
    return {"scope": memory.scope.path, "key": memory.key, "id": str(memory.pk), "version": memory.version,
            "type": memory.type, "status": memory.status, "updated_at": iso(memory.updated_at)}


class KeyedMemoryView(MemoryAPIView):
    def address(self, request: Request) -> tuple[str, str]:
        params = validated(KeyAddressIn, request.query_params.dict())
        scope = self.allowed_scope(params["scope"])
        return scope, validation.validate_key(params["key"])

    @extend_schema(operation_id="key_get", tags=["keys"], summary="Get the memory at a key",
                   description="The memory the key holds in the scope (its active or conflicted memory; else the "
                               "pending one waiting in review), with its version as `ETag`. 404 when no live memory "
                               "has the key.",
                   parameters=[*KEY_PARAMETERS, ETAG], responses={200: s.MemoryOut, **errors(404)})
    def get(self, request: Request) -> Response:
        scope, key = self.address(request)
        memory = selectors.memory_at_key(scope, key, self.api_key.scope_prefixes)
        return Response(memory_json(memory), headers={"ETag": f'"{memory.version}"'})

    @extend_schema(
        operation_id="key_put", tags=["keys"], summary="Create or replace the memory at a key",
        description="Through the write flow (validation, secrets redaction, embedding, the conflict policy, "
                    "versions, audit). No live memory at the key: created as `POST /memories` would (`created`, "
                    "`pending`, or an entity's `conflict`/`superseded`), answered 201. A memory at the key: a "
                    "stated write at or above the review threshold replaces it as a new version (`updated`, 200); "
                    "an inferred or low-confidence one waits in review as a pending proposal against it (`pending`, "
                    "201: a new memory with the same key, or 200: the waiting proposal's new version). A write "
                    "equal to the memory answers `duplicate` (200) and writes nothing. Equal content under another "
                    "key is another memory. `If-Match` (the version `GET` gave) or `If-None-Match: *` make it "
                    "conditional.",
        request=KeyedMemoryIn,
        parameters=[*KEY_PARAMETERS, IF_MATCH, IF_NONE_MATCH, IDEMPOTENCY_KEY, REPLAYED, PUT_ETAG],
        responses={200: s.MemoryCreatedOut, 201: s.MemoryCreatedOut,
                   **errors(403, 404, 410, 413, 415, 422, e412=PRECONDITION, e409=OpenApiResponse(
                       s.ConflictOut, description="The version sent is stale (`version_conflict`, with `current`), "
                                                  "or a concurrent write raced this one (`write_conflict`): retry."))})
    @idempotent
    def put(self, request: Request) -> Response:
        scope, key = self.address(request)
        data = validated(KeyedMemoryIn, request.data)
        create_only = _if_none_match(request)
        expected = self.expected_version(request, None, required=False)
        if create_only and expected is not None:
            raise ValidationFailed("Send If-Match or If-None-Match, not both.",
                                   fields={"If-None-Match": ["Not with If-Match."]})
        result, created = memory_put(item=MemoryInput(scope=scope, key=key, **data), actor=self.actor(),
                                     expected_version=expected, create_only=create_only)
        body = s.results_json([result])[0]
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
                        headers={"ETag": f'"{result.memory.version}"'})

    @extend_schema(
        operation_id="key_delete", tags=["keys"], summary="Delete the memory at a key",
        description="Hard-deletes the key's live memories (the one `GET` answers with, and a pending proposal "
                    "beside it) and their versions, as `DELETE /memories/{id}` does; the audit log keeps a "
                    "content-free tombstone. With `If-Match` (the version `GET` gave), a stale version is answered "
                    "409 and nothing is deleted.",
        parameters=[*KEY_PARAMETERS, IF_MATCH, IDEMPOTENCY_KEY, REPLAYED],
        responses={204: OpenApiResponse(description="Deleted."), **errors(403, 404, 422, e409=CONFLICT)})
    @idempotent
    def delete(self, request: Request) -> Response:
        scope, key = self.address(request)
        expected = self.expected_version(request, None, required=False)
        memories = selectors.memories_at_key(scope, key, self.api_key.scope_prefixes)
        if not memories:
            selectors.memory_at_key(scope, key, self.api_key.scope_prefixes)  # the 404
        revisions.memories_delete(memories=memories, actor=self.actor(), expected_version=expected)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _if_none_match(request: Request) -> bool:
    header = request.headers.get("If-None-Match")
    if header is None:
        return False
    if header.strip() != "*":  # unreadable, not failed: a 400 as for a malformed If-Match
        raise ValidationFailed("If-None-Match takes only `*` (create only).", code="invalid_if_none_match",
                               fields={"If-None-Match": ["Only `*` (create only)."]})
    return True


class KeyListView(MemoryAPIView):
    replica_reads = True

    @extend_schema(
        operation_id="keys_list", tags=["keys"], summary="List a scope's keys",
        description="The keys held by live memories of the scope (with `descendants`, of the scopes below it too), "
                    "sorted by scope and key, a page at a time (follow `next` with `cursor`): one entry per key, the "
                    "memory `GET /keys/memory` answers with (`with_memory=true`: the whole memory too).",
        parameters=[KeyListIn, MIN_LSN], responses={200: KeyPageOut, **errors(404)})
    def get(self, request: Request) -> Response:
        params = validated(KeyListIn, request.query_params.dict())
        scope = self.allowed_scope(params["scope"])
        rows, cursor = selectors.keys_page(scope=scope, prefixes=self.api_key.scope_prefixes,
                                           descendants=params["descendants"], prefix=params.get("prefix", ""),
                                           cursor=params.get("cursor"), limit=params["limit"])
        entries = [_key_entry(m) for m in rows]
        if params["with_memory"]:
            for entry, memory in zip(entries, memories_json(rows), strict=True):
                entry["memory"] = memory
        return Response({"results": entries, "next": cursor})


class NamespaceListView(MemoryAPIView):
    replica_reads = True

    @extend_schema(
        operation_id="namespaces_list", tags=["keys"], summary="List the scopes that hold memories",
        description="The scopes (within `prefix`, and within the key's scopes) that hold live memories, sorted by "
                    "path, with how many live memories and keys each holds; a page at a time.",
        parameters=[NamespaceListIn, MIN_LSN], responses={200: NamespacePageOut})
    def get(self, request: Request) -> Response:
        params = validated(NamespaceListIn, request.query_params.dict())
        prefix = self.allowed_prefix(params.get("prefix"))
        rows, cursor = selectors.namespaces_page(prefix=prefix, prefixes=self.api_key.scope_prefixes,
                                                 cursor=params.get("cursor"), limit=params["limit"])
        return Response({"results": rows, "next": cursor})

    def allowed_prefix(self, raw: str | None) -> str:
        """A prefix above the key's own scopes is fine (the listing stays within them); a syntax error is 400."""
        return "" if raw is None else validate_scope_path(raw, "prefix")
