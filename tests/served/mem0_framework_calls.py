# mypy: ignore-errors
# (written against mem0ai 1.0.x; the project's venv, which mypy reads, has 2.x)
"""Run by tests/served/test_mem0.py with mem0ai 1.0.x first on ``PYTHONPATH``: ``python mem0_framework_calls.py
<base URL> <key>``. The calls that frameworks built on mem0's ``MemoryClient`` make, replayed with the client as
they pass it (the frameworks themselves are not installed): CrewAI's Mem0 storage (crewai 0.203–1.9,
``crewai/memory/storage/mem0_storage.py``), AutoGen's ``Mem0Memory`` (autogen-ext 0.7) and Agno's ``Mem0Tools``
(agno 3.1). They pass the ids at the top level of ``search`` and ``get_all``, which mem0ai 2.x refuses in the
client before any request, so they run with 1.x. Prints one JSON line of what each saw."""

from __future__ import annotations

import json
import sys
from datetime import datetime

from mem0 import MemoryClient


def crewai(client: MemoryClient) -> dict:
    """Mem0Storage(type="short_term", config={"user_id": "john", "run_id": "crew-1", "includes": …,
    "custom_categories": …}): update_project at start, save after a task, search before the next, reset."""
    client.update_project(custom_categories=[{"travel": "Trips, flights and hotels"}])
    saved = client.add([{"role": "user", "content": "I'm John and I always book an aisle seat."},
                        {"role": "assistant", "content": "Booked an aisle seat on the 9:40 flight."}],
                       metadata={"type": "short_term", "agent": "Travel agent", "description": "Book a flight"},
                       infer=True, includes="travel preferences", excludes="payment details",
                       output_format="v1.1", version="v2", run_id="crew-1", user_id="john",
                       agent_id="Travel_agent_Hotel_scout")
    found = client.search(query="Which seat does John like?", limit=5, version="v2", output_format="v1.1",
                          user_id="john", metadata={"type": "short_term"}, run_id="crew-1",
                          filters={"AND": [{"run_id": "crew-1"}]}, threshold=0.3)  # CrewAI's default: 0.6
    entity = client.search(query="seat", limit=3, version="v2", output_format="v1.1", user_id="john",
                           metadata={"type": "short_term"}, run_id="crew-1",
                           filters={"OR": [{"user_id": "john"}, {"agent_id": "Travel_agent_Hotel_scout"}]},
                           threshold=0.2)
    client.reset()
    return {"saved": [r["memory"] for r in saved["results"]],
            "found": [r["memory"] for r in found["results"]], "entity": len(entity["results"]),
            "left": client.get_all(user_id="john")["results"]}


def autogen(client: MemoryClient) -> dict:
    """Mem0Memory(user_id="alice", limit=5, is_cloud=True): add, query (as update_context does), clear."""
    client.add([{"role": "user", "content": "Alice prefers replies in Spanish"}], user_id="alice",
               metadata={"category": "preferences"}, output_format="v1.1")
    results = client.search("What language should replies be in?", user_id="alice", limit=5)["results"]
    dates = [datetime.fromisoformat(r["created_at"]) for r in results]
    client.delete_all(user_id="alice")
    return {"found": [r["memory"] for r in results], "metadata": [r["metadata"].get("category") for r in results],
            "dated": len(dates) == len(results), "left": client.get_all(user_id="alice")["results"]}


def agno(client: MemoryClient) -> dict:
    """Mem0Tools(user_id="maya"): add_memory (a dict is sent as JSON text), search_memory, get_all_memories,
    delete_all_memories."""
    client.add([{"role": "user", "content": "I live in NYC and I work as a nurse"}], user_id="maya", infer=True)
    client.add([{"role": "user", "content": json.dumps({"Name": "Maya", "Pet": "a cat called Tofu"})}],
               user_id="maya", infer=False)
    found = client.search(query="Where does Maya live?", user_id="maya")
    listed = client.get_all(user_id="maya")
    client.delete_all(user_id="maya")
    return {"found": [r["memory"] for r in found["results"]][:1], "listed": len(listed["results"]),
            "left": client.get_all(user_id="maya")["results"]}


def main(url: str, key: str) -> None:
    client = MemoryClient(api_key=key, host=f"{url}/mem0")
    print(json.dumps({"crewai": crewai(client), "autogen": autogen(client), "agno": agno(client)}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
