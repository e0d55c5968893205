"""Chinese changes said in passing, read beside the rules of ``slots_zh`` (each adds a slot the first reader did
not fill), so that a new value meets the one said before:

- a budget (``budget``): "买房的预算是五百万" / "预算提高到八百万了";
- a favourite colour said by comparison or by its 色 ("现在更喜欢绿色了", "最喜欢蓝色"): ``favourite:颜色``, as
  "最喜欢的颜色是蓝色" fills it;
- where one's (new) work is ("新工作在陆家嘴", "公司在张江"): ``work_city``, as "在杭州工作" fills it;
- a car sold or got rid of ("车卖了", "奔驰卖掉了"): the ``car`` none; a car driven to work ("开一辆朗逸上班"):
  the ``commute`` by car, as ``slots_zh_home`` reads "开车上班";
- a graduation ("研究生毕业了", "我儿子小学毕业了"): no grade any more (``study:grade`` 毕业);
- a thing of one's own and what it is now ("家里宽带用的是电信" / "宽带换成移动的了"): ``uses:<thing>``, the thing a
  single common noun by jieba's tags;
- a switch to another drink or sport ("改喝茶了", "医生让我改游泳", "换成骑车了"): ``switch:喝`` / ``switch:运动``
  with what is done now. It meets the habit of another drink or sport of the same person (``habit:咖啡`` yes,
  ``habit:跑步`` yes; ``memories.write.slots.linking_slot``) through the key both share (``usual:喝`` /
  ``usual:运动``, ``usual_key``), and never a like said with 也 ("我也喜欢喝茶"): only a switch retires a habit.

Another person's ("我老公的预算", "我妹改喝茶了") fills none of these, nor what used to be or might be.
"""

from __future__ import annotations

import re

from jieba import posseg

from memories.write.people import KIN_ZH
from memories.write.slot_values import CAR_NAMES_ZH, Slot
from memories.write.slots_amounts import zh_amount
from memories.write.slots_zh_learn import learnt, learnt_switch

__all__ = ["DRINKS_ZH", "SPORTS_ZH", "switched", "usual_key", "zh_changes"]

_SELF = r"^(?:我们|我|用户等人|用户|本人)(?:家)?"
_ADV = (r"(?:现在|目前|如今|最近|这阵子|这段时间|这[两几]?(?:年|个月|天)|近来|近几年|已经|早就|刚刚|刚|也|都|一直|又|"
        r"就|还是|终于|今年|上个月|这学期|这个学期|新学期|这学年|"
        r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?)*")
_HEDGED = re.compile(r"以前|之前|当年|那时|曾经|原来|要是|如果|假如|打算|想要|准备|考虑|要不要|是不是|吗|的话")

#: Drinks, one at a time as a habit ("每天早上都喝咖啡" / "改喝茶了").
DRINKS_ZH = ("咖啡|美式|拿铁|茶|绿茶|红茶|奶茶|花茶|乌龙茶|普洱|可乐|果汁|牛奶|豆浆|酸奶|啤酒|红酒|白酒|酒|"
             "苏打水|气泡水|椰子水|燕麦奶")
#: Sports, the ones a body does for exercise ("每周跑步三次" / "改游泳").
SPORTS_ZH = ("跑步|慢跑|夜跑|游泳|健身|瑜伽|普拉提|打球|篮球|羽毛球|乒乓球|网球|足球|骑车|骑行|爬山|徒步|"
             "滑雪|攀岩|跳绳|散步|快走|打拳|拳击|太极|广场舞|跳舞")
_DRINK = re.compile(rf"(?:{DRINKS_ZH})")
_SPORT = re.compile(rf"(?:打|踢|练|去)?(?P<sport>{SPORTS_ZH})")

_BUDGET = re.compile(rf"{_SELF}{_ADV}(?:的)?(?:(?P<for>[\u4e00-\u9fff]{{1,4}}?)的?)?预算{_ADV}"
                     r"(?:是|为|有|只有|大概|大约|"
                     r"提高到|提高了?到|涨到|加到|增加到|降到|减到|调到|调整到|改成|变成|压到|控制在|在|：|:)+"
                     r"(?P<value>\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)(?P<unit>万|千|块|元)?")
