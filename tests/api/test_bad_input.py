"""Inputs that once answered 500 answer 4xx in the error format: non-ASCII digits as integers, NUL bytes
in ids and query strings (API and dashboard), subject ids with a slash, session ids of another scope."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tenants.scoping import tenant_scope
from tests.api.conftest import API, assert_error, create
from tests.conftest import keyed_client
from tests.extraction.conftest import post_messages

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("limit", ["²", "①", "٣", "-1", "0", "201", "1e3", " 5", "5 ", "+5", "5.0"])
@pytest.mark.parametrize("path", ["exports", "sessions/s-1", "memories", "keys?scope=user/1",
                                  "namespaces?scope=user/1"])
def test_it_refuses_a_limit_that_is_not_an_ascii_integer_in_range(alice, path, limit) -> None:
    post_messages(alice, "s-1", "user/1", "hello")
    url, _, query = path.partition("?")
    params = dict(p.split("=") for p in query.split("&") if p) | {"limit": limit}
    assert_error(alice.client.get(f"{API}/{url}", params), 400, "validation_error")


@pytest.mark.parametrize(("method", "path"), [
    ("get", "subjects/a%00b/export"), ("delete", "subjects/a%00b"), ("get", "sessions/s%00x"),
    ("post", "sessions/s%00x/close"), ("post", "sessions/s%00x/messages"), ("get", "memories?q=a%00b"),
    ("get", "memories?scope=user%2F1%00"), ("get", "exports?cursor=%00"),
])
def test_it_refuses_a_nul_byte_in_the_url_with_a_400(alice, method, path) -> None:
    response = getattr(alice.client, method)(f"{API}/{path}", {} if method == "post" else None, format="json") \
        if method == "post" else getattr(alice.client, method)(f"{API}/{path}")
    assert_error(response, 400, "invalid_characters")


@pytest.mark.parametrize("url", ["/people/?q=a%00b", "/audit/?action=a%00", "/audit/?actor=%00",
                                 "/audit/?target_type=x%00", "/audit/?target_id=%00", "/memories/?q=%00"])
def test_it_answers_the_dashboard_400_page_for_a_nul_byte(admin_client, url) -> None:
    response = admin_client.get(url)
    assert response.status_code == 400
    assert b"<html" in response.content.lower()


@pytest.mark.parametrize("external_id", ["team/alpha", "a/b/c", "ends/export", "x y", "名字/二", "%2F"])
def test_it_exports_and_erases_a_subject_whose_id_holds_a_slash(alice, fake_embedder, external_id) -> None:
    created = create(alice, scope="team/x", content=f"About {external_id}", subject=external_id)
    encoded = quote(external_id, safe="")
    exported = alice.client.get(f"{API}/subjects/{encoded}/export")
    assert exported.status_code == 200, exported.content[:500]
    assert [m["id"] for m in exported.json()["memories"]] == [created["id"]]
    # Unencoded slashes reach it too ("%" itself must be encoded, as in any URL).
    raw = alice.client.delete(f"{API}/subjects/{external_id if '%' not in external_id else encoded}")
    assert raw.status_code == 200, raw.content[:500]
    assert raw.json()["counts"]["memories"] == 1
    assert_error(alice.client.get(f"{API}/subjects/{encoded}/export"), 404)


def test_it_keeps_session_ids_per_scope_and_tells_nothing_of_other_scopes(alice, fake_embedder) -> None:
    one = keyed_client(alice.tenant, scope_prefixes=["user/1"])
    two = keyed_client(alice.tenant, scope_prefixes=["user/2"])
    post_messages(one, "shared-id", "user/1", "hello from one")
    # The same id in another scope is another session: no 409 telling that the id exists elsewhere.
    post_messages(two, "shared-id", "user/2", "hello from two")
    seen_by_one = one.client.get(f"{API}/sessions/shared-id").json()
    seen_by_two = two.client.get(f"{API}/sessions/shared-id").json()
    assert (seen_by_one["scope"], seen_by_two["scope"]) == ("user/1", "user/2")
    assert [t["content"] for t in seen_by_two["turns"]] == ["hello from two"]
    # A key that sees both must say which (409: only sessions this key sees); outside a key's reach a session is
    # a 404, never a 409.
    assert_error(alice.client.get(f"{API}/sessions/shared-id"), 409, "session_ambiguous")
    assert alice.client.get(f"{API}/sessions/shared-id", {"scope": "user/2"}).json()["scope"] == "user/2"
    post_messages(one, "only-in-one", "user/1", "x")
    assert_error(two.client.get(f"{API}/sessions/only-in-one"), 404)
    assert_error(two.client.post(f"{API}/sessions/only-in-one/close"), 404)
    with tenant_scope(alice.tenant):
        from memories.models import Session

        assert Session.objects.filter(session_key="shared-id").count() == 2
