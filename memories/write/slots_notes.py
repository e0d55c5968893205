"""What a short typed note says of the speaker's attributes in passing (English), beside ``slots_turns``' readers.

- a dose one was put on or is at: "my doctor has me on 10mg of lisinopril", "metformin is at 1500mg now"
  (``measure:<drug>``, the number; the object is the speaker, so "has him on 5mg" is not theirs);
- the street one lives on, without a house number: "lives on Maple Avenue", "moved to Pine Road", "new place is on
  Cedar Court" (``address``, the street's first word, as ``slots_amounts`` keeps it after a number);
- the phone plan's carrier: "my phone plan is with Verizon" (``provider:phone``);
- an employer ended by its last day ("last day at Stripe was Friday": ``employer`` ``not:stripe``), one begun in
  the same run ("…, starting at Plaid on Monday") or one hauled or signed on with ("hauls for Swift", "signed on
  with Schneider": ``employer``);
- a role taken ("accepted the senior pastor role", "took the charge nurse position": ``job``);
- a shift said as a bare phrase that starts now ("night shift starting Monday", "nights from now on": ``shift``);
- what a piece of software is written in ("our backend is written in Python", "we rewrote the app in Rust":
  ``stack:<thing>``);
- the position one plays, of the positions team sports have ("plays shortstop", "coach has me at second base":
  ``position``);
- a city made home ("made it to Toronto, this is home now": ``city``);
- the teacher (tutor, coach, paediatrician…) of the speaker or of their child, by name: "my son's teacher is Mr.
  Grant", "my daughter got moved to Ms. Patel's class" (``teacher`` of ``~son``, the name without its title).

Else only the speaker's own: a sentence that names another person ("my sister lives on Elm Street") fills nothing
here, nor a hedge (a wish, a plan, a question, "if"), nor the past ("used to", "back in").
"""

from __future__ import annotations

import re

from memories.write.roles import KIN_EN
from memories.write.slot_values import KIN_EN_ALT, Slot
from memories.write.slots_shifts import _SHIFT, _VALUES
from memories.write.slots_switches import CARRIERS

__all__ = ["en_notes"]

_SELF = r"^(?:(?:i|we|the user(?:\s+and\s+others)?|my|our|the user's)\b(?!['’]s))"
# someone else's, wherever said ("my sister …", "i think my son's …")
_OTHER = re.compile(r"(?i)\b(?:(?:my|our|the user's)\s+(?:\w+\s+)?(?:wife|husband|partner|son|daughter|kids?|"
                    r"children|mom|mother|dad|father|parents?|brother|sister|friend|roommate|boss|neighbou?r|"
                    r"girlfriend|boyfriend|bf|gf|cousin|aunt|uncle|grand\w+|in-laws?|\w+-in-law)\b)")
_HEDGE = re.compile(r"(?i)\?|\b(?:if|would|might|maybe|wants?|wish|hope|hoping|planning|thinking|considering|"
                    r"someday|used to|back in|back when|should|could|not|never|no)\b")

_UNIT = r"(?:mg|mcg|µg|milligrams?|units?|iu|ml)"
_DOSE_ON = re.compile(rf"(?i)\b(?:has|have|had|put|keeps?|kept|started)\s+(?:me|the user)\s+on\s+"
                      rf"(?P<value>\d+(?:\.\d+)?)\s*{_UNIT}\s+(?:of\s+)?(?P<drug>[a-z][a-z\-]{{3,}})\b")
_DRUG_AT = re.compile(rf"(?i)^(?:(?:my|the user's)\s+)?(?P<drug>[a-z][a-z\-]{{3,}})(?:\s+dose)?\s+(?:is|'s)\s+"
                      rf"(?:now\s+)?(?:at|up to|down to)\s+(?P<value>\d+(?:\.\d+)?)\s*{_UNIT}\b")
_NOT_DRUG = frozenset({"dose", "dosage", "this", "that", "it", "which", "coffee", "caffeine", "sodium", "sugar",
                       "protein", "calcium", "iron"})

_STREET_KIND = (r"(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|terrace|crescent|"
                r"circle|parkway|pkwy|highway|hwy|trail)")
_STREET = re.compile(rf"(?i)(?:{_SELF}[^.;]*?\b(?:live|lives|living|moved|moving|relocated)\s+(?:now\s+)?"
                     rf"(?:on|to|onto|in|at)\s+|"
                     rf"^(?:(?:my|our|the user's)\s+)?new\s+(?:place|apartment|apt|house|home|flat)\s+"
                     rf"(?:is\s+)?(?:now\s+)?(?:on|at)\s+)(?:the\s+)?"
                     rf"(?P<v>(?-i:[A-Z][\w\-]*|[a-z][\w\-]*))(?:\s+[\w\-]+)?\s+{_STREET_KIND}\b")

