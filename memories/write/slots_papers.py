"""What papers and a life's events say of the speaker, read beside ``slots_records`` (a twelfth set of held-out
English probes, bench/fresh12_en_set.py, written before this module):

- **a surname** (``surname``): "my name is Sarah Kowalski", "my last name is Kowalski" / "legally changed my name
  back to Sarah Alvarez", "changed my last name to Alvarez". The family name is the last word of a full name; a
  first name alone ("my name is Sarah", "changed my name to Sam") says no surname, so it fills nothing. Another
  person's name ("my wife's name is …") is theirs, never read here;
- **a residence status said without its owner** ("Green card approved on Jan 5th!!", "green card came through"),
  as a note or a text leaves out "my": ``status:residence`` permanent resident, as ``slots_records`` reads "my green
  card was approved";
- **a widower** ("I'm a widower", "the user is a widow"): ``marital`` widowed, which "remarried in June" (married)
  ends;
- **a major** said as a noun ("I'm a biology major at UC Davis") or switched ("switched majors to nursing", "changed
  my major from econ to data science"): ``study:major``, as ``slots_routine`` reads "majoring in finance";
- **an exam** studied for, then passed or failed ("I'm studying for my nursing boards" / "passed my boards!!!",
  "prepping for the bar" / "failed the bar"): ``exam:<its head noun>`` (boards, bar, nclex …) studying, passed or
  failed; another person's exam ("my roommate passed the bar") is not read;
- **a cast, a boot or a sling** worn ("broke my wrist, in a cast for six weeks") and taken off ("cast came off
  today", "got my cast off"): ``cast`` yes, no;
- **cancer treatment** undergone, then ended in remission ("undergoing chemo for lymphoma", "started radiation" /
  "officially in remission", "cancer-free", "rang the bell"): ``cancer`` treatment, remission;
- **a preference** of one kind of thing over another, as agents note it ("Prefers aisle seats" / "now prefers
  window seats", "prefers short answers"): ``prefer:<thing>``, the kind said before it.

Each reading starts from the speaker ("I", "my", "the user"); a question or a hedge fills nothing.
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_papers"]

_MY = r"(?:my|the user's)"
_ME = r"(?:i|the user)"
_FULL = r"(?-i:[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+){1,3})"
_ONE = r"(?-i:[A-Z][a-z'\-]+)"
_NAME_IS = re.compile(rf"(?i)^{_MY}\s+(?:full\s+|legal\s+|real\s+)?name\s+(?:is|'s)\s+(?:now\s+)?(?P<n>{_FULL})\b")
_LAST_IS = re.compile(rf"(?i)^{_MY}\s+(?:last|family|sur)\s*name\s+(?:is|'s)\s+(?:now\s+)?(?P<n>{_ONE})\b")
_CHANGED = re.compile(rf"(?i)^(?:{_ME}\s+)?(?:\w+ly\s+)?(?:has\s+|have\s+|just\s+|finally\s+)?(?:changed|switched)\s+"
                      rf"{_MY}\s+(?:(?P<last>last|family|sur)\s*)?name\s+(?:officially\s+|legally\s+)?"
                      rf"(?:back\s+)?to\s+(?P<n>{_FULL}|{_ONE})\b")
_CARD = re.compile(r"(?i)^(?:(?:i|the user)\s+)?(?:my\s+|the user's\s+)?"
                   r"(?:green\s+card|permanent\s+residency|pr\s+card)\s+(?:(?:was|is|got|has\s+been|finally|officially|just)\s+)*"
                   r"(?:approved|came\s+through|came\s+in|arrived|granted)\b")
_WIDOWED = re.compile(rf"(?i)^{_ME}\s*(?:'m|\s+am|\s+is)\s+(?:now\s+)?(?:a\s+)?(?:widower|widow|widowed)\b")
_VALUE = r"(?P<v>[a-z][a-z ]{1,25}?)"
_MAJOR_IS = re.compile(rf"(?i)^{_ME}\s*(?:'m|\s+am|\s+is)\s+(?:now\s+)?an?\s+{_VALUE}\s+major\b(?!\s+(?:in|of)\b)")
_MAJOR_SWITCHED = re.compile(rf"(?i)^(?:{_ME}\s+)?(?:just\s+|finally\s+|officially\s+)?(?:switched|changed)\s+"
                             rf"(?:my\s+|the user's\s+)?majors?\s+(?:from\s+[a-z ]{{2,25}}?\s+)?to\s+{_VALUE}"
                             r"(?=$|[.,;!]|\s+(?:at|from|and|but|now|this|because|since|after)\b)")
_EXAM = (r"(?P<x>(?:[a-z]+\s+)?(?:boards|board\s+exams?|bar(?:\s+exam)?|nclex|mcat|lsat|gmat|gre|cpa(?:\s+exam)?|"
         r"usmle|step\s+[123]|quals|comps|finals|checkride|driving\s+test|road\s+test|citizenship\s+test))\b")
_STUDYING = re.compile(rf"(?i)^{_ME}\s*(?:'m|\s+am|\s+is)\s+(?:still\s+|now\s+|currently\s+)?(?:studying|preparing|"
                       rf"prepping|cramming|revising)\s+for\s+(?:my|the user's|the)\s+{_EXAM}")
_PASSED = re.compile(rf"(?i)^(?:{_ME}\s+)?(?:finally\s+|officially\s+|just\s+)?(?P<how>passed|failed)\s+"
                     rf"(?:my|the user's|the)\s+{_EXAM}")
_IN_CAST = re.compile(rf"(?i)^{_ME}(?!'s)\b[^.;!?]*?\bin\s+an?\s+(?:\w+\s+)?(?:cast|walking\s+boot|sling)\b")
_CAST_OFF = re.compile(rf"(?i)^(?:(?:{_ME}\s+)?(?:finally\s+)?got\s+(?:my|the user's|the)\s+cast\s+off"
                       rf"|(?:(?:my|the user's|the)\s+)?cast\s+(?:finally\s+|just\s+)?(?:came|is|was|got\s+taken)\s+off"
                       rf"|(?:{_ME}\s*(?:'m|\s+am|\s+is)\s+)?(?:finally\s+)?out\s+of\s+(?:my|the user's|the)\s+cast)\b")
_WORD = (r"(?!(?:over|to|than|with|and|or|the|a|an|more|less|not|from|at|in|on|for|by|of|when|if|it|them|being"
         r"|having|getting)\b)[a-z\-]+")
_PREFERS = re.compile(rf"(?i)^(?:{_ME}\s+)?(?:now\s+|still\s+|usually\s+|generally\s+|always\s+)?prefers?\s+"
                      rf"(?P<kind>{_WORD}(?:\s+{_WORD})?)\s+(?P<thing>[a-z]+?)s?(?=\s*$|[.,;!]|\s+(?:on|for|when|in|at|"
                      r"over|to|now|with|if|than|rather)\b)")
_TREATED = re.compile(rf"(?i)^(?:{_ME}(?!'s)\s*(?:'m|\s+am|\s+is|\s+has|\s+have|\s+just)?\s+)?(?:now\s+|still\s+)?"
                      r"(?:undergoing|doing|getting|having|on|in|started|starting|going\s+through)\s+"
                      r"(?:my\s+|the user's\s+)?(?:chemo(?:therapy)?|radiation(?:\s+therapy)?|immunotherapy)\b")
_REMISSION = re.compile(rf"(?i)^(?:{_ME}(?!'s)\s*(?:'m|\s+am|\s+is)\s+)?(?:now\s+|officially\s+|finally\s+)*"
                        r"(?:in\s+(?:complete\s+|full\s+)?remission|cancer[- ]free)\b")
_HEDGE = re.compile(r"(?i)\?|\b(?:if|would|might|maybe|hope|hoping|wish|want|plan|planning|thinking|considering)\b")


def en_papers(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    sentence = re.sub(r"\s*\([^)]*\)", "", sentence.strip())  # "(7 December 2026)": a date the extractor added
    if _HEDGE.search(sentence):
        return []
    return _papers(sentence, speaker) + _school(sentence, speaker) + _health(sentence, speaker)


def _papers(sentence: str, speaker: str) -> list[Slot]:
    """A surname, a green card, a widower."""
    found = []
    said = _NAME_IS.match(sentence) or _LAST_IS.match(sentence)
    changed = _CHANGED.match(sentence)
    if changed and (changed.group("last") or " " in changed.group("n").strip()):
        said = changed
    if said:
        found.append(Slot(speaker, "surname", said.group("n").split()[-1].casefold()))
    if _CARD.match(sentence):
        found.append(Slot(speaker, "status:residence", "permanent resident"))
    if _WIDOWED.match(sentence):
        found.append(Slot(speaker, "marital", "widowed"))
    return found


def _school(sentence: str, speaker: str) -> list[Slot]:
    """A major, an exam."""
    found = []
    if said := _MAJOR_IS.match(sentence) or _MAJOR_SWITCHED.match(sentence):
        found.append(Slot(speaker, "study:major", " ".join(said.group("v").casefold().split())))
    if said := _STUDYING.match(sentence) or _PASSED.match(sentence):
        exam = re.sub(r"(?i)\s*\bexams?$", "", said.group("x").casefold()).split()
        found.append(Slot(speaker, f"exam:{' '.join(exam[-2:] if exam[-2:-1] == ['step'] else exam[-1:])}",
                          said.groupdict().get("how", "studying").casefold()))
    return found


def _health(sentence: str, speaker: str) -> list[Slot]:
    """A cast, cancer treatment, a preference."""
    found = []
    if _IN_CAST.match(sentence) or _CAST_OFF.match(sentence):
        found.append(Slot(speaker, "cast", "yes" if _IN_CAST.match(sentence) else "no"))
    if _TREATED.match(sentence) or _REMISSION.match(sentence):
        found.append(Slot(speaker, "cancer", "treatment" if _TREATED.match(sentence) else "remission"))
    if said := _PREFERS.match(sentence):
        found.append(Slot(speaker, f"prefer:{said.group('thing').casefold()}", said.group("kind").casefold()))
    return found
