"""The TypeScript client (clients/typescript: openapi-typescript types + openapi-fetch) proves the contract in a
second language: its committed schema and types are those of ``/api/schema/``, it type-checks, and its
end-to-end script runs with Node against the live test server. Skipped, saying why, without Node or npm, or
before ``make install`` has installed its packages."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import KeyedClient
from tests.contract import served_schema

pytestmark = pytest.mark.django_db(transaction=True)

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"
BIN = CLIENT / "node_modules" / ".bin"


def node_tools() -> None:
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed: the TypeScript client's test needs Node 18+ and npm")
    if not (BIN / "tsc").exists() or not (BIN / "openapi-typescript").exists():
        pytest.skip("clients/typescript/node_modules is missing: `make install` runs `npm ci` there")


def run(*command: str | Path, cwd: Path = CLIENT) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, (command, done.stdout[-4000:], done.stderr[-4000:])
    return done.stdout


def test_its_types_are_generated_from_the_served_schema(tmp_path: Path) -> None:
    node_tools()
    committed = json.loads((CLIENT / "openapi.json").read_text())
    assert committed == served_schema(), "clients/typescript is stale: run `make ts-client` and commit the result"
    run(BIN / "openapi-typescript", CLIENT / "openapi.json", "--default-non-nullable", "false", "--output",
        tmp_path / "schema.d.ts")
    assert (tmp_path / "schema.d.ts").read_text() == (CLIENT / "src" / "schema.d.ts").read_text(), \
        "src/schema.d.ts is stale: run `make ts-client` and commit the result"


def test_its_end_to_end_script_runs_against_the_server(live_server, alice: KeyedClient, tmp_path: Path) -> None:
    node_tools()
    from memories.embeddings import get_embedder

    get_embedder().embed(["warm up"])
    run(BIN / "tsc", "-p", CLIENT / "tsconfig.json", "--outDir", tmp_path / "dist")  # type-checks, then emits
    (tmp_path / "dist" / "package.json").write_text('{"type": "module"}')
    (tmp_path / "node_modules").symlink_to(CLIENT / "node_modules")
    summary = json.loads(run("node", tmp_path / "dist" / "e2e" / "e2e.js", live_server.url, alice.secret,
                             cwd=tmp_path))
    assert (summary["pages"], summary["version"], summary["conflict"], summary["erased"]) == (
        2, 2, "version_conflict", 4)
