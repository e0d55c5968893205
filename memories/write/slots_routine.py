"""English slots of everyday life read beside the others (``memories.write.slots_en``): each adds a slot the
first reader did not fill, so that a change said in passing meets what it changes.

- the weekday of something weekly said with the speaker's verb, or moved: "i go to the gym on mondays" /
  "moved my gym sessions to thursdays", "the five-a-side moved to sunday mornings", "my badminton night is
  wednesday" (also ``habit:badminton``) (``event:<thing>|weekday``,
  as ``slots_amounts`` reads "the piano lesson is on Tuesdays now"); a list of days is ``slots_daily``'s;
- how one gets to work (``commute``: train, bus, car, bike, foot …): "my commute is by train", "cycle to work",
  "started driving to work since the strikes";
- what one plays, kept up or given up (``habit:<thing>``): "my son plays the trumpet" / "gave up the trumpet",
  "stopped playing tennis"; something given up said with its thing inside: "cut coffee out completely";
- a person by their role, named in lower case as texts are typed: "my manager is steve", "my new boss is
  called fatima", "my dentist is dr patel" / "switched dentists, seeing dr o'brien now" (``<role>``);
- the phone one has, said of the phone: "my phone is an iphone 12" (``device:phone``, as ``slots_daily``);
- a pay said as what one is on: "got a pay rise, on 38k now" (``salary``);
- an event's date as moved by someone: "we've had to push the wedding back to 18 september" (``date``);
- a race or event one is in, then out of: "training for the london marathon" / "had to pull out of the marathon"
  (``plan`` planned → cancelled, as ``slots_plans`` reads "we cancelled the trip");
- a diet said after the change that led to it: "started eating fish again, so pescatarian now" (``diet``);
- what one studies: "i'm studying law at york" / "dropped law, switched to history" (``study:major``);
- the hours one sleeps: "i sleep about 6 hours a night" / "getting a solid 8 hours of sleep" (``sleep``);
- drinking alcohol said by the drink: "my go-to drink is a pint of lager", "has 3 beers every friday"
  (``habit:alcohol`` yes, so that "gone teetotal" / "quit alcohol" meets it).

Beside them, ``slots_care``: what one takes for a condition (``treats:<condition>``), a child's ``school`` and the
``study:year`` of a course.

Not read: what used to be, what might be ("if i ever …", "might", "would"), a question.
"""

from __future__ import annotations

import re

from memories.write.people import KIN_EN
from memories.write.slot_values import DATE_EN, DIETS_EN, EVENTS_EN, Slot, date_value
from memories.write.slots_care import en_care
from memories.write.slots_daily import _PHONES_EN, _WHO_EN
from memories.write.slots_plans import _event_en as plan_event
from memories.write.slots_restated import en_restated
from memories.write.slots_status import en_status
from memories.write.slots_turns import en_turns
from memories.write.slots_using import en_using

__all__ = ["en_routine"]

_HEDGED = re.compile(r"(?i)\bused to\b|\bif\b|\bwould\b|\bmight\b|\bmaybe\b|\bthinking (?:about|of)\b|\bwants? to\b|"
                     r"\bgonna\b|(?<!been )\bgoing to\b|\bplanning\b"
                     r"|\bback (?:in(?!\s+(?:the\s+)?office|\s+with\b)|then)\b"
                     r"|\bago\b")
_SELF = r"(?:i|we|the user(?:\s+and\s+others)?)"
_ME = r"^(?:i|the user)\b(?!['’]s)"  # the speaker, not one of theirs ("the user's wife …")
_ADV = r"(?:\s+(?:now|currently|still|usually|normally|always|just|also|have|has|'ve|had|to|finally|recently))*"
_DAY = r"(?P<day>mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?"
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NOT_MORE_DAYS = r"(?!\s*(?:,|and\b|&|/|\+|or\b))"
_THING = r"(?P<thing>[a-z][\w\-]*(?:\s+(?!on\b|to\b|every\b|at\b|in\b)[a-z][\w\-]*){0,2}?)"
_WEEKLY_PARTS = r"(?:\s+(?:sessions?|class(?:es)?|lessons?|practice|training|nights?|days?|games?|matche?s?))?"
# "i go to the gym on mondays", "we have book club on tuesdays", "my son plays football on saturdays"
_ON_DAY = re.compile(rf"(?i){_WHO_EN}{_ADV}\s+(?:go\s+to|goes\s+to|have|has|play|plays|do|does|attend|attends|"
                     rf"take|takes|hit|hits|run|runs|teach|teaches)\s+(?:the\s+|my\s+|our\s+|a\s+)?{_THING}"
                     rf"{_WEEKLY_PARTS}\s+(?:on\s+|every\s+){_DAY}\b{_NOT_MORE_DAYS}")
