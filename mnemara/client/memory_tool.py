"""A governed backend for Claude's memory tool (``memory_20250818``): the files Claude keeps under ``/memories``
are keyed memories of one Mnemara scope (docs/client.md, "Claude's memory tool").

``/memories/<path>`` is the memory with key ``<path>`` in the scope the caller chose; a directory is a key
prefix (``/memories/projects/`` lists the keys starting with ``projects/``). Every write goes through the
server's write flow — secrets redaction, the conflict policy and review, versions, audit — so a person can
review, correct and erase what Claude remembered in the dashboard. By default Claude's files are saved as
``provenance="inferred"`` notes (a model's words, not the user's): the policy then keeps them ``pending`` in
the review queue until a person accepts them, and they are recalled only once accepted. A deployment that
trusts what its agent writes may pass ``provenance="stated"`` and a confidence at or above the tenant's review
threshold: the files are then active at once, each edit a new version.

What the tool shows for a file is what its key answers with (``get_by_key``): the accepted memory, else the
one waiting in review. Contents are memory contents, normalised as every memory is (spaces collapsed, blank
lines dropped). A rename writes the new key and deletes the old one (two steps: not atomic, and the new key
starts a new history).

Paths are refused (the tool's error result) unless they are ``/memories`` or below it, with no ``.`` or
``..`` segment (also after Unicode compatibility normalisation), no empty segment, no backslash, control
character or percent-encoded sequence; file contents are bounded (``max_file_chars``).

The handler subclasses the anthropic SDK's ``BetaAbstractMemoryTool`` (``BetaAsyncAbstractMemoryTool`` for
``AsyncMnemara``), so it also plugs into the SDK's tool runner. Each command is written once, as a plan of
client calls (the pattern of ``operations.py``); the sync and async handlers only run the plans.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, TypeVar

from anthropic.lib.tools import BetaAbstractMemoryTool, BetaAsyncAbstractMemoryTool, ToolError
from anthropic.types.beta import (
    BetaMemoryTool20250818CreateCommand,
    BetaMemoryTool20250818DeleteCommand,
    BetaMemoryTool20250818InsertCommand,
    BetaMemoryTool20250818RenameCommand,
    BetaMemoryTool20250818StrReplaceCommand,
    BetaMemoryTool20250818ViewCommand,
)

from mnemara.client import steps
from mnemara.client.core import KeyEntry, Memory, MnemaraError, NotFound, PreconditionFailed, VersionConflict
from mnemara.client.http import AsyncMnemara, Mnemara
from mnemara.client.steps import Plan, Step

ROOT = "/memories"
MAX_KEY_CHARS = 255
#: The API's limit on a memory's content.
MAX_FILE_CHARS = 8000
LINE_NUMBER_WIDTH = 6
#: How deep a directory listing goes, as the SDK's reference implementation does.
LIST_DEPTH = 2

_PERCENT_ENCODED = re.compile(r"%[0-9A-Fa-f]{2}")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs"})

T = TypeVar("T")


# --------------------------------------------------------------------------- paths

def key_of(path: object) -> str:
    """The key a ``/memories/...`` path names ("" for ``/memories`` itself), or a ``ToolError``."""
    if not isinstance(path, str) or not path:
        raise ToolError("A path like /memories/notes.md is required.")
    if "\\" in path or "\x00" in path or _PERCENT_ENCODED.search(path):
        raise ToolError(f"The path {path!r} is not allowed: no backslashes, NUL or percent-encoded characters.")
    if any(unicodedata.category(ch) in _REFUSED_CATEGORIES for ch in path):
        raise ToolError(f"The path {path!r} is not allowed: no control or invisible characters.")
    if path != ROOT and not path.startswith(ROOT + "/"):
        raise ToolError(f"The path {path!r} is outside {ROOT}: every memory file lives under {ROOT}/.")
    relative = path[len(ROOT):].strip("/") if path.endswith("/") else path[len(ROOT) + 1:]
    if not relative:
        return ""
    for candidate in {relative, unicodedata.normalize("NFKC", relative)}:
        segments = candidate.split("/")
        if any(s in ("", ".", "..") for s in segments) or "\\" in candidate:
            raise ToolError(f"The path {path!r} is not allowed: no '.', '..' or empty segments.")
    if len(relative) > MAX_KEY_CHARS or relative != relative.strip():
        raise ToolError(f"The path {path!r} is not allowed: at most {MAX_KEY_CHARS} characters after {ROOT}/, "
                        "no spaces at either end.")
    return relative


def path_of(key: str) -> str:
    return f"{ROOT}/{key}" if key else ROOT


def _size(text: str) -> str:
    n = len(text.encode("utf-8"))
    return f"{n}B" if n < 1024 else f"{n / 1024:.1f}K"


def numbered(content: str, start: int = 1) -> str:
    return "\n".join(f"{str(i).rjust(LINE_NUMBER_WIDTH)}\t{line}" for i, line in enumerate(content.split("\n"), start))


# --------------------------------------------------------------------------- the commands, as plans

@dataclass
class FileSettings:
    """What every file Claude writes is saved as (see the module's docstring)."""

    scope: str
    provenance: str = "inferred"
    confidence: float = 0.7
    type: str = "note"
    subject: str | None = None
    max_file_chars: int = MAX_FILE_CHARS

    def checked(self, path: str, content: str) -> str:
        if len(content) > self.max_file_chars:
            raise ToolError(f"{path} would hold {len(content)} characters; a memory file holds at most "
                            f"{self.max_file_chars}.")
        if not content.strip():
            raise ToolError(f"{path} would be empty; delete it instead.")
        return content

    def put(self, key: str, content: str, **precondition: Any) -> Step:
        return Step("put", (self.scope, key, self.checked(path_of(key), content)), {
            "type": self.type, "provenance": self.provenance, "confidence": self.confidence,
            "subject": self.subject, "metadata": {"source": "claude_memory_tool", "path": path_of(key)},
            **precondition})


def _keys_under(settings: FileSettings, key: str) -> Plan[list[KeyEntry]]:
    """The keys below a directory (``key`` "" is the root)."""
    entries: list[KeyEntry] = []
    cursor: str | None = None
    while True:
        page = yield Step("keys", (settings.scope,), {"prefix": f"{key}/" if key else None, "limit": 200,
                                                       "cursor": cursor})
        entries += page.results
        if not page.next:
            return entries
        cursor = page.next


def _file(settings: FileSettings, key: str, path: str) -> Plan[Memory]:
    if not key:
        raise ToolError(f"{path} is a directory.")
    try:
        memory: Memory = yield Step("get_by_key", (settings.scope, key))
    except NotFound:
        raise ToolError(f"The path {path} does not exist. Please provide a valid path.") from None
    return memory


def _listing(path: str, key: str, entries: list[KeyEntry]) -> str:
    base = f"{key}/" if key else ""
    lines: dict[str, str] = {}
    for entry in entries:
        parts = entry.key[len(base):].split("/")
        for depth in range(1, min(len(parts), LIST_DEPTH) + 1):
            name = "/".join(parts[:depth])
            is_dir = depth < len(parts)
            lines.setdefault(name + ("/" if is_dir else ""), "-" if is_dir else "")
    rows = [f"-\t{path}"] + [f"{size or '-'}\t{path_of(base + name)}" for name, size in sorted(lines.items())]
    return (f"Here're the files and directories up to {LIST_DEPTH} levels deep in {path}, excluding hidden "
            "items:\n" + "\n".join(rows))


def view(settings: FileSettings, command: BetaMemoryTool20250818ViewCommand) -> Plan[str]:
    key = key_of(command.path)
    if key:
        memory: Memory | None = None
        with contextlib.suppress(NotFound):  # not a file: perhaps a directory
            memory = yield Step("get_by_key", (settings.scope, key))
        if memory is not None:
            lines = memory.content.split("\n")
            start, end = 1, len(lines)
            if command.view_range and len(command.view_range) == 2:
                start = max(1, command.view_range[0])
                end = len(lines) if command.view_range[1] == -1 else min(len(lines), command.view_range[1])
                if start > len(lines) or end < start:
                    raise ToolError(f"Invalid view_range {list(command.view_range)}: {command.path} has "
                                    f"{len(lines)} lines.")
            shown = numbered("\n".join(lines[start - 1:end]), start)
            note = "\n(This file waits for a person's review.)" if memory.status == "pending" else ""
            return f"Here's the content of {command.path} with line numbers:\n{shown}{note}"
    entries = yield from _keys_under(settings, key)
    if key and not entries:
        raise ToolError(f"The path {command.path} does not exist. Please provide a valid path.")
    return _listing(command.path.rstrip("/") or ROOT, key, entries)


def create(settings: FileSettings, command: BetaMemoryTool20250818CreateCommand) -> Plan[str]:
    key = key_of(command.path)
    if not key:
        raise ToolError(f"{ROOT} is a directory.")
    if (yield from _keys_under(settings, key)):
        raise ToolError(f"{command.path} is a directory.")
    parts = key.split("/")
    for depth in range(1, len(parts)):  # a parent "directory" may not be a file
        try:
            yield Step("get_by_key", (settings.scope, "/".join(parts[:depth])))
        except NotFound:
            continue
        raise ToolError(f"{path_of('/'.join(parts[:depth]))} is a file, not a directory.")
    try:
        yield settings.put(key, command.file_text, create_only=True)
    except PreconditionFailed:
        raise ToolError(f"File {command.path} already exists") from None
    return f"File created successfully at: {command.path}"


def _rewrite(settings: FileSettings, memory: Memory, key: str, content: str, path: str) -> Plan[Memory]:
    try:
        saved: Memory = yield settings.put(key, content, if_version=memory.version)
    except (VersionConflict, PreconditionFailed):
        raise ToolError(f"{path} changed meanwhile; view it again and retry.") from None
    return saved


def str_replace(settings: FileSettings, command: BetaMemoryTool20250818StrReplaceCommand) -> Plan[str]:
    key = key_of(command.path)
    memory = yield from _file(settings, key, command.path)
    count = memory.content.count(command.old_str) if command.old_str else 0
    if count == 0:
        raise ToolError(f"No replacement was performed, old_str `{command.old_str}` did not appear verbatim in "
                        f"{command.path}.")
    if count > 1:
        raise ToolError(f"No replacement was performed. Multiple occurrences of old_str `{command.old_str}` in "
                        f"{command.path}. Please ensure it is unique.")
    saved = yield from _rewrite(settings, memory, key, memory.content.replace(command.old_str, command.new_str),
                                command.path)
    return f"The memory file has been edited.\n{numbered(saved.content)}"


def insert(settings: FileSettings, command: BetaMemoryTool20250818InsertCommand) -> Plan[str]:
    key = key_of(command.path)
    memory = yield from _file(settings, key, command.path)
    lines = memory.content.split("\n")
    if not 0 <= command.insert_line <= len(lines):
        raise ToolError(f"Invalid `insert_line` parameter: {command.insert_line}. It should be within the range "
                        f"[0, {len(lines)}].")
    lines[command.insert_line:command.insert_line] = command.insert_text.rstrip("\n").split("\n")
    yield from _rewrite(settings, memory, key, "\n".join(lines), command.path)
    return f"The file {command.path} has been edited."


def delete(settings: FileSettings, command: BetaMemoryTool20250818DeleteCommand) -> Plan[str]:
    key = key_of(command.path)
    if not key:
        raise ToolError(f"Cannot delete the {ROOT} directory itself")
    try:
        yield Step("delete_by_key", (settings.scope, key))
        return f"Successfully deleted {command.path}"
    except NotFound:
        pass
    entries = yield from _keys_under(settings, key)
    if not entries:
        raise ToolError(f"The path {command.path} does not exist")
    for entry in entries:
        yield Step("delete_by_key", (settings.scope, entry.key))
    return f"Successfully deleted {command.path}"


def rename(settings: FileSettings, command: BetaMemoryTool20250818RenameCommand) -> Plan[str]:
    old, new = key_of(command.old_path), key_of(command.new_path)
    if not old or not new:
        raise ToolError(f"Cannot rename the {ROOT} directory itself")
    if new == old or new.startswith(old + "/"):
        raise ToolError(f"Cannot move {command.old_path} into itself")
    moves: list[Memory] = []
    try:
        moves.append((yield Step("get_by_key", (settings.scope, old))))
    except NotFound:  # a directory: every file below it
        for entry in (yield from _keys_under(settings, old)):
            moves.append((yield Step("get_by_key", (settings.scope, entry.key))))
    if not moves:
        raise ToolError(f"The path {command.old_path} does not exist")
    for memory in moves:
        target = new + (memory.key or old)[len(old):]
        try:
            yield settings.put(target, memory.content, create_only=True)
        except PreconditionFailed:
            raise ToolError(f"The destination {path_of(target)} already exists") from None
        yield Step("delete_by_key", (settings.scope, memory.key))
    return f"Successfully renamed {command.old_path} to {command.new_path}"


# --------------------------------------------------------------------------- the handlers

def _failed(exc: MnemaraError) -> ToolError:
    """A refusal of the server (a secret refused, a limit, no permission), as the tool's error result."""
    return ToolError(f"Memory refused this ({exc.code}): {exc}")


class MnemaraMemoryTool(BetaAbstractMemoryTool):
    """Claude's memory tool, stored in Mnemara: ``tools=[handler.to_dict()]``, then ``handler.call(tool_input)``
    for each ``memory`` tool use (or hand it to the SDK's tool runner). ``scope``: where the files live, e.g.
    ``user/123/claude``."""

    def __init__(self, memory: Mnemara, scope: str, *, provenance: str = "inferred", confidence: float = 0.7,
                 type: str = "note", subject: str | None = None, max_file_chars: int = MAX_FILE_CHARS) -> None:
        super().__init__()
        self.memory = memory
        self.settings = FileSettings(scope=scope, provenance=provenance, confidence=confidence, type=type,
                                     subject=subject, max_file_chars=max_file_chars)

    def _run(self, plan: Plan[T]) -> T:
        try:
            return steps.run(plan, self.memory)
        except MnemaraError as exc:
            raise _failed(exc) from exc

    def view(self, command: BetaMemoryTool20250818ViewCommand) -> str:
        return self._run(view(self.settings, command))

    def create(self, command: BetaMemoryTool20250818CreateCommand) -> str:
        return self._run(create(self.settings, command))

    def str_replace(self, command: BetaMemoryTool20250818StrReplaceCommand) -> str:
        return self._run(str_replace(self.settings, command))

    def insert(self, command: BetaMemoryTool20250818InsertCommand) -> str:
        return self._run(insert(self.settings, command))

    def delete(self, command: BetaMemoryTool20250818DeleteCommand) -> str:
        return self._run(delete(self.settings, command))

    def rename(self, command: BetaMemoryTool20250818RenameCommand) -> str:
        return self._run(rename(self.settings, command))

    def result(self, tool_input: object) -> tuple[str, bool]:
        """Run one tool use: (the text of its ``tool_result``, whether it is an error)."""
        try:
            return str(self.call(tool_input)), False
        except ToolError as exc:
            return str(exc.content), True


class AsyncMnemaraMemoryTool(BetaAsyncAbstractMemoryTool):
    """``MnemaraMemoryTool`` over ``AsyncMnemara``: the same commands, awaited."""

    def __init__(self, memory: AsyncMnemara, scope: str, *, provenance: str = "inferred", confidence: float = 0.7,
                 type: str = "note", subject: str | None = None, max_file_chars: int = MAX_FILE_CHARS) -> None:
        super().__init__()
        self.memory = memory
        self.settings = FileSettings(scope=scope, provenance=provenance, confidence=confidence, type=type,
                                     subject=subject, max_file_chars=max_file_chars)

    async def _run(self, plan: Plan[T]) -> T:
        try:
            return await steps.arun(plan, self.memory)
        except MnemaraError as exc:
            raise _failed(exc) from exc

    async def view(self, command: BetaMemoryTool20250818ViewCommand) -> str:
        return await self._run(view(self.settings, command))

    async def create(self, command: BetaMemoryTool20250818CreateCommand) -> str:
        return await self._run(create(self.settings, command))

    async def str_replace(self, command: BetaMemoryTool20250818StrReplaceCommand) -> str:
        return await self._run(str_replace(self.settings, command))

    async def insert(self, command: BetaMemoryTool20250818InsertCommand) -> str:
        return await self._run(insert(self.settings, command))

    async def delete(self, command: BetaMemoryTool20250818DeleteCommand) -> str:
        return await self._run(delete(self.settings, command))

    async def rename(self, command: BetaMemoryTool20250818RenameCommand) -> str:
        return await self._run(rename(self.settings, command))

