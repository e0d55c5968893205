"""English statements' slots (``memories.write.slots``): their subjects and the rules that read each attribute."""

from __future__ import annotations

import re

from memories.write.numbers_en import in_digits
from memories.write.people import KIN_EN
from memories.write.places import place_en
from memories.write.slot_values import (
    DATE_EN,
    DIETS_EN,
    EVENTS_EN,
    GENERIC_EVENTS,
    KIN_EN_ALT,
    MEATS_EN,
    OCCUPATIONS_EN,
    Slot,
    date_value,
    digits_of,
    plain_value,
    subject_kin,
)
from memories.write.slots_amounts import en_amounts
from memories.write.slots_daily import en_daily
from memories.write.slots_floor import en_floor
from memories.write.slots_hair import en_hair
from memories.write.slots_licence import en_licence
from memories.write.slots_measures import en_measures
from memories.write.slots_plans import en_plans
from memories.write.slots_routine import en_routine
from memories.write.slots_shifts import en_shift
from memories.write.slots_states import en_states
from memories.write.slots_using import event_words, no_place
from memories.write.slots_workplace import workplace_rules

_EN_SELF = r"(?:i|i'm|i've|i'll|me|the user and others|the user|user|the customer)"
_EN_NAME = r"(?:(?i:dr|mr|mrs|ms|prof)\.?\s+)?[A-Z][a-zà-ÿ'\-]+(?:\s+[A-Z][a-zà-ÿ'\-]+){0,2}"
_EN_SUBJECT = (rf"(?P<subj>{_EN_SELF}|(?:my|our|the user's|user's)\s+(?:(?:older|younger|elder|little|big|new|"
               rf"former|old|twin|step)\s*)?(?:{KIN_EN_ALT})(?:,?\s+{_EN_NAME})?|{_EN_NAME})")
_EN_POSSESSOR = (rf"(?P<subj>my|our|the user's|user's|(?:my|our|the user's)\s+(?:(?:older|younger|elder|little|"
                 rf"big)\s+)?(?:{KIN_EN_ALT})(?:,?\s+{_EN_NAME})?'s|{_EN_NAME}'s)")
_EN_NOT_SUBJECTS = frozenset({"he", "she", "they", "it", "this", "that", "there", "we", "you", "his", "her",
                              "their", "its", "our", "your", "the", "a", "an", "what", "who", "when", "where",
                              "how", "why", "which", "remember", "note", "please", "also", "now", "today", "then",
                              "everyone", "nobody", "someone", "anyone", "people", "everybody", "just",
                              "finally", "recently", "already", "still", "currently", "actually", "so", "well",
                              "not", "no", "never", "nope", "yes", "yeah", "ok", "okay", "lol", "bye", "thanks",
                              "we've", "we're", "they're", "they've", "you're", "he's", "she's", "it's", "class",
                              "school", "work", "practice", "training", "lessons", "meeting", "term", "semester",
                              "last", "first", "next"})


def _en_subject(phrase: str, speaker: str) -> str | None:
    phrase = phrase.strip().removesuffix("'s").removesuffix("’s").strip()
    folded = phrase.casefold()
    if re.fullmatch(_EN_SELF, folded) or folded in {"my", "our", "the user's", "user's", "we", "we've", "we're",
                                                       "our family"}:
        return speaker
    kin = re.fullmatch(rf"(?:my|our|the user's|user's)\s+(?:(?:older|younger|elder|little|big|new|former|old|"
                       rf"twin|step)\s*)?({KIN_EN_ALT}),?(?:\s+(.+))?", phrase, re.IGNORECASE)
    if kin:
        name = kin.group(2)
        return _en_name(name) if name else f"~{KIN_EN[kin.group(1).casefold()]}"
    return _en_name(phrase)


def _en_name(name: str) -> str | None:
    name = re.sub(r"^(?:dr|mr|mrs|ms|prof)\.?\s+", "", name.strip(), flags=re.IGNORECASE)
    first = name.split()[0].casefold() if name.split() else ""
    if not first or first in _EN_NOT_SUBJECTS:
        return None
    from memories.write.people import NOT_PERSON, WEEKDAYS_MONTHS

    if first in WEEKDAYS_MONTHS or (first in NOT_PERSON and first not in {"mom", "dad", "mum"}):
        return None
    return name.casefold()


# --------------------------------------------------------------------------- English statements

_ADV_EN = (r"(?:\s+(?:now|currently|still|recently|just|also|finally|officially|already|no longer|has|have|had|"
           r"is|am|was|'s|'m|will|has been|have been|got|gotten|actually))*")
# Everyday messages are typed in lower case ("i live in chicago", "works at target"): a value is then one to four
# lower-case words, none of them a word that ends a value (_TAIL) or says no place or company ("home", "a", "me").
_NOT_VALUE = (r"(?!(?:now|these|since|as|and|but|in|on|for|with|from|after|because|where|which|who|at|nowadays|"
              r"again|anymore|today|this|that|last|next|full|part|remotely|while|over|during|before|around|earlier|"
              r"yesterday|back|by|soon|recently|a|an|the|two|three|several|about|home|work|school|night|nights|"
              r"weekends?|me|user|him|her|them|us|it|myself|himself|herself|themselves|ourselves|my|our|his|their|your|"
              r"its|here|there|together|least|all|some|one|free|hours?|times?|same|lot|different|another|other|"
              r"once|first|late|early|until|till|to|into|up|out|off|of|or|four|five|six|seven|eight|nine|ten|"
              r"twelve|twenty|many|few|almost|nearly|years?|months?|weeks?|days?|decades?|ages)\b)")
_VALUE_LOW = rf"{_NOT_VALUE}[a-z][\w&'.\-]*(?:\s+{_NOT_VALUE}[a-z][\w&'.\-]*){{0,3}}?"
_VALUE_CAP = (r"(?!\d+\s+(?:years?|months?|weeks?|days?|decades?|hours?)\b)"  # a duration ("for 6 years")
              r"(?:the\s+)?(?P<value>(?:[A-Z0-9][\w&'.\-]*)(?:\s+(?:of\s+|&\s+|and\s+)?[A-Z0-9][\w&'.\-]*)*|"
              rf"{_VALUE_LOW})")
