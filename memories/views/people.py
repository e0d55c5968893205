"""People (subjects): what is held about a person, export it (Art. 15/20), erase it (Art. 17)."""

from __future__ import annotations

import json
import uuid

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from memories import selectors
from memories.compliance.mentions import MENTION_ACTIONS, MentionAction, MentionChoice
from memories.compliance.subjects import (
    subject_erase_recorded,
    subject_erasure_preview,
    subject_export,
    subject_profile_get,
)
from memories.forms import EraseForm
from memories.representation import erasure_receipt_json
from memories.write.mentions import subject_alias_add
from mnemara.kernel.errors import ServiceError
from tenants.views.base import DashboardRequest, actor, admin_required, back, page, refusal, tenant, viewer_required


@require_GET
@viewer_required
def people(request: DashboardRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()
    qs = selectors.subjects_with_counts(q)
    return page(request, "dashboard/people.html",
                {"page_obj": Paginator(qs, 50).get_page(request.GET.get("page")), "q": q,
                 "people": selectors.subject_ids_like(),
                 "receipts": selectors.erasure_receipts(20) if request.can.admin else []})


@require_GET
@viewer_required
def person(request: DashboardRequest, subject_id: uuid.UUID) -> HttpResponse:
    subject = get_object_or_404(selectors.subjects(), pk=subject_id)
    memories = selectors.subject_memories(subject)
    return page(request, "dashboard/person.html", {
        "subject": subject, "memories": memories[:500], "memory_count": memories.count(),
        "sessions": selectors.subject_sessions(subject)[:50],
        "open_reviews": selectors.subject_open_review_count(subject),
        "erase_form": EraseForm(subject=subject),
        "profile": subject_profile_get(external_id=subject.external_id),
    })


@require_http_methods(["POST"])
@admin_required
def person_alias(request: DashboardRequest, subject_id: uuid.UUID) -> HttpResponse:
    """Join another spelling of the person's name (their mentions under it become theirs)."""
    subject = get_object_or_404(selectors.subjects(), pk=subject_id)
    try:
        subject_alias_add(subject=subject, alias=request.POST.get("alias", ""), actor=actor(request))
    except ServiceError as exc:
        messages.error(request, refusal(exc))
    else:
        messages.success(request, _("The alias was added."))
    return back(request, reverse("dashboard:person", args=[subject.pk]))


@require_GET
@admin_required
def person_export(request: DashboardRequest, subject_id: uuid.UUID) -> HttpResponse:
    """Everything held about this person as a JSON download: the same document as the API's export."""
    subject = get_object_or_404(selectors.subjects(), pk=subject_id)
    try:
        document = subject_export(external_id=subject.external_id, actor=actor(request))
    except ServiceError as exc:
        return page(request, "dashboard/message.html", {"title": _("Export"), "text": refusal(exc)},
                    status=exc.status_code)
    response = HttpResponse(json.dumps(document, ensure_ascii=False, indent=2, default=str),
                            content_type="application/json; charset=utf-8")
    stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
    response["Content-Disposition"] = f'attachment; filename="subject-{subject.pk}-{stamp}.json"'
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
@admin_required
def person_erase(request: DashboardRequest, subject_id: uuid.UUID) -> HttpResponse:
    """A confirmation step (type the id), then the erasure; its stored receipt opens at its own address
    (POST-redirect-GET: a reload erases nothing and still shows the receipt)."""
    subject = get_object_or_404(selectors.subjects(), pk=subject_id)
    form = EraseForm(request.POST or None, subject=subject)
    mentions = subject_erasure_preview(external_id=subject.external_id)["mentions"]
    choices = _mention_choices(request, mentions)
    for mention in mentions:  # the page shows what was chosen when it comes back with an error
        chosen = choices.get(mention["memory_id"])
        if chosen is not None:
            mention["action"], mention["reason"] = chosen.action.value, chosen.reason
    context = {"subject": subject, "form": form, "memory_count": selectors.subject_memories(subject).count(),
               "mentions": mentions, "actions": [(a.value, a.label) for a in MENTION_ACTIONS]}
    if request.method == "POST" and any(c.action is MentionAction.KEEP and not c.reason for c in choices.values()):
        form.add_error(None, _("Say why each memory you keep is kept."))
    if request.method == "GET" or not form.is_valid():
        return page(request, "dashboard/person_erase.html", context, status=200 if request.method == "GET" else 400)
    try:
        _receipt, receipt_id = subject_erase_recorded(external_id=subject.external_id, actor=actor(request),
                                                      reference=form.cleaned_data["reference"],
                                                      wait_for_vacuum=False, mention_choices=choices)
    except ServiceError as exc:
        form.add_error(None, refusal(exc))
        return page(request, "dashboard/person_erase.html", context, status=exc.status_code)
    # Said once, here: the stored receipt never names the person.
    messages.success(request, _("Everything held about person %(id)s was erased.") % {"id": subject.external_id})
    return back(request, reverse("dashboard:receipt", args=[receipt_id]))


def _mention_choices(request: DashboardRequest, mentions: list[dict[str, str]]) -> dict[str, MentionChoice]:
    """The administrator's choice for each listed memory that names the person (``action-<id>``, ``reason-<id>``)."""
    choices = {}
    for mention in mentions:
        action = request.POST.get(f"action-{mention['memory_id']}", "")
        if action in {a.value for a in MentionAction}:
            choices[mention["memory_id"]] = MentionChoice(
                MentionAction(action), request.POST.get(f"reason-{mention['memory_id']}", "").strip()[:500])
    return choices


@require_GET
@admin_required
def receipt(request: DashboardRequest, receipt_id: int) -> HttpResponse:
    event = selectors.erasure_receipt(receipt_id)
    document = erasure_receipt_json(event, tenant(request).slug)
    return page(request, "dashboard/erase_receipt.html", {
        "event": event, "receipt": document,
        "export_states": selectors.export_states(e["id"] for e in document["exports_predating"])})


@require_GET
@admin_required
def receipt_download(request: DashboardRequest, receipt_id: int) -> HttpResponse:
    """The receipt as a JSON file to keep with the request's records."""
    event = selectors.erasure_receipt(receipt_id)
    document = erasure_receipt_json(event, tenant(request).slug)
    response = HttpResponse(json.dumps(document, ensure_ascii=False, indent=2),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="erasure-receipt-{event.id}.json"'
    return response
