"""A refusal is an answer, not a fault: a 403 is one log line, without a traceback (a dashboard member without
the role, a read-only key that writes, a member whose team is not this one)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse

from tests.conftest import keyed_client

pytestmark = pytest.mark.django_db


def formatted(record: logging.LogRecord) -> str:
    """The record as the server's log handler writes it."""
    config: dict[str, Any] = settings.LOGGING
    return logging.Formatter(config["formatters"]["plain"]["format"]).format(record)


def test_a_refused_request_is_one_log_line_without_a_traceback(viewer_client, alice_tenant, caplog) -> None:
    caplog.set_level(logging.INFO)
    assert viewer_client.get(reverse("dashboard:api-keys")).status_code == 403
    assert viewer_client.post(reverse("dashboard:api-keys"), {"name": "x"}).status_code == 403
    reader = keyed_client(alice_tenant, name="reader", read_only=True)
    assert reader.client.post("/api/v1/memories", {"scope": "user/1", "content": "x"},
                              format="json").status_code == 403

    refusals = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert refusals, [r.getMessage() for r in caplog.records]
    for record in refusals:
        assert record.exc_info is None, formatted(record)
        assert "\n" not in formatted(record), formatted(record)
    assert any(r.name == "django.request" and "Forbidden" in r.getMessage() for r in refusals)