# Not a change said now: "I left my job at Google back in 2019", "… when I was 30".
_NOT_PAST = r"(?!.*\b(?:ago|back in|back then|years|last year|in (?:19|20)\d\d|when|before|after)\b)"
# Where a lower-case word could as well be a thing as a company ("joined the gym", "switched to decaf"): names only.
_VALUE_NAME = r"(?:the\s+)?(?P<value>(?:[A-Z0-9][\w&'.\-]*)(?:\s+(?:of\s+|&\s+|and\s+)?[A-Z0-9][\w&'.\-]*)*)"
_TAIL = r"(?=\s*(?:$|[.,;!?)]|\s+(?:now|these days|since|as|and|but|in|on|for|with|from|after|because|where|"
_TAIL += r"which|who|at|since|nowadays|again|anymore|today|this|last|next|full|part|remotely|while|over|during|"
_TAIL += r"before|around|earlier|yesterday|back|by|soon|recently|a|an|the|two|three|several|about|near|close|"
_TAIL += r"nearby|outside|beside|across|behind|through|until|till|alone|together|just|right|there|to)\b))"
_COLOUR = re.compile(r"red|orange|yellow|green|blue|purple|violet|pink|black|white|gr[ae]y|brown|teal|cyan|navy|gold")
# A site of the company named before it: "the Amazon warehouse", "Target's store on 5th", "the Ford plant".
_SITE = (r"(?:'s)?(?:\s+(?:warehouse|store|shop|office|offices|plant|factory|branch|site|depot|location|"
         r"distribution cent(?:er|re)|call cent(?:er|re)|headquarters|hq|campus|outlet|mill|yard))?")
# A time, not a place: "started at 9", "started at 7:30am" (not "started at 7-Eleven").
_NOT_CLOCK = r"(?!\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|o'clock)?(?:$|[\s.,;!?]))"
#: "started a new job at", "landed a role with", "got hired at": a new employer.
_NEW_JOB = (r"(?:(?:started|starts|start|began|joined|got|took|landed|accepted|signed)\s+"
            r"(?:a\s+|an\s+|my\s+|the user's\s+)?(?:new\s+)?(?:full-time\s+|part-time\s+)?"
            r"(?:job|position|role|gig|offer)\s+(?:at|with)\s+"
            r"|(?:got|was|been)\s+hired\s+(?:at|by)\s+|began\s+working\s+(?:at|for)\s+)")
# Car makes and models said in lower case ("drives a honda civic", "got a tesla model 3").
_CAR_BRANDS = (r"(?i:honda|toyota|ford|tesla|bmw|audi|mercedes(?:-benz)?|benz|vw|volkswagen|subaru|mazda|nissan|"
               r"hyundai|kia|chevy|chevrolet|jeep|volvo|porsche|lexus|prius|civic|corolla|camry|mini|fiat|peugeot|"
               r"renault|skoda|dodge|ram|gmc|buick|cadillac|lincoln|acura|infiniti|mitsubishi|suzuki|rivian|polestar|"
               r"byd|land rover|range rover|jaguar|alfa romeo|genesis|"
               # models people name alone ("traded the accord for a used RAV4")
               # (only names that are nothing else: "bought a Focus group report", "has a fit" are no cars)
               r"rav4|rav-4|cr-v|crv|hr-v|highlander|tacoma|tundra|sienna|4runner|yaris|f-150|f150|crosstrek|"
               r"impreza|cx-5|cx5|cx-30|miata|altima|sentra|jetta|passat|tiguan|elantra|sportage|sorento|silverado|"
               r"corvette|model [3sxy])")
# "moved down to Bristol", "moved back to Leeds", "moved out to the coast": the way one went says no place
_AWAY = r"(?:back|down|up|over|out|across|away)"
_OCC_EN_ALT = "(?i:" + "|".join(sorted(map(re.escape, OCCUPATIONS_EN), key=len, reverse=True)) + ")"


