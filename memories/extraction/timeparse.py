"""Relative times in English and Chinese, resolved against the moment a message was said.

``resolve(text, said, zh)`` returns the text with each relative expression replaced by an absolute one
("yesterday" → "on 7 May 2023", "下个月" → "2023年6月") and the day the statement most likely became true
when the expression points to the past (for the memory's ``valid_from``), else None.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_ZH_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "a few": 3, "couple of": 2, "few": 3}
_ZH_NUMBER = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
              "几": 3}

_EN = re.compile(
    r"(?i)\b(?:(?P<day>yesterday|today|tonight|tomorrow|this\s+morning|this\s+afternoon|this\s+evening|last\s+night"
    r"|the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow)"
    # not after a possessive or "the": "my last month teaching", "home for the next year" name a span, not a date
    r"|(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)(?<!\byour\s)(?<!'s\s)(?<!’s\s)"
    r"(?P<rel>last|next|this|past|coming)\s+(?P<unit>week(?:end)?|month|year|summer|winter|spring|fall|autumn"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|(?P<n>\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+few|couple\s+of|few)"
    r"\s+(?P<nunit>days?|weeks?|weekends?|months?|years?)\s+(?P<dir>ago|from\s+now|later))\b")

_ZH = re.compile(
    r"(?P<day>大前天|前天|昨天|昨晚|今天|今晚|今早|明天|后天|大后天)"
    r"|(?P<wk>上上|上|下下|下|这|本)(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"
    r"|(?P<week>上上|上|下下|下|这|本)(?:个)?(?:周末|周|星期|礼拜)(?!几)"
    r"|(?P<month>上上|上|下下|下|这|本)个?月"
    r"|(?P<year>前年|去年|今年|明年|后年)"
    r"|(?P<n>\d+|[一两二三四五六七八九十几])(?:个)?(?P<nunit>天|周|星期|月|年)(?P<dir>前|后|以前|以后)")

#: An age after 今年 ("今年32岁", "今年已经六十岁了", "今年满18周岁", "今年31，…").
_ZH_AGE_AFTER = re.compile(r"(?:已经|才|都|刚|就|满|快|刚满)*(?:\d{1,3}|[一两二三四五六七八九十]{1,3})"
                           r"(?:周?岁|了?(?=$|[，,。！!；;~～]))")


def _en_day(d: date) -> str:
    return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"


def _zh_day(d: date) -> str:
    return f"{d.year}年{d.month}月{d.day}日"


def _month_shift(d: date, months: int) -> date:
    index = d.year * 12 + d.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _week_start(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _en_count(raw: str) -> int:
    raw = re.sub(r"\s+", " ", raw.casefold())
    return int(raw) if raw.isdigit() else _NUMBER.get(raw, 1)


def _en(m: re.Match[str], today: date) -> tuple[str, date | None]:
    """The replacement text and, for the past, the day it points to."""
    if m.group("day"):
        return _en_named_day(m, today)
    if m.group("unit"):
        return _en_relative(m, today)
    return _en_counted(m, today)


def _en_named_day(m: re.Match[str], today: date) -> tuple[str, date | None]:
    """"yesterday", "tonight", "the day after tomorrow", ..."""
    word = re.sub(r"\s+", " ", m.group("day").casefold())
    offset = {"yesterday": -1, "last night": -1, "the day before yesterday": -2, "tomorrow": 1,
              "the day after tomorrow": 2}.get(word, 0)
    d = today + timedelta(days=offset)
    if offset == 0:
        return f"{m.group(0)} ({_en_day(d)})", d
    return f"on {_en_day(d)}", d if offset < 0 else None


def _en_relative(m: re.Match[str], today: date) -> tuple[str, date | None]:
    """"last week", "next Friday", "this summer", ..."""
    rel, unit = m.group("rel").casefold(), m.group("unit").casefold()
    step = -1 if rel in ("last", "past") else 1 if rel in ("next", "coming") else 0
    if unit in _WEEKDAYS:
        return _en_weekday(unit, step, today)
    if unit in ("week", "weekend"):
        start = _week_start(today) + timedelta(weeks=step)
        if unit == "weekend":
            start += timedelta(days=5)
        return f"the {unit} of {_en_day(start)}", start if step < 0 else None
    if unit == "month":
        d = _month_shift(today, step)
        return f"in {_MONTHS[d.month - 1]} {d.year}", d if step < 0 else None
    if unit == "year":
        return f"in {today.year + step}", date(today.year + step, 1, 1) if step < 0 else None
    if step < 0:  # the last one that ended: "last summer" said in December is this year's
        return f"{m.group(0)} ({today.year - (today.month <= _SEASON_END.get(unit, 12))})", None
    return f"{m.group(0)} ({today.year + step})", None


_SEASON_END = {"spring": 5, "summer": 8, "fall": 11, "autumn": 11, "winter": 2}  # its last month


def _en_weekday(unit: str, step: int, today: date) -> tuple[str, date | None]:
    """"last Monday" (the one before today), "next Monday" (the one after), "this Monday" (of this week)."""
    target = _WEEKDAYS.index(unit)
    if step < 0:
        d = today - timedelta(days=(today.weekday() - target) % 7 or 7)
    elif step > 0:
        d = today + timedelta(days=(target - today.weekday()) % 7 or 7)
    else:
        d = _week_start(today) + timedelta(days=target)
    return f"on {unit.capitalize()}, {_en_day(d)}", d if d < today else None


def _en_counted(m: re.Match[str], today: date) -> tuple[str, date | None]:
    """"three days ago", "a couple of weeks from now", "two years later", ..."""
    n, unit = _en_count(m.group("n")), m.group("nunit").casefold().rstrip("s")
    sign = -1 if m.group("dir").casefold() == "ago" else 1
    if unit == "day":
        d = today + timedelta(days=sign * n)
        return f"on {_en_day(d)}", d if sign < 0 else None
    if unit == "week":
        d = today + timedelta(weeks=sign * n)
        return f"around {_en_day(d)}", d if sign < 0 else None
    if unit == "weekend":  # "two weekends ago": the Saturday of the week n weeks away
        d = _week_start(today) + timedelta(weeks=sign * n, days=5)
        return f"the weekend of {_en_day(d)}", d if sign < 0 else None
    if unit == "month":
        d = _month_shift(today, sign * n)
        return f"in {_MONTHS[d.month - 1]} {d.year}", d if sign < 0 else None
    return f"in {today.year + sign * n}", date(today.year + sign * n, 1, 1) if sign < 0 else None


def _zh_step(prefix: str) -> int:
    return {"上上": -2, "上": -1, "下下": 2, "下": 1, "这": 0, "本": 0}[prefix]


def _zh(m: re.Match[str], today: date) -> tuple[str, date | None]:
    if m.group("day"):
        offset = {"大前天": -3, "前天": -2, "昨天": -1, "昨晚": -1, "今天": 0, "今晚": 0, "今早": 0, "明天": 1,
                  "后天": 2, "大后天": 3}[m.group("day")]
        d = today + timedelta(days=offset)
        return _zh_day(d), d if offset < 0 else (d if offset == 0 else None)
    if m.group("wk"):
        d = _week_start(today) + timedelta(weeks=_zh_step(m.group("wk")), days=_ZH_WEEKDAY[m.group("wd")])
        return f"{_zh_day(d)}（周{m.group('wd')}）", d if d < today else None
    if m.group("week"):
        return _zh_week(m, today)
    if m.group("month"):
        step = _zh_step(m.group("month"))
        d = _month_shift(today, step)
        return f"{d.year}年{d.month}月", d if step < 0 else None
    if m.group("year"):
        if m.group("year") == "今年" and (age := _ZH_AGE_AFTER.match(m.string, m.end())):
            # "今年32岁了": an age, true as of when it was said, not "2026年32岁" ("今年31，…" keeps its 今年)
            return "" if "岁" in age.group() else m.group(0), None
        step = {"前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}[m.group("year")]
        return f"{today.year + step}年", date(today.year + step, 1, 1) if step < 0 else None
    return _zh_counted(m, today)


def _zh_week(m: re.Match[str], today: date) -> tuple[str, date | None]:
    """"上周", "下个周末", ..."""
    step = _zh_step(m.group("week"))
    start = _week_start(today) + timedelta(weeks=step)
    if "周末" in m.group(0):
        return f"{_zh_day(start + timedelta(days=5))}那个周末", start + timedelta(days=5) if step < 0 else None
    return f"{_zh_day(start)}那一周", start if step < 0 else None


def _zh_counted(m: re.Match[str], today: date) -> tuple[str, date | None]:
    """"三天前", "两个月以后", ..."""
    raw = m.group("n")
    n = int(raw) if raw.isdigit() else _ZH_NUMBER.get(raw, 1)
    sign = -1 if "前" in m.group("dir") else 1
    unit = m.group("nunit")
    if unit == "天":
        d = today + timedelta(days=sign * n)
        return _zh_day(d), d if sign < 0 else None
    if unit in ("周", "星期"):
        d = today + timedelta(weeks=sign * n)
        return f"{_zh_day(d)}前后", d if sign < 0 else None
    if unit == "月" and "个" not in m.group(0) and raw not in ("两", "几"):
        return m.group(0), None  # "三月前得找到新住处": before March (a month's name), not three months ago
    if unit == "月":
        d = _month_shift(today, sign * n)
        return f"{d.year}年{d.month}月", d if sign < 0 else None
    return f"{today.year + sign * n}年", date(today.year + sign * n, 1, 1) if sign < 0 else None


#: A day's word capitalised inside a sentence: a title's ("The Day After Tomorrow"), not a time.
_TITLE_WORD = re.compile(r"(?:Yesterday|Today|Tonight|Tomorrow|The\s+Day\s+After\s+Tomorrow)\b")


_PREPOSITION_BEFORE = re.compile(r"(?i)\b(?:to|until|till|by|for|from|before|after|since|on|in|at|around)\s+$")


def resolve(text: str, said: datetime | None, zh: bool) -> tuple[str, date | None, bool]:
    """``text`` with its relative times made absolute; the earliest past day named; whether any time was named."""
    if said is None:
        return text, None, bool((_ZH if zh else _EN).search(text))
    today = said.date()
    past: list[date] = []
    found = False

    def sub(m: re.Match[str]) -> str:
        nonlocal found
        if not zh and _TITLE_WORD.match(m.group(0)) and text[:m.start()].rstrip()[-1:] not in ("", ".", "!", "?"):
            return m.group(0)  # "we're reading Tomorrow, and Tomorrow, and Tomorrow": a title's word, not a day
        found = True
        replacement, day = (_zh if zh else _en)(m, today)
        if not zh and _PREPOSITION_BEFORE.search(text[:m.start()]):  # "moved to next Thursday": not "to on"
            replacement = re.sub(r"^(?:on|in|around) ", "", replacement)
        if day is not None and day <= today:
            past.append(day)
        return replacement

    out = (_ZH if zh else _EN).sub(sub, text)
    out, more = _more(out, today, zh)
    return out, (min(past) if past else None), found or more


#: Times said in chat that need the day of the month or the tense: "on the 14th", "in two weeks", "end of the
#: month", "月底", "年初".
_EN_MORE = re.compile(
    r"(?i)\b(?:(?:on|by|until|till|before|after|from|since|is)\s+the\s+(?P<nth>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b"
    r"(?!\s+(?:of\b|century|floor|time|grade|place|anniversary|birthday|row|step|round|quarter|period|inning|half"
    r"|edition|January|February|March|April|May|June|July|August|September|October|November|December))"
    r"|in\s+(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+few)"
    r"\s+(?P<unit>days?|weeks?|months?)\b(?!\s+(?:ago|from\s+now|later|in\s+a\s+row))"
    r"|(?:by\s+|at\s+)?(?:the\s+)?end\s+of\s+(?:the|this)\s+(?P<end>month|year))")
# not a lunar day: "正月初六", "腊月初八", "大年初一" (a day of the month 初 begins, not "early in the month")
_ZH_MORE = re.compile(r"(?<![个上下这本\d一二三四五六七八九十去今明前后正腊冬闰年])(?P<unit>月|年)(?P<edge>底|初)"
                      r"(?![一二三四五六七八九十])")
#: A clause told in the past: "in two weeks" is then how long it took ("lost five pounds in two weeks").
_PAST_TOLD = re.compile(r"(?i)\b(?:was|were|did|had|got|lost|took|made|went|ran|won|spent|gained|\w+ed)\b|了")


def _more(text: str, today: date, zh: bool) -> tuple[str, bool]:
    """``text`` with the chat times of ``_EN_MORE`` / ``_ZH_MORE`` made absolute; whether it named one."""
    found = False

    def told_past(m: re.Match[str]) -> bool:  # the clause around the time, between punctuation marks
        start = max(text.rfind(p, 0, m.start()) for p in ",.;!?，。；")
        ends = [e for e in (text.find(p, m.end()) for p in ",.;!?，。；") if e >= 0]
        clause = text[start + 1:min(ends, default=len(text))]
        if not zh:  # its own clause of two joined: "I'm signed up for the half and the race is in 4 weeks"
            at = m.start() - start - 1
            joins = [j.end() for j in re.finditer(r"(?i)\s(?:and|but|so)\s", clause) if j.end() <= at]
            clause = clause[max(joins, default=0):]
        return bool(_PAST_TOLD.search(clause))

    def zh_sub(m: re.Match[str]) -> str:
        nonlocal found
        found = True
        return f"{today.year}年{m.group('edge')}" if m.group("unit") == "年" else \
            f"{today.year}年{today.month}月{m.group('edge')}"

    def en_sub(m: re.Match[str]) -> str:
        nonlocal found
        if m.group("end"):
            found = True
            return f"{m.group(0)} ({_MONTHS[today.month - 1] + ' ' if m.group('end') == 'month' else ''}{today.year})"
        if m.group("n"):
            if told_past(m):
                return m.group(0)
            found = True
            n, unit = _en_count(m.group("n")), m.group("unit").casefold().rstrip("s")
            d = today + timedelta(days=n) if unit == "day" else today + timedelta(weeks=n) if unit == "week" \
                else _month_shift(today, n)
            return f"{m.group(0)} ({'around ' if unit != 'day' else ''}{_en_day(d)})"
        found = True
        day = int(m.group("nth"))
        named = _nth_of_month_named(text, m, day, today, told_past(m))
        if named is not None:
            return f"{m.group(0)} ({_en_day(named)})"
        step = (-1 if day > today.day else 0) if told_past(m) else (0 if day >= today.day else 1)
        d = _month_shift(today.replace(day=1), step)
        try:
            d = d.replace(day=day)
        except ValueError:
            return m.group(0)
        return f"{m.group(0)} ({_en_day(d)})"

    if not zh:
        return _EN_MORE.sub(en_sub, text), found
    dated = _ZH_DATE.sub(lambda m: _zh_date(m, today, told_past(m)), _ZH_MORE.sub(zh_sub, text))
    return dated, found or dated != _ZH_MORE.sub(zh_sub, text)


_MONTH_NAMED = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|November"
                          r"|December)\b")


def _nth_of_month_named(text: str, m: re.Match[str], day: int, today: date, past: bool) -> date | None:
    """"the 24th" in a sentence that names one month ("a week in Crete for the October half-term, flying on the
    24th"): that month's day, the nearest one in the tense of the clause; None when no one month is named."""
    start = max(text.rfind(p, 0, m.start()) for p in ".;!?")
    ends = [e for e in (text.find(p, m.end()) for p in ".;!?") if e >= 0]
    named = {n.group(0) for n in _MONTH_NAMED.finditer(text[start + 1:min(ends, default=len(text))])}
    if len(named) != 1:
        return None
    month = _MONTHS.index(named.pop()) + 1
    for year in ((today.year, today.year - 1) if past else (today.year, today.year + 1)):
        try:
            d = date(year, month, day)
        except ValueError:
            return None
        if (d <= today) if past else (d >= today):
            return d
    return None


#: A month, with its day, said in Chinese numerals or with 号: "明年六月" (resolved to "2027年六月"), "五月十号",
#: "9月6号". Not a band's name ("五月天") nor a count ("三个月").
_ZH_DATE = re.compile(r"(?:(?P<year>\d{4}年)|(?<![\d年个]))(?P<m>1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])"
                      r"月(?!天|份?[前后])(?:(?P<d>3[01]|[12]\d|[1-9]|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])[号日])?")


_YEARLY = re.compile(r"生日|纪念日|每年|节日|过节")


def _zh_count(raw: str) -> int:
    """"17", "十七", "二十" → 17, 17, 20."""
    if raw.isdigit():
        return int(raw)
    tens, _, ones = raw.rpartition("十")
    if "十" not in raw:
        return _ZH_NUMBER[raw]
    return (_ZH_NUMBER[tens] if tens else 1) * 10 + (_ZH_NUMBER[ones] if ones else 0)


def _zh_date(m: re.Match[str], today: date, past: bool) -> str:
    """A month said in words as digits, under its year; a month and day with no year under the year it most
    likely falls in: this year, or the next when it is more than two months behind and not told in the past; a
    birthday or an anniversary as said."""
    month, day = _zh_count(m.group("m")), _zh_count(m.group("d")) if m.group("d") else 0
    if m.group("year"):
        return f"{m.group('year')}{month}月" + (f"{day}日" if day else "")
    if not day:
        return m.group(0) if m.group("m").isdigit() else f"{month}月"
    if _YEARLY.search(m.string):
        return m.group(0)  # "生日：十月二十日": a day of every year
    year = today.year + (1 if not past and (today.month - month) > 2 else 0)
    try:
        date(year, month, day)
    except ValueError:
        return m.group(0)
    return f"{year}年{month}月{day}日"


_LEAD = re.compile(r"^(?P<time>(?:on|in|the\s+(?:week|weekend)\s+of|around)\s+(?:\w+,\s+)?\d{1,2}\s+\w+\s+\d{4}"
                   r"|in\s+(?:\w+\s+)?\d{4})\s*,?\s*(?P<rest>.+?)(?P<end>[.!]*)$", re.DOTALL)


def starts_with_time(text: str) -> bool:
    return bool(_EN.match(text.lstrip()))


def time_to_end(text: str) -> str:
    """'on 7 May 2023 Alex went hiking.' → 'Alex went hiking on 7 May 2023.'"""
    m = _LEAD.match(text.strip())
    if not m:
        return text
    rest = m.group("rest").rstrip(" ,")
    return f"{rest[:1].upper()}{rest[1:]} {m.group('time')}{m.group('end')}"
