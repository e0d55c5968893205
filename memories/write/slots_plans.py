"""Plans that move, read after the other slot rules found none (``memories.write.slots``): the ``place`` of a
named event ("The team offsite will be in Denver" / "The offsite got moved to Seattle"; "婚礼在杭州办" / "婚礼地点
改在苏州了"), its ``date`` when someone moved it ("Sarah moved our dinner to Saturday"; "周五和老张吃饭" / "和老张的
饭局改到周六中午了"), and a plan called off, whose date and place are then ``cancelled`` ("We cancelled the Japan
trip"; "成都出差取消了").

One event is said in several ways: "the team offsite" and "the offsite", "trip to Japan" and "Japan trip", "去成都
出差" and "成都出差". ``same_event`` takes two event subjects for one when the words of one hold the other's and
what the longer adds names no one ("dinner with Sarah" is not "dinner with Tom", "罗强的婚礼" not "婚礼");
``event_head`` is the event's kind ("trip", "出差"), a key the write flow finds the other phrasing by.
"""

from __future__ import annotations

import re

from jieba import posseg

from memories.write.slot_values import DATE_EN, DATE_ZH, EVENTS_EN, EVENTS_ZH, Slot, date_value
from memories.write.slots_using import event_words

__all__ = ["en_plans", "event_head", "same_event", "zh_plans"]

_EXTRA_EN = (r"dinner|lunch|brunch|breakfast|drinks|barbecue|bbq|playdate|sleepover|date night|catch-?up|class|lesson|"
             r"marathon|triathlon|ironman|race|tournament")
_EVENT_WORDS = rf"(?:{EVENTS_EN}|{_EXTRA_EN})"
_EN_EVENT = (rf"(?P<event>(?:[\w'’\-]+\s+){{0,3}}?{_EVENT_WORDS}(?:\s+(?:to|in|with|for)\s+"
             r"[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)?)?)")
