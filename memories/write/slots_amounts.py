"""Slots read after the attribute rules of ``slots_en`` / ``slots_zh`` found none: amounts of a life that change
(``weight``, ``rent``, ``salary``), where one lives to the street (``address``), the weekday of something weekly
("the piano lesson is on Tuesdays now", ``weekday`` of the event), the place of a trip for an occasion ("going to
Lisbon instead for the honeymoon", ``place`` of the event) and the day of an appointment said in Chinese
("牙医改到12月9日", ``date`` of the event).

Each is one value at a time: "I weigh 82 kg" and "down to 76 kg now" fill (the speaker, weight) with 82 and 76, so
the later retires the earlier; "体重六十五公斤" and "最近瘦到六十公斤了" the same in Chinese (斤 are half a kilogram;
numbers in 汉字, "四千五" is 4,500). An amount is the speaker's only when the statement opens with them (or with
no subject): "My landlord's rent …" and "用户的房东…" are not.
"""

from __future__ import annotations

import re

from memories.write.people import KIN_EN, KIN_ZH, chinese_names
from memories.write.slot_values import DATE_ZH, KIN_EN_ALT, KIN_ZH_ALT, SELF, Slot, date_value
from memories.write.text import has_cjk

__all__ = ["en_amounts", "zh_amount", "zh_amounts"]

# --------------------------------------------------------------------------- English

_EN_SPEAKER = re.compile(r"(?i)^(?:i|i'm|i am|i've|we|we're|the user(?! ?'s)(?: and others)?)\b"
                         r"(?!\s+(?:my|our|his|her|their|the|a|an)\b)|^(?:my|our|the user's|user's)\s+"
                         r"(?:new\s+|monthly\s+|annual\s+|current\s+|home\s+|base\s+|yearly\s+)?"
                         r"(?:rent|salary|income|pay|paycheck|weight|address|base)\b")
_EN_LANDLORD = re.compile(r"(?i)^(?:i\s+)?(?:my|our|the user's|the user and others')\s+landlord\b")
_EN_KIN_LEAD = re.compile(rf"(?i)^(?:i\s+)?(?:my|our|the user's)\s+(?:little\s+|older\s+|younger\s+)?({KIN_EN_ALT})\b")
_EN_PAST = re.compile(r"(?i)\bused to\b|\bwhen (?:i|we|the user) (?:was|were)\b|\bback (?:in|then)\b|\bago\b|"
                      r"\bin (?:19|20)\d\d\b")
_UNIT_KG = r"(?:kg|kgs|kilos?|kilograms?)"
_UNIT_LB = r"(?:lbs?|pounds)"
_WEIGHT_EN = re.compile(rf"(?i)\b(?:weigh(?:s|ed|ing)?|weight\s+(?:is|was|of|at)|(?:down|up)\s+to|dropped\s+to|"
                        rf"(?:am|'m|is)(?:\s+(?:now\s+)?(?:at|about|around))?|now\s+at|weigh(?:s|ed)\s+in\s+at)"
                        rf"\s+(?:now\s+)?(?:about\s+|around\s+|roughly\s+|just\s+)?(?P<value>\d{{2,3}}(?:\.\d)?)\s*"
                        rf"(?P<unit>{_UNIT_KG}|{_UNIT_LB})\b"
                        r"(?!\s+(?:down|up|lighter|heavier|away|off|from|less|more|over|under|short|to\s+go)\b)")
# "weighed in at 176 this morning": a weigh-in says a weight without its unit (over 130 it is in pounds)
_WEIGH_IN_EN = re.compile(r"(?i)\bweigh(?:s|ed|ing)?\s+in\s+at\s+(?:about\s+|around\s+|just\s+)?"
                          r"(?P<value>\d{2,3}(?:\.\d)?)(?!\.?\d|\s*(?:%|percent|kg|kgs|kilos?|lbs?|pounds)\b)")
_MONEY = (r"(?P<value>[$£€¥]\s?\d[\d,]*(?:\.\d+)?\s?[kK]?"
          r"|\d[\d,]*(?:\.\d+)?\s?(?:[kK]\b|grand\b|dollars|bucks|euros|pounds))")
