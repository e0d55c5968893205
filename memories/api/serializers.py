"""Small input/output serializers. They check shapes and types; limits and policy live in services.

They are also the API's schema (OpenAPI, ``/api/schema/``): every limit a service enforces is stated
here as well (lengths, ranges, patterns), so what the schema allows the server accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from memories.api.parsing import (
    AsciiIntegerField,
    StrictBooleanField,
    StrictDateTimeField,
    StrictFloatField,
    StrictIntegerField,
)
from memories.api.schema import NOT_BLANK, ContentField, MetadataField, ScopeField, Text, across_fields
from memories.choices import (
    REVIEW_ACTIONS,
    ChangeKind,
    MemoryType,
    Provenance,
    ReviewKind,
    ReviewResolution,
    ReviewStatus,
    Status,
)
from memories.representation import memories_json
from memories.selectors import subject_names
from memories.write import validation
from memories.write.flow import WriteResult
from memories.write.policy import Action
from memories.write.prepare import MemoryInput
from memories.write.text import normalise_content
from mnemara.kernel.schema import ErrorOut
from tenants.actors import actor_name

if TYPE_CHECKING:
    from memories.models import Feedback, Memory, MemoryVersion, ReviewItem  # noqa: F401 - in quoted Serializer[...]


@extend_schema_serializer(component_name="Memory")
class MemoryOut(serializers.Serializer["Memory"]):
    """A memory, as every endpoint renders it (``memories.representation.memory_json``)."""

    id = serializers.UUIDField()
    scope = serializers.CharField(source="scope.path")
    subject = serializers.SerializerMethodField(help_text="The person the memory was first written about.")
    subjects = serializers.SerializerMethodField(
        help_text="Everyone the memory is about (external ids): a merged or updated memory carries the people of "
                  "every memory it came from. Subject export and erasure follow these links.")
    type = serializers.ChoiceField(choices=MemoryType.choices)
    content = serializers.CharField()
    entity = serializers.CharField(help_text="What the memory is about, case-folded (`project:x/deadline`); "
                                             "empty when not given.")
    key = serializers.CharField(allow_null=True, help_text="The memory's exact address in its scope "
                                                           "(`PUT /keys/memory`); null for a memory saved without one.")
    metadata = MetadataField()
    confidence = serializers.FloatField(min_value=0.0, max_value=1.0)
    provenance = serializers.ChoiceField(choices=Provenance.choices)
    status = serializers.ChoiceField(choices=Status.choices)
    source_session = serializers.CharField()
    valid_from = serializers.DateTimeField()
    valid_to = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True)
    version = AsciiIntegerField(min_value=1, help_text="Incremented by every change; send it back as "
                                                              "`If-Match`.")
    superseded_by = serializers.UUIDField(source="superseded_by_id", allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    access_count = AsciiIntegerField(min_value=0)
    last_accessed_at = serializers.DateTimeField(allow_null=True)
    embedding_model = serializers.CharField()

    def get_subject(self, memory: Any) -> str | None:  # Any: drf-spectacular evaluates these hints at run time
        return memory.subject.external_id if memory.subject_id and memory.subject else None

    def get_subjects(self, memory: Any) -> list[str]:
        return subject_names(memory)


@extend_schema_serializer(component_name="Resolution")
class ResolutionOut(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=[(a.value, a.value) for a in Action],
                                     help_text="What the write flow did (docs/api.md §4.2).")
    related = serializers.ListField(child=serializers.UUIDField(),
                                    help_text="The existing memory the decision was about.")
    redacted = serializers.ListField(child=serializers.CharField(), required=False,
                                     help_text="Kinds of secrets removed from the content; only when some were.")


@extend_schema_serializer(component_name="SavedMemory")
class MemoryCreatedOut(MemoryOut):
    """A saved memory and what the write flow did with it. For `duplicate` and `updated` it is the existing
    memory."""

    resolution = ResolutionOut()


@extend_schema_serializer(component_name="MemoryPage")
class MemoryPageOut(serializers.Serializer[Any]):
    results = MemoryOut(many=True)
    next = serializers.CharField(allow_null=True, help_text="The `cursor` of the next page; null on the last.")


@extend_schema_serializer(component_name="ConflictError")
class ConflictOut(ErrorOut):
    """A 409: `version_conflict` carries `current`, the memory as it is now; other codes (`duplicate_content`,
    `not_live`, `write_conflict`, …) do not."""

    current = MemoryOut(required=False)


def _resolution(result: WriteResult) -> dict[str, Any]:
    resolution: dict[str, Any] = {"action": str(result.action), "related": [str(r) for r in result.related]}
    if result.redacted:
        resolution["redacted"] = sorted(set(result.redacted))
    return resolution


def results_json(results: Sequence[WriteResult]) -> list[dict[str, Any]]:
    rows = memories_json([r.memory for r in results])
    return [{**row, "resolution": _resolution(r)} for row, r in zip(rows, results, strict=True)]


@extend_schema_serializer(component_name="NewMemory")
class MemoryIn(serializers.Serializer[Any]):
    """A memory to save (docs/api.md §4.1)."""

    scope = ScopeField()
    content = ContentField()
    type = serializers.ChoiceField(choices=MemoryType.choices, default=MemoryType.FACT)
    entity = Text(required=False, allow_blank=True, default="", max_length=255,
                  help_text="What the memory is about (`project:x/deadline`): a newer memory with the same scope, type "
                            "and entity replaces it. At most 255 characters, also once case-folded.")
    metadata = MetadataField(required=False, default=dict)
    confidence = StrictFloatField(required=False, default=1.0, min_value=0.0, max_value=1.0)
    provenance = serializers.ChoiceField(choices=Provenance.choices, default=Provenance.STATED)
    subject = Text(NOT_BLANK, required=False, allow_null=True, default=None, max_length=200,
                   help_text="The external id of the person the memory is about (the unit of GDPR access and "
                             "erasure). Default: the name of a leading speaker label (`Caroline: …`), else none.")
    source_session = Text(required=False, allow_blank=True, default="", max_length=200,
                          help_text="The conversation it came from. Default: in a list, `batch/<id>`, shared by "
                                    "the list's items that send none; else empty.")
    valid_from = StrictDateTimeField(required=False, allow_null=True, default=None,
                                           help_text="When it became true; default now (in a list's batch session: "
                                                     "now plus the item's position in microseconds).")
    valid_to = StrictDateTimeField(required=False, allow_null=True, default=None,
                                         help_text="When it stopped being true; not before `valid_from`.")
    expires_at = StrictDateTimeField(required=False, allow_null=True, default=None,
                                           help_text="After this the memory is hidden everywhere and then deleted.")

    def to_input(self) -> MemoryInput:
        return MemoryInput(**self.validated_data)


EDITABLE = ("content", "type", "entity", "metadata", "confidence", "status", "valid_to", "expires_at")


@extend_schema_serializer(component_name="MemoryChanges")
class MemoryPatchIn(serializers.Serializer[Any]):
    """A correction: at least one of the editable fields. Sent with `If-Match` (or `version`)."""

    content = ContentField(required=False)
    type = serializers.ChoiceField(choices=MemoryType.choices, required=False)
    entity = Text(required=False, allow_blank=True, max_length=255)
    metadata = MetadataField(required=False, help_text="Replaces the metadata (not merged).")
    confidence = StrictFloatField(required=False, min_value=0.0, max_value=1.0,
                                        help_text="An API key cannot raise an inferred memory's confidence to the "
                                                  "review threshold or above (400): a person confirms it.")
    status = serializers.ChoiceField(choices=Status.choices, required=False)
    valid_to = StrictDateTimeField(required=False, allow_null=True, help_text="Not before `valid_from`.")
    expires_at = StrictDateTimeField(required=False, allow_null=True)
    version = StrictIntegerField(required=False, min_value=1,
                                       help_text="The version this change applies to, instead of `If-Match`.")
    reason = Text(required=False, allow_blank=True, max_length=500, help_text="Stored on the new version.")


across_fields(MemoryPatchIn, {"anyOf": [{"required": [name]} for name in EDITABLE]})


class ListQueryIn(serializers.Serializer[Any]):
    scope = Text(NOT_BLANK, required=False, max_length=255, help_text="Exactly this scope.")
    scope_prefix = Text(NOT_BLANK, required=False, max_length=255, help_text="This scope and every scope below it.")
    type = serializers.ChoiceField(choices=MemoryType.choices, required=False)
    status = serializers.ChoiceField(choices=Status.choices, required=False,
                                     help_text="Without it every status is listed, deprecated included.")
    subject = Text(NOT_BLANK, required=False, max_length=200,
                   help_text="A person's external id: the memories about them, and those whose content names them "
                             "(their mentions: linked to that person, or under that name, case aside).")
    entity = Text(NOT_BLANK, required=False, max_length=255, help_text="The stored (case-folded) entity key.")
    q = Text(NOT_BLANK, required=False, max_length=500, help_text="A case-insensitive substring of the content.")
    updated_since = StrictDateTimeField(required=False)
    cursor = Text(NOT_BLANK, required=False, max_length=500, help_text="The previous page's `next`.")
    limit = AsciiIntegerField(required=False, min_value=1, max_value=200, default=50)


class ReviewQueryIn(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=["open", "resolved", "all"], required=False, default="open")
    cursor = Text(NOT_BLANK, required=False, max_length=500, help_text="The previous page's `next`.")


@extend_schema_serializer(component_name="StateChange")
class StateChangeIn(serializers.Serializer[Any]):
    reason = Text(required=False, allow_blank=True, default="", max_length=500)
    version = StrictIntegerField(required=False, min_value=1,
                                       help_text="The version this change applies to, instead of `If-Match`.")


@extend_schema_serializer(component_name="Unmerge")
class UnmergeIn(serializers.Serializer[Any]):
    version = StrictIntegerField(required=False, min_value=1,
                                 help_text="The merged memory's version this undo applies to, instead of `If-Match`.")


@extend_schema_serializer(component_name="Unmerged")
class UnmergedOut(serializers.Serializer[Any]):
    memory = MemoryOut(help_text="The merged memory, now `deprecated` (a new version).")
    sources = MemoryOut(many=True, help_text="The memories it was merged from, back in the status each had before "
                                             "the merge, `superseded_by` cleared (a new version each).")


@extend_schema_serializer(component_name="Merge")
class MergeIn(serializers.Serializer[Any]):
    ids = serializers.ListField(child=serializers.UUIDField(), min_length=2, max_length=50,
                                help_text="Live memories of one scope.")
    content = ContentField(required=False, allow_null=True, default=None,
                           help_text="The merged memory's text; default: the memories' contents joined with `; `.")
    reason = Text(required=False, allow_blank=True, default="", max_length=500)


class ActorName(serializers.CharField):
    """The display name of an actor field (``tenants.actors``): an API key's name, a person's name, else the
    actor string itself. Read from the serializer's context ``actor_names`` when the view resolved a page's
    actors at once, else resolved here."""

    def __init__(self, source: str, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", f"Who `{source}` is, in words: the API key's name (kept after the key is "
                                       "revoked), the person's name, or the actor string itself.")
        super().__init__(source=source, read_only=True, **kwargs)

    def to_representation(self, value: Any) -> str:
        known: dict[str, str] = self.context.get("actor_names", {})
        return known.get(value) or actor_name(str(value))


@extend_schema_serializer(component_name="MemoryVersion")
class VersionOut(serializers.Serializer["MemoryVersion"]):
    """One immutable version of a memory: what it was after a change."""

    version = AsciiIntegerField(min_value=1)
    change = serializers.ChoiceField(choices=ChangeKind.choices)
    actor = serializers.CharField(help_text="`key:<prefix>`, `user:<id>` or `system:…`.")
    actor_name = ActorName("actor")
    reason = serializers.CharField()
    scope = serializers.CharField(source="scope_path")
    type = serializers.ChoiceField(choices=MemoryType.choices)
    content = serializers.CharField()
    entity = serializers.CharField()
    key = serializers.CharField(allow_null=True)
    metadata = MetadataField()
    confidence = serializers.FloatField(min_value=0.0, max_value=1.0)
    provenance = serializers.ChoiceField(choices=Provenance.choices)
    status = serializers.ChoiceField(choices=Status.choices)
    source_session = serializers.CharField()
    valid_from = serializers.DateTimeField()
    valid_to = serializers.DateTimeField(allow_null=True)
    superseded_by = serializers.UUIDField(source="superseded_by_id_value", allow_null=True)
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="MemoryVersionPage")
class VersionPageOut(serializers.Serializer[Any]):
    results = VersionOut(many=True, help_text="Every version, oldest first.")
    next = serializers.CharField(allow_null=True, help_text="Always null: the history comes in one page.")


@extend_schema_serializer(component_name="ReviewCorrection")
class CorrectionOut(serializers.Serializer["Feedback"]):
    feedback = serializers.UUIDField(source="pk")
    actor = serializers.CharField()
    actor_name = ActorName("actor")
    reason = serializers.CharField(help_text="Why the agent corrects the memory (`reason` of the feedback).")
    query = serializers.CharField(help_text="What the agent asked when it recalled the memory.")
    created_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="ReviewItem")
class ReviewItemOut(serializers.Serializer["ReviewItem"]):
    """A pending memory, or a conflict pair, waiting for (or closed by) a decision."""

    id = serializers.UUIDField()
    kind = serializers.ChoiceField(choices=ReviewKind.choices)
    status = serializers.ChoiceField(choices=ReviewStatus.choices)
    reason = serializers.CharField()
    resolution = serializers.ChoiceField(choices=[("", ""), *ReviewResolution.choices],
                                         help_text="Empty while open.")
    resolved_by = serializers.CharField()
    resolved_by_name = ActorName("resolved_by")
    resolved_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    memory = MemoryOut(help_text="The pending memory, or the newer side of a conflict.")
    other_memory = MemoryOut(allow_null=True, help_text="The memory it would change, or the older side of a "
                                                        "conflict; null when there is none.")
    correction = serializers.SerializerMethodField(
        help_text="For an agent's correction (`POST /feedback` with `memory_ids`): the feedback, who sent it and "
                  "why; `other_memory` is the memory it corrects. Null for other items.")

    @extend_schema_field(CorrectionOut(allow_null=True))
    def get_correction(self, item: ReviewItem) -> dict[str, Any] | None:
        feedback = self.context.get("corrections", {}).get(item.pk)
        if feedback is None:
            return None
        return CorrectionOut(feedback, context=self.context).data


@extend_schema_serializer(component_name="ReviewPage")
class ReviewPageOut(serializers.Serializer[Any]):
    results = ReviewItemOut(many=True)
    next = serializers.CharField(allow_null=True, help_text="The `cursor` of the next page; null on the last.")


@extend_schema_serializer(component_name="ReviewDecision")
class ReviewResolveIn(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=[(a.value, a.value) for a in REVIEW_ACTIONS])
    content = ContentField(required=False, allow_null=True, default=None,
                           help_text="For `merge`: the merged memory's text (optional).")
    reason = Text(required=False, allow_blank=True, default="", max_length=500)

    def validate_content(self, value: str | None) -> str | None:
        """Checked whatever the action (only `merge` uses it): a request is valid or not by itself."""
        if value is not None:
            validation.validate_content(value)  # 413 past 8,000 characters
            if not normalise_content(value):
                raise serializers.ValidationError("Content is empty after normalisation.")
        return value


@extend_schema_serializer(component_name="Feedback")
class FeedbackIn(serializers.Serializer[Any]):
    """Whether recalled memories helped (`memory_ids` with `useful`), or a correction in words, or both."""

    memory_ids = serializers.ListField(child=serializers.UUIDField(), required=False, default=list, max_length=100)
    useful = StrictBooleanField(required=False, allow_null=True, default=None)
    correction = Text(required=False, allow_blank=True, default="", max_length=8000)
    query = Text(required=False, allow_blank=True, default="", max_length=2000,
                 help_text="What the agent asked when it rated these memories (shown in the feedback inbox).")
    reason = Text(required=False, allow_blank=True, default="", max_length=500,
                  help_text="Why the agent corrects the memories (shown beside its proposal in review).")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs["memory_ids"] and not attrs["correction"]:
            raise serializers.ValidationError("Send memory_ids with useful, or a correction.")
        return attrs


across_fields(FeedbackIn, {"anyOf": [
    {"required": ["memory_ids"], "properties": {"memory_ids": {"minItems": 1}}},
    {"required": ["correction"], "properties": {"correction": {"pattern": NOT_BLANK}}},
]})


@extend_schema_serializer(component_name="FeedbackCreated")
class FeedbackOut(serializers.Serializer["Feedback"]):
    id = serializers.UUIDField()
    review_item = serializers.UUIDField(
        source="review_item_id", allow_null=True,
        help_text="A correction naming `memory_ids`: the review item of its proposal, paired with the (first) memory "
                  "it corrects (`GET /review`). Null otherwise, or when the scope already says what it says.")
    actor = serializers.CharField()
    actor_name = ActorName("actor")