def _en_rules() -> list[tuple[str, re.Pattern[str]]]:
    s, p = _EN_SUBJECT, _EN_POSSESSOR
    rules = [
        ("employer+job", rf"^{s}{_ADV_EN}\s+{_NEW_JOB}\s*{_VALUE_CAP}\s+as\s+(?:an?\s+)?"
                         rf"(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT})){_TAIL}"),
        ("employer", rf"^{s}{_ADV_EN}\s+{_NEW_JOB}\s*{_VALUE_CAP}{_TAIL}"),
        # "got hired as a junior developer at Shopify": the job, then where
        ("employer+job", rf"^{s}{_ADV_EN}\s+(?:got\s+|was\s+|been\s+)?(?:hired|taken on|brought on)\s+as\s+(?:an?\s+)?"
                         rf"(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT}))\s+(?:at|by|with)\s+{_VALUE_CAP}{_TAIL}"),
        # "works as a barista at Blue Bottle", "works at Blue Bottle as a barista": both, whichever first
        ("employer+job", rf"^{s}{_ADV_EN}\s+(?:works?|worked|working)\s+as\s+(?:an?\s+)?"
                         rf"(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT}))\s+(?:at|for|with)\s+{_VALUE_CAP}{_TAIL}"),
        ("employer+job", rf"^{s}{_ADV_EN}\s+(?:works?|worked|working)\s+(?:now\s+)?(?:at|for)\s+{_VALUE_CAP}\s+as\s+"
                         rf"(?:an?\s+)?(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT})){_TAIL}"),
        ("employer", rf"^{s}{_ADV_EN}\s+(?:works?|working|worked)\s+(?:now\s+)?(?:at|for)\s+"
                     rf"(?:(?:a|an)\s+(?:[a-z]+\s+){{1,2}}(?:called|named)\s+)?{_VALUE_CAP}{_SITE}{_TAIL}"),
        # Gig work for a named company: "delivering for FedEx now", "writes for the Guardian" (driving for Uber is
        # the driver's job, slots_daily.py)
        ("employer", rf"^{s}{_ADV_EN}\s+(?:deliver(?:s|ed|ing)?|clean(?:s|ed|ing)?|"
                     rf"freelanc(?:es?|ed|ing)|write?s?|writing|wrote|shop(?:s|ped|ping)?)\s+(?:now\s+)?for\s+"
                     rf"{_VALUE_NAME}{_TAIL}"),
        ("employer", rf"^{s}{_ADV_EN}\s+(?:joined|started at{_NOT_CLOCK}|started working at|got a job at|took a job at|"
                     rf"is employed by|am employed by|are employed by|switched to|left \S+ for)\s+"
                     rf"(?:(?:a|an)\s+(?:[a-z]+\s+){{0,2}}(?:startup|company|firm|agency|studio|bank|lab|school|"
                     rf"hospital|nonprofit|charity)\s+(?:called|named)\s+)?{_VALUE_NAME}{_TAIL}"),
        *workplace_rules(s, _ADV_EN, _VALUE_CAP, _TAIL),
        # A team at a company is work there: "I'm on the data team at Spotify", "she's in the legal department of X"
        ("employer", rf"^{s}{_ADV_EN}\s+(?:on|in|with)\s+(?:the|a|an)\s+(?:[\w\-]+\s+){{0,3}}(?:team|department|"
                     rf"group|division|unit|squad)\s+(?:at|of|in)\s+{_VALUE_CAP}{_TAIL}"),
        # A job left and where one is now: "quit target, i'm at costco now", "left Google and I'm with Meta now"
        ("employer", rf"^{s}{_ADV_EN}\s+(?:quit|left)\s+(?:(?:my|the user's)\s+job\s+at\s+|"
                     rf"(?!(?:the|a|an|home|work|school|class)\b))[\w&'.\-]+(?:\s+[\w&'.\-]+)?"
                     rf"\s*(?:,|and|;)\s*(?:(?:so\s+)?(?:i|the user)\s+(?:am|is|'m)|i'm|im|I'm)\s+"
                     rf"(?:now\s+)?(?:at|with)\s+(?!home\b|school\b){_VALUE_CAP}{_TAIL}"),
        # Out of work: "quit my job", "got laid off", "i resigned from the bank": the old employer no longer holds.
        ("employer-none", rf"^{_NOT_PAST}{s}{_ADV_EN}\s+(?:quit|left|lost|resigned from|was let go from|"
                          rf"got fired from)\s+"
                          rf"(?:my|the user's|his|her|their|the)\s+(?:old\s+|day\s+)?(?:job|position|role)\b"),
        # "quit the cafe", "resigned from the bank": a workplace left (not "left the office at six")
        ("employer-none", rf"^{_NOT_PAST}{s}{_ADV_EN}\s+(?:quit|resigned from|got fired from|was let go from)\s+"
                          rf"(?:my|the user's|his|her|their|the)\s+(?:old\s+)?(?:cafe|café|coffee shop|restaurant|"
                          rf"shop|store|bar|pub|bakery|firm|company|startup|agency|hospital|clinic|bank|warehouse|"
                          rf"factory|salon|gym|school|hotel|call centre|call center)\b"),
        # Retired: no employer now, and "retired" is what one is ("My dad retired in March").
        ("retired", rf"^(?!.*\bused to\b){s}{_ADV_EN}\s+(?:retired|went into retirement|"
                    rf"took (?:early\s+)?retirement)\b"),
        ("employer-none", rf"^{_NOT_PAST}{s}{_ADV_EN}\s+(?:got|was|were|been)\s+(?:laid off|fired|let go|"
                          rf"made redundant)\b"),
        ("employer-none", rf"^{_NOT_PAST}{s}{_ADV_EN}\s+(?:is|am|'s|'m|are)\s+(?:now\s+)?(?:unemployed|"
                          rf"between jobs|out of work|job hunting|looking for (?:a\s+)?(?:new\s+)?job)\b"),
        ("employer", rf"^{p}\s+(?:new\s+|current\s+)?(?:employer|company|workplace)\s+is\s+(?:now\s+)?"
                     rf"{_VALUE_CAP}{_TAIL}"),
        ("employer", rf"^{p}\s+(?:new\s+|current\s+)?(?:job|position|role)\s+is\s+(?:now\s+)?(?:at|with)\s+"
                     rf"{_VALUE_CAP}{_TAIL}"),
        ("employer", rf"^{s}(?:'m|'s)?{_ADV_EN}\s+(?:starting|starts?)\s+(?:work\s+|working\s+)?at\s+"
                     rf"(?P<value>[A-Z][\w&'.\-]*(?:\s+[A-Z][\w&'.\-]*)*){_TAIL}"),
        ("employer+job", rf"^{s}{_ADV_EN}\s+(?:an?|the)\s+(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT}))\s+"
                         rf"(?:at|for|with)\s+{_VALUE_CAP}{_TAIL}"),
        ("job", rf"^{s}(?:'ve)?{_ADV_EN}\s+(?:works?\s+as|worked\s+as|is\s+working\s+as|became|becomes|is|am|"
                rf"'s|'m|been|"
                rf"trained as|retrained as)\s+(?:now\s+)?(?:an?\s+)?(?P<value>(?:[a-z\-]+\s+){{0,3}}"
                rf"(?:{_OCC_EN_ALT}))s?{_TAIL}"),
        ("job", rf"^{p}\s+(?:job|occupation|profession|role)\s+is\s+(?:now\s+)?(?:an?\s+)?"
                rf"(?P<value>[a-z\- ]{{3,40}}?){_TAIL}"),
        ("city", rf"^{s}(?:'m|'s|'re|'ve)?{_ADV_EN}\s+(?:lives?|living|lived|rents?|renting|resides?|residing|"
                 rf"is based|am based|'s based|'m based|based|"
                 rf"settled(?:\s+down)?|moved(?:\s+{_AWAY})?(?:\s+home)?|relocated|moving)\s+"
                 rf"(?:(?:all\s+the\s+way\s+)?from\s+(?:[\w\-']+\s+){{1,3}}?)?"
                 rf"(?:now\s+)?(?:in|to)\s+(?:(?:an?|the|my|our|the user's)\s+(?:[a-z\-']+\s+){{0,3}}(?:in|near)\s+)?"
                 rf"{_VALUE_CAP}{_TAIL}"),
        ("city", rf"^{s}{_ADV_EN}\s+(?:got\s+|was\s+|been\s+|is\s+being\s+)?(?:transferred|posted|reassigned)\s+"
                 rf"to\s+(?:the\s+|our\s+|their\s+)?(?!(?:University|College)\b)"
                 rf"(?P<value>[A-Z][\w\-]*(?:\s+(?!(?:University|College|State|Tech|High|Academy)\b)[A-Z][\w\-]*)?)"
                 rf"(?:\s+(?:office|branch|site|location|hq|headquarters|campus))?{_TAIL}"),
        ("city", rf"^{p}\s+(?:home|hometown|home town|city)\s+is\s+(?:now\s+)?{_VALUE_CAP}{_TAIL}"),
        # A new home by its lease or purchase: "just signed a lease in Seattle", "bought a house in Leeds"
        ("city", rf"^{s}{_ADV_EN}\s+(?:signed|got)\s+a\s+(?:new\s+)?lease\s+(?:on\s+a\s+\w+\s+)?in\s+"
                 rf"{_VALUE_CAP}{_TAIL}"),
        # … or by renting, owning or moving into it: "renting a flat in hackney", "got the keys to our own house
        # in walthamstow"
        ("city", rf"^{s}(?:'re|'m)?{_ADV_EN}\s+(?:bought|found|rented|rent|rents|renting|share|shares|"
                 rf"sharing|(?:got|picked up|collected)\s+the\s+keys\s+(?:to|for)|moved\s+into)\s+"
                 rf"(?:a|an|our|my|the user's|the user and others')\s+(?:new\s+|own\s+|little\s+|small\s+){{0,2}}"
                 rf"(?:house|flat|apartment|place|condo|home|studio|maisonette|terrace|bungalow|room|bedsit|houseshare|"
                 rf"house\s+share|flatshare|flat\s+share)\s+in\s+"
                 rf"{_VALUE_CAP}{_TAIL}"),
        # Where one's home is: "my apartment is in Brooklyn", "our house is now in Leeds"
        ("city", rf"^{p}\s+(?:apartment|flat|house|place|condo|home)\s+is\s+(?:now\s+)?in\s+{_VALUE_CAP}{_TAIL}"),
        # A household's home is the speaker's: "we moved to Leeds", "we're in Jersey City now".
        ("city", rf"^(?P<subj>we|our family)(?:'ve|'re)?{_ADV_EN}\s+(?:live|lived|rent|moved(?:\s+{_AWAY})?|relocated|"
                 rf"settled(?:\s+down)?|"
                 rf"are based|'re based)\s+(?:from\s+(?:[\w\-']+\s+){{1,3}}?)?(?:now\s+)?(?:in|to)\s+"
                 rf"{_VALUE_CAP}{_TAIL}"),
        ("city", rf"^(?P<subj>i|we|the user and others){_ADV_EN}(?:\s+am|\s+are|\s+is|\s*'m|\s*'re)\s+"
                 rf"(?:now\s+|living\s+|based\s+)?in\s+{_VALUE_CAP}\s+now\b(?!,?\s+(?:for(?!\s+good\b)|visiting|on)\b)"),
        ("age", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|turned|turns|just turned|will turn|will be)\s+(?:now\s+)?"
                rf"(?P<value>\d{{1,3}})(?:\s*(?:years?\s+old|yrs?\s+old|y/?o))?(?=\s*(?:$|[.,;!?]|\s+(?:now|this|"
                rf"today|yesterday|recently|last|next|in|on|and|years?)\b))"),
        ("age", rf"^{p}\s+age\s+is\s+(?:now\s+)?(?P<value>\d{{1,3}})\b"),
        ("age", rf"^{s},\s+(?P<value>\d{{1,3}})\s*(?:,|years old)"),
        ("birthday", rf"^{p}\s+(?:birthday|birth date|date of birth|bday)\s+(?:is|falls on|is on)\s+(?:on\s+)?"
                     rf"(?P<value>{DATE_EN})"),
        ("birthday", rf"^{s}{_ADV_EN}\s+(?:was\s+)?born\s+on\s+(?P<value>{DATE_EN})"),
        ("birthday", rf"^{s}\s+celebrates?\s+(?:\S+\s+)?birthday\s+on\s+(?P<value>{DATE_EN})"),
        ("phone", rf"^{p}\s+(?:new\s+)?(?:phone|mobile|cell|cellphone|phone number|mobile number|cell number|"
                  rf"number|contact number)\s+(?:is\s+|has\s+|just\s+)?"
                  rf"(?:now\s+|changed\s+to\s+|switched\s+to\s+)?:?\s*"
                  rf"(?P<value>\+?\d[\d\s\-().]{{5,}}\d)"),
        ("phone", rf"^{s}{_ADV_EN}\s+can be reached (?:at|on)\s+(?P<value>\+?\d[\d\s\-().]{{5,}}\d)"),
        # Said by the speaker with no owner: "New number: 415-555-0199", "call or text me on 07700 900123".
        ("phone", r"^(?P<subj>i)\s+(?:(?:got|have|use)\s+)?(?:an?\s+|the\s+)?new\s+(?:phone\s+|mobile\s+|cell\s+)?"
                  r"(?:number|phone|mobile|cell)\s*(?:is\s*|now\s*)?:?\s*(?P<value>\+?\d[\d\s\-().]{5,}\d)"),
        ("phone", r"\b(?:call|text|reach|ring|whatsapp|message)\s+(?P<subj>me|the user)\s+(?:\w+\s+){0,3}?(?:at|on)\s+"
                  r"(?P<value>\+?\d[\d\s\-().]{5,}\d)"),
        ("email", rf"^{p}\s+(?:new\s+)?(?:e-?mail|email address|e-mail address|work email|mail)\s+(?:address\s+)?"
                  rf"(?:is\s+)?(?:now\s+)?:?\s*(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("email", r"\b(?:email|e-mail|mail|write to|reach|contact)\s+(?P<subj>me|the user)\s+(?:\w+\s+){0,3}?at\s+"
                  r"(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("email", r"^(?P<subj>i)\s+(?:please\s+)?(?:use|send (?:\w+\s+){0,2}to)\s+"
                  r"(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)\s+(?:from now on|instead|now|going forward)"),
        ("email", rf"^{s}{_ADV_EN}\s+can be (?:reached|emailed|contacted) at\s+"
                  rf"(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("favourite", rf"^{p}\s+(?:all-time\s+|absolute\s+)?favou?rite\s+(?P<thing>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|was|"
                      rf"has become|became|are)\s+(?:now\s+)?(?P<value>[^.,;!?]+?)(?:\s+now)?\s*(?:$|[.,;!?])"),
        ("favourite", rf"^(?P<value>[A-Za-z][^.,;!?]{{0,40}}?)\s+(?:is|has become|became)\s+(?:now\s+)?{p}\s+"
                      rf"(?:new\s+)?(?:all-time\s+)?"
                      rf"(?:favou?rite|fave)(?:\s+(?!now\b)(?P<thing>[a-z]+(?:\s+[a-z]+)?))?\s*(?:$|[.,;!?]|\s+now)"),
        ("diet", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|went|became|has become|turned|switched to being|been)"
                 rf"\s+(?:a\s+|an\s+|fully\s+|strictly\s+|strict\s+)?(?P<value>vegetarian|vegan|pescatarian|"
                 rf"carnivore|omnivore)\b"),
        ("diet", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m)\s+(?:on\s+)?(?:a\s+)?(?P<value>keto|gluten-free|halal|kosher)"
                 rf"(?:\s+diet)?\b"),
        ("diet-none", rf"^{s}{_ADV_EN}\s+(?:doesn't|does not|don't|do not|never|won't|no longer|stopped)\s+"
                      rf"(?:eat|eats|eating)\s+(?:any\s+)?(?:meat|animal products)"),
        # "i eat pretty much everything", "eats basically anything": no diet kept, meat too
        ("diet-meat", rf"^{s}{_ADV_EN}\s+(?:will\s+)?(?:eat|eats)\s+(?:pretty much|basically|just about|literally|"
                      rf"almost)?\s*(?:everything|anything)\b"),
        ("diet-meat", rf"^{s}{_ADV_EN}\s+(?:(?:is|am|'s|'m)\s+(?:not|no longer)|quit being|gave up being|stopped being)"
                      rf"\s+(?:a\s+)?(?:vegetarian|vegan|pescatarian|veggie)\b"),
        # … not meat cooked or ordered for someone else ("cooked chicken for my kids", "ordered wings for the team")
        ("diet-meat", rf"^{s}(?!{_ADV_EN}\s+(?:orders?|ordered|grilled|cooked|made|makes?|bought|buys?)\b[^.;]*?"
                      rf"\bfor\s+(?!(?:myself|himself|herself|me|him|her|dinner|lunch|breakfast|brunch)\b))"
                      rf"{_ADV_EN}\s+(?:loves?|enjoys?|eats?|ate|had|orders?|ordered|grilled|cooked|craves?|"
                      rf"(?:started|began|am|'m|is|'s)\s+eating|eat(?:s|ing)?\s+(?:\w+\s+)?again:?)\s+"
                      rf"(?:(?:a|an|some|lots of|a lot of|plenty of|tons of|rare|juicy|big|huge|great|delicious|"
                      rf"grilled|fried|roast)\s+){{0,3}}"
                      rf"{MEATS_EN}\b"),
        # Fish or seafood taken up (again): pescatarian now ("started eating fish again", "eat seafood now")
        ("diet-fish", rf"^{s}{_ADV_EN}\s+(?:(?:started|began|am|'m|is|'s)\s+eating|eats?|eating)\s+"
                      rf"(?:\w+\s+)?(?:fish|seafood|salmon|tuna|shrimp|prawns|sushi|sashimi)\s+"
                      rf"(?:again|now|these days|lately|nowadays)\b"),
        ("diet-fish", rf"^{s}{_ADV_EN}\s+(?:started|began)\s+eating\s+(?:\w+\s+)?(?:fish|seafood)\b"),
        ("car", rf"^{s}{_ADV_EN}\s+(?:drives?|driving)\s+(?:now\s+)?(?:an?|the)\s+(?:[a-z][\w\-]*\s+|\d{{4}}\s+)?"
                rf"(?P<value>[A-Z][\w\-]*(?:\s+[A-Z0-9][\w\-]*){{0,3}}){_TAIL}"),
        ("car", rf"^{s}{_ADV_EN}\s+(?:drives?|driving|got|bought|purchased|picked up|leased|"
                rf"traded\s+(?:in\s+)?(?:the\s+|my\s+|our\s+)?(?:old\s+)?[\w\-]+(?:\s+[\w\-]+)?\s+(?:in\s+)?for|"
                rf"have|has|own|owns)\s+"
                rf"(?:now\s+)?(?:an?|the|my)\s+(?:new\s+|used\s+|\d{{4}}\s+|[a-z]+\s+){{0,2}}"
                rf"(?P<value>(?:{_CAR_BRANDS})(?:\s+(?!now\b|last\b|this\b|today\b)[\w\-]+){{0,2}}?){_TAIL}"),
        # The car sold, given away or written off: none now ("we sold the Honda", "totaled my car")
        ("car-none", rf"^(?P<subj>i|we|the user and others|the user|my|our){_ADV_EN}\s+"
                     rf"(?:sold|got rid of|totaled|totalled|scrapped|gave away|wrecked)\s+"
                     rf"(?:(?:the|my|our|the user's|the user and others')\s+(?:old\s+)?(?:car|{_CAR_BRANDS})\b|"
                     rf"(?:both\s+(?:of\s+)?)?(?:the|my|our|the user's|the user and others')\s+(?:two\s+)?cars\b|"
                     rf"both\s+cars\b)"),
        ("car", rf"^{p}\s+(?:new\s+)?car\s+is\s+(?:now\s+)?(?:an?|the)\s+(?:new\s+|used\s+)?"
                rf"(?P<value>[A-Z][\w\-]*(?:\s+[A-Z0-9][\w\-]*){{0,3}}){_TAIL}"),
        ("marital", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|got|are|has been|was just)\s+(?:happily\s+|recently\s+|"
                    rf"newly\s+)?(?P<value>single|married|divorced|engaged|widowed|separated)\b"),
        ("marital-single", rf"^(?:(?:[\w']+,?\s+){{1,4}}?and\s+)?(?P<subj>i|the user|we){_ADV_EN}\s+(?:and\s+\w+\s+)?"
                           rf"(?:broke up|split up|called it quits|ended things|are over|'re over|"
                           rf"(?:called|broke|broken)\s+off\s+(?:the|our|my|the user's|the user and others')\s+"
                           rf"engagement)\b"),
        # "my husband and I separated", "we've split": apart, and no longer living together
        ("marital-separated", rf"^(?:(?:[\w']+,?\s+){{1,4}}?and\s+)?(?P<subj>i|the user and others|the user|we)"
                              rf"{_ADV_EN}\s+(?:have\s+|has\s+|'ve\s+|got\s+)?(?:separated|split)\b"
                              rf"(?!\s+(?:the|a|an|my|our|it)\b)"),
        # the speaker and their spouse named as such: "my husband and I are getting divorced", "the user and the
        # user's wife have separated"
        ("marital-separated", r"^(?P<subj>i|the user|my|the user's)(?:\s+and\s+(?:my|the user's))?\s+"
                              r"(?:husband|wife|partner|spouse)(?:\s+and\s+(?:i|me|the user))?"
                              r"(?:\s+(?:are|have|'re|'ve|had|now|just|finally))*\s+(?:getting\s+|got\s+)?"
                              r"(?:divorced|separated|splitting\s+up)\b"),
        ("marital-dating", rf"^(?:(?:[\w']+,?\s+){{1,4}}?and\s+)?(?P<subj>i|the user){_ADV_EN}\s+(?:and\s+\w+\s+)?"
                           rf"(?:(?:have|has|'ve)\s+)?(?:been\s+)?(?:together|dating|seeing (?:someone|each other)|"
                           rf"in a relationship|(?:got|have|has)\s+a\s+(?:new\s+)?(?:girlfriend|boyfriend|partner))\b"),
        ("role", rf"^(?P<subj>{_EN_NAME})\s+is\s+(?:now\s+)?(?:my|the user's)\s+(?:new\s+)?(?P<value>wife|husband|"
                 rf"girlfriend|boyfriend|fiancée?|fiancee|partner|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|"
                 rf"ex|spouse)\b"),
        ("spouse", rf"^(?P<subj>my|the user's)\s+(?P<role>wife|husband|girlfriend|boyfriend|fiancée?|fiancee|"
                   rf"partner|boss|manager|line manager|supervisor|landlord|therapist|doctor|dentist)(?:'s name)?\s+is"
                   rf"\s+(?:now\s+)?"
                   rf"(?:called\s+|named\s+)?(?P<value>{_EN_NAME}){_TAIL}"),
        ("due", rf"^(?:the\s+|our\s+|my\s+)?(?P<event>(?:[\w'’\-]+\s+){{0,4}}[\w'’\-]+)\s+(?:is|was|are|is now)\s+"
                rf"(?:now\s+)?due\s+(?:on\s+|by\s+)?(?P<value>{DATE_EN})\b"),
        ("date", rf"^(?:the\s+|our\s+|my\s+)?(?P<event>(?:[\w'’\-]+\s+){{0,4}}?(?:{EVENTS_EN})(?:\s+(?:for|of)\s+"
                 rf"(?:the\s+)?[\w'’\-]+(?:\s+[\w'’\-]+){{0,2}})?)\s+(?:is|was|has been|got|will be|is now|was "
                 rf"now)?\s*(?:moved|pushed|pushed back|postponed|rescheduled|delayed|brought forward|changed|"
                 rf"set|scheduled|planned|booked|fixed|due)?\s*(?:back\s+)?(?:to|for|on|until|till)?\s*"
                 rf"(?:on\s+)?(?P<value>{DATE_EN})\b"),
    ]
    return [(attribute, re.compile(pattern, re.IGNORECASE if attribute in {"date", "due"} else 0))
            for attribute, pattern in rules]


