"""Every action the code writes to the audit log has a label in English and in Chinese. The actions are read
from the code itself: the first argument of ``audit``/``audit_event``, an ``action=`` keyword, and what is
assigned to a variable named ``action`` (the dotted codes in them); an action built at run time (an f-string)
is refused, since no reader of the code could tell which actions exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.conf import settings
from django.utils import translation

from tenants.audit import AuditAction, audit_action_label

PACKAGES = ("memories", "tenants", "webhooks", "mnemara")
CODE = re.compile(r"^[a-z_]+\.[a-z_]+$")
WRITERS = {"audit", "audit_event"}


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _codes(node: ast.expr | None, where: str, built: list[str]) -> set[str]:
    if node is None:
        return set()
    if isinstance(node, ast.JoinedStr):
        built.append(where)
    return {n.value for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and CODE.match(n.value)}


def written_actions() -> tuple[set[str], list[str]]:
    found: set[str] = set()
    built: list[str] = []
    root = Path(settings.BASE_DIR)
    for package in PACKAGES:
        for path in (root / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
                if isinstance(node, ast.Call):
                    if _name(node.func) in WRITERS and node.args:
                        found |= _codes(node.args[0], where, built)
                    for keyword in node.keywords:
                        if keyword.arg == "action":
                            found |= _codes(keyword.value, where, built)
                elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "action"
                                                          for t in node.targets):
                    found |= _codes(node.value, where, built)
    return found, built


def test_every_action_the_code_writes_has_a_label_in_both_languages():
    found, built = written_actions()
    assert not built, f"audit actions built at run time (write each code literally): {built}"
    assert len(found) >= 50 and {"memory.created", "job.requeued", "account.password_changed"} <= found
    missing = sorted(found - set(AuditAction.values))
    assert not missing, f"audit actions without a label in tenants.audit.AuditAction: {missing}"
    for action in AuditAction.values:
        with translation.override("en"):
            english = audit_action_label(action)
        with translation.override("zh-hans"):
            chinese = audit_action_label(action)
        assert english != action, action
        assert chinese != english and re.search(r"[\u4e00-\u9fff]", chinese), (action, chinese)


def test_an_action_no_release_knows_stays_its_code():
    assert audit_action_label("memory.teleported") == "memory.teleported"
