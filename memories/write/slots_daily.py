"""Everyday slots said in passing (``memories.write.slots``), read after the others found none: work said by what
one does ("now teaches chemistry", "现在跑滴滴"), an employer left by name ("finally quit google", "已经不在华为了",
"从银行辞职了", "我新东方那边辞了"), the phone or laptop one uses ("switched to a pixel 8", "换了苹果15", "用的是安卓
手机"), the days of something weekly ("gym days are monday and thursday", "每周一三五去健身房"), and the hour one goes
to bed or gets up (``bedtime``, ``waketime``: "睡觉一般十一点" / "最近都熬到两点才睡", "每天六点半起床").

An employer left by name is the value ``not:<name>``: it contradicts only a memory that names that employer
(``Slot.differs``), so "quit twitter" or "left Paris" retires nothing else. A past told as history ("I used to
work at …", "以前…") fills none of these.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.write.people import KIN_EN
from memories.write.roles import zh_kin_subject
from memories.write.slot_values import KIN_EN_ALT, KIN_ZH_ALT, Slot, zh_number
from memories.write.slots_gear import en_camera
from memories.write.slots_school import en_school

# --------------------------------------------------------------------------- English

_SELF_EN = r"(?:i|i'm|we|the user(?:\s+and\s+others)?)"
_KIN_EN = rf"(?:my|our|the user's)\s+(?:(?:older|younger|little|big|elder)\s+)?(?P<kin>{KIN_EN_ALT})"
_WHO_EN = rf"^(?:{_SELF_EN}|{_KIN_EN})"
_ADV_EN = (r"(?:\s+(?:now|currently|finally|just|also|recently|officially|actually|already|has|have|had|is|am|are|been|"
           r"'s|'m|'ve|still|retrained and(?: now)?|switched careers and(?: now)?|went back to school and(?: now)?))*")
_PAST_EN = re.compile(r"(?i)\bused to\b|\bback (?:in|then)\b|\bago\b|\bwhen (?:i|we|he|she|the user) (?:was|were)\b|"
                      r"\bif\b|\bwould\b|\bmight\b|\bshould\b|\bwants? to\b|\bthinking (?:about|of)\b|\bmaybe\b")
_SUBJECTS_EN = (r"math|maths|english|science|chemistry|physics|biology|history|geography|art|music|french|spanish|"
                r"german|chinese|mandarin|japanese|piano|yoga|pilates|dance|p\.?e\.?|kindergarten|preschool|"
                r"high school|middle school|elementary|primary|secondary|school|college|university|at a|at the|"
                r"in a|in the|online|esl|english as")
# What one does for a living said by its verb: (pattern after the subject, job)
_WORK_VERBS_EN = (
    (rf"teach(?:es|ing)?\s+(?:{_SUBJECTS_EN})\b", "teacher"),
    (r"(?:is\s+|am\s+|'s\s+|'m\s+)?(?:teaching|tutoring)\s+(?:full[- ]time|for a living|at (?:a|the)\s)", "teacher"),
    (rf"tutors?\s+(?:kids|students|children|for a living|full[- ]time|(?:{_SUBJECTS_EN})\b)\b", "tutor"),
    (r"(?:drives?|driving)\s+(?:for\s+(?:uber|lyft|a (?:taxi|cab|delivery) company)|an?\s+(?:taxi|cab|bus|lorry)\b)",
     "driver"),
    (r"(?:delivers?|delivering)\s+(?:for\s+)?(?:doordash|deliveroo|ubereats|uber eats|amazon|packages|parcels)\b",
     "courier"),
    (r"practi[cs](?:es|ing)\s+law\b", "lawyer"),
    (r"practi[cs](?:es|ing)\s+medicine\b", "doctor"),
    (r"(?:bartends|bartending|tends bar)\b", "bartender"),
    (r"(?:waits|waiting)\s+tables\b", "waiter"),
    (r"(?:freelances?|freelancing|went freelance|gone freelance|is self-employed|am self-employed|"
     r"works? for (?:myself|himself|herself|themselves))\b", "freelancer"),
    (r"(?:runs?|running|opened|owns?)\s+(?:a|an|his|her|my|our|their)\s+(?:own\s+|small\s+|little\s+)?"
     r"(?:bakery|cafe|café|coffee shop|restaurant|shop|store|business|salon|bar|food truck|studio|company|startup)\b",
     "business owner"),
)
_WORK_EN = [(re.compile(rf"(?i){_WHO_EN}{_ADV_EN}\s+{verb}"), job) for verb, job in _WORK_VERBS_EN]
# Freelancing said with no subject at all: "Freelancing full time now."
_WORK_BARE_EN = re.compile(r"(?i)^(?:now\s+)?(?:freelancing|self-employed)\b(?!\s+(?:on the side|a bit|sometimes))")
# An employer left by name: "quit google", "left Shopify", "not at spotify anymore", "no longer with Deloitte"
_LEFT_EN = re.compile(rf"(?i){_WHO_EN}?{_ADV_EN}\s*(?:(?:quit|left|resigned from|walked away from)\s+"
                      r"(?:my\s+job\s+at\s+)?|(?:handed|turned|put)\s+in\s+(?:my|his|her|their|the user's)\s+"
                      r"(?:notice|resignation)\s+(?:at|to)\s+|gave\s+(?:my\s+)?notice\s+at\s+"
                      r"|(?:am|is|'m|are)?\s*(?:not|no longer|isn't|aren't|ain't)\s+(?:at|with|working (?:at|for))\s+)"
                      r"(?!(?:my|the|a|an|his|her|our|their|home|work|school|town|it|that|this|job|smoking|drinking|"
                      r"coffee|sugar|meat|social|twitter|instagram|facebook|tiktok|for|cold|again|today|yesterday|altogether|"
                      r"completely|entirely|everything)\b)"
                      r"(?P<value>[a-z0-9][\w&'\-]*(?:\s+(?!(?:anymore|any|now|and|so|last|this|in|on|for|after|"
                      r"because|to|lol|finally|btw|the|yesterday|today|earlier|recently)\b)[a-z0-9][\w&'\-]*)?)"
                      r"(?=\s*(?:$|[.,;!?)]|\s+(?:anymore|any more|now|and|so|last|this|in|on|for|after|because|to|"
                      r"lol|finally|btw|the (?:week|month|day|year)|yesterday|today|earlier|recently)\b))")
_PHONES_EN = (r"iphone|pixel|galaxy|samsung|oneplus|huawei|xiaomi|motorola|moto|nokia|sony xperia|xperia|"
              r"nothing phone|fairphone|android phone|blackberry")
_LAPTOPS_EN = r"macbook(?:\s+(?:air|pro))?|thinkpad|chromebook|surface (?:laptop|pro)|dell xps|xps|zenbook|framework"
_DEVICE_EN = re.compile(rf"(?i){_WHO_EN}{_ADV_EN}\s+(?:use|uses|using|got|bought|have|has|own|owns|"
                        r"switched (?:over\s+)?to|changed to|moved (?:over\s+)?to|upgraded to|went with|on|rocking|"
                        r"picked up|made the (?:jump|switch|move) to|jumped (?:ship\s+)?to|went over to)\s+"
                        r"(?:an?\s+|the\s+|my\s+|a new\s+|new\s+)?(?:new\s+|used\s+)?"
                        rf"(?P<value>(?P<brand>{_PHONES_EN}|{_LAPTOPS_EN})(?:\s+(?!now\b|and\b|last\b|too\b|as\b|the\b|"
                        r"for\b|since\b)[\w+\-]+){0,2})")
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_EN = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?"
_WEEKLY_EN = (r"gym|workout|workouts|training|swim|swimming|yoga|pilates|running|run|climbing|football|soccer|"
              r"tennis|basketball|volunteering|office|in-office|wfh|work from home|remote|shift|shifts|class|classes|"
              r"lesson|lessons|practice|rehearsal|therapy|tutoring|dialysis|physio")
_DAYS_OF_EN = re.compile(rf"(?i)(?:^|\b(?:my|our|the user's|the)\s+)(?P<event>{_WEEKLY_EN})\s+days?\b"
                         rf"(?:\s+(?:are|is)\s+(?:now\s+)?|\s+(?:moved|changed|switched)\s+to\s+|.*?\bto\s+)"
                         rf"(?=(?:on\s+)?{_DAY_EN}\b)")
_DAYS_VERB_EN = re.compile(rf"(?i){_WHO_EN}{_ADV_EN}\s+(?:go\s+to\s+(?:the\s+)?|hit\s+the\s+|do\s+|have\s+)?"
                           rf"(?P<event>{_WEEKLY_EN}|works?\s+from\s+home|works?\s+remotely|go(?:es)?\s+into\s+"
                           rf"the\s+office)\s+(?:on\s+|every\s+)(?={_DAY_EN}\b.*\b(?:and|&)\b)")


def en_daily(sentence: str, speaker: str) -> list[Slot]:
    """The work, the employer left, the device or the weekly days an English statement says, else []."""
    if _PAST_EN.search(sentence):
        return []
    return next((found for read in _EN_READERS if (found := read(sentence, speaker))), [])


def _who_en(said: re.Match[str], speaker: str) -> str:
    kin = said.groupdict().get("kin")
    return f"~{KIN_EN[kin.casefold()]}" if kin else speaker


# Work on the side or for fun is no occupation ("I teach a yoga class on weekends for fun", "周末兼职跑滴滴").
_SIDE_EN = re.compile(r"(?i)\b(?:for fun|on the side|as a hobby|on (?:the )?weekends?|at weekends|once a week|twice a "
                      r"week|sometimes|occasionally|volunteer\w*|part[- ]time|side (?:gig|hustle|job)|in (?:my|his|her|"
                      r"their) (?:free|spare) time|after work|evenings)\b")
_SIDE_ZH = re.compile(r"业余|周末|兼职|偶尔|有时候?|副业|空闲|闲暇|志愿|下班后|下班之后|晚上")
# A second one beside the first is no change ("I also have a pixel for testing", "还有一台备用机").
_MORE_EN = re.compile(r"(?i)\b(?:also|too|as well|second|spare|backup|extra|another|old)\b")
_MORE_ZH = re.compile(r"还有|另一|备用|也|旧")


def _en_work(sentence: str, speaker: str) -> list[Slot]:
    if _SIDE_EN.search(sentence):
        return [] if not (left := _LEFT_EN.match(sentence)) else _left_en(left, speaker)
    for pattern, job in _WORK_EN:
        if said := pattern.match(sentence):
            return [Slot(_who_en(said, speaker), "job", job)]
    if _WORK_BARE_EN.match(sentence):
        return [Slot(speaker, "job", "freelancer")]
    if left := _LEFT_EN.match(sentence):
        return _left_en(left, speaker)
    return []


def _left_en(left: re.Match[str], speaker: str) -> list[Slot]:
    return [Slot(_who_en(left, speaker), "employer", "not:" + " ".join(left.group("value").casefold().split()))]


def _en_device(sentence: str, speaker: str) -> list[Slot]:
    said = _DEVICE_EN.match(sentence)
    if said is None or _MORE_EN.search(sentence):
        return []
    brand = said.group("brand").casefold()
    kind = "laptop" if re.fullmatch(_LAPTOPS_EN, brand, re.IGNORECASE) else "phone"
    return [Slot(_who_en(said, speaker), f"device:{kind}", " ".join(said.group("value").casefold().split()))]


def _en_days(sentence: str, speaker: str) -> list[Slot]:
    said = _DAYS_OF_EN.search(sentence) or _DAYS_VERB_EN.match(sentence)
    if said is None:
        return []
    days = _days_en(sentence[said.end():])
    if not days:
        return []
    event = said.group("event").casefold().removesuffix("s") if said.group("event").casefold() != "class" else "class"
    owner = _who_en(said, speaker) if said.re is _DAYS_VERB_EN else speaker
    return [Slot(owner, f"days:{_EVENT_EN.get(event, event)}", " ".join(days))]


_EVENT_EN = {"work from home": "remote", "works from home": "remote", "work remotely": "remote",
             "works remotely": "remote", "go into the office": "office", "goes into the office": "office",
             "workout": "gym", "training": "gym", "swimming": "swim", "running": "run", "classe": "class",
             "lesson": "class", "in-office": "office", "wfh": "remote"}


def _days_en(text: str) -> list[str]:
    """The weekdays said at the start of ``text`` ("tuesdays and saturdays", "mon, wed & fri"), in week order."""
    found = re.match(rf"(?i)\s*(?:on\s+)?(?P<days>{_DAY_EN}(?:\s*(?:,|and|&|/|\+)\s*{_DAY_EN})*)", text)
    if found is None:
        return []
    said = {day for word in re.findall(r"[a-z]+", found.group("days").casefold())
            for day in _WEEKDAYS_EN if word not in {"and"} and day.startswith(word[:3])}
    return [day for day in _WEEKDAYS_EN if day in said]


# The year one is in at school: "my daughter is in 8th grade now" / "she's in ninth grade", "in year 10".
_ORDINALS_EN = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
                "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12}
_GRADE_TAIL = (rf"{_ADV_EN}\s+(?:in|starting|started|going into|moved up to)\s+(?:the\s+)?"
               rf"(?:(?:(?P<n>\d{{1,2}})(?:st|nd|rd|th)?|(?P<word>{'|'.join(_ORDINALS_EN)}))\s+grade|"
               r"year\s+(?P<year>\d{1,2}))\b")
_GRADE_EN = re.compile(rf"(?i){_WHO_EN}{_GRADE_TAIL}")
# A child by name, their kin word before it or after it as the memory keeps it ("my son Leo is in 2nd grade",
# "Leo (the user's son) is in 2nd grade", "Leo started third grade this week"): the child is the name
_GRADE_NAMED = re.compile(rf"(?i)^(?:(?:my|our|the user's)\s+(?:(?:older|younger|little|big|elder)\s+)?"
                          rf"(?:{KIN_EN_ALT}),?\s+)?(?P<name>(?-i:[A-Z][a-z]+))"
                          rf"(?:\s+\((?:my|the user's)\s+[a-z\s\-]{{2,30}}\))?{_GRADE_TAIL}")
_NOT_NAMES_EN = frozenset({"i", "he", "she", "they", "we", "it", "this", "that", "who", "everyone", "nobody",
                           "someone", "school", "class", "kindergarten", "the", "a", "an", "then", "now", "today",
                           "tomorrow", "yesterday", "next", "last", "finally", "also", "just", "still"})


def _en_grade(sentence: str, speaker: str) -> list[Slot]:
    if said := _GRADE_EN.match(sentence):
        who = _who_en(said, speaker)
    elif said := _GRADE_NAMED.match(sentence):
        from memories.write.people import NOT_PERSON, WEEKDAYS_MONTHS

        who = said.group("name").casefold()
        if who in _NOT_NAMES_EN or who in NOT_PERSON or who in WEEKDAYS_MONTHS:
            return []
    else:
        return []
    grade = said.group("n") or said.group("year") or str(_ORDINALS_EN[said.group("word").casefold()])
    return [Slot(who, "study:grade", grade)]


_EN_READERS: tuple[Callable[[str, str], list[Slot]], ...] = (_en_work, _en_device, _en_days, _en_grade, en_school,
                                                              en_camera)

# --------------------------------------------------------------------------- Chinese

_ZH_WHO = rf"^(?:(?P<self>我们|我|用户等人|用户|本人)|(?:我们?|用户)的?(?P<kin>{KIN_ZH_ALT}))"
_ZH_ADV = (r"(?:现在|目前|如今|最近|已经|早就|刚刚|刚|还|也|都|一直|又|终于|正式|就|改|转行|后来|这阵子|前几天|"
           r"前两天|上周|上个月|昨天|今天|这周|这个月|年初|年底|今年|这学期|"
           r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?)*")
_ZH_PAST = re.compile(r"以前|之前|当年|那时|曾经|原来|要是|如果|假如|打算|想要|考虑|要不要|想不想|是不是|吗")
_ZH_TEACH = (r"语文|数学|英语|物理|化学|生物|历史|地理|政治|音乐|美术|体育|钢琴|舞蹈|编程|中文|汉语|日语|书法|"
             r"小提琴|吉他|瑜伽|画画")
_ZH_WORK_VERBS = (
    (rf"(?:在[\u4e00-\u9fff]{{0,8}}?(?:学校|小学|中学|初中|高中|大学|幼儿园|培训机构|培训班|机构)里?)?"
     rf"教(?:书|(?:小学|初中|高中|大学)?(?:{_ZH_TEACH}))", "老师"),
    (r"(?:跑|开)(?:滴滴|网约车|出租车?|的士|货车|大货车)", "司机"),
    (r"(?:跑|送)(?:外卖|美团|饿了么)", "外卖员"),
    (r"送快递", "快递员"),
    (r"(?:自己|自个儿)(?:开了?|做了?)(?:个|一个|家|一家)?[\u4e00-\u9fff]{0,6}?(?:店|公司|工作室|餐馆|饭馆)|"
     r"(?:自己)?(?:出来)?创业", "创业者"),
    (r"(?:做|搞)自媒体", "自媒体"),
    (r"(?:做|干)(?:自由职业|自由撰稿)|(?:成了?|是)自由职业者?", "自由职业者"),
)
_WORK_ZH = [(re.compile(rf"{_ZH_WHO}{_ZH_ADV}(?:正?在)?{verb}"), job) for verb, job in _ZH_WORK_VERBS]
# An employer left by name: "已经不在华为了", "从银行辞职了", "离开了腾讯"
_LEFT_ZH = re.compile(rf"{_ZH_WHO}{_ZH_ADV}(?:不在(?P<v1>[^，。,；;！!？?\s家]{{2,10}}?)(?:工作|上班|干)?了|"
                      r"从(?P<v2>[^，。,；;！!？?\s]{2,10}?)(?:辞职|离职|辞了职|跳槽|裸辞|(?<![搬跑走逃爬钻拿带])出来了)|"
                      r"(?:离开了?|辞掉了?)(?P<v3>[^，。,；;！!？?\s]{2,10}?)(?:的工作)?(?=$|[，。,！!；;]|了))")
# The employer said first, as the topic: "京东那边我已经辞职了", "华为我早就不干了"
_LEFT_TOPIC_ZH = re.compile(rf"^(?!我|用户|本人)(?P<v1>[^，。,；;！!？?\s]{{2,10}}?)(?:那边|那里|那儿|这边)?(?:的工作)?"
                            rf"[，,]?"
                            rf"(?:(?P<self>我们|我|用户等人|用户|本人)|(?:我们?|用户)的?(?P<kin>{KIN_ZH_ALT})){_ZH_ADV}"
                            r"(?:辞职|离职|辞了|不干|不做|裸辞)")
# The employer after the speaker, as the topic: "我新东方那边辞了", "用户华为的工作早就不干了"
_LEFT_SAID_ZH = re.compile(rf"{_ZH_WHO}{_ZH_ADV}(?!的|{KIN_ZH_ALT})(?P<v1>[^，。,；;！!？?\s]{{2,10}}?)"
                           rf"(?:那边|那里|那儿|的工作|(?<=[店厂馆院所行司局]))(?:的工作)?{_ZH_ADV}"
                           r"(?:辞职|离职|辞了|不干|不做|裸辞)")
_NOT_EMPLOYERS_ZH = re.compile(r"^(?:\d|[一二三四五六七八九十]|去年|今年|上个?月|这个?月|上周|老家|家里|国内|国外|本地|"
                               r"后来|然后|最后|其实|所以|结果|现在|目前|最近|早就|终于|"
                               r"这里|那里|这边|那边|北京|上海|深圳|广州|杭州|成都)")
_PHONES_ZH = (r"华为|小米|红米|OPPO|oppo|vivo|VIVO|荣耀|三星|一加|魅族|iPhone|iphone|Pixel|pixel"
              r"|苹果(?=\s*\d|手机|[Pp]ro|[Mm]ax)|安卓(?=手机|机)")
_DEVICE_ZH = re.compile(rf"{_ZH_WHO}{_ZH_ADV}(?:的?手机{_ZH_ADV})?(?:用的是|用着|在用|用|换了|换成了?|买了|新买了|入了|"
                        r"拿的是|用的手机是|的手机是|手机是)"
                        rf"(?:一?[台部个])?(?:新的?)?(?P<value>(?:{_PHONES_ZH})\s*[\w+]{{0,6}}?(?:\s[\w+]{{1,4}}?)?)(?:手机)?"
                        r"(?!手表|平板|电脑|笔记本|耳机|手环|电视|汽车|车|SU)(?=$|[，。,！!；;]|了|的|手机)")
_ZH_DAYNUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7, "末": 0}
_ZH_DAYS = r"(?:(?:每|逢)?(?:周|星期|礼拜)[一二三四五六日天](?:[、和跟及与,，/]?[一二三四五六日天])*)"
_ZH_WEEKLY = (r"健身房|健身|游泳|跑步|瑜伽|普拉提|打球|打篮球|打羽毛球|踢球|练琴|上班|坐班|去公司|值班|加班|透析|"
              r"[\u4e00-\u9fff]{1,4}?课")
_DAYS_ZH = re.compile(rf"{_ZH_WHO}?{_ZH_ADV}(?:的)?(?:(?P<days>{_ZH_DAYS}(?:[、和跟,，]?{_ZH_DAYS})*)"
                      rf"(?:都|会|要)?(?:去|练|上|打)?"
                      rf"(?:都|会|要)?(?:去|练|上|打)?"
                      rf"(?P<event>{_ZH_WEEKLY})|(?:去)?(?P<event2>{_ZH_WEEKLY})(?:时间|日子)?"
                      rf"(?:改成了?|改到了?|换成了?|调到了?|挪到了?|定在|是|在)(?P<days2>{_ZH_DAYS}(?:[、和跟,，]?"
                      rf"{_ZH_DAYS})*))")


def zh_daily(sentence: str, speaker: str) -> list[Slot]:
    """The work, the employer left, the phone or the weekly days a Chinese statement says, else []."""
    if _ZH_PAST.search(sentence):
        return []
    return next((found for read in _ZH_READERS if (found := read(sentence, speaker))), [])


def _who_zh(said: re.Match[str], speaker: str) -> str:
    kin = said.groupdict().get("kin")
    return zh_kin_subject(kin) if kin else speaker


def _zh_work(sentence: str, speaker: str) -> list[Slot]:
    for pattern, job in _WORK_ZH if not _SIDE_ZH.search(sentence) else ():
        if said := pattern.match(sentence):
            return [Slot(_who_zh(said, speaker), "job", job)]
    left = _LEFT_ZH.match(sentence) or _LEFT_TOPIC_ZH.match(sentence) or _LEFT_SAID_ZH.match(sentence)
    value = left and (left.group("v1") or left.group("v2") or left.group("v3"))
    if left and value and not _NOT_EMPLOYERS_ZH.match(value):
        # "从公司辞职了": the company, unnamed, is the job: no employer now
        name = value.removesuffix("公司") if value not in {"公司", "单位", "原单位", "原公司"} else ""
        return [Slot(_who_zh(left, speaker), "employer", "not:" + name if name else "none")]
    return []


def _zh_device(sentence: str, speaker: str) -> list[Slot]:
    said = _DEVICE_ZH.match(sentence)
    if said is None or _MORE_ZH.search(sentence):
        return []
    value = said.group("value").casefold().replace("苹果", "iphone").replace(" ", "")
    return [Slot(_who_zh(said, speaker), "device:phone", value)]


def _zh_days(sentence: str, speaker: str) -> list[Slot]:
    said = _DAYS_ZH.match(sentence)
    if said is None:
        return []
    said_days = re.sub(r"周|星期|礼拜|每|逢", " ", said.group("days") or said.group("days2"))
    days = sorted({_ZH_DAYNUM[ch] for ch in said_days if ch in _ZH_DAYNUM and ch != "末"})
    event = said.group("event") or said.group("event2")
    event = {"健身房": "健身", "去公司": "上班", "坐班": "上班"}.get(event, event)
    return [Slot(_who_zh(said, speaker), f"days:{event}", " ".join(map(str, days)))] if days else []


# The year one is in at school: "我女儿在读初二" / "上高一了", "儿子今年三年级", "闺女九月份上一年级了"; a
# kindergarten class too ("在上幼儿园大班"; a bare 中班 only of a relative: the speaker's may be a shift).
_GRADE_ZH = re.compile(rf"{_ZH_WHO}{_ZH_ADV}(?:(?:\d{{1,2}}|[一二三四五六七八九十]{{1,2}})月份?(?:开学)?|下学期|开学)?"
                       r"(?:就|要|也)?(?:在读|在上|读|上|念|升到|升入|升)?(?:了)?(?P<grade>(?:小学)?[一二三四五六]年级|"
                       r"初[一二三]|高[一二三]|大[一二三四]|研[一二三]|博[一二三四五]|(?:幼儿园)?[小中大]班|托班)"
                       r"(?=$|[，。,！!；;]|了|啦|的)")


# A child by name, with the kinship word before it or alone ("用户的儿子乐乐上二年级" / "乐乐这周开始上三年级了"): the
# name, a doubled one ("乐乐", "朵朵") or one jieba tags a person's
_GRADE_VERB_ZH = re.compile(r"(?:上|读|念|升)了?(?:小学)?(?:[一二三四五六]年级|初[一二三]|高[一二三])")
_GRADE_ZH_NAMED = re.compile(rf"^(?:(?:我们?|用户)的?(?:{KIN_ZH_ALT}))?(?P<name>[\u4e00-\u9fff]{{2,3}}?)"
                             rf"(?=[\u4e00-\u9fff\d]*?(?:上|读|念|升)(?:了)?(?:小学)?(?:[一二三四五六]年级|初[一二三]|高[一二三]))"
                             rf"(?P<rest>.*)$")


def _zh_grade(sentence: str, speaker: str) -> list[Slot]:
    who = None
    said = _GRADE_ZH.match(sentence)
    if said is None and (named := _GRADE_ZH_NAMED.match(sentence)) and _zh_named(named.group("name")):
        at = _GRADE_VERB_ZH.search(named.group("rest"))  # "乐乐这周开始上三年级了": from 上 on
        said, who = _GRADE_ZH.match("我" + named.group("rest")[at.start() if at else 0:]), named.group("name")
    if said is None or (said.group("grade") in ("小班", "中班", "大班") and not said.group("kin")):
        return []
    grade = said.group("grade").removeprefix("小学").removeprefix("幼儿园")
    return [Slot(who or _who_zh(said, speaker), "study:grade", grade)]


def _zh_named(name: str) -> bool:
    """A doubled name ("乐乐") or a name jieba tags a person's ("王浩")."""
    from memories.write.people import chinese_names

    return (len(name) == 2 and name[0] == name[1]) or any(found == name for found, _ in chinese_names(name))


