"""The dates a question names, and the memories valid then: the date lever (docs/recall.md, "Levers").

"What did Nate do for Joanna on 25 May, 2022?", "Where did Joanna travel in July 2022?", "What did John do the
week before August 3, 2023?", "我2023年5月25日做了什么？", "三月份去了哪里？": the question names a day, a month or a
year, and the memory that answers it was written (its ``valid_from``) then, whatever words it uses ("Looky here, I
got this new pup for you!"). Such memories gain ``settings.RECALL_DATE_BOOST`` of their score.

A named day matches the memories valid within ``DAY_SLACK`` days of it ("the week before 16 November" is said on the
16th); a month the memories of that month (± the slack); a year those of that year. A day or month named without a
year ("in July", "5月25日") matches it in any year; so does a Chinese holiday (五一: May; 国庆: October;
春节: January or February). A question naming no date is left alone, and so is every memory when the question
names one: only explicit calendar dates are read ("yesterday" says nothing without the time it
was asked), and the periods a question's relative times name when it says the day it is asked ("Today is 10 November
2026. What did I start two weeks ago?": ``anchored.read``; that day itself is not a date asked about).
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

from memories.recall.anchored import Period, asked_on, read
from memories.recall.rank import Candidate, Key

#: A named day matches memories valid this many days before or after it.
DAY_SLACK = 3

_MONTHS = {name.casefold(): n for n, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.casefold(): n for n, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
# Capitalised month names (a question's lowercase "may" or "march" is a verb); May and March only in a date's shape.
_MONTH = r"(?P<{}>January|February|March|April|May|June|July|August|September|October|November|December|" \
         r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
_DAY = r"(?P<{}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<{}>(?:19|20)\d\d)"
_ENGLISH = [
    re.compile(rf"\b{_DAY.format('d')}\s+(?:of\s+)?{_MONTH.format('m')},?\s+{_YEAR.format('y')}\b"),
    re.compile(rf"\b{_MONTH.format('m')}\s+{_DAY.format('d')},?\s+{_YEAR.format('y')}\b"),
    re.compile(rf"\b{_YEAR.format('y')}-(?P<m>[01]\d)-(?P<d>[0-3]\d)\b"),
    re.compile(rf"\b{_MONTH.format('m')},?\s+{_YEAR.format('y')}\b"),
    re.compile(rf"\b{_DAY.format('d')}\s+(?:of\s+)?{_MONTH.format('m')}\b"),
    re.compile(rf"\b{_MONTH.format('m')}\s+{_DAY.format('d')}\b(?!\s*(?:%|years?|days?|weeks?|months?|hours?))"),
    re.compile(rf"\b(?:in|of|during|since|until|by|early|late|mid|mid-|last|this|next|before|after|around)\s+"
               rf"(?:the\s+(?:\w+\s+){{1,3}}of\s+)?{_MONTH.format('m')}\b"),
    re.compile(rf"\b(?!May\b|March\b|Mar\b){_MONTH.format('m')}\b"),
    re.compile(rf"\b(?:in|of|during|since|until|by|early|late)\s+{_YEAR.format('y')}\b"),
]
_ZH_MONTH = r"(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])"
_CHINESE = [
    re.compile(rf"(?P<y>(?:19|20)\d\d)\s*年\s*{_ZH_MONTH}\s*月\s*(?P<d>[0-3]?\d)\s*[日号]"),
    re.compile(rf"(?P<y>(?:19|20)\d\d)\s*年\s*{_ZH_MONTH}\s*月"),
    re.compile(rf"(?<![\d年]){_ZH_MONTH}\s*月\s*(?P<d>[0-3]?\d)\s*[日号]"),
    re.compile(rf"(?<![\d年个]){_ZH_MONTH}\s*月(?!\d|\s*[日号])"),
    re.compile(r"(?P<y>(?:19|20)\d\d)\s*年(?!\s*\d{1,2}\s*月)"),
]
# Holidays a Chinese question names as its date ("我五一去哪玩了？", "国庆去了哪里？"): the months they fall in (a lunar
# one, in every year: 腊八 in January, 春节 from late January to late February, 中秋 from September into October).
_ZH_HOLIDAYS = tuple((re.compile(pattern), months) for pattern, months in (
    (r"元旦", (1,)), (r"腊八", (1,)), (r"腊月|小年", (1, 2)), (r"春节|过年|除夕|大年|年三十|正月|寒假", (1, 2)),
    (r"情人节", (2,)), (r"元宵", (2, 3)), (r"妇女节", (3,)), (r"清明", (4,)), (r"五一|劳动节|母亲节", (5,)),
    (r"端午", (5, 6)), (r"儿童节|父亲节", (6,)), (r"暑假", (7, 8)), (r"七夕", (8,)), (r"教师节", (9,)),
    (r"中秋", (9, 10)), (r"国庆|十一(?:长假|假期|黄金周)", (10,)), (r"重阳", (10,)), (r"双十一|双11", (11,)),
    (r"冬至", (12,)), (r"圣诞|平安夜", (12,)),
))
_ZH_NUMBERS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
               "十一": 11, "十二": 12}


@dataclass(frozen=True)
class Span:
    """A date the question names: a day, a month (``day`` None) or a year (``month`` None); ``year`` None when
    it was not said (any year)."""

    year: int | None
    month: int | None = None
    day: int | None = None

    def holds(self, when: dt.date, slack: int = DAY_SLACK) -> bool:
        """Whether a memory valid on ``when`` was valid at this date (a day ± ``slack``; a month ± ``slack``)."""
        if self.month is None:
            return when.year == self.year
        years = [self.year] if self.year is not None else [when.year - 1, when.year, when.year + 1]
        for year in years:
            if self.day is not None:
                try:
                    first = last = dt.date(year, self.month, self.day)
                except ValueError:
                    return False
            else:
                first = dt.date(year, self.month, 1)
                last = dt.date(year, self.month, calendar.monthrange(year, self.month)[1])
            if first - dt.timedelta(days=slack) <= when <= last + dt.timedelta(days=slack):
                return True
        return False


def _month(value: str) -> int | None:
    if value.isdigit():
        return int(value)
    return _ZH_NUMBERS.get(value) or _MONTHS.get(value.casefold().rstrip("."))


def named_dates(query: str) -> list[Span | Period]:
    """The calendar dates ``query`` names, in English or Chinese, each read once (the longest form first: "25 May,
    2022" is one day, not also May and 2022), after the periods its relative times name counted back from the day
    it says it is asked, or its search's ``as_of`` (``anchored.read``). Read once per text and day: a search asks for
    its query's at every fusion."""
    return list(_named_dates(query, asked_on()))


@functools.lru_cache(maxsize=4096)
def _named_dates(query: str, asked: dt.date | None) -> tuple[Span | Period, ...]:
    query, periods = read(query, asked)
    spans: list[Span | Period] = [*periods]
    rest = query
    for pattern in (*_CHINESE, *_ENGLISH):
        for match in pattern.finditer(rest):
            found = match.groupdict()
            month = _month(found["m"]) if found.get("m") else None
            day = int(found["d"]) if found.get("d") else None
            year = int(found["y"]) if found.get("y") else None
            if not 1 <= (month or 1) <= 12 or not 1 <= (day or 1) <= 31:
                continue
            span = Span(year, month, day)
            if span not in spans:
                spans.append(span)
        rest = pattern.sub(lambda m: " " * len(m.group(0)), rest)
    for holiday, months in _ZH_HOLIDAYS:
        if holiday.search(query):
            spans.extend(span for month in months if (span := Span(None, month)) not in spans)
    return tuple(spans)


def date_boosts(fused: Mapping[Key, float], candidates: Mapping[Key, Candidate], spans: list[Span | Period],
                boost: float) -> dict[Key, float]:
    """Every candidate's score, × (1 + ``boost``) for those valid at a date the question names (``named_dates``)."""
    if not spans or boost <= 0:
        return dict(fused)
    lifted = dict(fused)
    for pk, value in fused.items():
        when = candidates[pk].valid_from.date()
        if any(span.holds(when) for span in spans):
            lifted[pk] = value * (1.0 + boost)
    return lifted