_COLOUR = re.compile(rf"{_SELF}{_ADV}(?:更|最|比较)(?:喜欢|爱)(?P<value>[\u4e00-\u9fff]{{1,2}}色)(?![的系])")
_WORKPLACE = re.compile(rf"{_SELF}{_ADV}的?(?:新|现在的?)?(?:工作|公司|单位|办公室)(?:地点)?(?:在|位于|搬到了?)"
                        r"(?P<value>[\u4e00-\u9fff]{2,8}?)(?:那边|这边|附近)?(?=$|[，。,；;！!]|了|上班|工作)")
_SOLD = re.compile(rf"^(?:(?:我们|我|用户等人|用户|本人)(?:家)?)?{_ADV}的?(?:(?:那|这)?(?:辆|台)?(?:车|车子|汽车|爱车)"
                   rf"|(?:{CAR_NAMES_ZH})[\u4e00-\u9fffA-Za-z0-9]{{0,4}}?)"
                   rf"{_ADV}(?:卖了|卖掉了|处理掉了|转手了|出掉了|置换了|置换掉了|换掉了|报废了)")
_DRIVE_TO_WORK = re.compile(rf"{_SELF}{_ADV}(?:每天)?开(?:一辆|着|辆|的是)[\u4e00-\u9fffA-Za-z0-9 ]{{1,8}}?"
                            r"(?:去|来)?(?:上班|上下班|通勤)")
_GRADUATED = re.compile(rf"{_SELF}{_ADV}(?:研究生|硕士|博士|大学|本科|大专|高中|初中|小学)?(?:也)?(?:顺利)?毕业了")
#: A thing of one's own and what it is now ("家里宽带用的是电信" / "宽带换成移动的了", "公司用的是钉钉").
_USES = re.compile(rf"^(?:(?:我们|我|用户等人|用户|本人)(?:家里?|们家)?的?)?{_ADV}"
                   rf"(?P<thing>[\u4e00-\u9fff]{{1,3}}?){_ADV}"
                   r"(?:用的是|用的|换成了?|改成了?|改用了?|换到了?)(?P<value>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)"
                   r"(?:的)?(?:了|啦)?$")
#: The school one goes to ("在实验小学上学", "在二中读初一") and a transfer ("转学到外国语学校了"), read for a
#: relative too (``slots_zh._kin_as_self``: "我女儿转学到…").
_SCHOOLS = r"(?:小学|中学|初中|高中|学校|幼儿园|大学|学院|附小|附中|[一二三四五六七八九十\d]+中)"
_SCHOOL = re.compile(rf"{_SELF}{_ADV}(?:[大高初][一二三四]|[一二三四五六]年级)?{_ADV}"
                     rf"(?:在(?P<at>[\u4e00-\u9fffA-Za-z0-9]{{0,10}}?{_SCHOOLS})"
                     r"(?:上学|读书|念书|就读|读[一二三四五六初高大研]|上[一二三四五六]年级)"
                     rf"|(?:转学|转校)(?:到|去)了?(?P<to>[\u4e00-\u9fffA-Za-z0-9]{{1,10}}?{_SCHOOLS})(?:了|$|[，。,]))")
#: The shift one works ("每周一三五上白班" / "现在上夜班了", "调到夜班了"), as ``slots_shifts`` reads it in English;
#: not one day's ("今天上夜班") nor a turn that comes round ("这个月轮到夜班").
_SHIFT = re.compile(rf"{_SELF}{_ADV}(?:以后|往后|从此|之后|开始)?(?:都)?(?:在[\u4e00-\u9fffA-Za-z]{{1,8}}?)?"
                    r"(?:每周|每星期|周|星期|每天|天天|平时|一般)?[一二三四五六日天、]*(?:都|只)?"
                    r"(?:[改换调转](?:成|到|为)?|改上)?(?:上|值|倒|做|上的是)?(?:常|长)?"
                    r"(?P<kind>白|夜|晚|早|中|大夜|小夜)班(?=$|[，。,！!；;]|了|为主|比较多)")
#: A rota that turns ("三班倒", "上倒班", "一周白班一周夜班"): the shift is no one kind, ``rotating``.
_ROTA = re.compile(rf"{_SELF}{_ADV}(?:在[\u4e00-\u9fffA-Za-z]{{1,8}}?)?(?:上|是|做|值|要)?(?:[两三四]班倒|倒班|轮班|"
                   r"(?:一|每)(?:周|个月|星期)[白早]班[，,]?(?:一|每)?(?:周|个月|星期)?[夜晚中]班)")
