"""``python -m server.runtime.pg status|stop|stop-orphan``: the embedded PostgreSQL in ``MNEMARA_PGDATA``, for
the Makefile and CI (the lifecycle is explained in server/runtime/db/embedded.py). Imports no Django."""

from __future__ import annotations

import sys

from server.runtime.db.embedded import default_pgdata, postmaster_pid, prune_dead_handles, stop


def main(argv: list[str]) -> int:
    pgdata = default_pgdata()
    command = argv[1] if len(argv) > 1 else "status"
    if command == "stop":
        print("stopped" if stop(pgdata) else "not running")
        return 0
    if command == "stop-orphan":
        # Stop a server that no living process holds (left behind by a SIGKILLed run).
        if postmaster_pid(pgdata) and not prune_dead_handles(pgdata):
            stop(pgdata)
            print("stopped an orphaned embedded PostgreSQL")
        return 0
    if command == "status":
        pid = postmaster_pid(pgdata)
        print(f"running (pid {pid}), holders {prune_dead_handles(pgdata)}" if pid else "not running")
        return 0
    print("usage: python -m server.runtime.pg [status|stop|stop-orphan]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
