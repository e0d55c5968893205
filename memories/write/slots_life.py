"""English changes of a life said in passing that the other readers missed, read beside ``slots_turns`` (a sixth new
hand's set, ``bench/fresh6_en_set.py``): each is the speaker's own, said plainly (``slots_routine``'s hedges keep
"thinking about going vegan", "if I got the job" out).

- a job by its title: "is a senior associate at Deloitte" (and the employer), "my title is manager now" (after
  "got promoted": ``promoted``, which holds the employer, ``slots.covers``), "went back to work as a
  paralegal", "a stay-at-home mom", "teaches 5th grade", "now works in instructional design for a software
  company" (``job``);
- a diet by its name with a verb of doing: "doing keto", "on paleo now", "gone plant-based" (``diet``; given up:
  ``slots_status``);
- a daily ride: "takes the 7:15 train into the city every morning" (``commute``, as ``slots_routine`` reads
  "take the train to work");
- a car leased, and the old one gone: "leasing a RAV4 now" (``car``);
- married again: "got remarried" (``marital`` married);
- a home bought, and where one is stationed: "closed on the house in Tacoma" (not a cabin, a rental, a second
  home), "stationed at Fort Hood", "we're at Fort Carson now" (``city``);
- a pet by its kind and name, then rehomed or given away: "a border collie named Scout" / "had to rehome Scout"
  (``alive`` yes, then ``rehomed``);
- leave from work, and the return: "on medical leave" / "back at work full time" (``at-work``);
- the gym one goes to, and a switch: "goes to the gym by the office" / "switched gyms, at Equinox now" (``gym``,
  and going to one: ``habit:gym``);
- a place one uses one of, by its name: "my pharmacy is CVS", "my bank is Chase", "my vet is Banfield" (a notes
  line "Pharmacy: Walgreens" reads so, ``extraction.notes``) (``provider:<kind>``).
"""

from __future__ import annotations

import re

from memories.write.people import KIN_EN
from memories.write.slot_values import Slot

__all__ = ["en_life"]

_ME = r"^(?:i|we|the user(?:\s+and\s+others)?)\b(?!['’]s)"
_ADV = r"(?:\s+(?:now|just|finally|recently|officially|also|still|currently|have|has|had|'ve|got|gotten))*"
_BE = r"\s+(?:is|am|are|'m|'re|was|were)"
_CAP = r"(?P<v>(?-i:[A-Z][\w'’\-]*(?:\s+[A-Z0-9][\w'’\-]*){0,2}))"
_RANK = (r"(?:(?:senior|junior|lead|principal|staff|associate|assistant|deputy|chief|head|vice|executive|regional|"
         r"general|store|branch|account|office|project|program|programme|product|sales|marketing|operations|"
         r"finance|hr|it)\s+){0,3}")
_TITLES = (r"associate|partner|manager|director|officer|specialist|coordinator|administrator|executive|"
           r"representative|advisor|adviser|analyst|consultant|supervisor|president|superintendent|principal")
_JOBS = (
    re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?(?:an?|the)\s+(?P<v>{_RANK}(?:{_TITLES}))\s+(?:at|for|with)\s+"
               rf"(?P<at>(?-i:[A-Z][\w&'’.\-]*(?:\s+[A-Z][\w&'’.\-]*){{0,2}}))"),
    re.compile(r"(?i)^(?:(?:i|the user)\s+(?:just\s+|finally\s+)?got\s+promoted\s*(?:,|and|so)?\s*(?:now\s+)?)?"
               r"(?:my|our|the user's)\s+(?:new\s+|job\s+|official\s+|current\s+)?title\s+is\s+(?:now\s+)?"
               r"(?:an?\s+)?(?P<v>[a-z][\w\- ]{1,30}?)(?:\s+now)?[.!]?$"),
    re.compile(r"(?i)(?:^|\b(?:i|the user)\s+)(?:went|gone|going|got|came|is\s+going|am\s+going)\s+back\s+to\s+"
               r"work(?:ing)?\s+as\s+(?:an?\s+)?(?P<v>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\b"),
    re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?an?\s+(?P<v>stay[- ]at[- ]home\s+(?:mom|mum|dad|parent|mother|"
               rf"father|wife|husband))\b"),
    re.compile(rf"(?i){_ME}{_ADV}\s+(?:now\s+)?works?\s+in\s+(?P<v>[a-z]+(?:\s+[a-z]+)?)\s+(?:for|at)\s+(?:an?|the)\s"),
)
_GRADE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:now\s+)?teach(?:es)?\s+(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|"
                    rf"fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\s+grade\b")
