"""Every raw SQL statement of recall, on the search's hot path (the ORM spent longer building these
queries than PostgreSQL took to answer them).

Raw SQL does not pass through the tenant-scoped manager, so each statement that reads tenant data
names the tenant itself (``tenant_id = %s``, from ``get_active_tenant()``, which fails closed).
Statements that need no tenant condition say why in ``CROSS_TENANT``; a test holds every ``*_SQL``
constant here to that rule.
"""

from __future__ import annotations

import hashlib
import math
import uuid
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import connection, connections, transaction
from django.db.models import BooleanField, CharField, DateTimeField, Model, signals
from django.db.models.base import ModelState
from django.db.models.expressions import RawSQL

from memories.models import Memory
from mnemara.kernel.replica import read_alias
from tenants.models import Subject
from tenants.paths import like_below
from tenants.scoping import get_active_tenant

_M = TypeVar("_M", bound=Model)

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)

# The requested scopes (and, with descendants, those below them) with their search-index stamps.
SCOPES_SQL = """
SELECT s.id, s.path, s.search_seq,
       COALESCE((SELECT max(r.seq) FROM memories_searchremoval r WHERE r.scope_id = s.id), 0)
FROM memories_scope s
WHERE s.tenant_id = %s AND (s.path = ANY(%s){descendants})
"""


def _micros(column: str) -> str:
    """A timestamp column as microseconds since the epoch (``EPOCH + n * MICROSECOND`` is the same instant, in UTC,
    as Django's loader makes of it: psycopg's text parse of a timestamp runs in Python, ~70 a search's hits)."""
    return f"(extract(epoch FROM {column}) * 1000000)::bigint"


def _selected(field: Any, column: str) -> str:
    return _micros(column) if isinstance(field, DateTimeField) else column


# The hits of a search, with their access counts joined in (vectors and the tsvector left out); timestamps as
# microseconds (``_micros``: ``memories_load`` makes them datetimes).
_HIT_FIELDS = [f for f in Memory._meta.concrete_fields if f.name not in ("embedding", "search_vector")]
_HIT_COLUMNS = ", ".join(_selected(f, f"m.{f.column}") for f in _HIT_FIELDS)
# The memory's subject comes in the same row (``hit_subject_<column>``), so a hit needs no second query for it.
_SUBJECT_COLUMNS = [str(f.column) for f in Subject._meta.concrete_fields]
_SUBJECT_ATTNAMES = [f.attname for f in Subject._meta.concrete_fields]
HITS_SQL = (f"SELECT {_HIT_COLUMNS}, a.count AS access_n, {_micros('a.last_at')} AS access_at,"
            " ARRAY(SELECT s.external_id FROM memories_memorysubject ms JOIN tenants_subject s ON s.id = ms.subject_id"
            "       WHERE ms.memory_id = m.id ORDER BY s.external_id) AS subject_names, "
            + ", ".join(f"{_selected(f, f'subj.{f.column}')} AS hit_subject_{f.column}"
                        for f in Subject._meta.concrete_fields) +
            " FROM memories_memory m LEFT JOIN memories_memoryaccess a ON a.memory_id = m.id"
            " LEFT JOIN tenants_subject subj ON subj.id = m.subject_id AND subj.tenant_id = m.tenant_id"
            " WHERE m.tenant_id = %s AND m.id = ANY(%s::uuid[])")

