# mypy: ignore-errors
# (written against mem0ai 1.0.x; the project's venv, which mypy reads, has 2.x)
"""Run by tests/served/test_mem0.py with mem0ai 1.0.x first on ``PYTHONPATH`` (the project's venv has 2.x):
``python mem0_v1_client.py <base URL> <key>``. mem0's 1.x quickstart against Mnemara's ``/mem0``, calling
what 1.x calls (add: ``POST /v1/memories/``, search: ``POST /v2/memories/search/``, get_all: ``POST
/v2/memories/``), with the ids at the top level as 1.x's docs write them. Prints one JSON line of what it saw.
"""

from __future__ import annotations

import json
import sys

import mem0
from mem0 import MemoryClient

MESSAGES = [
    {"role": "user", "content": "Hi, I'm Kim. I prefer green tea. Remember that I am allergic to cats."},
    {"role": "assistant", "content": "Noted, Kim!"},
]


def main(url: str, key: str) -> None:
    client = MemoryClient(api_key=key, host=f"{url}/mem0")
    seen: dict = {"version": mem0.__version__}
    added = client.add(MESSAGES, user_id="kim")
    seen["added"] = sorted(r["memory"] for r in added["results"])
    seen["status"] = added.get("status")
    plain = client.add("Kim's locker is number 42", user_id="kim", infer=False, metadata={"priority": 2})
    seen["plain"] = [r["memory"] for r in plain["results"]]
    found = client.search("Which tea does Kim prefer?", user_id="kim", top_k=3)
    seen["found"] = [r["memory"] for r in found["results"]][:1]
    filtered = client.search("locker", filters={"AND": [{"user_id": "kim"}, {"metadata": {"priority": {"gte": 2}}}]})
    seen["filtered"] = [r["memory"] for r in filtered["results"]]
    listed = client.get_all(user_id="kim")
    seen["listed"] = sorted(r["memory"] for r in listed["results"])
    paged = client.get_all(filters={"user_id": "kim"}, page=1, page_size=2)
    seen["paged"] = [paged["count"], len(paged["results"]), paged["next"] is not None]
    locker = next(r for r in listed["results"] if "locker" in r["memory"])
    client.update(locker["id"], text="Kim's locker is number 43")
    seen["history"] = [h["event"] for h in client.history(locker["id"])]
    seen["got"] = client.get(locker["id"])["memory"]
    seen["deleted"] = client.delete(locker["id"])["message"]
    seen["users"] = [(e["type"], e["name"], e["total_memories"]) for e in client.users()["results"]
                     if e["name"] == "kim"]
    try:
        client.get_summary(filters={"user_id": "kim"})
        seen["summary"] = "answered"
    except mem0.exceptions.MemoryNotFoundError as exc:
        seen["summary"] = str(exc)
    seen["deleted_all"] = client.delete_all(user_id="kim")["message"]
    seen["left"] = client.get_all(user_id="kim")["results"]
    print(json.dumps(seen))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