_DIET = re.compile(rf"(?i){_ME}{_ADV}(?:{_BE}|\s+been)?\s+(?:now\s+)?"
                   r"(?:doing|on|trying|going|gone|went|switched\s+to)\s+"
                   r"(?:the\s+|a\s+)?(?P<v>keto|paleo|whole30|low[- ]carb|carnivore|atkins|mediterranean|"
                   r"intermittent fasting|plant[- ]based|vegan|vegetarian|pescatarian|gluten[- ]free|dairy[- ]free)"
                   r"(?:\s+diet)?\b")
_MODES = {"train": "train", "subway": "subway", "metro": "metro", "bus": "bus", "ferry": "ferry", "tram": "tram",
          "light rail": "train", "commuter rail": "train", "tube": "tube"}
_RIDE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:takes?|rides?|catch(?:es)?)\s+the\s+(?:[\d:]+(?:\s*[ap]m)?\s+|early\s+|"
                   rf"express\s+|local\s+)*(?P<v>{'|'.join(_MODES)})\s+(?:in)?to\s+(?:the\s+city|town|downtown|work|"
                   r"the\s+office)\b")
_LEASED = re.compile(rf"(?i){_ME}{_ADV}(?:{_BE})?\s+(?:now\s+)?(?:leasing|leased|financing|financed)\s+an?\s+"
                     rf"(?:new\s+|used\s+|\d{{4}}\s+)?{_CAP}")
_REMARRIED = re.compile(rf"(?i){_ME}{_ADV}(?:{_BE})?\s+(?:got\s+|just\s+)?re-?married\b")
# "closed on the house in Tacoma", "bought a place, closing was Friday, it's in Frisco", "bought a farmhouse outside
# Ames": where the home bought is
_HOUSE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:closed\s+on|bought|purchased)\s+(?:a|the|our|my|the user's)\s+"
                    rf"(?:new\s+|first\s+|own\s+)?(?!(?:vacation|holiday|rental|investment|lake|beach|second|summer)\b)"
                    rf"(?:house|home|condo|townhouse|townhome|place|farmhouse|farm|bungalow|cottage|ranch|duplex)"
                    rf"(?:,[^.;!?]{{0,30}}?,\s+it(?:'s|\s+is)\s+|\s+)(?:in|(?:just\s+)?outside(?:\s+of)?)\s+{_CAP}")
