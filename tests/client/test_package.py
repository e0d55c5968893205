"""The repository builds an installable client: the wheel holds ``mnemara.client`` only, installs into a fresh
virtual environment with httpx alone, imports there without Django, and an asyncio script saves, searches
and builds a context against the live test server.

Offline: httpx and its dependencies come from the wheelhouse ``make install`` downloads
(``.venv/wheelhouse``; ``MNEMARA_WHEELHOUSE`` names another).
"""

from __future__ import annotations

import email.parser
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import zipfile
from email.message import Message
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
WHEELHOUSE = Path(os.environ.get("MNEMARA_WHEELHOUSE", ROOT / ".venv" / "wheelhouse"))

SCRIPT = """
import asyncio, json, sys
import mnemara.client
from mnemara.client import AsyncMnemara, Mnemara

async def main(url, key):
    async with AsyncMnemara(url, key, timeout=60) as memory:  # a shared machine: speed is not checked here
        saved = await memory.save("Prefers answers in Chinese", scope="user/123", type="preference")
        hits = await memory.search("which language should I answer in?", scope="user/123")
        context = await memory.context("Which language should I answer in?", scope="user/123",
                                             token_budget=300)
    return {"action": saved.resolution.action, "hit": hits[0].memory.id == saved.id,
            "in_block": saved.id in context.items and "Chinese" in context.block,
            "module": mnemara.client.__file__, "django": sorted(m for m in sys.modules if m.startswith("django"))}

print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2]))))
"""


def run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, (command, done.stdout[-3000:], done.stderr[-3000:])
    return done


def source_tree(target: Path) -> Path:
    """The repository's files as a fresh clone has them (git's list when there is one)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True)
    if listed.returncode != 0:
        shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(".venv", ".git", ".pgdata", "node_modules",
                                                                    "*cache*", "test-artifacts"))
        return target
    for name in listed.stdout.splitlines():
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The client's wheel, built once (offline, no build isolation) from the files a fresh clone has."""
    folder = tmp_path_factory.mktemp("wheel")
    source_tree(folder / "source")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", folder / "dist", "./source", cwd=folder)
    [built] = (folder / "dist").glob("mnemara-*.whl")
    return built


def wheel_metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as built:
        return email.parser.Parser().parsestr(
            built.read(next(n for n in built.namelist() if n.endswith(".dist-info/METADATA"))).decode())


@pytest.mark.django_db(transaction=False)
def test_each_extra_installs_what_it_names(wheel: Path) -> None:
    """``pip install "mnemara[langgraph]"`` brings LangGraph (not only the store's base classes), ``[memory-tool]``
    and ``[chat]`` the anthropic SDK, ``[mcp]`` the MCP SDK; and the versions this repository pins and tests with
    satisfy each requirement. Read from the built wheel's METADATA: no network, no install."""
    metadata = wheel_metadata(wheel)
    extras: dict[str, dict[str, Requirement]] = {}
    for line in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        marker = str(requirement.marker or "")
        extra = marker.split("extra ==")[1].strip().strip('"\'') if "extra ==" in marker else ""
        extras.setdefault(extra, {})[canonicalize_name(requirement.name)] = requirement
    assert set(metadata.get_all("Provides-Extra") or []) == {"mcp", "chat", "memory-tool", "langgraph"}
    assert set(extras) == {"", "mcp", "chat", "memory-tool", "langgraph"}
    assert set(extras[""]) == {"httpx"}
    assert set(extras["langgraph"]) == {"langgraph", "langgraph-checkpoint"}
    assert set(extras["memory-tool"]) == set(extras["chat"]) == {"anthropic"}
    assert set(extras["mcp"]) == {"mcp"}
    for requirements in extras.values():
        for name, requirement in requirements.items():
            assert requirement.specifier.contains(importlib.metadata.version(name)), (name, str(requirement))


def test_the_client_installs_alone_and_runs_async_against_a_server(live_server, alice: KeyedClient,
                                                                   wheel: Path, tmp_path: Path) -> None:
    if not (WHEELHOUSE / "httpx-0.28.1-py3-none-any.whl").exists():
        pytest.skip(f"no httpx wheel in {WHEELHOUSE}: `make install` downloads it (or set MNEMARA_WHEELHOUSE)")
    from memories.embeddings import get_embedder

    get_embedder().embed(["warm up"])
    with zipfile.ZipFile(wheel) as built:
        packaged = {name.split("/")[1] for name in built.namelist() if name.startswith("mnemara/")}
        metadata = built.read(next(n for n in built.namelist() if n.endswith("METADATA"))).decode()
    assert packaged == {"client"}  # no settings, urls or database code of the server
    assert "Requires-Python: >=3.10" in metadata and "Requires-Dist: httpx" in metadata

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index", "--find-links",
        WHEELHOUSE, wheel, cwd=tmp_path)
    [site] = venv.glob("lib/python3*/site-packages")
    installed = {p.name.split("-")[0].lower() for p in site.glob("*.dist-info")}
    assert installed == {"mnemara", "httpx", "httpcore", "h11", "anyio", "idna", "certifi", "typing_extensions"}

    (tmp_path / "script.py").write_text(SCRIPT)
    # -I: neither the script's folder nor the environment's variables put this repository on the path.
    done = run(python, "-I", tmp_path / "script.py", live_server.url, alice.secret, cwd=tmp_path)
    result = json.loads(done.stdout)
    assert result["module"].startswith(str(venv)) and result["django"] == []
    assert (result["action"], result["hit"], result["in_block"]) == ("created", True, True)
