"""REST API v1 views: parse, check the key's scope, call one service or selector, render."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from memories import selectors
from memories.api import serializers as s
from memories.api.parsing import validated
from memories.api.schema import ETAG, IF_MATCH, IF_MATCH_VERSION, one_or_many
from memories.representation import memories_json, memory_json
from memories.write import reviews as review_service
from memories.write import revisions
from memories.write.feedback import feedback_record
from memories.write.flow import memory_create
from memories.write.plain import batch_shape
from memories.write.prepare import MemoryInput
from memories.write.unmerge import merge_undo
from memories.write.versions import VersionConflict
from mnemara.kernel.errors import NotFound, PreconditionFailed, PreconditionRequired, TooLarge, ValidationFailed
from mnemara.kernel.schema import errors
from tenants.actors import actor_names
from tenants.api import IDEMPOTENCY_KEY, MIN_LSN, REPLAYED, TenantAPIView, idempotent

MemoriesIn = one_or_many(s.MemoryIn, "NewMemories", max_items=settings.MAX_BATCH_SIZE)
MemoriesCreatedOut = one_or_many(s.MemoryCreatedOut, "SavedMemories")
CONFLICT = OpenApiResponse(s.ConflictOut, description="The version sent is stale (`version_conflict`, with `current`: "
                                                      "the memory as it is now), or the change would leave two live "
                                                      "memories with the same content in the scope "
                                                      "(`duplicate_content`).")


class MemoryAPIView(TenantAPIView):
    # A stale version answers 409 with the current memory. (A comment, not a docstring: the schema would
    # show a docstring as every operation's description.)

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, VersionConflict):
            exc.extra = {"current": memory_json(exc.current)}
        return super().handle_exception(exc)

    def visible(self, memory_id: Any) -> Any:
        return selectors.memory_visible(memory_id, self.api_key.scope_prefixes)

    def expected_version(self, request: Request, body_version: int | None, required: bool) -> int | None:
        header = request.headers.get("If-Match")
        if header is not None:
            match = IF_MATCH_VERSION.fullmatch(header)  # ASCII digits only: "²" is a digit to str.isdigit()
            if match is None:  # not a precondition that failed: one that cannot be read (400, as any bad input)
                raise ValidationFailed("If-Match must be the quoted version from the ETag, e.g. \"3\".",
                                       code="invalid_if_match",
                                       fields={"If-Match": ["The quoted version from the ETag, e.g. \"3\"."]})
            value = match.group(1) or match.group(2)
            if body_version is not None and body_version != int(value):
                raise PreconditionFailed("If-Match and the body version disagree.")
            return int(value)
        if body_version is None and required:
            raise PreconditionRequired("Send If-Match: \"<version>\" (or \"version\" in the body) to change a memory.")
        return body_version


class MemoryListCreateView(MemoryAPIView):
    replica_reads = True  # the list (GET); the create (POST) writes on the primary
    @extend_schema(
        operation_id="memories_list", tags=["memories"], summary="List memories",
        description="Memories the key may see, newest first, a page at a time (follow `next` with `cursor`). "
                    "Expired memories are left out; without `status` every status is listed.",
        parameters=[s.ListQueryIn, MIN_LSN], responses={200: s.MemoryPageOut})
    def get(self, request: Request) -> Response:
        params = validated(s.ListQueryIn, request.query_params.dict())
        qs = selectors.memory_list(selectors.visible_memories(self.api_key.scope_prefixes), params)
        rows, cursor = selectors.paginate(qs, params.get("cursor"), params["limit"])
        return Response({"results": memories_json(rows), "next": cursor})

    @extend_schema(
        operation_id="memories_create", tags=["memories"], summary="Save memories (the write flow)",
        description="One memory (an object) or up to 500 (a list, all-or-nothing). Each goes through the write "
                    "flow: validated, secrets redacted, embedded, compared with related memories and decided by the "
                    "conflict policy. The answer, 201, is the memory (or the list, in input order) with its "
                    "`resolution`: `created`, `updated`, `duplicate`, `superseded`, `pending` or `conflict`.",
        request=MemoriesIn, parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={201: MemoriesCreatedOut, **errors(403, 404, 410, 413, 415, 422,
                                                     e409="A concurrent write raced this one (`write_conflict`); "
                                                          "nothing was written: retry.")})
    @idempotent
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
        batch_shape(items)  # plain content: a speaker label's subject, the batch a session (write/plain.py)
        results = memory_create(items=items, actor=self.actor())
        body = s.results_json(results)
        return Response(body if many else body[0], status=status.HTTP_201_CREATED)


class MemoryDetailView(MemoryAPIView):
    @extend_schema(operation_id="memory_get", tags=["memories"], summary="Get a memory",
                   description="The memory, with its version as `ETag` (send it back as `If-Match` to change it).",
                   responses={200: s.MemoryOut, **errors(404)}, parameters=[ETAG])
    def get(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        return Response(memory_json(memory), headers={"ETag": f'"{memory.version}"'})

    @extend_schema(
        operation_id="memory_update", tags=["memories"], summary="Correct a memory",
        description="Change content, type, entity, metadata, confidence, status, `valid_to` or `expires_at` as a "
                    "new version. Needs the version the change applies to (`If-Match: \"3\"`, or `version`): if the "
                    "memory changed since, nothing is written and the answer is 409 with the current memory. The "
                    "conflict policy does not run: this is a direct correction.",
        request=s.MemoryPatchIn, parameters=[IF_MATCH, ETAG, IDEMPOTENCY_KEY, REPLAYED],
        responses={200: s.MemoryOut, **errors(403, 404, 410, 412, 413, 415, 422, 428, e409=CONFLICT)})
    @idempotent
    def patch(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        data = validated(s.MemoryPatchIn, request.data)
        expected = self.expected_version(request, data.pop("version", None), required=True)
        assert expected is not None
        reason = data.pop("reason", "")
        updated = revisions.memory_revise(memory_id=memory.pk, expected_version=expected, changes=data,
                                          actor=self.actor(), reason=reason)
        return Response(memory_json(updated), headers={"ETag": f'"{updated.version}"'})

    @extend_schema(
        operation_id="memory_delete", tags=["memories"], summary="Delete a memory",
        description="Hard-deletes the memory and all its versions; the audit log keeps a content-free tombstone. "
                    "With `If-Match`, a stale version is answered 409 and nothing is deleted.",
        parameters=[IF_MATCH, IDEMPOTENCY_KEY, REPLAYED],
        responses={204: OpenApiResponse(description="Deleted."), **errors(403, 404, 422, e409=CONFLICT)})
    @idempotent
    def delete(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        revisions.memory_delete(memory_id=memory.pk, actor=self.actor(),
                                expected_version=self.expected_version(request, None, required=False))
        return Response(status=status.HTTP_204_NO_CONTENT)


class MemoryDeprecateView(MemoryAPIView):
    writes = True
    change = staticmethod(revisions.memory_deprecate)

    @extend_schema(
        operation_id="memory_deprecate", tags=["memories"], summary="Deprecate a memory",
        description="Marks the memory no longer true (`deprecated`, `valid_to` now) as a new version; it stays in "
                    "history and out of recall. Already deprecated: returned unchanged. The body is optional.",
        request=s.StateChangeIn, parameters=[IF_MATCH, ETAG, IDEMPOTENCY_KEY, REPLAYED],
        responses={200: s.MemoryOut, **errors(403, 404, 410, 412, 413, 415, 422, e409=CONFLICT)})
    @idempotent
    def post(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        data = validated(s.StateChangeIn, request.data)  # no body: an empty QueryDict; null or [] is a 400
        expected = self.expected_version(request, data.get("version"), required=False)
        updated = self.change(memory_id=memory.pk, actor=self.actor(), reason=data["reason"],
                              expected_version=expected)
        return Response(memory_json(updated), headers={"ETag": f'"{updated.version}"'})


class MemoryRestoreView(MemoryDeprecateView):
    change = staticmethod(revisions.memory_restore)

    @extend_schema(
        operation_id="memory_restore", tags=["memories"], summary="Restore a memory",
        description="Makes the memory `active` again (`valid_to` and `superseded_by` cleared) as a new version. "
                    "Already active: returned unchanged. The body is optional.",
        request=s.StateChangeIn, parameters=[IF_MATCH, ETAG, IDEMPOTENCY_KEY, REPLAYED],
        responses={200: s.MemoryOut, **errors(403, 404, 410, 412, 413, 415, 422, e409=CONFLICT)})
    def post(self, request: Request, memory_id: Any) -> Response:
        return super().post(request, memory_id)  # idempotent there


class MemoryHistoryView(MemoryAPIView):
    @extend_schema(operation_id="memory_history", tags=["memories"], summary="A memory's history",
                   description="Every version of the memory, oldest first, in one page.",
                   responses={200: s.VersionPageOut, **errors(404)})
    def get(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        versions = list(selectors.memory_history(memory))
        names = {"actor_names": actor_names(v.actor for v in versions)}
        return Response({"results": [s.VersionOut(v, context=names).data for v in versions], "next": None})


class MemoryMergeView(MemoryAPIView):
    @extend_schema(
        operation_id="memories_merge", tags=["memories"], summary="Merge memories",
        description="Merges 2–50 live memories of one scope into a new one (with `content`, or their contents "
                    "joined); the merged ones become `deprecated` with `superseded_by` set to it.",
        request=s.MergeIn, parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={201: s.MemoryOut, **errors(403, 404, 410, 413, 415, 422, e409=OpenApiResponse(
            s.ConflictOut, description="A memory is deprecated (`not_live`: restore it first), or the merged text "
                                       "is live elsewhere in the scope (`duplicate_content`)."))})
    @idempotent
    def post(self, request: Request) -> Response:
        data = validated(s.MergeIn, request.data)
        for memory_id in data["ids"]:
            self.visible(memory_id)
        merged = revisions.memory_merge(memory_ids=data["ids"], actor=self.actor(), content=data["content"],
                                        reason=data["reason"])
        return Response(memory_json(merged), status=status.HTTP_201_CREATED)


class MemoryUnmergeView(MemoryAPIView):
    writes = True

    @extend_schema(
        operation_id="memory_unmerge", tags=["memories"], summary="Undo a merge",
        description="Undoes the merge that made this memory, in one versioned, audited step: the memory becomes "
                    "`deprecated`, and the memories it was merged from are back in the status each had before "
                    "(`superseded_by` cleared); a review question the merge answered is open again. Only while "
                    "nothing changed since the merge. The body is optional.",
        request=s.UnmergeIn, parameters=[IF_MATCH, ETAG, IDEMPOTENCY_KEY, REPLAYED],
        responses={200: s.UnmergedOut, **errors(403, 404, 410, 412, 413, 415, 422, e409=OpenApiResponse(
            s.ConflictOut, description="The version sent is stale (`version_conflict`, with `current`), no merge "
                                       "made this memory (`not_a_merge`), or the merge can no longer be undone: it "
                                       "or one of its sources changed since (`undo_impossible`); restoring would "
                                       "leave two live memories with the same content or key (`duplicate_content`, "
                                       "`duplicate_key`)."))})
    @idempotent
    def post(self, request: Request, memory_id: Any) -> Response:
        memory = self.visible(memory_id)
        data = validated(s.UnmergeIn, request.data)
        expected = self.expected_version(request, data.get("version"), required=False)
        undone = merge_undo(memory_id=memory.pk, actor=self.actor(), expected_version=expected)
        return Response({"memory": memory_json(undone.merged), "sources": memories_json(undone.sources)},
                        headers={"ETag": f'"{undone.merged.version}"'})


class ReviewListView(MemoryAPIView):
    @extend_schema(
        operation_id="review_list", tags=["review"], summary="The review queue",
        description="Pending memories and conflict pairs in the key's scopes, newest first, 100 a page.",
        parameters=[s.ReviewQueryIn], responses={200: s.ReviewPageOut})
    def get(self, request: Request) -> Response:
        params = validated(s.ReviewQueryIn, request.query_params.dict())
        wanted = params["status"]
        qs = selectors.review_items(self.api_key.scope_prefixes, "" if wanted == "all" else wanted)
        rows, cursor = selectors.paginate(qs, params.get("cursor"), 100)
        context = selectors.review_context(rows)
        return Response({"results": [s.ReviewItemOut(r, context=context).data for r in rows], "next": cursor})


class ReviewResolveView(MemoryAPIView):
    @extend_schema(
        operation_id="review_resolve", tags=["review"], summary="Resolve a review item",
        description="`accept`/`keep_new`: the item's memory wins; `keep_old`/`reject`: the other one (or none) "
                    "does; `merge` (pairs only): both become one new memory. Each change is a new, audited version. "
                    "The answer is the resolved item with both memories as they are now.",
        request=s.ReviewResolveIn,
        responses={200: s.ReviewItemOut, **errors(403, 404, 413, 415, e409=OpenApiResponse(
            s.ConflictOut, description="Already resolved (`already_resolved`), `merge` of an item that is not a pair "
                                       "(`not_a_pair`), or the winner's content is live elsewhere in the scope "
                                       "(`duplicate_content`)."))})
    def post(self, request: Request, item_id: Any) -> Response:
        if not selectors.review_items(self.api_key.scope_prefixes, "").filter(pk=item_id).exists():
            raise NotFound("Review item not found.")
        data = validated(s.ReviewResolveIn, request.data)
        item = review_service.review_resolve(item_id=item_id, action=data["action"], actor=self.actor(),
                                             content=data["content"], reason=data["reason"])
        return Response(s.ReviewItemOut(item, context=selectors.review_context([item])).data)


class FeedbackView(MemoryAPIView):
    @extend_schema(
        operation_id="feedback_create", tags=["feedback"], summary="Feedback on recall",
        description="Whether recalled memories helped, and/or a correction in words: stored for the quality "
                    "metrics and audited (counts only). A correction with `memory_ids` is also, at once, a pending "
                    "proposal paired with the first memory it names (`review_item`; `GET /review` shows it with "
                    "`other_memory` = that memory): `accept` supersedes it, `reject` keeps it.",
        request=s.FeedbackIn, parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={201: s.FeedbackOut, **errors(403, 404, 413, 415, 422, e409=OpenApiResponse(
            s.ConflictOut, description="A concurrent write changed the memory it corrects (`write_conflict`): "
                                       "retry."))})
    @idempotent
    def post(self, request: Request) -> Response:
        data = validated(s.FeedbackIn, request.data)
        for memory_id in data["memory_ids"]:
            self.visible(memory_id)
        feedback = feedback_record(memory_ids=data["memory_ids"], useful=data["useful"],
                                   correction=data["correction"], query=data["query"], reason=data["reason"],
                                   actor=self.actor())
        return Response(s.FeedbackOut(feedback).data, status=status.HTTP_201_CREATED)
