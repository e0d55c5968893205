"""The request thread's CPU per search with the query vectors cached, and the answers, for one checkout.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/search_cpu.py [--root CHECKOUT] [--pgdata /tmp/pg-search-profile]
        [--conversations 2] [--rounds 3] [--answers FILE]

The questions and scopes of ``bench/search_profile.py`` (the first ``--conversations`` LoCoMo development
conversations, ingested once into ``--pgdata``: the same data directory serves both scripts), asked through
Django's full request handler in one process (no socket), as POST /api/v1/memories/search with the defaults.
Two passes warm the process (indexes, names, the embedders' caches: every query's vectors are then cached, so
no round embeds); then ``--rounds`` rounds, each timed by this thread's CPU clock: what the request path costs
without the embedding, the figure a change to the ranking moves. No stage is wrapped in a timer.

``--root`` runs another checkout's code (e.g. a ``git archive`` of the commit before, beside this one: its
``bench/search_profile.py`` ingests the same way). ``--answers FILE`` writes each question's hits (ids and
scores, in order) from the first pass as JSON, to compare two checkouts' answers. Settings come from the
environment as for the server (``MNEMARA_RECALL_PERSON_WEIGHT=0`` measures a lever's cost).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--pgdata", default="/tmp/pg-search-profile")
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--answers", type=Path)
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
    if args.answers:
        args.answers.write_text(json.dumps(answers, indent=0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
