"""A second database connection per process, on its own thread: the full-text query of a search runs
there while the request's thread runs the vector scan (two cores, two PostgreSQL backends), and the
access counts are written there off the request's path."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from django.db import close_old_connections, connections

# One extra thread (and so one extra database connection) per process runs the full-text query while
# the request's thread runs the vector scan: two cores, two PostgreSQL backends, about half the time.
_SIDE_QUERIES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mnemara-search")


_T = TypeVar("_T")


def on_side_connection(fn: Callable[[], _T]) -> Future[_T]:
    context = contextvars.copy_context()  # the active tenant travels with the work

    def run() -> _T:
        close_old_connections()  # this thread's connection obeys CONN_MAX_AGE / health checks too
        return context.run(fn)

    return _SIDE_QUERIES.submit(run)


def close() -> None:
    """Close the side thread's database connections (before a database is dropped: tests, benchmarks)."""
    _SIDE_QUERIES.submit(connections.close_all).result()
