"""A Chinese correction or change that gives the new value only, for ``corrections``:

- a number ("说错了，她是1991年的", "更正一下：是三千八", "记错了 应该是12层") after the opener that says a
  correction (说错了, 记错了, 更正…: "是1991年的" alone corrects nothing), or a number said as all of a change
  ("涨到三千五了", "又降到68公斤了", "加到四片了"): the newest memory holding a number of the same kind (the same
  unit after it; a year of four digits; a plain amount when none is said) is that memory with the new number in
  its place;
- a surname ("更正一下 班主任姓汪 三点水那个"): the newest memory that says who it is of ("班主任姓…") with the
  new one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["bare_number"]

_NUM = r"(?:\d+(?:\.\d+)?|[零一二两三四五六七八九十百千万]{2,}|[一二两三四五六七八九十])"
#: Units a number is said with (a complete everyday class: time, money, weight, age, count, floor)
_UNIT = (r"(?:年|岁|周岁|元|块钱?|公斤|千克|斤|kg|KG|公里|km|米|厘米|cm|分钟|分|秒|小时|个小时|天|万|千|k|K|w|W|"
         r"头|个|人|口|次|片|粒|杯|瓶|层|楼|号|点|月|平米?|平方米?|度|码|号线)")
_BARE = re.compile(rf"^(?:不对|错了|说错了|我说错了|搞错了|我搞错了|记错了|我记错了|更正一下|更正|纠正一下|口误)"
                   rf"[，,：:！!。]?\s*(?:[他她它我]们?|[\u4e00-\u9fff]{{1,4}}?)?(?:其实|实际上)?(?:应该)?"
                   rf"(?:是|有|要|才|为)?(?P<num>{_NUM})(?P<unit>{_UNIT})?(?:的|才对|左右)?[。！!]?$")

#: A change said by its verb and the new number alone: "涨到三千五了", "又降到68公斤了", "现在加到四片了"
_CHANGED = re.compile(rf"^(?:又|已经|现在|终于|刚|这个月|下个月起?|从下个月起)*(?:涨|降|加|减|升|跌|掉|调|长|胖|瘦)"
                      rf"(?:到|至)了?(?P<num>{_NUM})(?P<unit>{_UNIT})?(?:了|啦)?[。！!]?$")
_SURNAME = re.compile(r"^(?:不对|错了|说错了|我说错了|搞错了|我搞错了|记错了|我记错了|更正一下|更正|纠正一下|口误)"
                      r"[，,：:！!。]?\s*(?P<who>[\u4e00-\u9fff]{1,4}?)(?:其实|应该)?姓(?P<new>[\u4e00-\u9fff])"
                      r"(?:[，,。\s].*)?$")


def _held(unit: str, num: str) -> re.Pattern[str]:
    """A number of the same kind as ``num``+``unit`` in a memory: the unit after it; a year's four digits (not a
    date's: "2026年12月"); with no unit, an amount of two characters or more that is no date, time or age."""
    if unit == "年":
        return re.compile(r"(?<!\d)\d{4}年(?!\d{1,2}月)" if re.fullmatch(r"\d{4}", num) else rf"{_NUM}年(?!\d)")
    if unit:
        return re.compile(rf"(?<![\d.]){_NUM}{re.escape(unit)}")
    money = r"(?:元|块|万|千|[kKwW])"  # an amount said with no unit is money, or a count said so
    return re.compile(rf"(?<![\d.年日])(?<!\d月)(?:\d{{2,}}(?:\.\d+)?|[零一二两三四五六七八九十百千万]{{2,}})"
                      rf"(?![\d:：日]|(?!{money}){_UNIT})")


def bare_number(text: str, contents: Sequence[str]) -> tuple[str, str] | None:
    """The newest of ``contents`` holding a number of the kind ``text`` corrects, and it with the new number;
    None when ``text`` is no such correction or no memory holds such a number."""
    said = _BARE.match(text.strip()) or _CHANGED.match(text.strip())
    if said is None:
        return _surname(text.strip(), contents)
    unit = said.group("unit") or ""
    if not unit and len(said.group("num")) < 2:
        return None  # "不对，是下周三": a day's numeral, not an amount
    at = _held(unit, said.group("num"))
    memory = next((m for m in contents if at.search(m)), None)
    if memory is None:
        return None
    return memory, at.sub(lambda _: said.group("num") + unit, memory, count=1)


def _surname(text: str, contents: Sequence[str]) -> tuple[str, str] | None:
    """The newest memory that says whose surname ``text`` corrects ("班主任姓王"), with the new surname."""
    said = _SURNAME.match(text)
    if said is None:
        return None
    at = re.compile(rf"(?<={re.escape(said.group('who'))})姓[\u4e00-\u9fff]")
    memory = next((m for m in contents if at.search(m)), None)
    return (memory, at.sub("姓" + said.group("new"), memory, count=1)) if memory else None
