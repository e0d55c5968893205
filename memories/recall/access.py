"""Access counts: how often search returned a memory, and when it last did (``MemoryAccess``); and how many
searches each API key made per day (``KeySearchDay``, the agent page's count: ``searches_counted``).

Searches outside a transaction add their hits to ``ACCESS_COUNTS``; one upsert per
``ACCESS_FLUSH_SECONDS`` (a setting: a second unless set) writes them all, on the side connection, off the
response's critical path (a chore of the process's threads: ``memories/recall/upkeep.py``). A process without
started threads writes them when it exits.
"""

from __future__ import annotations

import atexit
import logging
import threading
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime

from django.db import IntegrityError, connection, transaction

from memories.recall import sql

logger = logging.getLogger(__name__)


def access_add(counts: Mapping[uuid.UUID, tuple[int, datetime]]) -> int:
    """Add ``n`` accesses at ``at`` to each memory, in one statement on this thread's connection.
    Memories deleted meanwhile are skipped. The commit does not wait for the WAL flush: a lost access
    count is cheaper than a slower search. Returns the rows written."""
    if not counts:
        return 0
    try:
        with transaction.atomic():
            return sql.access_upsert(counts)
    except IntegrityError:  # a memory deleted between the join and the foreign-key check
        return 0


class AccessCounts:
    """Access tracking off the search path: searches outside a transaction add their hits here, and one
    upsert per ``ACCESS_FLUSH_SECONDS`` writes them all (``flush``, a chore). Counts of the last
    second die with the process on a crash (on a clean exit they are written)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: dict[uuid.UUID, tuple[int, datetime]] = {}
        self._exit_hook = False

    def add(self, ids: Sequence[uuid.UUID], at: datetime) -> None:
        with self._lock:
            for pk in ids:
                self._pending[pk] = (self._pending.get(pk, (0, at))[0] + 1, at)
            if not self._exit_hook:  # registered on first use, not at import
                atexit.register(self._flush_at_exit)
                self._exit_hook = True

    def discard(self) -> None:
        """Forget what is pending (tests: counts of a test must not be written during the next one)."""
        with self._lock:
            self._pending = {}

    def _flush_at_exit(self) -> None:
        try:
            self.flush()
        except Exception:  # the database may already be gone; these are only access counts
            logger.warning("access counts not written at exit", exc_info=True)

    def flush(self) -> int:
        """Write what is pending (one statement). Returns the rows written."""
        with self._lock:
            pending, self._pending = self._pending, {}
        if not pending:
            return 0
        return access_add(pending)


ACCESS_COUNTS = AccessCounts()


def memories_accessed(ids: Sequence[uuid.UUID], at: datetime) -> None:
    """Count one access of each memory: at once inside a transaction (the caller's transaction must see,
    and may roll back, the count), otherwise off the response's critical path, within ACCESS_FLUSH_SECONDS."""
    if connection.in_atomic_block:
        access_add(dict.fromkeys(ids, (1, at)))
    else:
        ACCESS_COUNTS.add(ids, at)


def search_counts_add(counts: Mapping[sql.SearchKey, tuple[int, datetime]]) -> int:
    if not counts:
        return 0
    try:
        with transaction.atomic():
            return sql.search_count_upsert(counts)
    except IntegrityError:  # a tenant deleted between the join and the foreign-key check
        return 0


class SearchCounts:
    """Searches per (tenant, key, day), pending until the same periodic flush as ``ACCESS_COUNTS``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: dict[sql.SearchKey, tuple[int, datetime]] = {}
        self._exit_hook = False

    def add(self, key: sql.SearchKey, at: datetime) -> None:
        with self._lock:
            self._pending[key] = (self._pending.get(key, (0, at))[0] + 1, at)
            if not self._exit_hook:
                atexit.register(self._flush_at_exit)
                self._exit_hook = True

    def discard(self) -> None:
        with self._lock:
            self._pending = {}

    def _flush_at_exit(self) -> None:
        try:
            self.flush()
        except Exception:
            logger.warning("search counts not written at exit", exc_info=True)

    def flush(self) -> int:
        with self._lock:
            pending, self._pending = self._pending, {}
        return search_counts_add(pending)


SEARCH_COUNTS = SearchCounts()


def searches_counted(tenant_id: uuid.UUID, actor: str, at: datetime) -> None:
    """Count one search by ``actor`` (an API key) in its tenant: at once inside a transaction, otherwise off
    the response's critical path (``SEARCH_COUNTS``, flushed with the access counts)."""
    key = (tenant_id, actor, at.date())
    if connection.in_atomic_block:
        search_counts_add({key: (1, at)})
    else:
        SEARCH_COUNTS.add(key, at)