_MONTHS = (r"january|february|march|april|may|june|july|august|september|october|november|december|"
           r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon|midnight")
_OWNER_EN = r"(?:the user and others'|the user's|the|our|my)"
_PLACE_EN = re.compile(rf"(?i)^(?:{_OWNER_EN}\s+)?{_EN_EVENT}\s+"
                       rf"(?:will be|is|'s|is going to be|is now|was|got|has been|have been|are|were)?\s*"
                       rf"(?:(?:moved|relocated|changed|switched|shifted)\s+)?(?:to|in|at)\s+"
                       rf"(?!(?:{_MONTHS})\b)(?P<value>(?-i:[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)?))")
_SELF_EN = r"(?:i|we|the user(?:\s+and\s+others)?)"
_MOVED_EN = re.compile(rf"(?i)^(?:(?P<self>{_SELF_EN})|(?P<who>(?-i:[A-Z][a-z]+)))\s+(?:just\s+|have\s+|has\s+)?"
                       rf"(?:moved|pushed|rescheduled|changed|postponed|bumped|shifted)\s+{_OWNER_EN}\s+{_EN_EVENT}\s+(?:back\s+)?(?:to|until|till)\s+(?P<value>{DATE_EN})")
_CANCEL_EN = (re.compile(rf"(?i)^{_SELF_EN}\s+(?:just\s+|have\s+|has\s+|had\s+to\s+)?(?:cancelled|canceled|called off|"
                         rf"scrapped|scratched)\s+{_OWNER_EN}\s+{_EN_EVENT}\b"),
              re.compile(rf"(?i)^(?:{_OWNER_EN}\s+)?{_EN_EVENT}\s+(?:is|was|got|has been|'s)\s+"
                         rf"(?:cancelled|canceled|called off|off)\b"))


_DATE_EN_PLAN = re.compile(rf"(?i)^(?:{_OWNER_EN}\s+)?{_EN_EVENT}\s+(?:is|was|will be|'s|is now)\s+(?:on\s+|for\s+)?"
                           rf"(?P<value>{DATE_EN})")
_PLANNED_EN = (re.compile(rf"(?i)^{_SELF_EN}\s+(?:have\s+|has\s+|just\s+)*(?:booked|planned|are planning|'re planning|"
                          rf"am planning|'m planning|is planning|are taking|'re taking|am taking|'m taking)\s+"
                          rf"(?:a|an|the|our|my|the user's)\s+{_EN_EVENT}\b"),
               re.compile(rf"(?i)^(?:{_OWNER_EN}\s+)?{_EN_EVENT}\s+(?:is|was|has been|'s)\s+(?:all\s+)?"
                          rf"(?:booked|planned|scheduled|set|confirmed|on)\b"))


def en_plans(sentence: str, speaker: str) -> list[Slot]:
    """A plan's place, its date as someone moved it, or its cancellation, from an English statement."""
    if cancel := _CANCEL_EN[0].match(sentence) or _CANCEL_EN[1].match(sentence):
        return _cancelled(_event_en(cancel.group("event")))
    if moved := _MOVED_EN.match(sentence):
        event = _event_en(moved.group("event"))
        if moved.group("who") and " with " not in event:  # "Sarah moved our dinner": the dinner with Sarah
            event += " with " + moved.group("who").casefold()
        return [Slot(event, "date", date_value(moved.group("value")))] if event else []
    if dated := _DATE_EN_PLAN.match(sentence):
        event = _event_en(dated.group("event"))
        return [Slot(event, "date", date_value(dated.group("value")))] if event else []
    if planned := _PLANNED_EN[0].match(sentence) or _PLANNED_EN[1].match(sentence):
        event = _event_en(planned.group("event"))
        return [Slot(event, "plan", "planned")] if event else []
    if place := _PLACE_EN.match(sentence):
        event = _event_en(place.group("event"))
        return [Slot(event, "place", place.group("value").casefold())] if event else []
    return []


def _event_en(words: str) -> str:
    words = re.sub(r"^(?:the user and others'|the user's|user's|the|our|my)\s+", "", words.strip().casefold())
    words = event_words(words)
    words = re.sub(r"(?:^|\s)(?:trip|flight|vacation|holiday|visit)\s+to\s+(\S+(?:\s+\S+)?)$",
                   lambda m: f" {m.group(1)} " + m.group().split()[0], words).strip()
    if not words or words in {"meeting", "appointment", "party", "class"}:
        return ""
    return "event:" + re.sub(r"\s+", " ", words)


def _cancelled(event: str) -> list[Slot]:
    return [Slot(event, attribute, "cancelled") for attribute in ("plan", "date", "place")] if event else []


# --------------------------------------------------------------------------- Chinese

_ZADV = (r"(?:现在|目前|已经|最近|刚刚|刚|还|也|又|临时|突然|正式|都|就|那一?周|那天|"
         r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?|下个?月|下周|这周|明年|今年|月底|月初|暑假|寒假|国庆|五一|十一|春节|过年|周末)*")
_TRIPS_ZH = r"出差|旅行|旅游|度假|玩|探亲|开会|看展|看演唱会|考察|培训|露营"
_MEALS_ZH = {"吃饭": "饭", "吃晚饭": "饭", "吃午饭": "饭", "饭局": "饭", "聚餐": "饭", "晚饭": "饭", "午饭": "饭",
             "吃火锅": "饭", "喝咖啡": "咖啡", "喝酒": "酒", "见面": "见面", "约会": "见面", "碰面": "见面"}
_MEALS_ALT = "|".join(sorted(_MEALS_ZH, key=len, reverse=True))
_SPK_ZH = r"^(?:(?:我们|我|用户等人|用户|本人)(?:俩|两个|几个|一家|全家)?)?"
_TRIP_ZH = re.compile(rf"{_SPK_ZH}{_ZADV}(?:准备|打算|计划|想)?{_ZADV}(?P<when>{DATE_ZH})?{_ZADV}"
                      rf"(?:要|将|会|准备|打算|计划|得)?去"
                      rf"(?P<place>[\u4e00-\u9fff]{{2,4}}?)(?P<kind>{_TRIPS_ZH})")
_CANCEL_ZH = re.compile(rf"{_SPK_ZH}{_ZADV}(?:去)?(?P<place>[\u4e00-\u9fff]{{2,4}}?)?(?P<kind>{_TRIPS_ZH}|{EVENTS_ZH})"
                        r"(?:的计划|计划|的安排|安排)?(?:被)?(?:临时|突然)?(?:取消|泡汤|黄了|不去了|作罢)")
#: A trip to a place that fell through, its kind unsaid ("云南没去成", "日本去不了了"): the leisure trip there.
_PLACE_OFF_ZH = re.compile(rf"{_SPK_ZH}{_ZADV}(?:去)?(?P<place>[\u4e00-\u9fff]{{2,4}}?)(?:那趟|这趟|那次|之旅)?{_ZADV}"
                           r"(?:就?算了[，,]?)?(?:没去成|去不成了?|去不了了|不去了|没能去)")
_LEISURE_ZH = frozenset(("玩", "旅行", "旅游", "度假"))
_MEAL_ZH = re.compile(rf"{_SPK_ZH}{_ZADV}(?P<when>{DATE_ZH})(?:晚上|中午|上午|下午|早上)?"
                      rf"(?:[一二两三四五六七八九十\d]+点半?)?(?:要|会)?(?:和|跟|与)(?P<who>[\u4e00-\u9fff]{{1,4}}?)(?:一起)?(?P<kind>{_MEALS_ALT})")
_MEAL_MOVED_ZH = re.compile(rf"{_SPK_ZH}(?:和|跟|与)(?P<who>[\u4e00-\u9fff]{{1,4}}?)的?(?P<kind>{_MEALS_ALT})"
                            rf"(?:时间)?{_ZADV}(?:改到了?|改在|改成了?|推迟到了?|挪到了?|换到了?|提前到了?|延到了?)"
                            rf"(?P<when>{DATE_ZH})")
_PLACE_ZH = re.compile(rf"^(?:我们的|我们|我的|用户的|用户)?(?P<event>[^，。,；;！!？?\s]{{0,8}}?(?:{EVENTS_ZH}))"
                       rf"的?(?:地点|地方|场地|举办地)?{_ZADV}(?:改在了?|改到了?|换到了?|挪到了?|定在了?|放在|选在|在)"
                       rf"(?P<value>[\u4e00-\u9fff]{{2,6}}?)(?:市)?(?:办|举办|举行|开|进行|了|$)")


def zh_plans(sentence: str, speaker: str) -> list[Slot]:
    """A plan's place, its date as moved, or its cancellation, from a Chinese statement."""
    sentence = sentence.strip(" 。！!")
    if cancel := _CANCEL_ZH.match(sentence):
        return _cancelled(f"event:{cancel.group('place') or ''}{_trip_kind(cancel.group('kind'))}")
    if (off := _PLACE_OFF_ZH.match(sentence)) and place_word(off.group("place")):
        return _cancelled(f"event:{off.group('place')}旅行")
    if trip := _TRIP_ZH.match(sentence):
        return [Slot(f"event:{trip.group('place')}{_trip_kind(trip.group('kind'))}", "plan", "planned")]
    if meal := _MEAL_ZH.match(sentence) or _MEAL_MOVED_ZH.match(sentence):
        return [Slot(f"event:{meal.group('who')}:{_MEALS_ZH[meal.group('kind')]}", "date",
                     date_value(meal.group("when")))]
    if (place := _PLACE_ZH.match(sentence)) and not re.search(DATE_ZH, place.group("value")) \
            and not _time_words(place.group("value")):
        return [Slot(f"event:{place.group('event')}", "place", place.group("value"))]
    return []


def _time_words(value: str) -> bool:
    """Words of time only, by jieba's tags (time, numeral, direction): "婚礼定在五一", "在十月", "在下周二"."""
    return all(word.flag in ("t", "m", "f", "mq") for word in posseg.lcut(value, HMM=False))


def _trip_kind(kind: str) -> str:
    """A leisure trip is one kind however it is said ("去云南玩" / "云南旅游"); other kinds stay as said."""
    return "旅行" if kind in _LEISURE_ZH else kind


def place_word(word: str) -> bool:
    """A place jieba names as one word ("云南", "青岛"), not any word before 没去成."""
    words = posseg.lcut(word, HMM=False)
    return len(words) == 1 and words[0].flag == "ns"


# --------------------------------------------------------------------------- one event, said in several ways

_HEAD_EN = re.compile(rf"\b({_EVENT_WORDS})\b")
_HEAD_ZH = re.compile(rf"({_TRIPS_ZH}|{EVENTS_ZH}|饭|咖啡|酒|见面)$")
_NO_ONE = frozenset({"to", "the", "our", "my", "a", "an", "in"})


def event_head(subject: str) -> str:
    """The kind of event a subject names ("event:team offsite" → "offsite", "event:成都出差" → "出差"), or ""."""
    if not subject.startswith("event:"):
        return ""
    words = subject.removeprefix("event:")
    found = _HEAD_ZH.search(words) if re.search(r"[\u4e00-\u9fff]", words) else None
    found = found or _HEAD_EN.search(words)
    return found.group(1) if found else ""


def same_event(a: str, b: str) -> bool:
    """Two event subjects for one event: equal, or the words of one hold the other's, the same kind, and what the
    longer adds names no one (no "with …", no "…的" of someone)."""
    head = event_head(a)
    if a == b:
        return bool(head) or a.startswith("event:")
    if not head or head != event_head(b):
        return False
    left, right = a.removeprefix("event:"), b.removeprefix("event:")
    if re.search(r"[\u4e00-\u9fff]", left + right):
        short, long = sorted((left, right), key=len)
        return short in long and "的" not in long.replace(short, "") and ":" not in long
    lw, rw = set(left.split()) - _NO_ONE, set(right.split()) - _NO_ONE
    short_w, long_w = sorted((lw, rw), key=len)
    return short_w <= long_w and not ({"with", "for", "of"} & (long_w - short_w))
