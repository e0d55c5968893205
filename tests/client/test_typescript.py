"""The TypeScript client (clients/typescript: openapi-typescript types + openapi-fetch) proves the contract in a
second language: its committed schema and types are those of ``/api/schema/``, it type-checks, and its
end-to-end script runs with Node against the live test server. Skipped, saying why, without Node or npm, or
before ``make install`` has installed its packages."""

from __future__ import annotations

import json
import re
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


GOOD = """
import { createMnemara, idempotencyKey, type Memory } from "@mnemara/client";

// A compile-time check that the generated types arrived (a type that failed to resolve would be `any`).
type IsAny<T> = 0 extends 1 & T ? true : false;
const memoryIsTyped: IsAny<Memory> = false;
const contentIsTyped: IsAny<Memory["content"]> = false;

export async function recall(url: string, key: string): Promise<string> {
  const api = createMnemara(url, key);
  const saved = await api.POST("/api/v1/memories", {
    body: { scope: "user/123", content: "Prefers answers in Chinese", type: "preference" },
    params: { header: { "Idempotency-Key": idempotencyKey() } },
  });
  const one = await api.GET("/api/v1/memories/{memory_id}", { params: { path: { memory_id: "x" } } });
  const content: string | undefined = one.data?.content;
  return `${memoryIsTyped}${contentIsTyped}${saved.response.status}${content ?? ""}`;
}
"""

BAD = """
import { createMnemara } from "@mnemara/client";

export async function wrong(url: string, key: string): Promise<void> {
  const api = createMnemara(url, key);
  await api.GET("/api/v1/no-such-path", {});
}
"""

CONSUMER_TSCONFIG = {"compilerOptions": {"strict": True, "noEmit": True, "target": "ES2022", "module": "NodeNext",
                                         "moduleResolution": "NodeNext", "lib": ["ES2022", "DOM"], "types": []}}


def test_the_packed_package_installs_and_type_checks_in_a_fresh_project(tmp_path: Path) -> None:
    """``npm pack`` → ``npm install <tarball>`` in an empty project → ``tsc --strict`` (no skipLibCheck): the
    declarations ship with their generated schema, a call of the API type-checks, and a path the API does not
    have is a compile error; the README's example compiles as it is written. Offline when npm's cache holds
    openapi-fetch (``npm ci`` here put it there)."""
    node_tools()
    source = tmp_path / "source"  # a copy: packing builds dist/, which stays out of the checkout
    shutil.copytree(CLIENT, source, ignore=shutil.ignore_patterns("node_modules", "dist"))
    (source / "node_modules").symlink_to(CLIENT / "node_modules")
    [packed] = json.loads(run("npm", "pack", "--json", "--pack-destination", tmp_path, cwd=source))
    shipped = {entry["path"] for entry in packed["files"]}
    assert {"dist/src/index.js", "dist/src/index.d.ts", "dist/src/schema.d.ts", "package.json"} <= shipped

    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text(json.dumps({"name": "consumer", "private": True, "type": "module"}))
    run("npm", "install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error",
        tmp_path / packed["filename"], cwd=project)
    (project / "tsconfig.json").write_text(json.dumps({**CONSUMER_TSCONFIG, "files": ["good.ts"]}))
    (project / "good.ts").write_text(GOOD)
    run(BIN / "tsc", "-p", project / "tsconfig.json", cwd=project)

    (project / "tsconfig.json").write_text(json.dumps({**CONSUMER_TSCONFIG, "files": ["bad.ts"]}))
    (project / "bad.ts").write_text(BAD)
    done = subprocess.run([str(BIN / "tsc"), "-p", str(project / "tsconfig.json")], cwd=project, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode != 0 and '"/api/v1/no-such-path"' in done.stdout, done.stdout[-4000:]
    assert "TS2307" not in done.stdout, done.stdout[-4000:]  # the module and its schema resolve

    # The README's example, as a reader copies it, compiles there too: strict, and without @types/node.
    [example] = re.findall(r"```ts\n(.*?)```", (CLIENT / "README.md").read_text(), flags=re.DOTALL)
    (project / "tsconfig.json").write_text(json.dumps({**CONSUMER_TSCONFIG, "files": ["readme.ts"]}))
    (project / "readme.ts").write_text(example)
    run(BIN / "tsc", "-p", project / "tsconfig.json", cwd=project)
