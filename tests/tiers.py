"""The test tiers: each test that needs more than this process and its database is marked, by where it lives,
so ``make test-fast`` (``-m "not slow"``) leaves them out and a new file in one of those folders is marked
without a line of its own. ``make test`` runs everything (CI too).

- ``browser``: Playwright driving Chromium (tests/browser/).
- ``served``: the stack ``make run`` starts, over real sockets (tests/served/).
- ``cluster``: a second PostgreSQL (streaming replica, external server: tests/cluster/).
- ``fuzz``: schemathesis and the hypothesis fuzzing of the API.
- ``stack``: a file that starts its own processes: the worker, the supervisor, uvicorn, pip into a fresh
  virtual environment, npm and tsc, a client generator.
Each of them is also ``slow``. The markers are registered in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
FOLDERS = {"browser": "browser", "served": "served", "cluster": "cluster"}
FILES = {
    "api/test_schemathesis.py": "fuzz",
    "api/test_fuzz.py": "fuzz",
    "extraction/test_worker_crash.py": "stack",
    "write/test_reembed.py": "stack",
    "mnemara/test_mcp_http.py": "stack",
    "mnemara/test_supervise.py": "stack",
    "client/test_package.py": "stack",
    "client/test_typescript.py": "stack",
    "client/test_generated_python_client.py": "stack",
}


def tier(path: Path) -> str | None:
    """The marker of a test file, from where it lives (None: the fast tier)."""
    try:
        relative = path.resolve().relative_to(TESTS)
    except ValueError:
        return None
    return FOLDERS.get(relative.parts[0]) or FILES.get(relative.as_posix())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        found = tier(item.path)
        if found:
            item.add_marker(getattr(pytest.mark, found))
            item.add_marker(pytest.mark.slow)
