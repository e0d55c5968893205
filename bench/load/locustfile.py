"""The mixed agent workload of bench/load.py (70 % recall, 20 % create, 10 % PATCH with If-Match).

Each simulated agent works in one of the seeded scopes (user/load-0 … user/load-31): it searches or asks
for a context block, saves new memories and corrects its own with the version it last saw. Every memory
acknowledged with 201 is written to MNEMARA_CREATED_FILE at the end, for the check that none was lost.
Run by bench/load.py (headless, bounded time); needs MNEMARA_API_KEY.
"""

from __future__ import annotations

import collections
import itertools
import json
import os
import random
from typing import Any

from locust import HttpUser, constant, events, task

SCOPES = int(os.environ.get("MNEMARA_LOAD_SCOPES", "32"))
PEOPLE = ["Emma", "Priya", "Tomasz", "Dana", "Li Wei", "Aiko", "Mateo", "Fatima", "Ingrid", "Ravi"]
THINGS = ["black coffee", "the Kafka migration", "a half marathon", "green tea", "the quarterly budget",
          "Python type hints", "a trip to Lisbon", "the TLS certificate renewal", "vegetarian recipes", "jazz"]
VERBS = ["prefers", "is working on", "asked about", "is worried about", "wants to learn", "finished"]
CREATED: list[str] = []
OUTCOMES: collections.Counter[str] = collections.Counter()  # answers that are right but not 201/200
_numbers = itertools.count()


class Agent(HttpUser):
    wait_time = constant(0)  # closed loop: the next request leaves when the last one is answered

    def on_start(self) -> None:
        self.client.headers.update({"Authorization": f"Bearer {os.environ['MNEMARA_API_KEY']}",
                                    "Content-Type": "application/json"})
        self.scope = f"user/load-{random.randrange(SCOPES)}"
        self.mine: dict[str, int] = {}  # memory id -> the version this agent last saw

    def _question(self) -> str:
        return f"What does {random.choice(PEOPLE)} think about {random.choice(THINGS)}?"

    @task(35)
    def search(self) -> None:
        self.client.post("/api/v1/memories/search", json.dumps({"query": self._question(), "scope": self.scope,
                                                                "k": 10}), name="search")

    @task(35)
    def recall_context(self) -> None:  # not "context": a method of locust.User
        self.client.post("/api/v1/context", json.dumps({"query": self._question(), "scope": self.scope,
                                                        "token_budget": 600}), name="context")

    @task(20)
    def create(self) -> None:
        n = next(_numbers)
        content = (f"{random.choice(PEOPLE)} {random.choice(VERBS)} {random.choice(THINGS)} "
                   f"(load note {n}, {random.getrandbits(32):x})")
        with self.client.post("/api/v1/memories", json.dumps({"scope": self.scope, "content": content}),
                              name="create", catch_response=True) as response:
            if response.status_code == 201:  # created: this agent may correct it later
                body: dict[str, Any] = response.json()
                self.mine[body["id"]] = body["version"]
                CREATED.append(body["id"])
                response.success()
            elif response.status_code == 200:  # the write flow's answer to a near-duplicate (merged, updated)
                OUTCOMES["create answered 200 (near-duplicate resolved)"] += 1
                response.success()
            else:
                response.failure(f"create answered {response.status_code}")

    @task(10)
    def patch(self) -> None:
        if not self.mine:
            return self.create()
        memory_id = random.choice(list(self.mine))
        with self.client.patch(f"/api/v1/memories/{memory_id}",
                               json.dumps({"confidence": round(random.uniform(0.5, 1.0), 2)}),
                               headers={"If-Match": f'"{self.mine[memory_id]}"'}, name="patch",
                               catch_response=True) as response:
            if response.status_code == 200:
                self.mine[memory_id] = response.json()["version"]
                response.success()
            elif response.status_code == 409:  # another writer changed it first: the lock did its job
                OUTCOMES["patch answered 409 (stale version; the current one is taken)"] += 1
                current = response.json().get("current") or {}
                self.mine[memory_id] = current.get("version", self.mine[memory_id])
                response.success()
            else:
                response.failure(f"patch answered {response.status_code}")


@events.test_stop.add_listener
def _save_created(**_: Any) -> None:
    path = os.environ.get("MNEMARA_CREATED_FILE")
    if path:
        with open(path, "a") as out:
            out.writelines(f"{memory_id}\n" for memory_id in CREATED)
        with open(f"{path}.outcomes", "a") as out:
            out.writelines(f"{count}\t{what}\n" for what, count in OUTCOMES.items())
    CREATED.clear()
    OUTCOMES.clear()
