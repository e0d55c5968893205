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
_SCHOOL_NAME = r"(?:the\s+)?(?-i:(?P<school>[A-Z][\w&'’.\-]*(?:\s+(?:of\s+|at\s+)?[A-Z][\w&'’.\-]*){0,4}))"
#: The school or college one is at ("a sophomore at Ohio State", "a student at the University of Leeds", "studies at
#: UCLA") and one transferred to ("transferred to the University of Michigan"): ``school``, as a child's is read
#: (``slots_care``); a transfer thought about says nothing.
_AT_SCHOOL = re.compile(rf"{_WHO}{_ADV}\s+(?:now\s+)?(?:(?:an?\s+)?(?P<year>freshman|sophomore|junior|senior|student|"
                        rf"grad\s+student|undergrad|undergraduate|postgrad)\s+at|stud(?:y|ies|ying)\s+at|enrolled\s+at|"
                        rf"transferred\s+(?:schools\s+)?(?:over\s+)?to)\s+{_SCHOOL_NAME}")
_A_SCHOOL = re.compile(r"\b(?:high|school|college|university|uni|academy|state|tech|prep|institute|polytechnic)\b")
_HEDGED = re.compile(r"(?i)\b(?:will|going\s+to|gonna|hope|hoping|if|plan|planning|thinking|considering|might|maybe|"
                     r"want|wants|would|used\s+to)\b|\?")
_DATED = re.compile(r"(?i)\b(?:\d{4}|ago|back\s+in|when|years?|decades?|once|after|before|will|going\s+to|gonna"
                    r"|hope|hoping|if|plan|planning)\b")


def en_school(sentence: str, speaker: str) -> list[Slot]:
    """``study:grade`` said by the year's name, or a graduation, and the ``school`` one is at, else []."""
    found = _school(sentence, speaker)
    said = _YEAR_NAMED.match(sentence)
    if said is not None:
        value = said.group("year").casefold()
    elif (said := _GRADUATED.match(sentence)) is not None and not _DATED.search(sentence):
        value = "graduated"
    else:
        return found
    kin = said.group("kin")
    return [Slot(f"~{KIN_EN[kin.casefold()]}" if kin else speaker, "study:grade", value), *found]


def _school(sentence: str, speaker: str) -> list[Slot]:
    said = _AT_SCHOOL.match(sentence)
    if said is None or _HEDGED.search(sentence):
        return []
    school = " ".join(said.group("school").casefold().replace("’", "'").split()).rstrip(".")
    if said.group("year") and not (_A_SCHOOL.search(school) or said.group("school").rstrip(".").isupper()):
        return []  # "a senior at Google": a senior of a job
    kin = said.group("kin")
    return [Slot(f"~{KIN_EN[kin.casefold()]}" if kin else speaker, "school", school)]