# "moved my gym sessions to thursdays", "the five-a-side moved to sunday mornings", "book club got moved to wed"
_MOVED_DAY = (re.compile(rf"(?i)\b(?:moved|switched|changed|shifted)\s+(?:my|our|the|the user's)\s+{_THING}"
                         rf"{_WEEKLY_PARTS}\s+to\s+(?:on\s+)?{_DAY}\b{_NOT_MORE_DAYS}"),
              re.compile(rf"(?i)^(?:the\s+user's\s+|the\s+|my\s+|our\s+)?{_THING}{_WEEKLY_PARTS}\s+(?:has\s+|"
                         rf"have\s+)?(?:got\s+|been\s+|was\s+|is\s+)?(?:moved|switched|changed|shifted)\s+to\s+(?:on\s+)?{_DAY}\b"
                         rf"{_NOT_MORE_DAYS}"))
# "my badminton night is wednesday", "our book club day is now thursdays": a weekly day, and a thing one does
_OWN_DAY = re.compile(rf"(?i)^(?:the\s+user's\s+|my\s+|our\s+){_THING}\s+(?:night|day|evening|morning|session|"
                      rf"class|lesson|practice)s?\s+(?:is|are)\s+(?:now\s+)?(?:on\s+)?{_DAY}\b{_NOT_MORE_DAYS}")

_MODES = {"train": "train", "trains": "train", "tube": "tube", "underground": "tube", "subway": "subway",
          "metro": "metro", "bus": "bus", "buses": "bus", "tram": "tram", "ferry": "ferry", "car": "car",
          "drive": "car", "drives": "car", "driving": "car", "cycle": "bike", "cycles": "bike", "cycling": "bike",
          "bike": "bike", "bikes": "bike", "biking": "bike", "walk": "foot", "walks": "foot", "walking": "foot",
          "foot": "foot", "scooter": "scooter", "motorbike": "motorbike"}
_MODE = "(?P<mode>" + "|".join(sorted(_MODES, key=len, reverse=True)) + ")"
_WORKPLACE = r"(?:work|the office|the hospital|school|uni|college|my job|the user's job)"
_COMMUTE = (re.compile(rf"(?i)\b(?:commute|journey to work)\s+(?:is|'s)\s+(?:now\s+)?(?:by|on)\s+(?:the\s+)?"
                       rf"{_MODE}\b"),
            re.compile(rf"(?i){_WHO_EN}{_ADV}\s+(?:started\s+|start\s+|now\s+)?{_MODE}\s+(?:in\s+)?to\s+{_WORKPLACE}"),
            re.compile(rf"(?i){_WHO_EN}{_ADV}\s+(?:commute|commutes|commuting|get\s+to\s+work|gets\s+to\s+work|go\s+to\s+work"
                       rf"|goes\s+to\s+work)(?:\s+(?:in\s+)?to\s+(?:work|the\s+office))?\s+(?:by|on)\s+(?:the\s+|a\s+|my\s+)?{_MODE}\b"),
            re.compile(rf"(?i){_WHO_EN}{_ADV}\s+(?:started\s+)?(?:taking|take|takes|get|gets|getting|catch|catches|"
                       rf"ride|rides)\s+(?:the\s+|a\s+)?{_MODE}\s+(?:in\s+)?to\s+{_WORKPLACE}"))

