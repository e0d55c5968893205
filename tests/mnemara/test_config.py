"""The settings registry (mnemara/kernel/config.py): every environment variable the server's code reads is declared
there once, the files generated from it (.env.example, docs/configuration.md) are fresh, and a value out of its
bounds or type stops the start with the variable's name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mnemara.kernel import config
from mnemara.kernel.config import ConfigError

ROOT = Path(__file__).resolve().parents[2]
SERVER = ("server", "mnemara", "memories", "tenants", "webhooks")
READERS = {"text", "integer", "number", "flag", "items", "numbers", "data", "path"}  # mnemara.kernel.config's
NAME = re.compile(r"^MNEMARA_[A-Z0-9_]+$")


def _is_environ(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (
        isinstance(node, ast.Name) and node.id == "environ")


def _first_text(call: ast.Call) -> str | None:
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def _reads_a_variable(func: ast.expr, imported: set[str]) -> bool:
    """A call of os.environ.get, os.getenv / getenv, or one of the registry's readers (imported, or config.X)."""
    environ_get = isinstance(func, ast.Attribute) and func.attr == "get" and _is_environ(func.value)
    getenv = (isinstance(func, ast.Attribute) and func.attr == "getenv") or (
        isinstance(func, ast.Name) and func.id == "getenv")
    reader = (isinstance(func, ast.Name) and func.id in imported) or (
        isinstance(func, ast.Attribute) and func.attr in READERS and isinstance(func.value, ast.Name)
        and func.value.id == "config")
    return environ_get or getenv or reader


def _environ_item(node: ast.Subscript) -> str | None:
    """The name in os.environ["X"] (read, not assigned)."""
    if (isinstance(node.ctx, ast.Load) and _is_environ(node.value)
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)):
        return node.slice.value
    return None


def reads_in(source: str) -> list[tuple[int, str]]:
    """(line, name) of each environment variable the code reads: os.environ.get / os.environ[...] / os.getenv,
    the registry's readers (text("X"), config.integer("X"), ...), and any string that is a MNEMARA_* name."""
    found: set[tuple[int, str]] = set()
    tree = ast.parse(source)
    imported = {alias.asname or alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("kernel.config")
                for alias in node.names if alias.name in READERS}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _first_text(node)
            if name is not None and _reads_a_variable(node.func, imported):
                found.add((node.lineno, name))
        elif isinstance(node, ast.Subscript) and (item := _environ_item(node)) is not None:
            found.add((node.lineno, item))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and NAME.match(node.value):
            found.add((node.lineno, node.value))
    return sorted(found)


def server_reads() -> dict[str, list[str]]:
    """{name: ["path:line", ...]} over the server's packages (the registry itself and migrations aside)."""
    reads: dict[str, list[str]] = {}
    for package in SERVER:
        for file in sorted((ROOT / package).rglob("*.py")):
            relative = file.relative_to(ROOT)
            if "migrations" in relative.parts or relative == Path("mnemara/kernel/config.py"):
                continue
            for line, name in reads_in(file.read_text()):
                reads.setdefault(name, []).append(f"{relative}:{line}")
    return reads


def undeclared_message(undeclared: dict[str, list[str]]) -> str:
    lines = ["These environment variables are read but not declared in mnemara/kernel/config.py:"]
    for name, where in sorted(undeclared.items()):
        lines.append(f"  {name}, read at {', '.join(where)}")
    lines += ["Add one line per variable to SETTINGS_LIST in mnemara/kernel/config.py, e.g.:"]
    lines += [f'    Setting("{name}", "int", <default>, "<one line: what it changes, its unit>", "<area>", low=0),'
              for name in sorted(undeclared)]
    lines += [f"(kind: text, int, float, flag, list, floats, json or path; area: one of {', '.join(config.AREAS)})",
              "then read it in settings.py through the registry (e.g. integer(\"NAME\")) and run `make settings-docs`."]
    return "\n".join(lines)


def test_every_environment_variable_the_server_reads_is_declared_once():
    undeclared = {name: where for name, where in server_reads().items() if name not in config.SETTINGS}
    assert not undeclared, undeclared_message(undeclared)
    assert len(config.SETTINGS) == len(config.SETTINGS_LIST), "a name is declared twice"


def test_every_declared_setting_is_read_somewhere():
    unread = sorted(set(config.SETTINGS) - set(server_reads()))
    assert not unread, f"declared in mnemara/kernel/config.py but read nowhere in the server: {unread}"