# One scope's rows for its in-process index (all, or those stamped after a sequence number), with the
# scope's version read in the same statement (one snapshot): the primary model's vector when the row's
# model is the configured one, its coverage, the secondary models' vectors (configured ones only), the
# conversation's shape: source_session, subject (id and external id), when it was written; and the people
# the memory mentions (``MemoryMention`` names) with its content when it mentions someone (the index keeps
# only whether each mention merely speaks to the person: ``people.addressed_only``).
INDEX_ROWS_SQL = """
SELECT s.search_seq,
       COALESCE((SELECT max(r.seq) FROM memories_searchremoval r WHERE r.scope_id = s.id), 0),
       m.id, m.status, m.type, m.confidence,
       (extract(epoch FROM m.valid_from) * 1000000)::bigint,
       (extract(epoch FROM m.valid_to) * 1000000)::bigint,
       (extract(epoch FROM m.expires_at) * 1000000)::bigint,
       m.search_text, CASE WHEN m.embedding_model = %s THEN vector_send(m.embedding) END,
       CASE WHEN m.embedding_model = %s THEN m.embedding_coverage END,
       o.models, o.coverages, o.vectors,
       m.source_session, m.subject_id, subj.external_id, (extract(epoch FROM m.created_at) * 1000000)::bigint,
       mn.names, CASE WHEN mn.names IS NOT NULL THEN m.content END, m.superseded_by_id IS NOT NULL
FROM memories_scope s
LEFT JOIN memories_memory m ON m.scope_id = s.id AND m.tenant_id = s.tenant_id {changed}
LEFT JOIN tenants_subject subj ON subj.id = m.subject_id AND subj.tenant_id = s.tenant_id
LEFT JOIN LATERAL (
    SELECT array_agg(v.model ORDER BY v.model) AS models, array_agg(v.coverage ORDER BY v.model) AS coverages,
           array_agg(vector_send(v.embedding) ORDER BY v.model) AS vectors
    FROM memories_memoryvector v
    WHERE v.memory_id = m.id AND v.tenant_id = s.tenant_id AND v.model = ANY(%s)
) o ON m.id IS NOT NULL
LEFT JOIN LATERAL (
    SELECT array_agg(mm.name ORDER BY mm.name) AS names
    FROM memories_memorymention mm
    WHERE mm.memory_id = m.id AND mm.tenant_id = s.tenant_id
) mn ON m.id IS NOT NULL
WHERE s.id = %s AND s.tenant_id = %s
"""

# Memories by id (a search's candidates) with the model that judges each ({reader}: ``judged_rows``), their
# type, confidence, valid_from, subject's external id and search words, and ({distance}) their cosine distance
# to a query vector by the primary model's vector.
JUDGED_ROWS_SQL = """
SELECT m.id, {reader}, m.type, m.confidence, m.valid_from, subj.external_id, m.search_text{distance}
FROM memories_memory m LEFT JOIN tenants_subject subj ON subj.id = m.subject_id AND subj.tenant_id = m.tenant_id
WHERE m.tenant_id = %s AND m.id = ANY(%s::uuid[])
"""
# ``JUDGED_ROWS_SQL``'s conditions: the primary model reads the memory and holds its vector
# (``sources._primary_reads``); a secondary model does (``sources._secondary_reads``).
_PRIMARY_READS = ("{t}.embedding IS NOT NULL AND {t}.embedding_model = %s"
                  " AND ({t}.embedding_coverage IS NULL OR {t}.embedding_coverage >= %s)")
_SECONDARY_READS = ("EXISTS (SELECT 1 FROM memories_memoryvector v WHERE v.memory_id = {t}.id"
                    " AND v.tenant_id = {t}.tenant_id AND v.model = %s AND v.coverage >= %s)")

# The names among the people a question names (case-folded) that memories of the searched scopes mention.
MENTIONED_NAMES_SQL = """
SELECT DISTINCT mm.name FROM memories_memorymention mm JOIN memories_memory m ON m.id = mm.memory_id
WHERE mm.tenant_id = %s AND m.tenant_id = %s AND mm.name = ANY(%s) AND m.scope_id = ANY(%s::uuid[])
"""

# Which candidates mention which of the named people, with their content (``people.addressed_only`` reads it).
MENTIONING_SQL = """
SELECT mm.name, mm.memory_id, m.content FROM memories_memorymention mm JOIN memories_memory m ON m.id = mm.memory_id
WHERE mm.tenant_id = %s AND m.tenant_id = %s AND mm.name = ANY(%s) AND mm.memory_id = ANY(%s::uuid[])
"""

# The latest deletion stamp of cached scopes (the index sweep, ``IndexCache.sweep``).
REMOVALS_SQL = "SELECT scope_id, max(seq) FROM memories_searchremoval WHERE scope_id = ANY(%s) GROUP BY scope_id"

