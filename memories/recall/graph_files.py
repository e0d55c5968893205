"""The saved HNSW graphs of large scopes on disk: where they live, their format, and their removal.

A web process saves each graph its build thread builds (``memories/recall/index/persist.py``) so that the next
process restores it instead of building it again (minutes of one core at 100k memories). A file holds copies of
the scope's vectors — of live memories, and of older versions a rewrite left behind in the graph — so it is
personal data: an erasure deletes the files of every scope it touched (``forget``), and the maintenance run
deletes the files of scopes that are gone or lost any of the file's memories (``prune``).

Layout: ``SEARCH_INDEX_GRAPH_DIR/<tenant id>/<scope id>/<model>.graph``. One file per model, written to a
temporary file in the same directory and renamed over the old one (``os.replace``), so two processes saving the
same graph never leave a torn file. A file is::

    b"MNGRAPH1" | header length (4 bytes, big-endian) | header (JSON) | memory ids (16 bytes each) | graph

The header names the tenant, scope and model, the index's ``Version`` the graph was in step with, the graph's
shape, and a CRC-32 of the ids and graph; the ids are the scope index's slots in order (the graph's keys are
slots). A reader trusts nothing it did not check: a file of another tenant, scope or model, of another shape,
or whose checksum fails, is not used (``read`` returns None).

Only ``memories.recall`` imports the index; this module sits beside it so that compliance can delete files.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import shutil
import threading
import time
import uuid
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max

from memories.models import Memory, Scope, SearchRemoval

MAGIC = b"MNGRAPH1"
FORMAT = 1
ID_BYTES = 16
SUFFIX = ".graph"
CHECK_BATCH = 10_000  # ids per statement when a file's memories are looked up (a statement takes < 65,536 values)
TEMPORARY_MAX_AGE = 3600  # seconds: an older temporary file is a writer's leftover (a crash), deleted by prune

logger = logging.getLogger(__name__)


@dataclass
class Saved:
    """One saved graph: its header, the memory ids of the slots (their ints, in slot order) and usearch's bytes."""

    header: dict[str, Any]
    ids: list[int]
    graph: bytes


def root() -> Path:
    return Path(settings.SEARCH_INDEX_GRAPH_DIR)


def scope_dir(tenant_id: uuid.UUID, scope_id: uuid.UUID) -> Path:
    return root() / str(uuid.UUID(str(tenant_id))) / str(uuid.UUID(str(scope_id)))


def file_name(model: str) -> str:
    """A model's file name: its name with anything but letters, digits, '.', '-' kept out (the name itself is
    checked against the header)."""
    return re.sub(r"[^A-Za-z0-9.-]", "_", model) + SUFFIX


def graph_path(tenant_id: uuid.UUID, scope_id: uuid.UUID, model: str) -> Path:
    return scope_dir(tenant_id, scope_id) / file_name(model)


def encode(header: dict[str, Any], ids: Iterable[int], graph: bytes | bytearray | memoryview) -> list[bytes]:
    """The file's parts; the header gains the count, the graph's length and the checksum."""
    raw_ids = b"".join(pk.to_bytes(ID_BYTES, "big") for pk in ids)
    graph = bytes(graph)
    header = {**header, "format": FORMAT, "count": len(raw_ids) // ID_BYTES, "graph_bytes": len(graph),
              "crc32": zlib.crc32(graph, zlib.crc32(raw_ids))}
    head = json.dumps(header, sort_keys=True).encode()
    return [MAGIC, len(head).to_bytes(4, "big"), head, raw_ids, graph]