_PLAYED = re.compile(rf"(?i){_WHO_EN}{_ADV}\s+(?P<verb>plays?|playing|took up|taken up|takes up|started playing|"
                     r"gave up|given up|giving up|stopped playing|quit playing|no longer plays?|doesn't play|"
                     r"don't play|does not play|do not play)\s+(?:the\s+)?(?P<thing>(?!with\b|it\b|a\b|an\b|"
                     r"on\b|games?\b|around\b|along\b)[a-z][\w\-]*)\b")
_NO_VERBS = ("gave", "given", "giving", "stopped", "quit", "no", "doesn't", "don't", "does", "do")
_CUT_OUT = re.compile(r"(?i)(?:^(?:i|the user)(?:\s+(?:have|has|just|finally|completely))*|,)\s+"
                      r"(?:cut|kicked|knocked)\s+(?P<out>out\s+)?(?P<thing>coffee|tea|sugar|alcohol|booze|caffeine|"
                      r"dairy|gluten|meat|beer|wine|chocolate|carbs|bread|crisps|chips|sweets|candy|snacks|desserts|"
                      r"cheese|soda|pop|juice|fizzy drinks|energy drinks|sugary drinks|fast food|junk food|fried food|"
                      r"red meat|processed food)(?(out)\b|\s+(?:out|completely|entirely|for good)\b)")
# "softball's done for me", "climbing is over for the user": an activity given up
_DONE_FOR = re.compile(r"(?i)^(?P<thing>[a-z][\w\-]+)(?:'s|\s+is)\s+(?:(?:pretty\s+much|basically|officially)\s+)?"
                       r"(?:done|over|finished)\s+for\s+(?:me|the user)\b")
# "plays in a Thursday softball league", "bowls in a Tuesday night bowling league": the game of the league
_PLAYS_IN = re.compile(rf"(?i){_WHO_EN}{_ADV}\s+(?:plays?|playing|bowls?|bowling)\s+(?:in|on|for)\s+(?:a|an|the|my|our|"
                       r"the user's)\s+(?:[\w\-]+\s+){0,2}?(?P<thing>[a-z][\w\-]*)\s+(?:league|team)\b")

_ROLES = r"boss|manager|dentist|doctor|gp|therapist|landlord|landlady|tutor|trainer|coach|accountant|vet|line manager" \
    r"|boyfriend|girlfriend|husband|wife|partner"
_NOT_NAMES = frozenset({"great", "nice", "awful", "terrible", "lovely", "away", "off", "sick", "ill", "good", "bad",
                        "strict", "mad", "crazy", "fine", "ok", "okay", "busy", "back", "late", "out", "in", "on",
                        "here", "there", "new", "so", "very", "really", "super", "such", "not", "also", "still",
                        "now", "always", "never", "a", "an", "the", "my", "your", "leaving", "retiring", "brilliant",
                        "amazing", "horrible", "kind", "mean", "rude", "cool", "young", "old", "gone", "useless",
                        "nuts", "lazy", "fair", "weird", "nowhere", "annoying", "pregnant", "right", "wrong", "happy",
                        "sad", "angry", "tired", "female", "male", "german", "french", "english", "american",
                        "near", "at", "by", "from", "with", "based", "down", "up", "over", "quite", "pretty", "too",
                        "literally", "honestly", "actually", "part", "one", "some", "no", "being", "getting", "home",
                        "asleep", "awake", "tall", "short", "sweet", "vegan", "vegetarian", "british",
                        "chinese", "spanish", "italian", "japanese", "indian", "irish", "scottish", "welsh"})
_ROLE_NAMED = re.compile(rf"(?i)^(?:my|the user's|our)\s+(?:new\s+|current\s+)?(?P<role>{_ROLES})(?:'s name)?\s+"
                         r"(?:is|'s)\s+(?:now\s+)?(?:(?P<called>called|named)\s+)?(?P<title>(?:dr|mr|mrs|ms|miss)\.?\s+)?"
                         r"(?P<value>[a-z][a-z'\-]+(?:\s+[a-z][a-z'\-]+)?)\s*(?:now)?\s*[.!]*$")
