"""LoCoMo in one run: Mnemara through REST with the defaults against mem0 in-process on pgvector, same model.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/locomo_mem0.py [--conversations N] [--out result.json]
        [--pgdata /tmp/pg-locomo-mem0] [--web-workers 2]

Beside ``bench/locomo.py`` (whose loading, import and measures it reuses). One embedded PostgreSQL (a throwaway
``--pgdata``) serves both: Mnemara's own server (started as ``bench/locomo.py`` starts it: migrate, demo key,
``server.runtime.supervise``) and, in this process, mem0 (``mem0ai``, the version installed; the issue's bar is
2.2.1) on its pgvector store in a database of its own (``mem0_locomo``, one table, mem0's HNSW index).

* mem0 stores the raw turns (``add(..., infer=False)``: no LLM, one memory per message, content
  ``"<speaker>: <text>"`` as Mnemara's; one ``add`` per session, ``user_id`` = the conversation), embedded by
  the same all-MiniLM-L6-v2 run as Mnemara's (a mem0 embedder wrapping ``memories.embeddings``: no download,
  no query cache, so every mem0 search embeds its query). Its LLM is never built (``infer=False`` needs none).
* Mnemara imports the same turns through ``POST /api/v1/memories`` (``bench/locomo.py``'s import).
* Then every question (categories 1–4 with evidence) is asked of both, **alternately** (Mnemara, then mem0,
  question by question, so both see the same machine): Mnemara ``POST /api/v1/memories/search`` with k=10 and
  the defaults (client-side ms, HTTP included), mem0 ``Memory.search(query, filters={"user_id": …},
  top_k=10)`` (in-process ms). R@10 and MRR against the evidence turns, p50/p95/mean per side.

If ``psycopg_pool`` is not installed, ``bench/mem0_pool.py`` stands in for it (mem0's pgvector store needs only
its ``ConnectionPool``). mem0's search lemmatises and extracts entities with spaCy when spaCy is installed; without
it (as in this project's environment) it skips both, which only makes its search cheaper.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
MODEL = "all-MiniLM-L6-v2"
MEM0_DB = "mem0_locomo"

import locomo  # noqa: E402  (bench/locomo.py, beside this file)


def _pool_module() -> str:
    try:
        import psycopg_pool  # noqa: F401
    except ImportError:
        import mem0_pool

        sys.modules["psycopg_pool"] = mem0_pool
        return "bench/mem0_pool.py (psycopg_pool is not installed)"
    return "psycopg_pool"


class MiniLM:
    """mem0's embedder interface (``embed(text, memory_action)``) over the project's MiniLM run."""

    def __init__(self) -> None:
        from memories.embeddings import embedders

        found = [e for e in embedders() if e.name == MODEL]
        if not found:
            sys.exit(f"{MODEL} is not a configured model (MNEMARA_EMBEDDING_MODELS)")
        self.model = found[0]
        self.config = None

    def embed(self, text: str, memory_action: str | None = None) -> list[float]:
        return [float(x) for x in self.model.embed([text])[0]]  # no query cache: each search embeds


def mem0_memory(pgdata: Path) -> Any:
    """A mem0 ``Memory`` on its own database of the embedded server of ``pgdata``, with ``MiniLM``."""
    os.environ.update({"MNEMARA_PGDATA": str(pgdata), "MEM0_TELEMETRY": "False",
                       "DJANGO_SETTINGS_MODULE": "server.settings"})
    os.environ.pop("DATABASE_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    import logging

    import psycopg

    logging.getLogger("mem0").setLevel(logging.WARNING)  # one INFO line per stored vector otherwise
    from django.db import connection

    params = connection.get_connection_params()
    admin = {key: params[key] for key in ("host", "port", "user", "password") if params.get(key)}
    with psycopg.connect(**admin, dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{MEM0_DB}"')
        conn.execute(f'CREATE DATABASE "{MEM0_DB}"')
    with psycopg.connect(**admin, dbname=MEM0_DB, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    import psycopg_pool

    conninfo = psycopg.conninfo.make_conninfo(**{k: str(v) for k, v in admin.items()}, dbname=MEM0_DB)
    pool = psycopg_pool.ConnectionPool(conninfo=conninfo, min_size=1, max_size=4, open=True)
    from mem0.configs.base import MemoryConfig
    from mem0.memory import main as mem0_main

    embedder = MiniLM()
    config = MemoryConfig(
        vector_store={"provider": "pgvector", "config": {"collection_name": "locomo", "embedding_model_dims": 384,
                                                         "connection_pool": pool, "hnsw": True}},
        history_db_path=str(Path(tempfile.mkdtemp(prefix="mem0-history-")) / "history.db"))
    factories = (mem0_main.EmbedderFactory.create, mem0_main.LlmFactory.create)
    mem0_main.EmbedderFactory.create = lambda *a, **k: embedder  # type: ignore[method-assign]
    mem0_main.LlmFactory.create = lambda *a, **k: None  # type: ignore[method-assign]  # infer=False: no LLM
    try:
        return mem0_main.Memory(config)
    finally:
        mem0_main.EmbedderFactory.create, mem0_main.LlmFactory.create = factories  # type: ignore[method-assign]


def mem0_import(memory: Any, conversations: list[locomo.Conversation]) -> tuple[dict[str, dict[str, str]], float]:
    """Every turn into mem0, one ``add`` per session; per conversation, dialogue id -> mem0 id."""
    ids: dict[str, dict[str, str]] = {}
    began = time.monotonic()
    for conversation in conversations:
        sessions: dict[str, list[locomo.Turn]] = {}
        for turn in conversation.turns:
            sessions.setdefault(turn.session, []).append(turn)
        found = ids.setdefault(conversation.sample_id, {})
        for turns in sessions.values():
            messages = [{"role": "user", "content": f"{t.speaker}: {t.text}"} for t in turns]
            answer = memory.add(messages, user_id=conversation.sample_id, infer=False)
            results = answer["results"] if isinstance(answer, dict) else answer
            for turn, result in zip(turns, results, strict=True):
                found[turn.dia_id] = result["id"]
        print(f"  mem0 imported {conversation.sample_id}: {len(conversation.turns)} turns", flush=True)
    return ids, time.monotonic() - began


def side(records: list[tuple[float, float, float]]) -> dict[str, Any]:
    """R@10, MRR and latency of one side's (R@10, MRR, ms) per question."""
    return {"questions": len(records), "R@10": locomo.mean([r[0] for r in records]),
            "MRR": locomo.mean([r[1] for r in records]), **locomo.latency([r[2] for r in records])}