_RENT_EN = (re.compile(rf"(?i)\brent\b(?!\s+(?:a|an|the|out)\b)[^.;!?]{{0,40}}?{_MONEY}"),
            # a bare amount a month is rent too: "rent's 2100 a month", "rent went up to 2300"
            re.compile(r"(?i)\brent(?:'s|\s+is|\s+was|\s+went up to|\s+(?:is\s+)?(?:now|going up to|up to|down to|"
                       r"raised to|increased to))\s+(?:now\s+)?(?P<value>\d{3,5}(?:\.\d+)?)"
                       r"(?!\d|[.,]\d|\s*(?:sq|square|km|miles|years?|days?|people)\b)"),
            re.compile(rf"(?i)\b(?:pays?|paying|paid)\s+{_MONEY}\s+(?:a month\s+)?(?:in|for)\s+rent\b"))
# what a landlord raised is the rent: "my landlord raised it, it's $1,650 now"
_RAISED_EN = re.compile(rf"(?i)\blandlord\s+(?:just\s+|finally\s+|has\s+|had\s+|is\s+)?(?:raised|raising|raises|"
                        rf"bumped|bumping|upped|hiked|increased|increasing|put up|putting up|lowered|dropped|cut)\b"
                        rf"[^.;!?]{{0,30}}?{_MONEY}")
_SALARY_EN = (re.compile(rf"(?i)\b(?:salary|income|paycheck|wages?|(?:my|our|base|take-home|monthly|annual)\s+pay|"
                         rf"base(?=(?:'s|\s+(?:is|was|now|went|got|jumped|bumped))\b))\b"
                         rf"[^.;!?]{{0,40}}?{_MONEY}"),
              re.compile(rf"(?i)\b(?:make|makes|making|earn|earns|earning|made|earned)\s+(?:about\s+|around\s+)?"
                         rf"{_MONEY}"
                         r"(?=\s*(?:a|per|/)\s*(?:year|yr|month|annually)|\s*(?:annually|before tax|after tax))"),
              # what one makes now, in thousands or with its currency ("making 95k now", "earn $120,000 these days")
              re.compile(rf"(?i)^(?:i|the user)\s+(?:am\s+|is\s+|'m\s+)?(?:now\s+)?(?:make|makes|making|earn|earns|"
                         rf"earning)\s+(?:about\s+|around\s+|roughly\s+)?{_MONEY}(?=\s*(?:now|these days)?\s*[.!]?$)"))
_ADDRESS_EN = re.compile(r"(?i)\b(?:live|lives|living|moved|moving|move)\s+(?:now\s+)?(?:at|to)\s+"
                         r"(?P<value>\d+\s+[a-z][\w\- ]{1,30}?\s(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|"
                         r"boulevard|blvd|way|court|ct|place|pl|terrace|close|crescent))\b"
                         r"|^(?:(?:i\s+)?(?:my|our|the user's|i)\s+)?(?:new\s+|home\s+|current\s+|mailing\s+)*"
                         r"address\s*"
                         r"(?:is|now is|is now|:)\s*(?P<value2>\d+\s+[a-z][\w\-]*)", )
# The miles on one's vehicle ("my truck has 98,000 miles on it", "just passed 105,000 miles on the truck"):
# ``mileage:<vehicle>``, one reading at a time
_VEHICLES = r"(?:truck|pickup|car|van|minivan|suv|jeep|motorcycle|motorbike|scooter|rv|camper|wagon|sedan)"
_MILES = r"(?P<value>\d{1,3}(?:,\d{3})+|\d{4,7}|\d{1,3}(?:\.\d)?\s?k)\s*(?:miles|mi|km|kilomet(?:er|re)s)\b"
_MILEAGE_EN = (re.compile(rf"(?i)^(?:the user's|the user and others'|my|our)\s+(?:(?![\w\-]+'s\b)[\w\-]+\s+){{0,2}}?"
                          rf"(?P<v>{_VEHICLES})(?:'s|\s+is|\s+has|\s+just|\s+now|\s+finally|\s+hit|\s+passed|"
                          rf"\s+reached|\s+rolled|\s+crossed|\s+at|\s+over|\s+with|\s+got|\s+almost|\s+nearly)+"
                          rf"\s+(?:over\s+|past\s+|about\s+|around\s+)?{_MILES}"),
               re.compile(rf"(?i)^(?:the user|i|we)\b[^.;!?]{{0,30}}?\b(?:passed|hit|reached|crossed|put|rolled"
                          rf"(?:\s+over)?)\s+(?:over\s+)?{_MILES}\s+on\s+(?:the|my|our|the user's)\s+"
                          rf"(?:[\w\-']+\s+)?(?P<v>{_VEHICLES})\b"))
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_WEEKLY = (r"lessons?|class(?:es)?|practice|sessions?|stand-?up|meeting|appointment|therapy|physio|training|"
           r"rehearsal|club|shift|service|pickup|drop-?off|day off|cleaning|market|game night|date night|swim|"
           r"tutoring|check-?in")
