"""The review queue: pending memories and conflict pairs, resolved in one click (or one key), alone or
in bulk, with the siblings a decision changed updated where they are shown, and an undo."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from memories import selectors
from memories.choices import ReviewStatus
from memories.forms import BulkAllForm, BulkResolveForm, ChainResolveForm, ResolveForm, ReviewFilterForm
from memories.write.chains import Chain, chains_of
from memories.write.review_bulk import review_bulk_get, review_bulk_start, review_bulk_undo, review_bulks_shown
from memories.write.reviews import (
    BULK_MAX,
    Decision,
    review_decide,
    review_decide_chain,
    review_undo,
    selection_fingerprint,
    undo_blocker,
)
from memories.write.text import merge_text
from memories.write.truth import clashes_settle
from mnemara.kernel.errors import ServiceError
from tenants.views.base import (
    DashboardRequest,
    actor,
    admin_required,
    back,
    page,
    refusal,
    reviewer_required,
    toast,
    viewer_required,
)

if TYPE_CHECKING:
    from memories.models import ReviewItem, Session

PAGE_SIZE = 20


def _sessions(items: list[ReviewItem]) -> dict[str, Session]:
    """The sessions the memories came from (their summaries are the "why" behind a memory)."""
    return selectors.sessions_by_key(m.source_session for i in items for m in (i.memory, i.other_memory)
                                     if m and m.source_session)


def _matching(params: QueryDict, status: str) -> tuple[ReviewFilterForm, dict[str, Any], QuerySet[ReviewItem]]:
    """The filter form, its values, and the items of ``status`` it matches (with the kind tab)."""
    form = ReviewFilterForm(params or None)
    filters = {k: v for k, v in (form.cleaned_data if form.is_valid() else {}).items() if v}
    qs = selectors.review_queue(status, filters)
    kind = params.get("kind", "")
    if kind in ("pending", "conflict") and status == ReviewStatus.OPEN:
        qs = qs.filter(kind=kind)
        filters["kind"] = kind
    return form, filters, qs


def _query(request: DashboardRequest) -> str:
    """The review page's querystring a form was sent from (its filters), to go back to it."""
    query = request.POST.get("query", "")
    return "?" + query if query else ""


def _entries(items: list[ReviewItem], grouped: bool, page_of: dict[uuid.UUID, int] | None = None,
             page: int = 1) -> tuple[list[dict[str, Any]], list[Chain]]:
    """The page's cards in order: an entity chain once, where its first item on the page is, else the item.

    A chain whose items span pages has its card on one page only: the page of its first item in the queue's
    order (``page_of``: each matching item's page). Another page that holds some of its items says where the
    card is instead of showing it twice."""
    chains = chains_of(items) if grouped else []
    chain_of = {item_id: chain for chain in chains for item_id in chain.item_ids}
    entries: list[dict[str, Any]] = []
    shown: set[str] = set()
    for item in items:
        chain = chain_of.get(item.pk)
        if chain is None:
            entries.append({"item": item})
        elif chain.key not in shown:
            shown.add(chain.key)
            home = min((page_of[i] for i in chain.item_ids if i in page_of), default=page) if page_of else page
            entries.append({"chain": chain} if home >= page else {"chain_elsewhere": chain, "page": home})
    return entries, chains


