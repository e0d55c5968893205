"""Django's PostgreSQL backend on the embedded server (``ENGINE: "server.runtime.db"``).

The first connection a process opens starts the embedded server in the DATABASES entry's ``PGDATA``, or
attaches to the one already running there, and connects through its socket as its superuser. Nothing
happens before that: loading settings, or a command that never queries (``mcp_server``, ``chat``),
starts no server. Every connection goes through ``get_connection_params``, including the ``postgres``
maintenance one the test runner opens to create the test database.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.db.backends.postgresql.base import DatabaseWrapper as PostgresDatabaseWrapper
from django.db.backends.postgresql.client import DatabaseClient as PostgresDatabaseClient

from server.runtime.db import embedded

_start_lock = threading.Lock()
_started: dict[Path, dict[str, str]] = {}


def embedded_server(settings_dict: dict[str, Any]) -> dict[str, str]:
    """HOST, PORT and USER of the embedded server, started or attached to once per process."""
    pgdata = Path(settings_dict.get("PGDATA") or embedded.default_pgdata())
    with _start_lock:
        if pgdata not in _started:
            server = embedded.start(pgdata)
            _started[pgdata] = {key: server[key] for key in ("HOST", "PORT", "USER")}
        return _started[pgdata]


class DatabaseClient(PostgresDatabaseClient):
    """``manage.py dbshell``: psql on the embedded server (it opens no Django connection first)."""

    @classmethod
    def settings_to_cmd_args_env(
        cls, settings_dict: dict[str, Any], parameters: Iterable[str]
    ) -> tuple[list[str], dict[str, str] | None]:
        return super().settings_to_cmd_args_env({**settings_dict, **embedded_server(settings_dict)}, parameters)


class DatabaseWrapper(PostgresDatabaseWrapper):
    client_class = DatabaseClient

    def get_connection_params(self) -> dict[str, Any]:
        server = embedded_server(self.settings_dict)
        return {**super().get_connection_params(), "host": server["HOST"], "port": server["PORT"],
                "user": server["USER"]}
