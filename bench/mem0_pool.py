"""A minimal ``psycopg_pool.ConnectionPool`` for ``bench/locomo_mem0.py`` when the package is not installed.

mem0's pgvector store imports ``psycopg_pool.ConnectionPool`` (psycopg 3) at import time and then uses only
``ConnectionPool(conninfo, min_size, max_size, open)``, ``open(wait)``, ``connection()`` (a context manager
that commits on success, rolls back on error and returns the connection) and ``close()``. This is that much,
over plain psycopg connections, for one benchmark process: not a general pool.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg


class ConnectionPool:
    def __init__(self, conninfo: str = "", min_size: int = 1, max_size: int = 5, open: bool = True,
                 kwargs: dict[str, Any] | None = None, **_: Any) -> None:
        self.conninfo, self.max_size, self.kwargs = conninfo, max(1, max_size), kwargs or {}
        self._idle: queue.LifoQueue[psycopg.Connection[Any]] = queue.LifoQueue()
        self._made = 0
        self._lock = threading.Lock()
        self._closed = not open

    def open(self, wait: bool = False, timeout: float = 30.0) -> None:
        self._closed = False

    def _get(self) -> psycopg.Connection[Any]:
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            if self._made < self.max_size:
                self._made += 1
                return psycopg.connect(self.conninfo, **self.kwargs)
        return self._idle.get(timeout=30)

    @contextmanager
    def connection(self, timeout: float | None = None) -> Iterator[psycopg.Connection[Any]]:
        if self._closed:
            raise RuntimeError("the pool is closed")
        conn = self._get()
        try:  # psycopg_pool's contract: commit what is left open on success, roll back on an error
            yield conn
            if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                conn.commit()
        except BaseException:
            if not conn.closed:
                conn.rollback()
            raise
        finally:
            if conn.closed:
                with self._lock:
                    self._made -= 1
            else:
                self._idle.put(conn)

    def close(self, timeout: float = 5.0) -> None:
        self._closed = True
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return
