"""More English slots of everyday life, read beside ``slots_routine`` (``memories.write.slots_en``), for changes
said in passing in chat turns:

- where one works from (``workplace``: home, office, hybrid): "i work from the office every day" / "these days
  i work from home", "went fully remote"; home work given up is the office ("no longer works from home");
- a language or an instrument one learns, kept up or dropped (``learning:<thing>``): "i'm learning spanish" /
  "dropped spanish and started japanese", "stopped my piano lessons"; a switch that names what was left
  ("switched from coffee to tea") ends that thing too (``habit:<thing>``);
- when one goes to bed or gets up (``bedtime``, ``waketime``, the hour as ``slots_daily`` keeps it for Chinese):
  "i go to bed around 2am" (or "around midnight") / "in bed by 10 these days", "up at 6 every day";
- a budget for a named thing (``budget:<thing>``): "my budget for the trip is £800" / "can stretch the trip
  budget to £1,200";
- how many of a thing a day or a week (``per-day:<thing>``): "i drink two coffees a day" / "down to one coffee a
  day";
- a pet's name (``~<pet>|name``): "my dog's name is rex" / "we renamed the dog to bruno";
- where a relative lives, with the speaker or elsewhere (``~<kin>|residence``): "my dad lives with us" / "dad moved
  into a care home"; living with the speaker ("dad moved in with us") is the relative's ``city`` too, so "my dad
  lives in phoenix" retires;
- seeing someone (``marital``: dating): "i'm single" / "i'm seeing someone now";
- living with a partner or alone (``lives-with:partner``, ``slots_household``): "my husband and I live in Austin" /
  "I live alone now";
- what ``slots_changes`` reads: a promotion, a job left or started by its title, an employer by the kind of
  place, how a drink is taken, a sport ruled out;
- a new favourite said after the thing ("could live on thai food, it's my favourite now": ``favourite:food``).

Not read: what used to be or might be (``slots_routine``'s hedges), a question, another person's habit.
"""

from __future__ import annotations

import re

from memories.write.people import KIN_EN
from memories.write.places import place_en
from memories.write.slot_values import Slot
from memories.write.slots_changes import en_changes
from memories.write.slots_household import en_household
from memories.write.slots_kinds import en_kinds
from memories.write.slots_life import en_life
from memories.write.slots_notes import en_notes
from memories.write.slots_papers import en_papers
from memories.write.slots_records import en_records
from memories.write.slots_switches import en_switches

__all__ = ["en_turns"]

_ME = r"^(?:i|we|the user(?:\s+and\s+others)?)\b(?!['’]s)"
_ADV = r"(?:\s+(?:now|currently|still|usually|normally|always|just|also|mostly|generally|typically|mainly|am|is|are))*"
_KIN = "|".join(sorted(map(re.escape, KIN_EN), key=len, reverse=True))
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "a couple of": 2, "a couple": 2, "half a": 0.5, "a single": 1,
          "the one": 1}

_WORKPLACE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:work|works|working)\s+(?:fully\s+|mostly\s+|entirely\s+)?"
                        r"(?P<place>from\s+home|at\s+home|remotely|from\s+the\s+office|in\s+the\s+office|in\s+office"
                        r"|on\s+site|onsite|hybrid)\b")
_REMOTE = re.compile(rf"(?i){_ME}{_ADV}\s+(?:went|gone|go|am|is|are|switched\s+to|moved\s+to)\s+(?:fully\s+)?"
                     r"(?P<place>remote|hybrid)\b")


#: Home work given up ("no longer works from home", "stopped working remotely", "back in the office"): the office.
_NOT_HOME = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:no\s+longer|don't|doesn't|stopped)\s+(?:work|works|working)\s+"
                       r"(?:from\s+home|at\s+home|remotely)|(?:is|am|are|went|going|headed)\s+back\s+(?:in|at|to)\s+"
                       r"(?:the\s+)?(?P<place>office))\b")


def _workplace(sentence: str, speaker: str) -> list[Slot]:
    if _NOT_HOME.match(sentence):
        return [Slot(speaker, "workplace", "office")]
    said = _WORKPLACE.match(sentence) or _REMOTE.match(sentence)
    if said is None:
        return []
    place = said.group("place").casefold()
    value = "home" if re.search(r"home|remote", place) else "hybrid" if "hybrid" in place else "office"
    return [Slot(speaker, "workplace", value)]


_LEARN = re.compile(rf"(?i){_ME}{_ADV}\s+(?:learning\s+(?:the\s+)?(?P<thing>[a-z]+)(?:\s+(?:lessons|classes))?"
                    r"|taking\s+(?P<taken>[a-z]+)\s+(?:lessons|classes))"
                    r"\b(?=\s*(?:$|[.,!]|at\b|with\b|on\b|online\b|for\b|now\b|again\b|this\b|as\s+well\b|too\b))")
