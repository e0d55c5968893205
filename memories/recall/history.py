"""Questions about what used to be true: "Where did I work before?", "What car did I use to drive?",
"我之前在哪个城市工作？".

A memory retired by a newer one (``Memory.superseded_by``: the write flow's supersession, a merge) is out of
every default search: the current value answers "Where do I work?". A question that asks for an earlier value
by its words (``asks_past``) also searches the retired memories (``search.search_result``, twice k hits), and
``ordered`` keeps only those a newer memory replaced (one a person deprecated as wrong, with no successor, stays
out) and puts each right before its successor when both are hits, so the earlier value answers first and the
current one follows it, even when the lever that lifts a slot's current holder ranked the earlier one below k;
then the best k are kept. A retired hit says so: its ``memory.status`` is ``deprecated`` (the context block marks it
``superseded="true"``). ``include_statuses`` or ``as_of`` given by the caller: their statuses, nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

from memories.choices import Status
from memories.models import Memory


class _Hit(Protocol):
    memory: Memory


Hit = TypeVar("Hit", bound=_Hit)

_ENGLISH = re.compile(
    r"\b(?:used? to|previous(?:ly)?|former(?:ly)?|originally|in the past|prior to (?:this|that|now)|"
    r"before (?:this|that|now|then)|before\s*[?.!]*\s*$|(?:my|his|her|their|our|your|the user's|\w+'s) "
    r"(?:old|ex|first|earlier)\b)",
    re.IGNORECASE)
_CHINESE = re.compile(r"之前|以前|原来|原先|过去|曾经|从前|早先|当初|上一(?:份|个|辆|家|任|套|部|所)|前任|前东家")


def asks_past(query: str) -> bool:
    """Whether the question asks for an earlier value, by its words (English or Chinese)."""
    return bool(_ENGLISH.search(query) or _CHINESE.search(query))


def searched(query: str, statuses: Sequence[str], include_statuses: Sequence[str] | None,
             as_of: object) -> tuple[list[str], bool]:
    """The statuses a search reads, and whether it asks for earlier values: the retired memories join the default
    statuses when the question asks for them by its words (never the caller's own ``include_statuses`` or
    ``as_of``)."""
    past = include_statuses is None and as_of is None and asks_past(query)
    return ([*statuses, Status.DEPRECATED] if past else list(statuses)), past


def hits_read(k: int, past: bool) -> int:
    """How many hits a search reads: twice k when earlier values may join their successors' places."""
    return 2 * k if past else k


def finished(hits: list[Hit], k: int, past: bool) -> list[Hit]:
    """The hits a search returns: as they are, or for a question about earlier values ``ordered`` and cut to k."""
    return ordered(hits)[:k] if past else hits


def ordered(hits: Sequence[Hit]) -> list[Hit]:
    """The hits without the retired memories nobody replaced, each replaced one right before its successor."""
    kept = [h for h in hits if h.memory.status != Status.DEPRECATED or h.memory.superseded_by_id is not None]
    result: list[Hit] = []
    for hit in kept:
        if hit.memory.status != Status.DEPRECATED:
            result.append(hit)
            continue
        successor = next((i for i, h in enumerate(result) if h.memory.pk == hit.memory.superseded_by_id), None)
        if successor is None:
            result.append(hit)
        else:
            result.insert(successor, hit)
    return result