_WEEKDAY_EN = re.compile(rf"(?i)^(?:(?:i|we|the user(?: and others)?)\s+)?"
                         rf"(?:the|my|our|the user's|the user and others')?\s*"
                         rf"(?P<event>(?:[a-z'\-]+\s+){{0,3}}?(?:{_WEEKLY}))\s+"
                         rf"(?:(?:now|still|usually|always)\s+)?"
                         rf"(?:(?:is|are|was|were|has been|got|have been|meets?|happens?|runs?|takes place)\s+)?"
                         rf"(?:now\s+|still\s+|always\s+)?(?:(?:moved|changed|switched|rescheduled|pushed)\s+)?"
                         rf"(?:to\s+)?(?:on\s+|every\s+)?(?P<value>{_WEEKDAY})s?\b")
_OCCASIONS = (r"honeymoon|vacation|holiday|holidays|anniversary|birthday|spring break|summer break|getaway|"
              r"wedding|reunion|babymoon|bachelor party|bachelorette|retreat|offsite|christmas|new year")
_TRIP_EN = re.compile(rf"(?i)\b(?:going|go|heading|head|travel(?:l?ing)?|fly(?:ing)?|flying|trip|off)\s+to\s+"
                      rf"(?P<value>(?-i:[A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)?))\s+(?:instead\s+)?(?:for|on)\s+(?:the|our|my|"
                      rf"the user's|their|his|her)\s+(?P<event>{_OCCASIONS})\b")


def en_amounts(sentence: str, speaker: str) -> list[Slot]:
    """What ``en_slots`` leaves: a weight, rent, salary or street address of the speaker, the weekday of something
    weekly, the place of a trip for an occasion."""
    found = _en_events(sentence, speaker)
    kin = _EN_KIN_LEAD.match(sentence)
    if kin and (weight := _WEIGHT_EN.search(sentence)):  # "my son weighs 30 kg": the son's weight
        return [*found, Slot(f"~{KIN_EN[kin.group(1).casefold()]}", "weight", _kg(weight))]
    found += _mileage(sentence, speaker)
    if (not _EN_SPEAKER.match(sentence) and not _EN_LANDLORD.match(sentence)) or _EN_PAST.search(sentence):
        return found  # "I used to weigh 90 kg", "back in 2019 my rent was …": no value held now
    if _EN_LANDLORD.match(sentence):  # "my landlord is raising the rent to $2,400": the tenant's rent
        said = next((m for pattern in (*_RENT_EN, _RAISED_EN) if (m := pattern.search(sentence))), None)
        return found + ([Slot(speaker, "rent", amount)] if said and (amount := _en_money(said.group("value"))) else [])
    found += _weight(sentence, speaker)
    for attribute, patterns in (("rent", _RENT_EN), ("salary", _SALARY_EN)):
        said = next((m for pattern in patterns if (m := pattern.search(sentence))), None)
        if said and (amount := _en_money(said.group("value"))):
            found.append(Slot(speaker, attribute, amount))
    address = _ADDRESS_EN.search(sentence)
    if address:
        value = address.group("value") or address.group("value2")
        found.append(Slot(speaker, "address", " ".join(value.casefold().split()[:2])))
    return found


