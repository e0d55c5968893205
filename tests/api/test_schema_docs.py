"""The schema served at /api/schema/ describes the API that runs: every operation documented for a user (not
with a docstring of the code), every error in the one error format, the headers, the pagination envelopes,
and the patterns that say exactly what the server accepts (held equal to the server's own checks here)."""

from __future__ import annotations

import re
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openapi_spec_validator import validate

from memories.write.text import normalise_content
from memories.write.validation import content_pattern, key_pattern, validate_key
from mnemara.kernel.errors import ValidationFailed
from tenants.paths import scope_pattern, validate_scope_path
from tests.contract import check_response, served_schema

pytestmark = pytest.mark.django_db

CONTRACT_PATHS = [
    "/api/v1/memories", "/api/v1/memories/{memory_id}", "/api/v1/memories/{memory_id}/deprecate",
    "/api/v1/memories/{memory_id}/restore", "/api/v1/memories/{memory_id}/history", "/api/v1/memories/merge",
    "/api/v1/memories/search", "/api/v1/context", "/api/v1/sessions/{session_id}/messages",
    "/api/v1/sessions/{session_id}", "/api/v1/sessions/{session_id}/close", "/api/v1/extract", "/api/v1/jobs/{job_id}",
    "/api/v1/review", "/api/v1/review/{item_id}/resolve", "/api/v1/feedback", "/api/v1/subjects/{external_id}/export",
    "/api/v1/subjects/{external_id}", "/api/v1/exports", "/api/v1/exports/{export_id}/download", "/healthz",
    "/readyz"]


def operations() -> list[tuple[str, str, dict]]:
    return [(method.upper(), path, operation) for path, item in served_schema()["paths"].items()
            for method, operation in item.items()]


def test_it_serves_the_api_docs_without_a_cdn(client) -> None:
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
    assert "script-src 'self'" in page["Content-Security-Policy"]


def test_it_serves_a_valid_openapi_31_schema_of_every_contract_path(client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    validate(schema)
    assert schema["openapi"].startswith("3.1")
    assert set(CONTRACT_PATHS) <= set(schema["paths"])
    assert schema["components"]["securitySchemes"]["ApiKey"]["scheme"] == "bearer"
    assert schema == served_schema()  # what the tests validate responses against is what is served


def test_it_documents_every_operation_for_its_users() -> None:
    ids = [operation["operationId"] for _, _, operation in operations()]
    assert len(ids) == len(set(ids)) == 45
    for method, path, operation in operations():
        assert operation.get("summary") and operation.get("tags"), (method, path)
        description = operation.get("description", "")
        assert len(description) > 40 and not description.startswith("Base "), (method, path, description)


def test_it_documents_the_errors_and_headers_every_operation_shares() -> None:
    for method, path, operation in operations():
        responses = operation["responses"]
        if path in ("/healthz", "/readyz"):
            assert set(responses) == {"200", "503"}
            continue
        assert {"400", "401", "429", "500", "503"} <= set(responses), (method, path)
        for status in ("429", "503"):
            assert "Retry-After" in responses[status]["headers"]
        for status, response in responses.items():
            assert "X-Request-ID" in response["headers"], (method, path, status)
            if status >= "400":
                schema = response["content"]["application/json"]["schema"]["$ref"]
                assert schema.rsplit("/", 1)[1] in ("Error", "ConflictError"), (method, path, status)
    conflict = served_schema()["components"]["schemas"]["ConflictError"]
    assert conflict["properties"]["current"]["$ref"].endswith("/Memory")


def test_it_describes_bodies_as_sent() -> None:
    paths, schemas = served_schema()["paths"], served_schema()["components"]["schemas"]

    def answer(path: str, method: str, status: str) -> str:
        return paths[path][method]["responses"][status]["content"]["application/json"]["schema"]["$ref"]

    pages = [("/api/v1/memories", "MemoryPage"), ("/api/v1/memories/{memory_id}/history", "MemoryVersionPage"),
             ("/api/v1/review", "ReviewPage"), ("/api/v1/exports", "ExportPage")]
    for path, page in pages:
        assert answer(path, "get", "200").endswith(f"/{page}")
        assert set(schemas[page]["required"]) == {"results", "next"}
    created = schemas[answer("/api/v1/memories", "post", "201").rsplit("/", 1)[1]]["oneOf"]
    assert created[0]["$ref"].endswith("/SavedMemory") and created[1]["type"] == "array"
    assert schemas["SavedMemory"]["properties"]["resolution"]["$ref"].endswith("/Resolution")
    sent = paths["/api/v1/memories"]["post"]["requestBody"]
    many = schemas[sent["content"]["application/json"]["schema"]["$ref"].rsplit("/")[-1]]["oneOf"][1]
    assert sent["required"] and (many["minItems"], many["maxItems"]) == (1, 500)
    assert answer("/api/v1/subjects/{external_id}", "delete", "200").endswith("/ErasureReceipt")
    assert schemas["ReviewItem"]["properties"]["other_memory"]["oneOf"][1] == {"type": "null"}
    assert schemas["Memory"]["properties"]["type"]["$ref"].endswith("/MemoryTypeEnum")
    assert schemas["NewMemoryRequest"]["properties"]["scope"]["maxLength"] == 255
    parameters = {p["name"]: p for p in paths["/api/v1/memories/{memory_id}"]["patch"]["parameters"]}
    assert "If-Match" in parameters and "ETag" in paths["/api/v1/memories/{memory_id}"]["get"]["responses"]["200"][
        "headers"]


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab_9.:@-/ \t\n中é²") | st.characters(), max_size=40))
def test_the_scope_pattern_accepts_exactly_what_the_server_does(path: str) -> None:
    try:
        validate_scope_path(path)
        accepted = True
    except ValidationFailed:
        accepted = False
    assert accepted == (bool(re.search(scope_pattern(), path)) and len(path) <= 255), path


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(" \t/\u200b\ufeff\x00\x07\x85\ue000\u3000aZ中.") | st.characters(
    exclude_categories=["Cs"]), max_size=8) | st.text(st.sampled_from("ab/"), min_size=250, max_size=260))
