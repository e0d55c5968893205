"""Compliance endpoints: subject access/erasure (GDPR) and the JSONL audit exports.

These read or remove a person's data across every scope, and exports hold every scope's data, so
they need a key without a scope restriction: a restricted key gets 404 (as for anything outside
its scopes; the API never confirms what exists there). A read-only key may export a subject and
list/download exports, but not erase (403, like every write).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from memories import selectors
from memories.api.parsing import query_int
from memories.compliance.exports import export_open
from memories.compliance.subjects import subject_erase, subject_export
from memories.representation import iso
from mnemara.errors import NotFound
from tenants.api import TenantAPIView

if TYPE_CHECKING:
    from memories.models import ExportRun


class ComplianceAPIView(TenantAPIView):
    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if self.api_key.scope_prefixes:
            raise NotFound("Not found.")


def export_json(run: ExportRun) -> dict[str, Any]:
    return {"id": str(run.pk), "window_start": iso(run.window_start), "window_end": iso(run.window_end),
            "schema_version": run.schema_version, "sha256": run.sha256, "lines": run.line_count,
            "bytes": run.size_bytes, "counts": run.manifest.get("counts", {}), "created_at": iso(run.created_at),
            "download": f"/api/v1/exports/{run.pk}/download"}


class ExportOut(serializers.Serializer["ExportRun"]):
    id = serializers.UUIDField()
    window_start = serializers.DateTimeField()
    window_end = serializers.DateTimeField()
    schema_version = serializers.CharField()
    sha256 = serializers.CharField()
    lines = serializers.IntegerField()
    bytes = serializers.IntegerField()
    counts = serializers.DictField(child=serializers.IntegerField())
    created_at = serializers.DateTimeField()
    download = serializers.CharField()


class ExportPageOut(serializers.Serializer[Any]):
    results = ExportOut(many=True)
    next = serializers.CharField(allow_null=True)


class SubjectExportView(ComplianceAPIView):
    @extend_schema(responses=OpenApiTypes.OBJECT, summary="Everything held about one person (GDPR Art. 15/20)")
    def get(self, request: Request, external_id: str) -> Response:
        return Response(subject_export(external_id=external_id, actor=self.actor()))

    @extend_schema(exclude=True)
    def delete(self, request: Request, external_id: str) -> Response:
        """DELETE /subjects/<id>/export erases the person whose id ends in "/export" (the URL's one
        ambiguity: this route wins the match, and export is GET only)."""
        return Response(subject_erase(external_id=f"{external_id}/export", actor=self.actor()))


class SubjectView(ComplianceAPIView):
    @extend_schema(responses=OpenApiTypes.OBJECT, summary="Erase one person (GDPR Art. 17); the receipt")
    def delete(self, request: Request, external_id: str) -> Response:
        return Response(subject_erase(external_id=external_id, actor=self.actor()))


class ExportListView(ComplianceAPIView):
    @extend_schema(responses=ExportPageOut, parameters=[OpenApiParameter("cursor", str),
                                                               OpenApiParameter("limit", int)])
    def get(self, request: Request) -> Response:
        limit = query_int(request.query_params, "limit", default=50, low=1, high=200)
        rows, cursor = selectors.paginate(selectors.export_runs(), request.query_params.get("cursor"), limit)
        return Response({"results": [export_json(r) for r in rows], "next": cursor})


class ExportDownloadView(ComplianceAPIView):
    @extend_schema(responses={(200, "application/gzip"): OpenApiTypes.BINARY})
    def get(self, request: Request, export_id: uuid.UUID) -> FileResponse:
        run, path = export_open(export_id=export_id, actor=self.actor())
        response = FileResponse(path.open("rb"), as_attachment=True, filename=path.name,
                                content_type="application/gzip")
        response["X-Content-SHA256"] = run.sha256
        return response
