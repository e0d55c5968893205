"""The base class of every /api/v1 view (kept apart from auth.py: DRF imports auth while loading views), and
``idempotent``, which makes a view's writes safe to retry with an ``Idempotency-Key``."""

from __future__ import annotations

import contextvars
import functools
import json
from collections.abc import Callable
from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiParameter
from rest_framework import permissions
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from mnemara.kernel import replica
from mnemara.kernel.errors import NotFound, ServiceError, ValidationFailed
from mnemara.kernel.middleware import INVALID_CHARACTERS, unstorable_url
from tenants import idempotency
from tenants.models import ApiKey, IdempotencyRecord
from tenants.paths import validate_scope_path


class TenantAPIView(APIView):
    # Base of every /api/v1 view: the key's tenant is active, and scope checks are one call away. (A comment:
    # drf-spectacular would show a docstring as the description of every operation without its own.)

    #: None: decided by the HTTP method. True/False: this view writes / only reads (e.g. search is a POST).
    writes: bool | None = None
    #: True: a read-only view whose reads may go to the streaming replica (mnemara/kernel/replica.py).
    replica_reads = False
    _reads: contextvars.Token[str | None] | None = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # authentication, permissions, throttling: 401/403/429 first
        if unstorable_url(request):
            raise ServiceError(INVALID_CHARACTERS, code="invalid_characters")
        min_lsn = request.headers.get(replica.MIN_LSN_HEADER)
        if self.replica_reads and min_lsn is not None and not replica.LSN.match(min_lsn):
            raise ValidationFailed(f"{replica.MIN_LSN_HEADER} must be a position a write answered with, "
                                   "e.g. 0/16B3748.", code="invalid_min_lsn",
                                   fields={replica.MIN_LSN_HEADER: ["e.g. 0/16B3748"]})
        if self.replica_reads and not self._writes() and replica.configured():
            alias = replica.alias_for_read(str(self.api_key.pk), min_lsn)
            self._reads = replica.reads_begin(alias)

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        reads = getattr(self, "_reads", None)
        if reads is not None:
            self._reads = None
            replica.reads_end(reads)
        response = super().finalize_response(request, response, *args, **kwargs)
        if (self._writes() and response.status_code < 400 and isinstance(request.auth, ApiKey)
                and replica.configured()):
            lsn = replica.write_position(str(request.auth.pk))
            if lsn:
                response[replica.WRITE_LSN_HEADER] = lsn
        return response

    def _writes(self) -> bool:
        return self.writes if self.writes is not None else self.request.method not in permissions.SAFE_METHODS

    @property
    def api_key(self) -> ApiKey:
        key = self.request.auth
        assert isinstance(key, ApiKey)
        return key

    def actor(self) -> str:
        return self.api_key.actor()

    def _replay(self, record: IdempotencyRecord) -> Response:
        """The remembered answer, unless it shows a scope this key may not read now (its prefixes narrowed
        since): then a 404, as for any scope outside them."""
        if not all(self.api_key.allows_scope(scope) for scope in idempotency.answer_scopes(record.body)):
            raise NotFound("Scope not found.", code="scope_not_found")
        return Response(record.body, status=record.status, headers={**record.headers, "Idempotent-Replayed": "true"})

    def allowed_scope(self, raw: object, prefix: str = "") -> str:
        """A valid scope path the key may use (bad syntax: 400). Outside the key's prefixes: 404, as
        for another tenant's data, so the scope's existence is never confirmed."""
        path = validate_scope_path(raw, prefix=prefix)
        if not self.api_key.allows_scope(path):
            raise NotFound("Scope not found.", code="scope_not_found")
        return path


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key", {"type": "string", "pattern": r"^[\x21-\x7e]{1,255}$"}, OpenApiParameter.HEADER,
    description="Makes retrying safe: a retry with the same key within 24 hours gets the first answer (same status "
                "and body, with `Idempotent-Replayed: true`) and changes nothing. A new UUID per request; the same "
                "key for another request is a 422.")
MIN_LSN = OpenApiParameter(
    replica.MIN_LSN_HEADER, {"type": "string", "pattern": r"^[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}$"},
    OpenApiParameter.HEADER,
    description="Only where the server reads from a replica (docs/scaling.md): the `Mnemara-Write-Lsn` a write "
                "answered with; the read then sees that write. Ignored otherwise.")
REPLAYED = OpenApiParameter("Idempotent-Replayed", str, OpenApiParameter.HEADER, response=True,
                            description="`true` when this is the remembered answer to an earlier request.")

View = Callable[..., Response]


class _KeyTaken(Exception):
    """Another request with this key committed first: roll this one's write back."""




PRECONDITIONS = ("If-Match", "If-None-Match")


def idempotent(view: View) -> View:
    """Do the write once per ``Idempotency-Key`` (see ``tenants.idempotency``): the view and the remembered
    answer share one transaction; a retry, or a request racing it with the same key, gets the first answer."""

    @functools.wraps(view)
    def once(self: TenantAPIView, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = idempotency.key_from(request.headers.get("Idempotency-Key"))
        if key is None:
            return view(self, request, *args, **kwargs)
        preconditions = {name: request.headers[name] for name in PRECONDITIONS if name in request.headers}
        asked = idempotency.fingerprint(request.method or "", request.get_full_path(), request.data, preconditions)
        principal = f"api_key:{self.api_key.pk}"
        record = idempotency.answer_find(key, principal)
        if record is not None:
            return self._replay(idempotency.answer_check(record, asked))
        try:
            with transaction.atomic():
                response = view(self, request, *args, **kwargs)
                if 200 <= response.status_code < 300:
                    body = json.loads(JSONRenderer().render(response.data)) if response.data is not None else None
                    headers = {name: response[name] for name in ("ETag",) if response.has_header(name)}
                    if not idempotency.answer_remember(key=key, principal=principal, request_fingerprint=asked,
                                                       status=response.status_code, body=body, headers=headers,
                                                       resource_ids=getattr(response, "resource_ids", ())):
                        raise _KeyTaken
            return response
        except (_KeyTaken, ServiceError) as exc:
            # Raced by a request with this key (e.g. a retry sent while this one was still running): if it
            # succeeded, its answer is this one's too, even where this one failed (the subject it erased is gone).
            record = idempotency.answer_find(key, principal)
            if record is not None:
                return self._replay(idempotency.answer_check(record, asked))
            if isinstance(exc, _KeyTaken):  # and gone again at once: only a purge could do that
                raise ServiceError("A request with this Idempotency-Key ran at the same time; retry.",
                                   code="idempotency_conflict", status_code=409) from exc
            raise

    return once