_ROLE_SWITCHED = re.compile(rf"(?i){_ME}[^.;!?]{{0,30}}?\b(?:switched|changed|new)\s+(?P<role>{_ROLES})s?\b"
                            r".*?\b(?:seeing|sees|see|with|going to|registered with)\s+(?P<title>dr|mr|mrs|ms)\.?\s+"
                            r"(?P<value>[a-z][a-z'\-]+)")
_PHONE_IS = re.compile(rf"(?i)^(?:my|the user's)\s+(?:new\s+)?phone\s+(?:is|'s)\s+(?:now\s+)?(?:an?\s+|the\s+)?"
                       rf"(?:new\s+)?(?P<value>(?:{_PHONES_EN})(?:\s+(?!now\b|and\b|but\b)[\w+\-]+){{0,2}})")
_ON_PAY = re.compile(rf"(?i){_ME}[^.;!?]{{0,30}}?\b(?:pay rise|payrise|raise|promotion|promoted)\b[^.;!?]{{0,30}}?"
                     r"\b(?:on|to)\s+£?\$?€?"
                     r"(?P<value>\d{2,3})\s*k\b|^(?:i|the user)(?:\s+(?:am|is|'m))?\s+(?:now\s+)?on\s+£?\$?€?"
                     r"(?P<value2>\d{2,3})\s*k\b(?:\s+(?:now|a year|per year|per annum))")
_MOVED_DATE = re.compile(rf"(?i)\b(?:push|pushed|pushing|move|moved|moving|postpone|postponed|reschedule|rescheduled|"
                         rf"bring|brought|shift|shifted)\s+(?:the|our|my|the user's)\s+"
                         r"(?P<event>[\w'\-]+(?:\s+(?!back\b|forward\b)[\w'\-]+)?)"
                         rf"\s+(?:back\s+|forward\s+)?(?:to|till|until)\s+(?P<value>{DATE_EN})")


