"""The speaker's working shift (``shift``: day, evening or night), read when no other slot rule found anything
(``slots_en``): "works day shifts at the plant" / "was moved to nights", "i work nights at the hospital" / "back on
days from monday", "on the graveyard shift" / "switched to the early shift". A shift is one at a time; a rota
("three on four off") fills nothing. The hours of the speaker's shift (``shift-hours``, "6am-2pm"): "my warehouse
shift is 6am to 2pm" / "my warehouse shift was moved to 2pm-10pm". Not read: another person's shift, a past ("used
to work nights").
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
_HOUR = r"\d{1,2}(?::\d{2})?\s*(?:am|pm)?"
#: The hours of one's own shift: "my warehouse shift is 6am to 2pm", "the user's shift was moved to 2pm-10pm".
_HOURS = re.compile(rf"(?i)^(?:my|the user's)\s+(?:[a-z]+\s+)?shifts?(?:\s+(?:at|in|on)\s+(?:the\s+)?[a-z]+)?\s+"
                    rf"(?:is|are|was|were|has\s+been|got|'s)?\s*(?:now\s+)?"
                    rf"(?:(?:moved|changed|switched|pushed|bumped)\s+(?:back\s+)?to\s+)?(?:from\s+)?"
                    rf"(?P<start>{_HOUR})\s*(?:-|–|to|till|until)\s*(?P<end>{_HOUR})")
_ONE_DAY = re.compile(r"(?i)\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend|[a-z]+day))\b")
_PAST = re.compile(r"(?i)\bused to\b|\bback (?:in|then)\b|\bago\b|\bwhen (?:i|the user) was\b")
_VALUES = {"day": "day", "early": "day", "morning": "day", "night": "night", "overnight": "night",
           "graveyard": "night", "evening": "evening", "late": "evening", "swing": "evening", "afternoon": "evening"}


def en_shift(sentence: str, speaker: str) -> list[Slot]:
    """``shift`` of the speaker, or nothing."""
    if _PAST.search(sentence):  # whose: the sentence opens with the speaker ("my …", "the user …")
        return []
    hours = _HOURS.match(sentence)
    if hours and re.search(r"(?i)am|pm|:", hours.group()) and not _ONE_DAY.search(sentence):
        return [Slot(speaker, "shift-hours", "-".join(re.sub(r"\s+", "", hours.group(g)).casefold()
                                                      for g in ("start", "end")))]
    for rule in _RULES:
        said = rule.search(sentence)
        if said is not None:
            kind = (said.group("kind") or said.group("bare")).casefold()
            return [Slot(speaker, "shift", _VALUES[kind[:-1] if kind.endswith("s") else kind])]
    return []
