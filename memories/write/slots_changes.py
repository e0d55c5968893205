"""Everyday English changes a new hand's messages said that the other readers missed, read beside ``slots_turns``
(``memories.write.slots_routine``):

- a promotion names the new job and keeps the employer ("got promoted to staff engineer", "was made head
  nurse": ``job``, and ``promoted``, so that the old statement's employer is held: ``slots.covers``);
- a job left by its name, and one started by its title ("quit the barista job", "starting as a junior dev at a
  fintech": ``job`` ``not:barista``, then ``junior dev``; "stopped teaching piano": ``not:teacher``);
- an employer said by the kind of place, not its name ("works at a law firm", "started a new job at a design
  studio in Shoreditch", "i'm a nurse at a care home": ``employer`` "law firm");
- how a drink is taken (``taken:<drink>``): "takes my coffee black" / "having my coffee with oat milk lately", "i
  take oat milk in my coffee these days", "lately it's been oat milk lattes for me" (a coffee named by its milk);
- a sport ruled out ("tennis is out", "no more football for me", "can't play squash anymore", "tore my achilles so
  no running for a while": ``habit:<sport>`` no);
- a membership or subscription by name, held, then ended ("my gym is PureGym" / "cancelled PureGym",
  "subscribed to Netflix" / "cancelled my Netflix subscription": ``member:<name>``).

Not read: what used to be or might be (``slots_routine``'s hedges), another person's.
"""

from __future__ import annotations

import re

from memories.write.slot_values import LEFT, OCCUPATIONS_EN, Slot

__all__ = ["WORKPLACES_EN", "en_changes"]

_ME = r"^(?:i|the user)\b(?!['’]s)"
_ADV = r"(?:\s+(?:now|just|finally|recently|officially|also|have|has|'ve|had|am|is|'m|was|been|got|get|gotten))*"
_OCC = "(?:" + "|".join(sorted(map(re.escape, (*OCCUPATIONS_EN, "dev")), key=len, reverse=True)) + ")"
_TITLE = rf"(?:an?\s+|the\s+)?(?P<job>(?:[a-z\-]+\s+){{0,2}}?{_OCC})s?\b"
WORKPLACES_EN = (r"(?:law firm|firm|company|startup|start-up|scale-up|fintech|agency|studio|bank|lab|school|hospital|"
               r"nonprofit|non-profit|charity|cafe|café|coffee shop|restaurant|shop|store|supermarket|bar|pub|bakery|"
               r"warehouse|factory|salon|gym|hotel|clinic|practice|surgery|pharmacy|university|college|consultancy|"
               r"call cent(?:re|er)|care home|nursing home|garage|nursery|library|museum|theatre|council|newspaper|"
               r"magazine|publisher|brewery|winery|farm|airline|airport)")
_PLACE = rf"(?:an?)\s+(?P<place>(?:[a-z\-]+\s+){{0,2}}?{WORKPLACES_EN})\b"

_PROMOTED = re.compile(rf"(?i){_ME}{_ADV}\s+(?:promoted|made|bumped\s+up|moved\s+up|stepped\s+up)(?:\s+to|\s+as|:)?\s+"
                       rf"{_TITLE}")
_LEFT_JOB = re.compile(rf"(?i){_ME}{_ADV}\s+(?:quit|left|resigned\s+from|packed\s+in|gave\s+up|handed\s+in\s+"
                       rf"(?:my|the user's)\s+notice\s+(?:at|for))\s+(?:my|the|the user's)\s+(?:old\s+)?"
                       rf"(?P<job>(?:[a-z\-]+\s+){{0,2}}?{_OCC})\s+(?:job|gig|role|position|work)\b")
# Work given up by what it does: "stopped teaching piano", "gave up tutoring", "quit driving for Uber": that job.
_GIVEN_UP_WORK = re.compile(rf"(?i){_ME}{_ADV}\s+(?:stopped|quit|gave\s+up|given\s+up|no\s+longer)\s+"
                            r"(?P<doing>teaching|teaches|tutoring|tutors|nursing|driving|drives|cleaning|coaching|"
                            r"coaches|babysitting|nannying|childminding)\b")