def write(path: Path, parts: list[bytes]) -> None:
    """Write the file whole or not at all: a temporary file of this process and thread, renamed over the old."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with temporary.open("wb") as out:
            for part in parts:
                out.write(part)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _header(handle: Any) -> dict[str, Any] | None:
    if handle.read(len(MAGIC)) != MAGIC:
        return None
    size = int.from_bytes(handle.read(4), "big")
    try:
        header = json.loads(handle.read(size))
    except ValueError:
        return None
    return header if isinstance(header, dict) and header.get("format") == FORMAT else None


def _ids(raw: bytes) -> list[int]:
    return [int.from_bytes(raw[i:i + ID_BYTES], "big") for i in range(0, len(raw), ID_BYTES)]


def read(tenant_id: uuid.UUID, scope_id: uuid.UUID, model: str) -> Saved | None:
    """The saved graph of this tenant's scope and model, checked (owner, model, checksum); None when there is
    none or it is not one to trust (a file that fails a check is deleted: it is rebuilt and saved anew)."""
    path = graph_path(tenant_id, scope_id, model)
    try:
        with path.open("rb") as handle:
            header = _header(handle)
            if header is None:
                return _refuse(path, "not a saved graph")
            raw_ids = handle.read(int(header["count"]) * ID_BYTES)
            graph = handle.read(int(header["graph_bytes"]) + 1)
    except FileNotFoundError:
        return None
    except (OSError, KeyError, TypeError, ValueError):
        return _refuse(path, "unreadable")
    owner = (header.get("tenant"), header.get("scope"), header.get("model"))
    if owner != (str(tenant_id), str(scope_id), model):
        return _refuse(path, "another tenant's, scope's or model's")
    if len(graph) != header["graph_bytes"] or zlib.crc32(graph, zlib.crc32(raw_ids)) != header.get("crc32"):
        return _refuse(path, "truncated or corrupt")
    return Saved(header, _ids(raw_ids), graph)


def _refuse(path: Path, why: str) -> Saved | None:
    logger.warning("saved graph %s not used (%s): it is built again", path, why)
    path.unlink(missing_ok=True)
    return None


def forget(tenant_id: uuid.UUID, scope_ids: Iterable[uuid.UUID]) -> int:
    """Delete the saved graphs of these scopes of the tenant (an erasure's). Returns how many scopes had some."""
    removed = 0
    for scope_id in set(scope_ids):
        folder = scope_dir(tenant_id, scope_id)
        if folder.exists():
            shutil.rmtree(folder, ignore_errors=True)
            removed += 1
    return removed


def stamp() -> int:
    """The latest change or removal stamp committed in any scope: what an erasure's changes come after."""
    changed = Scope.unscoped.aggregate(top=Max("search_seq"))["top"] or 0
    removed = SearchRemoval.objects.aggregate(top=Max("seq"))["top"] or 0
    return max(int(changed), int(removed))


def forget_changed(tenant_id: uuid.UUID, since: int) -> int:
    """Delete the saved graphs of the tenant's scopes changed or emptied after ``since`` (``stamp``): an erasure's
    deleted, redacted and moved memories, whose vectors (live, or left in a graph by a rewrite) a file may hold.
    Called inside the erasure's transaction: now, and again once it commits (a process may have saved a graph
    meanwhile, from before it)."""
    scopes = {*Scope.unscoped.filter(tenant_id=tenant_id, search_seq__gt=since).values_list("pk", flat=True),
              *SearchRemoval.objects.filter(seq__gt=since).values_list("scope_id", flat=True)}
    transaction.on_commit(functools.partial(forget, tenant_id, scopes))
    return forget(tenant_id, scopes)


def prune() -> int:
    """Delete the saved graphs of tenants and scopes that are gone, and every file naming a memory that is no
    longer in its scope (deleted, erased, moved). Cross-tenant on purpose (the maintenance run). Returns how
    many files or folders went."""
    base = root()
    if not base.is_dir():
        return 0
    removed = 0
    for tenant_dir in base.iterdir():
        for folder in (tenant_dir.iterdir() if tenant_dir.is_dir() else ()):
            removed += _prune_scope(tenant_dir.name, folder)
        if tenant_dir.is_dir() and not any(tenant_dir.iterdir()):
            tenant_dir.rmdir()
    return removed


def _prune_scope(tenant: str, folder: Path) -> int:
    try:
        exists = Scope.unscoped.filter(pk=uuid.UUID(folder.name), tenant_id=uuid.UUID(tenant)).exists()
    except ValueError:
        exists = False
    if not exists:
        shutil.rmtree(folder, ignore_errors=True)
        return 1
    removed = 0
    for path in folder.iterdir():
        if path.name.endswith(".tmp"):
            stale = time.time() - path.stat().st_mtime > TEMPORARY_MAX_AGE  # younger: being written now
        else:
            stale = not path.name.endswith(SUFFIX) or not _all_present(folder.name, path)
        if stale:
            path.unlink(missing_ok=True)  # a writer's leftover, or a graph holding a memory now gone
            removed += 1
    return removed


def _all_present(scope: str, path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            header = _header(handle)
            if header is None:
                return False
            ids = [uuid.UUID(int=pk) for pk in _ids(handle.read(int(header["count"]) * ID_BYTES))]
    except (OSError, KeyError, TypeError, ValueError):
        return False
    found = sum(Memory.unscoped.filter(scope_id=uuid.UUID(scope), pk__in=ids[i:i + CHECK_BATCH]).count()
                for i in range(0, len(ids), CHECK_BATCH))
    return found == len(ids)
