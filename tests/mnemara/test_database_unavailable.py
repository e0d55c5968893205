"""While the database is down (or restarting) the API answers 503 + Retry-After in the error format and the
dashboard a 503 page: never a 500. (The real outage is bench/faults.py: SIGKILL of the postmaster.)"""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import InterfaceError, OperationalError
from django.test import Client

from tests.api.conftest import assert_error
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("error", [OperationalError("server closed the connection unexpectedly"),
                                   InterfaceError("connection already closed")])
def test_it_answers_503_with_retry_after_in_the_api(alice: KeyedClient, error: Exception) -> None:
    with mock.patch("tenants.auth.ApiKeyAuthentication.authenticate", side_effect=error):
        response = alice.client.get("/api/v1/memories")
    assert_error(response, 503, "database_unavailable")
    assert response["Retry-After"] == "5"


def test_it_answers_503_when_a_view_loses_the_database(alice: KeyedClient) -> None:
    with mock.patch("memories.recall.search.memory_search", side_effect=OperationalError("terminating connection")):
        response = alice.client.post("/api/v1/memories/search", {"query": "coffee", "scope": "user/1"}, format="json")
    assert_error(response, 503, "database_unavailable")


def test_it_shows_a_503_page_on_the_dashboard() -> None:
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = "a" * 32  # the session is read from the database
    with mock.patch.object(SessionStore, "load", side_effect=OperationalError("the database system is starting up")):
        response = client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert b"503" in response.content and b"<html" in response.content


def test_other_errors_stay_500(alice: KeyedClient) -> None:
    with mock.patch("memories.recall.search.memory_search", side_effect=RuntimeError("bug")):
        response = alice.client.post("/api/v1/memories/search", {"query": "coffee", "scope": "user/1"}, format="json")
    assert_error(response, 500, "server_error")
