"""Schemathesis against the live test server: every operation of ``/api/schema/``, every check (status codes,
response bodies and headers as documented, no 5xx, valid requests accepted and invalid ones refused, created
resources readable, deleted ones gone), zero failures. Subject export and erasure run on people created for
the run (``schemathesis_hooks``); ``schemathesis.toml`` holds the configuration.

Bounded for the suite (about a minute): the fuzzing phase with ``MNEMARA_SCHEMATHESIS_EXAMPLES`` (default 5)
valid and as many invalid requests per operation, then the stateful phase (create → read → change → delete
chains). ``make contract`` adds the coverage phase (every boundary of every parameter, missing headers,
undeclared methods: ~2,500 requests) with more examples; ``test_schema_docs`` checks the last two in the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)

HERE = Path(__file__).parent
ROOT = HERE.parents[1]


def report(output: str) -> str:
    """Schemathesis' failures, each line cut short (generated bodies can be megabytes)."""
    lines = output[output.find("FAILURES") if "FAILURES" in output else 0:].splitlines()
    return "\n".join(line[:300] for line in lines[:600])


@pytest.fixture
def warm_live_server(live_server: Any) -> Iterator[Any]:
    """Django's live server has no lifespan, so nothing marks it warm: GET /readyz would answer "starting"."""
    from server.runtime.health import WARM

    WARM.set()
    yield live_server
    WARM.clear()


def test_it_passes_every_schemathesis_check(warm_live_server, alice: KeyedClient, tmp_path: Path) -> None:
    from memories.embeddings import get_embedder

    live_server = warm_live_server
    get_embedder().embed(["warm up"])  # not inside the first request
    # The schema as the server serves it, fetched here without schemathesis' 10 s limit (building it takes
    # seconds on a loaded machine), then given to schemathesis as a file with the server's address.
    schema = tmp_path / "schema.json"
    with urllib.request.urlopen(f"{live_server.url}/api/schema/?format=json", timeout=120) as answer:
        schema.write_bytes(answer.read())
    examples = os.environ.get("MNEMARA_SCHEMATHESIS_EXAMPLES", "5")
    env = {**os.environ, "MNEMARA_TEST_URL": live_server.url, "MNEMARA_TEST_KEY": alice.secret,
           "SCHEMATHESIS_HOOKS": "tests.api.schemathesis_hooks", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", str(HERE / "schemathesis.toml"), "run",
               str(schema), "--url", live_server.url, "--header", f"Authorization: Bearer {alice.secret}",
               "--max-examples", examples, "--workers", "1", "--seed", os.environ.get("MNEMARA_SCHEMATHESIS_SEED", "1"),
               "--generation-database", "none", "--suppress-health-check", "too_slow,filter_too_much",
               "--report-dir", str(tmp_path), "--no-color",
               "--phases", os.environ.get("MNEMARA_SCHEMATHESIS_PHASES", "fuzzing,stateful")]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800,
                          stdin=subprocess.DEVNULL)
    print(done.stdout[-2_500:])  # the run's summary: requests per phase and their time (pytest -rP shows it)
    assert done.returncode == 0, report(done.stdout) + done.stderr[-5_000:]
    assert any(f in done.stdout for f in ("45/45", "Tested: 45", "45 selected / 45 total")), done.stdout[-3_000:]
