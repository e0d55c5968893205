"""Reads the dashboard needs beyond the shared selectors: the scope tree, counts, diffs, near-duplicates.

All run under the active tenant (TenantManager); the one raw SQL query names the tenant explicitly.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Count, QuerySet, Value
from pgvector.django import CosineDistance

from memories.models import LIVE_STATUSES, Memory, MemoryVersion, Scope, Status
from memories.services.conflicts import word_overlap
from memories.tokens import readable_fraction
from tenants.scoping import get_active_tenant

# --------------------------------------------------------------------------- scope tree


@dataclass
class ScopeNode:
    path: str
    label: str
    depth: int
    count: int = 0  # memories in this scope and below
    own: bool = False  # a real Scope row (not only a prefix of one)


def scope_tree() -> list[ScopeNode]:
    """Every scope and every prefix of one, depth-first, with memory counts that include descendants."""
    counts = dict(Memory.objects.values_list("scope__path").annotate(n=Count("id")).values_list("scope__path", "n"))
    nodes: dict[str, ScopeNode] = {}
    for path in Scope.objects.values_list("path", flat=True):
        parts = path.split("/")
        for i in range(1, len(parts) + 1):
            prefix = "/".join(parts[:i])
            node = nodes.setdefault(prefix, ScopeNode(prefix, parts[i - 1], i - 1))
            node.count += counts.get(path, 0)
        nodes[path].own = True
    return [nodes[p] for p in sorted(nodes, key=lambda p: p.split("/"))]


def scope_roots() -> list[str]:
    return sorted({p.split("/")[0] for p in Scope.objects.values_list("path", flat=True)})


def status_counts(qs: QuerySet[Memory]) -> dict[str, int]:
    found = dict(qs.order_by().values_list("status").annotate(n=Count("id")).values_list("status", "n"))
    return {s.value: found.get(s.value, 0) for s in Status}


# --------------------------------------------------------------------------- versions and their diffs

_TOKEN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|\w+|\s+|[^\w\s]", re.UNICODE)
DIFF_FIELDS = ("type", "entity", "confidence", "status", "provenance", "scope_path")


@dataclass
class VersionDiff:
    version: MemoryVersion
    segments: list[tuple[str, str]]  # (equal|insert|delete, text): rendered as plain, <ins>, <del>
    fields: list[tuple[str, Any, Any]] = field(default_factory=list)  # (name, before, after)

    @property
    def content_changed(self) -> bool:
        return any(kind != "equal" for kind, _ in self.segments)


def text_diff(before: str, after: str) -> list[tuple[str, str]]:
    """Word-level diff (one token per Chinese character) that reads like an edit, not like a patch."""
    a, b = _TOKEN.findall(before), _TOKEN.findall(after)
    segments: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            segments.append(("equal", "".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            segments.append(("delete", "".join(a[i1:i2])))
        if op in ("insert", "replace"):
            segments.append(("insert", "".join(b[j1:j2])))
    return segments


def version_diffs(memory: Memory) -> list[VersionDiff]:
    """Newest first: each version with what changed since the one before it."""
    versions = list(MemoryVersion.objects.filter(memory=memory).order_by("version"))
    diffs: list[VersionDiff] = []
    previous: MemoryVersion | None = None
    for v in versions:
        if previous is None:
            diffs.append(VersionDiff(v, [("equal", v.content)]))
        else:
            changed = [(f, getattr(previous, f), getattr(v, f)) for f in DIFF_FIELDS
                       if getattr(previous, f) != getattr(v, f)]
            diffs.append(VersionDiff(v, text_diff(previous.content, v.content), changed))
        previous = v
    return list(reversed(diffs))


# --------------------------------------------------------------------------- related and near-duplicates

def vectors_tell(a: Memory, b: Memory) -> bool:
    """Can vector similarity alone call these two alike? Not when either text is mostly words the model
    cannot read (Chinese: all-MiniLM sees mostly [UNK] tokens, so two different facts can score 0.8):
    then they must also share words, as in the write flow's near-duplicate rule."""
    if min(readable_fraction(a.content), readable_fraction(b.content)) >= 0.5:
        return True
    return word_overlap(a.search_text, b.search_text) >= settings.NEAR_DUPLICATE_MIN_WORD_OVERLAP


def near_duplicates(memory: Memory, limit: int = 5) -> list[tuple[Memory, float]]:
    """The most similar live memories of the same scope (exact scan: ``+ 0.0`` keeps it off the ANN index)."""
    if memory.embedding is None:
        return []
    distance = CosineDistance("embedding", memory.embedding) + Value(0.0)
    rows = (Memory.objects.select_related("scope").filter(scope_id=memory.scope_id, status__in=LIVE_STATUSES,
                                                         embedding__isnull=False)
            .exclude(pk=memory.pk).annotate(distance=distance).order_by("distance")[: 4 * limit])
    return [(m, round(1.0 - float(m.distance), 3)) for m in rows if vectors_tell(memory, m)][:limit]


def same_entity(memory: Memory) -> QuerySet[Memory]:
    if not memory.entity:
        return Memory.objects.none()
    return (Memory.objects.select_related("scope").filter(entity=memory.entity, type=memory.type)
            .exclude(pk=memory.pk).order_by("-updated_at")[:10])


@dataclass
class MergePair:
    first: Memory
    second: Memory
    similarity: float


MERGE_SCAN_LIMIT = 500  # newest live memories per scope compared pairwise


def merge_suggestions(scope: Scope, min_similarity: float, limit: int = 20) -> list[MergePair]:
    """Pairs of live memories in one scope whose vectors are at least ``min_similarity`` alike (and, for
    texts the model cannot read, whose words overlap: ``vectors_tell``).

    Pairwise over the newest ``MERGE_SCAN_LIMIT`` rows of the scope: exact, and bounded.
    """
    sql = """
        WITH recent AS MATERIALIZED (
            SELECT id, embedding FROM memories_memory
            WHERE tenant_id = %s AND scope_id = %s AND status = ANY(%s) AND embedding IS NOT NULL
            ORDER BY updated_at DESC LIMIT %s)
        SELECT a.id, b.id, 1 - (a.embedding <=> b.embedding) AS similarity
        FROM recent a JOIN recent b ON a.id < b.id
        WHERE 1 - (a.embedding <=> b.embedding) >= %s
        ORDER BY similarity DESC LIMIT %s"""
    params: list[Any] = [get_active_tenant().pk, scope.pk, list(LIVE_STATUSES), MERGE_SCAN_LIMIT, min_similarity,
                         4 * limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    ids = {i for a, b, _ in rows for i in (a, b)}
    memories = Memory.objects.select_related("scope", "subject").in_bulk(ids)
    pairs = [MergePair(memories[a], memories[b], round(float(s), 3)) for a, b, s in rows
             if a in memories and b in memories and vectors_tell(memories[a], memories[b])]
    return pairs[:limit]


def type_status_matrix() -> tuple[list[str], list[tuple[str, list[int], int]]]:
    """Rows per type, columns per status, with totals: the overview's table."""
    found = Counter({(t, s): n for t, s, n in Memory.objects.order_by().values_list("type", "status")
                     .annotate(n=Count("id")).values_list("type", "status", "n")})
    statuses = [s.value for s in Status]
    types = sorted({t for t, _ in found})
    return statuses, [(t, [found[(t, s)] for s in statuses], sum(found[(t, s)] for s in statuses)) for t in types]