# When one goes to bed or gets up, as a rule ("睡觉一般十一点", "最近都熬到两点才睡", "每天早上六点起床"): the hour.
_ZH_HOUR = r"(?P<hour>\d{1,2}|[一二两三四五六七八九十]{1,3})点(?P<half>半|多|左右)?"
_OFTEN_ZH = r"(?:晚上|早上|一般|通常|平时|每天|天天|老是|总是|经常|都|是|基本上?)*"
_BED_ZH = (re.compile(rf"{_ZH_WHO}{_ZH_ADV}(?:晚上)?(?:睡觉|睡)(?:时间)?{_OFTEN_ZH}(?:是|在)?(?:晚上|半夜|凌晨)?"
                      rf"{_ZH_HOUR}"),
           re.compile(rf"{_ZH_WHO}{_ZH_ADV}{_OFTEN_ZH}(?:晚上|半夜|凌晨)?(?:熬到|到)?{_ZH_HOUR}(?:才|就|左右)?"
                      r"(?:睡觉?|上床)(?!不着|醒)"))
_UP_ZH = (re.compile(rf"{_ZH_WHO}{_ZH_ADV}{_OFTEN_ZH}(?:早上|早晨|清早)?{_ZH_HOUR}(?:就|才)?(?:起床|起(?!来|飞))"),)


def _zh_sleep(sentence: str, speaker: str) -> list[Slot]:
    found = []
    for attribute, patterns in (("bedtime", _BED_ZH), ("waketime", _UP_ZH)):
        if said := next((m for pattern in patterns if (m := pattern.match(sentence))), None):
            hour = zh_number(said.group("hour"))
            if hour is not None:
                half = ".5" if said.group("half") == "半" else ""
                found.append(Slot(_who_zh(said, speaker), attribute, f"{hour}{half}"))
    return found


_ZH_READERS: tuple[Callable[[str, str], list[Slot]], ...] = (_zh_work, _zh_device, _zh_days, _zh_grade, _zh_sleep)
