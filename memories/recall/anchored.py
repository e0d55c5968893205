"""Times said relative to the day of asking, when the question says that day: the date lever's periods.

An agent that knows the date says it in the question: "Today is Tuesday, 10 November 2026. What did I start two
weeks ago?", "Current date: 2026/11/10 (Tue). Which race did I run last month?", "今天是2026年11月10日。我上个月
去了哪里？". That day is when the question is asked, not the date it asks about: ``read`` takes it out of the text
(the date lever reads the rest) and turns the question's relative times into periods counted back from it ("two
weeks ago": the days around 27 October; "last month": October; "yesterday": 9 November). A memory valid in such a
period gains the date lever's boost as one valid at a named date does (``dates.named_dates``). A search given
``as_of`` (an agent replaying history: API.md) is asked that day when its question says none (``asked_at_as_of``). A
question that says no day of asking, searched without ``as_of``, is left alone: "yesterday" then says nothing (the
service does not guess when it was asked).
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

_MONTHS = {name.casefold(): n for n, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.casefold(): n for n, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_MONTH = r"(?P<m>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_WEEKDAYS = [name.casefold() for name in calendar.day_name]
_WEEKDAY = r"(?:(?:" + "|".join(_WEEKDAYS) + r"|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?,?\s+|\(\w{2,9}\)\s*)?"
# The words that say the day of asking, then that day (a weekday may come first or after, in brackets)
_LEAD = r"(?:today(?:'s date)?\s+is|today:|(?:the\s+)?(?:current\s+)?date(?:\s+today)?\s*(?:is|:)|it\s+is\s+now|" \
        r"it's\s+now|now\s+is|asked\s+on|as\s+of)\s*,?\s*"
_ANCHORS = [
    re.compile(rf"\b{_LEAD}{_WEEKDAY}(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+(?P<y>20\d\d)\b", re.I),
    re.compile(rf"\b{_LEAD}{_WEEKDAY}{_MONTH}\s+(?P<d>[0-3]?\d)(?:st|nd|rd|th)?,?\s+(?P<y>20\d\d)\b", re.I),
    re.compile(rf"\b{_LEAD}{_WEEKDAY}(?P<y>20\d\d)[-/.](?P<m>[01]?\d)[-/.](?P<d>[0-3]?\d)\b(?:\s*\(\w{{2,9}}\))?",
               re.I),
    re.compile(r"(?:今天|今日|现在|現在|当前日期|當前日期)(?:是|为|為|:|：)?\s*(?P<y>20\d\d)\s*年\s*(?P<m>1[0-2]|0?[1-9])\s*月"
               r"\s*(?P<d>[0-3]?\d)\s*[日号號]"),
]

#: The day of asking of the search running (its ``as_of``), for a question that says none
_ASKED_ON: ContextVar[dt.date | None] = ContextVar("asked_on", default=None)
_Search = TypeVar("_Search", bound=Callable[..., Any])

_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "couple of": 2, "a few": 3, "few": 3,
           "several": 4, "a fortnight": 2}
_COUNT = r"(?P<n>\d{1,2}|a couple of|couple of|a few|few|several|an?|one|two|three|four|five|six|seven|eight|nine|" \
         r"ten|eleven|twelve)"
_AGO = re.compile(rf"\b{_COUNT}\s+(?P<u>day|week|month|year)s?\s+(?:ago|back|earlier|before\s+(?:today|now))\b",
                  re.I)
_FORTNIGHT = re.compile(r"\ba\s+fortnight\s+ago\b", re.I)
_LAST = re.compile(r"\b(?P<w>last|this|past|previous)\s+(?P<u>week(?:end)?|month|year)\b", re.I)
_WITHIN = re.compile(rf"\b(?:in|over|during|within)\s+the\s+(?:last|past)\s+{_COUNT}\s+(?P<u>day|week|month)s?\b",
                     re.I)
_NAMED_DAY = re.compile(r"\b(?:last|this\s+past|on)\s+(?P<w>" + "|".join(_WEEKDAYS) + r")\b", re.I)
_YESTERDAY = re.compile(r"\b(?P<b>the\s+day\s+before\s+)?yesterday\b|\blast\s+night\b", re.I)
_ZH_NUM = {"一": 1, "两": 2, "兩": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
           "几": 3, "幾": 3, "半": 0}
_ZH_AGO = re.compile(r"(?P<n>\d{1,2}|十[一二]?|[一两兩二三四五六七八九几幾半])\s*(?:个|個)?\s*"
                     r"(?P<u>天|日|周|週|星期|礼拜|禮拜|月|年)(?:以前|之前|前)")
_ZH_LAST = {"上周末": "weekend", "上個週末": "weekend", "上个周末": "weekend", "上周": "week", "上週": "week",
            "上个星期": "week", "上個星期": "week", "上礼拜": "week", "上禮拜": "week", "上个月": "month",
            "上個月": "month", "上月": "month", "去年": "year", "昨天": "yesterday", "昨晚": "yesterday",
            "前天": "day before", "这个月": "this month", "這個月": "this month", "本月": "this month",
            "今年": "this year", "这周": "this week", "這週": "this week", "本周": "this week"}


@dataclass(frozen=True)
class Period:
    """Days a question counts back to from the day it was asked, ``first`` to ``last``."""

    first: dt.date
    last: dt.date

    def holds(self, when: dt.date, slack: int = 1) -> bool:
        """Whether a memory valid on ``when`` was valid in this period (± ``slack`` days)."""
        return self.first - dt.timedelta(days=slack) <= when <= self.last + dt.timedelta(days=slack)


def _months_back(day: dt.date, months: int) -> dt.date:
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return dt.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _around(anchor: dt.date, count: int, unit: str) -> Period:
    """``count`` ``unit``s before ``anchor``, widened as such a count is said loosely ("seven months ago")."""
    if unit == "day":
        centre, half = anchor - dt.timedelta(days=count), max(1, count // 4)
    elif unit == "week":
        centre, half = anchor - dt.timedelta(weeks=count), 3 + count
    elif unit == "month":
        centre, half = _months_back(anchor, count), 12 + 3 * count
    else:
        centre, half = _months_back(anchor, 12 * count), 120
    return Period(centre - dt.timedelta(days=half), centre + dt.timedelta(days=half))


def _calendar(anchor: dt.date, unit: str, this: bool) -> Period:
    """The week, weekend, month or year before the anchor's (``this``: the anchor's own, up to the anchor)."""
    monday = anchor - dt.timedelta(days=anchor.weekday())
    if unit == "weekend":
        saturday = monday - dt.timedelta(days=2) if not this or anchor.weekday() < 5 else monday + dt.timedelta(days=5)
        return Period(saturday, saturday + dt.timedelta(days=1))
    if unit == "week":
        return Period(monday, anchor) if this else Period(monday - dt.timedelta(days=7), monday - dt.timedelta(days=1))
    if unit == "month":
        first = anchor.replace(day=1)
        return Period(first, anchor) if this else Period(_months_back(first, 1), first - dt.timedelta(days=1))
    first = anchor.replace(month=1, day=1)
    return Period(first, anchor) if this else Period(first.replace(year=first.year - 1), first - dt.timedelta(days=1))


def _count(value: str) -> int:
    value = value.casefold()
    return int(value) if value.isdigit() else _COUNTS.get(value, 1)


def _zh_count(value: str) -> float:
    if value.isdigit():
        return int(value)
    if len(value) > 1:  # 十一, 十二
        return 10 + _ZH_NUM[value[1]]
    return _ZH_NUM[value] or 0.5


def _periods(text: str, anchor: dt.date) -> list[Period]:
    found = [_around(anchor, _count(m["n"]), m["u"].casefold()) for m in _AGO.finditer(text)]
    found += [_around(anchor, 2, "week") for _ in _FORTNIGHT.finditer(text)]
    found += [_calendar(anchor, m["u"].casefold(), m["w"].casefold() == "this") for m in _LAST.finditer(text)]
    for m in _WITHIN.finditer(text):
        span = _around(anchor, _count(m["n"]), m["u"].casefold())
        found.append(Period(span.first, anchor))
    for m in _NAMED_DAY.finditer(text):
        back = (anchor.weekday() - _WEEKDAYS.index(m["w"].casefold())) % 7 or 7
        day = anchor - dt.timedelta(days=back)
        found.append(Period(day, day))
    for m in _YESTERDAY.finditer(text):
        day = anchor - dt.timedelta(days=2 if m["b"] else 1)
        found.append(Period(day, day))
    for m in _ZH_AGO.finditer(text):
        count, unit = _zh_count(m["n"]), {"天": "day", "日": "day", "月": "month", "年": "year"}.get(m["u"], "week")
        if count < 1:  # 半个月, 半年
            count, unit = (15, "day") if unit == "month" else (6, "month")
        found.append(_around(anchor, int(count), unit))
    for word, unit in sorted(_ZH_LAST.items(), key=lambda item: -len(item[0])):  # 上周末 before 上周
        if word in text:
            text = text.replace(word, " ")
            if unit in ("yesterday", "day before"):
                day = anchor - dt.timedelta(days=1 if unit == "yesterday" else 2)
                found.append(Period(day, day))
            else:
                found.append(_calendar(anchor, unit.split()[-1], unit.startswith("this")))
    return list(dict.fromkeys(found))


@functools.lru_cache(maxsize=4096)
def _asked(query: str) -> tuple[str, dt.date | None]:
    for pattern in _ANCHORS:
        match = pattern.search(query)
        if match is None:
            continue
        month = match["m"]
        number = int(month) if month.isdigit() else _MONTHS.get(month.casefold().rstrip("."), 0)
        try:
            anchor = dt.date(int(match["y"]), number, int(match["d"]))
        except ValueError:
            continue
        return query[:match.start()] + " " * (match.end() - match.start()) + query[match.end():], anchor
    return query, None


def unsaid(query: str) -> str:
    """``query`` without the day it says it is asked (blanks in its place): what the words and the vector match;
    ``query`` itself when it says no such day."""
    return _asked(query)[0]


def asked_on() -> dt.date | None:
    """The day of asking of the search running when its question says none: its ``as_of``'s date, or None."""
    return _ASKED_ON.get()


def asked_at_as_of(search: _Search) -> _Search:
    """``search`` (called with keywords) asked on its ``as_of``'s day (``asked_on``) while it runs."""
    @functools.wraps(search)
    def run(*args: Any, **kwargs: Any) -> Any:
        as_of = kwargs.get("as_of")
        token = _ASKED_ON.set(as_of.date() if isinstance(as_of, dt.datetime) else None)
        try:
            return search(*args, **kwargs)
        finally:
            _ASKED_ON.reset(token)
    return run  # type: ignore[return-value]


def read(query: str, day: dt.date | None = None) -> tuple[str, list[Period]]:
    """``query`` without the day it says it is asked, and the periods its relative times name counted back from
    that day, else from ``day`` (a search's ``as_of``); ``query`` itself and no period when it says no such day and
    ``day`` is None."""
    rest, anchor = _asked(query)
    anchor = anchor or day
    return rest, [] if anchor is None else _periods(rest, anchor)
