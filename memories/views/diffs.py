"""History as people read it: each version with a word-level diff against the one before it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memories.write.text import text_diff

if TYPE_CHECKING:
    from memories.models import MemoryVersion

DIFF_FIELDS = ("type", "entity", "confidence", "status", "provenance", "scope_path")


@dataclass
class VersionDiff:
    version: MemoryVersion
    segments: list[tuple[str, str]]  # (equal|insert|delete, text): rendered as plain, <ins>, <del>
    fields: list[tuple[str, Any, Any]] = field(default_factory=list)  # (name, before, after)

    @property
    def content_changed(self) -> bool:
        return any(kind != "equal" for kind, _ in self.segments)


def version_diffs(versions: Sequence[MemoryVersion]) -> list[VersionDiff]:
    """Newest first: each version (given oldest first) with what changed since the one before it."""
    diffs: list[VersionDiff] = []
    previous: MemoryVersion | None = None
    for v in versions:
        if previous is None:
            diffs.append(VersionDiff(v, [("equal", v.content)]))
        else:
            changed = [(f, getattr(previous, f), getattr(v, f)) for f in DIFF_FIELDS
                       if getattr(previous, f) != getattr(v, f)]
            diffs.append(VersionDiff(v, text_diff(previous.content, v.content), changed))
        previous = v
    return list(reversed(diffs))

