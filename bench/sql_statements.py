"""The statements of a large scope's search in SQL (``SqlSource``), one by one: POST /api/v1/memories/search
through the API's view (DRF's test client, default settings: a scope above ``MNEMARA_HNSW_MIN_SCOPE_ROWS`` is
searched in SQL) on a database filled by ``bench/scale.py fill``, every statement of every connection (the
request's and the side connection's) timed by an ``execute_wrapper``.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/sql_statements.py --db scale_one --pgdata /tmp/pg-erase \
        [--questions 10] [--explain 20] [--answers before.json] [--compare other.json]

Prints, per kind of statement (its text with literals and id lists folded), the statements per search and the
mean ms per search, the slowest first. ``--explain MS``: ``EXPLAIN (ANALYZE, BUFFERS)`` of each statement slower
than MS ms (run again on the same connection, inside the same transaction), printed. ``--answers F``: write
each question's hits (ids, order, scores) to F; ``--compare F``: and compare them with F's (another checkout's
answers to the same questions: docs/scaling.md, "The SQL path's statements").
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LOCK = threading.Lock()
STATEMENTS: list[tuple[str, float]] = []
EXPLAINS: list[tuple[str, float, str]] = []
EXPLAIN_MS = [0.0]


def kind(sql: str) -> str:
    """A statement's text with what varies between searches folded: literals, id lists, vectors."""
    text = re.sub(r"\s+", " ", sql).strip()
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\[[-0-9.e, ]+\]", "[vector]", text)
    text = re.sub(r"\b\d+(\.\d+)?\b", "N", text)
    text = re.sub(r"(%s, )+%s", "%s…", text)
    return text


def wrapper(execute: Any, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
    started = time.perf_counter()
    try:
        return execute(sql, params, many, context)
    finally:
        ms = (time.perf_counter() - started) * 1000
        with LOCK:
            STATEMENTS.append((kind(sql), ms))
        if EXPLAIN_MS[0] and ms >= EXPLAIN_MS[0] and sql.lstrip().upper().startswith("SELECT"):
            raw = context["connection"].connection
            with raw.cursor() as cursor:
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                plan = "\n".join(r[0] for r in cursor.fetchall())
            with LOCK:
                EXPLAINS.append((sql[:3000], ms, plan))


def install() -> None:
    from django.db import connections
    from django.db.backends.signals import connection_created

    def created(sender: Any, connection: Any, **kwargs: Any) -> None:
        if wrapper not in connection.execute_wrappers:
            connection.execute_wrappers.append(wrapper)

    connection_created.connect(created, weak=False)
    for conn in connections.all():
        if wrapper not in conn.execute_wrappers:
            conn.execute_wrappers.append(wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default="scale_one")
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-erase"))
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/scale-corpus.npz"))
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--explain", type=float, default=0.0)
    parser.add_argument("--answers", type=Path)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    from bench.scale import corpus, setup

    setup(args.pgdata, args.db)
    import django

    django.setup()
    from memories.periodic import web_threads_start
    from mnemara.kernel.threads import THREADS

    web_threads_start()  # as a web process: the query's embedding and the word list on their threads
    from bench.scale_measure import client_for
    from tenants.models import Tenant

    tenant = Tenant.objects.filter(slug__startswith="scale-one-").order_by("slug").first()
    client = client_for(tenant)
    questions = [str(q) for q in corpus(args.corpus)["questions"][: args.questions]]

    def ask(question: str) -> dict[str, Any]:
        response = client.post("/api/v1/memories/search", {"query": question, "scope": "user/main", "k": 10},
                               format="json")
        if response.status_code != 200:
            raise RuntimeError(f"{response.status_code} {response.content[:300]!r}")
        return response.json()

    install()
    for question in questions[:2]:  # warm: models, caches, the first connection's set-up
        ask(question)
    STATEMENTS.clear()
    EXPLAIN_MS[0] = args.explain
    answers: dict[str, Any] = {}
    started = time.perf_counter()
    for question in questions:
        THREADS.submit("side", lambda: None).result()  # the side thread's statements of the search before: done
        found = ask(question)
        answers[question] = [[h["memory"]["id"], h["score"], h["scores"]] for h in found["results"]]
    wall = (time.perf_counter() - started) * 1000 / len(questions)
    THREADS.stop()
    by_kind: dict[str, list[float]] = collections.defaultdict(list)
    for text, ms in STATEMENTS:
        by_kind[text].append(ms)
    n = len(questions)
    print(f"{n} searches, {len(STATEMENTS) / n:.1f} statements and {sum(ms for _, ms in STATEMENTS) / n:.1f} ms "
          f"of statements per search (wall {wall:.0f} ms per search)")
    print("| per search | ms per search | mean ms | statement |")
    print("|---|---|---|---|")
    for text, times in sorted(by_kind.items(), key=lambda kv: -sum(kv[1])):
        print(f"| {len(times) / n:.1f} | {sum(times) / n:.1f} | {sum(times) / len(times):.1f} | `{text[:300]}` |")
    for sql, ms, plan in EXPLAINS:
        print(f"\n--- {ms:.1f} ms: {re.sub(chr(10) + '|  +', ' ', sql)[:600]}\n{plan}")
    if args.answers:
        args.answers.write_text(json.dumps(answers, indent=0))
    if args.compare:
        other = json.loads(args.compare.read_text())
        same = sum(1 for q in questions if other.get(q) == answers[q])
        print(f"\nanswers identical (ids, order, scores) for {same} of {n} questions")
        for q in questions:
            if other.get(q) != answers[q]:
                print(f"  differs: {q!r}")


if __name__ == "__main__":
    main()