def _weight(sentence: str, speaker: str) -> list[Slot]:
    """The speaker's weight, with its unit or from a weigh-in without one (over 130 it is in pounds)."""
    if weight := _WEIGHT_EN.search(sentence):
        return [Slot(speaker, "weight", _kg(weight))]
    if weigh_in := _WEIGH_IN_EN.search(sentence):
        value = float(weigh_in.group("value"))
        return [Slot(speaker, "weight", str(round(value * 0.4536 if value > 130 else value)))]
    return []


def _mileage(sentence: str, speaker: str) -> list[Slot]:
    """The miles on the speaker's vehicle now (``mileage:<vehicle>``), [] for another's or one of the past."""
    miles = next((m for pattern in _MILEAGE_EN if (m := pattern.search(sentence))), None)
    if miles is None or _EN_PAST.search(sentence):
        return []
    return [Slot(speaker, f"mileage:{miles.group('v').casefold()}", _en_money(miles.group("value")))]


# A sentence about a named person ("Ben is flying to Rome for his wedding"), not the speaker ("We", "I", "The user").
_NAMED_LEAD = re.compile(r"(?:(?:so|and|but|well|actually|also|btw),?\s+)*(?!(?:I|We|The|My|Our|User)\b)"
                         r"(?P<who>[A-Z][a-z]+)(?:'s)?\s+(?:is|was|are|will|'s|and|has|had|just|flies|goes|heads)\b")


def _en_events(sentence: str, speaker: str) -> list[Slot]:
    """The place of a trip for an occasion, the weekday of something weekly."""
    found: list[Slot] = []
    trip = _TRIP_EN.search(sentence)
    if trip:  # whose occasion: "Ben is flying to Rome for his wedding" and "Ana … for her wedding" are two weddings
        who = _NAMED_LEAD.match(sentence)
        owner = f"{who.group('who').casefold()}'s " if who else "" if speaker == SELF else f"{speaker}'s "
        found.append(Slot(f"event:{owner}{trip.group('event').casefold()}", "place", trip.group("value").casefold()))
    weekly = _WEEKDAY_EN.search(sentence)
    if weekly:
        event = re.sub(r"^(?:(?:the\s+)?user(?:'s| and others')|the|my|our)\s+", "",
                       weekly.group("event").casefold().strip())
        event = re.sub(r"(?<=ss)es$|(?<!s)s$", "", event)  # "classes", "lessons": one class, one lesson
        found.append(Slot("event:" + event, "weekday", weekly.group("value").casefold()))
    return found


def _kg(weight: re.Match[str]) -> str:
    return str(round(float(weight.group("value")) * (0.4536 if re.fullmatch(_UNIT_LB, weight.group("unit"), re.I)
                                                    else 1)))


def _en_money(said: str) -> str:
    number = re.search(r"\d[\d,]*(?:\.\d+)?", said)
    if number is None:
        return ""
    amount = float(number.group().replace(",", ""))
    if re.search(r"(?i)k\b|grand", said):
        amount *= 1000
    return str(round(amount)) if amount >= 10 else ""


# --------------------------------------------------------------------------- Chinese

# the speaker, not a person of theirs (every kinship or social role: "用户的同学月薪三万" is the classmate's)
_ZH_SPEAKER = re.compile(rf"^(?:我们?|用户(?:等人)?|本人)(?!的?(?:{KIN_ZH_ALT}|对象))"
                         r"|^(?:这个月|这周|最近|现在|目前|今年|已经|终于|又)")
