"""Collected only by tests/cluster/test_external_postgres.py (its name does not start with ``test_``): the
part of the suite it runs really is on the external server."""

from __future__ import annotations

import os

import pytest
from django.db import connection


@pytest.mark.django_db
def test_it_runs_on_the_external_server_not_the_embedded_one() -> None:
    expected = os.environ.get("MNEMARA_EXPECT_EXTERNAL_PORT")
    if not expected:
        pytest.skip("run by tests/cluster/test_external_postgres.py only")
    assert connection.vendor == "postgresql"
    assert connection.settings_dict["ENGINE"] == "django.db.backends.postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT inet_server_port(), current_database(), extversion FROM pg_extension "
                       "WHERE extname = 'vector'")
        port, database, pgvector = cursor.fetchone()
    assert str(port) == expected and database == "test_external" and pgvector
