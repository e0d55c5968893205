"""The floor an English speaker's home is on (``floor``, as ``slots_zh_levels.zh_floor`` reads "家住六楼"): "we live
on the 5th floor", "my flat is on the third floor" / "moved down to a ground-floor unit", "we're on the 12th floor
now". The ground floor is 1. Not read: a floor of work or a visit ("my office is on the 9th floor", "the party
is on the 3rd floor"), another person's.
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_floor"]

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "ground": 1}
_FLOOR = re.compile(
    r"(?i)^(?:i|we|the user(?:\s+and\s+others)?|(?:my|our|the user's)\s+(?:flat|apartment|unit|condo|place))"
    r"(?:'m|'re|\s+am|\s+are|\s+is|\s+now|\s+still|\s+just|\s+finally)*\s+"
    r"(?:live|lives|living|moved|moving|(?:up|down))?\s*(?:(?:up|down|over)\s+)?(?:on|to|into)\s+(?:the|a|an)\s+"
    r"(?P<n>\d{1,2})?(?:st|nd|rd|th)?(?P<word>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"ground)?[- ]floor\b(?!\s+(?:of|at|in)\b)")


def en_floor(sentence: str, speaker: str) -> list[Slot]:
    """``floor`` of the speaker's home from an English sentence, else []."""
    said = _FLOOR.search(sentence.strip())
    if said is None or not (said.group("n") or said.group("word")):
        return []
    n = int(said.group("n")) if said.group("n") else _ORDINALS[said.group("word").casefold()]
    return [Slot(speaker, "floor", str(n))]
