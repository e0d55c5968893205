"""The embedded server (server/runtime/db): processes that start together — the supervisor's programs, a
parallel test run's workers — may all find the project's database missing and all try to create it. The
first makes it; the others find it made, and none of them fails (found by `make test`'s two workers)."""

from __future__ import annotations

import threading
import uuid

import psycopg
import pytest
from django.db import connection

from server.runtime.db import embedded
from server.runtime.db.base import embedded_server


@pytest.mark.django_db
def test_processes_that_start_together_all_get_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    if connection.vendor != "postgresql" or "PGDATA" not in connection.settings_dict:
        pytest.skip("an external PostgreSQL (DATABASE_URL): nothing embedded to start")
    server = embedded_server(connection.settings_dict)
    name = f"race_{uuid.uuid4().hex[:12]}"
    monkeypatch.setattr(embedded, "DATABASE_NAME", name)
    start = threading.Barrier(4)
    failures: list[BaseException] = []

    def attach() -> None:
        start.wait()
        try:
            embedded._ensure_database(server["HOST"], server["PORT"])
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            failures.append(exc)

    threads = [threading.Thread(target=attach) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    with psycopg.connect(host=server["HOST"], port=server["PORT"], user="postgres", dbname="postgres",
                         autocommit=True) as admin:
        try:
            assert failures == []
            assert admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
