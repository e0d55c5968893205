"""The speaker's working shift (``shift``: day, evening or night), read when no other slot rule found anything
(``slots_en``): "works day shifts at the plant" / "was moved to nights", "i work nights at the hospital" / "back on
days from monday", "on the graveyard shift" / "switched to the early shift". A shift is one at a time; a rota
("three on four off") fills nothing. The hours of the speaker's shift (``shift-hours``, "6am-2pm"): "my warehouse
shift is 6am to 2pm" / "my warehouse shift was moved to 2pm-10pm". The days of the speaker's working week
(``workdays``, "mon-fri"): "i work monday to friday" / "my schedule is wednesday through sunday now", "works
weekends"; "周一到周五上班" / "现在排班是周三到周日". Not read: another person's shift or days, a past ("used to work
nights"), one day ("have to work this saturday", "这周六要加班").
"""

from __future__ import annotations

import re

from memories.write.slot_values import Slot

__all__ = ["en_shift", "zh_workdays"]

# "the night shift", "day shifts", "the early shift"; alone, only a plural or the graveyard ("works nights", "on days";
# "works late tonight" is no shift)
_SHIFT = (r"(?:(?:the|a)\s+)?(?:(?P<kind>day|night|midnight|evening|overnight|graveyard|late|early|morning|swing"
          r"|afternoon)\s+shifts?|(?P<bare>days|nights|mids|evenings|overnights|graveyard))")
_SELF_LEAD = r"(?i)^(?:i|the user)(?:'m|'ve|\s+am|\s+is|\s+was|\s+has|\s+have|\s+been|\s+just|\s+now|\s+still|" \
    r"\s+finally|\s+currently|\s+mostly|\s+usually|\s+only|\s+also)*\s+"
_RULES = (
    # "works day shifts", "work nights at the hospital", "working the night shift"
    re.compile(rf"{_SELF_LEAD}(?:works?|working)\s+{_SHIFT}\b(?!\s+(?:off|of|before|ago)\b)"),
    # "on nights now", "on the graveyard shift"
    re.compile(rf"{_SELF_LEAD}(?:back\s+)?on\s+{_SHIFT}\b(?!\s+(?:off|of)\b)"),
    # "was moved to nights", "switched to day shifts", "going back to days", "put on nights"
    re.compile(rf"{_SELF_LEAD}(?:got\s+)?(?:moved|switched|switching|changed|changing|transferred|put|going|goes|"
               rf"go|went|moving|swapped|swapping)\s+(?:back\s+|over\s+)?(?:to|onto|on)\s+{_SHIFT}\b"),
)
_HOUR = r"\d{1,2}(?::\d{2})?\s*(?:am|pm)?"
#: The hours of one's own shift: "my warehouse shift is 6am to 2pm", "the user's shift was moved to 2pm-10pm".
_HOURS = re.compile(rf"(?i)^(?:my|the user's)\s+(?:[a-z]+\s+)?shifts?(?:\s+(?:at|in|on)\s+(?:the\s+)?[a-z]+)?\s+"
                    rf"(?:is|are|was|were|has\s+been|got|'s)?\s*(?:now\s+)?"
                    rf"(?:(?:moved|changed|switched|pushed|bumped)\s+(?:back\s+)?to\s+)?(?:from\s+)?"
                    rf"(?P<start>{_HOUR})\s*(?:-|–|to|till|until)\s*(?P<end>{_HOUR})")
_ONE_DAY = re.compile(r"(?i)\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend|[a-z]+day))\b")
_PAST = re.compile(r"(?i)\bused to\b|\bback (?:in|then)\b|\bago\b|\bwhen (?:i|the user) was\b")
_VALUES = {"day": "day", "early": "day", "morning": "day", "night": "night", "midnight": "night", "mid": "night",
           "overnight": "night", "graveyard": "night", "evening": "evening", "late": "evening", "swing": "evening",
           "afternoon": "evening"}


def en_shift(sentence: str, speaker: str) -> list[Slot]:
    """``shift`` (or ``workdays``, or the ``grade-taught``) of the speaker, or nothing."""
    if _PAST.search(sentence):  # whose: the sentence opens with the speaker ("my …", "the user …")
        return []
    if (grade := _GRADE_EN.search(sentence)) is not None and not _ONE_DAY.search(sentence):
        said = grade.group("g") or grade.group("g2") or grade.group("g3") or "k"
        return [Slot(speaker, "grade-taught", said.casefold())]
    days = _DAYS_EN.search(sentence) if not _ONE_DAY.search(sentence) else None
    if days is not None:
        return [Slot(speaker, "workdays", _week(days.group("start"), days.group("end"), days.group("span")))]
    hours = _HOURS.match(sentence)
    if hours and re.search(r"(?i)am|pm|:", hours.group()) and not _ONE_DAY.search(sentence):
        return [Slot(speaker, "shift-hours", "-".join(re.sub(r"\s+", "", hours.group(g)).casefold()
                                                      for g in ("start", "end")))]
    for rule in _RULES:
        said = rule.search(sentence)
        if said is not None:
            kind = (said.group("kind") or said.group("bare")).casefold()
            return [Slot(speaker, "shift", _VALUES[kind[:-1] if kind.endswith("s") else kind])]
    return []