_DOER = {"teach": "teacher", "tutor": "tutor", "nurs": "nurse", "driv": "driver", "clean": "cleaner",
         "coach": "coach", "babysitt": "babysitter", "nanny": "nanny", "childmind": "childminder"}
_STARTED_AS = re.compile(rf"(?i){_ME}{_ADV}\s+(?:start|starts|started|starting|begin|begins|began|beginning)\s+"
                         rf"(?:work\s+|working\s+|(?:a|my|the)\s+new\s+(?:job|role)\s+)?as\s+{_TITLE}"
                         rf"(?:\s+(?:at|with|for)\s+{_PLACE})?")
# Work at a place is said with "at" / "for" / "in" ("works at a bakery"), or by joining it ("joined a startup"):
# "working a bank shift at the care home" is a shift, not work at a bank.
_WORKS_AT = re.compile(rf"(?i){_ME}{_ADV}\s+(?:(?:works?|working|(?:start(?:s|ed|ing)?|got|took|landed|accepted)\s+"
                       rf"(?:a\s+|my\s+|the\s+)?(?:new\s+)?(?:full-time\s+|part-time\s+)?(?:job|role|position|gig)|"
                       rf"(?:an?\s+)?(?:[a-z\-]+\s+){{0,2}}?{_OCC})\s+(?:now\s+)?(?:at|for|with|in)\s+|"
                       rf"(?:joined|started\s+at|started\s+working\s+at)\s+(?:now\s+)?(?=an?\s))\s*{_PLACE}")

_DRINKS = r"(?P<drink>coffee|tea|latte|flat white|espresso|americano|cappuccino)"
_HOW = (r"(?P<how>black|white|straight|plain|strong|weak|with\s+[a-z][a-z\- ]{1,30}?|without\s+[a-z][a-z\- ]{1,30}?|"
        r"no\s+(?:sugar|milk))(?=\s*$|\s*[.,;!?]|\s+(?:lately|now|these\s+days|nowadays|every|in\s+the|most|at|"
        r"usually|always|instead|since|for|after|when|ever)\b)")
_TAKEN = (re.compile(rf"(?i){_ME}{_ADV}(?:\s+(?:usually|always|mostly|normally|been))*\s+(?:take|takes|taking|have|"
                     rf"has|having|drink|drinks|drinking|like|likes|prefer|prefers|switched\s+to\s+having)\s+"
                     rf"(?:my|the user's|their|a)?\s*{_DRINKS}s?\s+{_HOW}"),
          re.compile(rf"(?i)^(?:my|the user's)\s+{_DRINKS}\s+(?:is|'s)\s+(?:now\s+|always\s+|usually\s+)?{_HOW}"),
          # "i take oat milk in my coffee these days": what goes in it
          re.compile(rf"(?i){_ME}{_ADV}(?:\s+(?:usually|always|mostly|normally|been))*\s+(?:take|takes|taking|have|has|"
                     rf"having|put|puts|putting|use|uses|using)\s+(?P<with>[a-z][a-z\- ]{{1,25}}?)\s+in\s+"
                     rf"(?:my|the user's|their)\s+{_DRINKS}s?\b"))

# A coffee named by its milk is coffee taken with it: "lately it's been oat milk lattes for me", "switched to soy
# flat whites", "i get almond milk cappuccinos now"
_MILK_COFFEE = re.compile(r"(?i)(?:^(?:i|the user)\b(?!['’]s)|\bfor (?:me|the user)\b)")
_MILK_NAMED = re.compile(r"(?i)\b(?P<with>(?:oat|soy|almond|coconut|cashew|rice|pea|skim|skimmed|semi-skimmed|whole|"
                         r"lactose-free|dairy-free)\s+milk|oat|soy|almond|coconut)\s+(?:lattes?|flat\s+whites?|"
                         r"cappuccinos?|coffees?|americanos?|cortados?|macchiatos?|mochas?)\b")