# Add access counts; ids of memories deleted meanwhile drop out in the join.
ACCESS_UPSERT_SQL = """
INSERT INTO memories_memoryaccess (memory_id, count, last_at)
SELECT v.id, v.n, v.at
FROM unnest(%s::uuid[], %s::int[], %s::timestamptz[]) AS v(id, n, at)
JOIN memories_memory m ON m.id = v.id
ON CONFLICT (memory_id) DO UPDATE
SET count = memories_memoryaccess.count + EXCLUDED.count,
    last_at = GREATEST(memories_memoryaccess.last_at, EXCLUDED.last_at)
"""

# Add searches per key and day; rows of tenants deleted meanwhile drop out in the join.
SEARCH_COUNT_UPSERT_SQL = """
INSERT INTO memories_keysearchday (tenant_id, actor, day, searches, last_at)
SELECT v.tenant_id, v.actor, v.day, v.n, v.at
FROM unnest(%s::uuid[], %s::text[], %s::date[], %s::int[], %s::timestamptz[]) AS v(tenant_id, actor, day, n, at)
JOIN tenants_tenant t ON t.id = v.tenant_id
ON CONFLICT (tenant_id, actor, day) DO UPDATE
SET searches = memories_keysearchday.searches + EXCLUDED.searches,
    last_at = GREATEST(memories_keysearchday.last_at, EXCLUDED.last_at)
"""

# The scopes whose latest memory was written or returned by a search most recently, with their sizes: what a
# web process's warm-up loads (memories/recall/warm.py), each then searched inside its own tenant.
RECENT_SCOPES_SQL = """
SELECT s.tenant_id, s.path, count(*) AS size
FROM memories_scope s
JOIN memories_memory m ON m.scope_id = s.id
LEFT JOIN memories_memoryaccess a ON a.memory_id = m.id
WHERE m.status = ANY(%s)
GROUP BY s.id
ORDER BY max(greatest(m.updated_at, a.last_at)) DESC
LIMIT %s
"""

# A secondary model's partial HNSW index: MemoryVector.embedding has no fixed dimensions (each model its
# own), so the index is on the column cast to the model's, for that model's rows only. A search by that
# model's vectors in a large scope orders by the same expression (memories.recall.sources) to use it.
MODEL_HNSW_SQL = """
CREATE INDEX {concurrently} IF NOT EXISTS {name} ON memories_memoryvector
USING hnsw ((embedding::vector({dimensions})) vector_cosine_ops) WITH (m = 16, ef_construction = 64)
WHERE model = {model}
"""

# An index's size as the planner's statistics hold it (no scan).
GRAPH_ROWS_SQL = "SELECT reltuples FROM pg_class WHERE relname = %s AND relkind = 'i'"

# The planner's statistics of the memories' search words: ANALYZE's most common lexemes of search_vector, with
# the share of rows holding each, and after them the lowest and the highest share listed (tsvector's statistics
# end with those two). Read whole and memoised a minute per process (``word_shares``): they change only with
# ANALYZE, and the query's words are then looked up in process memory.
WORD_SHARES_SQL = """
SELECT s.most_common_elems::text::text[], s.most_common_elem_freqs
FROM pg_stats s
WHERE s.schemaname = current_schema() AND s.tablename = 'memories_memory' AND s.attname = 'search_vector'
"""

# A large scope's full-text matches ranked in one statement (``bounded.bounded_rows``): the parts, each a
# statement of the tenant-scoped ORM (its filters name the tenant), run one after the other (UNION ALL) until
# ``cap`` rows came (LIMIT: the later parts are not read), then each row once (a row of two parts came twice, with
# the same rank), the best by rank (the fifth column), then id. Not run in parallel (``capped_matches``): a
# Parallel Append reads the parts in its own order, and the rarest terms' rows must come first.
CAPPED_MATCHES_SQL = "SELECT DISTINCT * FROM ({parts} LIMIT %s) AS matches ORDER BY 5 DESC, 1 LIMIT %s"

