"""The browser tests run against the stack ``make run`` starts (tests/stack.py), as tests/served does: none
of them asks for pytest-django's in-process live server, whose threads share the test's process and settings."""

from __future__ import annotations

from pathlib import Path

BROWSER = Path(__file__).resolve().parent / "browser"


def test_no_browser_test_uses_pytest_djangos_live_server() -> None:
    files = sorted(BROWSER.rglob("*.py"))
    assert any(path.name.startswith("test_") for path in files)
    using = [str(path.relative_to(BROWSER)) for path in files if "live_server" in path.read_text()]
    assert using == [], f"these files use live_server instead of the served stack (tests/stack.py): {using}"