# Case-insensitive subjects but case-sensitive names: the patterns mark names by capitals, so each rule is tried
# on the statement with its leading word capitalised as written; "my"/"I" are matched in either case.
_EN_RULES: list[tuple[str, re.Pattern[str]]] = []
# When a change takes effect, said before it: "As of Monday", "from next week", "starting 4 January 2027,".
_FROM_WHEN = re.compile(rf"(?i)^(?:as of|from|starting(?:\s+(?:from|on))?|beginning|effective)\s+(?:the week of\s+)?"
                        rf"(?:{DATE_EN}|next\s+(?:week|month|year|term)|(?:\d{{1,2}}\s+)?[A-Z][a-z]+\s+\d{{4}})"
                        rf"(?:,\s*|\s+)(?=[a-z])")


def en_slots(sentence: str, speaker: str, lead: str = "i") -> list[Slot]:
    """The slots an English statement fills; one with no subject of its own is ``lead``'s (the speaker's, or
    for a later clause the person its sentence opened with: "Ana left Google and joined Meta")."""
    if not _EN_RULES:
        _EN_RULES.extend(_en_rules())
    sentence = re.sub(r"^(?:(?:also|and|so|now|actually|btw|by the way|note|remember|fyi|update|oh|well|"
                      r"please note|remember that|note that|these days|nowadays|lately|currently|today|"
                      r"at the moment|as of now|since then|as of today|right now)[:,]?\s+)+(?:that\s+)?", "",
                      sentence.strip(), flags=re.IGNORECASE)
    sentence = _FROM_WHEN.sub("", in_digits(sentence))  # "as of Monday I'm on days": what holds from then on
    sentence = re.sub(r"^(?:My|Our|The)\b", lambda m: m.group().lower(), sentence)
    sentence = re.sub(r"^I\b", "i", sentence)
    sentence = re.sub(r"^(?:i['’]m|im)\b", "i am", sentence)
    sentence = re.sub(r"^(?:i['’]ve|ive)\b", "i have", sentence)
    found = _read_en(sentence, speaker)
    first = sentence.split(maxsplit=1)[0].casefold().strip(",:") if sentence.split() else ""
    if not found and lead and first not in _NOT_SPEAKERS and first != "i":
        # No subject of its own ("Just turned 30 today!", "Moved to Leeds in May", "New number: 0161 496 0000"):
        # a statement without one is its speaker's.
        found = _read_en(lead + " " + sentence[:1].lower() + sentence[1:], speaker)
    extra = en_routine(sentence, speaker) or (en_routine(f"{lead} {sentence[:1].lower()}{sentence[1:]}", speaker)
                                              if lead and first not in _NOT_SPEAKERS and first != "i" else [])
    found += [slot for slot in extra if slot.key not in {s.key for s in found}]
    return _no_job_at_provider(found, sentence)


