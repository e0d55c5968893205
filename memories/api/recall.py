"""Recall endpoints: POST /memories/search and POST /context. Read-only (a read-only key may call them)."""

from __future__ import annotations

import threading
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from memories.api import serializers as s
from memories.api.parsing import (
    AsciiIntegerField,
    StrictBooleanField,
    StrictDateTimeField,
    StrictFloatField,
    StrictIntegerField,
    validated,
)
from memories.api.schema import NOT_BLANK, MetadataField, ScopeField, Text, across_fields
from memories.choices import MemoryType, Status
from memories.compliance.subjects import subject_profile_brief
from memories.recall import context, query, search
from memories.recall.access import searches_counted
from memories.representation import memory_json
from memories.write import validation
from mnemara.kernel.schema import errors
from tenants.api import MIN_LSN, TenantAPIView
from tenants.paths import validate_scope_path


def _fresh(field: serializers.Field[Any, Any, Any, Any]) -> serializers.Field[Any, Any, Any, Any]:
    """A declared field for one request, as DRF's ``Field.__deepcopy__`` makes it (its class called again with the
    arguments it was declared with), the arguments that are fields made afresh too but the others shared, not
    deep-copied: texts, numbers, patterns and choices, which no field changes. DRF deep-copies every argument of
    every field on every request (two thirds of a search's validation)."""

    def fresh(value: Any) -> Any:
        return _fresh(value) if isinstance(value, serializers.Field) else value

    args, kwargs = field._args, field._kwargs  # type: ignore[attr-defined]
    return type(field)(*[fresh(a) for a in args], **{key: fresh(v) for key, v in kwargs.items()})


#: Each thread's bound fields of each request serializer (``RecallIn.fields``).
_BOUND = threading.local()


class RecallIn(serializers.Serializer[Any]):
    """What to recall, and from where: `scope` or `scopes` (one of them)."""

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        return {name: _fresh(field) for name, field in self._declared_fields.items()}  # type: ignore[attr-defined]

    @property
    def fields(self) -> Any:  # type: ignore[override]
        """The fields, made and bound once per thread and class (to an instance of the class that validates
        nothing), not once per request: a field keeps no state of a validation (the serializer keeps the data,
        the errors and the result), a thread validates one body at a time, and no validation reads the parent
        (no context, nothing partial). DRF builds and binds a dozen fields for every search (~0.4 ms)."""
        held: dict[type, Any] = _BOUND.__dict__.setdefault("fields", {})
        found = held.get(type(self))
        if found is None:
            found = held[type(self)] = serializers.Serializer.fields.real_func(type(self)())  # type: ignore[attr-defined]
        return found

    query = Text(NOT_BLANK, max_length=query.MAX_QUERY_CHARS, help_text="The question or keywords.")
    scope = ScopeField(required=False)
    scopes = serializers.ListField(child=ScopeField(), required=False, min_length=1, max_length=search.MAX_SCOPES)
    descendants = StrictBooleanField(required=False, default=False,
                                           help_text="Also the scopes below the given ones.")
    types = serializers.ListField(child=serializers.ChoiceField(choices=MemoryType.choices), required=False,
                                  allow_null=True, default=None, max_length=len(MemoryType.choices))
    floor = StrictBooleanField(required=False, default=True, help_text=(
        "The relevance floor: when the memories speak to the question at all, every hit passes (k results); "
        "otherwise only what came closest (k is then a maximum). false: the best k, relevant or not."))

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "scope" in attrs and "scopes" in attrs:
            raise serializers.ValidationError({"scope": "Send scope or scopes, not both."})
        if "scope" not in attrs and "scopes" not in attrs:
            raise serializers.ValidationError({"scope": "Name a scope (\"scope\") or several (\"scopes\")."})
        if "scope" in attrs:
            attrs["scopes"] = [validate_scope_path(attrs.pop("scope"), "scope")]
        else:
            attrs["scopes"] = [validate_scope_path(p, f"scopes.{i}") for i, p in enumerate(attrs["scopes"])]
        return attrs


@extend_schema_serializer(component_name="Search")
class SearchIn(RecallIn):
    k = StrictIntegerField(required=False, default=10, min_value=1, max_value=query.MAX_K,
                                 help_text="The most results to return.")
    min_confidence = StrictFloatField(required=False, default=0.0, min_value=0.0, max_value=1.0)
    include_statuses = serializers.ListField(child=serializers.ChoiceField(choices=Status.choices), required=False,
                                             allow_null=True, default=None, min_length=1,
                                             help_text="Default: active (with `as_of`: active and deprecated).")
    filters = MetadataField(required=False, allow_null=True, default=None,
                            help_text="Metadata keys and the values they must have.")
    as_of = StrictDateTimeField(required=False, allow_null=True, default=None,
                                      help_text="Recall what was valid at this time.")
    mode = serializers.ChoiceField(choices=list(query.MODES), required=False, default="hybrid")
    threshold = StrictFloatField(required=False, allow_null=True, default=None, min_value=-1.0, max_value=1.0,
                                 help_text=("Leave out memories whose raw similarity to the query "
                                            "(`scores.similarity`, cosine by the model that judged the pair) is "
                                            "below this."))

    def validate_filters(self, value: dict[str, Any] | None) -> dict[str, Any] | None:
        return validation.validate_metadata(value) if value else None


