"""Small input/output serializers. They check shapes and types; limits and policy live in services."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rest_framework import serializers

from memories.choices import MemoryType, Provenance, Status
from memories.representation import memories_json
from memories.selectors import subject_names
from memories.write.flow import WriteResult
from memories.write.prepare import MemoryInput

if TYPE_CHECKING:
    from memories.models import Memory, MemoryVersion, ReviewItem  # noqa: F401 - in quoted Serializer[...]


class MemoryOut(serializers.Serializer["Memory"]):
    id = serializers.UUIDField()
    scope = serializers.CharField(source="scope.path")
    subject = serializers.SerializerMethodField(help_text="The person the memory was first written about.")
    subjects = serializers.SerializerMethodField(
        help_text="Everyone the memory is about (external ids): a merged or updated memory carries the people of "
                  "every memory it came from. Subject export and erasure follow these links.")
    type = serializers.CharField()
    content = serializers.CharField()
    entity = serializers.CharField()
    metadata = serializers.JSONField()
    confidence = serializers.FloatField()
    provenance = serializers.CharField()
    status = serializers.CharField()
    source_session = serializers.CharField()
    valid_from = serializers.DateTimeField()
    valid_to = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField()
    superseded_by = serializers.UUIDField(source="superseded_by_id", allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    access_count = serializers.IntegerField()
    last_accessed_at = serializers.DateTimeField(allow_null=True)
    embedding_model = serializers.CharField()

    def get_subject(self, memory: Any) -> str | None:  # Any: drf-spectacular evaluates these hints at run time
        return memory.subject.external_id if memory.subject_id and memory.subject else None

    def get_subjects(self, memory: Any) -> list[str]:
        return subject_names(memory)


def _resolution(result: WriteResult) -> dict[str, Any]:
    resolution: dict[str, Any] = {"action": str(result.action), "related": [str(r) for r in result.related]}
    if result.redacted:
        resolution["redacted"] = sorted(set(result.redacted))
    return resolution


def results_json(results: Sequence[WriteResult]) -> list[dict[str, Any]]:
    rows = memories_json([r.memory for r in results])
    return [{**row, "resolution": _resolution(r)} for row, r in zip(rows, results, strict=True)]


class MemoryIn(serializers.Serializer[Any]):
    scope = serializers.CharField(trim_whitespace=False, max_length=1000)
    content = serializers.CharField(trim_whitespace=False)
    type = serializers.ChoiceField(choices=MemoryType.choices, default=MemoryType.FACT)
    entity = serializers.CharField(required=False, allow_blank=True, default="", max_length=1000)
    metadata = serializers.DictField(required=False, default=dict)
    confidence = serializers.FloatField(required=False, default=1.0, min_value=0.0, max_value=1.0)
    provenance = serializers.ChoiceField(choices=Provenance.choices, default=Provenance.STATED)
    subject = serializers.CharField(required=False, allow_null=True, default=None, max_length=200)
    source_session = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    valid_from = serializers.DateTimeField(required=False, allow_null=True, default=None)
    valid_to = serializers.DateTimeField(required=False, allow_null=True, default=None)
    expires_at = serializers.DateTimeField(required=False, allow_null=True, default=None)

    def to_input(self) -> MemoryInput:
        return MemoryInput(**self.validated_data)


class MemoryPatchIn(serializers.Serializer[Any]):
    content = serializers.CharField(required=False, trim_whitespace=False)
    type = serializers.ChoiceField(choices=MemoryType.choices, required=False)
    entity = serializers.CharField(required=False, allow_blank=True, max_length=1000)
    metadata = serializers.DictField(required=False)
    confidence = serializers.FloatField(required=False, min_value=0.0, max_value=1.0)
    status = serializers.ChoiceField(choices=Status.choices, required=False)
    valid_to = serializers.DateTimeField(required=False, allow_null=True)
    expires_at = serializers.DateTimeField(required=False, allow_null=True)
    version = serializers.IntegerField(required=False, min_value=1)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class ListQueryIn(serializers.Serializer[Any]):
    scope = serializers.CharField(required=False, max_length=255)
    scope_prefix = serializers.CharField(required=False, max_length=255)
    type = serializers.ChoiceField(choices=MemoryType.choices, required=False)
    status = serializers.ChoiceField(choices=Status.choices, required=False)
    subject = serializers.CharField(required=False, max_length=200)
    entity = serializers.CharField(required=False, max_length=255)
    q = serializers.CharField(required=False, max_length=500)
    updated_since = serializers.DateTimeField(required=False)
    cursor = serializers.CharField(required=False, max_length=500)
    limit = serializers.IntegerField(required=False, min_value=1, max_value=200, default=50)


class StateChangeIn(serializers.Serializer[Any]):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)
    version = serializers.IntegerField(required=False, min_value=1)


class MergeIn(serializers.Serializer[Any]):
    ids = serializers.ListField(child=serializers.UUIDField(), min_length=2, max_length=50)
    content = serializers.CharField(required=False, allow_null=True, default=None, trim_whitespace=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class VersionOut(serializers.Serializer["MemoryVersion"]):
    version = serializers.IntegerField()
    change = serializers.CharField()
    actor = serializers.CharField()
    reason = serializers.CharField()
    scope = serializers.CharField(source="scope_path")
    type = serializers.CharField()
    content = serializers.CharField()
    entity = serializers.CharField()
    metadata = serializers.JSONField()
    confidence = serializers.FloatField()
    provenance = serializers.CharField()
    status = serializers.CharField()
    source_session = serializers.CharField()
    valid_from = serializers.DateTimeField()
    valid_to = serializers.DateTimeField(allow_null=True)
    superseded_by = serializers.UUIDField(source="superseded_by_id_value", allow_null=True)
    created_at = serializers.DateTimeField()


class ReviewItemOut(serializers.Serializer["ReviewItem"]):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    status = serializers.CharField()
    reason = serializers.CharField()
    resolution = serializers.CharField()
    resolved_by = serializers.CharField()
    resolved_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    memory = MemoryOut()
    other_memory = MemoryOut(allow_null=True)


class ReviewResolveIn(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=["accept", "reject", "keep_old", "keep_new", "merge"])
    content = serializers.CharField(required=False, allow_null=True, default=None, trim_whitespace=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class FeedbackIn(serializers.Serializer[Any]):
    memory_ids = serializers.ListField(child=serializers.UUIDField(), required=False, default=list, max_length=100)
    useful = serializers.BooleanField(required=False, allow_null=True, default=None)
    correction = serializers.CharField(required=False, allow_blank=True, default="", max_length=8000)
    query = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs["memory_ids"] and not attrs["correction"]:
            raise serializers.ValidationError("Send memory_ids with useful, or a correction.")
        return attrs