def _no_job_at_provider(found: list[Slot], sentence: str) -> list[Slot]:
    """"switched to Kaiser", "switched to Verizon", "switched to PureGym": a provider or a gym, no job there; nor is
    any "switched to <a name>" said without a word of work ("switched to Hulu", "switched to Geico": a service)."""
    provided = {s.value for s in found if s.attribute.startswith(("provider:", "member:")) or s.attribute == "gym"}
    switched = bool(_SWITCHED.search(sentence))
    return [s for s in found if s.attribute != "employer" or _WORK_WORD.search(sentence)
            or (s.value not in provided and not switched)]


_WORK_WORD = re.compile(r"(?i)\b(?:jobs?|work(?:ing|s)?\s+(?:at|for)|hired|position|role|employ|offer|joined|"
                        r"compan(?:y|ies)|employers?|firms?)\b")
_SWITCHED = re.compile(r"(?i)\bswitched\s+(?:over\s+)?to\b")


_LEAD = re.compile(rf"^(?:(?P<self>I|We)|(?P<person>(?:My|Our)\s+(?:\w+\s+)?(?:{KIN_EN_ALT})(?:,?\s+{_EN_NAME})?|"
                   rf"{_EN_NAME}))(?=\s+(?!(?:and|or|but)\b)[a-z'’])")


