"""Raw SQL does not pass through the tenant-scoped manager, so it lives in one ``sql.py`` per subsystem
where every statement that reads tenant data names the tenant, and the others say why they need not."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SQL_MODULES = ["tenants.sql", "memories.sql", "memories.write.sql", "memories.recall.sql"]
TENANT_CONDITION = re.compile(r"\btenant_id\s*=\s*(%s|%\(tenant\)s)")
# Statements outside an sql.py that read no tenant data, each with the reason.
ALLOWED_ELSEWHERE = {
    "server/runtime/health.py": "server and pgvector versions",
    "server/runtime/db/embedded.py": "creates the embedded server's database",
    "memories/compliance/vacuum.py": "VACUUM of the erasure tables",
    "mnemara/kernel/replica.py": "WAL positions of the primary and the replica",
    "mnemara/client/memory_tool.py": "no SQL: the memory tool's own execute() (the client imports no Django)",
}


@pytest.mark.parametrize("module_name", SQL_MODULES)
def test_it_constrains_every_statement_by_tenant_or_says_why_not(module_name: str) -> None:
    module = importlib.import_module(module_name)
    statements = {name: value for name, value in vars(module).items() if name.endswith("_SQL")}
    assert statements, f"{module_name} defines no *_SQL statement"
    exempt = module.CROSS_TENANT
    assert set(exempt) <= set(statements), "CROSS_TENANT names a statement that does not exist"
    for name, sql in statements.items():
        if name in exempt:
            assert exempt[name].strip(), f"{name}: say why it needs no tenant condition"
            continue
        assert TENANT_CONDITION.search(sql), f"{module_name}.{name} reads without a tenant condition"


def _executes_sql(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in {"execute", "executemany", "raw", "RawSQL"}:
                lines.append(node.lineno)
    return lines


def test_it_keeps_raw_sql_in_the_sql_modules() -> None:
    found = {}
    for package in ("server", "mnemara", "tenants", "memories"):
        for path in (ROOT / package).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" in relative or path.name == "sql.py" or relative in ALLOWED_ELSEWHERE:
                continue
            lines = _executes_sql(ast.parse(path.read_text()))
            if lines:
                found[relative] = lines
    assert found == {}, f"raw SQL outside an sql.py module: {found}"