_SHIFTS = {"白": "day", "早": "early", "中": "evening", "晚": "evening", "小夜": "evening", "夜": "night",
           "大夜": "night"}
#: "改喝茶了", "换成骑车了", "医生让我改游泳": the speaker switched (or was told to switch) to another.
_SWITCH = re.compile(r"(?:^(?:我们|我|用户|本人)|(?:让|叫|建议|要求)(?:我|用户))"
                     rf"{_ADV}(?:为了[\u4e00-\u9fff]{{1,6}}?)?{_ADV}(?:每天|平时|早上|晚上)?(?:改成|换成|改为|改)(?:了)?(?:每天|平时|早上|晚上)?"
                     r"(?:(?P<drink>喝)|去)?(?P<thing>[\u4e00-\u9fff]{1,4}?)(?=$|[，。,；;！!]|了|吧|啦)")


def zh_changes(sentence: str, speaker: str) -> list[Slot]:
    """The slots of the module's docstring a Chinese statement of the speaker fills, else []."""
    if _HEDGED.search(sentence):
        return []
    found: list[Slot] = []
    budget = _BUDGET.search(sentence)
    if budget and budget.group("for") not in KIN_ZH and (n := zh_amount(budget.group("value"))):
        n *= {"万": 10000, "千": 1000}.get(budget.group("unit") or "", 1)
        found.append(Slot(speaker, "budget", str(round(n))))
    if colour := _COLOUR.search(sentence):
        found.append(Slot(speaker, "favourite:颜色", colour.group("value")))
    if place := _WORKPLACE.search(sentence):
        found.append(Slot(speaker, "work_city", place.group("value").removesuffix("市")))
    if _SOLD.search(sentence):
        found.append(Slot(speaker, "car", "none"))
    if _DRIVE_TO_WORK.search(sentence):
        found.append(Slot(speaker, "commute", "car"))
    if _GRADUATED.search(sentence):
        found.append(Slot(speaker, "study:grade", "毕业"))
    if _ROTA.search(sentence):
        found.append(Slot(speaker, "shift", "rotating"))
    elif shift := _SHIFT.search(sentence):
        found.append(Slot(speaker, "shift", _SHIFTS[shift.group("kind")]))
    if school := _SCHOOL.search(sentence):
        found.append(Slot(speaker, "school", school.group("at") or school.group("to")))
    if (uses := _USES.match(sentence.strip(" 。！!"))) and _noun(uses.group("thing")):
        found.append(Slot(speaker, f"uses:{uses.group('thing')}", uses.group("value").casefold()))
    found += _place_kept(sentence, speaker)
    if (switch := _SWITCH.search(sentence)) and (kind := _kind(switch.group("thing"), bool(switch.group("drink")))):
        found.append(Slot(speaker, f"switch:{kind[0]}", kind[1]))
    return found + _membership(sentence, speaker) + learnt_switch(sentence, speaker)


#: A membership by the place's name, as ``slots_changes`` reads it in English (``member:<name>``): held ("在一兆韦德
#: 健身", "在乐刻办了年卡", "办了威尔士的卡") or ended ("一兆韦德退卡了", "威尔士的卡退了", "退了乐刻的卡", "会员没续").
_PLACE_NAME = r"(?P<name>(?!家|公司|学校|小区|楼下|附近|外面|的)[\u4e00-\u9fffA-Za-z0-9]{2,8}?)"
_MEMBER_YES = re.compile(rf"{_SELF}{_ADV}(?:在{_PLACE_NAME}(?:健身|撸铁|办了?(?:一张)?(?:年|月|季|次)?卡|办了会员)"
                         rf"|办了{_PLACE_NAME.replace('<name>', '<name2>')}的(?:年|月|季|次)?卡)")
_MEMBER_NO = re.compile(rf"(?:{_SELF}{_ADV}(?:的)?)?(?:{_PLACE_NAME}{_ADV}(?:退卡了|的?(?:会员|年|月|次)?卡{_ADV}"
                        r"(?:退了|不续了|没续了?|没再续|到期不续了?))"
                        rf"|(?:{_SELF}[^，。,；;]{{0,12}}?)?退了{_PLACE_NAME.replace('<name>', '<name2>')}"
                        r"的(?:会员|年|月|次)?卡)")


