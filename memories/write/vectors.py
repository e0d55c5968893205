"""A memory's vectors, one per configured embedding model: the primary's on the memory row, the others as
``MemoryVector`` rows. The write flow, edits and merges store them through here, with the memory, in
the same transaction (the memory's own stamp tells the search indexes); re-embedding
(``memories.write.reembed``) adds missing ones later."""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from memories.embeddings import Embedded, get_embedder, secondary_embedders
from memories.models import Memory, MemoryVector
from memories.write import sql
from tenants.owned import stamp


def primary_fields(embedded: Mapping[str, Embedded]) -> dict[str, Any]:
    """The memory row's vector fields for these vectors (the primary model's)."""
    primary = get_embedder().name
    found = embedded.get(primary)
    if found is None:
        return {"embedding": None, "embedding_model": "", "embedding_coverage": None}
    return {"embedding": found.vector, "embedding_model": primary, "embedding_coverage": found.coverage}


def secondary_rows(memory: Memory, embedded: Mapping[str, Embedded]) -> list[MemoryVector]:
    """MemoryVector rows (unsaved) for the memory's other models' vectors."""
    primary = get_embedder().name
    return [MemoryVector(memory=memory, model=name, coverage=found.coverage, embedding=found.vector)
            for name, found in embedded.items() if name != primary]


def vectors_save(rows: Sequence[MemoryVector], replacing: Iterable[Memory] = ()) -> None:
    """Insert ``rows`` (one binary COPY: ``sql.vectors_copy``); first drop the stored secondary vectors of
    ``replacing`` (memories whose content changed)."""
    stale = [m.pk for m in replacing if not m._state.adding]
    if stale:
        MemoryVector.objects.filter(memory_id__in=stale).delete()
    if rows:
        stamp(rows)
        sql.vectors_copy([(r.tenant_id, r.memory_id, r.model, r.coverage, vector_binary(r.embedding), r.created_at)
                          for r in rows])


def vector_binary(vector: Sequence[float] | np.ndarray) -> bytes:
    """pgvector's binary form of a vector (what ``vector_recv`` reads): int16 dimensions, int16 unused,
    big-endian float4s."""
    values = np.asarray(vector, dtype=">f4")
    return struct.pack(">HH", len(values), 0) + values.tobytes()


def unit_vectors_from_binary(raw: Sequence[bytes]) -> np.ndarray:
    """Same-sized vectors in pgvector's binary form (``vector_send``) as unit float32 rows (zero rows stay
    zero)."""
    width = len(raw[0])
    vectors = np.frombuffer(b"".join(raw), dtype=np.uint8).reshape(-1, width)[:, 4:].copy().view(">f4")
    vectors = vectors.astype(np.float32)
    norms = np.linalg.norm(vectors, axis=1)
    usable = norms > 0
    vectors[usable] /= norms[usable, None]
    return vectors


def secondary_set(memory: Memory, embedded: Mapping[str, Embedded]) -> None:
    """Attach the memory's secondary vectors to the instance (``secondary_of`` reads them)."""
    primary = get_embedder().name
    memory.__dict__["_secondary"] = {name: found for name, found in embedded.items() if name != primary}


def secondary_attach(memories: Iterable[Memory]) -> None:
    """Load the stored secondary vectors of these memories (configured models only), one query."""
    by_id = {m.pk: m for m in memories}
    for memory in by_id.values():
        memory.__dict__["_secondary"] = {}
    if not by_id:
        return
    models = [e.name for e in secondary_embedders()]
    rows = MemoryVector.objects.filter(memory_id__in=list(by_id), model__in=models).values_list(
        "memory_id", "model", "coverage", "embedding")
    for memory_id, model, coverage, embedding in rows:
        by_id[memory_id].__dict__["_secondary"][model] = Embedded(list(embedding), coverage)


def secondary_of(memory: Memory) -> dict[str, Embedded]:
    found: dict[str, Embedded] = memory.__dict__.get("_secondary") or {}
    return found


def vectors_of(memory: Memory) -> dict[str, Embedded]:
    """Every vector of the memory that a configured model made (the primary's only if the row's model is it)."""
    found = dict(secondary_of(memory))
    primary = get_embedder().name
    if memory.embedding is not None and memory.embedding_model == primary:
        coverage = 1.0 if memory.embedding_coverage is None else memory.embedding_coverage
        found[primary] = Embedded(memory.embedding, coverage)
    return found
