"""Reasons as the system stores them: a code and its parameters (``memories.choices.ReviewReason`` and
``VersionReason``), plus the English words the API shows in ``reason``. The dashboard words the same
code in the reader's language (``memories.templatetags.dashboard``), so no English sentence is ever
parsed back or shown to a Chinese reader."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import models
from django.utils import translation

from memories.choices import VOCABULARIES, ReviewReason, VersionReason, reason_words

_LABELS: dict[str, str] = {}


def _plain(name: str, value: object) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if name == "action":
        if not _LABELS:
            _LABELS.update({v: str(label) for vocabulary in VOCABULARIES for v, label in vocabulary.choices})
        return _LABELS.get(str(value), str(value))
    return str(value)


@dataclass(frozen=True)
class Reason:
    """A reason to store: ``code`` of ``vocabulary``, its ``params``, and a person's ``note`` (as typed)."""

    vocabulary: type[models.TextChoices]
    code: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    note: str = ""

    def english(self) -> str:
        """The API's ``reason``: the code in English words, then the person's note."""
        with translation.override("en"):
            words = reason_words(self.vocabulary, self.code, self.params, _plain) if self.code else ""
        if words and self.note:
            return f"{words}: {self.note}"[:500]
        return (words or self.note)[:500]

    def fields(self) -> dict[str, Any]:
        """The model fields: ``reason``, ``reason_code``, ``reason_params`` (the note rides in params)."""
        params = {**self.params, **({"note": self.note} if self.note and self.code else {})}
        return {"reason": self.english(), "reason_code": self.code, "reason_params": params}


def version_reason(code: str = "", note: str = "", **params: Any) -> Reason:
    return Reason(VersionReason, code, {k: _json(v) for k, v in params.items()}, note)


def review_reason(code: str = "", note: str = "", **params: Any) -> Reason:
    return Reason(ReviewReason, code, {k: _json(v) for k, v in params.items()}, note)


def _json(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return value if isinstance(value, int | float | bool) else str(value)
