"""Claude's memory tool in Mnemara against the anthropic SDK's reference, ``BetaLocalFilesystemMemoryTool``: one
script of 36 commands (view, create, str_replace, insert, delete, rename, view_range, errors) runs against both, the
reference on a temporary directory, Mnemara's handler on the live test server, and each command must give the same
outcome (error or not, and the same text). The only differences allowed are ``STRICTER_PATHS``: paths the reference
accepts and Mnemara refuses (docs/client.md, "Claude's memory tool"). Directory sizes are the file system's (``4K``)
in the reference and ``-`` in Mnemara (a directory is a key prefix, it has no size): they are not compared.

The script runs twice: with a handler that saves Claude's files as stated (active at once) and with the default,
inferred (each file waits in review): what Claude sees is the same. Then a file's bytes round-trip exactly through
``PUT``/``GET /keys/memory`` and through the LangGraph store's ``put``/``get``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from anthropic.lib.tools import ToolError
from anthropic.tools.memory import BetaLocalFilesystemMemoryTool

from mnemara.client import Mnemara
from mnemara.client.langgraph import MnemaraStore
from mnemara.client.memory_tool import MnemaraMemoryTool
from tests.client.conftest import TIMEOUT
from tests.conftest import KeyedClient

# The file of the issue that found the normalisation: blank lines and indentation are its structure.
PROFILE = ("# Kim\n\n## Preferences\n- Prefers email\n  - never calls after 6pm\n\n## Projects\n"
           "- Atlas ships in May\n")
CRLF = "line one\r\nline two\r\n\ttabbed\r\n"

SCRIPT: list[dict[str, Any]] = [
    {"command": "view", "path": "/memories"},  # 1: empty
    {"command": "create", "path": "/memories/profile.md", "file_text": PROFILE},
    {"command": "view", "path": "/memories/profile.md"},  # 7 lines and the empty tail, as written
    {"command": "view", "path": "/memories/profile.md", "view_range": [3, 4]},
    {"command": "view", "path": "/memories/profile.md", "view_range": [6, -1]},
    {"command": "view", "path": "/memories/profile.md", "view_range": [20, 30]},  # past the end: nothing
    {"command": "str_replace", "path": "/memories/profile.md", "old_str": "  - never calls after 6pm",
     "new_str": "  - never calls after 7pm\n  - prefers mornings"},  # the indented text Claude wrote
    {"command": "str_replace", "path": "/memories/profile.md", "old_str": "nowhere", "new_str": "x"},
    {"command": "str_replace", "path": "/memories/profile.md", "old_str": "- ", "new_str": "* "},  # ambiguous
    {"command": "insert", "path": "/memories/profile.md", "insert_line": 2, "insert_text": "Timezone: Lisbon\n"},
    {"command": "insert", "path": "/memories/profile.md", "insert_line": 99, "insert_text": "x"},
    {"command": "view", "path": "/memories/profile.md"},
    {"command": "create", "path": "/memories/profile.md", "file_text": "again"},  # exists
    {"command": "create", "path": "/memories/projects/atlas.md", "file_text": "Atlas\n\n  owner: Rui\n"},
    {"command": "create", "path": "/memories/projects/apollo/notes.md", "file_text": "Apollo: deadline Friday"},
    {"command": "create", "path": "/memories/crlf.txt", "file_text": CRLF},
    {"command": "view", "path": "/memories/crlf.txt"},
    {"command": "insert", "path": "/memories/crlf.txt", "insert_line": 3, "insert_text": "line four"},
    {"command": "view", "path": "/memories"},  # two levels, sizes in bytes
    {"command": "view", "path": "/memories/projects"},
    {"command": "view", "path": "/memories/nothing.md"},
    {"command": "str_replace", "path": "/memories/projects", "old_str": "a", "new_str": "b"},  # a directory
    {"command": "insert", "path": "/memories/missing.md", "insert_line": 0, "insert_text": "x"},
    {"command": "rename", "old_path": "/memories/projects/atlas.md", "new_path": "/memories/atlas.md"},
    {"command": "rename", "old_path": "/memories/atlas.md", "new_path": "/memories/profile.md"},  # taken
    {"command": "rename", "old_path": "/memories/gone.md", "new_path": "/memories/new.md"},
    {"command": "rename", "old_path": "/memories/projects", "new_path": "/memories/archive"},  # a directory
    {"command": "view", "path": "/memories/archive/apollo/notes.md"},
    {"command": "delete", "path": "/memories/archive"},
    {"command": "delete", "path": "/memories/archive"},  # gone
    {"command": "delete", "path": "/memories"},
    {"command": "view", "path": "/memories/../etc/passwd"},  # escapes: refused by both
    {"command": "create", "path": "/etc/evil.md", "file_text": "x"},
    {"command": "view", "path": "/memories/profile.md/../../../secret"},
    # The stricter checks: the reference resolves these inside /memories, Mnemara refuses them.
    {"command": "view", "path": "/memories/archive/../profile.md"},
    {"command": "view", "path": "/memories//profile.md"},
]
STRICTER_PATHS = {"/memories/archive/../profile.md": "a '..' segment, even one that stays inside /memories",
                  "/memories//profile.md": "an empty segment"}
assert len(SCRIPT) == 36


def outcome(tool: Any, command: dict[str, Any]) -> tuple[bool, str]:
    try:
        return False, str(tool.call(command))
    except ToolError as exc:
        return True, str(exc.content)


def without_directory_sizes(text: str) -> str:
    """A listing with ``-`` for the size of each directory: the one listed (its first row) and those ending in /."""
    if not text.startswith("Here're the files and directories"):
        return text
    header, first, *rows = text.split("\n")
    rows = [f"-\t{row.partition(chr(9))[2]}" if row.endswith("/") else row for row in rows]
    return "\n".join([header, f"-\t{first.partition(chr(9))[2]}", *rows])


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("provenance", ["stated", "inferred"])
def test_it_matches_the_reference_memory_tool(live_server, alice: KeyedClient, fake_embedder, tmp_path: Path,
                                              provenance: str) -> None:
    reference = BetaLocalFilesystemMemoryTool(str(tmp_path))
    with Mnemara(live_server.url, alice.secret, backoff=0.05, timeout=TIMEOUT) as memory:
        ours = MnemaraMemoryTool(memory, f"user/kim/claude-{provenance}", provenance=provenance,
                                 confidence=1.0 if provenance == "stated" else 0.7)
        differences = []
        for number, command in enumerate(SCRIPT, 1):
            expected, got = outcome(reference, command), outcome(ours, command)
            path = command.get("path") or command.get("old_path")
            if path in STRICTER_PATHS:
                assert got[0] and not expected[0], (number, command, got)
                continue
            if (expected[0], without_directory_sizes(expected[1])) != got:
                differences.append((number, command, expected, got))
        assert not differences, "\n".join(f"#{n} {c}\n  reference: {e!r}\n  mnemara:   {g!r}"
                                           for n, c, e, g in differences)
        profile = memory.get_by_key(f"user/kim/claude-{provenance}", "profile.md")
        assert profile.content == (tmp_path / "memories" / "profile.md").read_bytes().decode()
        assert profile.status == ("active" if provenance == "stated" else "pending")


BYTES = "\n\n  # Title  \r\n\n\tcode\u00a0block\n \n\u200bzero-width\ncafe\u0301\n\n\n"  # NFD é, a zero-width space


@pytest.mark.django_db(transaction=True)
def test_a_files_bytes_round_trip_through_put_get_and_langgraph(live_server, alice: KeyedClient,
                                                                fake_embedder) -> None:
    with Mnemara(live_server.url, alice.secret, backoff=0.05, timeout=TIMEOUT) as memory:
        memory.put("user/kim", "file.md", BYTES)
        assert memory.get_by_key("user/kim", "file.md").content.encode() == BYTES.encode()
        store = MnemaraStore(memory)
        store.put(("users", "kim"), "file.md", {"text": BYTES}, index=["text"])
        item = store.get(("users", "kim"), "file.md")
        assert item is not None and item.value["text"].encode() == BYTES.encode()
        stored = memory.get_by_key("users/kim", "file.md")
        assert stored.content == BYTES  # the text LangGraph indexes, as it is
