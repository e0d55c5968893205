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
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from memories import selectors
from memories.api.parsing import AsciiIntegerField, StrictDateTimeField, query_int, validated
from memories.api.schema import NO_NUL, NOT_BLANK, MetadataField, Text
from memories.api.serializers import MemoryOut
from memories.choices import JobStatus
from memories.compliance.export_jobs import export_reissue, export_request
from memories.compliance.exports import export_delete, export_open
from memories.compliance.subjects import (
    subject_erase,
    subject_erasure_preview,
    subject_export,
    subject_profile_get,
)
from memories.representation import iso
from mnemara.kernel.errors import NotFound, ValidationFailed
from mnemara.kernel.schema import errors
from tenants.api import IDEMPOTENCY_KEY, REPLAYED, TenantAPIView, idempotent

if TYPE_CHECKING:
    from memories.models import ExportRun, Job


class ComplianceAPIView(TenantAPIView):
    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if self.api_key.scope_prefixes:
            raise NotFound("Not found.")


def export_json(run: ExportRun) -> dict[str, Any]:
    return {"id": str(run.pk), "window_start": iso(run.window_start), "window_end": iso(run.window_end),
            "schema_version": run.schema_version, "sha256": run.sha256, "lines": run.line_count,
            "bytes": run.size_bytes, "counts": run.manifest.get("counts", {}), "created_at": iso(run.created_at),
            "download": f"/api/v1/exports/{run.pk}/download", "flagged": run.flagged_at is not None,
            "flagged_at": iso(run.flagged_at) if run.flagged_at else None, "flagged_erasures": run.flagged_erasures}


def export_job_json(job: Job) -> dict[str, Any]:
    return {"job": str(job.pk), "status": job.status, "window_start": job.input["since"],
            "window_end": job.input["until"], "reissue_of": job.input.get("reissue_of"),
            "poll": f"/api/v1/jobs/{job.pk}"}


@extend_schema_serializer(component_name="Export")
class ExportOut(serializers.Serializer["ExportRun"]):
    id = serializers.UUIDField()
    window_start = serializers.DateTimeField()
    window_end = serializers.DateTimeField()
    schema_version = serializers.CharField()
    sha256 = serializers.CharField()
    lines = AsciiIntegerField()
    bytes = AsciiIntegerField()
    counts = serializers.DictField(child=AsciiIntegerField())
    created_at = serializers.DateTimeField()
    download = serializers.CharField()
    flagged = serializers.BooleanField(help_text="A person whose data the file holds was erased after it was made: "
                                                 "re-issue it (`POST /exports/{id}/reissue`) or delete it.")
    flagged_at = serializers.DateTimeField(allow_null=True, help_text="When the (latest) erasure flagged it.")
    flagged_erasures = AsciiIntegerField(min_value=0, help_text="How many erasures flagged it since it was made.")


@extend_schema_serializer(component_name="ExportJob")
class ExportJobOut(serializers.Serializer[Any]):
    job = serializers.UUIDField(help_text="Poll `GET /jobs/{id}`; when it succeeded, its `export` is the export's id.")
    status = serializers.ChoiceField(choices=JobStatus.choices)
    window_start = serializers.DateTimeField()
    window_end = serializers.DateTimeField()
    reissue_of = serializers.UUIDField(allow_null=True, help_text="The export this job writes again, or null.")
    poll = serializers.CharField(help_text="The job's URL.")


@extend_schema_serializer(component_name="ExportRequest")
class ExportRequestIn(serializers.Serializer[Any]):
    since = StrictDateTimeField(required=False, help_text="Start of the window (inclusive); default: 7 days before "
                                                          "`until`.")
    until = StrictDateTimeField(required=False, help_text="End of the window (exclusive); default and latest: now.")


@extend_schema_serializer(component_name="ExportPage")
class ExportPageOut(serializers.Serializer[Any]):
    results = ExportOut(many=True)
    next = serializers.CharField(allow_null=True, help_text="The `cursor` of the next page; null on the last.")


class ExportQueryIn(serializers.Serializer[Any]):
    cursor = Text(NOT_BLANK, required=False, max_length=500, help_text="The previous page's `next`.")
    flagged = serializers.ChoiceField(choices=["true", "false"], required=False,
                                      help_text="`true`: only the exports flagged by an erasure; `false`: the others.")


