"""A large scope's HNSW graphs outlive the process: saved after a build, restored by the next process's load.

Building the graph of a 100k-memory scope takes minutes of one core (docs/scaling.md), and every web process and
every restart built its own. Now the build thread saves each graph it installs (``saved``, an ``ann.INSTALLED``
hook: usearch's bytes and the slots' memory ids taken under the index's lock, the file written after it, by
``graph_files``), and a shared load of a scope large enough for a graph (``cache.load``) reads the saved files
first: the rows are applied in the saved slot order (``ordered``), so that a memory the file knows gets the slot
the graph knows it by, then each graph is checked and installed (``restore``):

* the file must be this tenant's, this scope's and this model's, of this shape (dimensions, vector type,
  connectivity), with its checksum (``graph_files.read``);
* every memory it names must hold the same slot in the new index — a memory deleted since (an erasure, a purge,
  a move) fails it, and the file, which may hold that memory's vector, is deleted;
* the index's version must not be older than the file's (a database restored from an older backup).

Then the memories stamped since the file's version (``search_seq`` above its own) are replayed onto the graph
(``Graph.update``, from the freshly loaded matrix), as a build replays the writes made during it. A file that
fails anything is not used: the graph is built as before, and saved anew. After a restore that replayed more than
``RESAVE_SHARE`` of the graph, the graph is saved again, so the next restart has less to replay.

A private index (a transaction's, which may hold uncommitted rows) never reads or writes a file, and a save
checks the scope's removal stamp once written: a removal since the graph's version (an erasure committed
meanwhile) deletes the file again (``graph_files`` explains who else deletes them).
"""

from __future__ import annotations

import functools
import logging
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from django.conf import settings
from django.db import connection

from memories.embeddings import embedders
from memories.recall import graph_files, sql
from memories.recall.index.ann import CONNECTIVITY, EXPANSION_ADD, Graph
from memories.recall.index.scope import ScopeIndex
from mnemara.kernel.metrics import SEARCH_INDEX_GRAPHS

RESAVE_SHARE = 0.01  # a restore that replayed more than this share of the graph's memories saves it again

logger = logging.getLogger(__name__)


def _name(model: str | None) -> str:
    return embedders()[0].name if model is None else model


def _model_key(name: str) -> str | None:
    """The index's key of a configured model's name (None: the primary)."""
    return None if name == embedders()[0].name else name


def _shape(index: ScopeIndex, graph: Graph) -> dict[str, Any]:
    return {"ndim": graph.dimensions, "dtype": np.dtype(index.dtype).name, "connectivity": CONNECTIVITY,
            "expansion_add": EXPANSION_ADD}


def saved(index: ScopeIndex, model: str | None, graph: Graph, *, build_thread: bool = True
          ) -> Callable[[], None] | None:
    """Under the index's lock, a graph just installed: what to write once the lock is released (None: nothing,
    saving is off or the index has no tenant). ``build_thread``: the write closes the thread's connection."""
    if not settings.SEARCH_INDEX_GRAPHS_SAVED or index.tenant_id is None:
        return None
    header = {"tenant": str(index.tenant_id), "scope": str(index.scope_id), "model": _name(model),
              "seq": index.version.seq, "removed": index.version.removed, "tombstones": graph.removed,
              **_shape(index, graph)}
    return functools.partial(_write, index.tenant_id, index.scope_id, header, list(index.ids[: index.size]),
                             graph.save(), build_thread)


def _write(tenant_id: uuid.UUID, scope_id: uuid.UUID, header: dict[str, Any], ids: list[int], raw: bytes,
           close: bool) -> None:
    started = time.perf_counter()
    path = graph_files.graph_path(tenant_id, scope_id, header["model"])
    try:
        graph_files.write(path, graph_files.encode(header, ids, raw))
    except OSError as error:  # a full or read-only disk: the graph serves this process, the next one builds it
        logger.warning("could not save the graph of scope %s: %s", scope_id, error)
        return
    try:
        # An erasure committed after the graph's version: its files are deleted after its commit, perhaps before
        # this one was written. Checked after the write, so one of the two deletes it.
        removed = dict(sql.removals([scope_id])).get(scope_id, 0)
        if int(removed) != header["removed"]:
            path.unlink(missing_ok=True)
            return
    finally:
        if close:
            connection.close()  # the build thread keeps no connection between jobs
    logger.info("saved the graph of scope %s (%s, %d memories) in %.1f s", scope_id, header["model"], len(ids),
                time.perf_counter() - started)


