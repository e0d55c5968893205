"""Memory browser, memory page, inline edit (optimistic locking), deprecate/restore, merge."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from memories import selectors
from memories.forms import MemoryEditForm, MemoryFilterForm, MergeForm, MergeSuggestForm, ReasonForm
from memories.recall.search import SearchResult, search_result
from memories.views.diffs import version_diffs
from memories.write import revisions
from memories.write.text import merge_text
from memories.write.unmerge import merge_undo, merge_undo_blocker
from memories.write.versions import VersionConflict
from mnemara.kernel.errors import ServiceError
from tenants.views.base import (
    DashboardRequest,
    actor,
    admin_required,
    back,
    flash_refusal,
    page,
    refusal,
    reviewer_required,
    viewer_required,
)

if TYPE_CHECKING:
    from memories.models import Memory

PAGE_SIZE = 25


SEARCH_K = 10  # the API's default k


def _hybrid(data: dict[str, Any]) -> SearchResult:
    """The API's search (its ranking and relevance floor; active memories unless a status is chosen) over the
    filtered scope (or all roots); the other filters apply to its results."""
    scopes = [data["scope"]] if data.get("scope") else selectors.scope_roots()
    if not scopes:
        return SearchResult([], answerable=False)
    # The dashboard's reads are not recalls: they do not count as accesses.
    result = search_result(
        query=data["q"], scopes=scopes, descendants=True, types=[data["type"]] if data.get("type") else None,
        k=SEARCH_K, min_confidence=data.get("conf_min") or 0.0,
        include_statuses=[data["status"]] if data.get("status") else None, track_access=False)
    keep = set(selectors.memories_filtered({**data, "q": ""}).values_list("pk", flat=True))
    result.hits = [h for h in result.hits if h.memory.pk in keep]
    return result


@require_GET
@viewer_required
def memory_browser(request: DashboardRequest) -> HttpResponse:
    form = MemoryFilterForm(request.GET or None)
    data = form.cleaned_data if form.is_valid() else {}
    qs = selectors.memories_filtered(data)
    counts = selectors.status_counts(qs)
    searching = bool(data.get("q")) and data.get("mode") == "search"
    result = _hybrid(data) if searching else SearchResult([])
    if data.get("status"):
        qs = qs.filter(status=data["status"])
    paginator = Paginator(qs.order_by("-updated_at", "-id"), PAGE_SIZE)
    memories_page = paginator.get_page(request.GET.get("page"))
    memories_page.object_list = list(memories_page.object_list)
    selectors.access_load(memories_page.object_list)  # one query for the page's "Recalled" counts
    query = request.GET.copy()
    query.pop("page", None)
    context = {"form": form, "page_obj": memories_page, "counts": counts, "total": sum(counts.values()),
               "hits": result.hits, "answerable": result.answerable, "searching": searching, "query": query.urlencode(),
               "tree": selectors.scope_tree(), "current_scope": data.get("scope", ""),
               "current_status": data.get("status", ""), "people": selectors.subject_ids_like(),
               "agents": selectors.agents(),
               "filtered": any(data.get(k) not in (None, "") for k in ("scope", "type", "subject", "agent",
                                                                        "conf_min", "conf_max"))}
    template = "dashboard/memories.html"
    if request.htmx and request.htmx.target == "memory-results":
        template += "#results"
    return page(request, template, context)


@require_GET
@viewer_required
def memory_row(request: DashboardRequest, memory_id: uuid.UUID) -> HttpResponse:
    """One browser row, expanded (full content, metadata, provenance) or collapsed again."""
    memory = get_object_or_404(selectors.visible_memories(), pk=memory_id)
    expanded = request.GET.get("expanded", "1") == "1"
    return page(request, "dashboard/memories.html#row", {"memory": memory, "expanded": expanded})


def _detail_context(memory: Memory) -> dict[str, Any]:
    return {
        "memory": memory,
        "diffs": version_diffs(list(selectors.memory_history(memory))),
        "events": selectors.audit_events(target_type="memory", target_id=str(memory.pk))[:50],
        "near": selectors.near_duplicates(memory),
        "same_entity": selectors.same_entity(memory),
        "superseded_by": selectors.memory_successor(memory),
        "supersedes": selectors.memory_predecessors(memory),
        "reviews": selectors.memory_open_reviews(memory),
        "can_unmerge": not merge_undo_blocker(memory),
        "reason_form": ReasonForm(initial={"version": memory.version}),
    } | dict(zip(("feedback_counts", "feedback"), selectors.memory_feedback(memory), strict=True))


@require_GET
@viewer_required
def memory_detail(request: DashboardRequest, memory_id: uuid.UUID) -> HttpResponse:
    memory = get_object_or_404(selectors.visible_memories(), pk=memory_id)
    return page(request, "dashboard/memory.html", _detail_context(memory))


def _edit_initial(memory: Memory) -> dict[str, Any]:
    return {"content": memory.content, "type": memory.type, "entity": memory.entity,
            "confidence": memory.confidence, "status": memory.status, "version": memory.version}


@require_http_methods(["GET", "POST"])
@reviewer_required
def memory_edit(request: DashboardRequest, memory_id: uuid.UUID) -> HttpResponse:
    """Inline edit. A stale version never overwrites: the newer one is shown and the member asked again."""
    memory = get_object_or_404(selectors.visible_memories(), pk=memory_id)
    template = "dashboard/memory_edit.html" + ("#edit-form" if request.htmx else "")
    if request.method == "GET":
        return page(request, template, {"memory": memory, "form": MemoryEditForm(initial=_edit_initial(memory))})
    form = MemoryEditForm(request.POST)
    if not form.is_valid():
        return page(request, template, {"memory": memory, "form": form}, status=400)
    data = form.cleaned_data
    changes = {k: data[k] for k in MemoryEditForm.EDITABLE if data[k] != getattr(memory, k)}
    if not changes and data["version"] == memory.version:
        messages.info(request, _("Nothing changed."))
        return back(request, reverse("dashboard:memory", args=[memory.pk]))
    try:
        revisions.memory_revise(memory_id=memory.pk, expected_version=data["version"],
                                changes=changes or {"content": data["content"]}, actor=actor(request),
                                reason=data["reason"])
    except VersionConflict as exc:
        return _stale(request, template, exc.current)
    except ServiceError as exc:  # a duplicate, an unusable text: said in the form, which keeps the text
        form.add_error(None, refusal(exc))
        return page(request, template, {"memory": memory, "form": form},
                    status=exc.status_code if exc.status_code in (400, 409) else 409)
    messages.success(request, _("Saved as a new version."))
    return back(request, reverse("dashboard:memory", args=[memory.pk]))


def _stale(request: DashboardRequest, template: str, current: Memory) -> HttpResponse:
    """Keep what the member typed, show what is there now, and take the newer version for the next try."""
    data = request.POST.copy()
    data["version"] = str(current.version)
    form = MemoryEditForm(data)
    form.is_valid()
    latest = selectors.memory_history(current).last()
    response = page(request, template, {"memory": current, "form": form, "stale": True, "current": current,
                                        "latest": latest}, status=409)
    if request.htmx:  # the panels beside the card show what the newer version changed too (out-of-band swaps)
        context = {**_detail_context(current), "oob": True}
        for part in ("history", "side"):
            response.write(render_to_string(f"dashboard/memory.html#{part}", context, request=request))
    return response


def _state_change(request: DashboardRequest, memory_id: uuid.UUID, restore: bool) -> HttpResponse:
    memory = get_object_or_404(selectors.visible_memories(), pk=memory_id)
    form = ReasonForm(request.POST)
    url = reverse("dashboard:memory", args=[memory.pk])
    if not form.is_valid():
        messages.error(request, _("The reason is too long."))
        return back(request, url)
    change = revisions.memory_restore if restore else revisions.memory_deprecate
    try:
        change(memory_id=memory.pk, actor=actor(request), reason=form.cleaned_data["reason"],
               expected_version=form.cleaned_data["version"])
    except VersionConflict:
        messages.error(request, _("Someone changed this memory meanwhile; nothing was done. Check it and retry."))
        return back(request, url)
    except ServiceError as exc:
        flash_refusal(request, exc)
        return back(request, url)
    messages.success(request, _("Restored.") if restore else _("Deprecated."))
    return back(request, url)


@require_POST
@reviewer_required
def memory_deprecate(request: DashboardRequest, memory_id: uuid.UUID) -> HttpResponse:
    return _state_change(request, memory_id, restore=False)


@require_POST
@reviewer_required
def memory_restore(request: DashboardRequest, memory_id: uuid.UUID) -> HttpResponse:
    return _state_change(request, memory_id, restore=True)


# --------------------------------------------------------------------------- merge

@require_POST
@admin_required
def memory_unmerge(request: DashboardRequest, memory_id: uuid.UUID) -> HttpResponse:
    """Undo a merge: the sources back as they were, the merged memory retired (and its question open again)."""
    memory = get_object_or_404(selectors.visible_memories(), pk=memory_id)
    nxt = request.POST.get("next", "")
    url = nxt if url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}) else reverse(
        "dashboard:memory", args=[memory.pk])
    try:
        unmerged = merge_undo(memory_id=memory.pk, actor=actor(request))
    except ServiceError as exc:
        messages.error(request, refusal(exc))
        return back(request, url)
    messages.success(request, _("Merge undone: its %(count)d memories are back as they were; the merged one is "
                                "deprecated.") % {"count": len(unmerged.sources)})
    return back(request, url)


SCOPE_PICKER_MAX = 500  # scopes offered in the scope field's list (typing any other still works)


@require_GET
@admin_required
def merge_suggest(request: DashboardRequest) -> HttpResponse:
    """Suggestions at once, without a scope (the recently changed scopes, bounded: ``merge_suggestions_everywhere``),
    or for the scope typed or picked; each group one click from its preview."""
    form = MergeSuggestForm(request.GET)
    groups: list[selectors.MergeGroup] = []
    everywhere = True
    if form.is_valid():
        similarity = form.cleaned_data["similarity"]  # None: each model's own threshold
        if form.cleaned_data["scope"]:
            everywhere = False
            scope = selectors.scope_by_path(form.cleaned_data["scope"])
            if scope is None:
                form.add_error("scope", _("No such scope."))
            else:
                groups = selectors.merge_groups(selectors.merge_suggestions(scope, similarity))
        else:
            groups = selectors.merge_suggestions_everywhere(similarity)
    scopes = selectors.scope_paths(SCOPE_PICKER_MAX)
    return page(request, "dashboard/merge.html", {
        "form": form, "groups": groups, "scopes": scopes, "everywhere": everywhere,
        "scan": {"scopes": selectors.similarity.MERGE_SCOPES, "rows": selectors.similarity.MERGE_SCOPE_SCAN}})


@require_http_methods(["GET", "POST"])
@admin_required
def merge_preview(request: DashboardRequest) -> HttpResponse:
    """GET: the chosen memories and the merged text to confirm. POST: merge (sources become deprecated)."""
    form = MergeForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        return page(request, "dashboard/merge_preview.html", {"form": form, "sources": []}, status=400)
    sources = list(selectors.visible_memories().filter(pk__in=form.cleaned_data["ids"]).order_by("created_at"))
    if len(sources) != len(form.cleaned_data["ids"]):
        form.add_error("ids", _("Some of these memories do not exist."))
    elif len({m.scope_id for m in sources}) > 1:
        form.add_error("ids", _("Only memories of the same scope can be merged."))
    if form.errors or request.method == "GET":
        merged = form.cleaned_data.get("content") or merge_text([m.content for m in sources])
        preview = MergeForm(initial={"ids": [m.pk for m in sources], "content": merged})
        return page(request, "dashboard/merge_preview.html",
                    {"form": form if form.errors else preview, "sources": sources,
                     "contradicting": any(not selectors.mergeable(a, b) for a in sources for b in sources)},
                    status=400 if form.errors else 200)
    try:
        merged_memory = revisions.memory_merge(memory_ids=list(form.cleaned_data["ids"]), actor=actor(request),
                                               content=form.cleaned_data["content"] or None,
                                               reason=form.cleaned_data["reason"])
    except ServiceError as exc:
        form.add_error(None, refusal(exc))
        return page(request, "dashboard/merge_preview.html", {"form": form, "sources": sources}, status=409)
    messages.success(request, _("Merged %(count)d memories into this one.") % {"count": len(sources)})
    return back(request, reverse("dashboard:memory", args=[merged_memory.pk]))