# The GDPR export's parts (memories.compliance.subjects renders them).
@extend_schema_serializer(component_name="SubjectRef")
class SubjectRefOut(serializers.Serializer[Any]):
    external_id = serializers.CharField()
    id = serializers.UUIDField()
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="ExportedVersion")
class ExportedVersionOut(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    memory_id = serializers.UUIDField()
    version = AsciiIntegerField()
    change = serializers.CharField()
    actor = serializers.CharField()
    reason = serializers.CharField()
    scope = serializers.CharField()
    subject = serializers.CharField(allow_null=True)
    type = serializers.CharField()
    content = serializers.CharField()
    entity = serializers.CharField()
    key = serializers.CharField(allow_null=True)
    metadata = MetadataField()
    confidence = serializers.FloatField()
    provenance = serializers.CharField()
    status = serializers.CharField()
    source_session = serializers.CharField()
    valid_from = serializers.DateTimeField(allow_null=True)
    valid_to = serializers.DateTimeField(allow_null=True)
    superseded_by = serializers.UUIDField(allow_null=True)
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="ExportedMemory")
class ExportedMemoryOut(MemoryOut):
    versions = ExportedVersionOut(many=True)


@extend_schema_serializer(component_name="ExportedTurn")
class ExportedTurnOut(serializers.Serializer[Any]):
    seq = AsciiIntegerField()
    role = serializers.CharField()
    content = serializers.CharField()
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="ExportedSession")
class ExportedSessionOut(serializers.Serializer[Any]):
    session_id = serializers.CharField()
    scope = serializers.CharField()
    summary = serializers.CharField()
    turn_count = AsciiIntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    turns = ExportedTurnOut(many=True)


@extend_schema_serializer(component_name="ExportedReviewItem")
class ExportedReviewItemOut(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    memory_id = serializers.UUIDField()
    other_memory_id = serializers.UUIDField(allow_null=True)
    reason = serializers.CharField()
    status = serializers.CharField()
    resolution = serializers.CharField()
    resolved_by = serializers.CharField()
    resolved_at = serializers.DateTimeField(allow_null=True)
    note = serializers.CharField(help_text="What the person who decided wrote (empty without a note).")
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="ExportedFeedback")
class ExportedFeedbackOut(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    memory_ids = serializers.ListField(child=serializers.UUIDField())
    useful = serializers.BooleanField(allow_null=True)
    correction = serializers.CharField()
    query = serializers.CharField(help_text="What the agent asked when it recalled the memories.")
    reason = serializers.CharField(help_text="Why the agent corrected them.")
    actor = serializers.CharField()
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="ExportedJob")
class ExportedJobOut(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    status = serializers.CharField()
    input = serializers.JSONField(help_text="The job's input (an extract job's messages).")
    resolutions = serializers.JSONField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(component_name="ExportedAuditEvent")
class ExportedAuditEventOut(serializers.Serializer[Any]):
    id = AsciiIntegerField()
    action = serializers.CharField()
    actor = serializers.CharField()
    target_type = serializers.CharField()
    target_id = serializers.CharField()
    data = serializers.JSONField()  # type: ignore[assignment]  # DRF pops declared fields off the class
    request_id = serializers.CharField()
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="ProfileValue")
class ProfileValueOut(serializers.Serializer[Any]):
    value = serializers.CharField(help_text="The slot's value as the memory says it, case-folded.")
    memory_id = serializers.UUIDField(help_text="The memory that says it.")
    content = serializers.CharField()
    valid_from = serializers.DateTimeField(help_text="When it became true (the memory's `valid_from`).")


@extend_schema_serializer(component_name="ProfileSlot")  # its own: the decorator is inherited
class ProfileSlotOut(ProfileValueOut):
    attribute = serializers.CharField(help_text="`employer`, `job`, `city`, `age`, `birthday`, `phone`, `email`, "
                                                "`favourite:<thing>`, `diet`, `education`, `marital`, `role`, …")
    history = ProfileValueOut(many=True, help_text="Older values of the slot, newest first.")


