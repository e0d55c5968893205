"""English slots of care and schooling read beside the others (``memories.write.slots_routine``):

- what one takes for a condition (``treats:<condition>``): "i'm on propranolol for my migraines" / "stopped the
  propranolol, on topiramate for the migraines now", "takes 20mg of omeprazole for reflux", "my mum is on
  warfarin for her heart" (hers); the drug is the value, the condition the attribute, so that two drugs for
  two conditions are two facts; and whether one takes it (``taking:<drug>``: "i take 50mg of sertraline" /
  "came off the sertraline", "stopped the propranolol", "my doctor took me off metformin");
- the school a child goes to (``school``, of ``~child``, ``~son``, ``~daughter``): "the kids go to St Anne's
  primary" / "we moved the kids to Hillside primary", "my daughter started at Kingsway secondary", "my son
  is at Oakfield now";
- the year of a course one is in (``study:year``): "i'm in my second year at uni", "going into third year of
  my degree in october" ("just finished first year" says the year left, not the year in).

Not read: what used to be, what might be ("if", "might", "thinking about"), a question.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.write.people import KIN_EN
from memories.write.slot_values import Slot

__all__ = ["en_care", "treatment_held"]

_WHO = (r"^(?:(?P<me>i|the user|we|the user and others)|(?:my|our|the user's|the user and others')\s+"
        r"(?P<kin>[a-z]+(?:\s+in\s+law)?))")
_BE = r"(?:\s+(?:am|is|are|'m|'s|'re|has been|have been|was|now|currently|still|just|also|only|been))*"
# A drug is one word or two ("propranolol", "vitamin d"); a condition up to three ("my migraines", "high blood
# pressure", "her heart")
_TREATS = re.compile(rf"(?i){_WHO}{_BE}\s+(?:on|taking|takes|take|prescribed|started\s+on|started|put\s+on)\s+"
                     r"(?:(?:a|an|the|some|\d+(?:\.\d+)?\s*(?:mg|mcg|ml|g|iu|units?)(?:\s+of)?)\s+)?"
                     r"(?P<drug>[a-z][a-z0-9\-]+(?:\s+[a-z0-9][a-z0-9\-]*)?)\s+(?:now\s+)?for\s+"
                     r"(?:my|his|her|their|the|the user's|our|its)?\s*(?P<cond>[a-z][a-z\-]+(?:\s+[a-z\-]+){0,2}?)"
                     r"(?=\s*$|\s*[.,;!]|\s+(?:now|these days|again|instead|since|and|but|every|each|twice|once|"
                     r"daily|at)\b)")
# A medicine taken, with its dose before or after it ("i take 50mg of sertraline", "i'm on 10mg of amlodipine",
# "takes metformin 500mg twice a day"), and one
# stopped ("stopped the propranolol", "came off sertraline", "no longer taking metformin"): ``taking:<drug>``
_UNIT = r"(?:mg|mcg|ml|g|iu|units?|puffs?|tablets?|pills?)"
_TAKING = re.compile(rf"(?i){_WHO}{_BE}\s+(?:on|takes?|taking)\s+(?:\d+(?:\.\d+)?\s*{_UNIT}\s+(?:of\s+)?"
                     rf"(?P<drug>[a-z][a-z0-9\-]+)\b|(?P<drug2>[a-z][a-z0-9\-]+)\s+\d+(?:\.\d+)?\s*{_UNIT}\b)")
_STOPPED = re.compile(rf"(?i){_WHO}{_BE}\s+(?:stopped(?:\s+taking)?|came\s+off|come\s+off|coming\s+off|weaned\s+off|"
                      r"no\s+longer\s+(?:on|taking)|not\s+(?:on|taking))\s+(?:the\s+|my\s+|his\s+|her\s+)?"
                      r"(?P<drug>[a-z][a-z0-9\-]+)\b")
# Taken off it by someone else, a doctor most often ("my endocrinologist took me off metformin", "the GP is taking
# her off the statins", "they've got me off the steroids"): the one taken off stopped it
_TAKEN_OFF = re.compile(r"(?i)\b(?:took|taken|takes|take|taking|got|gotten|get|getting|weaned|switched)\s+"
                        r"(?:(?P<me>me|the user|us)|(?P<pronoun>him|her|them))\s+off\s+(?:of\s+)?"
                        r"(?:the\s+|my\s+|his\s+|her\s+|their\s+)?(?P<drug>[a-z][a-z0-9\-]+)\b")
_NOT_DRUGS = frozenset({"a", "an", "the", "it", "them", "this", "that", "call", "holiday", "leave", "duty", "shift",
                        "nights", "days", "track", "time", "board", "way", "hold", "list", "waiting", "break", "walk",
                        "run", "drive", "trip", "course", "diet", "team", "phone", "road", "job", "care"})
_CHILDREN = frozenset({"kids", "kid", "children", "child", "boys", "girls", "twins", "little ones", "lad", "boy",
                       "girl", "eldest", "youngest", "oldest"})
_SCHOOL = (r"(?P<school>(?:[A-Z][\w'’\-]*\s+){1,4}(?:primary|secondary|infants?|juniors?|academy|high|elementary|"
           r"middle|grammar|college|prep|nursery|school|montessori|comprehensive)(?:\s+school)?"
           r"|(?:[A-Z][\w'’\-]*\s+){0,3}[A-Z][\w'’\-]*\s+(?:Primary|Secondary|Academy|High|School|College|Nursery"
           r"|Elementary|Middle|Montessori|Prep|Grammar|Infants?|Juniors?)(?:\s+[Ss]chool)?)")
_KIDS = (r"(?:(?:my|our|the|the user's|the user and others')\s+)?(?P<kids>kids|children|boys|girls|twins|little ones"
         r"|daughters?|sons?|eldest|youngest)")
_GOES = re.compile(rf"(?i:{_WHO})(?:\s+(?P<name>[A-Z][a-z]+))?(?i:{_BE}\s+(?:goes|go|going|(?:started|starts|"
                   r"starting)(?:\s+(?:reception|nursery|school|year\s+\w+|(?:primary|secondary)(?:\s+school)?))?|"
                   r"moved|moves|moving|changed|is|are|'s|'re)\s+(?:to|at|schools?\s+to|over\s+to)\s+"
                   r"(?:the\s+)?)" + _SCHOOL)
_MOVED = re.compile(rf"(?i:{_WHO}{_BE}\s+(?:moved|moving|move|switched|switching|changed|took|sent|sending|"
                    rf"put|putting|enrolled|enrolling|transferred|transferring)\s+{_KIDS}\s+(?:schools?\s+)?"
                    r"(?:to|at|into|in)\s+(?:the\s+|a\s+|an\s+)?)"
                    + _SCHOOL)
_ORDINALS = {"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3", "fourth": "4",
             "4th": "4", "fifth": "5", "5th": "5", "final": "final", "last": "final"}
_YEAR = re.compile(r"(?i)^(?:i|the user)\b(?!['’]s)[^.;!?]*?\b(?:in|into|starting|entering|start|starts|begin|"
                   r"begins|now\s+in)\s+(?:my|the user's|the|his|her)?\s*(?P<ord>first|second|third|fourth|fifth|"
                   r"final|last|1st|2nd|3rd|4th|5th)\s+year\b(?:\s+(?:at|of)\s+(?:my\s+|the user's\s+|the\s+)?"
                   r"(?:uni|university|college|degree|course|school|med school|law school|phd|sixth form|nursing))?")
_NOT_NOW = re.compile(r"(?i)\bused to\b|\bif\b|\bmight\b|\bwould\b|\bthinking (?:about|of)\b|\bago\b|\bwhen (?:i|the "
                      r"user) was\b|\bback (?:in|then)\b")


def _who(said: re.Match[str], speaker: str) -> str:
    if said.group("me"):
        return speaker
    kin = said.group("kin").casefold()
    if kin in _CHILDREN:
        return "~child"
    return f"~{KIN_EN[kin]}" if kin in KIN_EN else ""


def _treats(sentence: str, speaker: str) -> list[Slot]:
    said = _TREATS.match(sentence)
    if said is None or said.group("drug").split()[0].casefold() in _NOT_DRUGS or not (who := _who(said, speaker)):
        return []
    condition = re.sub(r"^(?:my|his|her|their|the|our)\s+", "", said.group("cond").casefold())
    return [Slot(who, f"treats:{condition}", said.group("drug").casefold())]


def _taking(sentence: str, speaker: str, treated: list[Slot]) -> list[Slot]:
    """What one takes, for ``taking:<drug>`` (the drug of a ``treats:`` slot too), or stopped."""
    if (said := _STOPPED.match(sentence)) and said.group("drug").casefold() not in _NOT_DRUGS and \
            (who := _who(said, speaker)):
        return [Slot(who, f"taking:{said.group('drug').casefold()}", "no")]
    if (said := _TAKEN_OFF.search(sentence)) and said.group("me") and said.group("drug").casefold() not in _NOT_DRUGS:
        return [Slot(speaker, f"taking:{said.group('drug').casefold()}", "no")]
    taken = [Slot(slot.subject, f"taking:{slot.value}", "yes") for slot in treated]
    if not taken and (said := _TAKING.match(sentence)) and (who := _who(said, speaker)):
        drug = (said.group("drug") or said.group("drug2")).casefold()
        if drug not in _NOT_DRUGS:
            taken.append(Slot(who, f"taking:{drug}", "yes"))
    return taken


def _school(sentence: str, speaker: str) -> list[Slot]:
    said = _MOVED.match(sentence) or _GOES.match(sentence)
    if said is None:
        return []
    if said.re is _MOVED:  # "moved the kids to …": a daughter or a son named so is theirs
        kids = said.group("kids").casefold().rstrip("s")
        who = f"~{kids}" if kids in ("daughter", "son") else "~child"
    elif not (who := _who(said, speaker)) or who == speaker:
        return []
    elif said.group("name"):  # "my son Leo goes to …": Leo
        who = said.group("name").casefold()
    school = re.sub(r"\s+school$", "", " ".join(said.group("school").casefold().replace("’", "'").split()))
    return [Slot(who, "school", school)]


def _study_year(sentence: str, speaker: str) -> list[Slot]:
    said = _YEAR.match(sentence)
    return [Slot(speaker, "study:year", _ORDINALS[said.group("ord").casefold()])] if said else []


def en_care(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    if sentence.rstrip().endswith("?") or _NOT_NOW.search(sentence):
        return []
    treated = _treats(sentence, speaker)
    return treated + _taking(sentence, speaker, treated) + _school(sentence, speaker) + _study_year(sentence, speaker)


def treatment_held(new: list[Slot], old: list[Slot]) -> Callable[[Slot], bool]:
    """The old slots of a medicine the new statement ends as a whole (``slots.covers``): a medicine stopped ends
    what it was taken for and its dose ("on propranolol for migraines" / "stopped the propranolol"); a dose changed
    is still taking it; another medicine for the condition ends taking the one before."""
    stopped = {(n.subject, n.attribute[7:]) for n in new if n.attribute.startswith("taking:") and n.value == "no"}
    dosed = {(n.subject, n.attribute[8:]) for n in new if n.attribute.startswith("measure:")}
    redosed = {(n.subject, n.attribute.split(":")[1]) for n in new if n.attribute.startswith("dose:")}
    replaced = {(o.subject, o.value) for o in old for n in new
                if o.attribute.startswith("treats:") and n.key == o.key and n.value != o.value}

    def held(o: Slot) -> bool:
        if o.attribute.startswith("treats:"):
            return (o.subject, o.value) in stopped
        if o.attribute.startswith("measure:"):
            return (o.subject, o.attribute[8:]) in stopped
        if o.attribute.startswith("dose:"):  # "每天吃两次二甲双胍" / "停了二甲双胍"
            return (o.subject, o.attribute.split(":")[1]) in stopped
        if o.attribute.startswith("taking:") and o.value == "yes":
            # a dose changed is still taking it, the drug named or not ("加到20毫克": ``dose:*:mass``)
            return bool({(o.subject, o.attribute[7:]), (o.subject, "*")} & (dosed | replaced | redosed))
        return False

    return held
