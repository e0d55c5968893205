"""The speaker's working shift (``shift``: day, evening or night), read when no other slot rule found anything
(``slots_en``): "works day shifts at the plant" / "was moved to nights", "i work nights at the hospital" / "back on
days from monday", "on the graveyard shift" / "switched to the early shift". A shift is one at a time; a rota
("three on four off") or hours alone fill nothing. Not read: another person's shift, a past ("used to work nights").
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_shift"]

# "the night shift", "day shifts", "the early shift"; alone, only a plural or the graveyard ("works nights", "on days";
# "works late tonight" is no shift)
_SHIFT = (r"(?:(?:the|a)\s+)?(?:(?P<kind>day|night|evening|overnight|graveyard|late|early|morning|swing|afternoon)"
          r"\s+shifts?|(?P<bare>days|nights|evenings|overnights|graveyard))")
_SELF_LEAD = r"(?i)^(?:i|the user)(?:'m|'ve|\s+am|\s+is|\s+was|\s+has|\s+have|\s+been|\s+just|\s+now|\s+still|" \
    r"\s+finally|\s+currently|\s+mostly|\s+usually|\s+only|\s+also)*\s+"
_RULES = (
    # "works day shifts", "work nights at the hospital", "working the night shift"
    re.compile(rf"{_SELF_LEAD}(?:works?|working)\s+{_SHIFT}\b(?!\s+(?:off|of|before|ago)\b)"),
    # "on nights now", "on the graveyard shift"
    re.compile(rf"{_SELF_LEAD}(?:back\s+)?on\s+{_SHIFT}\b(?!\s+(?:off|of)\b)"),
    # "was moved to nights", "switched to day shifts", "going back to days", "put on nights"
    re.compile(rf"{_SELF_LEAD}(?:got\s+)?(?:moved|switched|switching|changed|changing|transferred|put|going|goes|"
               rf"go|went|moving|swapped|swapping)\s+(?:back\s+|over\s+)?(?:to|onto|on)\s+{_SHIFT}\b"),
)
_PAST = re.compile(r"(?i)\bused to\b|\bback (?:in|then)\b|\bago\b|\bwhen (?:i|the user) was\b")
_VALUES = {"day": "day", "early": "day", "morning": "day", "night": "night", "overnight": "night",
           "graveyard": "night", "evening": "evening", "late": "evening", "swing": "evening", "afternoon": "evening"}


def en_shift(sentence: str, speaker: str) -> list[Slot]:
    """``shift`` of the speaker, or nothing."""
    if _PAST.search(sentence):  # whose: the sentence opens with the speaker ("my …", "the user …")
        return []
    for rule in _RULES:
        said = rule.search(sentence)
        if said is not None:
            kind = (said.group("kind") or said.group("bare")).casefold()
            return [Slot(speaker, "shift", _VALUES[kind[:-1] if kind.endswith("s") else kind])]
    return []
