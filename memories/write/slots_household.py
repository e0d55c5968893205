"""Whom the speaker lives with, read beside ``slots_turns`` (``memories.write.slots_routine``): living with a partner,
yes or no (``lives-with:partner``), so that a later "I live alone now" meets what said otherwise.

- yes: "my husband and I live in Austin", "Dan (the user's boyfriend) and the user rent a flat", "I share a flat
  with my girlfriend", "I live with my boyfriend Dan",
  "my fiancée and I rent a place in Leeds";
- no: "I live alone now", "living on my own these days", "my wife moved out" ("he moved out" is not read: who he
  is is not in the text).

Roommates the same way (``lives-with:roommates``): "I live with two roommates", "I have three flatmates" / "my
roommates moved out", "I have the place to myself now"; living alone is neither a partner nor roommates.

A home shared with the partner is one statement with its place ("my husband and I live in Austin"): once the
partner no longer lives there the statement as a whole no longer holds, so a "no" covers its ``city`` too
(``slots.covers``). Another person living alone ("my sister lives alone") is theirs, not the speaker's. Not read:
what used to be or might be (``slots_routine``'s hedges).
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_household"]

_PARTNER = r"(?:wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|spouse|other half)"
_OWN = r"(?:my|our|the user's)"
_SELF = r"(?:i|the user)"
_HOME = r"(?:a\s+|an\s+|the\s+|our\s+|my\s+|the user's\s+)?(?:new\s+|little\s+|small\s+)?(?:flat|house|place|home|" \
    r"apartment|condo|studio|room|bungalow|cottage)"
_LIVE = r"(?:live|lives|living|are\s+living|rent|rents|renting|share|shares|sharing|have|own|bought|moved)"
_TOGETHER = (
    # "my husband and I live in Austin", "the user's wife and the user have a house in Denver"
    re.compile(rf"(?i)^{_OWN}\s+(?:new\s+)?{_PARTNER}(?:,?\s+[A-Z][a-z]+,?)?\s+and\s+{_SELF}(?:\s+(?:now|still|both|"
               rf"currently|just))*\s+{_LIVE}\b(?!\s+(?:apart|separately))"),
    # "Ana (the user's girlfriend) and the user live together in Porto": the name first, as extraction writes it
    re.compile(rf"(?i)^[A-Z][a-z]+\s+\({_OWN}\s+(?:new\s+)?{_PARTNER}\)\s+and\s+{_SELF}(?:\s+(?:now|still|both|"
               rf"currently|just))*\s+{_LIVE}\b(?!\s+(?:apart|separately))"),
    # "me and my wife have a house in Denver" (kept as "The user and the user's wife …"), "me and my boyfriend Jake
    # live together in Tampa" (kept as "The user and Jake (the user's boyfriend) …")
    re.compile(rf"(?i)^{_SELF}\s+and\s+(?:{_OWN}\s+(?:new\s+)?{_PARTNER}(?:,?\s+[A-Z][a-z]+,?)?|"
               rf"[A-Z][a-z]+\s+\({_OWN}\s+(?:new\s+)?{_PARTNER}\))(?:\s+(?:now|still|"
               rf"both|currently|just))*\s+{_LIVE}\b(?!\s+(?:apart|separately))"),
    # "I live with my boyfriend Dan", "the user shares a flat with Priya (the user's girlfriend)"
    re.compile(rf"(?i)^{_SELF}(?:\s+(?:now|still|currently|just|am|is))*\s+(?:live|lives|living|share|shares|"
               rf"sharing|rent|rents|renting|moved\s+in)\s+(?:{_HOME}\s+)?(?:together\s+)?with\s+"
               rf"(?:{_OWN}\s+(?:new\s+)?{_PARTNER}\b|[A-Z][a-z]+\s+\({_OWN}\s+(?:new\s+)?{_PARTNER}\))"),
)
_ALONE = (
    # "I live alone now", "the user is living on their own", "living by myself these days"
    re.compile(rf"(?i)^{_SELF}(?:\s+(?:now|still|currently|just|am|is|have been|has been|'ve been|'m))*\s+"
               r"(?:live|lives|living|rent|rents|renting)\s+(?:\S+\s+){0,3}?(?:alone|solo|on\s+(?:my|his|her|their|"
               r"the user's)\s+own|by\s+(?:myself|himself|herself|themselves|themself|the user(?!'s)))\b"),
    # "my wife moved out", "the user's boyfriend has moved out of the flat"
    re.compile(rf"(?i)^{_OWN}\s+(?:ex-?)?{_PARTNER}(?:,?\s+[A-Z][a-z]+,?)?(?:\s+(?:has|had|just|finally|now))*\s+"
               r"moved\s+out\b"),
)


_MATES = r"(?:room|flat|house)\s?mates?"
# "I live with two roommates", "the user shares a flat with three flatmates", "I have two housemates"
_WITH_MATES = re.compile(rf"(?i)^{_SELF}(?:\s+(?:now|still|currently|just|am|is))*\s+(?:(?:live|lives|living|share|"
                         rf"shares|sharing|rent|rents|renting)\s+(?:{_HOME}\s+)?with|have|has|got)\s+(?:\S+\s+){{0,2}}?"
                         rf"{_MATES}\b")
# "my roommates moved out", "the user has the place to the user now" (as extraction writes "to myself")
_MATES_GONE = (re.compile(rf"(?i)^{_OWN}\s+(?:\S+\s+){{0,2}}?{_MATES}\s+(?:\S+\s+)?moved\s+out\b"),
               re.compile(rf"(?i)\b{_SELF}\s+(?:(?:now|finally|just|actually)\s+)*(?:has|have|got)\s+(?:the|a|{_OWN})\s+(?:place|flat|"
                          r"apartment|house|home)\s+to\s+(?:myself|himself|herself|themselves|themself|the user)\b"))


def en_household(sentence: str, speaker: str) -> list[Slot]:
    """``lives-with:partner`` and ``lives-with:roommates`` of the speaker ("yes" / "no"), else []: living alone is
    neither."""
    if any(pattern.search(sentence) for pattern in _ALONE):
        return [Slot(speaker, "lives-with:partner", "no"), Slot(speaker, "lives-with:roommates", "no")]
    if any(pattern.search(sentence) for pattern in _MATES_GONE):
        return [Slot(speaker, "lives-with:roommates", "no")]
    if any(pattern.search(sentence) for pattern in _TOGETHER):
        return [Slot(speaker, "lives-with:partner", "yes")]
    if _WITH_MATES.search(sentence):
        return [Slot(speaker, "lives-with:roommates", "yes")]
    return []