# A language taken up, said without "learning": "started Japanese instead", "picked up Korean this year"
_LANGUAGES = ("spanish", "japanese", "french", "german", "italian", "mandarin", "chinese", "cantonese", "korean",
              "portuguese", "russian", "arabic", "dutch", "hindi", "greek", "turkish", "swedish", "polish",
              "vietnamese", "thai", "hebrew", "latin")
_TOOK_UP = re.compile(rf"(?i){_ME}{_ADV}\s+(?:started|began|picked\s+up|took\s+up|switched\s+to)\s+"
                      rf"(?P<thing>{'|'.join(_LANGUAGES)})\b"
                      r"(?!\s+(?:food|cuisine|wine|films?|movies?|shows?|restaurant|class(?:es)?\s+at))")
_DROP = re.compile(rf"(?i){_ME}{_ADV}\s+(?:dropped|quit|gave\s+up(?:\s+on)?|stopped(?:\s+(?:learning|taking|doing))?"
                   r"|have\s+given\s+up|am\s+no\s+longer\s+(?:learning|taking|doing))\s+(?:my\s+|the\s+)?"
                   r"(?P<thing>[a-z]+)(?:\s+(?:lessons|classes))?\b"
                   r"(?!\s+(?:shop|store|place|job|company|firm|office|factory|restaurant|cafe|bar|gym|club|chain"
                   r"|agency|warehouse|salon|hotel|clinic|startup|gig|team|band|studio|centre|center|league)s?\b)")
_FROM_TO = re.compile(r"(?i)\b(?:switched|changed|moved|gone|went)\s+(?:over\s+)?from\s+(?P<thing>[a-z]+)"
                      r"\s+to\s+(?P<new>[a-z]+)\b")
_NOT_THINGS = frozenset({"it", "that", "this", "them", "him", "her", "a", "an", "to", "how", "my", "the", "there",
                         "home", "work", "job", "smoking", "drinking", "being",
                         # a workplace left is a job left ("quit the warehouse"), no pastime: the employer rules read it
                         "warehouse", "office", "plant", "factory", "store", "shop", "company", "firm", "agency",
                         "startup", "restaurant", "cafe", "salon", "hotel", "clinic", "gig", "position", "role"})


def _place_move(switched: re.Match[str]) -> bool:
    """A move or a trip between two named places ("moved from Austin to Portland"), not a habit left."""
    verb = switched.group(0).split(None, 1)[0].casefold()
    return verb in ("moved", "went", "gone") and (place_en(switched.group("thing")) or place_en(switched.group("new")))


def _learning(sentence: str, speaker: str) -> list[Slot]:
    found = []
    for said, value in ((_LEARN.match(sentence) or _TOOK_UP.match(sentence), "yes"), (_DROP.match(sentence), "no")):
        thing = said and (said.group("thing") or said.groupdict().get("taken") or "").casefold()
        if said and thing and thing not in _NOT_THINGS:
            found.append(Slot(speaker, f"learning:{thing}", value))
            if value == "no":  # "quit tennis", "gave up the cello": no longer done either
                found.append(Slot(speaker, f"habit:{thing}", "no"))
    switched = _FROM_TO.search(sentence)
    if switched and re.match(_ME, sentence) and switched.group("thing").casefold() not in _NOT_THINGS \
            and not _place_move(switched):
        thing = switched.group("thing").casefold()  # "switched from coffee to tea": coffee left, by name
        found += [Slot(speaker, f"learning:{thing}", "no"), Slot(speaker, f"habit:{thing}", "no")]
    return found


_HOUR = r"(?:(?P<hour>\d{1,2})(?:[:.](?P<min>\d\d))?\s*(?P<ampm>am|pm|a\.m\.|p\.m\.)?|(?P<midnight>midnight))"
_BED = re.compile(rf"(?i){_ME}{_ADV}(?:\s+(?:has|have)\s+been|'ve\s+been)?"
                  rf"\s+(?:go(?:es|ing)?\s+to\s+(?:bed|sleep)|(?:(?:am|is|get|gets)\s+)?in\s+bed|asleep"
                  rf"|turn\s+in"
                  rf"|hit\s+the\s+(?:hay|sack))\s+(?:at\s+|around\s+|about\s+|by\s+|before\s+|after\s+)?{_HOUR}\b")
