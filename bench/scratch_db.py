"""A throwaway database on the configured server for benchmarks that must not touch the dev data.

    with scratch_database("bench_x"):
        ...  # Django is set up against bench_x; it is dropped afterwards
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def scratch_database(name: str) -> Iterator[None]:
    import psycopg

    os.environ["MNEMARA_DB_NAME"] = name  # read by server/settings.py
    import django
    from django.db import connection

    # Starts the embedded server (server.runtime.db) if that is the database.
    params = connection.get_connection_params()
    admin = {key: params[key] for key in ("host", "port", "user", "password") if key in params}
    admin |= {"dbname": "postgres", "autocommit": True}
    with psycopg.connect(**admin) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        django.setup()
        yield
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(**admin) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # also ends idle side connections
