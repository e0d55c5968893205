# mypy: ignore-errors
# (written against mem0ai 1.0.x, which runs it from .cache; the project's venv, which mypy reads, has 2.x)
"""The sweep's mem0ai 1.x part (bench/sweep_mem0.py runs it with ``.cache/mem0ai-1.0.11`` first on the path, as
tests/served/test_mem0.py installs it): the calls CrewAI, AutoGen and Agno make through mem0ai 1.x, ids at the
top level of search and get_all. ``python sweep_mem0_v1.py <url> <key> <tag>``; one JSON row a line."""

from __future__ import annotations

import json
import logging
import sys
from dataclasses import asdict
from pathlib import Path

sys.path.insert(1, str(Path(__file__).resolve().parents[1]))

from bench.client_sweep import Sweep
from bench.sweep_mem0 import STATEMENTS_EN, STATEMENTS_ZH, count, holds, kept

V = "mem0 1.x"


def main(url: str, key: str, tag: str) -> None:
    import mem0
    from mem0 import MemoryClient

    logging.getLogger("mem0").setLevel(logging.CRITICAL)
    sweep = Sweep(url, key, tag=tag)
    client = sweep.call(V, "MemoryClient()", mem0.__version__, lambda: MemoryClient(api_key=key, host=f"{url}/mem0"))
    if client is not None:
        user = sweep.uid("v1")
        for text in (STATEMENTS_EN[3], STATEMENTS_ZH[1]):
            sweep.call(V, "add", f"output_format v1.1, version v2: {text[:20]}", lambda t=text: client.add(
                [{"role": "user", "content": t}], user_id=user, output_format="v1.1", version="v2"), kept)
        sweep.call(V, "add", "CrewAI: run_id, agent_id, includes, excludes", lambda: client.add(
            "I always book window seats.", user_id=user, agent_id="Researcher", run_id="crew-1",
            includes="preferences", excludes="", output_format="v1.1", version="v2"), kept)
        sweep.call(V, "add", "infer=False", lambda: client.add("Gate code 4711", user_id=user, infer=False), count(1))
        sweep.call(V, "search", "top-level user_id, limit, threshold", lambda: client.search(
            "What is the dog called?", user_id=user, limit=3, threshold=0.2), holds("pepper"))
        sweep.call(V, "search", "CrewAI threshold 0.6", lambda: client.search(
            "window seat", user_id=user, agent_id="Researcher", limit=5, threshold=0.6), lambda a: None)
        sweep.call(V, "search", "zh", lambda: client.search("老婆对什么过敏", user_id=user, limit=3), holds("花生"))
        sweep.call(V, "get_all", "top-level user_id", lambda: client.get_all(user_id=user),
                   lambda a: None if len(a["results"]) >= 4 else f"{len(a['results'])}")
        sweep.call(V, "get_all", "filters + page", lambda: client.get_all(filters={"user_id": user}, page=1,
                                                                          page_size=2), count(2))
        sweep.call(V, "users", "", lambda: client.users(),
                   lambda a: None if any(e["name"] == user for e in a["results"]) else "missing")
        sweep.call(V, "delete_all", "user_id", lambda: client.delete_all(user_id=user), lambda a: None)
        sweep.call(V, "get_all", "after delete_all", lambda: client.get_all(user_id=user), count(0))
    for row in sweep.rows:
        print(json.dumps(asdict(row), ensure_ascii=False))


if __name__ == "__main__":
    main(*sys.argv[1:4])
