"""`make run` twice: the demo login, the browser signed in with it and the printed API key all survive the
restart; `make demo-reset` replaces them. The demo command runs as `make run` runs it (a process of its own,
``--banner`` and ``--state``), against the served stack."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from memories.management.commands.demo_data import DEMO_EMAIL
from tests.served.conftest import FAKE_EMBEDDER, ROOT, Served, ServedData, start_service


@pytest.fixture(scope="module")
def served(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with start_service(served_data, tmp_path_factory.mktemp("served-demo"), extra_env=FAKE_EMBEDDER) as service:
        yield service


def make_run_demo(served: Served, folder: Path, *extra: str) -> tuple[str, str]:
    """The Makefile's demo step; answers the (password, key) its banner shows."""
    banner = folder / "demo-banner.txt"
    env = {**os.environ, "MNEMARA_DB_NAME": served.data.database, **FAKE_EMBEDDER}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run([sys.executable, "manage.py", "demo_data", "--base-url", served.url, "--banner", str(banner),
                    "--state", str(folder / "demo-login.json"), *extra], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=300)
    text = banner.read_text(encoding="utf-8")
    password = re.search(rf"Login:\s+{re.escape(DEMO_EMAIL)} / (\S+)", text)
    key = re.search(r"API key:\s+(\S+)", text)
    assert password and key, text
    return password.group(1), key.group(1)


def signed_in_browser(url: str, password: str) -> httpx.Client:
    browser = httpx.Client(base_url=url, timeout=60)
    browser.get("/accounts/login/")
    answer = browser.post("/accounts/login/", data={"username": DEMO_EMAIL, "password": password,
                                                    "csrfmiddlewaretoken": browser.cookies["csrftoken"]})
    assert answer.status_code == 302 and answer.headers["location"] == "/", answer.text[:500]
    return browser


def key_works(url: str, key: str) -> bool:
    return httpx.get(f"{url}/api/v1/memories", headers={"Authorization": f"Bearer {key}"}, timeout=60).status_code \
        == 200


def test_a_restart_keeps_the_demo_login_and_key_and_demo_reset_replaces_them(served: Served, tmp_path: Path) -> None:
    password, key = make_run_demo(served, tmp_path)
    browser = signed_in_browser(served.url, password)
    assert browser.get("/").status_code == 200 and key_works(served.url, key)

    assert make_run_demo(served, tmp_path) == (password, key)  # the restart
    assert browser.get("/").status_code == 200  # still signed in
    assert key_works(served.url, key)
    signed_in_browser(served.url, password).close()

    new_password, new_key = make_run_demo(served, tmp_path, "--reset")
    assert (new_password, new_key) != (password, key)
    assert browser.get("/").status_code == 302  # signed out by the new password
    assert not key_works(served.url, key) and key_works(served.url, new_key)
    signed_in_browser(served.url, new_password).close()
    browser.close()
