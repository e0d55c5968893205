"""The schema is the contract: every answer an API test receives is checked against ``/api/schema/``.

``ContractClient`` is DRF's test client that validates each response of an operation the schema describes
(openapi-core: the status must be documented for that operation, the body must match its schema, the
headers theirs). The API tests get it through ``tests.conftest.keyed_client``, so every test that talks
to the API holds the server to the schema as a side effect.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from openapi_core import OpenAPI
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound, ServerNotFound
from openapi_core.testing import MockRequest, MockResponse
from rest_framework.test import APIClient

#: Answers the schema does not describe on purpose: files (the export download) and the docs UI.
UNCHECKED_CONTENT_TYPES = ("application/gzip", "text/html")


@functools.cache
def served_schema() -> dict[str, Any]:
    """The schema as ``/api/schema/`` serves it (same generator, same hooks), as plain JSON."""
    from drf_spectacular.generators import SchemaGenerator

    return json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))


@functools.cache
def _openapi() -> OpenAPI:
    return OpenAPI.from_dict(served_schema())


def _template(request: Any) -> str | None:
    """The schema path of the route that answered (``memories/<uuid:memory_id>`` → ``…/{memory_id}``), so a
    PATCH to ``memories/merge`` is matched to that path, not to ``memories/{memory_id}``."""
    match = request.resolver_match
    if match is None:
        return None
    route = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", match.route)
    route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", route)
    return "/" + route.replace("^", "").replace("$", "")


def check_response(response: Any) -> None:
    """Raise if ``response`` (a Django test response) breaks the schema of the operation it answers."""
    request = response.wsgi_request
    if not (request.path.startswith("/api/v1/") or request.path == "/healthz"):
        return
    content_type = response.get("Content-Type", "application/json").split(";")[0]
    if content_type in UNCHECKED_CONTENT_TYPES or getattr(response, "streaming", False):
        return
    template = _template(request)
    if request.method.lower() not in served_schema()["paths"].get(template, {}):
        return  # not an operation of the schema: an unknown path, a method the path lacks (405)
    openapi_request = MockRequest("http://testserver", request.method, request.path, path_pattern=template,
                                  args=request.GET.dict(),
                                  headers=dict(request.headers), content_type=request.content_type or "")
    openapi_response = MockResponse(response.content, status_code=response.status_code,
                                    headers=dict(response.headers), content_type=content_type)
    try:
        _openapi().validate_response(openapi_request, openapi_response)
    except (PathNotFound, OperationNotFound, ServerNotFound):
        return  # not an operation of the schema: an unknown path, a method the path lacks (405)
    except Exception as exc:
        errors = getattr(exc.__cause__, "schema_errors", None) or getattr(exc, "schema_errors", None) or []
        details = "; ".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors)
        raise AssertionError(f"{request.method} {request.get_full_path()} answered {response.status_code}, "
                             f"which breaks the schema: {exc!r} {details}\n{response.content[:1000]!r}") from exc


class ContractClient(APIClient):
    def request(self, **request: Any) -> Any:
        response = super().request(**request)
        check_response(response)
        return response
