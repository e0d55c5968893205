"""REST API v1: sessions (short-term memory), extraction requests and background jobs.

Views parse, check the key's scope (outside it: 404), call one service, render. Validation of the
messages (roles, sizes: 400/413) is the service's, so every entry point applies the same limits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from memories.api.parsing import AsciiIntegerField, StrictDateTimeField, json_object, query_int
from memories.api.schema import NOT_BLANK, ScopeField, Text
from memories.choices import JobKind, JobStatus
from memories.extraction import jobs, sessions
from memories.representation import iso
from mnemara.kernel.errors import ValidationFailed
from mnemara.kernel.patterns import SPACES
from mnemara.kernel.schema import errors
from tenants.api import IDEMPOTENCY_KEY, REPLAYED, TenantAPIView, idempotent

if TYPE_CHECKING:
    from memories.models import Job, Session, SessionTurn


ROLES = ["user", "assistant"]


@extend_schema_serializer(component_name="Message")
class MessageIn(serializers.Serializer[Any]):
    role = serializers.ChoiceField(choices=ROLES)
    content = Text(NOT_BLANK, max_length=settings.SESSION_MAX_MESSAGE_CHARS,
                   help_text="The turn's text; all messages of a request hold at most 200,000 characters.")
    created_at = StrictDateTimeField(
        required=False, allow_null=True,
        help_text="When the turn was said (imported history); default: when it arrives. Not ahead of the server's "
                  "clock by more than 5 minutes; the messages of a request never go back in time. Memories "
                  "extracted from the turn are valid from this time.")
    name = Text(required=False, allow_null=True, allow_blank=True, max_length=100,
                help_text="The speaker's name (a conversation between named people): what they say is extracted as "
                          "statements about them, in both roles.")


@extend_schema_serializer(component_name="SessionMessages")
class SessionMessagesIn(serializers.Serializer[Any]):
    """Conversation turns, validated by the session service (docs/api.md §8)."""

    scope = ScopeField()
    subject = Text(required=False, allow_null=True, allow_blank=True, max_length=200,
                   help_text="The person the conversation is about (empty: none); a session keeps its first subject.")
    messages = serializers.ListField(child=MessageIn(), min_length=1, max_length=settings.SESSION_MAX_MESSAGES)


@extend_schema_serializer(component_name="Extract")
class ExtractIn(SessionMessagesIn):
    """Messages to extract memories from, without a session."""


@extend_schema_serializer(component_name="JobResolution")
class JobResolutionOut(serializers.Serializer[Any]):
    action = serializers.CharField(help_text=(
        "What the write flow did with the candidate (docs/api.md §4.2), or `skipped`: a turn that gave no memory "
        "(`memory` is null, `reason` says why)."))
    memory = serializers.UUIDField(allow_null=True)
    related = serializers.ListField(child=serializers.UUIDField())
    type = serializers.CharField()
    status = serializers.CharField()
    turns = serializers.ListField(child=AsciiIntegerField(min_value=1), required=False,
                                  help_text="The turns (session seq, or position in the request) it came from.")
    reason = serializers.CharField(required=False, help_text=(
        "Why: for a memory `statement`, `rules` (an explicit form), `observation` (the turn kept as said, nothing "
        "else could be extracted) or `assistant`; for `skipped`: question, greeting, thanks, acknowledgement, "
        "request, reaction, filler, assistant."))


class JobOut(serializers.Serializer["Job"]):
    id = serializers.UUIDField()
    kind = serializers.ChoiceField(choices=JobKind.choices)
    status = serializers.ChoiceField(choices=JobStatus.choices)
    extractor = serializers.CharField(help_text="`rules` (offline) or `claude`.")
    attempts = AsciiIntegerField(min_value=0)
    error = serializers.CharField(help_text="Empty, or `<code>: <reason>` (content-free).")
    resolutions = JobResolutionOut(many=True, help_text="One per stored candidate.")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(component_name="Job")
class JobDetailOut(JobOut):
    max_attempts = AsciiIntegerField(min_value=1)
    scope = serializers.CharField(allow_null=True)
    session = serializers.CharField(allow_null=True)
    export = serializers.UUIDField(allow_null=True, help_text="An `export` job's export, once it succeeded.")


@extend_schema_serializer(component_name="Turn")
class TurnOut(serializers.Serializer[Any]):
    seq = AsciiIntegerField(min_value=1)
    role = serializers.ChoiceField(choices=ROLES)
    content = serializers.CharField()
    created_at = serializers.DateTimeField()
    name = serializers.CharField(help_text="The speaker's name; empty when none was given.")


@extend_schema_serializer(component_name="Session")
class SessionOut(serializers.Serializer[Any]):
    id = serializers.CharField()
    scope = serializers.CharField()
    subject = serializers.CharField(allow_null=True)
    summary = serializers.CharField(help_text="The rolling summary; empty until the first extraction.")
    turn_count = AsciiIntegerField(min_value=0)
    extracted_through = AsciiIntegerField(min_value=0)
    closed_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    turns = TurnOut(many=True, help_text="The most recent `limit` turns, oldest first.")
    last_job = JobDetailOut(allow_null=True)


@extend_schema_serializer(component_name="Appended")
class AppendOut(serializers.Serializer[Any]):
    session = serializers.CharField()
    appended = AsciiIntegerField(min_value=1)
    turn_count = AsciiIntegerField(min_value=1)
    job = serializers.UUIDField(allow_null=True, help_text="Set when this append scheduled an extraction.")


@extend_schema_serializer(component_name="JobAccepted")
class JobAcceptedOut(serializers.Serializer[Any]):
    job = serializers.UUIDField()


@extend_schema_serializer(component_name="SessionClosed")
class SessionClosedOut(JobAcceptedOut):
    session = serializers.CharField()


def job_json(job: Job) -> dict[str, Any]:
    data = dict(JobOut(job).data)
    data["max_attempts"] = settings.JOB_MAX_ATTEMPTS
    data["scope"] = job.scope.path if job.scope else None
    data["session"] = job.session.session_key if job.session else None
    data["export"] = job.input.get("export")
    return data


AMBIGUOUS = "This session id is used in several scopes the key can see: name one with `?scope=` (`session_ambiguous`)."
SESSION_KEY_PATTERN = rf"^[^/\x00]*[^/\x00{SPACES}][^/\x00]*$"
SESSION_ID = OpenApiParameter(
    "session_id", {"type": "string", "maxLength": 200, "pattern": SESSION_KEY_PATTERN},
    OpenApiParameter.PATH, description="Chosen by the client: 1–200 characters, not only spaces, no `/`.")


def turn_json(turn: SessionTurn) -> dict[str, Any]:
    return {"seq": turn.seq, "role": turn.role, "content": turn.content, "created_at": iso(turn.created_at),
            "name": turn.name}


def session_json(session: Session) -> dict[str, Any]:
    return {"id": session.session_key, "scope": session.scope.path,
            "subject": session.subject.external_id if session.subject else None, "summary": session.summary,
            "turn_count": session.turn_count, "extracted_through": session.extracted_through,
            "closed_at": iso(session.closed_at), "created_at": iso(session.created_at),
            "updated_at": iso(session.updated_at)}


class SessionScopeIn(serializers.Serializer[Any]):
    scope = ScopeField(required=False, help_text="The session's scope: needed only when the same session id is used in "
                                                 "several scopes this key can see (a session id names a conversation "
                                                 "within one scope).")


class SessionQueryIn(SessionScopeIn):
    limit = AsciiIntegerField(required=False, min_value=1, max_value=200, default=20,
                                     help_text="How many of the most recent turns.")


class _ScopedView(TenantAPIView):
    @staticmethod
    def subject(body: dict[str, Any]) -> str | None:
        subject = body.get("subject")
        if subject is not None and (not isinstance(subject, str) or len(subject) > 200):
            raise ValidationFailed("subject: a string of at most 200 characters.",
                                   fields={"subject": ["A string of at most 200 characters."]})
        return subject or None


class SessionMessagesView(_ScopedView):
    @extend_schema(
        operation_id="session_messages_append", tags=["sessions"], summary="Append conversation turns",
        description="Stores the turns in the session's short-term buffer (the session is created on first use; "
                    "a session id names a conversation within one scope). Every few turns an extraction job is "
                    "scheduled in the same transaction; `job` says so.",
        request=SessionMessagesIn, parameters=[SESSION_ID, IDEMPOTENCY_KEY, REPLAYED],
        responses={202: AppendOut, **errors(403, 404, 413, 415, 422, e409="This session belongs to another subject "
                                                                          "(`session_subject_mismatch`).")})
    @idempotent
    def post(self, request: Request, session_id: str) -> Response:
        body = json_object(request.data)
        result = sessions.session_append(session_key=session_id, scope=self.allowed_scope(body.get("scope")),
                                         subject=self.subject(body), messages=body.get("messages"),
                                         actor=self.actor())
        response = Response({"session": result.session.session_key, "appended": result.appended,
                             "turn_count": result.session.turn_count,
                             "job": str(result.job.pk) if result.job else None}, status=status.HTTP_202_ACCEPTED)
        response.resource_ids = [result.session.pk]  # type: ignore[attr-defined]  # its erasure scrubs the answer
        return response


class SessionDetailView(_ScopedView):
    @extend_schema(
        operation_id="session_get", tags=["sessions"], summary="A session's recent turns",
        description="The session's most recent turns (oldest first), its rolling summary and its last job.",
        parameters=[SESSION_ID, SessionQueryIn],
        responses={200: SessionOut, **errors(404, e409=AMBIGUOUS)})
    def get(self, request: Request, session_id: str) -> Response:
        limit = query_int(request.query_params, "limit", default=20, low=1, high=200)
        found = sessions.session_get(session_key=session_id, prefixes=self.api_key.scope_prefixes,
                                     scope=request.query_params.get("scope"), limit=limit)
        body = session_json(found["session"])
        body["turns"] = [turn_json(t) for t in found["turns"]]
        body["last_job"] = job_json(found["last_job"]) if found["last_job"] else None
        return Response(body)


class SessionCloseView(_ScopedView):
    @extend_schema(
        operation_id="session_close", tags=["sessions"], summary="Close a session",
        description="Summarises the session and extracts memories from the turns not extracted yet, in a "
                    "background job. Closing again with no new turns returns the same job. No body.",
        request=None, parameters=[SESSION_ID, SessionScopeIn],
        responses={202: SessionClosedOut, **errors(403, 404, e409=AMBIGUOUS)})
    def post(self, request: Request, session_id: str) -> Response:
        job = sessions.session_close(session_key=session_id, actor=self.actor(), prefixes=self.api_key.scope_prefixes,
                                     scope=request.query_params.get("scope"))
        return Response({"job": str(job.pk), "session": session_id}, status=status.HTTP_202_ACCEPTED)


class ExtractView(_ScopedView):
    @extend_schema(
        operation_id="extract", tags=["sessions"], summary="Extract memories from messages",
        description="A background job that extracts memories from the given messages (without a session) "
                    "through the write flow; poll `GET /jobs/{id}`.",
        request=ExtractIn, parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={202: JobAcceptedOut, **errors(403, 404, 413, 415, 422)})
    @idempotent
    def post(self, request: Request) -> Response:
        body = json_object(request.data)
        job = sessions.extraction_request(scope=self.allowed_scope(body.get("scope")), messages=body.get("messages"),
                                          subject=self.subject(body), actor=self.actor())
        return Response({"job": str(job.pk)}, status=status.HTTP_202_ACCEPTED)


class JobDetailView(_ScopedView):
    @extend_schema(
        operation_id="job_get", tags=["sessions"], summary="A background job",
        description="The job's status and the resolutions it produced (one per stored memory).",
        responses={200: JobDetailOut, **errors(404)})
    def get(self, request: Request, job_id: Any) -> Response:
        return Response(job_json(jobs.job_visible(job_id, self.api_key.scope_prefixes)))
