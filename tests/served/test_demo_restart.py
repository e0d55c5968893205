"""`make run` twice: the demo login, the browser signed in with it and the printed API key all survive the
restart; `make demo-reset` replaces them. The demo command runs as `make run` runs it (a process of its own,
``--banner`` and ``--state``), against the served stack. As in `make run`, the first demo command starts before the
service (the Makefile runs it first, with the address the service will have), so it runs while the stack boots."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from memories.management.commands.demo_data import DEMO_EMAIL
from tests.served.conftest import FAKE_EMBEDDER, ROOT, Served, ServedData, start_service
from tests.stack import free_port


@dataclass(frozen=True)
class FirstRun:
    """The service, the folder of the demo command's banner and state, and the (password, key) of its first run."""

    served: Served
    folder: Path
    login: tuple[str, str]


def start_demo(url: str, database: str, folder: Path, *extra: str) -> subprocess.Popen[bytes]:
    """The Makefile's demo step, started."""
    env = {**os.environ, "MNEMARA_DB_NAME": database, **FAKE_EMBEDDER}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return subprocess.Popen([sys.executable, "manage.py", "demo_data", "--base-url", url, "--banner",
                             str(folder / "demo-banner.txt"), "--state", str(folder / "demo-login.json"), *extra],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)


def demo_login(process: subprocess.Popen[bytes], folder: Path) -> tuple[str, str]:
    """Once the demo step ended (successfully): the (password, key) its banner shows."""
    output, _ = process.communicate(timeout=300)
    assert process.returncode == 0, output.decode(errors="replace")[-3000:]
    text = (folder / "demo-banner.txt").read_text(encoding="utf-8")
    password = re.search(rf"Login:\s+{re.escape(DEMO_EMAIL)} / (\S+)", text)
    key = re.search(r"API key:\s+(\S+)", text)
    assert password and key, text
    return password.group(1), key.group(1)


def make_run_demo(served: Served, folder: Path, *extra: str) -> tuple[str, str]:
    """The Makefile's demo step; answers the (password, key) its banner shows."""
    return demo_login(start_demo(served.url, served.data.database, folder, *extra), folder)


@pytest.fixture(scope="module")
def first_run(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirstRun]:
    """`make run`: the demo step (started first, with the service's address), then the service."""
    port = free_port()
    folder = tmp_path_factory.mktemp("demo-state")
    demo = start_demo(f"http://127.0.0.1:{port}", served_data.database, folder)
    try:
        # One web process: every request meets the same one, so a login or key one of them still took for
        # valid after the reset would be seen at once, not only by the requests that happen to reach it.
        with start_service(served_data, tmp_path_factory.mktemp("served-demo"), web_workers=1,
                           extra_env=FAKE_EMBEDDER, port=port) as service:
            yield FirstRun(service, folder, demo_login(demo, folder))
    finally:
        if demo.poll() is None:
            demo.kill()
            demo.wait()


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


def test_a_restart_keeps_the_demo_login_and_key_and_demo_reset_replaces_them(first_run: FirstRun) -> None:
    served, tmp_path = first_run.served, first_run.folder
    password, key = first_run.login
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