_UP = re.compile(rf"(?i){_ME}{_ADV}(?:\s+(?:has|have)\s+been\s+(?:getting|waking)\s+up|'ve\s+been\s+(?:getting|waking)"
                 rf"\s+up|\s+(?:get(?:s)?\s+up|wake(?:s)?\s+up|am\s+up|is\s+up))\s+(?:at\s+|around\s+|about\s+"
                 rf"|by\s+|before\s+)?{_HOUR}\b")


def _clock(said: re.Match[str], night: bool) -> str:
    if said.group("midnight"):
        return "0"
    hour = int(said.group("hour")) % 12
    ampm = (said.group("ampm") or "").casefold().replace(".", "")
    if ampm == "pm" or (not ampm and night and 7 <= hour <= 11):
        hour += 12
    half = ".5" if said.group("min") and int(said.group("min")) >= 30 else ""
    return f"{hour}{half}"


def _sleep_hours(sentence: str, speaker: str) -> list[Slot]:
    found = []
    for attribute, pattern, night in (("bedtime", _BED, True), ("waketime", _UP, False)):
        if said := pattern.match(sentence):
            found.append(Slot(speaker, attribute, _clock(said, night)))
    return found


_AMOUNT = r"(?P<amount>[£$€]\s?\d[\d,.]*\s?k?|\d[\d,.]*\s?(?:k|pounds|dollars|euros|quid|bucks))"
_OWN = r"(?:my|our|the user's|the user and others'|the)"
_BUDGET = (re.compile(rf"(?i)\b{_OWN}\s+budget\s+for\s+(?:the\s+|a\s+|my\s+|our\s+)?"
                      rf"(?P<thing>[a-z]+)\s+(?:is|was|will be|'s)\s+(?:now\s+)?(?:about\s+|around\s+|up\s+to\s+)?"
                      rf"{_AMOUNT}"),
           re.compile(rf"(?i)\b{_OWN}\s+(?P<thing>[a-z]+)\s+budget\s+(?:is|was|'s|to|at|of|up\s+to"
                      rf"|down\s+to)\s+(?:now\s+)?(?:about\s+|around\s+)?{_AMOUNT}"))


def _budget(sentence: str, speaker: str) -> list[Slot]:
    said = next((m for pattern in _BUDGET if (m := pattern.search(sentence))), None)
    own = re.match(r"(?i)^(?:my|our|the user's|the user and others')(?!\S)", sentence)
    if said is None or (not re.match(_ME, sentence) and not own):
        return []
    amount = re.sub(r"[\s,]", "", said.group("amount").casefold()).rstrip(".")
    return [Slot(speaker, f"budget:{said.group('thing').casefold()}", amount)]


_COUNTED = (r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple(?:\s+of)?|half\s+a|"
            r"a\s+single|the\s+one)")
_PER = re.compile(rf"(?i){_ME}{_ADV}\s+(?:drink|drinks|have|has|smoke|smokes|eat|eats|am\s+down\s+to|is\s+down\s+to"
                  rf"|am\s+up\s+to|is\s+up\s+to|down\s+to|up\s+to|only\s+have|only\s+drink|cut\s+(?:down|back)\s+to"
                  rf"|(?:am|is)\s+cutting\s+(?:down|back)\s+to)\s+(?:about\s+|around\s+"
                  rf"|only\s+|just\s+|like\s+|maybe\s+)?{_COUNTED}\s+(?:(?:cups?|mugs?|glass(?:es)?|pints?|cans?|bottles?)\s+of\s+)?"
                  r"(?P<thing>[a-z]+)\s+(?:a|per|each|every)\s+(?P<per>day|week|night)\b")


def _per_day(sentence: str, speaker: str) -> list[Slot]:
    said = _PER.match(sentence)
    if said is None:
        return []
    n = said.group("n").casefold()
    count = _WORDS.get(re.sub(r"\s+", " ", n).removesuffix(" of")) if not n.isdigit() else int(n)
    if count is None:
        return []
    thing = re.sub(r"(?<=ss)es$|(?<=sh)es$|(?<=ch)es$|(?<=x)es$|(?<!s)s$", "", said.group("thing").casefold())
    return [Slot(speaker, f"per-{said.group('per').casefold()}:{thing}", str(count))]


_PETS = r"(?P<pet>dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|horse|tortoise|pup)"
_PET_NAME = (re.compile(rf"(?i)\b(?:my|our|the user's)\s+{_PETS}(?:'s|s')?\s+(?:name\s+is|is\s+(?:called|named))\s+"
                        r"(?P<name>[A-Za-z]+)\b"),
             re.compile(rf"(?i){_ME}{_ADV}\s+(?:renamed|re-named|changed\s+the\s+name\s+of)\s+(?:my\s+|our\s+|the\s+)?"
                        rf"{_PETS}\s+(?:to\s+|as\s+)?(?P<name>[A-Za-z]+)\b"))


