"""The attribute slot a statement fills, from its content alone (no language model, English and Chinese).

A **slot** is (subject, attribute): "Alex works at Google." fills (alex, employer) with the value "google";
"张伟现在在腾讯工作。" fills (张伟, employer) with "腾讯". Two live memories of one scope that fill the same slot
with different values contradict each other exactly as two memories of one ``entity`` do (the write flow links
them, ``memories.write.related``); the slot keys are stored on the memory (``Memory.slots``) so that the
database finds them and the review card can say why two memories were paired.

Attributes (one value at a time): ``employer``, ``job``, ``city`` (where one lives), ``age``, ``birthday``,
``phone``, ``email``, ``favourite:<thing>``, ``diet``, ``education``, ``marital``, ``role`` (what a named person
is to the speaker, "Sarah is my girlfriend"), ``<role>`` of the speaker ("my boss is Anna Lee": the speaker's
boss is Anna Lee) and ``date`` of a named event or deadline.
What is additive fills no slot: hobbies, children, likes ("likes red" and "likes cats" are both true).

Subjects: the speaker ("I", "my", "the user", "我", "用户"; the memory's subject when the caller names one), a
named person ("Alex", "张伟"; a name after a kinship word wins: "my cousin Zhang Wei" is zhang wei), a person
known by their role to the speaker ("my boss", "我表哥": ``~boss``, ``~cousin``; ``memories.write.people``),
or, for a date, the event ("the project deadline"). Pronouns ("he", "她") fill no slot: who they are is not
in the text.

A change said in passing fills the slot too: "started a new job at Stripe as a data engineer" (employer, job),
"Blue is my favourite now" (``favourite:colour`` when the value is a colour; of an unnamed thing, no slot), and a
Chinese clause with no subject of its own is the sentence opener's ("用户换工作了，现在在腾讯工作": employer).

The ``Slot`` and the values' comparable forms are in ``slot_values.py``; the Chinese patterns in ``slots_zh.py``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from memories.write import slots_zh
from memories.write.people import KIN_EN, SPEAKER_LABEL
from memories.write.slot_values import (
    _KIN_EN_ALT,
    DATE_EN,
    DIETS_EN,
    EVENTS_EN,
    GENERIC_EVENTS,
    MEATS_EN,
    OCCUPATIONS_EN,
    Slot,
    _digits,
    _plain,
    date_value,
    subject_kin,
)
from memories.write.text import has_cjk

SELF = "self"
MAX_STATEMENT = 400  # longer texts (summaries, documents) hold many facts: they fill no slot


# --------------------------------------------------------------------------- subjects

_EN_SELF = r"(?:i|i'm|i've|i'll|me|the user|user|the customer)"
_EN_NAME = r"(?:(?:dr|mr|mrs|ms|prof)\.?\s+)?[A-Z][a-zà-ÿ'\-]+(?:\s+[A-Z][a-zà-ÿ'\-]+){0,2}"
_EN_SUBJECT = (rf"(?P<subj>{_EN_SELF}|(?:my|our|the user's|user's)\s+(?:(?:older|younger|elder|little|big|new|"
               rf"former|old|twin|step)\s*)?(?:{_KIN_EN_ALT})(?:,?\s+{_EN_NAME})?|{_EN_NAME})")
_EN_POSSESSOR = (rf"(?P<subj>my|our|the user's|user's|(?:my|our|the user's)\s+(?:(?:older|younger|elder|little|"
                 rf"big)\s+)?(?:{_KIN_EN_ALT})(?:,?\s+{_EN_NAME})?'s|{_EN_NAME}'s)")
_EN_NOT_SUBJECTS = frozenset({"he", "she", "they", "it", "this", "that", "there", "we", "you", "his", "her",
                              "their", "its", "our", "your", "the", "a", "an", "what", "who", "when", "where",
                              "how", "why", "which", "remember", "note", "please", "also", "now", "today", "then",
                              "everyone", "nobody", "someone", "anyone", "people", "everybody"})


def _en_subject(phrase: str, speaker: str) -> str | None:
    phrase = phrase.strip().removesuffix("'s").removesuffix("’s").strip()
    folded = phrase.casefold()
    if re.fullmatch(_EN_SELF, folded) or folded in {"my", "our", "the user's", "user's"}:
        return speaker
    kin = re.fullmatch(rf"(?:my|our|the user's|user's)\s+(?:(?:older|younger|elder|little|big|new|former|old|"
                       rf"twin|step)\s*)?({_KIN_EN_ALT}),?(?:\s+(.+))?", phrase, re.IGNORECASE)
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
_VALUE_CAP = r"(?:the\s+)?(?P<value>(?:[A-Z0-9][\w&'.\-]*)(?:\s+(?:of\s+|&\s+|and\s+)?[A-Z0-9][\w&'.\-]*)*)"
_TAIL = r"(?=\s*(?:$|[.,;!?)]|\s+(?:now|these days|since|as|and|but|in|on|for|with|from|after|because|where|"
_TAIL += r"which|who|at|since|nowadays|again|anymore|today|this|last|next|full|part|remotely|while)\b))"
_COLOUR = re.compile(r"red|orange|yellow|green|blue|purple|violet|pink|black|white|gr[ae]y|brown|teal|cyan|navy|gold")
_OCC_EN_ALT = "(?i:" + "|".join(sorted(map(re.escape, OCCUPATIONS_EN), key=len, reverse=True)) + ")"


#: "started a new job at", "landed a role with", "got hired at": a new employer.
_NEW_JOB = (r"(?:(?:started|starts|start|began|joined|got|took|landed|accepted|signed)\s+"
            r"(?:a\s+|an\s+|my\s+|the user's\s+)?(?:new\s+)?(?:full-time\s+|part-time\s+)?"
            r"(?:job|position|role|gig|offer)\s+(?:at|with)\s+"
            r"|(?:got|was|been)\s+hired\s+(?:at|by)\s+|began\s+working\s+(?:at|for)\s+)")


def _en_rules() -> list[tuple[str, re.Pattern[str]]]:
    s, p = _EN_SUBJECT, _EN_POSSESSOR
    rules = [
        ("employer+job", rf"^{s}{_ADV_EN}\s+{_NEW_JOB}\s*{_VALUE_CAP}\s+as\s+(?:an?\s+)?"
                         rf"(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT})){_TAIL}"),
        ("employer", rf"^{s}{_ADV_EN}\s+{_NEW_JOB}\s*{_VALUE_CAP}{_TAIL}"),
        ("employer", rf"^{s}{_ADV_EN}\s+(?:works?|working|worked)\s+(?:now\s+)?(?:at|for)\s+{_VALUE_CAP}{_TAIL}"),
        ("employer", rf"^{s}{_ADV_EN}\s+(?:joined|started at|started working at|got a job at|took a job at|"
                     rf"is employed by|am employed by|are employed by|switched to|left \S+ for)\s+"
                     rf"{_VALUE_CAP}{_TAIL}"),
        ("employer", rf"^{p}\s+(?:employer|company|workplace)\s+is\s+(?:now\s+)?{_VALUE_CAP}{_TAIL}"),
        ("employer+job", rf"^{s}{_ADV_EN}\s+(?:an?|the)\s+(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT}))\s+"
                         rf"(?:at|for|with)\s+{_VALUE_CAP}{_TAIL}"),
        ("job", rf"^{s}{_ADV_EN}\s+(?:works?\s+as|worked\s+as|is\s+working\s+as|became|becomes|is|am|'s|'m|"
                rf"trained as|retrained as)\s+(?:now\s+)?(?:an?\s+)?(?P<value>(?:[a-z\-]+\s+){{0,2}}"
                rf"(?:{_OCC_EN_ALT}))s?{_TAIL}"),
        ("job", rf"^{p}\s+(?:job|occupation|profession|role)\s+is\s+(?:now\s+)?(?:an?\s+)?"
                rf"(?P<value>[a-z\- ]{{3,40}}?){_TAIL}"),
        ("city", rf"^{s}{_ADV_EN}\s+(?:lives?|living|lived|resides?|residing|is based|am based|'s based|'m based|"
                 rf"settled|moved(?:\s+back)?|relocated|moving)\s+"
                 rf"(?:now\s+)?(?:in|to)\s+{_VALUE_CAP}{_TAIL}"),
        ("city", rf"^{p}\s+(?:home|hometown|home town|city)\s+is\s+(?:now\s+)?{_VALUE_CAP}{_TAIL}"),
        ("age", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|turned|turns|just turned|will turn|will be)\s+(?:now\s+)?"
                rf"(?P<value>\d{{1,3}})(?:\s*(?:years?\s+old|yrs?\s+old|y/?o))?(?=\s*(?:$|[.,;!?]|\s+(?:now|this|"
                rf"today|last|next|in|on|and|years?)\b))"),
        ("age", rf"^{p}\s+age\s+is\s+(?:now\s+)?(?P<value>\d{{1,3}})\b"),
        ("age", rf"^{s},\s+(?P<value>\d{{1,3}})\s*(?:,|years old)"),
        ("birthday", rf"^{p}\s+(?:birthday|birth date|date of birth|bday)\s+(?:is|falls on|is on)\s+(?:on\s+)?"
                     rf"(?P<value>{DATE_EN})"),
        ("birthday", rf"^{s}{_ADV_EN}\s+(?:was\s+)?born\s+on\s+(?P<value>{DATE_EN})"),
        ("birthday", rf"^{s}\s+celebrates?\s+(?:\S+\s+)?birthday\s+on\s+(?P<value>{DATE_EN})"),
        ("phone", rf"^{p}\s+(?:new\s+)?(?:phone|mobile|cell|cellphone|phone number|mobile number|cell number|"
                  rf"number|contact number)\s+(?:is\s+)?(?:now\s+)?:?\s*(?P<value>\+?\d[\d\s\-().]{{5,}}\d)"),
        ("phone", rf"^{s}{_ADV_EN}\s+can be reached (?:at|on)\s+(?P<value>\+?\d[\d\s\-().]{{5,}}\d)"),
        ("email", rf"^{p}\s+(?:new\s+)?(?:e-?mail|email address|e-mail address|work email|mail)\s+(?:address\s+)?"
                  rf"(?:is\s+)?(?:now\s+)?:?\s*(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("email", rf"^{s}{_ADV_EN}\s+can be (?:reached|emailed|contacted) at\s+"
                  rf"(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("favourite", rf"^{p}\s+(?:all-time\s+|absolute\s+)?favou?rite\s+(?P<thing>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|was|"
                      rf"has become|became|are)\s+(?:now\s+)?(?P<value>[^.,;!?]+?)(?:\s+now)?\s*(?:$|[.,;!?])"),
        ("favourite", rf"^(?P<value>[A-Za-z][^.,;!?]{{0,40}}?)\s+is\s+(?:now\s+)?{p}\s+(?:new\s+)?(?:all-time\s+)?"
                      rf"(?:favou?rite|fave)(?:\s+(?!now\b)(?P<thing>[a-z]+(?:\s+[a-z]+)?))?\s*(?:$|[.,;!?]|\s+now)"),
        ("diet", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|went|became|has become|turned|switched to being|is now|am now)"
                 rf"\s+(?:a\s+|an\s+|fully\s+|strictly\s+|strict\s+)?(?P<value>vegetarian|vegan|pescatarian|"
                 rf"carnivore|omnivore)\b"),
        ("diet", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m)\s+(?:on\s+)?(?:a\s+)?(?P<value>keto|gluten-free|halal|kosher)"
                 rf"(?:\s+diet)?\b"),
        ("diet-none", rf"^{s}{_ADV_EN}\s+(?:doesn't|does not|don't|do not|never|won't|no longer|stopped)\s+"
                      rf"(?:eat|eats|eating)\s+(?:any\s+)?(?:meat|animal products)"),
        ("diet-meat", rf"^{s}{_ADV_EN}\s+(?:loves?|enjoys?|eats?|ate|had|orders?|ordered|grilled|cooked|craves?)\s+"
                      rf"(?:(?:a|an|some|lots of|rare|juicy|big|huge|great|delicious|grilled|fried|roast)\s+){{0,3}}"
                      rf"{MEATS_EN}\b"),
        ("marital", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|got|are|has been|was just)\s+(?:happily\s+|recently\s+|"
                    rf"newly\s+)?(?P<value>single|married|divorced|engaged|widowed|separated)\b"),
        ("role", rf"^(?P<subj>{_EN_NAME})\s+is\s+(?:now\s+)?(?:my|the user's)\s+(?:new\s+)?(?P<value>wife|husband|"
                 rf"girlfriend|boyfriend|fiancée?|fiancee|partner|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|"
                 rf"ex|spouse)\b"),
        ("spouse", rf"^(?P<subj>my|the user's)\s+(?P<role>wife|husband|girlfriend|boyfriend|fiancée?|fiancee|"
                   rf"partner|boss|manager|landlord|therapist|doctor|dentist)(?:'s name)?\s+is\s+(?:now\s+)?"
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


def _en_slots(sentence: str, speaker: str) -> list[Slot]:
    if not _EN_RULES:
        _EN_RULES.extend(_en_rules())
    sentence = re.sub(r"^(?:also|and|so|now|actually|btw|by the way|note|remember|fyi|update|oh|well|"
                      r"please note|remember that|note that)[:,]?\s+(?:that\s+)?", "", sentence.strip(),
                      flags=re.IGNORECASE)
    sentence = re.sub(r"^(?:My|Our|The)\b", lambda m: m.group().lower(), sentence)
    sentence = re.sub(r"^I\b", "i", sentence)
    sentence = re.sub(r"^i['’]m\b", "i am", sentence)
    sentence = re.sub(r"^i['’]ve\b", "i have", sentence)
    found: list[Slot] = []
    for attribute, pattern in _EN_RULES:
        match = pattern.search(sentence)
        if match is None:
            continue
        found += _en_slot(attribute, match, speaker)
        if found and attribute != "employer+job":
            break
    return found


def _en_slot(attribute: str, match: re.Match[str], speaker: str) -> list[Slot]:
    groups = match.groupdict()
    kin = subject_kin(groups.get("subj") or "")
    return [Slot(s.subject, s.attribute, s.value, kin) if kin else s for s in _en_slot_of(attribute, groups, speaker)]


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
        return [Slot(subject, "employer", _plain(groups["value"])), Slot(subject, "job", _plain(groups["job"]))]
    if attribute == "favourite":
        said = groups.get("thing") or ("colour" if _COLOUR.fullmatch(_plain(groups["value"])) else "")
        if not said:
            return []  # "X is my favourite": of what, unsaid
        thing = _plain(said).replace("color", "colour")
        return [Slot(subject, f"favourite:{thing}", _plain(groups["value"]))]
    if attribute in {"diet", "diet-none", "diet-meat"}:
        value = {"diet-none": "vegetarian", "diet-meat": "meat"}.get(attribute) or DIETS_EN[groups["value"].casefold()]
        return [Slot(subject, "diet", value)]
    if attribute == "phone":
        return [Slot(subject, "phone", _digits(groups["value"]))]
    if attribute == "birthday":
        return [Slot(subject, "birthday", date_value(groups["value"]))]
    if attribute == "spouse":
        return [Slot(subject, KIN_EN.get(groups["role"].casefold(), groups["role"].casefold()),
                     _plain(groups["value"]))]
    if attribute == "role":
        return [Slot(subject, "role", groups["value"].casefold().replace("é", "e"))]
    return [Slot(subject, attribute, _plain(groups["value"]))]


def _event_en(event: str) -> str:
    words = re.sub(r"^(?:the|our|my)\s+", "", event.strip().casefold())
    words = re.sub(r"\s+(?:is|was|has|will)$", "", words)
    head = re.search(rf"({EVENTS_EN})\b", words)
    if head is None:
        return ""
    before = words[:head.start()].strip()
    if head.group(1) in GENERIC_EVENTS and not before and words == head.group(1):
        return ""
    return "event:" + re.sub(r"\s+", " ", words)


# --------------------------------------------------------------------------- the entry point

_SENTENCES = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；\n])\s*")


def slots_of(text: str, speaker: str = "") -> tuple[Slot, ...]:
    """The slots a statement fills, one per (subject, attribute), in the order said (the last value said of a
    slot wins). ``speaker``: who "I" is (the memory's subject, or a speaker label at the start of the text)."""
    text = unicodedata.normalize("NFKC", text).strip()
    if not text or len(text) > MAX_STATEMENT:
        return ()
    label = SPEAKER_LABEL.match(text)
    if label:
        said = label.group(1)
        if said not in {"用户", "我", "User", "Assistant", "助手"} and not speaker:
            speaker = said.casefold()
        text = text[label.end():]
    speaker = speaker.casefold() or SELF
    found: dict[str, Slot] = {}
    for sentence in _SENTENCES.split(text):
        sentence = sentence.strip(" \"'“”‘’")
        if not sentence or sentence.endswith(("?", "？")):
            continue
        for clause in _clauses(sentence):
            for slot in (slots_zh.zh_slots(clause, speaker) if has_cjk(clause) else _en_slots(clause, speaker)):
                found.pop(slot.key, None)
                found[slot.key] = slot
    return tuple(found.values())


def _clauses(sentence: str) -> list[str]:
    """A sentence, and its clauses after "，" (a second statement of the same sentence). A clause that opens
    with 其 / 他 / 她 ("刘子墨是我的下属，其年龄是34岁"), or with no subject at all ("用户换工作了，现在在腾讯工作"),
    is about the person the sentence opened with."""
    parts = [sentence]
    if has_cjk(sentence):
        clauses = [p.strip() for p in re.split(r"[，,]", sentence)]
        opener = re.match(r"^([^，,。是在的]{1,10}?)(?:是|在|今年|现在|住|的)", clauses[0]) \
            or re.match(r"^(用户|我们|我|本人|[\u4e00-\u9fff]{2,4}?)(?=搬|换|跳槽|辞职|结婚|离|$)", clauses[0])
        lead = opener.group(1) if opener and slots_zh.zh_subject(opener.group(1), SELF) is not None else ""
        for clause in clauses[1:]:
            if lead and (pronoun := re.match(r"^(?:其|他|她)(?:的)?", clause)):
                clause = lead + ("的" if pronoun.group().endswith("的") else "") + clause[pronoun.end():]
            elif lead and slots_zh.SUBJECTLESS.match(clause):
                clause = lead + clause
            if clause:
                parts.append(clause)
    return parts


def slot_keys(slots: Iterable[Slot]) -> list[str]:
    return sorted({slot.key for slot in slots})


def linking_slot(new: Iterable[Slot], old: Iterable[Slot]) -> Slot | None:
    """The first slot both fill with different values (what makes them contradict), else None."""
    olds = {slot.key: slot for slot in old}
    return next((slot for slot in new if slot.key in olds and slot.differs(olds[slot.key])), None)


def other_subjects(new: Iterable[Slot], old: Iterable[Slot], other_speakers: bool = False) -> bool:
    """Both fill slots, and of people (or events) none of whom the other is about: two different facts. "My
    cousin" may be the cousin another memory names ("my cousin Zhang Wei"): not another person for sure. Said by
    two different speakers (``other_speakers``), "my cousin" is two people: a role shared counts for nothing
    ("周浩：我下属的邮箱…" / "孙丽华：我下属的邮箱…")."""
    a, b = _identities(new), _identities(old)
    shared = {name for name in a & b if not (other_speakers and name.startswith("~"))}
    return bool(a) and bool(b) and not shared


def _identities(slots: Iterable[Slot]) -> set[str]:
    return {name for slot in slots for name in (slot.subject, f"~{slot.kin}" if slot.kin else "")} - {""}

