"""Over TLS (directly, or behind a proxy that says so), every cookie is Secure and answers carry HSTS; over
plain HTTP neither (a browser would refuse a Secure cookie on http://127.0.0.1, and HSTS there is meaningless)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_cookies_are_secure_and_hsts_is_sent_over_tls() -> None:
    answer = Client().get("/accounts/login/", secure=True)
    assert answer.status_code == 200
    assert answer.cookies["csrftoken"]["secure"] is True
    assert answer["Strict-Transport-Security"].startswith("max-age=31536000")


def test_plain_http_gets_neither() -> None:
    answer = Client().get("/accounts/login/")
    assert not answer.cookies["csrftoken"]["secure"]
    assert "Strict-Transport-Security" not in answer


def test_a_trusted_proxy_header_counts_as_tls(settings) -> None:
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    answer = Client().get("/accounts/login/", HTTP_X_FORWARDED_PROTO="https")
    assert answer.cookies["csrftoken"]["secure"] is True and "Strict-Transport-Security" in answer
    assert not Client().get("/accounts/login/", HTTP_X_FORWARDED_PROTO="http").cookies["csrftoken"]["secure"]
