"""English switches of everyday life said indirectly, read beside ``slots_turns`` (a seventh new hand's set,
``bench/fresh7_en_set.py``): each is the speaker's own, said plainly (``slots_routine``'s hedges keep "thinking about
switching to Three" out), and names the new value without naming the old one's slot.

- the mobile network one is on, by its name ("I'm on Verizon", "with EE") and a switch to another ("ported my
  number to T-Mobile", "moved over to giffgaff") (``provider:phone``, as "my phone carrier is AT&T" reads in
  ``slots_life``); a network is one of ``CARRIERS``, so "a new phone case" fills nothing;
- the gym one goes to by its name ("goes to the Planet Fitness on Elm Street", "my gym is PureGym") and one joined
  ("joined the climbing gym near work", "signed up at Anytime Fitness") (``gym``, as ``slots_life`` reads "switched
  gyms, at Equinox now");
- who lives at home: "it's just me and my husband at home" (``household:others`` no) / "my mum moved in with us",
  "my father-in-law lives with us now" (``household:others`` yes; ``household:<kin>`` yes, so that two relatives
  moving in never meet); a stay ("staying with us for the weekend") is none;
- a team one manages, said as the duty: "I'm managing the team now", "running the night shift crew" (``job``
  manager; "covering", "while", "acting" and "this week" keep a stand-in out);
- a car traded for another: "traded in my car for a RAV4" (``car``);
- a named child's school, as ``slots_care`` reads it of "my son": "Eli goes to Lincoln Elementary" / "Eli starts
  at Maple Grove Academy" (``school``);
- a move back in with one's family in a place: "moved back in with my parents in Norwich", and a place one
  arrived in said to be home: "landed in Bangkok, this is home for the next year" (``city``);
- smoking stopped, said by the time without: "three weeks without a cigarette", "smoke-free since May"
  (``smoking`` no);
- the one hobby: "my main hobby is woodworking" / "pottery's my thing now" (``favourite:hobby``);
- rent raised by the landlord: "the landlord put it up to $1,600" (``rent``);
- a doctor one is registered with: "my GP is Dr. Okafor at …", "switched surgeries, registered with Dr Lin now"
  (``doctor``, as ``slots_routine`` reads "my dentist is dr patel");
- the level of one's class: "in the beginner Spanish class" / "in the intermediate group now" (``level:class``);
- a new employer by the first day there: "my first day at KPMG is Monday" (``employer``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.write.people import KIN_EN
from memories.write.slot_values import Slot

__all__ = ["CARRIERS", "INSURERS", "en_switches", "membership_held"]

_ME = r"^(?:i|we|the user(?:\s+and\s+others)?)\b(?!['’]s)"
_MY = r"(?:my|our|the user's|the user and others')"
_ADV = r"(?:\s+(?:now|just|finally|recently|officially|also|still|currently|have|has|had|'ve|got|been))*"
_BE = r"(?:\s+(?:is|am|are|'m|'re|was|were))?"
_NOT = re.compile(r"(?i)\b(?:not|never|no longer|n't|didn't|don't|won't|haven't|hasn't|isn't|aren't)\b")

#: Mobile networks by name (US, UK, Ireland, Canada, Australia, and the virtual ones that sell plans).
CARRIERS = (r"verizon|at&t|at\s*and\s*t|t-mobile|tmobile|sprint|us\s+cellular|cricket(?:\s+wireless)?|"
            r"mint\s+mobile|visible|google\s+fi|metro(?:\s+by\s+t-mobile|pcs)|boost(?:\s+mobile)?|straight\s+talk|"
            r"tracfone|xfinity\s+mobile|spectrum\s+mobile|consumer\s+cellular|us\s+mobile|ting|"
            r"vodafone|ee|o2|three|giffgaff|tesco\s+mobile|sky\s+mobile|lebara|lycamobile|voxi|id\s+mobile|smarty|"
            r"bt\s+mobile|virgin\s+mobile|eir|rogers|bell|telus|fido|koodo|freedom\s+mobile|telstra|optus|"
            r"vodafone\s+au|amaysim|boost")
# Upper-case words a network is written in ("Three", "EE", "Bell", "Visible"): they are other words in lower case.
_CAP_ONLY = frozenset({"three", "ee", "bell", "visible", "ting", "boost", "smarty", "freedom mobile", "eir"})
_CARRIER = rf"(?P<c>(?i:{CARRIERS}))(?![\w&-])"
_ON_CARRIER = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?(?:on|with|using)\s+{_CARRIER}")
_TO_CARRIER = re.compile(rf"(?i)\b(?:ported|porting|port|switched|switching|moved|moving|changed|went|gone|"
                         rf"transferred|jumped|signed\s+up)(?:\s+(?!to\b|with\b)[\w'’&]+){{0,4}}?\s+(?:over\s+|across\s+)?"
                         rf"(?:to|with)\s+{_CARRIER}(?!\s+(?-i:[A-Z]))")
_CARRIER_CUSTOMER = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:an?\s+)?{_CARRIER}\s+(?:customer|subscriber|user)\b")
_CARRIER_IS = re.compile(rf"(?i){_MY}\s+(?:new\s+)?(?:(?:phone|mobile|cell)\s+)?(?:carrier|network|provider)\s+"
                         rf"(?:is|'s)\s+(?:now\s+)?{_CARRIER}")

#: Health insurers by name (US, UK, Canada, Australia, Ireland), and the public plans.
INSURERS = (r"blue\s+cross(?:\s+(?:and\s+|&\s+)?blue\s+shield)?|blue\s+shield|bcbs|kaiser(?:\s+permanente)?|aetna|"
            r"cigna|united\s*health(?:care)?|uhc|humana|anthem|oscar(?:\s+health)?|ambetter|molina|medicare|medicaid|"
            r"medi-cal|tricare|highmark|premera|regence|geisinger|harvard\s+pilgrim|tufts|emblem\s*health|wellcare|"
            r"carefirst|caresource|bupa|axa(?:\s+health)?|vitality(?:health)?|aviva|wpa|sun\s+life|manulife|"
            r"green\s+shield|medibank|hcf|nib|laya(?:\s+healthcare)?|irish\s+life(?:\s+health)?|vhi|centene|"
            r"health\s*net|florida\s+blue|obamacare|allianz|techniker|aok|a\s+marketplace\s+plan")
_INSURER = rf"(?P<c>(?i:{INSURERS}))(?![\w&-])"
_INSURANCE_IS = re.compile(rf"(?i){_MY}\s+(?:new\s+)?(?:(?:health|medical|dental)\s+)?(?:insurance|insurer|"
                           rf"coverage|plan|cover)\s+(?:is|'s)\s+(?:now\s+)?(?:with\s+|through\s+)?{_INSURER}")
_ON_INSURER = re.compile(rf"(?i){_ME}{_ADV}(?:{_BE}|\s*['’](?:m|re))\s+(?:now\s+)?(?:on|with|have|has|got|"
                         rf"insured\s+(?:by|with|through)|covered\s+(?:by|through)|enrolled\s+in)\s+{_INSURER}(?=\s+(?:insurance|health|through|now|via|plan|"
                         rf"for|from|since|at|with|because|after|as|and|but)\b|\s*[.,;!]|$)")
_TO_INSURER = re.compile(rf"(?i)\b(?:switched|switching|moved|changed|went|transferred|signed\s+up|enrolled)"
                         rf"(?:\s+(?:our|my|the user's|the|health|medical|dental|family|insurance|plans?|over|"
                         rf"across|coverage)){{0,4}}\s+"
                         rf"(?:to|with|in)\s+{_INSURER}(?!\s+(?-i:[A-Z]))")
_GYM_NAME = (r"(?P<v>(?-i:[A-Z][\w'’&\-]*(?:\s+[A-Z0-9][\w'’&\-]*){0,2}\s*)?(?i:gym|fitness|crossfit|athletic\s+club|"
             r"health\s+club|leisure\s+centre|leisure\s+center|ymca|equinox|orangetheory|f45|crunch|puregym|"
             r"life\s*time|david\s+lloyd|virgin\s+active|nuffield\s+health|gym\s+group|barry's|blink|climbing\s+wall"
             r"|bouldering\s+(?:gym|wall|centre|center))(?:\s+(?-i:[A-Z][\w'’\-]*))?)")
_GOES_GYM = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:go|goes|going)\s+to|(?:works?|working)\s+out\s+at|trains?\s+at|"
                       r"lifts?\s+at)\s+(?:the\s+)?(?-i:(?P<v>[A-Z][\w'’&\-]*"
                       r"(?:\s+[A-Z0-9][\w'’&\-]*){0,2}))\s+(?=on\s|in\s|at\s|by\s|near\s|most\s|every\s|\d|three\s|"
                       r"before\s|after\s|"
                       r"twice\s|[.,]|$)")
_MY_GYM = re.compile(rf"(?i)^{_MY}\s+(?:new\s+|usual\s+|local\s+)?gym\s+(?:is|'s)\s+(?:now\s+)?(?:the\s+)?"
                     r"(?-i:(?P<v>[A-Z][\w'’&\-]*(?:\s+[A-Z0-9][\w'’&\-]*){0,2}))")
_JOINED_GYM = re.compile(rf"(?i)\b(?:joined|signed\s+up\s+(?:at|with|for)|got\s+a\s+membership\s+at|started\s+going\s+"
                         rf"to|switched\s+to|moved\s+to)\s+(?:the\s+|a\s+|an\s+)?(?:(?P<kind>[a-z]+)\s+gym\b"
                         rf"(?:\s+(?P<where>(?:near|by|next\s+to|on|at|in)\s+[\w'’ ]{{2,30}}?)"
                         rf"(?=\s+instead\b|[.,;]|$))?"
                         rf"|{_GYM_NAME})")

_KIN = r"(?P<kin>[a-z]+(?:[\s-]+in[\s-]+law)?)"
_JUST_US = re.compile(rf"(?i)^(?:[a-z]+,?\s+)?(?:it's\s+|it\s+is\s+)?(?:just|only)\s+(?:me|the user)\s+and\s+{_MY}\s+"
                      rf"{_KIN}"
                      r"(?:,?\s+[\w']+){0,4}?,?\s+(?:at\s+home|in\s+the\s+(?:house|flat|apartment)|living\s+"
                      r"(?:here|together|in)|under\s+one\s+roof)\b")
_LIVE_ALONE_WITH = re.compile(rf"(?i){_ME}{_ADV}\s+(?:only\s+)?live\s+(?:just\s+|only\s+)with\s+{_MY}\s+{_KIN}"
                              r"(?:\s*,)?\s+(?:just\s+(?:the\s+)?(?:two|three)\s+of\s+(?:us|them)|nobody\s+else)")
_MOVED_IN = (re.compile(rf"(?i)^{_MY}\s+{_KIN}(?:\s+\(?[A-Z][a-z]+\)?)?\s+(?:has\s+|just\s+|finally\s+|officially\s+)*"
                        r"(?:moved|moving|is\s+moving|came\s+to\s+live)\s+in\s+with\s+(?:us|me|the\s+user(?:\s+and\s+"
                        r"others)?)\b"),
             re.compile(rf"(?i)^{_MY}\s+{_KIN}\s+(?:now\s+)?(?:lives|is\s+living)\s+with\s+(?:us|me|the\s+user(?:\s+and"
                        r"\s+others)?)\s+now\b"))

_MANAGING = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?(?:managing|leading|running|heading(?:\s+up)?|"
                       rf"in\s+charge\s+of)\s+(?:the|a|my|our|the user's|its)\s+(?:[\w\-]+\s+){{0,2}}?"
                       r"(?:team|department|dept|group|crew|unit|division|squad|store|branch|office|ward|kitchen)\b(?!\s+(?:meeting|lunch|trip|call))")
_STAND_IN = re.compile(r"(?i)\b(?:while|until|till|covering|cover|acting|interim|temporarily|for\s+now|this\s+week|"
                       r"for\s+the\s+(?:week|day|month)|on\s+leave|until)\b")

_TRADED = re.compile(rf"(?i)\b(?:traded|trading|swapped|part[- ]exchanged|exchanged)\s+(?:in\s+)?(?:{_MY}|the|our)\s+"
                     r"(?:old\s+)?[\w\-]+(?:\s+[\w\-]+)?\s+(?:in\s+)?for\s+(?:a|an|the)\s+(?:new\s+|used\s+|\d{4}\s+)?"
                     r"(?P<v>(?-i:[A-Z][\w\-]*(?:\s+[A-Z0-9][\w\-]*){0,2}))")

_SCHOOLS = (r"(?P<s>(?-i:(?:[A-Z][\w'’\-]*\s+){1,3}(?:Primary|Secondary|Academy|High|School|College|Nursery|Elementary|"
            r"Middle|Montessori|Prep|Grammar|Infants|Juniors)(?:\s+[Ss]chool)?))")
_NAMED_SCHOOL = re.compile(rf"^(?P<name>(?-i:[A-Z][a-z]+))(?:\s+\([^)]*\))?\s+(?i:(?:now\s+|just\s+)?(?:goes|"
                           rf"is\s+going|"
                           rf"attends|starts|is\s+starting|started|has\s+started|moved|is\s+moving|switched|changed)\s+"
                           rf"(?:schools?\s+)?(?:to|at|over\s+to)?\s*(?:the\s+)?){_SCHOOLS}")

_BACK_HOME = re.compile(rf"(?i){_ME}{_ADV}\s+(?:moved|moving|went|gone)\s+back\s+(?:in\s+)?(?:home\s+)?(?:with|to)\s+"
                        rf"{_MY}\s+(?:parents|folks|mum|mom|dad|mother|father|family|grandparents)(?:'\s*place|'s)?\s+"
                        r"in\s+(?P<v>(?-i:[A-Z][\w'’\-]*(?:\s+[A-Z][\w'’\-]*){0,2}))")

_HOME_NOW = re.compile(r"(?i)\b(?:landed|arrived|settled|moved|relocated)\s+(?:in|to)\s+(?P<v>(?-i:[A-Z][\w'’\-]*"
                       r"(?:\s+[A-Z][\w'’\-]*){0,2}))\b[^.;!?]{0,40}?[,;]\s*(?:this|it|that)(?:'s|\s+is)\s+(?:now\s+)?"
                       r"(?:my\s+|our\s+|the user's\s+)?home\b")

_SMOKE_FREE = re.compile(r"(?i)\b(?:(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several)\s+"
                         r"(?:days?|weeks?|months?|years?)\s+(?:without|off)\s+(?:a\s+)?(?:cigarettes?|smokes?|cigs?|"
                         r"ciggies?|smoking|vaping|nicotine)|(?:smoke|nicotine)[- ]free\s+(?:for|since)\b)")

_HOBBY = re.compile(rf"(?i)^{_MY}\s+(?:main|favou?rite|big|only|new)\s+hobby\s+(?:is|'s)\s+(?:now\s+)?"
                    r"(?P<v>[a-z][a-z\-]+(?:\s+[a-z\-]+)?)(?=\s*[.,;!]|\s*$|\s+now\b)")
_MY_THING = re.compile(rf"(?i)^(?:.*[,;]\s+)?(?P<v>[a-z][a-z\-]+)(?:'s|\s+is)\s+{_MY}\s+(?:new\s+)?(?:thing|hobby|"
                       r"passion)\s+now\b")

_RENT_UP = re.compile(r"(?i)\b(?:landlord|landlady|letting\s+agent|agency)\b[^.;!?]{0,30}?\b(?:put|puts|putting|"
                      r"bumped|bumping|raised|raising|increased|increasing|hiked|jacked)\s+(?:it|the\s+rent|our\s+rent|"
                      r"my\s+rent|the user's\s+rent)?\s*(?:up\s+)?to\s+[$£€]?\s*(?P<v>\d{1,2},?\d{3}|\d{3,4})\b")

_DOCTOR_IS = re.compile(rf"(?i)^{_MY}\s+(?:new\s+)?(?:gp|doctor|family\s+doctor|physician)\s+(?:is|'s)\s+(?:now\s+)?"
                        r"(?:dr\.?|doctor)\s+(?P<v>(?-i:[A-Z][\w'’\-]+))")
_REGISTERED = re.compile(r"(?i)\b(?:registered\s+with|seeing|see|signed\s+up\s+with|assigned\s+to)\s+"
                         r"(?:dr\.?|doctor)\s+"
                         r"(?P<v>(?-i:[A-Z][\w'’\-]+))")
_SWITCHED_DOCTOR = re.compile(r"(?i)\b(?:switched|changed|moved|new)\s+(?:gps?|doctors?|surger(?:y|ies)|practices?|"
                              r"clinics?|gp\s+practices?)\b")

_LEVEL = re.compile(rf"(?i){_ME}{_ADV}{_BE}\s+(?:now\s+)?(?:in|into|up\s+to|moved\s+up\s+to|bumped\s+up\s+to|taking|"
                    r"doing|joined)\s+(?:the|a|an|my)\s+(?P<v>beginners?|elementary|pre-intermediate|intermediate|"
                    r"upper[- ]intermediate|advanced|[abc][12])\s+(?:[A-Z][a-z]+\s+|[a-z]+\s+)?(?:class|group|course|"
                    r"level|set|lessons?)\b")

_FIRST_DAY = re.compile(rf"(?i)(?:\b{_MY}\s+|^)first\s+(?:day|week|shift)\s+at\s+"
                        r"(?P<v>(?-i:[A-Z][\w&.\-]*(?:\s+[A-Z][\w&.\-]*){0,2}))(?:['’]s)?"
                        r"(?:\s+[a-z]+){0,2}?\s+(?:is|was|will\s+be|on|went)\b")


def en_switches(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    sentence = sentence.strip()
    found = _carrier(sentence, speaker) + _insurer(sentence, speaker) + _gym(sentence, speaker)
    found += _household(sentence, speaker)
    if (lead := _MANAGING.search(sentence)) and not _STAND_IN.search(sentence) and not _NOT.search(lead.group()):
        found.append(Slot(speaker, "job", "manager"))
    if car := _TRADED.search(sentence):
        found.append(Slot(speaker, "car", " ".join(car.group("v").casefold().split())))
    if school := _NAMED_SCHOOL.match(sentence):
        value = re.sub(r"\s+school$", "", " ".join(school.group("s").casefold().replace("’", "'").split()))
        found.append(Slot(school.group("name").casefold(), "school", value))
    if home := _BACK_HOME.search(sentence) or _HOME_NOW.search(sentence):
        found.append(Slot(speaker, "city", " ".join(home.group("v").casefold().split())))
    if _SMOKE_FREE.search(sentence):
        found.append(Slot(speaker, "smoking", "no"))
    if hobby := _HOBBY.match(sentence) or _MY_THING.match(sentence):
        found.append(Slot(speaker, "favourite:hobby", hobby.group("v").casefold()))
    if rent := _RENT_UP.search(sentence):
        found.append(Slot(speaker, "rent", rent.group("v").replace(",", "")))
    found += _doctor(sentence, speaker)
    if level := _LEVEL.search(sentence):
        found.append(Slot(speaker, "level:class", level.group("v").casefold().rstrip("s").replace(" ", "-")))
    if day := _FIRST_DAY.search(sentence):
        found.append(Slot(speaker, "employer", day.group("v").casefold().rstrip(".")))
    return found


def membership_held(new: list[Slot]) -> Callable[[Slot], bool]:
    """A membership ended holds the gym of that name and going to one (``slots.covers``): "cancelled PureGym" ends
    "my gym is PureGym" as a whole."""
    ended = {(n.subject, n.attribute[7:]) for n in new if n.attribute.startswith("member:") and n.value == "no"}
    gyms = {subject for subject, _ in ended}
    return lambda o: (o.attribute == "gym" and (o.subject, o.value) in ended) or \
        (o.attribute == "habit:gym" and o.subject in gyms)


def _carrier(sentence: str, speaker: str) -> list[Slot]:
    said = (_CARRIER_IS.search(sentence) or _ON_CARRIER.search(sentence) or _TO_CARRIER.search(sentence)
            or _CARRIER_CUSTOMER.search(sentence))
    if said is None or _NOT.search(sentence[:said.start("c")]):
        return []
    name = " ".join(said.group("c").casefold().split())
    if name in _CAP_ONLY and said.group("c")[:1].islower():
        return []  # "with three kids", "on bell ringing duty"
    name = {"tmobile": "t-mobile", "at and t": "at&t", "metropcs": "metro"}.get(name.replace("&", "&"), name)
    return [Slot(speaker, "provider:phone", name)]


def _insurer(sentence: str, speaker: str) -> list[Slot]:
    said = _INSURANCE_IS.search(sentence) or _ON_INSURER.search(sentence) or _TO_INSURER.search(sentence)
    if said is None or _NOT.search(sentence[:said.start("c")]):
        return []
    name = " ".join(said.group("c").casefold().split())
    return [Slot(speaker, "provider:insurance", re.sub(r"\s+(?:permanente|health|healthcare)$", "", name))]


def _gym(sentence: str, speaker: str) -> list[Slot]:
    said = _MY_GYM.search(sentence) or _JOINED_GYM.search(sentence)
    if said is None and (goes := _GOES_GYM.search(sentence)) and re.search(_GYM_NAME, goes.group("v")):
        said = goes
    if said is None or _NOT.search(sentence[:said.start()]):
        return []
    if said.groupdict().get("kind"):  # "joined the climbing gym near work"
        value = " ".join(filter(None, (said.group("kind"), "gym", said.group("where"))))
    else:
        value = said.group("v")
    value = " ".join(value.casefold().replace("’", "'").split())
    return [Slot(speaker, "gym", value), Slot(speaker, "habit:gym", "yes")]


_PEOPLE = frozenset({"kids", "children", "parents", "boys", "girls", "daughters", "sons", "twins", "grandparents",
                     "in-laws", "folks", "family"})


def _kin(said: str) -> str:
    said = " ".join(said.casefold().split())
    kin = KIN_EN.get(said) or KIN_EN.get(re.sub(r"\s+", "-", said))
    return kin or (said if said in _PEOPLE else "")


def _household(sentence: str, speaker: str) -> list[Slot]:
    if just := _JUST_US.match(sentence) or _LIVE_ALONE_WITH.search(sentence):
        return [Slot(speaker, "household:others", "no")] if _kin(just.group("kin")) else []
    moved = next((m for p in _MOVED_IN if (m := p.search(sentence))), None)
    if moved is None or _NOT.search(sentence) or not (kin := _kin(moved.group("kin"))):
        return []
    return [Slot(speaker, "household:others", "yes"), Slot(speaker, f"household:{kin}", "yes")]


def _doctor(sentence: str, speaker: str) -> list[Slot]:
    said = _DOCTOR_IS.match(sentence)
    if said is None and (registered := _REGISTERED.search(sentence)):  # "seeing Dr Lin" alone is a visit
        said = registered if _SWITCHED_DOCTOR.search(sentence) or registered.group().casefold().startswith(
            "registered") else None
    return [Slot(speaker, "doctor", said.group("v").casefold())] if said else []
