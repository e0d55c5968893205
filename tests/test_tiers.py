"""The tiers (tests/tiers.py): the slow folders mark every file in them, new ones too; the slow files listed
by name exist (a renamed one would silently join the fast tier); everything else is the fast tier."""

from __future__ import annotations

from tests.tiers import FILES, FOLDERS, TESTS, TESTS_BY_NAME, node_tier, tier


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