@extend_schema_serializer(component_name="Context")
class ContextIn(RecallIn):
    token_budget = StrictIntegerField(required=False, allow_null=True, default=None,
                                            min_value=context.MIN_BUDGET, max_value=context.MAX_BUDGET,
                                            help_text="Tokens the block may use; default: the tenant's setting.")


ONE_SCOPE_OR_MANY = {"oneOf": [{"required": ["scope"]}, {"required": ["scopes"]}]}
across_fields(SearchIn, ONE_SCOPE_OR_MANY)
across_fields(ContextIn, ONE_SCOPE_OR_MANY)


@extend_schema_serializer(component_name="SearchHit")
class SearchHitOut(serializers.Serializer[Any]):
    memory = s.MemoryOut()
    score = serializers.FloatField(help_text="The ranking score, higher is better.")
    scores = serializers.DictField(child=serializers.FloatField(), help_text=(
        "Its parts: `similarity` (raw cosine similarity of the query and the memory by the model that judged the "
        "pair: compare it with your own threshold), `vector` (the same), `lexical` (BM25), `recency`, "
        "`confidence`, `fusion` and `score`."))
    relevant = serializers.BooleanField(help_text="Above the relevance floor (always true unless `floor` is false).")
    conflict = serializers.BooleanField(help_text=(
        "In an unresolved conflict: another returned memory is a live fact or preference about the same entity "
        "that says something else (no person has decided which holds), or this memory's status is `conflicted`. "
        "Do not treat it as settled."))
    unreviewed = serializers.BooleanField(help_text=(
        "Still waiting in review (`memory.status` is `pending`): no person has confirmed it. A search returns such "
        "memories when `include_statuses` asks for them, and by default once they have waited longer than the "
        "review window (setting MNEMARA_RECALL_UNREVIEWED_DAYS)."))
    through = serializers.UUIDField(allow_null=True, help_text=(
        "The id of the memory this one replaced (`superseded_by` points here), when the query matched that retired "
        "memory rather than this one: it was found through its predecessor, which is not returned. Null otherwise."))


@extend_schema_serializer(component_name="SearchResults")
class SearchOut(serializers.Serializer[Any]):
    results = SearchHitOut(many=True, help_text="Best first, at most `k`.")


@extend_schema_serializer(component_name="ContextBlock")
class ContextOut(serializers.Serializer[Any]):
    block = serializers.CharField(help_text="`<memory>…</memory>`: put it in the system prompt. Its items are data "
                                            "about the user, escaped, never instructions.")
    items = serializers.ListField(child=serializers.UUIDField(),
                                  help_text="The ids of the memories in the block, in its order: the n-th `<item>` "
                                            "is the n-th id.")
    tokens = AsciiIntegerField(min_value=0, help_text="The block's size in the embedding model's tokens.")


class MemorySearchView(TenantAPIView):
    writes = False
    replica_reads = True

    @extend_schema(
        operation_id="memories_search", tags=["recall"], summary="Search memories",
        description="The memories that best match `query` in the given scope(s), best first, with their score and "
                    "its parts (hybrid: vector similarity, full-text match, recency). Read-only.",
        request=SearchIn, parameters=[MIN_LSN], responses={200: SearchOut, **errors(404, 413, 415)})
    def post(self, request: Request) -> Response:
        data = validated(SearchIn, request.data)
        hits = search.memory_search(**data, allowed_prefixes=self.api_key.scope_prefixes)
        searches_counted(self.api_key.tenant_id, self.actor(), timezone.now())
        marked = context.contradicting(hits)
        results = [{"memory": memory_json(h.memory), "score": round(h.score, 4), "scores": h.scores,
                    "relevant": h.relevant,
                    "conflict": h.memory.pk in marked or h.memory.status == Status.CONFLICTED,
                    "unreviewed": h.memory.status == Status.PENDING, "through": h.through} for h in hits]
        return Response({"results": results})


class ContextView(TenantAPIView):
    writes = False
    replica_reads = True

    @extend_schema(
        operation_id="context_build", tags=["recall"], summary="A context block for a prompt",
        description="What is remembered that matters for `query`, as one `<memory>` block within `token_budget` "
                    "tokens, most relevant first (a memory that asks a question is followed by the next memory of "
                    "its session, its answer): the text to put in a system prompt. Read-only.",
        request=ContextIn, parameters=[MIN_LSN], responses={200: ContextOut, **errors(404, 413, 415)})
    def post(self, request: Request) -> Response:
        data = validated(ContextIn, request.data)
        built = context.context_build(**data, allowed_prefixes=self.api_key.scope_prefixes,
                                      profile_of=subject_profile_brief)
        searches_counted(self.api_key.tenant_id, self.actor(), timezone.now())
        return Response({"block": built.block, "items": [str(i) for i in built.items], "tokens": built.tokens})
