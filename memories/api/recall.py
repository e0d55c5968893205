"""Recall endpoints: POST /memories/search and POST /context. Read-only (a read-only key may call them)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from memories.api import serializers as s
from memories.api.parsing import validated
from memories.choices import MemoryType, Status
from memories.recall import context, query, search
from memories.representation import memory_json
from memories.write import validation
from tenants.api import TenantAPIView
from tenants.paths import validate_scope_path


class RecallIn(serializers.Serializer[Any]):
    query = serializers.CharField(max_length=query.MAX_QUERY_CHARS)
    scope = serializers.CharField(required=False, max_length=1000)
    scopes = serializers.ListField(child=serializers.CharField(max_length=1000), required=False,
                                   min_length=1, max_length=search.MAX_SCOPES)
    descendants = serializers.BooleanField(required=False, default=False)
    types = serializers.ListField(child=serializers.ChoiceField(choices=MemoryType.choices), required=False,
                                  allow_null=True, default=None, max_length=len(MemoryType.choices))
    floor = serializers.BooleanField(required=False, default=True, help_text=(
        "Leave out memories below the relevance floor (k is then a maximum). false: the best k, relevant or not."))

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "scope" in attrs and "scopes" in attrs:
            raise serializers.ValidationError({"scope": "Send scope or scopes, not both."})
        if "scope" not in attrs and "scopes" not in attrs:
            raise serializers.ValidationError({"scope": "Name a scope (\"scope\") or several (\"scopes\")."})
        paths = [attrs.pop("scope")] if "scope" in attrs else attrs.pop("scopes")
        attrs["scopes"] = [validate_scope_path(p, "scope") for p in paths]
        return attrs


class SearchIn(RecallIn):
    k = serializers.IntegerField(required=False, default=10, min_value=1, max_value=query.MAX_K)
    min_confidence = serializers.FloatField(required=False, default=0.0, min_value=0.0, max_value=1.0)
    include_statuses = serializers.ListField(child=serializers.ChoiceField(choices=Status.choices), required=False,
                                             allow_null=True, default=None, min_length=1)
    filters = serializers.DictField(required=False, allow_null=True, default=None)
    as_of = serializers.DateTimeField(required=False, allow_null=True, default=None)
    mode = serializers.ChoiceField(choices=list(query.MODES), required=False, default="hybrid")

    def validate_filters(self, value: dict[str, Any] | None) -> dict[str, Any] | None:
        return validation.validate_metadata(value) if value else None


class ContextIn(RecallIn):
    token_budget = serializers.IntegerField(required=False, allow_null=True, default=None,
                                            min_value=context.MIN_BUDGET, max_value=context.MAX_BUDGET)


class SearchHitOut(serializers.Serializer[Any]):
    memory = s.MemoryOut()
    score = serializers.FloatField()
    scores = serializers.DictField(child=serializers.FloatField())
    relevant = serializers.BooleanField(help_text="Above the relevance floor (always true unless floor is false).")


class SearchOut(serializers.Serializer[Any]):
    results = SearchHitOut(many=True)


class ContextOut(serializers.Serializer[Any]):
    block = serializers.CharField()
    items = serializers.ListField(child=serializers.UUIDField())
    tokens = serializers.IntegerField()


class MemorySearchView(TenantAPIView):
    writes = False

    @extend_schema(request=SearchIn, responses=SearchOut)
    def post(self, request: Request) -> Response:
        data = validated(SearchIn, request.data)
        hits = search.memory_search(**data, allowed_prefixes=self.api_key.scope_prefixes)
        results = [{"memory": memory_json(h.memory), "score": round(h.score, 4), "scores": h.scores,
                    "relevant": h.relevant} for h in hits]
        return Response({"results": results})


class ContextView(TenantAPIView):
    writes = False

    @extend_schema(request=ContextIn, responses=ContextOut)
    def post(self, request: Request) -> Response:
        data = validated(ContextIn, request.data)
        built = context.context_build(**data, allowed_prefixes=self.api_key.scope_prefixes)
        return Response({"block": built.block, "items": [str(i) for i in built.items], "tokens": built.tokens})