# What opens a sentence without being its subject: "By the way, my uncle …", "Oh and Ana …".
_OPENER = re.compile(r"^(?:(?:oh\s+)?(?:and|so|also|btw|by the way|anyway|well|actually|honestly|hey|ok|okay|"
                     r"yeah|fyi|update|guess what|you know what|speaking of which|oh|one more thing)[,:;!]?\s+)+",
                     re.IGNORECASE)


def en_lead(sentence: str) -> str:
    """Whom a sentence's later clauses without a subject are about: the person it opens with ("Ana", "my
    sister"), "i" for the speaker (also when it opens with no subject: "Left Google and joined Meta"), "we"; ""
    when it opens with a pronoun ("She left Google and joined Meta": who she is is not in the text)."""
    sentence = _OPENER.sub("", sentence.strip())
    # The extractor's third person: "The user sold the civic and got a Tesla", "The user's sister …"
    sentence = re.sub(r"^(?i:the user's)\s+", "My ", re.sub(r"^(?i:the user)(?=\s+(?!and\b)[a-z])", "I", sentence))
    sentence = sentence[:1].upper() + sentence[1:]
    if re.match(rf"^(?:{_EN_NAME}|(?:My|Our)\s+\w+)\s+and\s+", sentence) \
            and not _VERB_FIRST.fullmatch(sentence.split(maxsplit=1)[0]):
        return ""  # "Tom and Anna …", "My sister and her husband …": two people, neither the speaker alone
    match = _LEAD.match(sentence)
    first = sentence.split(maxsplit=1)[0].casefold().strip(",:") if sentence.split() else ""
    if match is None or first in _EN_NOT_SUBJECTS:
        return "" if first in _NOT_SPEAKERS else "i"
    if match.group("self"):
        return match.group("self").casefold()
    person = match.group("person")
    if _VERB_FIRST.fullmatch(person):  # "sold the civic and got a tesla": no subject, the speaker's
        return "i"
    return person[:1].lower() + person[1:] if person.startswith(("My", "Our")) else person