_DAY_EN = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?"
#: The days of one's own working week: "i work monday to friday", "the user's schedule is wednesday through sunday
#: now", "works weekends".
_DAYS_EN = re.compile(
    rf"(?i)(?:{_SELF_LEAD.removeprefix('(?i)')}(?:works?|working)\s+(?:from\s+)?|^(?:my|the user's)\s+(?:work\s+)?"
    rf"(?:schedule|rota|work\s*week|shifts?|hours)\s+(?:is|are|'s|has\s+been|got\s+changed\s+to)\s+(?:now\s+)?(?:from\s+)?)"
    rf"(?:(?P<start>{_DAY_EN})\s*(?:to|through|thru|till|until|-|–)\s*(?P<end>{_DAY_EN})|(?P<span>weekends|weekdays)\b)")
_ZH_DAY = "一二三四五六日天"
_ZH_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "sun")
_DAYS_ZH = re.compile(rf"^(?:用户|我)?(?:现在|目前|如今|最近)?(?:的)?(?:排班|上班时间|工作时间|班)?"
                      rf"(?:是|改成了?|改为|变成了?)?"
                      rf"(?:每)?(?:周|星期|礼拜)(?P<start>[{_ZH_DAY}])(?:到|至|-|—)(?:周|星期|礼拜)?(?P<end>[{_ZH_DAY}])"
                      rf"(?P<work>上班|工作|值班|坐班)?")


def _week(start: str | None, end: str | None, span: str | None) -> str:
    """A working week as ``mon-fri``."""
    if span:
        return "sat-sun" if span.casefold() == "weekends" else "mon-fri"
    return f"{(start or '')[:3].casefold()}-{(end or '')[:3].casefold()}"


#: The grade a teacher teaches: "teaches 4th grade", "was bumped up to teaching 5th", "a 3rd-grade teacher",
#: "teaches kindergarten"; "教四年级", "今年学校安排我带五年级了", "教初二".
_GRADE_EN = re.compile(
    rf"{_SELF_LEAD}(?:(?:got\s+)?(?:bumped|moved|switched)\s+(?:up\s+|down\s+|over\s+)?to\s+)?(?:teach(?:es|ing)?\s+(?:the\s+)?"
    rf"(?:(?P<g>\d{{1,2}})(?:st|nd|rd|th)(?:[- ]grade(?:rs)?)?|grade\s+(?P<g2>\d{{1,2}})|kindergarten)|"
    rf"(?:a|an)\s+(?P<g3>\d{{1,2}})(?:st|nd|rd|th)[- ]grade\s+teacher)\b(?!.*\bnext\b)")
_GRADE_ZH = re.compile(r"^(?:用户|我)[^，。；,]{0,12}?(?:教|带)(?P<g>[一二三四五六七八九]|初[一二三]|高[一二三])年?级?"
                       r"(?![^，。；,]{0,4}的课)")


def zh_workdays(sentence: str, speaker: str) -> list[Slot]:
    """``workdays`` of the speaker said in Chinese ("用户周一到周五上班", "用户现在排班是周三到周日"), or the grade they
    teach, or nothing."""
    if (grade := _GRADE_ZH.match(sentence)) is not None and not re.search(r"今天|明天|这周|代课|代了", sentence):
        said_grade = grade.group("g")
        number = {"初": 6, "高": 9}.get(said_grade[0], 0) + "一二三四五六七八九".index(said_grade[-1]) + 1
        return [Slot(speaker, "grade-taught", str(number))]
    said = _DAYS_ZH.match(sentence)
    if said is None or not (said.group("work") or re.search(r"排班|上班时间|工作时间", said.group())) \
            or re.search(r"[这下上]个?(?:周|星期|礼拜)", sentence):
        return []
    start, end = (_ZH_NAMES[_ZH_DAY.index(said.group(g))] for g in ("start", "end"))
    return [Slot(speaker, "workdays", f"{start}-{end}")]