CROSS_TENANT = {
    "CAPPED_MATCHES_SQL": "wraps statements built by the tenant-scoped ORM (each names its tenant); reads nothing "
                          "else",
    "WORD_SHARES_SQL": "a statistic of the whole table (the planner's word shares): held in this process's memory "
                       "to order a query's own words by rarity, never returned",
    "GRAPH_ROWS_SQL": "a statistic of a whole index (its row count estimate); reads no tenant data",
    "MODEL_HNSW_SQL": "DDL: builds an index over every tenant's vectors of one model; reads and returns no rows",
    "RECENT_SCOPES_SQL": "the warm-up's choice of scopes across tenants: ids, paths and counts, no content; each "
                         "scope is then searched inside its own tenant",
    # Holds no tenant data: scope ids and sequence numbers, for scopes this process loaded for their tenant.
    "REMOVALS_SQL": "scope ids of indexes already loaded under their tenant; reads only sequence numbers",
    # MemoryAccess has no tenant column; the ids come from a tenant-scoped search of the same request.
    "ACCESS_UPSERT_SQL": "ids come from a tenant-scoped search; writes counts only",
    # Written off the request, for several tenants at once: each row carries the tenant of the search it counts.
    "SEARCH_COUNT_UPSERT_SQL": "each row names the tenant whose key searched; writes counts only, reads nothing",
}


def recent_scopes(statuses: Sequence[str], limit: int) -> list[tuple[uuid.UUID, str, int]]:
    with connection.cursor() as cursor:
        cursor.execute(RECENT_SCOPES_SQL, [list(statuses), limit])
        return [(tenant_id, path, size) for tenant_id, path, size in cursor.fetchall()]


def scope_rows(paths: Sequence[str], *, descendants: bool) -> list[tuple[Any, ...]]:
    """(id, path, search_seq, latest removal) of the active tenant's scopes named by ``paths`` (and of
    those below them with ``descendants``: ``tenants.paths.like_below``)."""
    params: list[Any] = [get_active_tenant().pk, list(paths)]
    below = ""
    if descendants:
        below = " OR s.path LIKE ANY(%s)"
        params.append([like_below(p) for p in paths])
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(SCOPES_SQL.format(descendants=below), params)
        return cursor.fetchall()


def uuid_array(ids: Iterable[uuid.UUID]) -> str:
    """Ids as one ``uuid[]`` literal (the statement casts it: ``%s::uuid[]``). Django binds parameters on the
    client side, where psycopg quotes a list's every UUID in Python: a search's ~200 candidate ids cost
    ~1 ms of CPU that way, one string costs a few µs."""
    return "{" + ",".join(str(pk) for pk in ids) + "}"


# ``HITS_SQL``'s memory columns by attribute name (``Model.from_db``'s order), the one among them that needs a
# conversion from what psycopg returns, and where the extra columns start.
_HIT_ATTNAMES = [f.attname for f in Memory._meta.concrete_fields if f.name not in ("embedding", "search_vector")]
_METADATA = Memory._meta.get_field("metadata")
_METADATA_AT = _HIT_ATTNAMES.index(_METADATA.attname)
_METADATA_COL = _METADATA.get_col(Memory._meta.db_table)
_HIT_EXTRA = len(_HIT_ATTNAMES)
# Where the timestamps are, as microseconds, among a hit row's memory columns and its subject's.
_HIT_TIMES = [at for at, f in enumerate(_HIT_FIELDS) if isinstance(f, DateTimeField)]
_SUBJECT_TIMES = [at for at, f in enumerate(Subject._meta.concrete_fields) if isinstance(f, DateTimeField)]