# A sentence's first word that is a verb in the past, not a name ("Sold the car and …", "Quit my job and …").
_VERB_FIRST = re.compile(r"(?i:[a-z]+ed|sold|got|bought|left|quit|went|took|made|found|lost|began|became|"
                         r"met|spent|paid|broke|ran|won|gave|sent|told|came|had|did|saw|said|heard|kept|"
                         r"finally|just|still|also|recently|gonna|going|getting|started|starting)")


# A sentence opening with one of these has a subject that is not the speaker (or is no statement).
_NOT_SPEAKERS = frozenset({"he", "she", "they", "it", "this", "that", "these", "those", "there", "you", "his",
                           "her", "their", "its", "your", "what", "who", "when", "where", "how", "why", "which",
                           "everyone", "nobody", "someone", "anyone", "people", "everybody", "the", "a", "an",
                           "he's", "she's", "they're", "it's", "that's", "there's", "you're", "we", "we're", "our"})


def _read_en(sentence: str, speaker: str) -> list[Slot]:
    found: list[Slot] = []
    for attribute, pattern in _EN_RULES:
        match = pattern.search(sentence)
        if match is None or (attribute == "city" and _moved_elsewhere(match)):
            continue
        found += _en_slot(attribute, match, speaker)
        if found and attribute not in {"employer+job", "retired"}:
            break
    return found or _en_habits(sentence, speaker) or en_amounts(sentence, speaker) or en_states(sentence, speaker) \
        or en_plans(sentence, speaker) or en_daily(sentence, speaker) \
        or en_shift(sentence, speaker) or en_measures(sentence, speaker) or en_licence(sentence, speaker) \
        or en_floor(sentence, speaker) or en_hair(sentence, speaker)


_MOVED_TO = re.compile(r"(?i)\b(?:moved|moving|move|moves)\b.*\bto\s+(?:the\s+)?$")


def _moved_elsewhere(match: re.Match[str]) -> bool:
    """"Moved to X" where X is no place ("moved to Neovim", "we moved to GitHub Actions"): no new home. A home
    said as one ("moved into a flat in Hackney", "live in …") needs no list of places."""
    said = match.string[match.start():match.start("value")]
    return bool(_MOVED_TO.search(said)) and not place_en(match.group("value"))


# Habits, yes or no, the speaker's ("i smoke half a pack a day" / "quit smoking"; "i drink a lot of coffee" /
# "i don't drink coffee anymore"): one slot per habit or per thing eaten or drunk ("likes sushi" and "eats pizza"
# are two facts, "eats pork" and "no longer eats pork" one).
_EN_SELF_START = re.compile(r"^(?:i|the user|user)\s+(?!(?:my|our|his|her|their|the|a|an|mom|dad)\b)",
                             re.IGNORECASE)
_EN_NOT = (r"(?:quit|quitting|stopped|gave up|give up|giving up|don't|do not|doesn't|does not|no longer|never|can't|"
           r"cannot|can no longer|won't|not|cut out|cut)")
_EN_SMOKE_NO = re.compile(rf"\b{_EN_NOT}\s+(?:\w+\s+)?(?:smok\w*|vap(?:e|es|ing)|cigarettes|cigs)\b|"
                          r"\bnon-?smoker\b|\bsmoke[- ]free\b", re.IGNORECASE)
_EN_SMOKE = re.compile(r"\b(?:smok(?:e|es|ing|er)|vap(?:e|es|ing)|cigarettes|cigs)\b", re.IGNORECASE)
_EN_DRY = re.compile(rf"\b{_EN_NOT}\s+drink(?:ing|s)?(?:\s+alcohol|\s+booze)?(?=\s*(?:$|[.,!;]|\s+(?:anymore|any "
                     r"more|now|since|for|and|at all)))|\b(?:sober|teetotal)\b", re.IGNORECASE)
_EN_RELAPSE = re.compile(r"^(?!.*\b(?:cancer|tumou?r|depression|illness|disease|symptoms?)\b).*\b(?:relapsed|"
                         r"fell off the wagon|(?:started|is|am|been) drinking again)\b", re.IGNORECASE)
_EN_CONSUME = re.compile(rf"^(?:i|the user|user){_ADV_EN}\s+(?P<no>{_EN_NOT}\s+)?(?:really\s+|usually\s+|only\s+|"
                         r"still\s+|always\s+|mostly\s+)?(?:eat|eats|eating|ate|drink|drinks|drinking|drank)\s+"
                         r"(?:like\s+|about\s+|around\s+|maybe\s+)?(?:\d+|one|two|three|four|five|six|a couple of|"
                         r"a few)?\s*(?:cups? of\s+|glass(?:es)? of\s+|cans? of\s+|bottles? of\s+)?"
                         r"(?:any\s+|a lot of\s+|lots of\s+|much\s+|too much\s+|some\s+)?(?P<thing>[a-z][a-z\-]+)\b",
                         re.IGNORECASE)
