"""A long-lived process's resident memory: how much it holds, and giving back what glibc keeps.

glibc's malloc gives each thread that allocates while another holds an arena an arena of its own, up to
8 per core; each keeps the pages its frees leave behind. A web process runs ~15 threads (the pools of
``mnemara.kernel.threads``, uvicorn's loop), and had 15 arenas: after a bulk write or a scope's load,
40–130 MB more stayed resident than with 2 (docs/scaling.md, "Memory per process"). ``arenas_cap``
caps the arenas (``mallopt(M_ARENA_MAX)``, as ``MALLOC_ARENA_MAX`` would);
``release`` hands free pages back to the kernel (``malloc_trim(0)``) after the big transient allocations:
the warm-up, a scope index's load or eviction. Off glibc (musl, macOS) both do nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

M_ARENA_MAX = -8  # malloc.h


@cache
def _glibc() -> Any:
    """glibc's handle, or None elsewhere (its malloc tunables are glibc's own)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.gnu_get_libc_version  # noqa: B018 - only glibc has it (musl's malloc has no arenas to cap)
    except (OSError, AttributeError):
        return None
    return libc


def arenas_cap(arenas: int) -> bool:
    """At most ``arenas`` malloc arenas in this process from now on (0: glibc's default, 8 per core). Call it
    before the threads start: an arena, once made, stays. ``MALLOC_ARENA_MAX`` in the environment (read by
    glibc when the process started) wins. Returns whether the cap is in force."""
    libc = _glibc()
    if libc is None or arenas <= 0:
        return False
    if os.environ.get("MALLOC_ARENA_MAX"):
        return True
    return bool(libc.mallopt(M_ARENA_MAX, arenas))


def release() -> None:
    """Give the kernel back the free pages every malloc arena holds (``malloc_trim(0)``). It walks the
    arenas under their locks: milliseconds, so after a big transient allocation, not per request."""
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


def resident_bytes() -> int:
    """This process's resident set size now (0 where /proc is missing)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return 0
