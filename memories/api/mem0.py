"""The mem0-compatible API under ``/mem0/`` (docs/mem0.md): the routes mem0's own ``MemoryClient(host=…)``
calls, in mem0's shapes, with ``Authorization: Token <key>`` (or Bearer). Views parse and render; every
operation is a service of ``memories.mem0.service``.

These routes are not part of Mnemara's API: they are left out of ``/api/schema/`` (``schema = None``) and
described in docs/mem0.md. Errors keep Mnemara's format with mem0's ``detail`` beside it.
"""

from __future__ import annotations

from typing import Any, NoReturn
from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import URLPattern, re_path
from django.utils import timezone
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memories.api.parsing import json_object
from memories.extraction.mem0_format import ENTITY_KINDS
from memories.mem0 import service
from memories.mem0.shapes import mem0_memory
from memories.recall.access import searches_counted
from mnemara.kernel.errors import NotFound
from tenants.api import TenantAPIView
from tenants.auth import TokenOrBearerAuthentication


class Mem0View(TenantAPIView):
    # Left out of /api/schema/: mem0's routes, described in docs/mem0.md.
    schema = None
    authentication_classes = [TokenOrBearerAuthentication]

    def handle_exception(self, exc: Exception) -> Response:
        response = super().handle_exception(exc)
        if isinstance(response.data, dict) and isinstance(response.data.get("error"), dict):
            response.data = {"detail": response.data["error"]["message"], **response.data}
        return response

    def caller(self) -> service.Caller:
        return service.Caller(self.api_key.scope_prefixes, self.actor())

    def body(self) -> dict[str, Any]:
        """The JSON body, without the ``org_id``/``project_id`` the ping gave (mem0ai 1.x sends them back with
        every call): a Mnemara tenant is its own organisation and project. Other values are refused later."""
        body = json_object(self.request.data)
        tenant = self.api_key.tenant.slug
        return {name: value for name, value in body.items()
                if not (name in ("org_id", "project_id") and value == tenant)}

    def http_method_not_allowed(self, request: HttpRequest, *args: Any, **kwargs: Any) -> NoReturn:
        raise unsupported_route(request)


class PingView(Mem0View):
    # mem0's client needs an organisation and a project to start: the key's tenant is both here.
    def get(self, request: Request) -> Response:
        tenant = self.api_key.tenant.slug
        return Response({"status": "ok", "message": "Mnemara's mem0-compatible API (docs/mem0.md).",
                         "org_id": tenant, "project_id": tenant, "user_email": None})


class AddView(Mem0View):
    def post(self, request: Request) -> Response:
        return Response(service.mem0_add(body=self.body(), caller=self.caller()))


class SearchView(Mem0View):
    writes = False

    def post(self, request: Request) -> Response:
        results = service.mem0_search(body=self.body(), caller=self.caller())
        searches_counted(self.api_key.tenant_id, self.actor(), timezone.now())
        return Response({"results": results})


class ListView(Mem0View):
    writes = False

    def post(self, request: Request) -> Response:
        body = self.body()
        size = service.page_size(request.query_params.get("page_size"), body)
        page = service.page_number(request.query_params.get("page"))
        qs = service.mem0_list(body=body, caller=self.caller())
        count = qs.count()
        rows = list(qs[(page - 1) * size:page * size])

        def link(number: int) -> str:
            return request.build_absolute_uri(f"{request.path}?{urlencode({'page': number, 'page_size': size})}")

        return Response({"count": count, "next": link(page + 1) if page * size < count else None,
                         "previous": link(page - 1) if page > 1 and count else None,
                         "results": [mem0_memory(m) for m in rows]})


class MemoryView(Mem0View):
    def get(self, request: Request, memory_id: str) -> Response:
        return Response(mem0_memory(service.mem0_get(memory_id, self.caller())))

    def put(self, request: Request, memory_id: str) -> Response:
        return Response(mem0_memory(service.mem0_update(memory_id, self.body(), self.caller())))

    def delete(self, request: Request, memory_id: str) -> Response:
        linked = request.query_params.get("delete_linked", "").lower() in ("true", "1")
        service.mem0_delete(memory_id, self.caller(), linked=linked)
        return Response({"message": "Memory deleted successfully!"})


class MemoriesView(Mem0View):
    def post(self, request: Request) -> Response:
        # mem0ai 1.x's add (``POST /v1/memories/``): the same operation and answer as v3's.
        return Response(service.mem0_add(body=self.body(), caller=self.caller()))

    def delete(self, request: Request) -> Response:
        ids = {name: request.query_params.get(name) for name in ENTITY_KINDS}
        deleted = service.mem0_delete_all(ids=ids, caller=self.caller(), filters=request.query_params.get("filters"))
        return Response({"message": "Memories deleted successfully!", "deleted": deleted})


class EntitiesView(Mem0View):
    writes = False

    def get(self, request: Request) -> Response:
        results = service.mem0_entities(self.caller())
        return Response({"count": len(results), "next": None, "previous": None, "results": results})