_PLAN = re.compile(rf"(?i)^(?:my|our|the user's)\s+(?:new\s+)?(?:phone|mobile|cell|cellphone|wireless)\s+"
                   rf"(?:plan|service|contract)\s+(?:is\s+)?(?:now\s+)?(?:with|through|on)\s+(?P<c>{CARRIERS})\b")

_ORG = r"(?P<v>(?-i:[A-Z][\w&'’.\-]*)(?:\s+(?-i:[A-Z][\w&'’.\-]*)){0,2})"
_LAST_DAY = re.compile(r"(?i)^(?:(?:my|the user's)\s+)?last\s+day\s+(?:at|with)\s+(?P<v>[\w&'’.\-]+(?:\s+"
                       r"(?-i:[A-Z])[\w&'’.\-]*){0,2})\s+(?:was|is|will\s+be)\b")
_STARTING_AT = re.compile(rf"(?i)(?:[,;]|\band|\bthen)\s+(?:now\s+)?(?:starting|start|started)\s+(?:at|with)\s+"
                          rf"{_ORG}")
_SIGNED_ON = re.compile(rf"(?i){_SELF}\s+(?:(?:just|now|recently|finally)\s+)?(?:signed\s+on\s+with|hauls?\s+for|"
                        rf"hauling\s+for|trucks?\s+for|drives?\s+(?:a\s+truck\s+)?for\s+"
                        rf"(?=(?-i:[A-Z])[\w&.\-]*(?:\s+(?-i:[A-Z])[\w&.\-]*){{0,2}}(?:\s+now)?\s*[.,!]?$))"
                        rf"\s*{_ORG}")

_ROLE = re.compile(r"(?i)\b(?:accepted|took|taken|started|landed|got|stepped\s+into)\s+(?:the|a|an)\s+"
                   r"(?P<v>(?:(?!the\b|a\b|an\b)[a-z\-]+\s+){0,2}[a-z\-]+)\s+(?:role|position|post)\b")

_SHIFT_NOW = re.compile(rf"(?i)^(?:on\s+)?{_SHIFT}\s+(?:now|again|starting|from\s+(?:now|next|monday|tomorrow|the)|"
                        rf"from\s+now\s+on|these\s+days|for\s+good)\b")

_SOFTWARE = (r"(?:backend|back-end|back end|frontend|front-end|front end|app|apps|api|service|services|website|site|"
             r"codebase|code base|server|bot|game|plugin|library|pipeline|stack|mobile app|ios app|android app|"
             r"platform|monolith|microservices?|cli|tool|engine)")
_WRITTEN = re.compile(rf"(?i)^(?:(?:my|our|the user's|the)\s+)(?P<thing>{_SOFTWARE})\s+(?:is|are|'s)\s+(?:now\s+)?"
                      rf"(?:all\s+)?(?:written|built|coded|implemented)\s+(?:in|with|on)\s+(?P<v>[\w+#.\-]+)")
_REWRITTEN = re.compile(rf"(?i){_SELF}[^.;]*?\b(?:rewrote|rewritten|rebuilt|ported|migrated|moved|switched|"
                        rf"converted)\s+(?:the|our|my|the user's)\s+(?:whole\s+|entire\s+)?(?P<thing>{_SOFTWARE})\s+"
                        rf"(?:over\s+)?(?:from\s+[\w+#.\-]+\s+)?(?:to|in|into|onto)\s+(?P<v>[\w+#.\-]+)")

_POSITIONS = (r"(?:shortstop|first\s+base|second\s+base|third\s+base|catcher|pitcher|left\s+field|center\s+field|"
              r"centre\s+field|right\s+field|outfield|infield|point\s+guard|shooting\s+guard|small\s+forward|"
              r"power\s+forward|quarterback|running\s+back|wide\s+receiver|tight\s+end|linebacker|cornerback|"
              r"offensive\s+line|defensive\s+line|safety|kicker|punter|goalkeeper|goalie|keeper|centre[- ]back|"
              r"center[- ]back|full[- ]?back|wing[- ]?back|defensive\s+midfield|midfield|striker|winger|libero|setter|"
              r"outside\s+hitter|middle\s+blocker|opposite\s+hitter|fly[- ]half|scrum[- ]half|hooker|prop|"
              r"flanker|wicket[- ]?keeper|opening\s+bat(?:ter|sman))")
_POSITION = re.compile(rf"(?i)(?:{_SELF}(?:\s+(?:now|still|mostly|usually|also))?\s+(?:play|plays|playing|pitch|"
                       rf"pitches)\s+(?:at\s+)?|{_SELF}\s+(?:is|am|'m)\s+(?:now\s+)?(?:a|an|the)\s+(?:starting\s+|backup\s+)?"
                       rf"(?!(?:keeper|prop|safety|hooker|catcher|setter|kicker|winger)\b)|"
                       rf"\b(?:has|have|had|put|moved|moving|switched|switching|playing|plays|"
                       rf"starts?|started|starting)\s+(?:me|the user)\s+(?:at|to|in|on)\s+)"
                       rf"(?:the\s+)?(?P<v>{_POSITIONS})\b")