def test_the_key_pattern_accepts_exactly_what_the_server_does(key: str) -> None:
    try:
        validate_key(key)
        accepted = True
    except ValidationFailed:
        accepted = False
    assert accepted == (bool(re.fullmatch(key_pattern(), key)) and len(key) <= 255), repr(key)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(" \t\n\u200b\ufeff\x00\x07\ue000a中") | st.characters(exclude_categories=["Cs"]),
               max_size=6))
def test_the_content_pattern_matches_exactly_what_normalisation_keeps(content: str) -> None:
    """NUL aside (the API refuses it outright), content matches the pattern when something is left of it."""
    if "\x00" in content:
        assert not re.search(content_pattern(), content)
    else:
        assert bool(re.search(content_pattern(), content)) == bool(normalise_content(content)), repr(content)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(" \t\n\x85\xa0\ufeff\u200b\u3000\x1c/a_é中²\u0301→\x00") | st.characters(
    exclude_categories=["Cs"]), max_size=12))
def test_the_patterns_mean_the_same_to_python_and_to_the_schema_tools_engine(text: str) -> None:
    """JSON Schema tools (schemathesis, Rust's and JavaScript's validators) read ``pattern`` as ECMA-262, the
    server as Python: the patterns use no class whose meaning differs."""
    import jsonschema_rs

    from memories.api.schema import IF_MATCH_PATTERN, NOT_BLANK

    for pattern in (scope_pattern(), content_pattern(), NOT_BLANK, IF_MATCH_PATTERN):
        ecma = jsonschema_rs.validator_for({"type": "string", "pattern": pattern}).is_valid(text)
        assert ecma == bool(re.search(pattern, text)), (pattern[:40], text)
    # The key's pattern is applied whole (re.fullmatch): Python's "$" would also match before a final newline.
    ecma = jsonschema_rs.validator_for({"type": "string", "pattern": key_pattern()}).is_valid(text)
    assert ecma == bool(re.fullmatch(key_pattern(), text)), text


def test_the_contract_client_refuses_an_answer_the_schema_does_not_describe(alice) -> None:
    response = alice.client.get("/api/v1/memories")  # checked, and fine
    response.content = b'{"results": [{"id": 5}], "next": null}'
    with pytest.raises(AssertionError, match="breaks the schema"):
        check_response(response)
    response.content, response.status_code = b'{"results": [], "next": null}', 418
    with pytest.raises(AssertionError, match="breaks the schema"):
        check_response(response)


def sample_url(path: str) -> str:
    """A URL of ``path`` with a value for each parameter (an unknown id: the answers looked at come first)."""
    return re.sub(r"\{(\w+)\}", lambda m: "ada" if m.group(1) in ("external_id", "session_id") else str(uuid.uuid4()),
                  path)


def test_every_operation_needs_a_key_first(client) -> None:
    """Without a key, a 401 before anything else: even a URL no database could store (NUL) is not looked at."""
    for method, path, operation in operations():
        if path in ("/healthz", "/readyz"):
            continue
        response = client.generic(method, sample_url(path) + "?q=%00", content_type="application/json")
        assert response.status_code == 401, (method, path, response.status_code)
        assert response.json()["error"]["code"] == "unauthenticated"
        assert "401" in operation["responses"]


def test_every_path_answers_405_to_a_method_it_lacks_and_lists_its_own(alice) -> None:
    for path, item in served_schema()["paths"].items():
        declared = {method.upper() for method in item}
        for method in {"GET", "POST", "PUT", "PATCH", "DELETE"} - declared:
            if (method, path) == ("DELETE", "/api/v1/subjects/{external_id}/export"):
                continue  # the erasure of the person whose id ends in "/export" (docs/api.md §3)
            response = alice.client.generic(method, sample_url(path), content_type="application/json")
            assert response.status_code == 405, (method, path, response.status_code)
            assert set(response["Allow"].replace(" ", "").split(",")) - {"HEAD", "OPTIONS"} == declared, (path,)


def test_the_generator_warns_of_nothing() -> None:
    """drf-spectacular's warnings name schema mistakes, e.g. two serializers under one component name (a profile
    slot's ``history`` items were described as whole slots, so generated clients failed to read them)."""
    from drf_spectacular.drainage import GENERATOR_STATS
    from drf_spectacular.generators import SchemaGenerator

    GENERATOR_STATS.reset()
    SchemaGenerator().get_schema(request=None, public=True)
    assert not GENERATOR_STATS._warn_cache and not GENERATOR_STATS._error_cache, dict(GENERATOR_STATS._warn_cache)
