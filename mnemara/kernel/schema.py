"""The OpenAPI schema's shared parts: the one error format, the answers any operation may give, the
headers every answer carries, and ``GET /healthz`` (a plain Django view, so described here).

Views declare their own answers and the errors particular to them with ``errors(...)``;
``postprocess`` (a drf-spectacular hook, see settings) then adds to every ``/api/v1`` operation what
any request may meet: 400 (bad JSON, text no database can hold), 401, 429 and 503 with
``Retry-After``, 500, and the ``X-Request-ID`` header.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema_serializer
from rest_framework import serializers

API_PREFIX = "/api/v1/"


@extend_schema_serializer(component_name="ErrorDetail")
class ErrorDetailOut(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Machine-readable, e.g. `validation_error`, `not_found`, "
                                           "`version_conflict` (docs/api.md lists every code).")
    message = serializers.CharField(help_text="For people; may change.")
    fields = serializers.DictField(  # type: ignore[assignment]  # DRF pops declared fields off the class
        child=serializers.JSONField(),
        help_text="Per input, what is wrong: `{\"scope\": [\"…\"]}`; an item of a list is named by its index "
                  "(`\"events.1\"`), items of a batch are prefixed with theirs (`\"1.confidence\"`). Empty unless "
                  "the error is about inputs.")


@extend_schema_serializer(component_name="Error")
class ErrorOut(serializers.Serializer[Any]):
    """Every error of the API: `{"error": {"code", "message", "fields"}}`."""

    error = ErrorDetailOut()


#: What each status means in this API, for the answers' descriptions.
STATUS_DESCRIPTIONS = {
    400: "The request is not valid (`validation_error`, the inputs named in `error.fields`), its JSON is not "
         "(`parse_error`), the URL holds characters no text can store (`invalid_characters`), or a precondition "
         "header cannot be read (`invalid_if_match`: not a quoted version; `invalid_if_none_match`: not `*`).",
    401: "No API key, or an unknown, malformed or revoked one (`unauthenticated`).",
    403: "This API key is read-only (`forbidden`).",
    404: "Not found, or not this key's to see: another tenant's, outside the key's scopes (`not_found`, "
         "`scope_not_found`). Existence is never confirmed.",
    409: "A conflict: see `error.code`.",
    412: "`If-Match` disagrees with the body's `version` (`precondition_failed`).",
    410: "The memory this request created or changed (the answer remembered for its `Idempotency-Key`) has "
         "since been deleted or erased (`idempotent_answer_gone`).",
    413: "Too large: the body (10 MiB), a text, metadata or a batch (`too_large`, `batch_too_large`, "
         "`too_many_messages`).",
    415: "The body is not `application/json` (`unsupported_media_type`).",
    422: "This `Idempotency-Key` was used within 24 hours for a different request "
         "(`idempotency_key_reused`): use a new key for a new request.",
    428: "A change needs the version it applies to: send `If-Match` (or `version` in the body) "
         "(`precondition_required`).",
    429: "Too many requests for this key (`throttled`), or the tenant's daily extraction cap is spent "
         "(`spend_cap_reached`). Wait `Retry-After` seconds.",
    500: "An unexpected fault of the server, logged (`server_error`). Never caused by bad input.",
    503: "The database is unavailable (`database_unavailable`); retry after `Retry-After` seconds.",
}

#: Answers any /api/v1 operation may give, added by ``postprocess``.
COMMON_ERRORS = (400, 401, 429, 500, 503)

REQUEST_ID_HEADER = {
    "description": "This request's id: the caller's `X-Request-ID` when it is opaque (a UUID, or 16–64 hex "
                   "digits), else a new one. Logs and audit events carry it.",
    "schema": {"type": "string"},
}
RETRY_AFTER_HEADER = {"description": "Seconds to wait before retrying.", "schema": {"type": "integer", "minimum": 0}}


def errors(*statuses: int, **described: str | OpenApiResponse) -> dict[int, OpenApiResponse]:
    """Error answers of one operation, for ``extend_schema(responses={..., **errors(404, 409)})``.

    ``described`` overrides a status's answer, keyed ``e409=`` (a description, or a whole
    ``OpenApiResponse`` for a body other than the plain error, such as the 409 with ``current``)."""
    answers: dict[int, OpenApiResponse] = {}
    for status in sorted({*statuses, *(int(k[1:]) for k in described)}):
        given = described.get(f"e{status}")
        if isinstance(given, OpenApiResponse):
            answers[status] = given
        else:
            answers[status] = OpenApiResponse(ErrorOut, description=given or STATUS_DESCRIPTIONS[status])
    return answers


def _error_response(status: int) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": STATUS_DESCRIPTIONS[status],
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    if status in (429, 503):
        response["headers"] = {"Retry-After": RETRY_AFTER_HEADER}
    return response


HEALTH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "What the server runs on. More fields may be added.",
    "properties": {
        "status": {"type": "string", "enum": ["ok", "degraded", "error"]},
        "database": {"type": "string", "description": "`postgresql <version>`, or `unavailable`."},
        "pgvector": {"type": ["string", "null"]},
        "embedding_model": {"type": "string"},
    },
    "required": ["status", "database", "pgvector", "embedding_model"],
}

HEALTHZ_PATH: dict[str, Any] = {
    "get": {
        "operationId": "healthz",
        "summary": "Health and versions",
        "description": "Liveness of the server and its database, and the versions it runs. No API key needed; "
                       "reveals versions only.",
        "tags": ["health"],
        "security": [],
        "responses": {
            "200": {"description": "The server and its database answer.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}},
            "503": {"description": "The database cannot be reached (`status` is `error`).",
                    "headers": {"Retry-After": RETRY_AFTER_HEADER},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}},
        },
    },
}


READINESS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Whether the answering process should get traffic. More fields may be added.",
    "properties": {
        "status": {"type": "string", "enum": ["ready", "starting", "unavailable"]},
        "pid": {"type": "integer", "description": "The process that answered."},
        "reasons": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["status", "pid"],
}

READYZ_PATH: dict[str, Any] = {
    "get": {
        "operationId": "readyz",
        "summary": "Readiness",
        "description": "Whether the process that answers is warm (models loaded, connections open) and reaches "
                       "the database: route traffic to it only then. No API key needed.",
        "tags": ["health"],
        "security": [],
        "responses": {
            "200": {"description": "Ready (`status` is `ready`).",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}},
            "503": {"description": "Still warming up (`starting`) or without its database (`unavailable`).",
                    "headers": {"Retry-After": RETRY_AFTER_HEADER},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}},
        },
    },
}


#: Marks a text schema whose pattern admits the empty string (``memories.api.schema.Text``).
BLANK_ADMITTED = "x-blank-admitted"


def _one_blank_schema(node: Any) -> Any:
    """drf-spectacular states a text field that may be blank and has a pattern as ``oneOf [it, an empty
    string]``; where the pattern admits "" already, the two overlap (so "" matches neither exactly once):
    one schema instead."""
    if isinstance(node, list):
        return [_one_blank_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    one_of = node.get("oneOf")
    if isinstance(one_of, list) and one_of and isinstance(one_of[0], dict) and one_of[0].get(BLANK_ADMITTED):
        node = {**{k: v for k, v in node.items() if k != "oneOf"}, **one_of[0]}
    return {key: _one_blank_schema(value) for key, value in node.items() if key != BLANK_ADMITTED}


def _require_ruled_body(operation: dict[str, Any], schemas: dict[str, Any]) -> None:
    """A body whose schema holds a rule (``anyOf``: at least one of these fields; ``oneOf``: an object or a
    list), itself or in ``allOf``, or that is a list, cannot be left out, though no field is required on its own
    (drf-spectacular marks it optional)."""
    body = operation.get("requestBody")
    if not body:
        return
    for media in body.get("content", {}).values():
        ref = media.get("schema", {}).get("$ref", "")
        schema = schemas.get(ref.rsplit("/", 1)[-1], {})
        ruled = {"anyOf", "oneOf"} & {key for part in [schema, *schema.get("allOf", [])] for key in part}
        if ruled or schema.get("type") == "array":  # a list body (an import's lines) is no body left out
            body["required"] = True


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular hook: the answers and headers every API operation shares, /healthz and /readyz."""
    for path, operations in result.get("paths", {}).items():
        if not path.startswith(API_PREFIX):
            continue
        for operation in operations.values():
            _require_ruled_body(operation, result["components"]["schemas"])
            responses = operation.setdefault("responses", {})
            for status in COMMON_ERRORS:
                responses.setdefault(str(status), _error_response(status))
            for response in responses.values():
                response.setdefault("headers", {})["X-Request-ID"] = REQUEST_ID_HEADER
    result["paths"]["/healthz"] = HEALTHZ_PATH
    result["paths"]["/readyz"] = READYZ_PATH
    result["components"]["schemas"] = _one_blank_schema(result["components"]["schemas"])
    result["components"]["schemas"]["Health"] = HEALTH_SCHEMA
    result["components"]["schemas"]["Readiness"] = READINESS_SCHEMA
    return result
