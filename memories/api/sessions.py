"""REST API v1: sessions (short-term memory), extraction requests and background jobs.

Views parse, check the key's scope (outside it: 404), call one service, render. Validation of the
messages (roles, sizes: 400/413) is the service's, so every entry point applies the same limits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from memories.api.parsing import json_object, query_int
from memories.extraction import jobs, sessions
from memories.representation import iso
from mnemara.errors import ValidationFailed
from tenants.api import TenantAPIView

if TYPE_CHECKING:
    from memories.models import Job, Session, SessionTurn


class MessageIn(serializers.Serializer[Any]):
    role = serializers.ChoiceField(choices=["user", "assistant"])
    content = serializers.CharField()


class SessionMessagesIn(serializers.Serializer[Any]):
    scope = serializers.CharField()
    subject = serializers.CharField(required=False, allow_null=True)
    messages = MessageIn(many=True)


class ExtractIn(SessionMessagesIn):
    pass


class JobOut(serializers.Serializer["Job"]):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    status = serializers.CharField()
    extractor = serializers.CharField()
    attempts = serializers.IntegerField()
    error = serializers.CharField()
    resolutions = serializers.JSONField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class TurnOut(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    role = serializers.CharField()
    content = serializers.CharField()
    created_at = serializers.DateTimeField()


class SessionOut(serializers.Serializer[Any]):
    id = serializers.CharField()
    scope = serializers.CharField()
    subject = serializers.CharField(allow_null=True)
    summary = serializers.CharField()
    turn_count = serializers.IntegerField()
    extracted_through = serializers.IntegerField()
    closed_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    turns = TurnOut(many=True)
    last_job = JobOut(allow_null=True)


class AppendOut(serializers.Serializer[Any]):
    session = serializers.CharField()
    appended = serializers.IntegerField()
    turn_count = serializers.IntegerField()
    job = serializers.UUIDField(allow_null=True)


class JobAcceptedOut(serializers.Serializer[Any]):
    job = serializers.UUIDField()
    session = serializers.CharField(required=False)


def job_json(job: Job) -> dict[str, Any]:
    data = dict(JobOut(job).data)
    data["max_attempts"] = settings.JOB_MAX_ATTEMPTS
    data["scope"] = job.scope.path if job.scope else None
    data["session"] = job.session.session_key if job.session else None
    return data


def turn_json(turn: SessionTurn) -> dict[str, Any]:
    return {"seq": turn.seq, "role": turn.role, "content": turn.content, "created_at": iso(turn.created_at)}


def session_json(session: Session) -> dict[str, Any]:
    return {"id": session.session_key, "scope": session.scope.path,
            "subject": session.subject.external_id if session.subject else None, "summary": session.summary,
            "turn_count": session.turn_count, "extracted_through": session.extracted_through,
            "closed_at": iso(session.closed_at), "created_at": iso(session.created_at),
            "updated_at": iso(session.updated_at)}


SCOPE_PARAMETER = OpenApiParameter(
    "scope", str, description="The session's scope: needed only when the same session id is used in several "
                              "scopes this key can see (a session id names a conversation within one scope).")


class _ScopedView(TenantAPIView):
    @staticmethod
    def subject(body: dict[str, Any]) -> str | None:
        subject = body.get("subject")
        if subject is not None and (not isinstance(subject, str) or len(subject) > 200):
            raise ValidationFailed("subject: a string of at most 200 characters.",
                                   fields={"subject": ["A string of at most 200 characters."]})
        return subject or None


class SessionMessagesView(_ScopedView):
    @extend_schema(request=SessionMessagesIn, responses={202: AppendOut})
    def post(self, request: Request, session_id: str) -> Response:
        body = json_object(request.data)
        result = sessions.session_append(session_key=session_id, scope=self.allowed_scope(body.get("scope")),
                                         subject=self.subject(body), messages=body.get("messages"),
                                         actor=self.actor())
        return Response({"session": result.session.session_key, "appended": result.appended,
                         "turn_count": result.session.turn_count,
                         "job": str(result.job.pk) if result.job else None}, status=status.HTTP_202_ACCEPTED)


class SessionDetailView(_ScopedView):
    @extend_schema(parameters=[OpenApiParameter("limit", int), SCOPE_PARAMETER], responses=SessionOut)
    def get(self, request: Request, session_id: str) -> Response:
        limit = query_int(request.query_params, "limit", default=20, low=1, high=200)
        found = sessions.session_get(session_key=session_id, prefixes=self.api_key.scope_prefixes,
                                     scope=request.query_params.get("scope"), limit=limit)
        body = session_json(found["session"])
        body["turns"] = [turn_json(t) for t in found["turns"]]
        body["last_job"] = job_json(found["last_job"]) if found["last_job"] else None
        return Response(body)


class SessionCloseView(_ScopedView):
    @extend_schema(request=None, parameters=[SCOPE_PARAMETER], responses={202: JobAcceptedOut})
    def post(self, request: Request, session_id: str) -> Response:
        job = sessions.session_close(session_key=session_id, actor=self.actor(), prefixes=self.api_key.scope_prefixes,
                                     scope=request.query_params.get("scope"))
        return Response({"job": str(job.pk), "session": session_id}, status=status.HTTP_202_ACCEPTED)


class ExtractView(_ScopedView):
    @extend_schema(request=ExtractIn, responses={202: JobAcceptedOut})
    def post(self, request: Request) -> Response:
        body = json_object(request.data)
        job = sessions.extraction_request(scope=self.allowed_scope(body.get("scope")), messages=body.get("messages"),
                                          subject=self.subject(body), actor=self.actor())
        return Response({"job": str(job.pk)}, status=status.HTTP_202_ACCEPTED)


class JobDetailView(_ScopedView):
    @extend_schema(responses=JobOut)
    def get(self, request: Request, job_id: Any) -> Response:
        return Response(job_json(jobs.job_visible(job_id, self.api_key.scope_prefixes)))
