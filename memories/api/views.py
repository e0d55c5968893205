"""REST API v1 views: parse, check the key's scope, call one service or selector, render."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from memories import selectors
from memories.api import serializers as s
from memories.api.parsing import validated
from memories.representation import memories_json, memory_json
from memories.write import reviews as review_service
from memories.write import revisions
from memories.write.feedback import feedback_record
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.versions import VersionConflict
from mnemara.errors import NotFound, PreconditionFailed, PreconditionRequired, TooLarge, ValidationFailed
from tenants.api import TenantAPIView


class MemoryAPIView(TenantAPIView):
    """Base for memory endpoints: a stale version answers 409 with the current memory."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, VersionConflict):
            exc.extra = {"current": memory_json(exc.current)}
        return super().handle_exception(exc)

    def visible(self, memory_id: Any) -> Any:
        return selectors.memory_visible(memory_id, self.api_key.scope_prefixes)

    def expected_version(self, request: Request, body_version: int | None, required: bool) -> int | None:
        header = request.headers.get("If-Match")
        if header is not None:
            value = header.strip().removeprefix("W/").strip('"')
            if not re.fullmatch(r"[0-9]{1,100}", value):  # not str.isdigit(): "²" is a digit int() refuses
                raise PreconditionFailed("If-Match must be the quoted version from the ETag, e.g. \"3\".")
            if body_version is not None and body_version != int(value):
                raise PreconditionFailed("If-Match and the body version disagree.")
            return int(value)
        if body_version is None and required:
            raise PreconditionRequired("Send If-Match: \"<version>\" (or \"version\" in the body) to change a memory.")
        return body_version


class MemoryListCreateView(MemoryAPIView):
    @extend_schema(parameters=[s.ListQueryIn], responses=s.MemoryOut(many=True))
    def get(self, request: Request) -> Response:
        params = validated(s.ListQueryIn, request.query_params.dict())
        qs = selectors.memory_list(selectors.visible_memories(self.api_key.scope_prefixes), params)
        rows, cursor = selectors.paginate(qs, params.get("cursor"), params["limit"])
        return Response({"results": memories_json(rows), "next": cursor})

    @extend_schema(request=s.MemoryIn, responses={201: s.MemoryOut})
    def post(self, request: Request) -> Response:
        many = isinstance(request.data, list)
        raw = request.data if many else [request.data]
        if many and not raw:
            raise ValidationFailed("Send at least one memory.", fields={"body": ["Empty list."]})
        if len(raw) > settings.MAX_BATCH_SIZE:
            raise TooLarge(f"At most {settings.MAX_BATCH_SIZE} memories per request.", code="batch_too_large")
        items = []
        for i, data in enumerate(raw):
            prefix = f"{i}." if many else ""
            item = MemoryInput(**validated(s.MemoryIn, data, prefix))
            item.scope = self.allowed_scope(item.scope, prefix)
            items.append(item)
        results = memory_create(items=items, actor=self.actor())
        body = s.results_json(results)
        return Response(body if many else body[0], status=status.HTTP_201_CREATED)


class MemoryDetailView(MemoryAPIView):
    @extend_schema(responses=s.MemoryOut)
    def get(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        return Response(memory_json(memory), headers={"ETag": f'"{memory.version}"'})

    @extend_schema(request=s.MemoryPatchIn, responses=s.MemoryOut,
                   parameters=[OpenApiParameter("If-Match", str, OpenApiParameter.HEADER)])
    def patch(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        data = validated(s.MemoryPatchIn, request.data)
        expected = self.expected_version(request, data.pop("version", None), required=True)
        assert expected is not None
        reason = data.pop("reason", "")
        updated = revisions.memory_revise(memory_id=memory.pk, expected_version=expected, changes=data,
                                          actor=self.actor(), reason=reason)
        return Response(memory_json(updated), headers={"ETag": f'"{updated.version}"'})

    @extend_schema(responses={204: None})
    def delete(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        revisions.memory_delete(memory_id=memory.pk, actor=self.actor(),
                                expected_version=self.expected_version(request, None, required=False))
        return Response(status=status.HTTP_204_NO_CONTENT)


class MemoryDeprecateView(MemoryAPIView):
    writes = True
    change = staticmethod(revisions.memory_deprecate)

    @extend_schema(request=s.StateChangeIn, responses=s.MemoryOut)
    def post(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        data = validated(s.StateChangeIn, request.data if request.data else {})
        expected = self.expected_version(request, data.get("version"), required=False)
        updated = self.change(memory_id=memory.pk, actor=self.actor(), reason=data["reason"],
                              expected_version=expected)
        return Response(memory_json(updated), headers={"ETag": f'"{updated.version}"'})


class MemoryRestoreView(MemoryDeprecateView):
    change = staticmethod(revisions.memory_restore)


class MemoryHistoryView(MemoryAPIView):
    @extend_schema(responses=s.VersionOut(many=True))
    def get(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        versions = selectors.memory_history(memory)
        return Response({"results": [s.VersionOut(v).data for v in versions], "next": None})


class MemoryMergeView(MemoryAPIView):
    @extend_schema(request=s.MergeIn, responses={201: s.MemoryOut})
    def post(self, request: Request) -> Response:
        data = validated(s.MergeIn, request.data)
        for memory_id in data["ids"]:
            self.visible(memory_id)
        merged = revisions.memory_merge(memory_ids=data["ids"], actor=self.actor(), content=data["content"],
                                        reason=data["reason"])
        return Response(memory_json(merged), status=status.HTTP_201_CREATED)


class ReviewListView(MemoryAPIView):
    @extend_schema(responses=s.ReviewItemOut(many=True),
                   parameters=[OpenApiParameter("status", str), OpenApiParameter("cursor", str)])
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status", "open")
        if wanted not in ("open", "resolved", "all"):
            raise ValidationFailed("Unknown status.", fields={"status": ["One of: open, resolved, all."]})
        qs = selectors.review_items(self.api_key.scope_prefixes, "" if wanted == "all" else wanted)
        rows, cursor = selectors.paginate(qs, request.query_params.get("cursor"), 100)
        return Response({"results": [s.ReviewItemOut(r).data for r in rows], "next": cursor})


class ReviewResolveView(MemoryAPIView):
    @extend_schema(request=s.ReviewResolveIn, responses=s.ReviewItemOut)
    def post(self, request: Request, item_id: Any) -> Response:
        if not selectors.review_items(self.api_key.scope_prefixes, "").filter(pk=item_id).exists():
            raise NotFound("Review item not found.")
        data = validated(s.ReviewResolveIn, request.data)
        item = review_service.review_resolve(item_id=item_id, action=data["action"], actor=self.actor(),
                                             content=data["content"], reason=data["reason"])
        return Response(s.ReviewItemOut(item).data)


class FeedbackView(MemoryAPIView):
    @extend_schema(request=s.FeedbackIn, responses={201: None})
    def post(self, request: Request) -> Response:
        data = validated(s.FeedbackIn, request.data)
        for memory_id in data["memory_ids"]:
            self.visible(memory_id)
        feedback = feedback_record(memory_ids=data["memory_ids"], useful=data["useful"],
                                   correction=data["correction"], query=data["query"], actor=self.actor())
        return Response({"id": str(feedback.pk)}, status=status.HTTP_201_CREATED)
