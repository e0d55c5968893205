"""The year one is in at school or college said by its name, and a graduation (``study:grade``, beside
``slots_daily``'s "in 8th grade"): "i'm a junior at lincoln high" / "just graduated!!", "my son is a sophomore in
college" / "he's a senior now". A graduation said with its year or long ago ("graduated in 2009", "graduated
from Leeds years ago") is no change of year: read only when nothing dates it."""

from __future__ import annotations

import re

from memories.write.people import KIN_EN
from memories.write.slot_values import KIN_EN_ALT, Slot

__all__ = ["en_school"]

_WHO = (rf"(?i)^(?:(?:i|we|the user)|(?:my|our|the user's)\s+(?:(?:older|younger|little|big|elder)\s+)?"
        rf"(?P<kin>{KIN_EN_ALT}))")
_ADV = r"(?:\s+(?:now|currently|finally|just|also|officially|actually|already|has|have|had|is|am|are|'s|'m|'ve))*"
#: "a junior at lincoln high", "a sophomore in college", "a senior now" (a senior of a job is none: "senior at
#: google" names no school, "senior engineer" no year)
_YEAR_NAMED = re.compile(rf"{_WHO}{_ADV}\s+(?:now\s+)?an?\s+(?P<year>freshman|sophomore|junior|senior)"
                         r"(?=\s*(?:$|[.!,]|now\b|in\s+(?:high\s+school|college|uni|university)\b"
                         r"|at\s+[\w' ]*\b(?:high|school|college|university|uni|academy|state|tech|prep)\b))")
_GRADUATED = re.compile(rf"{_WHO}{_ADV}\s+graduated\b(?!\s+(?:in|from\s+[\w' ]+\s+in)\s+(?:\d{{4}}|the\s+\d))")
_DATED = re.compile(r"(?i)\b(?:\d{4}|ago|back\s+in|when|years?|decades?|once|after|before|will|going\s+to|gonna"
                    r"|hope|hoping|if|plan|planning)\b")


def en_school(sentence: str, speaker: str) -> list[Slot]:
    """``study:grade`` said by the year's name, or a graduation, else []."""
    said = _YEAR_NAMED.match(sentence)
    if said is not None:
        value = said.group("year").casefold()
    elif (said := _GRADUATED.match(sentence)) is not None and not _DATED.search(sentence):
        value = "graduated"
    else:
        return []
    kin = said.group("kin")
    return [Slot(f"~{KIN_EN[kin.casefold()]}" if kin else speaker, "study:grade", value)]
