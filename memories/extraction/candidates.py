"""What an extractor sees (turns, known memories) and what it answers (candidates, a summary).

Both extractors — Claude (``claude.py``) and the offline rules (``rules.py``) — speak these types, so
``pipeline.py`` treats them the same: screen the candidates, then hand them to the one write flow.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol


class ExtractionError(Exception):
    """The extraction cannot succeed as asked (a bad model answer, a refusal, the spend cap): fail the job.

    ``code`` goes to the job's ``error`` first, so clients can tell reasons apart; the message is
    content-free (never a conversation excerpt).
    """

    code = "extraction_failed"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code:
            self.code = code

    def __str__(self) -> str:
        return f"{self.code}: {self.args[0]}"


class MalformedAnswer(ExtractionError):
    code = "malformed_response"


class ModelRefused(ExtractionError):
    code = "refused"


class SpendCapReached(ExtractionError):
    code = "spend_cap_reached"


class TransientError(Exception):
    """Worth another attempt later (rate limited, overloaded, network): the job is re-queued, bounded."""

    def __init__(self, message: str, *, code: str = "transient") -> None:
        super().__init__(message)
        self.code = code

    def __str__(self) -> str:
        return f"{self.code}: {self.args[0]}"


@dataclass(frozen=True)
class Turn:
    """One conversation turn; ``index`` is the number shown to the model (the session seq when known);
    ``created_at``: when it was said (memories extracted from it are valid from then)."""

    index: int
    role: str
    content: str
    created_at: datetime | None = None
    #: The speaker's name, when the message carried one (a conversation between named people).
    name: str | None = None


@dataclass(frozen=True)
class KnownMemory:
    """An existing memory shown to the extractor under a short integer ``ref`` (never its UUID)."""

    ref: int
    id: uuid.UUID
    type: str
    entity: str
    content: str
    status: str


@dataclass
class Candidate:
    type: str
    content: str
    entity: str
    confidence: float
    provenance: str
    source_turns: list[int] = field(default_factory=list)
    #: The existing memory this one updates or contradicts, mapped back from the model's short id.
    updates: uuid.UUID | None = None
    #: fact | preference | event | task (an event is stored as a fact; the kind goes to its metadata).
    kind: str = ""
    #: When it became true, when the text names a past day ("yesterday"); else the time of its turn.
    valid_from: datetime | None = None
    #: Whom it is about: the speaker's name when the turns carry names ("" otherwise).
    about: str = ""
    #: The turn kept as it was said, because nothing could be extracted from it.
    observation: bool = False


class Extractor(Protocol):
    name: str

    def extract(self, turns: Sequence[Turn], known: Sequence[KnownMemory],
                context: Sequence[Turn] = ()) -> list[Candidate]: ...

    def summarise(self, previous: str, turns: Sequence[Turn]) -> str: ...
