"""`make run`'s demo tenant: a restart keeps its login and its API key (a signed-in browser stays signed in);
`make demo-reset` makes new ones and the old ones stop working."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from memories.management.commands.demo_data import DEMO_EMAIL

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def demo(tmp_path: Path, *extra: str) -> tuple[str, str]:
    """Run the command as `make run` does; answer the (password, API key) its banner shows."""
    banner = tmp_path / "banner.txt"
    call_command("demo_data", "--banner", str(banner), "--state", str(tmp_path / "login.json"), *extra)
    text = banner.read_text(encoding="utf-8")
    password = re.search(rf"Login:\s+{re.escape(DEMO_EMAIL)} / (\S+)", text)
    key = re.search(r"API key:\s+(\S+)", text)
    assert password and key, text
    return password.group(1), key.group(1)


def key_works(secret: str) -> bool:
    return Client().get("/api/v1/memories", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 200


def test_a_restart_keeps_the_login_the_key_and_the_session(tmp_path, fake_embedder):
    password, key = demo(tmp_path)
    browser = Client()
    assert browser.login(username=DEMO_EMAIL, password=password) and key_works(key)
    assert browser.get("/").status_code == 200
    assert demo(tmp_path) == (password, key)
    assert browser.get("/").status_code == 200  # still signed in
    assert Client().login(username=DEMO_EMAIL, password=password) and key_works(key)
    state = tmp_path / "login.json"
    assert json.loads(state.read_text())["api_key"] == key and state.stat().st_mode & 0o077 == 0


def test_demo_reset_makes_a_new_login_and_key(tmp_path, fake_embedder):
    password, key = demo(tmp_path)
    new_password, new_key = demo(tmp_path, "--reset")
    assert new_password != password and new_key != key
    assert not Client().login(username=DEMO_EMAIL, password=password) and not key_works(key)
    assert Client().login(username=DEMO_EMAIL, password=new_password) and key_works(new_key)


def test_a_password_the_person_chose_is_kept_across_restarts(tmp_path, fake_embedder):
    password, _ = demo(tmp_path)
    browser = Client()
    browser.login(username=DEMO_EMAIL, password=password)
    response = browser.post("/accounts/password/", {"old_password": password, "new_password1": "a chosen passphrase",
                                                    "new_password2": "a chosen passphrase"})
    assert response.status_code == 303
    banner = tmp_path / "banner.txt"
    call_command("demo_data", "--banner", str(banner), "--state", str(tmp_path / "login.json"))
    assert "the password you chose" in banner.read_text(encoding="utf-8")
    assert Client().login(username=DEMO_EMAIL, password="a chosen passphrase")
