"""A part of the suite — the API, the write flow, recall and erasure — on a PostgreSQL that runs as a separate
server and is reached only through ``DATABASE_URL`` (no embedded server is started: a test in the part
checks that). It runs in its own pytest process, as a deployment's settings would be read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests import pgcluster

ROOT = Path(__file__).resolve().parents[2]
PART = ["tests/api/test_memories_api.py", "tests/write/test_write_flow.py", "tests/recall/test_search_api.py",
        "tests/compliance/test_erasure.py", "tests/cluster/external_checks.py"]


def test_the_api_write_flow_recall_and_erasure_pass_on_an_external_postgresql(external: pgcluster.Server) -> None:
    env = {**os.environ, "DATABASE_URL": external.url(), "MNEMARA_TEST_DB_NAME": "test_external",
           "MNEMARA_EXPECT_EXTERNAL_PORT": str(external.port)}
    for name in ("MNEMARA_DB_NAME", "MNEMARA_PGDATA", "MNEMARA_REPLICA_URL"):
        env.pop(name, None)
    run = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "-x",
                          "--durations=5", *PART],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, f"{run.stdout[-6000:]}\n{run.stderr[-3000:]}\n{external.log_tail()}"
    summary = run.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "skipped" not in summary, run.stdout[-3000:]