# Something eaten or drunk given up: "cut out coffee completely", "gave up sugar", "quit caffeine".
_EN_GAVE_UP = re.compile(rf"^(?:i|the user|user){_ADV_EN}\s+(?:quit|cut out|cut back on|gave up|given up|ditched|"
                         r"kicked|stopped having|am off|'m off|went off)\s+(?:all\s+)?(?P<thing>coffee|tea|sugar|"
                         r"alcohol|booze|soda|coke|caffeine|dairy|gluten|beer|wine|chocolate|carbs|junk food|"
                         r"fast food|energy drinks|sweets|milk|bread)\b", re.IGNORECASE)
_NOT_THINGS = frozenset({"out", "it", "at", "with", "in", "too", "a", "an", "the", "and", "every", "only", "well",
                         "my", "our", "his", "her", "their", "your",
                         "less", "more", "enough", "healthy", "clean", "lunch", "dinner", "breakfast", "food",
                         "anything", "something", "that", "this", "them", "there", "here", "much", "alone", "late",
                         "before", "after", "during", "while", "when", "together", "outside", "fast", "slowly",
                         "pretty", "basically", "just", "almost", "literally", "everything", "mostly", "really"})


def _en_habits(sentence: str, speaker: str) -> list[Slot]:
    if not _EN_SELF_START.match(sentence):
        return []
    if _EN_SMOKE_NO.search(sentence):
        return [Slot(speaker, "smoking", "no")]
    if _EN_SMOKE.search(sentence):
        return [Slot(speaker, "smoking", "yes")]
    if _EN_RELAPSE.search(sentence):  # "relapsed", "fell off the wagon": drinking again
        return [Slot(speaker, "habit:alcohol", "yes")]
    if _EN_DRY.search(sentence):
        return [Slot(speaker, "habit:alcohol", "no")]
    if gave_up := _EN_GAVE_UP.search(sentence):
        return [Slot(speaker, f"habit:{_one(gave_up.group('thing'))}", "no")]
    said = _EN_CONSUME.search(sentence)
    if said is None or said.group("thing").casefold() in _NOT_THINGS:
        return []
    return [Slot(speaker, f"habit:{_one(said.group('thing'))}", "no" if said.group("no") else "yes")]


def _one(thing: str) -> str:
    """A thing eaten or drunk in the singular, so that "4 coffees a day" and "no coffee" are one habit."""
    thing = thing.casefold()
    return "alcohol" if thing == "booze" else thing[:-1] if thing.endswith("s") and not thing.endswith("ss") else thing


def _en_slot(attribute: str, match: re.Match[str], speaker: str) -> list[Slot]:
    groups = match.groupdict()
    kin = subject_kin(groups.get("subj") or "")
    # "moved to the payments team", "got moved to the 14th", "moved to github actions": no home
    return [Slot(s.subject, s.attribute, s.value, kin) if kin else s for s in _en_slot_of(attribute, groups, speaker)
            if s.attribute != "city" or not no_place(s.value)]


def _en_slot_of(attribute: str, groups: dict[str, str], speaker: str) -> list[Slot]:
    if attribute == "due":  # "the Q3 report is due on ...": the date of its deadline
        return [Slot(_event_en(groups["event"] + " deadline"), "date", date_value(groups["value"]))]
    if attribute == "date":
        event = _event_en(groups["event"])
        return [Slot(event, "date", date_value(groups["value"]))] if event else []
    subject = _en_subject(groups["subj"], speaker)
    if subject is None:
        return []
    if attribute == "employer+job":
        return [Slot(subject, "employer", plain_value(groups["value"])),
                Slot(subject, "job", plain_value(groups["job"]))]
    if attribute == "favourite":
        said = groups.get("thing") or ("colour" if _COLOUR.fullmatch(plain_value(groups["value"])) else "")
        if not said:
            return []  # "X is my favourite": of what, unsaid
        thing = plain_value(said).replace("color", "colour")
        return [Slot(subject, f"favourite:{thing}", plain_value(groups["value"]))]
    if attribute in {"diet", "diet-none", "diet-meat", "diet-fish"}:
        value = ({"diet-none": "vegetarian", "diet-meat": "meat", "diet-fish": "pescatarian"}.get(attribute)
                 or DIETS_EN[groups["value"].casefold()])
        return [Slot(subject, "diet", value)]
    if attribute == "phone":
        return [Slot(subject, "phone", digits_of(groups["value"]))]
    if attribute == "retired":
        return [Slot(subject, "employer", "none"), Slot(subject, "job", "retired")]
    if attribute == "marital-separated":
        return [Slot(subject, "marital", "separated"), Slot(subject, "lives-with:partner", "no")]
    if attribute == "marital-single":  # a break-up also ends the partner named and the home shared with them
        return [Slot(subject, "marital", "single"), Slot(subject, "boyfriend", "none"),
                Slot(subject, "girlfriend", "none"), Slot(subject, "partner", "none"),
                Slot(subject, "lives-with:partner", "no")]
    if attribute in _FIXED_VALUES:
        return [Slot(subject, *_FIXED_VALUES[attribute])]
    if attribute == "birthday":
        return [Slot(subject, "birthday", date_value(groups["value"]))]
    if attribute == "spouse":  # one's manager is one's boss, however named
        role = _BOSS.get(groups["role"].casefold(), groups["role"].casefold())
        return [Slot(subject, KIN_EN.get(role, role), plain_value(groups["value"]))]
    if attribute == "role":
        return [Slot(subject, "role", groups["value"].casefold().replace("é", "e"))]
    return [Slot(subject, attribute, plain_value(groups["value"]))]


_BOSS = {"manager": "boss", "line manager": "boss", "supervisor": "boss"}
#: The rules that say a slot's value by their shape alone: (attribute, value).
_FIXED_VALUES = {"employer-none": ("employer", "none"), "car-none": ("car", "none"),
                 "marital-dating": ("marital", "in a relationship")}


def _event_en(event: str) -> str:
    words = re.sub(r"^(?:the|our|my)\s+", "", event.strip().casefold())
    words = event_words(re.sub(r"\s+(?:is|was|has|will)$", "", words))
    head = re.search(rf"({EVENTS_EN})\b", words)
    if head is None:
        return ""
    before = words[:head.start()].strip()
    if head.group(1) in GENERIC_EVENTS and not before and words == head.group(1):
        return ""
    return "event:" + re.sub(r"\s+", " ", words)