def _pet_name(sentence: str, speaker: str) -> list[Slot]:
    said = next((m for pattern in _PET_NAME if (m := pattern.search(sentence))), None)
    if said is None:
        return []
    pet = {"puppy": "dog", "pup": "dog", "kitten": "cat", "bunny": "rabbit"}.get(said.group("pet").casefold(),
                                                                               said.group("pet").casefold())
    return [Slot(f"~{pet}", "name", said.group("name").casefold())]


_HOMES = (r"(?P<home>(?:a\s+|the\s+)?(?:care|nursing|retirement|old\s+people's)\s+home|assisted\s+living|sheltered"
          r"\s+housing|(?:a|her|his|their)\s+own\s+(?:place|flat|apartment|house)|a\s+hospice)")
_KIN_HOME = (re.compile(rf"(?i)^(?:my|our|the user's)?\s*(?P<kin>{_KIN})\s+(?:still\s+|now\s+)?"
                        r"(?:(?P<lives>lives|is\s+living|has\s+lived|(?:has\s+)?(?:just\s+|finally\s+)?moved\s+in|is\s+moving\s+in)|stays)"
                        r"\s+with\s+(?:us|me|the\s+user(?:\s+and\s+others)?)\b"),
             re.compile(rf"(?i)^(?:my|our|the user's)?\s*(?P<kin>{_KIN})\s+(?:has\s+)?(?:just\s+|now\s+|finally\s+)?"
                        rf"(?:moved|went|is\s+moving|has\s+gone)\s+(?:in)?to\s+{_HOMES}"),
             re.compile(rf"(?i)^(?:my|our|the user's)?\s*(?P<kin>{_KIN})\s+(?:now\s+)?(?:lives|is\s+living|is)\s+in\s+"
                        rf"{_HOMES}"))


def _residence(sentence: str, speaker: str) -> list[Slot]:
    said = next((m for pattern in _KIN_HOME if (m := pattern.match(sentence))), None)
    if said is None:
        return []
    home = said.groupdict().get("home")
    value = re.sub(r"^(?:a|the|her|his|their)\s+", "", home.casefold()) if home else "with the speaker"
    kin = f"~{KIN_EN[said.group('kin').casefold()]}"
    if said.groupdict().get("lives"):  # living with the speaker is no longer living in the city said before
        return [Slot(kin, "residence", value), Slot(kin, "city", value)]
    return [Slot(kin, "residence", value)]


_SEEING = re.compile(rf"(?i){_ME}{_ADV}(?:\s+(?:has|have|'ve))?(?:\s+been)?\s+"
                     r"(?:(?:seeing|dating)\s+(?:someone|somebody)\b"
                     r"|in\s+a\s+relationship\b"
                     r"|dating\b(?!\s+(?:app|apps|site|sites))"
                     r"|(?:seeing|dating)\s+(?-i:[A-Z][a-z]+)(?:\s+now|\s+these\s+days)?"
                     r"\s*(?:[.!,;]|$))")


def _seeing(sentence: str, speaker: str) -> list[Slot]:
    return [Slot(speaker, "marital", "dating")] if _SEEING.match(sentence) else []


_CATEGORIES = r"(?P<cat>food|cuisine|music|film|movie|book|band|show|series|game|sport|drink|dish|snack)s?"
#: "could live on Thai food, it's my favourite now": the thing before, said to be the favourite after.
_NEW_FAVOURITE = re.compile(rf"(?i)\b(?P<thing>[a-z]+)\s+{_CATEGORIES}\s*[,;—–-]\s*(?:it's|it\s+is|that's|that\s+is)"
                            r"\s+(?:now\s+)?(?:my|the\s+user's)\s+(?:new\s+)?(?:all[\s-]time\s+)?favou?rite\b")


def _favourite(sentence: str, speaker: str) -> list[Slot]:
    said = _NEW_FAVOURITE.search(sentence)
    if said is None or not re.match(_ME, sentence) or said.group("thing").casefold() in _NOT_THINGS:
        return []
    category = {"cuisine": "food", "dish": "food", "movie": "film", "series": "show"}.get(
        said.group("cat").casefold(), said.group("cat").casefold())
    return [Slot(speaker, f"favourite:{category}", said.group("thing").casefold())]


def en_turns(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    found: list[Slot] = []
    for read in (_workplace, _learning, _sleep_hours, _budget, _per_day, _pet_name, _residence, _seeing, _favourite,
                 en_household, en_changes, en_life, en_switches, en_kinds, en_records, en_notes, en_papers):
        found += read(sentence, speaker)
    return found
