"""``make run``'s supervisor (server/runtime/supervise.py) as it runs: what it prints until the service is
ready, how it brings the web back when uvicorn's master is killed, and that its own death takes its programs
with it."""

from __future__ import annotations

import contextlib
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import pytest

from tests.served.conftest import FAKE_EMBEDDER, Served, ServedData, start_services

RECOVERY_SECONDS = 120.0
READY_LINE = re.compile(r" INFO server\.runtime\.supervise ready: ")


@pytest.fixture(scope="module")
def stacks(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Served]]:
    """Two stacks, booting side by side: the one the module's tests share, and one that
    ``test_its_programs_die_with_it`` kills."""
    folders = [tmp_path_factory.mktemp("supervised"), tmp_path_factory.mktemp("killed")]
    with start_services(served_data, folders, extra_env=FAKE_EMBEDDER) as both:
        yield both


@pytest.fixture(scope="module")
def service(stacks: list[Served]) -> Served:
    return stacks[0]


def web_master(supervisor: int) -> psutil.Process:
    """uvicorn's master: the supervisor's child running ``server.runtime.serve``."""
    masters = [child for child in psutil.Process(supervisor).children()
               if "server.runtime.serve" in child.cmdline()]
    assert len(masters) == 1, masters
    return masters[0]


def living(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def ready_pid(url: str) -> int | None:
    """The pid of the web process that answered GET /readyz with "ready", else None."""
    try:
        answer = httpx.get(f"{url}/readyz", timeout=5)
    except httpx.TransportError:
        return None
    if answer.status_code != 200 or answer.json().get("status") != "ready":
        return None
    return int(answer.json()["pid"])


def wait_for_ready_line(log: Path) -> str:
    deadline = time.monotonic() + RECOVERY_SECONDS
    while not READY_LINE.search(text := log.read_text(errors="replace")):
        assert time.monotonic() < deadline, text[-4000:]
        time.sleep(0.25)
    return text


def test_it_prints_no_request_line_and_no_warning_before_it_is_ready(service: Served) -> None:
    """A newcomer's first screen: what started, then where the service is; nothing that reads as an error."""
    text = wait_for_ready_line(service.log)
    before = text[: READY_LINE.search(text).start()]  # type: ignore[union-attr]
    lines = before.splitlines()
    assert [line for line in lines if " mnemara.request " in line] == []
    assert [line for line in lines if re.search(r" (WARNING|ERROR|CRITICAL) ", line)] == []
    assert "Not Found" not in before and "Traceback" not in before
    assert any(" web started (pid " in line for line in lines), before


def test_it_brings_the_web_back_after_uvicorns_master_is_killed(service: Served) -> None:
    master = web_master(service.process.pid)
    workers = [child for child in master.children() if "spawn_main" in " ".join(child.cmdline())]
    assert len(workers) == 2, master.children()
    old = {master.pid, *(child.pid for child in master.children(recursive=True))}
    master.send_signal(signal.SIGKILL)

    deadline = time.monotonic() + RECOVERY_SECONDS
    while True:
        alive = [pid for pid in old if living(pid)]
        pid = ready_pid(service.url)
        if not alive and pid is not None and pid not in old:
            break
        assert time.monotonic() < deadline, (f"old web processes alive: {alive}; ready pid: {pid}\n"
                                             f"{service.log_tail()}")
        time.sleep(0.5)
    new_master = web_master(service.process.pid)
    assert new_master.pid not in old
    assert len([child for child in new_master.children() if "spawn_main" in " ".join(child.cmdline())]) == 2
    assert "Address already in use" not in service.log.read_text(errors="replace")


def test_its_programs_die_with_it(stacks: list[Served]) -> None:
    running = stacks[1]
    family = psutil.Process(running.process.pid).children(recursive=True)
    names = " ".join(" ".join(child.cmdline()) for child in family)
    assert "server.runtime.serve" in names and "run_worker" in names, names
    assert len(family) >= 4, names  # uvicorn's master and its two workers, the background worker
    running.process.send_signal(signal.SIGKILL)
    running.process.wait()
    try:
        _, alive = psutil.wait_procs(family, timeout=40)
        assert alive == [], [" ".join(p.cmdline()) for p in alive]
    finally:
        for child in family:
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()
