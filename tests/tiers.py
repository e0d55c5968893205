"""The test tiers: each test that needs more than this process and its database is marked, by where it lives,
so ``make test-fast`` (``-m "not slow"``) leaves them out and a new file in one of those folders is marked
without a line of its own. ``make test`` runs everything (CI too).

- ``browser``: Playwright driving Chromium (tests/browser/).
- ``served``: the stack ``make run`` starts, over real sockets (tests/served/).
- ``cluster``: a second PostgreSQL (streaming replica, external server: tests/cluster/).
- ``fuzz``: schemathesis and the hypothesis fuzzing of the API.
- ``stack``: a file or a test that starts its own processes: the worker, the supervisor, uvicorn, pip into a
  fresh virtual environment, npm and tsc, a client generator, a fresh interpreter (``manage.py chat`` or
  ``mcp_server``, an import check).
- ``eval``: a test that ranks the whole evaluation set (the quality floors; ``manage.py eval_recall`` gives the
  numbers).
Each of them is also ``slow``. The markers are registered in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
    "client/test_import_isolation.py": "stack",
}
TESTS_BY_NAME = {
    "recall/test_eval_floor.py::test_it_keeps_hybrid_recall_above_the_floor_and_ahead_of_each_side": "eval",
    "recall/test_eval_floor.py::test_it_keeps_every_direction_and_the_floor_on_the_whole_set": "eval",
    "recall/test_index_budget.py::test_float16_vectors_rank_the_evaluation_set_as_float32_does": "eval",
    "mnemara/test_threads.py::test_importing_every_module_of_the_apps_and_the_server_starts_no_thread": "stack",
    "mnemara/test_resident.py::test_a_web_process_does_not_import_the_anthropic_sdk": "stack",
    "client/test_chat.py::test_it_exits_non_zero_with_a_clear_message_without_a_key": "stack",
    "client/test_mcp.py::test_it_serves_save_then_search_over_stdio": "stack",
    "client/test_mcp.py::test_it_refuses_to_start_without_configuration": "stack",
    "client/test_mcp.py::test_it_points_to_the_hosted_endpoint_for_streamable_http": "stack",
}


# Files that start the same stack (tests/stack.py, ``shared_stack``): one process runs each group's files one
# after the other (their tests as one unit under ``--dist loadfile``: ``pytest_xdist_make_scheduler``), and the
# stack the first boots serves the next; each file's data is still its own (committed, then flushed).
SHARED = {
    "served/test_served.py": "served",
    "served/test_mem0.py": "served",
    "served/test_runtime.py": "served-fake-1",
    "served/test_served_privacy.py": "served-fake-1",
}


def _relative(path: Path) -> str | None:
    try:
        return path.resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return None


def share_group(path: Path) -> str | None:
    """The share group of a test file (None: it starts its own stack, if any)."""
    return SHARED.get(_relative(path) or "")


def tier(path: Path) -> str | None:
    """The marker of a test file, from where it lives (None: the fast tier)."""
    try:
        relative = path.resolve().relative_to(TESTS)
    except ValueError:
        return None
    return FOLDERS.get(relative.parts[0]) or FILES.get(relative.as_posix())


def node_tier(path: Path, name: str) -> str | None:
    """The marker of one test (its parameters aside), by its file or by its name."""
    found = tier(path)
    if found:
        return found
    try:
        relative = path.resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return None
    return TESTS_BY_NAME.get(f"{relative}::{name}")


# The order files start in under ``--dist loadfile --no-loadscope-reorder`` (the Makefile's): longest first, so
# that the last files to run are short ones and the two processes finish together. A single-test file of the
# slow tiers (schemathesis, the second PostgreSQL) took minutes, and xdist's own order (most tests first) ran
# them last, alone.
FIRST = ("fuzz", "cluster", "served", "browser", "stack", "eval")


def _start_order(items: list[pytest.Item]) -> list[pytest.Item]:
    """The items with their files reordered (each file's tests together, in their own order): files with a test of
    a slow tier first (the slowest tiers first), then the rest by their number of tests, most first."""
    by_file: dict[Path, list[pytest.Item]] = {}
    for item in items:
        by_file.setdefault(item.path, []).append(item)

    def own_rank(path: Path) -> tuple[int, int]:
        tiers = {marker.name for item in by_file[path] for marker in item.iter_markers() if marker.name in FIRST}
        first = min((FIRST.index(name) for name in tiers), default=len(FIRST))
        return first, -len(by_file[path])

    groups: dict[str, list[Path]] = {}
    for path in by_file:
        groups.setdefault(share_group(path) or str(path), []).append(path)

    order = {group: n for n, group in enumerate(groups)}

    def rank(path: Path) -> tuple[tuple[int, int], int, tuple[int, int]]:
        """A share group's files together, where its first would start."""
        group = share_group(path) or str(path)
        return min(own_rank(member) for member in groups[group]), order[group], own_rank(path)

    return [item for path in sorted(by_file, key=rank) for item in by_file[path]]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        found = node_tier(item.path, getattr(item, "originalname", item.name))
        if found:
            item.add_marker(getattr(pytest.mark, found))
            item.add_marker(pytest.mark.slow)
    items[:] = _start_order(items)


def work_unit(nodeid: str) -> str:
    """What one xdist process runs as a whole: the test's file, or its file's share group."""
    path = nodeid.split("::", 1)[0]
    group = SHARED.get(path.removeprefix("tests/"))
    return f"share group {group}" if group else path


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` with each share group's files as one unit: one process runs them one after the other."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedStackScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return SharedStackScheduling(config, log)
