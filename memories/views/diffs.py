"""History as people read it: each version with a word-level diff against the one before it."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memories.models import MemoryVersion

_TOKEN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|\w+|\s+|[^\w\s]", re.UNICODE)


DIFF_FIELDS = ("type", "entity", "confidence", "status", "provenance", "scope_path")


@dataclass
class VersionDiff:
    version: MemoryVersion
    segments: list[tuple[str, str]]  # (equal|insert|delete, text): rendered as plain, <ins>, <del>
    fields: list[tuple[str, Any, Any]] = field(default_factory=list)  # (name, before, after)

    @property
    def content_changed(self) -> bool:
        return any(kind != "equal" for kind, _ in self.segments)


def text_diff(before: str, after: str) -> list[tuple[str, str]]:
    """Word-level diff (one token per Chinese character) that reads like an edit, not like a patch."""
    a, b = _TOKEN.findall(before), _TOKEN.findall(after)
    segments: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            segments.append(("equal", "".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            segments.append(("delete", "".join(a[i1:i2])))
        if op in ("insert", "replace"):
            segments.append(("insert", "".join(b[j1:j2])))
    return segments


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


PAIR_FIELDS = ("type", "entity", "confidence", "provenance", "source_session", "subject_id")


@dataclass
class PairDiff:
    """What two memories of a review pair differ in: their words, then the fields that are not the same."""

    segments: list[tuple[str, str]]
    fields: list[str]

    @property
    def same_text(self) -> bool:
        return all(kind == "equal" for kind, _ in self.segments)


def pair_diff(older: Any, newer: Any) -> PairDiff:
    """The difference a reviewer decides on: older → newer, word by word, and which fields differ."""
    return PairDiff(text_diff(older.content, newer.content),
                    [f for f in PAIR_FIELDS if getattr(older, f) != getattr(newer, f)])
