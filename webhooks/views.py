"""The dashboard's webhook screens (admins): the endpoints, a new one (its secret shown once), each one's
delivery log, pause/resume, removal, sending a delivery again."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from mnemara.kernel.errors import ServiceError
from tenants.views.base import DashboardRequest, actor, admin_required, back, flash_refusal, page, refusal
from webhooks import selectors, services
from webhooks.choices import DeliveryStatus
from webhooks.forms import WebhookForm

SESSION_NEW_SECRET = "dashboard_new_webhook_secret"


def _list_page(request: DashboardRequest, form: WebhookForm, status: int = 200) -> HttpResponse:
    created = None
    new = request.session.pop(SESSION_NEW_SECRET, None) if request.method == "GET" else None
    if new is not None:
        endpoint = selectors.webhooks().filter(pk=new["id"]).first()
        created = (endpoint, new["secret"]) if endpoint is not None else None
    response = page(request, "dashboard/webhooks.html", {"form": form, "webhooks": selectors.webhooks(),
                                                         "created": created}, status=status)
    response["Cache-Control"] = "no-store"  # the page may carry a secret shown once
    return response


@require_http_methods(["GET", "POST"])
@admin_required
def webhooks(request: DashboardRequest) -> HttpResponse:
    """The endpoints; a POST registers one and redirects here, where its secret is shown exactly once."""
    if request.method == "GET":
        return _list_page(request, WebhookForm())
    form = WebhookForm(request.POST)
    if not form.is_valid():
        return _list_page(request, form, status=400)
    try:
        endpoint = services.webhook_create(url=form.cleaned_data["url"], events=form.cleaned_data["events"],
                                           description=form.cleaned_data["description"], actor=actor(request))
    except ServiceError as exc:
        form.add_error("url" if "url" in exc.fields else None, refusal(exc))  # refusal: translated
        return _list_page(request, form, status=400)
    request.session[SESSION_NEW_SECRET] = {"id": str(endpoint.pk), "secret": endpoint.secret}
    return HttpResponseRedirect(reverse("dashboard:webhooks"), status=303)


@require_GET
@admin_required
def webhook_detail(request: DashboardRequest, webhook_id: uuid.UUID) -> HttpResponse:
    """One endpoint and its delivery log, newest first (filter by status)."""
    endpoint = get_object_or_404(selectors.webhooks(), pk=webhook_id)
    status = request.GET.get("status", "")
    status = status if status in DeliveryStatus.values else ""
    log = Paginator(selectors.deliveries(endpoint, status), 50).get_page(request.GET.get("page"))
    return page(request, "dashboard/webhook.html", {"webhook": endpoint, "page_obj": log, "status": status,
                                                    "statuses": DeliveryStatus.choices,
                                                    "query": f"status={status}" if status else ""})


@require_POST
@admin_required
def webhook_toggle(request: DashboardRequest, webhook_id: uuid.UUID) -> HttpResponse:
    endpoint = get_object_or_404(selectors.webhooks(), pk=webhook_id)
    services.webhook_update(endpoint_id=endpoint.pk, active=not endpoint.active, actor=actor(request))
    messages.success(request, _("Webhook resumed.") if not endpoint.active else _("Webhook paused."))
    return back(request, reverse("dashboard:webhook", args=[endpoint.pk]))


@require_POST
@admin_required
def webhook_delete(request: DashboardRequest, webhook_id: uuid.UUID) -> HttpResponse:
    endpoint = get_object_or_404(selectors.webhooks(), pk=webhook_id)
    services.webhook_delete(endpoint_id=endpoint.pk, actor=actor(request))
    messages.success(request, _("Webhook removed."))
    return back(request, reverse("dashboard:webhooks"))


@require_POST
@admin_required
def delivery_redeliver(request: DashboardRequest, webhook_id: uuid.UUID, delivery_id: uuid.UUID) -> HttpResponse:
    endpoint = get_object_or_404(selectors.webhooks(), pk=webhook_id)
    if selectors.deliveries(endpoint).filter(pk=delivery_id).exists():
        try:
            services.delivery_redeliver(delivery_id=delivery_id, actor=actor(request))
            messages.success(request, _("The event is queued to be sent again."))
        except ServiceError as exc:
            flash_refusal(request, exc)
    return back(request, reverse("dashboard:webhook", args=[endpoint.pk]))
