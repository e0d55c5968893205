"""Searches and lists on a streaming replica (``MNEMARA_REPLICA_URL``), with read-your-writes for the writer.

The service runs as ``make run`` starts it, on the external primary (``DATABASE_URL``), with a hot standby
started from the same PostgreSQL binaries (pg_basebackup). Pausing the standby's replay makes the routing
visible: a reader that wrote nothing sees the standby's older state; the writer sees its own write at once.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from mnemara.kernel.replica import MIN_LSN_HEADER, WRITE_LSN_HEADER
from tests import pgcluster
from tests.served.conftest import ServedData, start_service

ROOT = Path(__file__).resolve().parents[2]
SCOPE = "team/replicated"

SETUP = """
from tenants.services import apikey_create, tenant_create
tenant = tenant_create(slug="replicated", name="Replicated")
print(apikey_create(tenant=tenant, name="writer")[1])
print(apikey_create(tenant=tenant, name="reader")[1])
print(apikey_create(tenant=tenant, name="another node's client")[1])
"""


@dataclass
class Cluster:
    primary: pgcluster.Server
    standby: pgcluster.Server
    writer: httpx.Client
    reader: httpx.Client
    third: httpx.Client


def _manage(env: dict[str, str], *args: str) -> str:
    run = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, f"manage.py {args[0]}: {run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    return run.stdout


@pytest.fixture(scope="module")
def cluster(external: pgcluster.Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    env = {**os.environ, "DATABASE_URL": external.url()}
    for name in ("MNEMARA_DB_NAME", "MNEMARA_PGDATA", "MNEMARA_REPLICA_URL"):
        env.pop(name, None)
    _manage(env, "migrate", "--noinput")
    writer, reader, third = _manage(env, "shell", "-c", SETUP).split()[-3:]
    folder = tmp_path_factory.mktemp("replica")
    with pgcluster.replica_of(external) as standby:
        data = ServedData("mnemara", "replicated", "", "", writer, reader)
        served_env = {"DATABASE_URL": external.url(), "MNEMARA_REPLICA_URL": standby.url(), "MNEMARA_DB_NAME": "",
                      "MNEMARA_PGDATA": ""}
        with start_service(data, folder, web_workers=1, extra_env=served_env) as service:
            clients = [httpx.Client(base_url=f"{service.url}/api/v1/", timeout=60,
                                    headers={"Authorization": f"Bearer {key}"}) for key in (writer, reader, third)]
            try:
                yield Cluster(external, standby, *clients)
            finally:
                for client in clients:
                    client.close()


def listed(client: httpx.Client, **headers: str) -> set[str]:
    answer = client.get("memories", params={"scope": SCOPE, "limit": 100}, headers=headers)
    assert answer.status_code == 200, answer.text
    return {row["id"] for row in answer.json()["results"]}


def write(client: httpx.Client, content: str) -> tuple[str, str]:
    answer = client.post("memories", json={"scope": SCOPE, "content": content})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.headers[WRITE_LSN_HEADER]


def test_a_write_answers_with_its_position_and_its_writer_reads_it_back(cluster: Cluster) -> None:
    memory, lsn = write(cluster.writer, "The replicated wiki lives at wiki.example.test.")
    assert lsn.count("/") == 1
    assert memory in listed(cluster.writer)
    hits = cluster.writer.post("memories/search", json={"scope": SCOPE, "query": "where is the replicated wiki"})
    assert memory in {hit["memory"]["id"] for hit in hits.json()["results"]}
    pgcluster.wait_replayed(cluster.primary, cluster.standby)
    assert memory in listed(cluster.reader)


def test_lists_read_the_replica_and_the_writer_still_reads_its_writes(cluster: Cluster) -> None:
    with cluster.standby.connect() as standby:
        standby.execute("SELECT pg_wal_replay_pause()")
        try:
            memory, lsn = write(cluster.writer, "The replicated build server is called Basalt.")
            assert memory not in listed(cluster.reader), "the reader's list did not come from the paused replica"
            assert memory in listed(cluster.writer), "the writer did not read its own write"
            # A client of another node, handed the position (the Python client sends it back by itself):
            assert memory not in listed(cluster.third)
            assert memory in listed(cluster.third, **{MIN_LSN_HEADER: lsn})
        finally:
            standby.execute("SELECT pg_wal_replay_resume()")
    pgcluster.wait_replayed(cluster.primary, cluster.standby)
    assert memory in listed(cluster.reader)


def test_reads_fall_back_to_the_primary_when_the_replica_is_down(cluster: Cluster) -> None:
    cluster.standby.stop()
    try:
        memory, _ = write(cluster.writer, "The replicated staging database is in Frankfurt.")
        assert memory in listed(cluster.reader)
        found = cluster.reader.post("memories/search", json={"scope": SCOPE, "query": "staging database"})
        assert found.status_code == 200, found.text
    finally:
        cluster.standby.start()