def read_all(tenant_id: uuid.UUID | None, scope_id: uuid.UUID) -> list[graph_files.Saved]:
    """The saved graphs of the scope for the configured models (checked by ``graph_files.read``)."""
    if not settings.SEARCH_INDEX_GRAPHS_SAVED or tenant_id is None:
        return []
    found = [graph_files.read(tenant_id, scope_id, embedder.name) for embedder in embedders()]
    return [saved for saved in found if saved is not None]


def ordered(rows: list[Any], files: Sequence[graph_files.Saved]) -> list[Any]:
    """The rows in the slot order of the longest saved graph (its memories first, as it numbered them; memories
    it does not know after, in their order)."""
    if not files:
        return rows
    ids = max((found.ids for found in files), key=len)
    position = {pk: i for i, pk in enumerate(ids)}
    last = len(ids)
    return sorted(rows, key=lambda row: position.get(row[0].int, last))


def restore(index: ScopeIndex, files: Sequence[graph_files.Saved],
            changed_since: Callable[[int], list[uuid.UUID]]) -> int:
    """Install the saved graphs that hold for this freshly loaded (not yet shared) index, each with the memories
    stamped since its version replayed onto it. Returns how many were installed."""
    installed = 0
    for found in files:
        started = time.perf_counter()
        model = _model_key(found.header["model"])
        graph = _checked(index, model, found)
        matrix = index.matrix(model)
        if graph is None or matrix is None:
            _drop(index, found)
            continue
        stale = [index.slots[pk.int] for pk in changed_since(int(found.header["seq"])) if pk.int in index.slots]
        with index.lock:
            if not graph.update(np.asarray(stale, dtype=np.int64), *matrix):
                continue  # so much changed that a build is better: start_graphs asks for one
            index.graphs[model] = graph
            index.measure(exact=True)
            again = len(stale) > RESAVE_SHARE * max(len(graph), 1)
            write = saved(index, model, graph, build_thread=False) if again else None
        SEARCH_INDEX_GRAPHS.labels("restored").inc()
        installed += 1
        if write is not None:
            write()
        logger.info("restored the graph of scope %s (%s, %d memories, %d replayed%s) in %.1f s", index.scope_id,
                    found.header["model"], len(graph), len(stale), ", saved again" if again else "",
                    time.perf_counter() - started)
    return installed


def _checked(index: ScopeIndex, model: str | None, found: graph_files.Saved) -> Graph | None:
    """The saved graph, when it holds for the index (see the module docstring); None otherwise."""
    header = found.header
    matrix = index.matrix(model)
    if model is not None and model not in {e.name for e in embedders()}:
        return None
    if matrix is None or int(header["seq"]) > index.version.seq:
        return None
    graph_shape = {key: header.get(key) for key in ("ndim", "dtype", "connectivity", "expansion_add")}
    expected = {"ndim": matrix[0].shape[1], "dtype": np.dtype(index.dtype).name, "connectivity": CONNECTIVITY,
                "expansion_add": EXPANSION_ADD}
    if graph_shape != expected or index.ids[: len(found.ids)] != found.ids:
        return None
    return Graph.restored(found.graph, matrix[0].shape[1], index.dtype, int(header.get("tombstones", 0)))


def _drop(index: ScopeIndex, found: graph_files.Saved) -> None:
    """A saved graph that does not hold: deleted (it may name memories gone since), built and saved anew."""
    assert index.tenant_id is not None
    logger.info("the saved graph of scope %s (%s) no longer holds: built again", index.scope_id,
                found.header["model"])
    graph_files.graph_path(index.tenant_id, index.scope_id, found.header["model"]).unlink(missing_ok=True)