_ZH_LANDLORD = re.compile(r"^(?:(?:我们?|用户(?:等人)?)的?)?房东")
_ZH_KIN_LEAD = re.compile(rf"^(?:我们?|用户)的?({KIN_ZH_ALT})")
_ZH_GOAL = re.compile(r"目标|争取|希望|打算|计划|梦想|想(?:要)?(?:瘦|减|降)|要(?:瘦|减|降)到")
_ZH_PAST = re.compile(r"以前|之前|当年|那时候?|原来|曾经|年前")
_ZH_N = r"(?P<value>\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)"
_WEIGHT_ZH = re.compile(rf"(?:(?:体重(?:是|有|为|：|:|现在|目前|已经|只有|才|大概|大约|差不多|快|都)*|"
                        rf"(?:瘦|胖|减|降|涨|长|掉|反弹)(?:到了?|回了?|至)|^(?:我们?|用户|本人)?(?:现在|目前|已经|最近)*是?)"
                        rf"{_ZH_N}(?P<unit>公斤|千克|kg|KG|斤)"
                        # 体重 or a weighing said, the unit left out: "体重也降到72了", "一称 74了"
                        rf"|(?:体重|(?:一称|称了一?下|上秤一看|一上秤|过秤)[，,\s]*)(?:也|又|还|都|已经|现在|终于|才|只有|就)*"
                        rf"(?:瘦|胖|减|降|涨|掉|反弹)?(?:到了?|回了?|至)?"
                        rf"{_ZH_N.replace('value', 'bare')}了?(?=$|[，。,；;！!]))")
_RENT_ZH = re.compile(rf"(?:房租|租金|月租)(?:是|为|有|要|：|:|了|，|,|现在|目前|每月|每个月|一个月|一月|"
                      rf"涨到了?|涨了?到|降到了?|"
                      rf"变成了?|交|付|已经|都)*{_ZH_N}(?:块钱|块|元|万)?")
#: what a landlord asks a month is rent, said without 房租
_MONTHLY_ZH = re.compile(rf"(?:每月|每个月|一个月|月租)(?:要|收|是|涨到了?|都)?{_ZH_N}(?:块钱|块|元)?")
_SALARY_ZH = re.compile(rf"(?:工资|月薪|年薪|薪水|薪资|收入|底薪|税前|税后|到手|(?:涨薪|加薪|涨工资|调薪)了?[，,]?)"
                        rf"(?:是|为|有|：|:|现在|目前|一直|还是|每月|每个月|一个月|到手|"
                        rf"一年|涨到了?|涨了?到|降到了?|变成了?|已经|才|都|大概|大约)*{_ZH_N}(?P<unit>块钱|块|元|万|k|K)?")
# The speaker's own appointments, one at a time ("周四看牙医" → "牙医改到周五"). Not what several can hold at once or
# what is another person's (a meeting, a party, 婚礼: "罗强（我同事）二月二十七号在南京办婚礼" and "韩子涵5月26日在南京
# 办婚礼" are two weddings): those are ``zh_slots``' owned events ("周晓琳的婚礼定在6月3号").
_APPOINTMENT_ZH = (r"牙医|医生|体检|复查|复诊|面试|理发|家长会|产检|拔牙|洗牙|补牙|针灸|理疗|按摩|签约|签合同|"
                   r"考试|手术|答辩")
_DATE_THEN_EVENT = re.compile(rf"(?P<value>{DATE_ZH})(?:[（(][^）)]*[）)])?[^，。；！？]{{0,6}}?(?:去|要|会)?"
                              rf"(?:看|约|做|参加|开|去)?"
                              rf"(?P<event>{_APPOINTMENT_ZH})")
_EVENT_THEN_DATE = re.compile(rf"(?P<event>{_APPOINTMENT_ZH})[^，。；！？\d]{{0,4}}?"
                              rf"(?:改到|改在|改成|约在|约到|定在|定到|"
                              rf"挪到|推迟到|延期到|提前到|换到|安排在|是在|在|是)了?(?P<value>{DATE_ZH})")


_ZH_OTHERS = re.compile(rf"{KIN_ZH_ALT}|他|她")


def _someone_else(before: str) -> bool:
    """Another person named before the appointment ("我下属5月23号…", "韩子涵5月26日…"): theirs, not the speaker's."""
    return bool(_ZH_OTHERS.search(before) or chinese_names(before))