def _queue_context(request: DashboardRequest) -> dict[str, Any]:
    tab = request.GET.get("tab", "")
    kind = request.GET.get("kind", "")
    status = ReviewStatus.RESOLVED if tab == "resolved" else ReviewStatus.OPEN
    form, filters, qs = _matching(request.GET, status)
    matching = list(qs.values_list("pk", flat=True)) if status == ReviewStatus.OPEN else []
    items_page = Paginator(qs, PAGE_SIZE).get_page(request.GET.get("page"))
    items = list(items_page)
    separate = request.GET.get("chains") == "0"
    page_of = {pk: n // PAGE_SIZE + 1 for n, pk in enumerate(matching)}
    entries, chains = _entries(items, grouped=status == ReviewStatus.OPEN and not separate, page_of=page_of,
                               page=items_page.number)
    items = list({i.pk: i for i in [*items, *(i for c in chains for i in c.items)]}.values())
    return {
        "page_obj": items_page, "items": items, "entries": entries, "separate": separate,
        "sessions": _sessions(items), "kind": kind, "tab": tab,
        "form": form, "filtered": bool(filters), "matching": len(matching), "bulk_query": request.GET.urlencode(),
        "fingerprint": selection_fingerprint(matching) if matching else "", "bulk_max": BULK_MAX,
        "counts": selectors.review_counts(), "clashes": selectors.entity_clashes() if status == "open" else [],
        "undo": {i.pk: not undo_blocker(i) for i in items} if status == ReviewStatus.RESOLVED else {},
        "people": selectors.subject_ids_like(), "scopes": selectors.scope_paths(), "agents": selectors.agents(),
        "bulks": list(review_bulks_shown()[:3]), **selectors.review_context(items),
    }


@require_GET
@viewer_required
def review_queue(request: DashboardRequest) -> HttpResponse:
    context = _queue_context(request)
    template = "dashboard/review.html"
    if request.htmx and request.htmx.target == "review-results":
        template += "#results"
    return page(request, template, context)


def _bulk_bar(request: DashboardRequest) -> dict[str, Any]:
    """The "N open items match" bar of the open queue the person decided on (its filters from the page's URL),
    counted again, for a decision's answer to redraw out of band; nothing when they acted elsewhere."""
    current = urlsplit((request.htmx.current_url_abs_path or "") if request.htmx else "")
    params = QueryDict(current.query)
    if current.path != reverse("dashboard:review") or params.get("tab") == "resolved":
        return {}
    _, filters, qs = _matching(params, ReviewStatus.OPEN)
    matching = list(qs.values_list("pk", flat=True))
    return {"bulk": True, "matching": len(matching), "filtered": bool(filters), "bulk_max": BULK_MAX,
            "fingerprint": selection_fingerprint(matching) if matching else "", "bulk_query": params.urlencode()}


def _back_to(request: DashboardRequest) -> str:
    """The review page as the person sees it (its filters), for a form that leaves it and comes back."""
    current = (request.htmx.current_url_abs_path or "") if request.htmx else ""
    review = reverse("dashboard:review")
    return current if current.startswith(review) else review


def _decided(request: DashboardRequest, decision: Decision, undone: bool = False) -> HttpResponse:
    """The decided card in place, every sibling it changed re-drawn (out of band), the counts updated."""
    # The decided (or undone) item is drawn once, by this answer: a note about it would draw it over.
    notes = [n for n in decision.settlement.notes if n.item.pk != decision.item.pk]
    items = [decision.item, *(n.item for n in notes), *(n.new_item for n in notes if n.new_item)]
    context = {"item": decision.item, "decision": decision, "notes": notes, "back_to": _back_to(request),
               "moved": decision.settlement.moved, "sessions": _sessions(items), "undone": undone,
               "can_undo": not undo_blocker(decision.item), "counts": selectors.review_counts(), "oob": True,
               **selectors.review_context(items), **_bulk_bar(request)}
    return page(request, "dashboard/review.html#decided", context)


@require_POST
@reviewer_required
def review_resolve_view(request: DashboardRequest, item_id: uuid.UUID) -> HttpResponse:
    item = get_object_or_404(selectors.review_items(status=""), pk=item_id)
    form = ResolveForm(request.POST)
    if not form.is_valid():
        return page(request, "dashboard/review.html#refused", {"item": item, "error": _("Unknown action.")},
                    status=400)
    action = form.cleaned_data["action"]
    if action == "merge" and not request.can.admin:
        raise PermissionDenied
    try:
        decision = review_decide(item_id=item.pk, action=action, actor=actor(request),
                                 content=form.cleaned_data["content"] or None, reason=form.cleaned_data["reason"])
    except ServiceError as exc:
        if not request.htmx:
            messages.error(request, refusal(exc))
            return back(request, reverse("dashboard:review"))
        current = get_object_or_404(selectors.review_items(status=""), pk=item_id)
        return page(request, "dashboard/review.html#refused",
                    {"item": current, "error": refusal(exc), "counts": selectors.review_counts(), "oob": True,
                     "sessions": _sessions([current]), **selectors.review_context([current])},
                    status=exc.status_code)
    if not request.htmx:
        messages.success(request, _("Resolved: %(what)s.") % {"what": decision.item.get_resolution_display()})
        return back(request, reverse("dashboard:review"))
    return _decided(request, decision)


@require_POST
@reviewer_required
def review_undo_view(request: DashboardRequest, item_id: uuid.UUID) -> HttpResponse:
    item = get_object_or_404(selectors.review_items(status=""), pk=item_id)
    try:
        decision = review_undo(item_id=item.pk, actor=actor(request))
    except ServiceError as exc:
        if not request.htmx:
            messages.error(request, refusal(exc))
            return back(request, reverse("dashboard:review") + "?tab=resolved")
        response = HttpResponse(status=409)
        return toast(response, refusal(exc), "error", reswap=True)
    if not request.htmx:
        messages.success(request, _("Undone: the item is open again."))
        return back(request, reverse("dashboard:review") + _query(request))
    return _decided(request, decision, undone=True)


@require_POST
@reviewer_required
def review_chain_resolve(request: DashboardRequest) -> HttpResponse:
    """Decide an entity chain at once: keep one of its memories (the newest, or the one chosen)."""
    url = reverse("dashboard:review") + _query(request)
    form = ChainResolveForm(request.POST)
    if not form.is_valid():
        return toast(HttpResponse(status=400), _("Choose the memory to keep."), "error", reswap=True)
    item_ids = form.cleaned_data["items"]
    if selectors.review_items(status="").filter(pk__in=item_ids).count() != len(set(item_ids)):
        raise Http404  # another tenant's items, or none at all
    try:
        decision = review_decide_chain(item_ids=item_ids, keep=form.cleaned_data["keep"], actor=actor(request),
                                       reason=form.cleaned_data["reason"])
    except ServiceError as exc:
        if not request.htmx:
            messages.error(request, refusal(exc))
            return back(request, url)
        # The chain as it is now, with the refusal where the person acted (or only the refusal: no chain left).
        now = chains_of(list(selectors.review_items().filter(pk__in=item_ids)))
        if not now:
            return toast(HttpResponse(status=exc.status_code), refusal(exc), "error", reswap=True)
        context = {"chain": now[0], "error": refusal(exc), "query": request.POST.get("query", ""),
                   "counts": selectors.review_counts(), "oob": True,
                   "sessions": _sessions(now[0].items), **selectors.review_context(now[0].items)}
        return page(request, "dashboard/review.html#chain-refused", context, status=exc.status_code)
    if not request.htmx:
        messages.success(request, _("Resolved: one memory kept, the rest superseded."))
        return back(request, url)
    notes = [n for n in decision.settlement.notes if n.item.pk not in decision.chain.item_ids]
    items = [*decision.items, *(n.item for n in notes), *(n.new_item for n in notes if n.new_item)]
    context = {"chain": decision.chain, "decision": decision, "notes": notes, "moved": decision.settlement.moved,
               "can_undo": not undo_blocker(decision.items[0]), "query": request.POST.get("query", ""),
               "counts": selectors.review_counts(), "sessions": _sessions(items), **selectors.review_context(items),
               **_bulk_bar(request), "oob": True}
    return page(request, "dashboard/review.html#chain-decided", context)


@require_POST
@reviewer_required
def review_bulk(request: DashboardRequest) -> HttpResponse:
    """Accept or reject the ticked items, one decision each (a decision may already have answered a later
    one: that one is skipped and counted)."""
    form = BulkResolveForm(request.POST)
    url = reverse("dashboard:review") + ("?" + request.POST["query"] if request.POST.get("query") else "")
    if not form.is_valid():
        messages.error(request, _("Tick at least one item and choose what to do."))
        return back(request, url)
    done = skipped = 0
    refused: list[str] = []
    for item_id in form.cleaned_data["items"]:
        try:
            review_decide(item_id=item_id, action=form.cleaned_data["action"], actor=actor(request))
            done += 1
        except ServiceError as exc:
            if exc.code == "already_resolved":
                skipped += 1
            else:
                refused.append(refusal(exc))
    _bulk_messages(request, done, skipped, refused)
    return back(request, url)


@require_POST
@reviewer_required
def review_bulk_all(request: DashboardRequest) -> HttpResponse:
    """Accept or reject every open item the filter matches (not only the ticked ones), if they are still the
    ones the person counted when confirming: queued for the worker, its progress shown on the review page."""
    query = request.POST.get("query", "")
    url = reverse("dashboard:review") + ("?" + query if query else "")
    form = BulkAllForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose what to do with the matching items."))
        return back(request, url)
    _form, filters, qs = _matching(QueryDict(query), ReviewStatus.OPEN)
    try:
        bulk = review_bulk_start(item_ids=list(qs.values_list("pk", flat=True)), action=form.cleaned_data["action"],
                                 actor=actor(request), fingerprint=form.cleaned_data["fingerprint"],
                                 filtered_by=list(filters))
    except ServiceError as exc:
        messages.error(request, refusal(exc))
        return back(request, url)
    messages.success(request, ngettext("%(n)d item is being decided in the background: the progress is shown here.",
                                       "%(n)d items are being decided in the background: the progress is shown here.",
                                       len(bulk.item_ids)) % {"n": len(bulk.item_ids)})
    return back(request, url)


@require_GET
@viewer_required
def review_bulk_progress(request: DashboardRequest, bulk_id: uuid.UUID) -> HttpResponse:
    """A bulk decision's progress (the review page polls it while the worker decides). The poll that finds it
    finished reloads the page: the queue below it changed."""
    try:
        bulk = review_bulk_get(bulk_id)
    except ServiceError as exc:
        raise Http404 from exc  # another tenant's, or none
    response = page(request, "dashboard/review.html#bulk-progress", {"b": bulk})
    if request.htmx and not bulk.active:
        response["HX-Refresh"] = "true"
    return response


@require_POST
@reviewer_required
def review_bulk_undo_view(request: DashboardRequest, bulk_id: uuid.UUID) -> HttpResponse:
    """Open every item of a finished bulk decision again (queued for the worker, each through the undo)."""
    try:
        review_bulk_get(bulk_id)
    except ServiceError as exc:
        raise Http404 from exc
    try:
        bulk = review_bulk_undo(bulk_id=bulk_id, actor=actor(request))
    except ServiceError as exc:
        if not request.htmx:
            messages.error(request, refusal(exc))
            return back(request, reverse("dashboard:review"))
        return toast(HttpResponse(status=exc.status_code), refusal(exc), "error", reswap=True)
    if not request.htmx:
        messages.success(request, _("Undo queued: the items open again as the worker gets to them."))
        return back(request, reverse("dashboard:review"))
    return page(request, "dashboard/review.html#bulk-progress", {"b": bulk})


def _bulk_messages(request: DashboardRequest, done: int, skipped: int, refused: list[str]) -> None:
    text = ngettext("%(n)d item resolved.", "%(n)d items resolved.", done) % {"n": done}
    if skipped:
        text += " " + ngettext("%(n)d was already answered by another decision.",
                               "%(n)d were already answered by other decisions.", skipped) % {"n": skipped}
    messages.success(request, text)
    for why in dict.fromkeys(refused):
        messages.error(request, why)


@require_GET
@admin_required
def review_merge_form(request: DashboardRequest, item_id: uuid.UUID) -> HttpResponse:
    """The editable preview of merging a pair: the suggested text, both sources, then confirm."""
    item = get_object_or_404(selectors.review_items(), pk=item_id)
    if item.other_memory is None:
        return toast(HttpResponse(status=400), _("Only a pair can be merged."), "error", reswap=True)
    suggested = merge_text([item.other_memory.content, item.memory.content])
    return page(request, "dashboard/review.html#merge-form", {"item": item, "suggested": suggested})


@require_POST
@reviewer_required
def review_clashes(request: DashboardRequest) -> HttpResponse:
    """Older data with several active memories about one entity: turn it into review questions."""
    settlement = clashes_settle(actor=actor(request))
    n = len(settlement.created)
    messages.success(request, ngettext("%(n)d question added to the queue.", "%(n)d questions added to the queue.",
                                       n) % {"n": n})
    return back(request, reverse("dashboard:review"))

