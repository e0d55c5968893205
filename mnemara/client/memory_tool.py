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
one waiting in review. A keyed memory's content is exact, so a file is kept byte for byte (secrets aside:
they are redacted). Every command answers as the SDK's reference ``BetaLocalFilesystemMemoryTool`` does
(tests/client/test_memory_tool_reference.py). A rename writes the new key and deletes the old one (two steps:
not atomic, and the new key starts a new history).

Paths are refused (the tool's error result) unless they are ``/memories`` or below it, with no ``.`` or
``..`` segment (also after Unicode compatibility normalisation), no empty segment, no backslash, control
character or percent-encoded sequence — stricter than the reference, which resolves such paths; file
contents are bounded (``max_file_chars``) and may not be empty.

The handler subclasses the anthropic SDK's ``BetaAbstractMemoryTool`` (``BetaAsyncAbstractMemoryTool`` for
``AsyncMnemara``), so it also plugs into the SDK's tool runner. Each command is written once, as a plan of
client calls (the pattern of ``operations.py``); the sync and async handlers only run the plans.
"""

from __future__ import annotations

import contextlib
import posixpath
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
from pydantic import ValidationError

from mnemara.client import steps
from mnemara.client.core import KeyEntry, Memory, MnemaraError, NotFound, PreconditionFailed, VersionConflict
from mnemara.client.http import AsyncMnemara, Mnemara
from mnemara.client.steps import Plan, Step

ROOT = "/memories"
MAX_KEY_CHARS = 255
#: The API's limit on a memory's content.
MAX_FILE_CHARS = 8000
LINE_NUMBER_WIDTH = 6  # as the reference tool's
#: How deep a directory listing goes, as the SDK's reference implementation does.
LIST_DEPTH = 2

_PERCENT_ENCODED = re.compile(r"%[0-9A-Fa-f]{2}")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs"})

T = TypeVar("T")


# --------------------------------------------------------------------------- paths

def key_of(path: object) -> str:
    """The key a ``/memories/...`` path names ("" for ``/memories`` itself), or a ``ToolError``.

    A path the reference tool refuses gets its message (outside ``/memories``, or a ``..`` that climbs out of
    it); the stricter checks (``STRICTER_PATHS`` in tests/client/test_memory_tool_reference.py) get their own."""
    if not isinstance(path, str) or not path:
        raise ToolError("A path like /memories/notes.md is required.")
    _check_path(path)
    relative = path[len(ROOT):].strip("/") if path.endswith("/") else path[len(ROOT) + 1:]
    if relative:
        _check_key(path, relative)
    return relative


def _check_path(path: str) -> None:
    """The whole path: under ``/memories`` (as the reference resolves it too), and no character that could
    hide what it names."""
    if not path.startswith(ROOT):
        raise ToolError(f"Path must start with {ROOT}, got: {path}")
    if path != ROOT and not path.startswith(ROOT + "/"):
        raise ToolError(f"The path {path!r} is outside {ROOT}: every memory file lives under {ROOT}/.")
    if "\\" in path or "\x00" in path or _PERCENT_ENCODED.search(path):
        raise ToolError(f"The path {path!r} is not allowed: no backslashes, NUL or percent-encoded characters.")
    if any(unicodedata.category(ch) in _REFUSED_CATEGORIES for ch in path):
        raise ToolError(f"The path {path!r} is not allowed: no control or invisible characters.")
    resolved = posixpath.normpath(path)
    if resolved != ROOT and not resolved.startswith(ROOT + "/"):  # as the reference resolves it: out of /memories
        raise ToolError(f"Path {path} would escape {ROOT} directory")


def _check_key(path: str, relative: str) -> None:
    """The key after ``/memories/``: no '.', '..' or empty segment (NFKC-normalised too), not too long, no
    spaces at either end."""
    for candidate in {relative, unicodedata.normalize("NFKC", relative)}:
        segments = candidate.split("/")
        if any(s in ("", ".", "..") for s in segments) or "\\" in candidate:
            raise ToolError(f"The path {path!r} is not allowed: no '.', '..' or empty segments.")
    if len(relative) > MAX_KEY_CHARS or relative != relative.strip():
        raise ToolError(f"The path {path!r} is not allowed: at most {MAX_KEY_CHARS} characters after {ROOT}/, "
                        "no spaces at either end.")


def path_of(key: str) -> str:
    return f"{ROOT}/{key}" if key else ROOT


def size_of(n: int) -> str:
    """A file's size as the reference tool writes it (``_format_file_size``): 0B, 512B, 1.5K, 2M."""
    if n == 0:
        return "0B"
    units = ["B", "K", "M", "G"]
    i = min((n.bit_length() - 1) // 10, len(units) - 1)
    size = n / (1024**i)
    return f"{int(size)}{units[i]}" if size == int(size) else f"{size:.1f}{units[i]}"


def numbered(lines: list[str], start: int = 1) -> str:
    return "\n".join(f"{str(i).rjust(LINE_NUMBER_WIDTH)}\t{line}" for i, line in enumerate(lines, start))


def _lines_without_tail(content: str) -> list[str]:
    """The lines ``insert`` counts: split on LF only (a CR stays), without the empty tail a final newline leaves."""
    lines = content.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


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


def _keys_under(settings: FileSettings, key: str, *, with_memory: bool = False) -> Plan[list[KeyEntry]]:
    """The keys below a directory (``key`` "" is the root)."""
    entries: list[KeyEntry] = []
    cursor: str | None = None
    while True:
        page = yield Step("keys", (settings.scope,), {"prefix": f"{key}/" if key else None, "limit": 200,
                                                       "cursor": cursor, "with_memory": with_memory})
        entries += page.results
        if not page.next:
            return entries
        cursor = page.next


def _file(settings: FileSettings, key: str, path: str) -> Plan[Memory]:
    """The file at ``key``, or the reference tool's error for a path that does not exist or is a directory."""
    try:
        if key:
            memory: Memory = yield Step("get_by_key", (settings.scope, key))
            return memory
    except NotFound:
        pass
    if not key or (yield from _keys_under(settings, key)):
        raise ToolError(f"The path {path} is not a file.")
    raise ToolError(f"The path {path} does not exist. Please provide a valid path.")


def _listing(path: str, key: str, entries: list[KeyEntry]) -> str:
    """The reference tool's listing: two levels deep, sorted by name at each level, hidden names (``.x``) left out,
    each file with its size in bytes; a directory has no size here (``-``)."""
    base = f"{key}/" if key else ""
    tree: dict[str, Any] = {}
    for entry in entries:
        node = tree
        *folders, name = entry.key[len(base):].split("/")
        for folder in folders:
            node = node.setdefault(folder + "/", {})
        size = len(entry.memory.content.encode("utf-8")) if entry.memory is not None else None
        node[name] = size_of(size) if size is not None else "-"
    rows = [f"-\t{path}"]

    def walk(node: dict[str, Any], prefix: str, depth: int) -> None:
        for name in sorted(node, key=lambda n: n.rstrip("/")):
            if name.startswith("."):
                continue
            if isinstance(node[name], dict):
                rows.append(f"-\t{path}/{prefix}{name}")
                if depth < LIST_DEPTH:
                    walk(node[name], prefix + name, depth + 1)
            else:
                rows.append(f"{node[name]}\t{path}/{prefix}{name}")

    walk(tree, "", 1)
    return (f"Here're the files and directories up to {LIST_DEPTH} levels deep in {path}, excluding hidden "
            "items:\n" + "\n".join(rows))


def view(settings: FileSettings, command: BetaMemoryTool20250818ViewCommand) -> Plan[str]:
    key = key_of(command.path)
    if key:
        memory: Memory | None = None
        with contextlib.suppress(NotFound):  # not a file: perhaps a directory
            memory = yield Step("get_by_key", (settings.scope, key))
        if memory is not None:
            lines, start = memory.content.split("\n"), 1
            if command.view_range and len(command.view_range) == 2:  # as the reference slices it
                first, last = command.view_range
                start = max(1, first)
                lines = lines[start - 1:len(lines) if last == -1 else last]
            return f"Here's the content of {command.path} with line numbers:\n{numbered(lines, start)}"
    entries = yield from _keys_under(settings, key, with_memory=True)
    if key and not entries:
        raise ToolError(f"The path {command.path} does not exist. Please provide a valid path.")
    return _listing(command.path, key, entries)


def _exists(settings: FileSettings, key: str) -> Plan[bool]:
    """A file or a directory at ``key`` ("" is the root: it always exists)."""
    if not key:
        return True
    try:
        yield Step("get_by_key", (settings.scope, key))
        return True
    except NotFound:
        return bool((yield from _keys_under(settings, key)))


def create(settings: FileSettings, command: BetaMemoryTool20250818CreateCommand) -> Plan[str]:
    key = key_of(command.path)
    if not key or (yield from _keys_under(settings, key)):  # a directory: the reference's O_EXCL refuses it too
        raise ToolError(f"File {command.path} already exists")
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
    content = memory.content
    count = content.count(command.old_str)
    if count == 0:
        raise ToolError(f"No replacement was performed, old_str `{command.old_str}` did not appear verbatim in "
                        f"{command.path}.")
    if count > 1:
        found, at = [], content.find(command.old_str)
        while at != -1:
            found.append(content[:at].count("\n") + 1)
            at = content.find(command.old_str, at + 1)
        raise ToolError(f"No replacement was performed. Multiple occurrences of old_str `{command.old_str}` in "
                        f"lines: {', '.join(map(str, found))}. Please ensure it is unique")
    changed = content[:content.find(command.old_str)].count("\n")
    saved = yield from _rewrite(settings, memory, key, content.replace(command.old_str, command.new_str),
                                command.path)
    lines = saved.content.split("\n")
    first = max(0, changed - 2)
    return ("The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
            + numbered(lines[first:min(len(lines), changed + 3)], first + 1))


def insert(settings: FileSettings, command: BetaMemoryTool20250818InsertCommand) -> Plan[str]:
    key = key_of(command.path)
    memory = yield from _file(settings, key, command.path)
    lines = _lines_without_tail(memory.content)
    if not 0 <= command.insert_line <= len(lines):
        raise ToolError(f"Invalid `insert_line` parameter: {command.insert_line}. It should be within the range "
                        f"[0, {len(lines)}].")
    lines.insert(command.insert_line, command.insert_text.rstrip("\n"))
    content = "\n".join(lines)
    yield from _rewrite(settings, memory, key, content if content.endswith("\n") else content + "\n", command.path)
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
    if not old:
        raise ToolError(f"Cannot rename the {ROOT} directory itself")
    if (yield from _exists(settings, new)):
        raise ToolError(f"The destination {command.new_path} already exists")
    if new.startswith(old + "/"):
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

COMMANDS: dict[str, type[Any]] = {
    "view": BetaMemoryTool20250818ViewCommand, "create": BetaMemoryTool20250818CreateCommand,
    "str_replace": BetaMemoryTool20250818StrReplaceCommand, "insert": BetaMemoryTool20250818InsertCommand,
    "delete": BetaMemoryTool20250818DeleteCommand, "rename": BetaMemoryTool20250818RenameCommand}


def command_of(tool_input: object) -> Any:
    """The tool use's input as its command (``"2"`` read as 2, as the model's JSON may write it), or a
    ``ToolError`` naming what is wrong: the SDK's ``call`` reads the input unchecked, so a missing
    ``file_text`` or an unknown command raised a Python exception out of ``result``."""
    name = tool_input.get("command") if isinstance(tool_input, dict) else None
    if not isinstance(tool_input, dict) or name not in COMMANDS:
        raise ToolError(f"Unknown memory tool command {name!r}: the input is an object whose `command` is one of "
                        f"{', '.join(COMMANDS)}.")
    try:
        return COMMANDS[name].model_validate(tool_input)
    except ValidationError as exc:
        wrong = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ToolError(f"Invalid input for {name}: {wrong}.") from None


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
        """Run one tool use: (the text of its ``tool_result``, whether it is an error). A malformed input (an
        unknown command, a missing or mistyped field) is an error result too, never an exception."""
        try:
            return str(self.execute(command_of(tool_input))), False
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

