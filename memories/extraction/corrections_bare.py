"""A bare English correction of the value just said, with no "not …": "sorry, I meant 8:40", "actually it's
Scottsdale, she moved last spring", "oops, make that $1,650", "sorry, I meant Thursdays". It names only the new
value; the value it replaces is the one of the same kind (a time of day, an amount or a number, a day of the week, a
proper name) in the newest memory, when that
memory holds exactly one of that kind. Anything said after the value ("…, I read the wrong line") goes with it.

A correction needs its opener ("sorry", "actually", "oops", "my bad", "correction", "wait", "no") or a verb that
says it ("I meant", "make that"): "it's Scottsdale" alone says nothing. Only the newest memory is corrected, never
one further back (a value said sessions ago is corrected by naming it: ``corrections``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["bare_corrected"]

_OPENER = r"(?:oh|no|nope|sorry|wait|actually|correction|my bad|oops|whoops|scratch that|typo)"
_TIME = r"\d{1,2}(?::\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d\d"
_AMOUNT = r"[$£€]\s?(?:\d[\d,]*\d|\d)(?:\.\d+)?(?:\s?[kK]\b)?|(?:\d[\d,]*\d|\d)(?:\.\d+)?(?:\s?[kK]\b)?"
_NAME = r"[A-Z][a-z]+(?:[ \-][A-Z][a-z]+){0,2}"
_DAY = r"(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
_KINDS = {"time": _TIME, "amount": _AMOUNT, "day": _DAY, "name": _NAME}
_VALUE = "|".join(f"(?P<{kind}>{pattern})" for kind, pattern in _KINDS.items())
# "sorry, I meant 8:40, I read the wrong line"; "actually it's Scottsdale"; "oops make that $1,650"
_BARE = re.compile(rf"^(?:(?i:{_OPENER})[,!:;.]?\s+)+(?P<verb>(?i:(?:i\s+)?meant(?:\s+to\s+say)?|i\s+mean|it's|it\s+is|"
                   rf"it'll\s+be|make\s+(?:that|it)|that\s+should\s+be|should\s+be))?\s*(?:(?i:the)\s+)?"
                   rf"(?:{_VALUE})(?:\s+(?i:actually))?\s*(?:[.!]*$|[,;:]\s+\S|\s+[–—-]\s+\S)")
_MADE = re.compile(rf"^(?P<verb>(?i:(?:i\s+)?meant(?:\s+to\s+say)?|make\s+that))\s+(?:{_VALUE})\s*"
                   r"(?:[.!]*$|[,;:]\s+\S)")
# The same kinds inside a memory: a name not opening it, not the speaker, not a possessor ("Noah's flight")
_IN_MEMORY = {"time": re.compile(rf"(?i)(?<![\d:])(?:{_TIME})(?![\d:])"),
              "amount": re.compile(rf"(?<![\d:$£€.,])(?:{_AMOUNT})(?![\d:]|\s?(?:am|pm)\b)"),
              "day": re.compile(rf"\b{_DAY}\b"), "name": re.compile(rf"(?<=[a-z,] )(?:{_NAME})(?!'s|\w)")}
_NOT_NAMES = frozenset({"The", "User", "I", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                        "Sunday"})


def bare_corrected(text: str, contents: Sequence[str]) -> tuple[str, str] | None:
    """The newest memory (``contents[0]``) and that memory with the value ``text`` corrects replaced, or None."""
    said = _BARE.match(text) or _MADE.match(text)
    if said is None or not contents:
        return None
    kind = next(k for k in _KINDS if said.group(k))
    new = said.group(kind).strip()
    if kind == "name" and (new in _NOT_NAMES or not said.group("verb")):
        return None  # "sorry, Ben, …": a name said to someone, no correction
    memory = contents[0]
    found = [m for m in _IN_MEMORY[kind].finditer(memory)
             if m.group(0).strip() and (kind == "day" or m.group(0) not in _NOT_NAMES)
             and not _within_time(kind, m, memory)]
    if len(found) != 1 or found[0].group(0).strip() == new:
        return None
    at = found[0]
    return memory, memory[:at.start()] + new + memory[at.end():]


def _within_time(kind: str, found: re.Match[str], memory: str) -> bool:
    """Whether an amount found is part of a date ("7 December 2026")."""
    if kind != "amount":
        return False
    after, before = memory[found.end():], memory[:found.start()]
    return bool(re.match(rf"\s{_MONTH}\b", after) or re.search(rf"\b{_MONTH}\s$", before))


_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
