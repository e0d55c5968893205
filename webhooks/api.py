"""/api/v1/webhooks: register endpoints, change and remove them, read their delivery logs, send one again.

Webhooks tell of changes in every scope, so they need a key without scope prefixes (a restricted key gets 404,
as for the compliance endpoints); read-only keys may list and read, not write (403).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from memories.api.parsing import AsciiIntegerField, StrictBooleanField, query_int, validated
from memories.api.schema import NOT_BLANK, Text
from memories.selectors import paginate
from mnemara.kernel.errors import NotFound
from mnemara.kernel.schema import errors
from tenants.api import TenantAPIView
from webhooks import selectors, services
from webhooks.choices import DeliveryStatus, EventType
from webhooks.delivery import URL_PATTERN_TEXT
from webhooks.events import iso

if TYPE_CHECKING:
    from webhooks.models import WebhookDelivery, WebhookEndpoint

NEEDS_FULL_KEY = "Needs a key without scope prefixes (a restricted key gets 404)."
NOT_FOUND = "Unknown webhook (`webhook_not_found`), or a scope-restricted key."
EVENTS_HELP = ("The event types to send: " + ", ".join(f"`{e}`" for e in EventType.values) + ".")


class WebhookAPIView(TenantAPIView):
    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if self.api_key.scope_prefixes:
            raise NotFound("Not found.")


def webhook_json(endpoint: WebhookEndpoint) -> dict[str, Any]:
    return {"id": str(endpoint.pk), "url": endpoint.url, "events": endpoint.events,
            "description": endpoint.description, "active": endpoint.active,
            "created_at": iso(endpoint.created_at), "updated_at": iso(endpoint.updated_at)}


def delivery_json(delivery: WebhookDelivery) -> dict[str, Any]:
    return {"id": str(delivery.pk), "event_type": delivery.event_type, "payload": delivery.payload,
            "status": delivery.status, "attempts": delivery.attempts,
            "next_attempt_at": iso(delivery.next_attempt_at) if delivery.next_attempt_at else None,
            "last_status_code": delivery.last_status_code, "last_error": delivery.last_error,
            "created_at": iso(delivery.created_at),
            "delivered_at": iso(delivery.delivered_at) if delivery.delivered_at else None}


class EventsField(serializers.ListField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=serializers.ChoiceField(choices=EventType.choices), min_length=1,
                         max_length=len(EventType.values), help_text=EVENTS_HELP, **kwargs)


class WebhookIn(serializers.Serializer[Any]):
    url = Text(URL_PATTERN_TEXT, max_length=2000, trim_whitespace=False,
               help_text="Where to POST events: `http` or `https`; redirects are not followed. Loopback and private "
                         "addresses are refused unless the server allows them.")
    events = EventsField()
    description = Text(required=False, allow_blank=True, default="", max_length=200)


class WebhookPatchIn(serializers.Serializer[Any]):
    url = Text(URL_PATTERN_TEXT, required=False, max_length=2000, trim_whitespace=False)
    events = EventsField(required=False)
    description = Text(required=False, allow_blank=True, max_length=200)
    active = StrictBooleanField(required=False, help_text="`false`: nothing is sent (pending deliveries fail).")


@extend_schema_serializer(component_name="Webhook")
class WebhookOut(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    url = serializers.CharField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=EventType.choices))
    description = serializers.CharField(allow_blank=True)
    active = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="WebhookCreated")
class WebhookCreatedOut(WebhookOut):
    secret = serializers.CharField(help_text="The signing secret (`whsec_…`): shown only in this answer.")


@extend_schema_serializer(component_name="WebhookList")
class WebhookListOut(serializers.Serializer[Any]):
    results = WebhookOut(many=True)


@extend_schema_serializer(component_name="WebhookDelivery")
class DeliveryOut(serializers.Serializer[Any]):
    id = serializers.UUIDField(help_text="The `webhook-id` header the receiver got (the same on every attempt).")
    event_type = serializers.ChoiceField(choices=EventType.choices)
    payload = serializers.JSONField(help_text="The body sent: `type`, `timestamp`, `data` (ids and counts only).")
    status = serializers.ChoiceField(choices=DeliveryStatus.choices)
    attempts = AsciiIntegerField(min_value=0)
    next_attempt_at = serializers.DateTimeField(allow_null=True, help_text="When the next attempt is due.")
    last_status_code = AsciiIntegerField(allow_null=True, help_text="The receiver's last HTTP status.")
    last_error = serializers.CharField(allow_blank=True, help_text="`http_503`, `timeout`, `connection_error: …`, "
                                                                   "`refused: …`, `endpoint_disabled`.")
    created_at = serializers.DateTimeField()
    delivered_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(component_name="WebhookDeliveryPage")
class DeliveryPageOut(serializers.Serializer[Any]):
    results = DeliveryOut(many=True)
    next = serializers.CharField(allow_null=True, help_text="The `cursor` of the next page; null on the last.")


class DeliveryQueryIn(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=DeliveryStatus.choices, required=False)
    cursor = Text(NOT_BLANK, required=False, max_length=500, help_text="The previous page's `next`.")


WEBHOOK_ID = OpenApiParameter("webhook_id", uuid.UUID, OpenApiParameter.PATH)
DELIVERY_ID = OpenApiParameter("delivery_id", uuid.UUID, OpenApiParameter.PATH)


class WebhookListView(WebhookAPIView):
    @extend_schema(operation_id="webhooks_list", tags=["webhooks"], summary="List the webhooks",
                   description=f"The tenant's webhook endpoints (never their secrets). {NEEDS_FULL_KEY}",
                   responses={200: WebhookListOut, **errors(e404="A scope-restricted key.")})
    def get(self, request: Request) -> Response:
        return Response({"results": [webhook_json(e) for e in selectors.webhooks()]})

    @extend_schema(
        operation_id="webhook_create", tags=["webhooks"], summary="Register a webhook",
        description="A new endpoint for the event types given, with a new signing secret, answered only here. "
                    "Each event is sent as a signed POST (Standard Webhooks: `webhook-id`, `webhook-timestamp`, "
                    f"`webhook-signature`), retried with back-off (docs/api.md, Webhooks). {NEEDS_FULL_KEY} "
                    "Read-only keys get 403.",
        request=WebhookIn, responses={201: WebhookCreatedOut, **errors(
            403, e404="A scope-restricted key.", e409=f"The tenant has {services.MAX_ENDPOINTS} webhooks already "
                                                      "(`too_many_webhooks`).")})
    def post(self, request: Request) -> Response:
        data = validated(WebhookIn, request.data)
        endpoint = services.webhook_create(**data, actor=self.actor())
        return Response({**webhook_json(endpoint), "secret": endpoint.secret}, status=status.HTTP_201_CREATED,
                        headers={"Cache-Control": "no-store"})


class WebhookDetailView(WebhookAPIView):
    @extend_schema(operation_id="webhook_get", tags=["webhooks"], summary="Get a webhook",
                   description="The endpoint's URL, event types and state (never its secret).",
                   parameters=[WEBHOOK_ID], responses={200: WebhookOut, **errors(e404=NOT_FOUND)})
    def get(self, request: Request, webhook_id: uuid.UUID) -> Response:
        return Response(webhook_json(selectors.webhook_get(webhook_id)))

    @extend_schema(operation_id="webhook_update", tags=["webhooks"], summary="Change a webhook",
                   description="Changes the fields sent; the others stay. Read-only keys get 403.",
                   parameters=[WEBHOOK_ID], request=WebhookPatchIn,
                   responses={200: WebhookOut, **errors(403, e404=NOT_FOUND)})
    def patch(self, request: Request, webhook_id: uuid.UUID) -> Response:
        data = validated(WebhookPatchIn, request.data)
        return Response(webhook_json(services.webhook_update(endpoint_id=webhook_id, actor=self.actor(), **data)))

    @extend_schema(operation_id="webhook_delete", tags=["webhooks"], summary="Remove a webhook",
                   description="Removes the endpoint and its delivery log; nothing pending is sent. Read-only "
                               "keys get 403.",
                   parameters=[WEBHOOK_ID],
                   responses={204: OpenApiResponse(description="Removed."), **errors(403, e404=NOT_FOUND)})
    def delete(self, request: Request, webhook_id: uuid.UUID) -> Response:
        services.webhook_delete(endpoint_id=webhook_id, actor=self.actor())
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeliveryListView(WebhookAPIView):
    @extend_schema(
        operation_id="webhook_deliveries", tags=["webhooks"], summary="A webhook's delivery log",
        description="Every event sent (or to be sent) to the endpoint, newest first: status, attempts, the "
                    "receiver's last status code, the last error.",
        parameters=[WEBHOOK_ID, DeliveryQueryIn,
                    OpenApiParameter("limit", {"type": "integer", "minimum": 1, "maximum": 200, "default": 50})],
        responses={200: DeliveryPageOut, **errors(e404=NOT_FOUND)})
    def get(self, request: Request, webhook_id: uuid.UUID) -> Response:
        endpoint = selectors.webhook_get(webhook_id)
        limit = query_int(request.query_params, "limit", default=50, low=1, high=200)
        params = validated(DeliveryQueryIn, request.query_params.dict())
        rows, cursor = paginate(selectors.deliveries(endpoint, params.get("status", "")), params.get("cursor"),
                                limit)
        return Response({"results": [delivery_json(d) for d in rows], "next": cursor})


class RedeliverView(WebhookAPIView):
    @extend_schema(
        operation_id="webhook_redeliver", tags=["webhooks"], summary="Send a delivery again",
        description="Queues a delivered or failed event again (same `webhook-id`, attempts from 0); a pending one "
                    "is left as it is. Read-only keys get 403.",
        parameters=[WEBHOOK_ID, DELIVERY_ID], request=None,
        responses={202: DeliveryOut, **errors(403, e404="Unknown webhook or delivery, or a scope-restricted key.")})
    def post(self, request: Request, webhook_id: uuid.UUID, delivery_id: uuid.UUID) -> Response:
        endpoint = selectors.webhook_get(webhook_id)
        if not selectors.deliveries(endpoint).filter(pk=delivery_id).exists():
            raise NotFound("Delivery not found.", code="delivery_not_found")
        delivery = services.delivery_redeliver(delivery_id=delivery_id, actor=self.actor())
        return Response(delivery_json(delivery), status=status.HTTP_202_ACCEPTED)
