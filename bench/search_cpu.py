"""The request thread's CPU per search with the query vectors cached, and the answers, for one checkout.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/search_cpu.py [--root CHECKOUT] [--pgdata /tmp/pg-search-profile]
        [--conversations 2] [--rounds 3] [--answers FILE] [--compare FILE] [--cprofile N] [--responses FILE]
        [--template "Today is 15 July 2023. {q} last month?"]

The questions and scopes of ``bench/search_profile.py`` (the first ``--conversations`` LoCoMo development
conversations, ingested once into ``--pgdata``: the same data directory serves both scripts), asked through
Django's full request handler in one process (no socket), as POST /api/v1/memories/search with the defaults.
Two passes warm the process (indexes, names, the embedders' caches: every query's vectors are then cached, so
no round embeds); then ``--rounds`` rounds, each timed by this thread's CPU clock: what the request path costs
without the embedding, the figure a change to the ranking moves. No stage is wrapped in a timer.

``--root`` runs another checkout's code (e.g. a ``git archive`` of the commit before, beside this one: its
``bench/search_profile.py`` ingests the same way). ``--answers FILE`` writes each question's hits (ids and
scores, in order) from the first pass as JSON, to compare two checkouts' answers; ``--compare FILE`` checks
this checkout's answers against such a file (the same ids in the same order, each score within 1e-6) and fails
when one differs: the equality guard of a change meant to move no result. ``--responses FILE`` writes, after the
rounds, the full JSON of three responses to each question (the search with the defaults, again with
``"floor": false, "k": 20``, and ``POST /context``), the access counts and times left out (they count the
searches): two checkouts' files are compared with ``cmp``, byte for byte. ``--cprofile N``: the N functions
with the most own time (the request thread's CPU) over one more round, no stage wrapped. Settings come from the
environment as for the server (``MNEMARA_RECALL_PERSON_WEIGHT=0`` measures a lever's cost). ``--template``
rewrites every question (``{q}``: its text without the final "?"), e.g. to say the day of asking and a period
(``recall.anchored``, ``period_pool``): what a lever costs on the questions that trigger it.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--pgdata", default="/tmp/pg-search-profile")
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--answers", type=Path)
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--cprofile", type=int, default=0)
    parser.add_argument("--responses", type=Path)
    parser.add_argument("--template", help="each question rewritten, {q} its text without the final '?'")
    args = parser.parse_args()
    root = str(Path(args.root).resolve())
    sys.path[:0] = [root, os.path.join(root, "bench")]
    os.chdir(root)
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import django

    django.setup()
    from django.test import Client

    from memories.periodic import web_threads_start

    web_threads_start()
    import search_profile

    secret, questions, _ = search_profile.ingest(args.conversations)
    if args.template:
        questions = [(scope, args.template.format(q=query.rstrip("?"))) for scope, query in questions]
    client = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")

    def ask(scope: str, query: str) -> list[tuple[str, float]]:
        response = client.post("/api/v1/memories/search", json.dumps({"query": query, "scope": scope}),
                               content_type="application/json")
        assert response.status_code == 200, response.content[:300]
        return [(hit["memory"]["id"], hit["score"]) for hit in response.json()["results"]]

    answers = {f"{scope}|{query}": ask(scope, query) for scope, query in questions}
    for scope, query in questions:
        ask(scope, query)
    rounds = []
    for _ in range(args.rounds):
        began = time.thread_time()
        for scope, query in questions:
            ask(scope, query)
        rounds.append(1000 * (time.thread_time() - began) / len(questions))
    print(f"{root}: {len(questions)} questions; request thread CPU ms per search: min {min(rounds):.2f}, median "
          f"{statistics.median(rounds):.2f} (rounds {', '.join(f'{r:.2f}' for r in rounds)}); "
          f"load {os.getloadavg()[0]:.1f}")
    if args.cprofile:
        profiler = cProfile.Profile(time.thread_time)
        profiler.enable()
        for scope, query in questions:
            ask(scope, query)
        profiler.disable()
        stats = pstats.Stats(profiler)
        print(f"function calls per search: {stats.total_calls / len(questions):.0f}")  # type: ignore[attr-defined]
        stats.sort_stats("tottime").print_stats(args.cprofile)
        if os.environ.get("SEARCH_CPU_PSTATS"):  # the whole profile, for ``python -m pstats``
            profiler.dump_stats(os.environ["SEARCH_CPU_PSTATS"])
    if args.responses:
        args.responses.write_text(responses(client, questions))
    if args.answers:
        args.answers.write_text(json.dumps(answers, indent=0))
    if args.compare:
        return compare(json.loads(args.compare.read_text()), answers)
    return 0


def responses(client: Any, questions: list[tuple[str, str]]) -> str:
    """The three responses to each question as JSON lines (``--responses``), the access fields dropped."""

    def unaccessed(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: unaccessed(v) for k, v in value.items() if k not in ("access_count", "last_accessed_at")}
        return [unaccessed(v) for v in value] if isinstance(value, list) else value

    lines = []
    for scope, query in questions:
        for path, extra in (("memories/search", {}), ("memories/search", {"floor": False, "k": 20}), ("context", {})):
            response = client.post(f"/api/v1/{path}", json.dumps({"query": query, "scope": scope, **extra}),
                                   content_type="application/json")
            assert response.status_code == 200, response.content[:300]
            lines.append(json.dumps(unaccessed(response.json()), ensure_ascii=False, sort_keys=True))
    return "\n".join(lines) + "\n"


def compare(expected: dict[str, list[list[object]]], answers: dict[str, list[tuple[str, float]]]) -> int:
    """1 when some question's hits differ from ``expected``'s (ids and order; scores beyond 1e-6), else 0."""
    differing = [question for question, hits in expected.items()
                 if [pk for pk, _ in hits] != [pk for pk, _ in answers.get(question, [])]
                 or any(abs(float(a) - float(b)) > 1e-6  # type: ignore[arg-type]
                        for (_, a), (_, b) in zip(hits, answers[question], strict=True))]
    print(f"answers compared: {len(expected)} questions, {len(differing)} differ")
    for question in differing[:10]:
        print(f"  {question}: expected {expected[question][:3]}, got {answers.get(question, [])[:3]}")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
