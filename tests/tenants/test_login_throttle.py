"""Sign-in throttling: five checked attempts per identity and address, then 15 minutes of refusal, whatever
the spelling of the name and however many attempts arrive at once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.contrib.auth.backends import ModelBackend
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import reverse

from tenants.models import LoginThrottle
from tenants.throttle import client_address

from .conftest import ALICE, BOB, PASSWORD, clock_moved

pytestmark = pytest.mark.django_db
LOCKED = "Too many failed sign-in attempts. Wait 15 minutes and try again."


@pytest.fixture
def checked(monkeypatch) -> list[str]:
    """The usernames whose password reached the authentication backend (the password hasher)."""
    calls: list[str] = []
    lock = threading.Lock()
    authenticate = ModelBackend.authenticate

    def counting(self, request, username=None, password=None, **kwargs):
        with lock:
            calls.append(username)
        return authenticate(self, request, username, password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    return calls


def sign_in(username: str, password: str, address: str = "203.0.113.7") -> str:
    response = Client(REMOTE_ADDR=address).post(reverse("dashboard:login"), {"username": username,
                                                                             "password": password})
    return "302" if response.status_code == 302 else response.content.decode()


def test_it_counts_full_width_and_case_look_alikes_against_the_same_identity(accounts, checked):
    variants = ["ａｌｉｃｅ@example.com", "ALICE@example.com", " Alice@Example.COM ",
                "ａｌｉｃｅ@ｅｘａｍｐｌｅ.ｃｏｍ", "alice@example.com"]
    for variant in variants:
        assert LOCKED not in sign_in(variant, "wrong")
    assert LOCKED in sign_in("ＡＬＩＣＥ@example.com", "wrong")
    assert LOCKED in sign_in(ALICE, PASSWORD)  # the right password too: the lockout is not a hint
    assert len(checked) == 5
    assert sign_in(BOB, PASSWORD) == "302"  # another identity from the same address is not locked


def test_it_counts_per_address(accounts):
    for _ in range(5):
        sign_in(ALICE, "wrong", address="203.0.113.7")
    assert LOCKED in sign_in(ALICE, PASSWORD, address="203.0.113.7")
    assert sign_in(ALICE, PASSWORD, address="198.51.100.9") == "302"  # the real Alice, elsewhere


def test_it_counts_an_ipv6_client_by_its_64_bit_prefix():
    def address(remote: str) -> str:
        return client_address(RequestFactory().get("/", REMOTE_ADDR=remote))

    assert address("2001:db8:1:2::1") == address("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address("2001:db8:1:3::1") != address("2001:db8:1:2::1")
    assert address("::ffff:203.0.113.7") == address("203.0.113.7") == "203.0.113.7"


def test_it_lets_a_success_clear_the_count(accounts, checked):
    for _ in range(4):
        sign_in(ALICE, "wrong")
    assert sign_in(ALICE, PASSWORD) == "302"
    for _ in range(5):
        assert LOCKED not in sign_in(ALICE, "wrong")
    assert LOCKED in sign_in(ALICE, PASSWORD)
    assert len(checked) == 10


def test_it_locks_out_for_15_minutes_after_the_last_checked_attempt(accounts, checked):
    for _ in range(5):
        sign_in(ALICE, "wrong")
    with clock_moved(timedelta(minutes=10)):
        assert "Wait 5 minutes" in sign_in(ALICE, PASSWORD)  # refused attempts do not extend the lockout
    with clock_moved(timedelta(minutes=14, seconds=30)):
        assert "Wait 1 minute and" in sign_in(ALICE, PASSWORD)
    with clock_moved(timedelta(minutes=15, seconds=1)):
        assert sign_in(ALICE, PASSWORD) == "302"
        assert not LoginThrottle.objects.exists()  # the success cleared the count, and every ended window
    assert len(checked) == 6


def test_it_starts_a_new_window_when_the_old_one_ended(accounts):
    for _ in range(3):
        sign_in(ALICE, "wrong")
    with clock_moved(timedelta(minutes=16)):
        for _ in range(5):
            assert LOCKED not in sign_in(ALICE, "wrong")
        assert LOCKED in sign_in(ALICE, "wrong")


def test_it_stores_no_typed_name(accounts):
    sign_in("ａｌｉｃｅ@example.com", "wrong")
    row = LoginThrottle.objects.get()
    assert "alice" not in row.key and len(row.key) == 64 and row.attempts == 1


@pytest.mark.django_db(transaction=True)
def test_it_lets_at_most_5_of_30_simultaneous_attempts_reach_the_password_check(accounts, checked):
    start = threading.Barrier(30)
    answers: list[str] = []

    def attempt() -> None:
        try:
            start.wait()
            answers.append(sign_in(ALICE, "wrong"))
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 30
    assert len(checked) == 5
    assert sum(LOCKED in answer for answer in answers) == 25
    assert LOCKED in sign_in(ALICE, PASSWORD)
    assert len(checked) == 5
