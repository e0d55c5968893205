"""The tiers (tests/tiers.py): the slow folders mark every file in them, new ones too; the slow files listed
by name exist (a renamed one would silently join the fast tier); everything else is the fast tier."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.tiers import FILES, FOLDERS, SHARED, TESTS, TESTS_BY_NAME, _start_order, node_tier, tier, work_unit


def test_a_new_file_in_a_slow_folder_is_marked_and_the_rest_is_fast():
    assert tier(TESTS / "browser" / "test_not_written_yet.py") == "browser"
    assert tier(TESTS / "served" / "test_not_written_yet.py") == "served"
    assert tier(TESTS / "cluster" / "test_replica.py") == "cluster"
    assert tier(TESTS / "api" / "test_schemathesis.py") == "fuzz"
    assert tier(TESTS / "write" / "test_chains.py") is None
    assert tier(TESTS / "test_tiers.py") is None
    budget = TESTS / "recall" / "test_index_budget.py"
    assert node_tier(budget, "test_float16_vectors_rank_the_evaluation_set_as_float32_does") == "eval"
    assert node_tier(budget, "test_the_index_measures_its_bytes") is None
    chat = TESTS / "client" / "test_chat.py"  # a test that starts a fresh interpreter, beside in-process ones
    assert node_tier(chat, "test_it_exits_non_zero_with_a_clear_message_without_a_key") == "stack"
    assert node_tier(chat, "test_it_refuses_to_chat_without_an_anthropic_key") is None


def test_every_slow_file_and_folder_named_exists():
    assert all((TESTS / folder).is_dir() for folder in FOLDERS), FOLDERS
    missing = [name for name in FILES if not (TESTS / name).is_file()]
    missing += [node for node in TESTS_BY_NAME if f"def {node.split('::')[1]}(" not in
                (TESTS / node.split("::")[0]).read_text()]
    assert not missing, f"tests/tiers.py names files that do not exist (moved? mark them again): {missing}"


@dataclass
class _Item:
    path: Path
    markers: list[object] = field(default_factory=list)

    def iter_markers(self) -> list[object]:
        return self.markers


def test_the_files_of_a_share_group_run_together_in_one_process():
    """A stack one file boots serves the next file of its group (tests/stack.py): the group's files are one xdist
    work unit and follow each other, where the first of them would start."""
    assert all((TESTS / name).is_file() for name in SHARED), SHARED
    for group in set(SHARED.values()):
        files = [name for name, its in SHARED.items() if its == group]
        assert len(files) > 1, f"a share group of one file shares nothing: {group}"
        assert len({work_unit(f"tests/{name}::test_x[1]") for name in files}) == 1
    assert work_unit("tests/write/test_chains.py::test_x") == "tests/write/test_chains.py"
    first, *others = [name for name, its in SHARED.items() if its == next(iter(SHARED.values()))]
    names = ["write/test_chains.py", others[0], "api/test_idempotency.py", first, "recall/test_x.py"]
    items = [_Item(TESTS / name) for name in names for _ in range(2)]
    ordered = [item.path.relative_to(TESTS).as_posix() for item in _start_order(items)]  # type: ignore[arg-type]
    assert ordered == ["write/test_chains.py"] * 2 + [others[0]] * 2 + [first] * 2 + [
        "api/test_idempotency.py"] * 2 + ["recall/test_x.py"] * 2