_SPORTS = (r"(?P<sport>table tennis|tennis|football|soccer|golf|squash|badminton|basketball|volleyball|cricket|rugby|"
           r"hockey|netball|padel|pickleball|baseball|running|swimming|cycling|climbing|bouldering|yoga|pilates|"
           r"boxing|skiing|snowboarding|surfing|skating|rowing|dancing|hiking|crossfit|karate|judo|the gym|gym)")
_RULED_OUT = (re.compile(rf"(?i)^(?:(?:i|the user)\s+)?(?:so\s+)?(?:my\s+|the user's\s+)?{_SPORTS}\s+(?:is|'s)\s+"
                         r"(?:out|off the table|off the cards|over|done|finished)\b"),
              re.compile(rf"(?i)^(?:(?:i|the user)\s+)?(?:so\s+)?no\s+more\s+{_SPORTS}\b"),
              # the cause first: "tore my achilles so no running for a while", "hurt my shoulder, which means no tennis"
              re.compile(rf"(?i){_ME}[^.;!?]*?(?:\bso|\band|,|\bwhich means|\bmeaning)\s+no\s+(?:more\s+)?{_SPORTS}\b"),
              re.compile(rf"(?i){_ME}\s+(?:can't|cannot|can no longer|won't be able to)\s+(?:play\s+|do\s+|go\s+)?"
                         rf"{_SPORTS}\b"))
_NAME = r"(?P<name>(?-i:[A-Z][\w&'\-]*)(?:\s+(?-i:[A-Z][\w&'\-]*))?)"
_SERVICES = (r"(?:gym|broadband|internet|energy|phone|mobile|streaming|bank|insurance)"
             r"(?:\s+(?:provider|supplier|network))?")
#: A membership or a subscription by name: held ("my gym is PureGym", "i'm a member at Third Space", "subscribed to
#: Netflix"), then ended ("cancelled PureGym", "cancelled my Netflix subscription", "let my Gymbox membership lapse").
_MEMBER = (re.compile(rf"(?i)^(?:my|the user's)\s+{_SERVICES}\s+(?:is|'s)\s+(?:now\s+)?(?:with\s+|at\s+)?{_NAME}"),
           re.compile(rf"(?i){_ME}{_ADV}\s+(?:a\s+member\s+(?:at|of)|subscribed\s+to|signed\s+up\s+(?:to|with|for)|"
                      rf"joined)\s+{_NAME}"),
           # a named place one goes to as a habit: "i go to PureGym near work", "goes to Anytime Fitness"
           re.compile(rf"(?i){_ME}{_ADV}\s+(?:usually\s+|still\s+|mostly\s+)?(?:go|goes)\s+to\s+{_NAME}"
                      r"(?=\s*$|\s*[.,;!]|\s+(?:near|by|in|on|every|most|after|before|twice|once|three|four)\b)"),
           # a service had, the whole statement, in lower case too: "i have netflix", "the user pays for spotify"
           # (it meets only its own cancellation, "cancelled netflix"; a plural is no service: "has questions")
           re.compile(r"(?i)^(?:i|the user)\s+(?:has|have|got|pays?\s+for)\s+"
                      r"(?P<name>(?!(?:a|an|the|my|some|no|any|to|been|got|it|that|this|time|work|class|school|fun|homework|money"
                      r"|company|plenty|enough|nothing|everything|something|anything|none|more|less|covid|cancer)\b)"
                      r"[a-z][\w&+'\-]*(?<!s))"
                      r"(?:\s+(?:subscription|membership|premium|plus|account))?\s*[.!]*$"))
