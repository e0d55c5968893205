"""Where a Chinese speaker belongs, read beside the rules of ``slots_zh`` so that a change said later meets what
was said before:

- one's home town (``hometown``): "老家是湖南岳阳", "家乡在宜昌", "我是四川人" (a place by jieba's tags or suffix);
- where one's 户口 is registered (``hukou``): "户口在安徽老家" / "户口迁到苏州了", "落户杭州了";
- the unit one works in (``team``): a department, group or ward, a noun ending in 组, 部, 部门, 科, 科室, 团队 or
  事业部 ("在支付组做后端", "在华西心内科轮转" / "上个月调到风控组了", "轮转到急诊科");
- one's pay said by what one takes home a month (``salary``): "现在每个月拿一万八", "一个月能挣八千" (not money
  handed on: "每个月拿两千给爸妈");
- the school one aims for, moved (``target_school``): "目标降到了武大", "目标院校改成南大";
- whether one is still on trial at work (``trainee``): an intern, a trainee, an apprentice or on probation ("是市场部
  的实习生", "还在试用期") until one is taken on ("已经转正了", "转正成功"; not "下个月转正答辩").

Only the speaker's own statement (said with 我/用户 or with no subject), not a team or another person as the
subject ("支付组在招人", "我老婆在财务部"), nor what was, might be or is wished ("小时候", "以前", "要是", "想").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from jieba import posseg

from memories.write.slot_values import Slot
from memories.write.slots_amounts import zh_amount

__all__ = ["trainee_held", "zh_belong"]

_OWN = r"^(?:我们|我|用户等人|用户|本人)?"
_ADV = (r"(?:现在|目前|如今|最近|已经|早就|刚刚|刚|一直|又|就|还|还是|终于|今年|平时|也|都|"
        r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?(?:那一?周)?|上个?月|这个?月|上周|这周|下周)*")
_HEDGED = re.compile(r"以前|之前|当年|那时|当时|曾经|原来|小时候|上学时|读书时|要是|如果|假如|打算|想要|想去|想调|准备|"
                     r"考虑|要不要|是不是|吗|的话|好想|希望|梦想|万一|说不定|可能|暂时|临时|借调|帮忙|支援|差点")

_HOMETOWN = re.compile(rf"{_OWN}的?{_ADV}(?:老家|家乡|故乡|籍贯)(?:是|在)(?P<place>[\u4e00-\u9fff]{{2,8}}?)"
                       r"(?:的|人|那边|农村|乡下)?(?:了|啦)?$"
                       rf"|{_OWN}{_ADV}是(?P<people>[\u4e00-\u9fff]{{2,4}}?)人$")

_HUKOU = re.compile(rf"{_OWN}的?{_ADV}户口(?:本)?{_ADV}"
                    r"(?:在|是|落在|落到了?|迁到了?|迁去了?|迁回了?|转到了?|挂在|迁进了?)"
                    r"(?P<place>[\u4e00-\u9fff]{2,8}?)(?:了|啦|的|那边)?$"
                    rf"|{_OWN}{_ADV}(?:落户|入户)(?:到|在)?了?(?P<settled>[\u4e00-\u9fff]{{2,6}}?)(?:了|啦)?$")
_PLACE_SUFFIX = ("省", "市", "县", "区", "州", "镇", "乡", "村", "老家")

# A unit: two characters or more before 组/部/团队/事业部 ("支付组", "市场部"; not "腰部", "俱乐部", "总部"),
# one or more before 科 (内科, 急诊科), but not a degree or a subject of study (本科, 理科); one of a named employer
# ("京东的市场部") is the employer's (``slots_zh``).
_UNIT = (r"(?P<unit>(?:(?!的)[\u4e00-\u9fffA-Za-z]){2,8}?(?<!俱乐)(?:组|部门|部|团队|事业部|事业群)"
         r"|(?:(?!的)[\u4e00-\u9fff]){1,6}?(?:科室|科)(?<!本科)(?<!专科)(?<!学科)(?<!理科)(?<!文科)(?<!工科)(?<!预科)(?<!百科))")
_TEAM = re.compile(rf"{_OWN}{_ADV}(?:在|调到了?|调去了?|调回了?|转到了?|转去了?|转岗到了?|换到了?|分到了?|"
                   rf"分配到了?|轮转到了?|轮到了?|进了|加入了?|去了){_UNIT}"
                   r"(?!口|门口|楼|附近|旁边|对面|外面|门外|的(?:人|同事|朋友))")  # a place by it, its people
_NOT_UNITS = re.compile(r"^(?:全部|内部|外部|局部|东部|西部|南部|北部|中部|东北部|西北部|东南部|西南部|总部|"
                        r"一部|这部|那部|哪部|小组)$")

_PAY = re.compile(rf"{_OWN}{_ADV}(?:每个?月|一个月|一月|月)(?:能|可以|大概|差不多|基本)?(?:拿|挣|赚|领|收入|到手)"
                  r"(?:到手)?(?P<n>\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)(?P<unit>块钱|块|元|万|k|K)?"
                  r"(?![\d零〇一二两三四五六七八九十百千万]|[^，,。；]*(?:给|交给|寄|打给|存))")

_TARGET = re.compile(r"目标(?:院校|学校)?(?:降到了?|降成了?|改成了?|改为|换成了?|换到了?|变成了?|调成了?|调到了?|"
                     r"改到了?|定成了?)"
                     r"(?P<school>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:了|啦)?$")
_SCHOOL = re.compile(r"(?:大学|学院|大|交大|科大|理工|师范|财经|政法|医科|农大)$")


_TRAINEE = re.compile(rf"{_OWN}{_ADV}(?:是|当|做)[^，,。；]{{0,10}}?(?:实习生|见习生|管培生|学徒|实习医生)$"
                      rf"|{_OWN}{_ADV}在[^，,。；]{{1,10}}?(?:实习|见习)$|{_OWN}{_ADV}(?:在试用期|试用期还没过)")
_TAKEN_ON = re.compile(rf"{_OWN}{_ADV}(?:(?:顺利)?转正(?:了|成功)|试用期(?:已经)?过了)")


def zh_belong(sentence: str, speaker: str) -> list[Slot]:
    """The speaker's slots of the module's docstring a Chinese statement fills, else []."""
    sentence = sentence.strip(" 。！!~")
    if _HEDGED.search(sentence):
        return []
    return [Slot(speaker, attribute, value) for attribute, read in _READS if (value := read(sentence))]


def _hometown(sentence: str) -> str:
    home = _HOMETOWN.match(sentence)
    place = home and (home.group("place") or home.group("people"))
    return place if place and _a_place(place) else ""


def _hukou(sentence: str) -> str:
    hukou = _HUKOU.match(sentence)
    place = hukou and (hukou.group("place") or hukou.group("settled"))
    if not place or not (_a_place(place) or place.endswith(_PLACE_SUFFIX)):
        return ""
    return place.removesuffix("老家") or place


def _team(sentence: str) -> str:
    team = _TEAM.match(sentence)
    return team.group("unit").casefold() if team and not _NOT_UNITS.match(team.group("unit")) else ""


def _pay(sentence: str) -> str:
    pay = _PAY.match(sentence)
    n = zh_amount(pay.group("n")) if pay else None
    if not pay or not n:
        return ""
    n *= {"万": 10000, "k": 1000, "K": 1000}.get(pay.group("unit") or "", 1)
    return str(round(n)) if n >= 500 else ""


def _target(sentence: str) -> str:
    target = _TARGET.search(sentence)
    school = target.group("school") if target else ""
    return school if school and (_SCHOOL.search(school) or _a_place(school, {"nt", "ns", "nz"})) else ""


def _trainee(sentence: str) -> str:
    return "no" if _TAKEN_ON.match(sentence) else "yes" if _TRAINEE.match(sentence) else ""


def trainee_held(new: list[Slot]) -> Callable[[Slot], bool]:
    """An old job said as a trainee's ("市场部的实习生") is held by that person taken on ("转正了"): the statement as a
    whole no longer holds (``slots.covers``)."""
    taken_on = {n.subject for n in new if n.attribute == "trainee" and n.value == "no"}
    return lambda old: old.attribute == "job" and old.subject in taken_on and bool(_TRAINEE_JOB.search(old.value))


_TRAINEE_JOB = re.compile(r"实习|见习|管培|学徒|试用")
_READS = (("hometown", _hometown), ("hukou", _hukou), ("team", _team), ("salary", _pay),
          ("target_school", _target), ("trainee", _trainee))


def _a_place(value: str, tags: frozenset[str] | set[str] = frozenset({"ns"})) -> bool:
    """A place (or with ``tags`` another name) jieba reads as one word or a run of place names ("山东临沂"), a
    province with a city after it, or a county, province or prefecture by its suffix."""
    rest = _PROVINCE.sub("", value.removesuffix("市"), count=1).removesuffix("市")
    if not rest or rest.endswith(("县", "省", "州")) or (rest != value and len(rest) <= 3):
        return True  # a province alone, or with a city after it ("湖南岳阳")
    value = rest
    words = posseg.lcut(value, HMM=False)
    return bool(words) and all(w.flag in tags for w in words)


#: The provinces, municipalities and regions, said before a city ("湖南岳阳", which jieba cuts as 湖/南岳/阳)
_PROVINCE = re.compile(r"^(?:北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|"
                       r"湖北|湖南|广东|海南|四川|贵州|云南|陕西|甘肃|青海|台湾|内蒙古?|广西|西藏|宁夏|新疆|香港|澳门)(?:省|市)?")