def en_routine(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (see the module's docstring), else []."""
    sentence = re.sub(r"(?i)^(?:i['’]m|im)\b", "i am", sentence.strip())
    if sentence.endswith("?"):
        return []
    if _HEDGED.search(sentence):  # the readers of slots_using are held to their verb ("sprint planning is at 11")
        return en_using(sentence, speaker) if not re.search(r"(?i)\bused to\b|\bif\b|\bago\b", sentence) else []
    found: list[Slot] = en_using(sentence, speaker)
    for read in (_weekday, _commute, _played, _role, _phone, _pay, _moved_date, _entered, _diet, _study, _sleep,
                 _alcohol, en_turns, en_care, en_status, en_restated):
        found += read(sentence, speaker)
    return found


def _who(said: re.Match[str], speaker: str) -> str:
    kin = said.groupdict().get("kin")
    return f"~{KIN_EN[kin.casefold()]}" if kin else speaker


def _weekday(sentence: str, speaker: str) -> list[Slot]:
    if re.search(r"(?i)\b(?:also|too|as well|another|extra)\b", sentence):
        return []  # one more day, not another: "also go to the gym on fridays"
    said = _ON_DAY.match(sentence)
    if said and not re.search(r"(?i)(?:day|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s$|\bevery\b", said.group()):
        said = None  # one Monday is an appointment, not a weekly day ("a meeting on monday")
    moved = None if said else next((m for pattern in _MOVED_DAY if (m := pattern.search(sentence))), None)
    own = None if said or moved else _OWN_DAY.match(sentence)
    said = said or moved or own
    if said is None:
        return []
    thing = re.sub(r"(?<=ss)es$|(?<![sui])s$", "", said.group("thing").casefold().strip())  # not "tennis"
    day = next(d for d in _DAYS if d.startswith(said.group("day").casefold()[:3]))
    kin = said.groupdict().get("kin")  # the speaker's own is the event's plain name: "event:gym"
    owner = f"{_who(said, speaker)}'s " if kin and not moved else ""
    done = [Slot(speaker, f"habit:{thing}", "yes")] if own else []  # "my badminton night": one plays badminton
    return [Slot(f"event:{owner}{thing}", "weekday", day), *done]


def _commute(sentence: str, speaker: str) -> list[Slot]:
    said = next((m for pattern in _COMMUTE if (m := pattern.search(sentence))), None)
    if said is None or re.search(r"(?i)\b(?:stopped|quit|no longer|don't|doesn't|can't|not)\b", sentence):
        return []
    return [Slot(_who(said, speaker), "commute", _MODES[said.group("mode").casefold()])]


def _played(sentence: str, speaker: str) -> list[Slot]:
    if cut := _CUT_OUT.match(sentence):
        thing = cut.group("thing").casefold()
        return [Slot(speaker, f"habit:{'alcohol' if thing == 'booze' else thing}", "no")]
    if (done := _DONE_FOR.match(sentence)) and done.group("thing").casefold() not in ("it", "that", "this", "today"):
        return [Slot(speaker, f"habit:{done.group('thing').casefold()}", "no")]
    if said := _PLAYS_IN.match(sentence):
        return [Slot(_who(said, speaker), f"habit:{said.group('thing').casefold()}", "yes")]
    found = []
    for said in _PLAYED.finditer(sentence):
        value = "no" if said.group("verb").split()[0].casefold() in _NO_VERBS else "yes"
        found.append(Slot(_who(said, speaker), f"habit:{said.group('thing').casefold()}", value))
        if said.start() == 0:
            break
    return found[:1]


def _role(sentence: str, speaker: str) -> list[Slot]:
    said = _ROLE_NAMED.match(sentence)
    if said and not said.group("called") and not said.group("title") and said.group("value").split()[0].casefold() \
            in _NOT_NAMES | {"called", "named"} | set(_MODES):
        return []
    if said and re.search(r"(?i)(?:ing|ed|ly|ful|ous|ive|ible|able|ic|al)$", said.group("value").split()[0]) \
            and not said.group("called") and not said.group("title"):
        return []
    said = said or _ROLE_SWITCHED.search(sentence)
    if said is None:
        return []
    role = said.group("role").casefold().replace("line manager", "manager").replace("gp", "doctor")
    role = "boss" if role in ("manager", "supervisor") else role  # one's manager is one's boss (``slots_en``)
    return [Slot(speaker, KIN_EN.get(role, role), said.group("value").casefold())]


def _phone(sentence: str, speaker: str) -> list[Slot]:
    said = _PHONE_IS.match(sentence)
    return [Slot(speaker, "device:phone", " ".join(said.group("value").casefold().split()))] if said else []


def _pay(sentence: str, speaker: str) -> list[Slot]:
    said = _ON_PAY.search(sentence)
    if said is None:
        return []
    return [Slot(speaker, "salary", str(int(said.group("value") or said.group("value2")) * 1000))]


def _moved_date(sentence: str, speaker: str) -> list[Slot]:
    said = _MOVED_DATE.search(sentence)
    event = plan_event(said.group("event")) if said else ""
    return [Slot(event, "date", date_value(said.group("value")))] if said and event else []


_RACES = rf"(?:marathon|half marathon|half|triathlon|race|10k|5k|ironman|tournament|competition|{EVENTS_EN})"
_EVENT = rf"(?P<event>(?:[\w'\-]+\s+){{0,2}}?{_RACES})\b"
_ENTERED = re.compile(rf"(?i)^{_SELF}{_ADV}\s+(?:am\s+|is\s+|are\s+)?"
                      rf"(?:training for|signed up for|signed up to|registered for|entered|running|doing)\s+"
                      rf"(?:the|a|my|our)\s+{_EVENT}")
_WITHDREW = re.compile(rf"(?i)^{_SELF}\b(?!['’]s)[^.;!?]{{0,30}}?\b(?:pull(?:ed)?\s+out\s+of|dropp(?:ed)?\s+out\s+of|"
                       rf"withdr[ae]w\s+from|withdrawn\s+from|"
                       rf"bail(?:ed)?\s+on|no longer (?:doing|running))\s+(?:the|a|my|our)\s+{_EVENT}")


def _entered(sentence: str, speaker: str) -> list[Slot]:
    if out := _WITHDREW.search(sentence):
        event = plan_event(out.group("event"))
        return [Slot(event, attribute, "cancelled") for attribute in ("plan", "date", "place")] if event else []
    said = _ENTERED.match(sentence)
    event = plan_event(said.group("event")) if said else ""
    return [Slot(event, "plan", "planned")] if event else []


_DIET_ALT = "|".join(DIETS_EN)
_DIET_NOW = re.compile(rf"(?i){_ME}[^.;!?]*?\b(?:so|now|basically|officially)\s+(?:a\s+|an\s+|fully\s+)?"
                       rf"(?P<diet>{_DIET_ALT})\b")


def _diet(sentence: str, speaker: str) -> list[Slot]:
    said = _DIET_NOW.match(sentence)
    return [Slot(speaker, "diet", DIETS_EN[said.group("diet").casefold()])] if said else []


_MAJORS = (r"law|medicine|history|english|maths|math|mathematics|physics|chemistry|biology|economics|psychology|"
           r"philosophy|politics|sociology|nursing|engineering|computer science|architecture|geography|music|art|"
           r"french|spanish|german|business|accounting|finance|marketing|journalism|drama|classics|theology")
_STUDY = re.compile(rf"(?i)^(?:i|the user)(?:\s+(?:am|is|now|currently|also))*\s+(?:studying|study|studies|reading|"
                    rf"doing a degree in|doing|majoring in)\s+(?P<value>{_MAJORS})\b(?=\s*(?:$|[.,!]|at\b|in\b|now\b))")
_SWITCHED = re.compile(rf"(?i){_ME}[^.;!?]{{0,30}}?\b(?:switched|changed|moved|transferred)\s+(?:my\s+|the user's\s+)?"
                       rf"(?:course\s+|degree\s+|major\s+)?(?:over\s+)?(?:from\s+(?:{_MAJORS})\s+)?to\s+(?P<value>{_MAJORS})\b")

_STUDIES = re.compile(r"(?i)\b(?:dropped|quit|gave up|course|degree|major|uni|university|college|term|semester|"
                      r"(?:chem |lab |science )?labs?|lectures?|classes|modules?|credits|exams|professors?)\b")


def _study(sentence: str, speaker: str) -> list[Slot]:
    said = _STUDY.match(sentence) or (_SWITCHED.search(sentence) if _STUDIES.search(sentence) else None)
    return [Slot(speaker, "study:major", said.group("value").casefold())] if said else []


_SLEEP = re.compile(rf"(?i){_ME}[^.;!?]*?\b(?:sleep|sleeps|sleeping|getting|get|gets)\s+"
                    r"(?:about\s+|around\s+|roughly\s+|maybe\s+|only\s+|like\s+|a solid\s+|a good\s+|barely\s+)*"
                    r"(?P<value>\d{1,2}|five|six|"
                    r"seven|eight|nine|ten)\s+hours?\b(?:\s+(?:of\s+)?(?:sleep|a night|per night|every night|kip))")
_WORDS = {"five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"}


def _sleep(sentence: str, speaker: str) -> list[Slot]:
    said = _SLEEP.match(sentence)
    return [Slot(speaker, "sleep", _WORDS.get(said.group("value").casefold(), said.group("value")))] if said else []


_BOOZE = (r"beers?|lagers?|pints?|wine|wines|cider|whisk(?:e)?y|gin|vodka|rum|tequila|cocktails?|prosecco|"
          r"champagne|ales?|stouts?|bitter|sake|spirits")
_DRINKS = re.compile(rf"(?i)(?:{_ME}|^the user['’]s\s+(?=go-to|usual|drink))[^.;!?]*?\b(?:drink|drinks|drinking|have|"
                     rf"has|having|go-to drink|usual|sink|sinks|enjoy|enjoys)\b[^.;!?]{{0,25}}?\b(?:{_BOOZE})\b")


def _alcohol(sentence: str, speaker: str) -> list[Slot]:
    if re.search(r"(?i)\b(?:not|no|never|don't|doesn't|quit|stopped|gave up|off|teetotal|sober|alcohol-free|"
                 r"non-alcoholic|zero|cut)\b", sentence):
        return []
    return [Slot(speaker, "habit:alcohol", "yes")] if _DRINKS.match(sentence) else []