def zh_amounts(sentence: str, speaker: str) -> list[Slot]:
    """What ``zh_slots`` leaves: the speaker's weight, rent or salary; the day of an appointment."""
    found: list[Slot] = []
    day = _EVENT_THEN_DATE.search(sentence) or _DATE_THEN_EVENT.search(sentence)
    if day and not _someone_else(sentence[:day.start()]):
        # A speaker named in Chinese ("周浩：…复查") owns theirs; the memory's subject from an id ("alex", a mem0
        # user_id) is whom every memory of the scope is about: the event is keyed as ``zh_slots`` keys it.
        owner = f"{speaker}的" if speaker != SELF and has_cjk(speaker) else ""
        found.append(Slot(f"event:{owner}{day.group('event')}", "date", date_value(day.group("value"))))
    rent = _ZH_LANDLORD.match(sentence) and (_RENT_ZH.search(sentence) or _MONTHLY_ZH.search(sentence))
    if rent and (n := zh_amount(rent.group("value"))):
        # "房东涨房租了，现在每月五千", "房东下个月起每月4300": the tenant's rent
        return [*found, Slot(speaker, "rent", str(round(n)))]
    kin = _ZH_KIN_LEAD.match(sentence)
    if kin and (weight := _zh_kg(sentence)):  # "我老公体重八十公斤": the husband's weight, another person's slot
        return [*found, Slot(f"~{KIN_ZH[kin.group(1)]}", "weight", weight)]
    return found + (_zh_measures(sentence, speaker) if _ZH_SPEAKER.match(sentence) and not _ZH_PAST.search(sentence)
                    else [])


# A weight said with no unit and no 体重: a hundred and more of the speaker's "now" is 斤, as weights are said
# ("现在一百二了", "已经瘦到一百零五了"); an age would say 岁, money 块.
_WEIGHT_JIN_BARE = re.compile(r"^(?:我们?|用户|本人)?(?:现在|目前|已经|终于|都|才|只有|又|也)*"
                              r"(?:(?:瘦|胖|减|降|涨|掉|反弹)(?:到了?|回了?|至))?"
                              r"(?P<value>[一两二]百[零一二三四五六七八九十]{0,3}|1\d\d|2[0-4]\d)(?:多|出头)?了?(?=$|[，。,；;！!\s])")


def _zh_kg(sentence: str) -> str:
    """The weight a Chinese statement says, in kilograms (斤 are half a one), or ""."""
    bare = _WEIGHT_JIN_BARE.match(sentence.strip(" 。！!~"))
    if bare and (jin := zh_amount(bare.group("value"))) and 80 <= jin <= 300:
        return str(round(jin / 2))
    weight = _WEIGHT_ZH.search(sentence)
    n = zh_amount(weight.group("value") or weight.group("bare")) if weight else None
    return str(round(n / 2 if weight.group("unit") == "斤" else n)) if weight and n else ""


def _zh_measures(sentence: str, speaker: str) -> list[Slot]:
    # a goal is no weight yet: "目标是年底前减到一百一十五斤" leaves "现在一百三十斤" standing
    found = [Slot(speaker, "weight", weight)] if not _ZH_GOAL.search(sentence) and (weight := _zh_kg(sentence)) else []
    rent = _RENT_ZH.search(sentence)
    if rent and (n := zh_amount(rent.group("value"))) and n >= 100:
        found.append(Slot(speaker, "rent", str(round(n))))
    salary = _SALARY_ZH.search(sentence)
    if salary and (n := zh_amount(salary.group("value"))):
        scale = {"万": 10000, "k": 1000, "K": 1000}.get(salary.group("unit") or "", 1)
        found.append(Slot(speaker, "salary", str(round(n * scale))))
    return found


_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}


def zh_amount(text: str) -> float | None:
    """A number as written: digits, or 汉字 ("六十五" 65, "四千五" 4,500, "一万二" 12,000, "七十八" 78)."""
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return float(text)
    total, section, digit, last_unit = 0, 0, None, 1
    for ch in text:
        if ch in _DIGITS:
            digit = _DIGITS[ch]
        elif ch in _UNITS:
            unit = _UNITS[ch]
            if unit == 10000:
                total = (total + section + (digit or 0)) * unit
                section, digit = 0, None
            else:
                section += (1 if digit is None else digit) * unit
                digit = None
            last_unit = unit
        else:
            return None
    if digit is not None:  # "四千五": the digit after a unit is a tenth of it
        section += digit * (last_unit // 10 if last_unit >= 100 and text[-2] in _UNITS else 1)
    value = total + section
    return float(value) if value else None