_BASE = r"(?:Fort|Camp|Naval|Joint\s+Base|JB|Marine\s+Corps|NAS|MCB|RAF|Travis|Nellis|Lackland)"
_STATIONED = (re.compile(rf"(?i){_ME}{_ADV}(?:{_BE})?\s+(?:now\s+)?(?:stationed|posted)\s+(?:at|in)\s+{_CAP}"),
              re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?at\s+(?P<v>(?-i:{_BASE}(?:\s+[A-Z][\w\-]*){{1,2}}))"))
_PERSONS = frozenset({"friend", "coworker", "co-worker", "colleague", "boy", "girl", "kid", "guy", "woman", "man",
                      "neighbor", "neighbour", "roommate", "boss", "client", "student", "teacher", "doctor", *KIN_EN})
_PET = re.compile(rf"(?i){_ME}{_ADV}\s+(?:have|has|adopted|got)\s+an?\s+(?:[a-z\-]+\s+){{0,2}}?(?P<kind>[a-z\-]+)\s+"
                  rf"(?:named|called)\s+(?P<name>(?-i:[A-Z][a-z]+))\b")
_REHOMED = re.compile(rf"(?i){_ME}{_ADV}\s+(?:had\s+to\s+)?(?:re-?home[ds]?|gave\s+away|give\s+away|surrendered|"
                      rf"gave\s+up)\s+(?P<name>(?-i:[A-Z][a-z]+))\b")
# "we lost Max in June", "lost Biscuit to cancer last year": a death told as a loss, not one lost for an hour
_LOST = re.compile(rf"(?i){_ME}{_ADV}\s+(?:sadly\s+)?lost\s+(?P<name>(?-i:[A-Z][a-z]+))(?=\s*(?:[.,;!]|$)|\s+(?:in\s+"
                   r"(?!the\b|a\b)\w+|last\s+\w+|to\s+(?:cancer|old\s+age|\w+\s+disease|a\s+\w+)|yesterday|"
                   r"recently|this\s+(?:week|month|year|spring|summer|fall|autumn|winter))\b)")
_LEAVE = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?on\s+(?:medical|maternity|paternity|parental|sick|"
                    rf"disability|family|stress)\s+leave\b")
_BACK = re.compile(rf"(?i){_ME}{_ADV}(?:{_BE})?\s+(?:now\s+)?(?:back\s+(?:at|to)\s+work|returned\s+to\s+work|"
                   rf"went\s+back\s+to\s+work)\b")
_GYM = (re.compile(rf"(?i){_ME}{_ADV}\s+(?:go|goes)\s+to\s+the\s+gym\s+(?:by|near|next\s+to|at)\s+"
                   r"(?P<v>[\w'’ ]{3,40}?)(?:\s+(?:every|on|most|some|after|before|three|twice|once|\d)\b|[.,]|$)"),
        re.compile(rf"(?i){_ME}{_ADV}\s+switched\s+gyms?\b,?\s+(?:and\s+)?(?:i|the\s+user)(?:{_BE}|\s+go(?:es)?\s+to)"
                   rf"\s+(?:now\s+)?(?:at\s+)?{_CAP}"))

_USES = re.compile(r"(?i)^(?:my|our|the user's|the user and others')\s+(?:new\s+|usual\s+|local\s+|regular\s+)?"
                   r"(?P<k>pharmacy|bank|vet|insurance(?:\s+(?:provider|company))?|insurer|grocery\s+store|supermarket|"
                   r"church|salon|barber|daycare|mechanic|(?:phone|mobile|cell)\s+carrier|internet\s+provider)\s+"
                   r"(?:is|are)\s+(?:now\s+)?(?P<v>(?-i:[A-Z][\w&'’.\-]*(?:\s+(?!On\b|In\b|At\b)[A-Z0-9][\w&'’.\-]*){0,2}))")


def en_life(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    sentence = re.sub(r"(?i)^the\s+user\s+is\b", "the user is", sentence.strip())
    found: list[Slot] = []
    if job := next((m for pattern in _JOBS if (m := pattern.search(sentence))), None):
        found.append(Slot(speaker, "job", " ".join(job.group("v").casefold().replace("-", " ").split())))
        if job.groupdict().get("at"):  # "a senior associate at Deloitte": the employer too
            found.append(Slot(speaker, "employer", job.group("at").casefold().rstrip(".")))
        if re.search(r"(?i)\bpromoted\b", sentence):  # "got promoted, my title is manager now": the employer held
            found.append(Slot(speaker, "promoted", "yes"))
    elif _GRADE.search(sentence):
        found.append(Slot(speaker, "job", "teacher"))
    if diet := _DIET.search(sentence):
        found.append(Slot(speaker, "diet", diet.group("v").casefold().replace(" ", "-")))
    if ride := _RIDE.search(sentence):
        found.append(Slot(speaker, "commute", _MODES[ride.group("v").casefold()]))
    if car := _LEASED.search(sentence):
        found.append(Slot(speaker, "car", car.group("v").casefold()))
    if _REMARRIED.search(sentence):
        found.append(Slot(speaker, "marital", "married"))
    if uses := _USES.search(sentence):
        kind = uses.group("k").casefold().split()[0].replace("insurer", "insurance")
        found.append(Slot(speaker, f"provider:{kind}", " ".join(uses.group("v").casefold().rstrip(".").split())))
    found += _home(sentence, speaker) + _pet(sentence) + _work_and_gym(sentence, speaker)
    return found


def _home(sentence: str, speaker: str) -> list[Slot]:
    said = _HOUSE.search(sentence) or next((m for p in _STATIONED if (m := p.search(sentence))), None)
    return [Slot(speaker, "city", " ".join(said.group("v").casefold().split()))] if said else []


_NOT_LOST = frozenset({"Weight", "Track", "Sight", "Touch", "Interest", "Money", "Power", "It", "Everything"})


def _pet(sentence: str) -> list[Slot]:
    if gone := _REHOMED.search(sentence):
        return [Slot(gone.group("name").casefold(), "alive", "rehomed")]
    if (lost := _LOST.search(sentence)) and lost.group("name") not in _NOT_LOST:
        return [Slot(lost.group("name").casefold(), "alive", "no")]
    pet = _PET.search(sentence)
    if pet is None or pet.group("kind").casefold() in _PERSONS:
        return []
    return [Slot(pet.group("name").casefold(), "alive", "yes")]


def _work_and_gym(sentence: str, speaker: str) -> list[Slot]:
    found = []
    if _LEAVE.search(sentence):
        found.append(Slot(speaker, "at-work", "leave"))
    elif _BACK.search(sentence):
        found.append(Slot(speaker, "at-work", "yes"))
    if gym := next((m for p in _GYM if (m := p.search(sentence))), None):
        found += [Slot(speaker, "gym", " ".join(gym.group("v").casefold().split())), Slot(speaker, "habit:gym", "yes")]
    return found
