"""A PostgreSQL server started apart from the embedded one and reached only through ``DATABASE_URL``, and a
streaming replica of it (tests/pgcluster.py), shared by this package's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests import pgcluster


@pytest.fixture(scope="package")
def external() -> Iterator[pgcluster.Server]:
    with pgcluster.primary() as server:
        yield server