class EntityView(Mem0View):
    def delete(self, request: Request, kind: str, value: str) -> Response:
        deleted = service.mem0_delete_entity(kind, value, self.caller())
        return Response({"message": "Entity deleted successfully!", "deleted": deleted})


class HistoryView(Mem0View):
    def get(self, request: Request, memory_id: str) -> Response:
        return Response(service.mem0_history_of(memory_id, self.caller()))


class BatchView(Mem0View):
    def put(self, request: Request) -> Response:
        count = service.mem0_batch_update(body=self.body(), caller=self.caller())
        return Response({"message": f"Successfully updated {count} memories"})

    def delete(self, request: Request) -> Response:
        count = service.mem0_batch_delete(body=self.body(), caller=self.caller())
        return Response({"message": f"Successfully deleted {count} memories"})


class FeedbackView(Mem0View):
    writes = True

    def post(self, request: Request) -> Response:
        return Response(service.mem0_feedback(body=self.body(), caller=self.caller()))


class ProjectView(Mem0View):
    """mem0's project settings (``client.project.get()``, ``update_project``; CrewAI's Mem0 storage calls
    ``update_project(custom_categories=…)`` when it starts): the key's tenant is the project."""

    def project(self, org: str, project: str) -> service.Caller:
        if {org, project} != {self.api_key.tenant.slug}:
            raise NotFound("No such organisation or project: the key's tenant is both (GET /v1/ping/ names it).",
                           code="unsupported_endpoint")
        return self.caller()

    def get(self, request: Request, org: str, project: str) -> Response:
        self.project(org, project)
        fields = request.query_params.getlist("fields")
        answer = service.mem0_project(self.api_key.tenant)
        return Response({k: v for k, v in answer.items() if not fields or k in fields or k in ("id", "name")})

    def patch(self, request: Request, org: str, project: str) -> Response:
        self.project(org, project)
        return Response(service.mem0_project_update(self.body()))


class UnsupportedView(APIView):
    # Any other mem0 route (exports, events, projects, webhooks, profiles…): a clear 404.
    schema = None
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes: list[Any] = []

    def handle_exception(self, exc: Exception) -> Response:
        response = super().handle_exception(exc)
        if isinstance(response.data, dict) and isinstance(response.data.get("error"), dict):
            response.data = {"detail": response.data["error"]["message"], **response.data}
        return response

    def dispatch_unsupported(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise unsupported_route(request)

    get = post = put = patch = delete = dispatch_unsupported


#: The oldest mem0ai SDK whose calls these routes serve (docs/mem0.md, "Supported SDKs").
MIN_SDK = "1.0.0"


def unsupported_route(request: HttpRequest | Request) -> NotFound:
    path = request.path.split("/mem0", 1)[-1] or "/"
    return NotFound(f"Mnemara's mem0-compatible API does not support {request.method} {path}: it serves the "
                    f"calls of mem0ai {MIN_SDK} and later, as docs/mem0.md lists.", code="unsupported_endpoint")


def _route(pattern: str) -> str:
    # mem0's paths end in "/"; without it is fine too. A host given with a trailing "/" makes the TypeScript
    # client and the Vercel provider (which join with a template string) ask for "/mem0//v1/…": served too.
    return rf"^[/]*{pattern}/?$"  # [/]: Django's check reads a leading "^/" as a mistake (urls.W002)


urlpatterns: list[URLPattern] = [
    re_path(_route("v1/ping"), PingView.as_view(), name="mem0-ping"),
    re_path(_route("v3/memories/add"), AddView.as_view(), name="mem0-add"),
    re_path(_route("v3/memories/search"), SearchView.as_view(), name="mem0-search"),
    re_path(_route("v3/memories"), ListView.as_view(), name="mem0-list"),
    # mem0ai 1.x: search and get_all are v2 (add is POST v1/memories, below)
    re_path(_route("v2/memories/search"), SearchView.as_view(), name="mem0-search-v2"),
    re_path(_route("v2/memories"), ListView.as_view(), name="mem0-list-v2"),
    re_path(_route("v1/memories"), MemoriesView.as_view(), name="mem0-memories"),
    re_path(_route("v1/memories/(?P<memory_id>[^/]+)/history"), HistoryView.as_view(), name="mem0-history"),
    re_path(_route("v1/memories/(?P<memory_id>[^/]+)"), MemoryView.as_view(), name="mem0-memory"),
    re_path(_route("v1/batch"), BatchView.as_view(), name="mem0-batch"),
    re_path(_route("v1/feedback"), FeedbackView.as_view(), name="mem0-feedback"),
    re_path(_route("v1/entities"), EntitiesView.as_view(), name="mem0-entities"),
    re_path(_route("v[12]/entities/(?P<kind>[^/]+)/(?P<value>[^/]+)"), EntityView.as_view(), name="mem0-entity"),
    re_path(_route("api/v1/orgs/organizations/(?P<org>[^/]+)/projects/(?P<project>[^/]+)"), ProjectView.as_view(),
            name="mem0-project"),
    re_path(r"^(?P<rest>.*)$", UnsupportedView.as_view(), name="mem0-unsupported"),
]
