"""Recall's periodic work, run by the process's threads (``mnemara.kernel.threads``) on the ``side`` thread
and its connection once a server or the worker starts them: access counts, and the searches per key with
them, written every ``ACCESS_FLUSH_SECONDS`` (a second unless set), cached scopes that lost memories dropped
every ``SEARCH_INDEX_SWEEP_SECONDS``."""

from __future__ import annotations

from django.conf import settings
from django.db import close_old_connections

from memories.recall.access import ACCESS_COUNTS, SEARCH_COUNTS
from memories.recall.index.cache import CACHE
from mnemara.kernel.threads import Periodic


def _flush_access_counts() -> None:
    close_old_connections()
    ACCESS_COUNTS.flush()
    SEARCH_COUNTS.flush()


def _sweep_index() -> None:
    close_old_connections()
    CACHE.sweep()


def periodic_jobs() -> list[Periodic]:
    return [Periodic("access-counts", settings.ACCESS_FLUSH_SECONDS, _flush_access_counts),
            Periodic("index-sweep", settings.SEARCH_INDEX_SWEEP_SECONDS, _sweep_index)]
