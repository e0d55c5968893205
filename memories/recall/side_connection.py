"""A second database connection per process, on the ``side`` thread of ``mnemara.kernel.threads``: the
full-text query of a search runs there while the request's thread runs the vector scan (two cores, two
PostgreSQL backends), and the chores (access counts, the index sweep) write and read there off the
request's path. Without started threads the work runs at once on the caller's connection."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

from django.db import close_old_connections

from mnemara.kernel.threads import THREADS

_T = TypeVar("_T")


def on_side_connection(fn: Callable[[], _T]) -> Future[_T]:
    if not THREADS.running:
        return THREADS.submit("side", fn)
    context = contextvars.copy_context()  # the active tenant travels with the work

    def run() -> _T:
        close_old_connections()  # this thread's connection obeys CONN_MAX_AGE / health checks too
        return context.run(fn)

    return THREADS.submit("side", run)
