"""Requests are logged by URL pattern: no subject id (or any other raw path) reaches a log line, neither from
our request log nor from Django's own "Not Found: /path" warnings."""

from __future__ import annotations

import logging

import pytest
from django.urls import resolve

from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db
SUBJECT = "jane.doe-1985"


def test_it_logs_the_route_and_never_the_subject_id(alice: KeyedClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    alice.client.post("/api/v1/memories", {"scope": f"user/{SUBJECT}", "subject": SUBJECT,
                                            "content": "Jane prefers tea."}, format="json")
    assert alice.client.get(f"/api/v1/subjects/{SUBJECT}/export").status_code == 200
    assert alice.client.delete(f"/api/v1/subjects/{SUBJECT}").status_code == 200
    assert alice.client.get(f"/api/v1/subjects/{SUBJECT}").status_code in (404, 405)
    assert alice.client.get(f"/api/v1/nothing-here/{SUBJECT}").status_code == 404
    lines = [record.getMessage() for record in caplog.records]
    assert not [line for line in lines if SUBJECT in line], lines
    request_lines = [r.getMessage() for r in caplog.records if r.name == "mnemara.request"]
    pattern = "/" + resolve(f"/api/v1/subjects/{SUBJECT}/export").route  # the URL pattern, whatever its syntax
    assert any(f" api-subject-export {pattern} 200 " in line for line in request_lines), request_lines
    assert any(" - <unmatched> 404 " in line for line in request_lines)
    assert any(r.name == "django.request" and "<unmatched>" in r.getMessage() for r in caplog.records)


def test_it_does_not_log_the_probes(caplog: pytest.LogCaptureFixture) -> None:
    from django.test import Client

    caplog.set_level(logging.INFO)
    for path in ("/healthz", "/readyz"):
        Client().get(path)
    assert [r.getMessage() for r in caplog.records if r.name in ("mnemara.request", "django.request")] == []


def test_it_does_not_log_a_warm_up_request(caplog: pytest.LogCaptureFixture) -> None:
    from django.test import Client

    from mnemara.kernel.requestlog import WARM_UP

    caplog.set_level(logging.INFO)
    assert Client().get("/api/v1/warm-up", **{WARM_UP: True}).status_code == 404
    assert [r.getMessage() for r in caplog.records if r.name in ("mnemara.request", "django.request")] == []
    Client().get("/api/v1/warm-up")
    assert sorted(r.name for r in caplog.records if r.name in ("mnemara.request", "django.request")) == [
        "django.request", "mnemara.request"]  # the same request from a client: both lines