#: A place of a kind one goes to as a habit ("每周去三次小区旁边的健身房", "平时都去楼下那家理发店"), and a change
#: of it said by its kind alone ("换健身房了", "理发店换了一家"): ``uses:<kind>``, the kind the phrase's last word,
#: a common noun by jieba's tags.
_GOES = re.compile(rf"{_SELF}{_ADV}(?:每周|每星期|每天|天天|平时|经常|一般|周末)(?:都|会|常)?去"
                   r"(?:[一两二三四五六七八九十\d]+次)?(?P<value>[\u4e00-\u9fff]{2,12}?)(?=$|[，。,！!；;]|锻炼|健身(?!房)|上课|打卡)")
_CHANGED_PLACE = re.compile(rf"^(?:(?:我们|我|用户等人|用户|本人)(?:家)?)?{_ADV}(?:换了?(?:个|家|一家)?"
                            r"(?P<thing>[\u4e00-\u9fff]{2,4}?)了|(?P<thing2>[\u4e00-\u9fff]{2,4}?)换了(?:个|家|一家))$")


#: An activity jieba tags as a noun, a verb and its object in two characters ("钓鱼", "爬山", "跑步"): no place.
_ACTIVITY = re.compile(r"[钓爬跑滑唱跳逛看下打踢游骑划蹦徒露泡]\w")


def _place_kept(sentence: str, speaker: str) -> list[Slot]:
    sentence = sentence.strip(" 。！!")
    if goes := _GOES.match(sentence):
        kind = posseg.lcut(goes.group("value"), HMM=False)[-1]
        return [Slot(speaker, f"uses:{kind.word}", goes.group("value"))] if kind.flag == "n" and \
            not _ACTIVITY.fullmatch(kind.word) else []
    changed = _CHANGED_PLACE.match(sentence)
    thing = (changed.group("thing") or changed.group("thing2")) if changed else ""
    return [Slot(speaker, f"uses:{thing}", "changed")] if thing and _noun(thing) else []


def _membership(sentence: str, speaker: str) -> list[Slot]:
    for pattern, value in ((_MEMBER_NO, "no"), (_MEMBER_YES, "yes")):
        if said := pattern.match(sentence):
            return [Slot(speaker, f"member:{(said.group('name') or said.group('name2')).casefold()}", value)]
    return []


def _noun(word: str) -> bool:
    """A thing by jieba's tags, one common noun ("宽带", "电脑"), not a person, a place or a kinship word."""
    words = posseg.lcut(word, HMM=False)
    return len(words) == 1 and words[0].flag in ("n", "nz", "vn") and word not in KIN_ZH and word not in _SPEAKERS


_SPEAKERS = frozenset(("我们", "用户", "本人", "自己", "大家"))


def _kind(thing: str, drunk: bool) -> tuple[str, str] | None:
    """("喝", the drink) or ("运动", the sport) a switch is to, else None."""
    if drunk and _DRINK.fullmatch(thing):
        return "喝", thing
    sport = _SPORT.fullmatch(thing)
    return ("运动", sport.group("sport")) if sport and not drunk else None


def usual_key(slot: Slot) -> str:
    """The key a habit of a drink or a sport shares with a switch to another (``usual:喝`` / ``usual:运动``), or
    ""; ``memories.write.slots.slot_keys`` adds it so that the database finds the one for the other."""
    if slot.attribute.startswith("switch:"):
        return f"{slot.subject}|usual:{slot.attribute[7:]}"
    if slot.attribute.startswith("habit:") and slot.value == "yes":
        thing = slot.attribute[6:]
        if _DRINK.fullmatch(thing):
            return f"{slot.subject}|usual:喝"
        if _SPORT.fullmatch(thing):
            return f"{slot.subject}|usual:运动"
        if learnt(thing):
            return f"{slot.subject}|usual:学"
    return ""


def switched(new: Slot, old: Slot) -> bool:
    """A switch to another drink or sport ends the habit of the one before ("每天早上都喝咖啡" / "改喝茶了")."""
    return new.attribute.startswith("switch:") and new.subject == old.subject and old.value == "yes" \
        and usual_key(old) == usual_key(new) and old.attribute[6:] != new.value