_HOME_CITY = re.compile(rf"(?i){_SELF}[^.;]*?\b(?:made\s+it|moved|got|arrived|landed|settled)\s+(?:to|in)\s+"
                        rf"(?P<v>(?-i:[A-Z][\w\-]+)(?:\s+(?-i:[A-Z][\w\-]+))?)[,;]?\s+(?:and\s+)?"
                        rf"(?:this|it|that|which)\s*(?:is|'s)\s+(?:our\s+|my\s+)?home\s+now\b")

_TITLE = r"(?:(?:mr|mrs|ms|miss|mx|dr|coach|professor|prof)\.?\s+)"
_NAME = r"(?P<v>(?-i:[A-Z])[\w'’\-]+(?:\s+(?-i:[A-Z])[\w'’\-]+)?)"
_TEACHER_IS = re.compile(rf"(?i)^(?:my|our|the user's)\s+(?:(?P<kin>{KIN_EN_ALT})['’]s\s+)?(?:new\s+)?"
                         rf"(?P<role>homeroom\s+teacher|teacher|tutor|coach|pediatrician|paediatrician|advisor|"
                         rf"adviser)(?:\s+this\s+(?:year|term|semester))?\s+is\s+(?:now\s+)?{_TITLE}?{_NAME}")
_CLASS_OF = re.compile(rf"(?i)^(?:my|our|the user's)\s+(?P<kin>{KIN_EN_ALT})\s+(?:just\s+)?(?:got\s+|was\s+|has\s+"
                       rf"been\s+|is\s+)?(?:now\s+)?(?:moved|switched|transferred|put|placed)?\s*(?:to|into|in)\s+"
                       rf"{_TITLE}{_NAME}['’]s\s+class\b")


def en_notes(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    sentence = sentence.strip()
    if _HEDGE.search(sentence):
        return []
    if teacher := _TEACHER_IS.match(sentence) or _CLASS_OF.match(sentence):
        kin = teacher.group("kin")
        who = f"~{KIN_EN.get(kin.casefold(), kin.casefold())}" if kin else speaker
        return [Slot(who, "teacher", teacher.group("v").casefold())]
    if _OTHER.search(sentence):
        return []
    found = _dose(sentence, speaker) + _work(sentence, speaker)
    if street := _STREET.search(sentence):
        found.append(Slot(speaker, "address", street.group("v").casefold()))
    if plan := _PLAN.search(sentence):
        found.append(Slot(speaker, "provider:phone", " ".join(plan.group("c").casefold().split())))
    if shift := _SHIFT_NOW.match(sentence):
        kind = (shift.group("kind") or shift.group("bare")).casefold()
        found.append(Slot(speaker, "shift", _VALUES[kind[:-1] if kind.endswith("s") else kind]))
    if code := _WRITTEN.match(sentence) or _REWRITTEN.search(sentence):
        thing = re.sub(r"[\s\-]+", "", code.group("thing").casefold())
        found.append(Slot(speaker, f"stack:{thing}", code.group("v").casefold().rstrip(".")))
    if position := _POSITION.search(sentence):
        found.append(Slot(speaker, "position", " ".join(position.group("v").casefold().split())))
    if home := _HOME_CITY.search(sentence):
        found.append(Slot(speaker, "city", home.group("v").casefold()))
    return found


def _dose(sentence: str, speaker: str) -> list[Slot]:
    said = _DOSE_ON.search(sentence) or _DRUG_AT.match(sentence)
    if said is None or said.group("drug").casefold() in _NOT_DRUG:
        return []
    return [Slot(speaker, f"measure:{said.group('drug').casefold()}", said.group("value"))]


def _work(sentence: str, speaker: str) -> list[Slot]:
    found = []
    if last := _LAST_DAY.match(sentence):
        found.append(Slot(speaker, "employer", "not:" + " ".join(last.group("v").casefold().split())))
        if start := _STARTING_AT.search(sentence, last.end()):
            found.append(Slot(speaker, "employer", " ".join(start.group("v").casefold().split())))
    elif signed := _SIGNED_ON.match(sentence):
        found.append(Slot(speaker, "employer", " ".join(signed.group("v").casefold().split()).rstrip(".")))
    if (role := _ROLE.search(sentence)) and (re.match(_SELF, sentence, re.IGNORECASE) or role.start() == 0):
        found.append(Slot(speaker, "job", " ".join(role.group("v").casefold().split())))
    return found