def memories_load(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Memory]:
    """The active tenant's memories by id (vectors deferred) with their access counts and subjects, in one
    query. Rows become models through ``Model.from_db`` directly (what ``Manager.raw`` does, without its
    per-row column mapping: a third less CPU for a search's rows)."""
    alias = read_alias()
    with connections[alias].cursor() as cursor:
        cursor.execute(HITS_SQL, [get_active_tenant().pk, uuid_array(ids)])
        rows = cursor.fetchall()
    found = {}
    db = connections[alias]
    for row in rows:
        values = list(row[:_HIT_EXTRA])
        values[_METADATA_AT] = _METADATA.from_db_value(values[_METADATA_AT], _METADATA_COL, db)
        _datetimes(values, _HIT_TIMES)
        memory = loaded(Memory, alias, _HIT_ATTNAMES, values)  # the vectors deferred: not among the attnames
        access_n, access_at, subject_names, *subject = row[_HIT_EXTRA:]
        memory.access_set(access_n or 0, None if access_at is None else EPOCH + access_at * MICROSECOND)
        memory.subject_names_set(list(subject_names))
        if memory.subject_id is not None and subject[0] is not None:
            _datetimes(subject, _SUBJECT_TIMES)
            memory.subject = loaded(Subject, alias, _SUBJECT_ATTNAMES, subject)
        found[memory.pk] = memory
    return found


def loaded(model: type[_M], alias: str, attnames: Sequence[str], values: Sequence[Any]) -> _M:
    """``model.from_db(alias, attnames, values)`` for the columns ``attnames`` name (the others deferred), built as
    ``Model.__init__`` leaves it — each value in the instance's ``__dict__`` under its attname, the state of a row
    loaded from ``alias`` — without its loop of ``setattr`` through every field's descriptor and its two signals
    (~40 % of a hit's row; a search builds ~26). When something listens to ``pre_init`` or ``post_init`` for the
    model, ``from_db`` itself."""
    if signals.pre_init.has_listeners(model) or signals.post_init.has_listeners(model):
        return model.from_db(alias, list(attnames), list(values))
    new = model.__new__(model)
    new.__dict__.update(zip(attnames, values, strict=True))
    state = new._state = ModelState()
    state.adding, state.db = False, alias
    return new


def _datetimes(values: list[Any], positions: Sequence[int]) -> None:
    """The timestamps at ``positions`` (microseconds since the epoch, or None) as aware datetimes, in place."""
    for at in positions:
        if values[at] is not None:
            values[at] = EPOCH + values[at] * MICROSECOND


def reader_case(readers: Sequence[tuple[int, str]], default: str, reads_min: float, table: str
                ) -> tuple[str, list[Any]]:
    """The model that judges a row of ``table`` (memories_memory, or its alias), as SQL and its parameters:
    ``readers`` are the models that read the query, in order, each with its position (0: the primary); the
    first of them that reads the memory and holds its vector, else ``default``."""
    whens: list[str] = []
    params: list[Any] = []
    for k, name in readers:
        whens.append(f"WHEN {(_PRIMARY_READS if k == 0 else _SECONDARY_READS).format(t=table)} THEN %s")
        params += [name, reads_min, name]
    params.append(default)
    return (f"CASE {' '.join(whens)} ELSE %s END" if whens else "%s::text"), params


def reader_annotation(readers: Sequence[tuple[int, str]], default: str, reads_min: float) -> RawSQL:
    """``reader_case`` for a queryset of memories (its rows: "memories_memory"), to annotate."""
    case, params = reader_case(readers, default, reads_min, '"memories_memory"')
    return RawSQL(case, params, output_field=CharField())


def judged_rows(ids: Sequence[uuid.UUID], readers: Sequence[tuple[int, str]], default: str, reads_min: float,
                distance_to: str | None) -> list[tuple[Any, ...]]:
    """``JUDGED_ROWS_SQL`` in the active tenant: (id, model, type, confidence, valid_from, subject, search_text
    [, distance]). ``readers``: the models that read the query, in order, each with its position (0: the
    primary); a memory's model is the first of them that reads it and holds its vector, else ``default``.
    ``distance_to``: the query's primary vector (pgvector's text form), or None."""
    reader, params = reader_case(readers, default, reads_min, "m")
    distance = ""
    if distance_to is not None:
        distance = ", (m.embedding <=> %s::vector) + 0.0"
        params.append(distance_to)
    params += [get_active_tenant().pk, uuid_array(ids)]
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(JUDGED_ROWS_SQL.format(reader=reader, distance=distance), params)
        return cursor.fetchall()


def ids_in(ids: Iterable[uuid.UUID]) -> RawSQL:
    """``pk__in`` for a queryset of memories, the ids bound as one ``uuid[]`` (``uuid_array``): the ORM prepares
    and quotes each id of ``pk__in`` in Python, ~2 ms of CPU for a search's ~150 candidates."""
    return RawSQL('"memories_memory"."id" = ANY(%s::uuid[])', [uuid_array(ids)], output_field=BooleanField())


SLOTS_SQL = ("SELECT id, slots, content FROM memories_memory WHERE tenant_id = %s AND id = ANY(%s::uuid[]) "
             "AND cardinality(slots) > 0")


def slot_rows(ids: Sequence[uuid.UUID]) -> list[tuple[uuid.UUID, list[str], str]]:
    """``SLOTS_SQL`` in the active tenant: the memories among ``ids`` that fill a slot, with their slots and
    content (``memories.recall.attributes``)."""
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(SLOTS_SQL, [get_active_tenant().pk, uuid_array(ids)])
        return list(cursor.fetchall())


CONTENTS_SQL = "SELECT id, content FROM memories_memory WHERE tenant_id = %s AND id = ANY(%s::uuid[])"


def contents(ids: Sequence[uuid.UUID]) -> list[tuple[uuid.UUID, str]]:
    """``CONTENTS_SQL`` in the active tenant: (id, content) of the memories among ``ids``
    (``memories.recall.pastimes``, ``category.holders``)."""
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(CONTENTS_SQL, [get_active_tenant().pk, uuid_array(ids)])
        return list(cursor.fetchall())


SCOPE_CONTENTS_SQL = "SELECT content FROM memories_memory WHERE scope_id = %s AND tenant_id = %s LIMIT %s"


def scope_contents(scope_id: uuid.UUID, tenant_id: Any, limit: int) -> list[str]:
    """``SCOPE_CONTENTS_SQL``: the contents of at most ``limit`` memories of one scope of ``tenant_id`` (off a
    request, on a thread with no active tenant: ``memories.recall.category.prepare``)."""
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(SCOPE_CONTENTS_SQL, [scope_id, tenant_id, limit])
        return [content for (content,) in cursor.fetchall()]


def mentioned_names(names: Sequence[str], scope_ids: Iterable[uuid.UUID]) -> set[str]:
    """``MENTIONED_NAMES_SQL`` in the active tenant."""
    tenant_id = get_active_tenant().pk
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(MENTIONED_NAMES_SQL, [tenant_id, tenant_id, list(names), uuid_array(scope_ids)])
        return {name for (name,) in cursor.fetchall()}


def mentioning(names: Sequence[str], memory_ids: Iterable[uuid.UUID]) -> list[tuple[str, uuid.UUID, str]]:
    """``MENTIONING_SQL`` in the active tenant: (case-folded name, memory id, content)."""
    tenant_id = get_active_tenant().pk
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(MENTIONING_SQL, [tenant_id, tenant_id, list(names), uuid_array(memory_ids)])
        return cursor.fetchall()


def index_rows(scope_id: uuid.UUID, since: int | None, primary: str,
               secondary: Sequence[str]) -> list[tuple[Any, ...]]:
    """``INDEX_ROWS_SQL`` for one scope of the active tenant: nothing when the scope is gone or is
    another tenant's. ``primary``: the primary model's name; ``secondary``: the other models' names."""
    changed = "" if since is None else "AND m.search_seq > %s"
    tenant_id = get_active_tenant().pk
    params: list[Any] = [primary, primary, *([] if since is None else [since]), list(secondary), scope_id,
                         tenant_id]
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(INDEX_ROWS_SQL.format(changed=changed), params)
        return cursor.fetchall()


def removals(scope_ids: Sequence[uuid.UUID]) -> list[tuple[uuid.UUID, int]]:
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(REMOVALS_SQL, [list(scope_ids)])
        return cursor.fetchall()


def access_upsert(counts: Mapping[uuid.UUID, tuple[int, datetime]]) -> int:
    """Call inside a transaction: its commit does not wait for the WAL flush (a lost access count is
    cheaper than a slower search)."""
    ids = list(counts)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")
        cursor.execute(ACCESS_UPSERT_SQL, [ids, [counts[i][0] for i in ids], [counts[i][1] for i in ids]])
        return int(cursor.rowcount)


SearchKey = tuple[uuid.UUID, str, date]  # tenant, actor, day


def search_count_upsert(counts: Mapping[SearchKey, tuple[int, datetime]]) -> int:
    """``access_upsert`` for the searches per key and day."""
    keys = list(counts)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")
        cursor.execute(SEARCH_COUNT_UPSERT_SQL, [[k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys],
                                                 [counts[k][0] for k in keys], [counts[k][1] for k in keys]])
        return int(cursor.rowcount)


HNSW_MAX_EF_SEARCH = 1000  # pgvector's upper bound for hnsw.ef_search


def hnsw_iterative_scan(limit: int, index_rows: int) -> int:
    """pgvector 0.8 iterative scans for the rest of this transaction, and the number of rows to fetch from
    the index before keeping the best ``limit`` by distance: ``settings.HNSW_SCAN_ROWS`` (a fixed number, a cost
    that does not grow with the index), or ``settings.HNSW_SCAN_SHARE`` of the index's ``index_rows`` when more, at
    least ``limit``.

    Relaxed order: the index goes on past its first ``ef_search`` candidates (resuming from those it
    discarded) until that many rows passed the filter, or ``hnsw.max_scan_tuples`` were visited; the caller
    sorts what it got. Fetching more rows than it keeps is what finds the right neighbourhood when the graph's
    first ``ef_search`` candidates lie in the wrong one (docs/scaling.md, "At 1M")."""
    rows = max(int(limit), int(settings.HNSW_SCAN_ROWS),
               math.ceil(float(settings.HNSW_SCAN_SHARE) * max(int(index_rows), 0)))
    ef_search = min(HNSW_MAX_EF_SEARCH, max(int(settings.HNSW_EF_SEARCH), 2 * int(limit)))
    with connections[read_alias()].cursor() as cursor:  # SET LOCAL, the three in one statement
        cursor.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true),"
                       " set_config('hnsw.ef_search', %s, true), set_config('hnsw.max_scan_tuples', %s, true)",
                       [str(ef_search), str(max(20_000, 4 * rows))])
    return rows


WORD_SHARES_SECONDS = 60
WORD_STATISTICS_KEY = "word-statistics"  # the memoised row's cache key


def word_shares(words: Sequence[str], prefixes: Sequence[str]) -> tuple[dict[str, float], float | None]:
    """The share of memories holding each listed word that is one of ``words`` or starts with one of
    ``prefixes`` (``WORD_SHARES_SQL``), and the lowest share the statistics list (None: no statistics). The
    statistics are read once a minute per process (``word_statistics``)."""
    elems, freqs = word_statistics()
    if freqs is None or len(freqs) < 2:
        return {}, None
    wanted, starts = set(words), tuple(prefixes)
    shares = {word: float(share) for word, share in zip(elems or [], freqs, strict=False)
              if word in wanted or (starts and word.startswith(starts))}
    return shares, float(freqs[-2])


def word_statistics() -> tuple[list[str] | None, list[float] | None]:
    """``WORD_SHARES_SQL``'s one row (no statistics: None, None), memoised ``WORD_SHARES_SECONDS`` per process."""
    found = cache.get(WORD_STATISTICS_KEY)
    if found is None:
        with connections[read_alias()].cursor() as cursor:
            cursor.execute(WORD_SHARES_SQL)
            row = cursor.fetchone()
        found = (row[0], row[1]) if row is not None else (None, None)
        cache.set(WORD_STATISTICS_KEY, found, WORD_SHARES_SECONDS)
    return found[0], found[1]


def hnsw_graph_rows(index: str) -> int:
    """The rows of an index as the statistics know them (``pg_class.reltuples``, set by its build, VACUUM and
    ANALYZE): the size of an HNSW graph, every tenant's rows together. 0 when unknown."""
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(GRAPH_ROWS_SQL, [index])
        row = cursor.fetchone()
    return max(int(row[0]), 0) if row is not None and row[0] is not None else 0


def model_hnsw_name(model: str) -> str:
    """The partial HNSW index of a secondary model's vectors (a stable name per model name)."""
    return "memoryvector_hnsw_" + hashlib.sha256(model.encode()).hexdigest()[:12]


def model_hnsw_create(model: str, dimensions: int, *, concurrently: bool = False) -> str:
    quoted = "'" + model.replace("'", "''") + "'"  # DDL takes no parameters: a quoted literal
    return MODEL_HNSW_SQL.format(concurrently="CONCURRENTLY" if concurrently else "", name=model_hnsw_name(model),
                                 dimensions=int(dimensions), model=quoted)


def model_hnsw_exists(model: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_indexes WHERE indexname = %s", [model_hnsw_name(model)])
        return cursor.fetchone() is not None


def model_hnsw_ensure(model: str, dimensions: int) -> bool:
    """Build the model's partial HNSW index unless it exists (CONCURRENTLY: writes go on meanwhile; outside a
    transaction). Returns whether it was built now."""
    if model_hnsw_exists(model):
        return False
    with connection.cursor() as cursor:
        cursor.execute(model_hnsw_create(model, dimensions, concurrently=True))
    return True


def capped_matches(parts: Sequence[tuple[str, Sequence[Any]]], cap: int, limit: int, alias: str
                   ) -> list[tuple[Any, ...]]:
    """``CAPPED_MATCHES_SQL`` over ``parts`` ((statement, parameters) of ORM querysets, each of the rows'
    (pk, type, confidence, valid_from, rank)) on the database ``alias``."""
    statement = CAPPED_MATCHES_SQL.format(parts=" UNION ALL ".join(f"({text})" for text, _ in parts))
    params = [p for _, part_params in parts for p in part_params] + [int(cap), int(limit)]
    with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
        cursor.execute("SELECT set_config('max_parallel_workers_per_gather', '0', true)")
        cursor.execute(statement, params)
        return cursor.fetchall()


# The live end of each retired memory's supersede chain (``memories.recall.successors``): each link a memory of the
# same scope, among the searched ones, that a newer one replaced; the end the first that is not deprecated.
SUCCESSORS_SQL = """
WITH RECURSIVE chain (start, scope_id, id, depth) AS (
    SELECT m.id, m.scope_id, m.superseded_by_id, 1 FROM memories_memory m
     WHERE m.tenant_id = %(tenant)s AND m.id = ANY(%(ids)s::uuid[]) AND m.scope_id = ANY(%(scopes)s::uuid[])
       AND m.status = 'deprecated' AND m.superseded_by_id IS NOT NULL
    UNION ALL
    SELECT c.start, c.scope_id, n.superseded_by_id, c.depth + 1 FROM chain c
      JOIN memories_memory n ON n.id = c.id AND n.tenant_id = %(tenant)s AND n.scope_id = c.scope_id
     WHERE n.status = 'deprecated' AND n.superseded_by_id IS NOT NULL AND c.depth < %(depth)s
)
SELECT c.start, c.id FROM chain c
  JOIN memories_memory s ON s.id = c.id AND s.tenant_id = %(tenant)s AND s.scope_id = c.scope_id
 WHERE s.status <> 'deprecated'
"""


def successors(ids: Sequence[uuid.UUID], scope_ids: Sequence[uuid.UUID], depth: int
               ) -> list[tuple[uuid.UUID, uuid.UUID]]:
    """``SUCCESSORS_SQL`` in the active tenant: (retired memory, the live memory ending its chain) for those of
    ``ids`` in ``scope_ids`` that a newer memory of their scope replaced, at most ``depth`` links away."""
    with connections[read_alias()].cursor() as cursor:
        cursor.execute(SUCCESSORS_SQL, {"tenant": get_active_tenant().pk, "ids": uuid_array(ids),
                                        "scopes": uuid_array(scope_ids), "depth": depth})
        return list(cursor.fetchall())