# The name of what was cancelled may be typed in lower case ("cancelled puregym"): it meets only a membership held
# ("quit smoking" is no membership)
_ENDED_NAME = (r"(?P<name>(?!(?:it|that|this|them|plans?|the|a|an)\b)[A-Za-z][\w&'\-]*(?:\s+(?-i:[A-Z][\w&'\-]*)|"
                r"\s+(?!(?:and|but|so|because|as|last|this|yesterday|today|now|for|at|in|on|the|a|too|after|before|"
                r"membership|subscription|plan|contract|account|lapse|instead|finally|since)\b)[a-z][\w&'\-]*(?=\s*(?:$|[.,;!])))?)")
_ENDED = re.compile(rf"(?i){_ME}{_ADV}\s+(?P<verb>cancel+ed|cancel|quit|dropped|ended|let)\s+(?:my\s+|the user's\s+|"
                    rf"the\s+)?{_ENDED_NAME}(?:\s+(?:membership|subscription|plan|contract|account))?(?:\s+lapse)?\b")
_HEDGED = re.compile(r"(?i)\bused to\b|\bif\b|\bwould\b|\bmight\b|\bmaybe\b|\bhope\b|\bwhen (?:i|the user) was\b")


def _job(said: re.Match[str]) -> str:
    return re.sub(r"\s+", " ", said.group("job").casefold().strip())


def _work(sentence: str, speaker: str) -> list[Slot]:
    if said := _PROMOTED.match(sentence):
        return [Slot(speaker, "job", _job(said)), Slot(speaker, "promoted", "yes")]
    found = []
    if said := _LEFT_JOB.match(sentence):
        found.append(Slot(speaker, "job", LEFT + _job(said)))
    elif said := _GIVEN_UP_WORK.match(sentence):
        doing = said.group("doing").casefold()
        found += [Slot(speaker, "job", LEFT + doer) for stem, doer in _DOER.items() if doing.startswith(stem)]
    if said := _STARTED_AS.match(sentence):
        found.append(Slot(speaker, "job", _job(said)))
        if said.group("place"):
            found.append(Slot(speaker, "employer", said.group("place").casefold()))
    elif said := _WORKS_AT.match(sentence):
        found.append(Slot(speaker, "employer", said.group("place").casefold()))
    return found


def _taken(sentence: str, speaker: str) -> list[Slot]:
    for pattern in _TAKEN:
        if said := pattern.match(sentence):
            groups = said.groupdict()
            how = f"with {groups['with']}" if groups.get("with") else groups["how"]
            how = re.sub(r"\s+", " ", how.casefold().strip())
            return [Slot(speaker, f"taken:{said.group('drink').casefold()}", how)]
    if _MILK_COFFEE.search(sentence) and (named := _MILK_NAMED.search(sentence)):
        milk = named.group("with").casefold()
        return [Slot(speaker, "taken:coffee", f"with {milk if milk.endswith('milk') else milk + ' milk'}")]
    return []


def _ruled_out(sentence: str, speaker: str) -> list[Slot]:
    for pattern in _RULED_OUT:
        if said := pattern.match(sentence):
            return [Slot(speaker, f"habit:{said.group('sport').casefold().removeprefix('the ')}", "no")]
    return []


def _membership(sentence: str, speaker: str) -> list[Slot]:
    if (said := _ENDED.match(sentence)) and (said.group("name")[0].isupper() or "cancel" in said.group("verb")):
        return [Slot(speaker, f"member:{said.group('name').casefold()}", "no")]
    for pattern in _MEMBER:
        if said := pattern.match(sentence):
            return [Slot(speaker, f"member:{said.group('name').casefold()}", "yes")]
    return []


def en_changes(sentence: str, speaker: str) -> list[Slot]:
    """The slots of this module an English statement fills (the module's docstring), else []."""
    if _HEDGED.search(sentence):
        return []
    return _work(sentence, speaker) + _taken(sentence, speaker) + _ruled_out(sentence, speaker) + \
        _membership(sentence, speaker)