class ProfilePersonOut(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="As the memory names them, case-folded; `~role` for one known only by "
                                           "their role to the person (\"my cousin\").")
    role = serializers.CharField(help_text="Their role to the person when the memory says it, else empty.")
    memory_id = serializers.UUIDField()


@extend_schema_serializer(component_name="SubjectProfile")
class SubjectProfileOut(serializers.Serializer[Any]):
    """A person's profile derived from their memories: each attribute's current value and the people around
    them, each linked to the memory that says it."""

    subject = serializers.CharField()
    slots = ProfileSlotOut(many=True)
    people = ProfilePersonOut(many=True)


class SubjectExportOut(serializers.Serializer[Any]):
    """Everything held about one person: their memories with every version, sessions with their turns,
    review items, feedback, jobs and audit events."""

    subject = SubjectRefOut()
    exported_at = serializers.DateTimeField()
    memories = ExportedMemoryOut(many=True)
    sessions = ExportedSessionOut(many=True)
    review_items = ExportedReviewItemOut(many=True)
    feedback = ExportedFeedbackOut(many=True)
    jobs = ExportedJobOut(many=True)
    audit_events = ExportedAuditEventOut(many=True)
    profile = SubjectProfileOut()


@extend_schema_serializer(component_name="ErasedExport")
class ErasedExportOut(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    window_start = serializers.DateTimeField()
    window_end = serializers.DateTimeField()
    created_at = serializers.DateTimeField()
    file = serializers.CharField()
    flagged = serializers.BooleanField(help_text="True: the erasure flagged it on the Exports list; false in a dry "
                                                 "run (it would be flagged).")


class ErasureMentionOut(serializers.Serializer[Any]):
    memory_id = serializers.UUIDField()
    action = serializers.ChoiceField(choices=["redact", "delete", "keep"],
                                     help_text="`redact`: the person's names become \"[erased person]\" "
                                               "(\"[已删除的人]\" in Chinese) in its content, versions, search "
                                               "words and vectors; `delete`: it named only the person; `keep`: "
                                               "an administrator kept it, with a reason.")
    scope = serializers.CharField(required=False, help_text="Dry run only.")
    status = serializers.CharField(required=False, help_text="Dry run only.")
    content = serializers.CharField(required=False, help_text="Dry run only: the memory as it is now.")


@extend_schema_serializer(component_name="ErasureReceipt")
class ErasureReceiptOut(serializers.Serializer[Any]):
    """What an erasure removed: counts per kind (no identifier of the person), and the audit exports made
    before it that still hold their data (re-run `export_memories` for those windows)."""

    dry_run = serializers.BooleanField(help_text="True: nothing was erased; this is what the erasure would do.")
    erased_at = serializers.DateTimeField(allow_null=True, help_text="Null in a dry run.")
    counts = serializers.DictField(child=AsciiIntegerField(min_value=0),
                                   help_text="`memories`, `memory_versions`, `sessions`, `session_turns`, "
                                             "`review_items`, `feedback`, `jobs_cancelled`, `mentions_redacted`, "
                                             "`mentions_deleted`, `mentions_kept`, … (docs/api.md §9).")
    exports = ErasedExportOut(many=True, help_text="The exports this erasure flagged (made before it, holding the "
                                                   "person): re-issue or delete them.")
    vacuum = serializers.ChoiceField(choices=["done", "scheduled", "not_run"],
                                     help_text="`done`: the tables were vacuumed before the answer; `scheduled`: "
                                               "the worker does it right after; `not_run`: a dry run.")
    mentions = ErasureMentionOut(many=True, help_text="Other people's memories that name the person, and what "
                                                      "was (dry run: would be) done to each.")


EXTERNAL_ID = OpenApiParameter(
    "external_id", {"type": "string", "minLength": 1, "pattern": NO_NUL}, OpenApiParameter.PATH,
    description="The person's external id; any character, `/` included (percent-encode it).")
DRY_RUN = OpenApiParameter(
    "dry_run", {"type": "string", "enum": ["true", "false"]}, OpenApiParameter.QUERY,
    description="`true`: erase nothing; answer what the erasure would do, listing the other people's memories "
                "that name the person with their content and the action each would get.")


def _dry_run(request: Request) -> bool:
    value = request.query_params.get("dry_run", "false")
    if value not in {"true", "false"}:
        raise ValidationFailed("dry_run must be true or false.", fields={"dry_run": ["true or false."]})
    return value == "true"


SUBJECT_NOT_FOUND = "Unknown (or already erased) person (`subject_not_found`), or a scope-restricted key."
NEEDS_FULL_KEY = "Needs a key without scope prefixes (a restricted key gets 404)."


class SubjectExportView(ComplianceAPIView):
    @extend_schema(
        operation_id="subject_export", tags=["subjects"], summary="Export a person's data (GDPR Art. 15/20)",
        description=f"Everything held about one person, as JSON. Audited (counts only). {NEEDS_FULL_KEY}",
        parameters=[EXTERNAL_ID],
        responses={200: SubjectExportOut, **errors(e404=SUBJECT_NOT_FOUND)})
    def get(self, request: Request, external_id: str) -> Response:
        return Response(subject_export(external_id=external_id, actor=self.actor()))

    @property
    def allowed_methods(self) -> list[str]:
        # This resource is the export: the DELETE below serves another one (the person whose id ends in
        # "/export"), documented at /subjects/{external_id}. Allow lists this resource's methods.
        return [m for m in super().allowed_methods if m != "DELETE"]

    @extend_schema(exclude=True)
    @idempotent
    def delete(self, request: Request, external_id: str) -> Response:
        """DELETE /subjects/<id>/export erases the person whose id ends in "/export" (the URL's one
        ambiguity: this route wins the match, and export is GET only)."""
        return Response(subject_erase(external_id=f"{external_id}/export", actor=self.actor(),
                                      wait_for_vacuum=False))


class SubjectProfileView(ComplianceAPIView):
    @extend_schema(
        operation_id="subject_profile", tags=["subjects"], summary="A person's profile, derived from memories",
        description="The current value of each attribute slot the person's memories fill (employer, city, age, "
                    "diet, favourite things, …), each with the memory that states it and when it became true, and "
                    "the people their memories name. A person no client sent as a subject, whom memories name in "
                    "plain text, answers from those memories. No language model writes it. "
                    f"{NEEDS_FULL_KEY}",
        parameters=[EXTERNAL_ID],
        responses={200: SubjectProfileOut, **errors(e404=SUBJECT_NOT_FOUND)})
    def get(self, request: Request, external_id: str) -> Response:
        return Response(subject_profile_get(external_id=external_id))


class SubjectView(ComplianceAPIView):
    @extend_schema(
        operation_id="subject_erase", tags=["subjects"], summary="Erase a person (GDPR Art. 17)",
        description="Erases everything held about the person in one transaction (their queued jobs are cancelled "
                    "first); the answer is the receipt, and the worker then vacuums the tables (`vacuum`: "
                    "`scheduled`). The audit log keeps a "
                    f"content-free tombstone. {NEEDS_FULL_KEY} Read-only keys get 403.",
        parameters=[EXTERNAL_ID, DRY_RUN, IDEMPOTENCY_KEY, REPLAYED],
        responses={200: ErasureReceiptOut, **errors(403, 422, e404=SUBJECT_NOT_FOUND)})
    @idempotent
    def delete(self, request: Request, external_id: str) -> Response:
        if _dry_run(request):
            return Response(subject_erasure_preview(external_id=external_id))
        return Response(subject_erase(external_id=external_id, actor=self.actor(), wait_for_vacuum=False))


class ExportListView(ComplianceAPIView):
    @extend_schema(
        operation_id="exports_list", tags=["exports"], summary="The audit exports",
        description="The tenant's JSONL audit exports (weekly, made now, re-issued), newest first; `flagged` marks "
                    f"those an erasure made stale. {NEEDS_FULL_KEY}",
        parameters=[ExportQueryIn, OpenApiParameter("limit", {"type": "integer", "minimum": 1, "maximum": 200,
                                                              "default": 50})],
        responses={200: ExportPageOut, **errors(e404="A scope-restricted key.")})
    def get(self, request: Request) -> Response:
        limit = query_int(request.query_params, "limit", default=50, low=1, high=200)
        params = validated(ExportQueryIn, request.query_params.dict())
        flagged = {"true": True, "false": False}.get(params.get("flagged", ""))
        rows, cursor = selectors.paginate(selectors.export_runs(flagged=flagged), params.get("cursor"), limit)
        return Response({"results": [export_json(r) for r in rows], "next": cursor})

    @extend_schema(
        operation_id="export_create", tags=["exports"], summary="Make an audit export now",
        description="Queues a background job that writes the tenant's JSONL audit export of `[since, until)` "
                    "(default: the last 7 days up to now) and answers at once with the job; poll `GET /jobs/{id}` "
                    "(its `export` is the new export's id when it succeeded), then list or download it. Audited "
                    f"(`export.requested`). {NEEDS_FULL_KEY} Read-only keys get 403.",
        request=ExportRequestIn, parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={202: ExportJobOut, **errors(400, 403, 422, e404="A scope-restricted key.")})
    @idempotent
    def post(self, request: Request) -> Response:
        body = validated(ExportRequestIn, request.data)
        job = export_request(since=body.get("since"), until=body.get("until"), actor=self.actor())
        return Response(export_job_json(job), status=status.HTTP_202_ACCEPTED)


class ExportDetailView(ComplianceAPIView):
    @extend_schema(
        operation_id="export_get", tags=["exports"], summary="One audit export",
        description=f"One export, with its erasure flag. {NEEDS_FULL_KEY}",
        responses={200: ExportOut, **errors(e404="Unknown export (`export_not_found`), or a scope-restricted key.")})
    def get(self, request: Request, export_id: uuid.UUID) -> Response:
        return Response(export_json(selectors.export_run_get(export_id)))

    @extend_schema(
        operation_id="export_delete", tags=["exports"], summary="Delete an audit export",
        description="Deletes the export's file, manifest and row (e.g. one flagged after an erasure). Audited "
                    f"(`export.deleted`). {NEEDS_FULL_KEY} Read-only keys get 403.",
        parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={204: None, **errors(403, 422, e404="Unknown export (`export_not_found`), or a scope-restricted "
                                                      "key.")})
    @idempotent
    def delete(self, request: Request, export_id: uuid.UUID) -> Response:
        export_delete(export_id=export_id, actor=self.actor())
        return Response(status=status.HTTP_204_NO_CONTENT)


class ExportReissueView(ComplianceAPIView):
    @extend_schema(
        operation_id="export_reissue", tags=["exports"], summary="Re-issue an audit export",
        description="Queues a job that writes the export's window again from what is held now, in place (same id, "
                    "same file name; the old file is replaced): people erased since are no longer in it and its "
                    "flag is cleared. Audited (`export.reissued`). "
                    f"{NEEDS_FULL_KEY} Read-only keys get 403.",
        request=None, parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={202: ExportJobOut, **errors(403, 422, e404="Unknown export (`export_not_found`), or a "
                                                              "scope-restricted key.")})
    @idempotent
    def post(self, request: Request, export_id: uuid.UUID) -> Response:
        job = export_reissue(export_id=export_id, actor=self.actor())
        return Response(export_job_json(job), status=status.HTTP_202_ACCEPTED)


class ExportDownloadView(ComplianceAPIView):
    @extend_schema(
        operation_id="export_download", tags=["exports"], summary="Download an audit export",
        description=f"The export's gzip JSONL file (schema: docs/export-schema.md), as an attachment with its "
                    f"SHA-256 in `X-Content-SHA256`. Audited. {NEEDS_FULL_KEY}",
        parameters=[OpenApiParameter("X-Content-SHA256", str, OpenApiParameter.HEADER, response=[200],
                                     description="The file's SHA-256, hex.")],
        responses={(200, "application/gzip"): OpenApiResponse(OpenApiTypes.BINARY, description="The file."),
                   **errors(e404="Unknown export (`export_not_found`), its file gone (`export_file_missing`), or "
                                 "a scope-restricted key.",
                            e409="Flagged by an erasure (`export_flagged`): re-issue or delete it first.")})
    def get(self, request: Request, export_id: uuid.UUID) -> FileResponse:
        run, path = export_open(export_id=export_id, actor=self.actor())
        response = FileResponse(path.open("rb"), as_attachment=True, filename=path.name,
                                content_type="application/gzip")
        response["X-Content-SHA256"] = run.sha256
        return response
