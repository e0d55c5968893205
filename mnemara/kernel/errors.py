"""The errors services raise, and the one error format of the API: {"error": {"code", "message", "fields"}}.

Services raise ``ServiceError`` subclasses with a status and a machine-readable code;
``mnemara.kernel.handlers`` turns them (and every other error) into that shape. This module imports nothing
of Django or DRF, so any layer may raise these.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A domain error a caller can act on. ``extra`` is merged into the response body."""

    status_code = 400
    code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        fields: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
        status_code: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if status_code:
            self.status_code = status_code
        self.fields = fields or {}
        self.extra = extra or {}


class ValidationFailed(ServiceError):
    status_code = 400
    code = "validation_error"


def field_error(field: str, message: str, prefix: str = "") -> ValidationFailed:
    """A 400 about one field (``prefix`` names the item of a batch, e.g. ``3.``)."""
    name = f"{prefix}{field}"
    return ValidationFailed(f"{name}: {message}", fields={name: [message]})


def field_messages(detail: Any, name: str = "") -> dict[str, list[str]]:
    """A validator's errors (DRF's ``serializer.errors`` or ``ValidationError.detail``) as the API's ``fields``:
    one plain-text list per input, an item of a list named by its index (``events.1``), a nested field by its
    path (``messages.2.role``); errors not about one input under ``non_field_errors``."""
    if isinstance(detail, dict):
        found: dict[str, list[str]] = {}
        for key, value in detail.items():
            found.update(field_messages(value, f"{name}.{key}" if name else str(key)))
        return found
    if isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        found = {}
        for index, item in enumerate(detail):
            if item:  # the items of a list of objects without an error are {}
                found.update(field_messages(item, f"{name}.{index}" if name else str(index)))
        return found
    return {name or "non_field_errors": [str(m) for m in (detail if isinstance(detail, list) else [detail])]}


def validation_failed(fields: dict[str, list[str]]) -> ValidationFailed:
    """A 400 naming these inputs; its message is the error itself when there is one."""
    if len(fields) == 1 and len(messages := next(iter(fields.values()))) == 1:
        return ValidationFailed(f"{next(iter(fields))}: {messages[0]}", fields=fields)
    return ValidationFailed("The request is not valid.", fields=fields)


class TooLarge(ServiceError):
    status_code = 413
    code = "too_large"


class NotFound(ServiceError):
    status_code = 404
    code = "not_found"


class Conflict(ServiceError):
    status_code = 409
    code = "version_conflict"


class PreconditionFailed(ServiceError):
    status_code = 412
    code = "precondition_failed"


class PreconditionRequired(ServiceError):
    status_code = 428
    code = "precondition_required"


class Throttled(ServiceError):
    status_code = 429
    code = "throttled"


def error_body(code: str, message: str, fields: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "fields": fields or {}}}