def ask_both(api: locomo.Api, memory: Any, conversations: list[locomo.Conversation],
             mem0_ids: dict[str, dict[str, str]], slowest: list[tuple[float, str]] | None = None) -> dict[str, Any]:
    """Both sides' R@10, MRR and latency; ``slowest`` (if given) receives Mnemara's (ms, question) per question."""
    mnemara: list[tuple[float, float, float]] = []
    mem0: list[tuple[float, float, float]] = []
    for conversation in conversations:
        to_dia = {v: k for k, v in mem0_ids[conversation.sample_id].items()}
        for question in conversation.questions:
            evidence = locomo.evidence_of(conversation, question)
            answer, ms = api.post(locomo.SEARCH, locomo.recall_body(question.question, conversation.scope, k=10))
            ids = [hit["memory"]["id"] for hit in answer["results"]]
            mnemara.append((locomo.recall_at(ids, evidence, 10), locomo.reciprocal_rank(ids, evidence), ms))
            if slowest is not None:
                slowest.append((ms, f"{conversation.sample_id}\t{question.question}"))
            began = time.perf_counter()
            found = memory.search(question.question, filters={"user_id": conversation.sample_id}, top_k=10)
            ms = (time.perf_counter() - began) * 1000
            dias = {mem0_ids[conversation.sample_id][d] for d in question.evidence}
            hits = [r["id"] for r in (found["results"] if isinstance(found, dict) else found)]
            assert all(h in to_dia for h in hits), "mem0 answered a memory of another conversation"
            mem0.append((locomo.recall_at(hits, dias, 10), locomo.reciprocal_rank(hits, dias), ms))
    return {"mnemara_rest": side(mnemara), "mem0_in_process": side(mem0)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=locomo.DATA)
    parser.add_argument("--conversations", type=int, default=0, help="only the first N conversations (0: all)")
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-locomo-mem0"))
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--out", type=Path, help="write the summary as JSON")
    parser.add_argument("--slowest", type=Path, help="write Mnemara's 60 slowest questions (ms, conversation, "
                                                     "question), to see what makes the tail")
    args = parser.parse_args()
    if args.pgdata.resolve() == (ROOT / ".pgdata").resolve():
        sys.exit("refusing to use the project's .pgdata")
    import importlib.metadata

    pool = _pool_module()
    conversations, _ = locomo.load(args.data, args.conversations, "user/locomo-")
    load_before = os.getloadavg()
    with locomo.own_server(args.pgdata, locomo.free_port(), args.web_workers, keep_data=False) as (base, key):
        api = locomo.Api(base, key)
        memory = mem0_memory(args.pgdata)
        imported = locomo.import_all(api, conversations, args.batch)
        mem0_ids, mem0_seconds = mem0_import(memory, conversations)
        timed: list[tuple[float, str]] = []
        result = ask_both(api, memory, conversations, mem0_ids, timed)
        api.close()
        from django.db import connections

        connections.close_all()
    result |= {"conversations": len(conversations), "turns": imported["turns"],
               "mnemara_ingest_seconds": imported["ingest_seconds"], "mem0_ingest_seconds": mem0_seconds,
               "mem0_version": importlib.metadata.version("mem0ai"), "pool": pool, "model": MODEL,
               "load_before": load_before, "load_after": os.getloadavg(), "revision": locomo.git_revision()}
    print(f"{'side':<22}{'questions':>10}{'R@10':>8}{'MRR':>8}{'p50 ms':>9}{'p95 ms':>9}{'mean ms':>9}")
    for name in ("mnemara_rest", "mem0_in_process"):
        s = result[name]
        print(f"{name:<22}{s['questions']:>10}{s['R@10']:>8.3f}{s['MRR']:>8.3f}{s['p50_ms']:>9.1f}"
              f"{s['p95_ms']:>9.1f}{s['mean_ms']:>9.1f}")
    print(f"load {load_before[0]:.1f} -> {result['load_after'][0]:.1f}; mem0 {result['mem0_version']}, {pool}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.slowest:
        lines = [f"{ms:.1f}\t{what}" for ms, what in sorted(timed, reverse=True)[:60]]
        args.slowest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
