"""/api/v1/webhooks (server/urls.py mounts these beside memories.api.urls) and the dashboard's webhook screens."""

from __future__ import annotations

from django.urls import URLPattern, path

from webhooks import api, views

api_urlpatterns: list[URLPattern] = [
    path("webhooks", api.WebhookListView.as_view(), name="api-webhooks"),
    path("webhooks/<uuid:webhook_id>", api.WebhookDetailView.as_view(), name="api-webhook"),
    path("webhooks/<uuid:webhook_id>/deliveries", api.DeliveryListView.as_view(), name="api-webhook-deliveries"),
    path("webhooks/<uuid:webhook_id>/deliveries/<uuid:delivery_id>/redeliver", api.RedeliverView.as_view(),
         name="api-webhook-redeliver"),
]

urlpatterns: list[URLPattern] = [
    path("settings/webhooks/", views.webhooks, name="webhooks"),
    path("settings/webhooks/<uuid:webhook_id>/", views.webhook_detail, name="webhook"),
    path("settings/webhooks/<uuid:webhook_id>/toggle/", views.webhook_toggle, name="webhook-toggle"),
    path("settings/webhooks/<uuid:webhook_id>/delete/", views.webhook_delete, name="webhook-delete"),
    path("settings/webhooks/<uuid:webhook_id>/deliveries/<uuid:delivery_id>/redeliver/", views.delivery_redeliver,
         name="webhook-redeliver"),
]
