"""A measure of the speaker's own that is said with a number and changes: a dose, a rate, a fee, a reading
("my insulin dose is 18 units at night" / "doctor bumped my night insulin to 22 units"; "my rate is 60 an hour for
editing" / "raised my editing rate to 75/hr"), read when no other slot rule found anything (``slots_en``).

The slot is ``measure:<word>``, the word what is measured once the words any measure has are set aside ("dose",
"rate", "night", "daily"): "insulin dose" and "night insulin" are both ``measure:insulin``, "rate … for editing"
and "editing rate" ``measure:editing``. The value is the number. Only the speaker's own ("my …", "the user's …"),
never a relative's ("my son's dose") or a past ("used to be", "two years ago").
"""

from __future__ import annotations

import re

from memories.write.slot_values import KIN_EN_ALT, Slot

__all__ = ["en_measures"]

_OWN = r"(?:my|the user's)"
_NP = r"(?P<np>(?:(?!(?:up|down|back|to)\b)[a-z][a-z0-9\-]*\s+){0,2}(?!(?:up|down|back|to)\b)[a-z][a-z0-9\-]*)"
_NUMBER = r"[$£€]?\s?(?P<value>\d[\d,]*(?:\.\d+)?)(?!\d|[.,:]\d|\s*(?:st|nd|rd|th|am|pm|years? old|%)\b)"
_FOR = r"(?:[^.;!?]{0,30}?\bfor\s+(?P<for>[a-z][a-z\-]*))?"
_STATED = re.compile(rf"(?i)^(?:i\s+)?{_OWN}\s+{_NP}(?:\s+for\s+(?P<of>[a-z][a-z\-]*))?\s+(?:is|was|'s|are|were)\s+"
                     rf"(?:now\s+|currently\s+)?"
                     rf"(?:about\s+|around\s+|up\s+to\s+|down\s+to\s+|at\s+)?{_NUMBER}{_FOR}")
_CHANGED = re.compile(rf"(?i)\b(?:raised|bumped|upped|increased|lowered|cut|reduced|dropped|changed|put|moved|"
                      rf"adjusted|doubled|halved|set)\s+{_OWN}\s+{_NP}\s+(?:up\s+|down\s+|back\s+)?to\s+{_NUMBER}"
                      rf"{_FOR}")
# A dose the speaker or the speaker's doctor changed, the drug said with "the": "my psychiatrist bumped the
# sertraline up to 100mg", "i cut the metformin down to 500 mg" (a unit of dosing says it is a dose)
_DOSED = re.compile(r"(?i)^(?:(?:i|the user)(?!['’]s)|(?:my|the user's)\s+(?:doctor|gp|psychiatrist|nurse|consultant"
                    r"|specialist|endocrinologist|cardiologist|neurologist|rheumatologist|physician|prescriber|dr\b))"
                    r"(?:\s+(?:just|finally|now|also|has|have|had|'ve))*"
                    rf"\s+(?:raised|bumped|upped|increased|lowered|cut|reduced|dropped|changed|put|moved|adjusted|"
                    rf"doubled|halved|set)\s+the\s+{_NP}\s+(?:up\s+|down\s+|back\s+)?to\s+{_NUMBER}\s*"
                    r"(?:mg|mcg|ml|iu|units?|puffs?|tablets?|pills?)\b")
# A dose taken: "i'm on 50mg of sertraline", "the user takes 2 puffs of ventolin" (the drug is what is measured)
_TAKES = re.compile(rf"(?i)^(?:i|the user)(?:'m|\s+am|\s+is)?(?:\s+(?:now|currently|still|only))?\s+"
                    rf"(?:on|takes?|taking)\s+{_NUMBER}\s*(?:mg|mcg|ml|g|iu|units?|puffs?|tablets?|pills?)\s+(?:of\s+)?(?P<np>[a-z][a-z0-9\-]*)")
# … the drug before its dose: "i'm on lexapro 10mg", "the user takes metformin 500 mg"
_TAKES_AFTER = re.compile(rf"(?i)^(?:i|the user)(?:'m|\s+am|\s+is)?(?:\s+(?:now|currently|still|only))?\s+"
                          rf"(?:on|takes?|taking)\s+(?P<np>(?!(?:a|an|the|my|about|around)\b)[a-z][a-z0-9\-]*)\s+"
                          rf"{_NUMBER}\s*(?:mg|mcg|ml|iu|units?)\b")
_WENT = re.compile(rf"(?i)^(?:i\s+)?{_OWN}\s+{_NP}\s+(?:went|goes|has gone|got|has been|was|is)\s+"
                   rf"(?:up|down|raised|bumped|upped|increased|lowered|cut|reduced|changed|moved|adjusted)\s+"
                   rf"(?:up\s+|down\s+)?to\s+{_NUMBER}{_FOR}")
#: Words any measure may have, which say nothing of what is measured.
_ANY_MEASURE = frozenset({
    "dose", "dosage", "rate", "rates", "amount", "level", "levels", "number", "price", "fee", "fees", "count",
    "total", "reading", "score", "charge", "cost", "limit", "target", "goal", "usual", "new", "current", "old",
    "daily", "nightly", "weekly", "monthly", "hourly", "yearly", "annual", "night", "morning", "evening",
    "bedtime", "standard", "base", "regular", "normal", "typical", "average", "starting", "day", "per",
})
#: What holds a number but is no measure that changes, or has a slot of its own.
_NOT_MEASURED = frozenset({
    "phone", "cell", "mobile", "address", "flight", "room", "gate", "seat", "zip", "postcode", "birthday",
    "age", "name", "email", "appointment", "shift", "train", "bus", "order", "ticket", "rent", "salary", "weight",
    "favorite", "favourite", "lucky", "pin", "password", "code", "id", "badge", "house", "apartment", "flat",
    "unit", "floor", "car", "kids", "children", "son", "daughter", "rota", "roster", "pattern",
})
_KIN = re.compile(rf"(?i)\b(?:{KIN_EN_ALT})(?:'s)?\b")
_PAST = re.compile(r"(?i)\bused to\b|\bback (?:in|then)\b|\bago\b|\bwhen (?:i|the user) was\b")


def en_measures(sentence: str, speaker: str) -> list[Slot]:
    """The speaker's measure said with a number, or nothing."""
    if _PAST.search(sentence):  # whose: the sentence opens with the speaker ("my …", "the user …")
        return []
    for pattern in (_CHANGED, _DOSED, _WENT, _STATED, _TAKES, _TAKES_AFTER):
        said = pattern.search(sentence)
        if said is None:
            continue
        named = [said.groupdict().get(g) for g in ("of", "for")]
        words = said.group("np").casefold().split() + [w.casefold() for w in named if w]
        if _KIN.search(said.group("np")) or any(w in _NOT_MEASURED for w in words):
            return []
        kept = [w for w in words if w not in _ANY_MEASURE] or words[-1:]  # "my hourly rate": the rate
        return [Slot(speaker, f"measure:{kept[-1]}", said.group("value").replace(",", ""))]
    return []
