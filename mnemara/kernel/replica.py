"""Reads on a streaming replica, opt-in (``MNEMARA_REPLICA_URL``), with read-your-writes.

Searches, context blocks and lists (the API views that set ``replica_reads``) may read from the ``replica``
database; everything else, and every write, uses the primary (``default``). ``ReplicaRouter`` sends an ORM
read to the alias the request's view chose (``reads_begin``); raw SQL on the read path asks ``read_alias()``.

Read-your-writes: every successful API write answers with ``Mnemara-Write-Lsn`` — the primary's WAL
position after the write committed. A later read that sends it back as ``Mnemara-Min-Lsn`` (the Python
client does), or that comes from the same API key to the same process within ``REPLICA_PIN_SECONDS``, is
served by the replica only once the replica has replayed that position; until then by the primary. A
replica that cannot be reached is skipped for ``REPLICA_RETRY_SECONDS``. Writes of other clients show on
the replica after its replay lag (see docs/scaling.md).
"""

from __future__ import annotations

import contextvars
import logging
import re
import threading
import time
from collections import OrderedDict
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

logger = logging.getLogger(__name__)

REPLICA = "replica"
WRITE_LSN_HEADER = "Mnemara-Write-Lsn"
MIN_LSN_HEADER = "Mnemara-Min-Lsn"
LSN = re.compile(r"^[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}$")
_PINS_MAX = 10_000

_down_until = 0.0  # time.monotonic() before which the replica is not tried again (it failed)
_reads: contextvars.ContextVar[str | None] = contextvars.ContextVar("mnemara_read_alias", default=None)


def configured() -> bool:
    return REPLICA in settings.DATABASES


def read_alias() -> str:
    """The database this request's reads go to: the alias ``reads_begin`` set for this context."""
    return _reads.get() or DEFAULT_DB_ALIAS


def reads_begin(alias: str) -> contextvars.Token[str | None]:
    """Send this context's reads to ``alias`` until ``reads_end`` (a view's initial/finalize_response)."""
    return _reads.set(alias)


def reads_end(token: contextvars.Token[str | None]) -> None:
    _reads.reset(token)


def lsn_value(lsn: str) -> int:
    high, low = lsn.split("/")
    return (int(high, 16) << 32) | int(low, 16)


class _Pins:
    """The last write position per API key in this process (bounded; the oldest are forgotten)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pins: OrderedDict[str, tuple[str, float]] = OrderedDict()

    def set(self, who: str, lsn: str) -> None:
        with self._lock:
            self._pins[who] = (lsn, time.monotonic())
            self._pins.move_to_end(who)
            while len(self._pins) > _PINS_MAX:
                self._pins.popitem(last=False)

    def get(self, who: str) -> str | None:
        with self._lock:
            pin = self._pins.get(who)
        if pin is None or time.monotonic() - pin[1] > settings.REPLICA_PIN_SECONDS:
            return None
        return pin[0]

    def clear(self) -> None:
        with self._lock:
            self._pins.clear()


PINS = _Pins()


def write_position(who: str) -> str | None:
    """After a committed write: the primary's WAL position, remembered for ``who`` (None without a replica)."""
    if not configured():
        return None
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()::text")
        lsn = str(cursor.fetchone()[0])
    PINS.set(who, lsn)
    return lsn


def _replayed(lsn: str) -> bool:
    with connections[REPLICA].cursor() as cursor:
        cursor.execute("SELECT coalesce(pg_last_wal_replay_lsn() >= %s::pg_lsn, false)", [lsn])
        return bool(cursor.fetchone()[0])


def alias_for_read(who: str, min_lsn: str | None) -> str:
    """The replica if it is configured, reachable and has replayed what this reader must see; else the primary."""
    if not configured():
        return DEFAULT_DB_ALIAS
    global _down_until
    if time.monotonic() < _down_until:
        return DEFAULT_DB_ALIAS
    wanted = [lsn for lsn in (min_lsn, PINS.get(who)) if lsn and LSN.match(lsn)]
    standby = connections[REPLICA]
    try:
        standby.close_if_health_check_failed()  # once per request, as Django checks any connection it reuses
        standby.ensure_connection()
        if wanted and not _replayed(max(wanted, key=lsn_value)):
            return DEFAULT_DB_ALIAS
    except DatabaseError as exc:
        logger.warning("the read replica is unavailable, reading from the primary for %.0f s: %s",
                       settings.REPLICA_RETRY_SECONDS, exc)
        standby.close()
        _down_until = time.monotonic() + settings.REPLICA_RETRY_SECONDS
        return DEFAULT_DB_ALIAS
    return REPLICA


class ReplicaRouter:
    """ORM reads go where ``reads_begin`` said (replica or primary); writes and migrations to the primary."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        return _reads.get()

    def db_for_write(self, model: type[Any], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS
