"""The cost curve to a million memories: fill a scratch database quickly and realistically, then measure.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py fill --layout one --to 10000 [--pgdata /tmp/pg-scale]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py snapshot --layout one --name 10k
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py measure --layout one --db scale_one_10k --out r.json
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py measure --layout one --db scale_one --only recall \
        --recall-settings 400:0,1000:0.005,100:0:1000  # HNSW recall@10 vs exact, per ef:share[:rows]
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py report results/*.json  # table + docs/scaling-*.png
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py measure --layout one --db scale_one_10k \
        --only search_index,search_sql,search_hnsw,web_process --json bench/runs/scale.json
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py report bench/runs/scale.json --write  # ratio table

Every search step also searches a reference scope of 1,000 memories (a tenant of its own in the same
database, filled on first use) alternately with the large one, and records wall and CPU ms per search and
the load average: each size is read as a ratio to the reference measured beside it, not minutes apart.

Server: its own embedded PostgreSQL in ``--pgdata`` (default ``/tmp/pg-scale``; never the project's
``.pgdata``), one database per layout (``scale_one``, ``scale_tenants``), migrated on the first fill.

Layouts: ``one`` — every memory in one scope of one tenant; ``tenants`` — the same total over 1,000 tenants,
one scope each (memory i goes to tenant i mod 1000, so each stage grows every tenant alike).

Realistic rows, quickly. The corpus: the dialogue turns and observations of ``../shared/data/locomo-dev.json``
(read from there, never copied), embedded once by the real models (both configured ones; cached in
``--corpus``), and its questions as queries. Memory i's content is one corpus sentence; its vectors are
``normalise(e[a] + 0.3·e[b] + noise)`` of two real sentences' embeddings (a = its sentence, b another) per
model, so the million vectors are as spread as real ones and never exact copies. Content repeats (each
sentence ~300 times at 1M; the content hash includes the row number so the live-content constraint holds),
which makes word document frequencies higher than real text's. Proportions (seeded): status active 82 %,
deprecated 12 %, pending 4 %, conflicted 2 %; type fact 45 %, note 20 %, preference 15 %, task 10 %,
summary 10 %; 60 % about a subject (1,000 subjects in ``one``, 20 per tenant in ``tenants``); 5 % keyed;
70 % in a conversation session of 20; 2 % expire; 20 % metadata ``{"source": "chat"}``; versions: one per
memory plus one more for deprecated memories and 10 % of the rest (~1.2 per memory). In ``one``, every 10th
of the first 100,000 memories is about the subject ``erase-me`` (10,000 memories from the 100k stage on).

Written with COPY (psycopg, binary) in batches. The HNSW indexes (the primary model's on the memory row,
each secondary model's partial index on ``memories_memoryvector``) are dropped before a stage's COPY and
built again after it (inserting into HNSW row by row is far slower than building it): a stage's build is
not incremental, its data is. ``maintenance_work_mem`` is raised for the build.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "locomo-dev.json"
TENANTS = 1000
BATCH = 50_000
STATUSES = (("active", 0.82), ("deprecated", 0.12), ("pending", 0.04), ("conflicted", 0.02))
TYPES = (("fact", 0.45), ("note", 0.20), ("preference", 0.15), ("task", 0.10), ("summary", 0.10))
EPOCH = datetime(2023, 1, 1, tzinfo=UTC)
SPAN_SECONDS = 2 * 365 * 86400
ERASE_SUBJECT = "erase-me"
MAINTENANCE_WORK_MEM = "6GB"
REBUILT = ("memory_search_vector_gin", "memoryversion_subject_ids")  # dropped for a stage's COPY, built after


def setup(pgdata: Path, db: str) -> None:
    if pgdata.resolve() == (ROOT / ".pgdata").resolve():
        sys.exit("refusing to use the project's .pgdata: give --pgdata a scratch directory")
    os.environ["MNEMARA_PGDATA"] = str(pgdata)
    os.environ["MNEMARA_DB_NAME"] = db
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    sys.path.insert(0, str(ROOT))


def admin_params() -> dict[str, Any]:
    from django.db import connection

    params = connection.get_connection_params()
    return {key: params[key] for key in ("host", "port", "user", "password") if key in params}


def ensure_database(name: str) -> None:
    """Create the database (from the server's side) and migrate it, once."""
    import psycopg

    with psycopg.connect(**admin_params(), dbname="postgres", autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


# --------------------------------------------------------------------------- the corpus

def corpus(path: Path) -> dict[str, Any]:
    """Sentences and questions of LoCoMo, embedded once by every configured model (cached in ``path``)."""
    if path.exists():
        data = np.load(path, allow_pickle=False)
        return {key: data[key] for key in data.files}
    from memories.embeddings import embedders
    from memories.write.text import search_text

    conversations = json.loads(DATA.read_text())
    sentences = corpus_sentences(conversations)
    questions = list(dict.fromkeys(q["question"] for c in conversations for q in c["qa"] if q.get("question")))
    found: dict[str, Any] = {"sentences": np.array(sentences), "questions": np.array(questions),
                             "search_text": np.array([search_text(s) for s in sentences])}
    for k, embedder in enumerate(embedders()):
        started = time.perf_counter()
        found[f"vectors_{k}"] = np.asarray(embedder.embed(sentences), dtype=np.float32)
        found[f"coverage_{k}"] = np.asarray(embedder.coverage(sentences), dtype=np.float32)
        found[f"queries_{k}"] = np.asarray([embedder.embed_query(q) for q in questions], dtype=np.float32)
        print(f"embedded {len(sentences)} sentences + {len(questions)} questions with {embedder.name} "
              f"in {time.perf_counter() - started:.0f} s", flush=True)
    np.savez(path, **found)
    return found


def corpus_sentences(conversations: list[dict[str, Any]]) -> list[str]:
    """LoCoMo's turns and observations, each once, in order."""
    sentences: list[str] = []
    for conversation in conversations:
        for name, turns in conversation["conversation"].items():
            if name.startswith("session_") and isinstance(turns, list):
                sentences += [f"{t['speaker']}: {t['text']}" for t in turns if t.get("text")]
        for observations in conversation.get("observation", {}).values():
            for facts in (observations or {}).values():
                sentences += [fact[0] for fact in facts if fact and isinstance(fact[0], str)]
    return list(dict.fromkeys(s.strip() for s in sentences if s.strip()))


def perturbed(vectors: np.ndarray, a: np.ndarray, b: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    dims = vectors.shape[1]
    mixed = vectors[a] + 0.3 * vectors[b] + rng.standard_normal((len(a), dims), dtype=np.float32) * (0.3 / dims**0.5)
    mixed /= np.linalg.norm(mixed, axis=1, keepdims=True)
    return mixed.astype(np.float32)


# --------------------------------------------------------------------------- the fill

def hnsw_index_sql() -> list[tuple[str, str]]:
    """(name, CREATE INDEX statement) of every HNSW index the schema has for the configured models."""
    from memories.recall import sql

    found = [("memory_embedding_hnsw", "CREATE INDEX memory_embedding_hnsw ON memories_memory "
              "USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)")]
    from memories.embeddings import embedders

    for embedder in embedders()[1:]:
        found.append((sql.model_hnsw_name(embedder.name), sql.model_hnsw_create(embedder.name, embedder.dimensions)))
    return found


def tenants_and_scopes(layout: str) -> tuple[list[tuple[uuid.UUID, uuid.UUID, str]], dict[uuid.UUID, list[uuid.UUID]],
                                             dict[uuid.UUID, uuid.UUID]]:
    """[(tenant id, scope id, scope path)], subject ids per tenant, and the erase-me subject per tenant."""
    from memories.models import Scope
    from tenants.models import Subject, Tenant
    from tenants.scoping import tenant_scope

    count = 1 if layout == "one" else TENANTS
    subjects_per = 1000 if layout == "one" else 20
    found, subjects, erase = [], {}, {}
    for t in range(count):
        tenant, _ = Tenant.objects.get_or_create(slug=f"scale-{layout}-{t}", defaults={"name": f"scale {layout} {t}"})
        with tenant_scope(tenant):
            scope, _ = Scope.objects.get_or_create(path="user/main")
            if not Subject.objects.exists():
                Subject.objects.bulk_create([Subject(external_id=f"person-{s}") for s in range(subjects_per)]
                                            + [Subject(external_id=ERASE_SUBJECT)])
            ids = dict(Subject.objects.values_list("external_id", "pk"))
        erase[tenant.pk] = ids.pop(ERASE_SUBJECT)
        subjects[tenant.pk] = sorted(ids.values())
        found.append((tenant.pk, scope.pk, scope.path))
    return found, subjects, erase


def pick(rng: np.random.Generator, choices: tuple[tuple[str, float], ...], n: int) -> np.ndarray:
    return rng.choice([c for c, _ in choices], size=n, p=[p for _, p in choices])


def fill(layout: str, to: int, corpus_data: dict[str, Any], *, hnsw: bool = True) -> None:
    import psycopg
    from django.db import connection
    from pgvector.psycopg import register_vector
    from psycopg.types.json import Jsonb

    from memories.embeddings import embedders

    models = [e.name for e in embedders()]
    scopes, subjects, erase = tenants_and_scopes(layout)
    connection.close()
    params = admin_params() | {"dbname": os.environ["MNEMARA_DB_NAME"]}
    with psycopg.connect(**params, autocommit=True) as conn:
        have = conn.execute(  # the reference scope (bench/scale_measure.py) is not part of the layout
            "SELECT count(*) FROM memories_memory m JOIN tenants_tenant t ON t.id = m.tenant_id WHERE t.slug <> %s",
            ["scale-reference"]).fetchone()[0]  # type: ignore[index]
        print(f"{layout}: {have} memories, growing to {to}", flush=True)
        if have >= to:
            return
        for name, _ in hnsw_index_sql():
            conn.execute(f"DROP INDEX IF EXISTS {name}")
        rebuilt = [row[0] for row in conn.execute(
            "SELECT indexdef FROM pg_indexes WHERE indexname = ANY(%s)", [list(REBUILT)]).fetchall()]
        for name in REBUILT:
            conn.execute(f"DROP INDEX IF EXISTS {name}")
        # The trigger stamps each row by updating its scope's row: a million updates of one row in a COPY.
        # The stamps are written here instead, one per batch, as the trigger would (memories/recall/index).
        conn.execute("ALTER TABLE memories_memory DISABLE TRIGGER memories_search_changed")
        register_vector(conn)
        sentences, texts = corpus_data["sentences"], corpus_data["search_text"]
        vectors = [corpus_data[f"vectors_{k}"] for k in range(len(models))]
        coverages = [corpus_data[f"coverage_{k}"] for k in range(len(models))]
        started = time.perf_counter()
        for start in range(have, to, BATCH):
            n = min(BATCH, to - start)
            rng = np.random.default_rng([1 if layout == "one" else 2, start])
            _copy_batch(conn, layout, start, n, rng, scopes, subjects, erase, models, sentences, texts, vectors,
                        coverages, Jsonb)
            print(f"  {start + n} rows, {time.perf_counter() - started:.0f} s", flush=True)
        copied = time.perf_counter() - started
        conn.execute("ALTER TABLE memories_memory ENABLE TRIGGER memories_search_changed")
        conn.execute(f"SET maintenance_work_mem = '{MAINTENANCE_WORK_MEM}'")
        conn.execute("SET max_parallel_maintenance_workers = 2")
        builds = {}
        for create in rebuilt:
            t0 = time.perf_counter()
            conn.execute(create)
            builds[create.split()[2]] = round(time.perf_counter() - t0, 1)
        for name, create in hnsw_index_sql():
            if not hnsw:
                continue
            t0 = time.perf_counter()
            conn.execute(create)
            builds[name] = round(time.perf_counter() - t0, 1)
            print(f"  built {name} in {builds[name]} s", flush=True)
        conn.execute("VACUUM ANALYZE")
        log = Path(f"/tmp/scale-fill-{layout}.jsonl")
        with log.open("a") as out:
            out.write(json.dumps({"layout": layout, "from": have, "to": to, "copy_s": round(copied, 1),
                                  "hnsw_build_s": builds}) + "\n")


def _copy_batch(conn: Any, layout: str, start: int, n: int, rng: np.random.Generator, scopes: list[Any],
                subjects: dict[uuid.UUID, list[uuid.UUID]], erase: dict[uuid.UUID, uuid.UUID], models: list[str],
                sentences: np.ndarray, texts: np.ndarray, vectors: list[np.ndarray], coverages: list[np.ndarray],
                jsonb: Any) -> None:
    memory_rows, vector_rows, subject_rows, version_rows = _batch_rows(
        layout, start, n, rng, scopes, subjects, erase, models, sentences, texts, vectors, coverages, jsonb)
    _copy_rows(conn, scopes, memory_rows, vector_rows, subject_rows, version_rows)


def _batch_rows(layout: str, start: int, n: int, rng: np.random.Generator, scopes: list[Any],
                subjects: dict[uuid.UUID, list[uuid.UUID]], erase: dict[uuid.UUID, uuid.UUID], models: list[str],
                sentences: np.ndarray, texts: np.ndarray, vectors: list[np.ndarray], coverages: list[np.ndarray],
                jsonb: Any) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
    """The rows of ``n`` memories from ``start`` on: memories, their other models' vectors, subjects, versions."""
    rows = np.arange(start, start + n)
    a = rng.integers(0, len(sentences), n)
    b = rng.integers(0, len(sentences), n)
    vecs = [perturbed(v, a, b, rng) for v in vectors]
    status = pick(rng, STATUSES, n)
    types = pick(rng, TYPES, n)
    confidence = np.round(rng.uniform(0.6, 1.0, n), 3)
    inferred = rng.random(n) < 0.3
    has_subject = rng.random(n) < 0.6
    subject_pick = rng.integers(0, 1 << 30, n)
    keyed = rng.random(n) < 0.05
    in_session = rng.random(n) < 0.7
    expires = rng.random(n) < 0.02
    meta = rng.random(n) < 0.2
    extra_version = (status == "deprecated") | (rng.random(n) < 0.1)
    seconds = ((rows.astype(np.float64) / max(rows[-1] + 1, 1)) * SPAN_SECONDS * 0.5
               + rng.uniform(0, SPAN_SECONDS * 0.5, n))
    ids = [uuid.UUID(bytes=bytes(r), version=4) for r in rng.integers(0, 256, (n, 16), dtype=np.uint8)]
    version_ids = [uuid.UUID(bytes=bytes(r), version=4) for r in rng.integers(0, 256, (n * 2, 16), dtype=np.uint8)]
    empty, chat = jsonb({}), jsonb({"source": "chat"})
    memory_rows, vector_rows, subject_rows, version_rows = [], [], [], []
    for j in range(n):
        i = int(rows[j])
        tenant_id, scope_id, path = scopes[0] if layout == "one" else scopes[i % TENANTS]
        local = i if layout == "one" else i // TENANTS
        subject = _subject_of(layout, i, tenant_id, bool(has_subject[j]), int(subject_pick[j]), subjects, erase)
        content = str(sentences[a[j]])
        when = EPOCH + timedelta(seconds=float(seconds[j]))
        st, ty = str(status[j]), str(types[j])
        valid_to = when + timedelta(days=30) if st == "deprecated" else None
        expires_at = when + timedelta(days=400) if expires[j] else None
        key = f"k/{local}" if keyed[j] else None
        session = f"s-{local // 20}" if in_session[j] else ""
        entity = f"topic-{int(b[j]) % 500}" if ty in ("fact", "preference") and b[j] % 5 == 0 else ""
        md = chat if meta[j] else empty
        provenance = "inferred" if inferred[j] else "stated"
        version = 2 if extra_version[j] else 1
        chash = hashlib.sha256(f"{content}\x00{i}".encode()).hexdigest()
        memory_rows.append((ids[j], ty, content, chash, entity, md, float(confidence[j]), provenance, st, session,
                            when, valid_to, expires_at, vecs[0][j], models[0], str(texts[a[j]]), version, when,
                            when, subject, tenant_id, scope_id, float(coverages[0][a[j]]), key, 2, []))
        for k in range(1, len(models)):
            vector_rows.append((models[k], float(coverages[k][a[j]]), vecs[k][j], when, ids[j], tenant_id))
        subject_ids = [subject] if subject is not None else []
        if subject is not None:
            subject_rows.append((when, ids[j], subject, tenant_id))
        version_rows += _version_rows(version_ids[2 * j: 2 * j + version], st, (
            path, ty, content, entity, md, float(confidence[j]), provenance), session, when, valid_to,
            (ids[j], tenant_id, subject_ids, "", empty, key))
    return memory_rows, vector_rows, subject_rows, version_rows


def _subject_of(layout: str, i: int, tenant_id: uuid.UUID, has_subject: bool, subject_pick: int,
                subjects: dict[uuid.UUID, list[uuid.UUID]], erase: dict[uuid.UUID, uuid.UUID]) -> uuid.UUID | None:
    """Memory ``i``'s subject: the erasure canary for every tenth of the first 100,000 in one tenant, else one
    of its tenant's subjects for those drawn to have one."""
    if layout == "one" and i < 100_000 and i % 10 == 0:
        return erase[tenant_id]
    if has_subject:
        pool = subjects[tenant_id]
        return pool[subject_pick % len(pool)]
    return None


def _version_rows(version_ids: list[uuid.UUID], st: str, said: tuple[Any, ...], session: str, when: Any,
                  valid_to: Any, tail: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """A memory's versions: created, then (version 2) updated or deprecated; the last one has its status."""
    version = len(version_ids)
    rows = []
    for v in range(1, version + 1):
        change = "create" if v == 1 else ("deprecate" if st == "deprecated" else "update")
        rows.append((version_ids[v - 1], v, change, "api-key:scale", "", *said, st if v == version else "active",
                     session, when, valid_to if v == version else None, None, when, *tail))
    return rows


def _copy_rows(conn: Any, scopes: list[Any], memory_rows: list[Any], vector_rows: list[Any],
               subject_rows: list[Any], version_rows: list[Any]) -> None:
    """The rows written with COPY, in one transaction, under one new search sequence number."""
    with conn.transaction():
        cur = conn.cursor()
        seq = cur.execute("SELECT nextval('memories_search_seq')").fetchone()[0]
        cur.execute("UPDATE memories_scope SET search_seq = %s WHERE id = ANY(%s)",
                    [seq, list({scope_id for _, scope_id, _ in scopes})])
        with cur.copy("COPY memories_memory (id, type, content, content_hash, entity, metadata, confidence, provenance,"
                      " status, source_session, valid_from, valid_to, expires_at, embedding, embedding_model,"
                      " search_text, version, created_at, updated_at, subject_id, tenant_id, scope_id,"
                      " embedding_coverage, key, search_text_version, slots, search_seq)"
                      " FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["uuid", "varchar", "text", "varchar", "varchar", "jsonb", "float8", "varchar", "varchar",
                            "varchar", "timestamptz", "timestamptz", "timestamptz", "vector", "varchar", "text",
                            "int4", "timestamptz", "timestamptz", "uuid", "uuid", "uuid", "float8", "varchar",
                            "int2", "varchar[]", "int8"])
            for row in memory_rows:
                copy.write_row((*row, seq))
        with cur.copy("COPY memories_memoryvector (model, coverage, embedding, created_at, memory_id, tenant_id)"
                      " FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["varchar", "float8", "vector", "timestamptz", "uuid", "uuid"])
            for row in vector_rows:
                copy.write_row(row)
        with cur.copy("COPY memories_memorysubject (created_at, memory_id, subject_id, tenant_id)"
                      " FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["timestamptz", "uuid", "uuid", "uuid"])
            for row in subject_rows:
                copy.write_row(row)
        with cur.copy("COPY memories_memoryversion (id, version, change, actor, reason, scope_path, type, content,"
                      " entity, metadata, confidence, provenance, status, source_session, valid_from, valid_to,"
                      " superseded_by_id_value, created_at, memory_id, tenant_id, subject_ids, reason_code,"
                      " reason_params, key) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["uuid", "int4", "varchar", "varchar", "varchar", "varchar", "varchar", "text", "varchar",
                            "jsonb", "float8", "varchar", "varchar", "varchar", "timestamptz", "timestamptz", "uuid",
                            "timestamptz", "uuid", "uuid", "uuid[]", "varchar", "jsonb", "varchar"])
            for row in version_rows:
                copy.write_row(row)


def snapshot(layout: str, name: str) -> None:
    import psycopg

    source = f"scale_{layout}"
    target = f"{source}_{name}"
    with psycopg.connect(**admin_params(), dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{target}"')
        conn.execute(f'CREATE DATABASE "{target}" TEMPLATE "{source}"')
    print(f"snapshot {target}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["fill", "grow", "snapshot", "measure", "report"])
    parser.add_argument("--layout", choices=["one", "tenants"], default="one")
    parser.add_argument("--to", type=int, default=10_000)
    parser.add_argument("--stages", default="10000,100000,1000000", help="grow: fill, snapshot and go on")
    parser.add_argument("--name", default="")
    parser.add_argument("--db", default="")
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-scale"))
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/scale-corpus.npz"))
    parser.add_argument("--out", type=Path)
    parser.add_argument("--json", type=Path, help="measure: add the result to this list (bench/runs/scale.json)")
    parser.add_argument("--write", action="store_true", help="report: write the ratio table into docs/scaling.md")
    parser.add_argument("--no-hnsw", action="store_true", help="fill: leave the HNSW indexes out (not built)")
    parser.add_argument("--skip", default="", help="measure: steps to leave out, comma-separated")
    parser.add_argument("--only", default="", help="measure: the only steps to run, comma-separated (e.g. recall)")
    parser.add_argument("--recall-settings", default="",
                        help="measure's recall step: HNSW_EF_SEARCH:HNSW_SCAN_SHARE[:HNSW_SCAN_ROWS] settings to "
                             "compare, comma-separated (default: the configured ones), e.g. 400:0,100:0:1000")
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    if args.command == "report":
        sys.path.insert(0, str(ROOT))
        from bench.scale_report import report

        report(args.files, write=args.write)
        return
    db = args.db or f"scale_{args.layout}"
    setup(args.pgdata, db)
    import django

    django.setup()
    if args.command in ("fill", "grow"):
        ensure_database(db)
        data = corpus(args.corpus)
        stages = [args.to] if args.command == "fill" else [int(s) for s in args.stages.split(",")]
        for stage in stages:
            fill(args.layout, stage, data, hnsw=not args.no_hnsw)
            if args.command == "grow" and stage != stages[-1]:
                from django.db import connections

                connections.close_all()
                snapshot(args.layout, f"{stage // 1000}k")
    elif args.command == "snapshot":
        snapshot(args.layout, args.name)
    elif args.command == "measure":
        from bench.scale_measure import measure

        pairs = [pair.split(":") for pair in filter(None, args.recall_settings.split(","))]
        configs = [(int(pair[0]), float(pair[1]), int(pair[2]) if len(pair) > 2 else 0) for pair in pairs]
        result = measure(args.layout, db, corpus(args.corpus), skip=set(filter(None, args.skip.split(","))),
                         only=set(filter(None, args.only.split(","))), recall_configs=configs or None)
        print(json.dumps(result, indent=1))
        if args.out:
            args.out.write_text(json.dumps(result, indent=1))
        if args.json:
            from bench.scale_report import keep

            keep(args.json, result)


if __name__ == "__main__":
    main()