def test_the_scan_finds_each_way_of_reading_a_variable():
    source = '''
import os
from os import environ, getenv
from mnemara.kernel import config
from mnemara.kernel.config import integer
a = os.environ.get("MNEMARA_ONE", "1")
b = os.environ["OTHER_TWO"]
c = os.getenv("OTHER_THREE")
d = integer("MNEMARA_FOUR")
e = config.flag("MNEMARA_FIVE")
f = environ.get("OTHER_SIX")
g = some_helper("MNEMARA_SEVEN")
os.environ["WRITTEN"] = "x"
'''
    names = [name for _, name in reads_in(source)]
    assert sorted(names) == ["MNEMARA_FIVE", "MNEMARA_FOUR", "MNEMARA_ONE", "MNEMARA_SEVEN", "OTHER_SIX",
                             "OTHER_THREE", "OTHER_TWO"]
    message = undeclared_message({"MNEMARA_NEW_THING": ["mnemara/x.py:3"]})
    assert 'Setting("MNEMARA_NEW_THING", "int"' in message and "make settings-docs" in message


def test_the_generated_files_are_fresh():
    stale = [str(p.relative_to(ROOT)) for p, text in config.generated_files(ROOT).items()
             if not p.exists() or p.read_text() != text]
    assert not stale, f"{stale} are stale: run `make settings-docs` and commit them"


def test_the_documented_default_is_the_one_the_server_uses(settings, monkeypatch):
    monkeypatch.delenv("MNEMARA_HNSW_MIN_SCOPE_ROWS", raising=False)
    assert "# MNEMARA_HNSW_MIN_SCOPE_ROWS=50000\n" in (ROOT / ".env.example").read_text()
    assert "| `MNEMARA_HNSW_MIN_SCOPE_ROWS` | int | `50000` |" in (ROOT / "docs" / "configuration.md").read_text()
    assert config.integer("MNEMARA_HNSW_MIN_SCOPE_ROWS") == settings.HNSW_MIN_SCOPE_ROWS == 50_000


def test_a_value_out_of_bounds_or_of_the_wrong_type_names_the_variable(monkeypatch):
    monkeypatch.setenv("MNEMARA_HNSW_EF_SEARCH", "1001")
    with pytest.raises(ConfigError, match="MNEMARA_HNSW_EF_SEARCH=1001: must be 1 – 1000"):
        config.integer("MNEMARA_HNSW_EF_SEARCH")
    monkeypatch.setenv("MNEMARA_HNSW_EF_SEARCH", "many")
    with pytest.raises(ConfigError, match="MNEMARA_HNSW_EF_SEARCH='many': not an integer"):
        config.integer("MNEMARA_HNSW_EF_SEARCH")
    monkeypatch.setenv("MNEMARA_RECALL_FUSION", "sum")
    with pytest.raises(ConfigError, match="MNEMARA_RECALL_FUSION='sum': must be one of zscore, rrf"):
        config.text("MNEMARA_RECALL_FUSION")
    monkeypatch.setenv("MNEMARA_WEBHOOK_RETRY_DELAYS", "30,-1")
    with pytest.raises(ConfigError, match="MNEMARA_WEBHOOK_RETRY_DELAYS=-1: must be ≥ 0"):
        config.numbers("MNEMARA_WEBHOOK_RETRY_DELAYS")
    with pytest.raises(ConfigError, match="MNEMARA_NOT_DECLARED is not declared"):
        config.integer("MNEMARA_NOT_DECLARED")
    with pytest.raises(ConfigError, match="declared as int, read as float"):
        config.number("MNEMARA_HNSW_EF_SEARCH")


def test_an_empty_value_is_the_default_and_a_set_one_is_parsed(monkeypatch, tmp_path):
    monkeypatch.setenv("MNEMARA_HNSW_MIN_SCOPE_ROWS", "")
    assert config.integer("MNEMARA_HNSW_MIN_SCOPE_ROWS") == 50_000
    monkeypatch.setenv("MNEMARA_HNSW_MIN_SCOPE_ROWS", " 0 ")
    assert config.integer("MNEMARA_HNSW_MIN_SCOPE_ROWS") == 0
    monkeypatch.setenv("MNEMARA_SEARCH_INDEX", "off")
    assert config.flag("MNEMARA_SEARCH_INDEX") is False
    monkeypatch.setenv("MNEMARA_SEARCH_INDEX", "On")
    assert config.flag("MNEMARA_SEARCH_INDEX") is True
    monkeypatch.setenv("MNEMARA_EMBEDDING_MODELS", " a , ,b=/m ")
    assert config.items("MNEMARA_EMBEDDING_MODELS") == ["a", "b=/m"]
    monkeypatch.delenv("MNEMARA_PGDATA", raising=False)
    assert config.path("MNEMARA_PGDATA", tmp_path) == tmp_path / ".pgdata"
    monkeypatch.setenv("MNEMARA_EMBEDDING_THRESHOLDS", '{"m": {"floor": 0.4}}')
    assert config.data("MNEMARA_EMBEDDING_THRESHOLDS") == {"m": {"floor": 0.4}}
