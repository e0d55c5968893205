"""The attribute slot a statement fills, from its content alone (no language model, English and Chinese).

A **slot** is (subject, attribute): "Alex works at Google." fills (alex, employer) with the value "google";
"张伟现在在腾讯工作。" fills (张伟, employer) with "腾讯". Two live memories of one scope that fill the same slot
with different values contradict each other exactly as two memories of one ``entity`` do (the write flow links
them, ``memories.write.related``); the slot keys are stored on the memory (``Memory.slots``) so that the
database finds them and the review card can say why two memories were paired.

Attributes (one value at a time): ``employer``, ``job``, ``city`` (where one lives), ``age``, ``birthday``,
``phone``, ``email``, ``favourite:<thing>``, ``diet``, ``education``, ``marital``, ``role`` (what a named person
is to the speaker, "Sarah is my girlfriend"), ``<role>`` of the speaker ("my boss is Anna Lee": the speaker's
boss is Anna Lee) and ``date`` of a named event or deadline.
What is additive fills no slot: hobbies, children, likes ("likes red" and "likes cats" are both true).

Subjects: the speaker ("I", "my", "the user", "我", "用户"; the memory's subject when the caller names one), a
named person ("Alex", "张伟"; a name after a kinship word wins: "my cousin Zhang Wei" is zhang wei), a person
known by their role to the speaker ("my boss", "我表哥": ``~boss``, ``~cousin``; ``memories.write.people``),
or, for a date, the event ("the project deadline"). Pronouns ("he", "她") fill no slot: who they are is not
in the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from memories.write.people import COMPOUND_SURNAMES, KIN_EN, KIN_ZH, SPEAKER_LABEL, SURNAMES
from memories.write.text import has_cjk

SELF = "self"
MAX_STATEMENT = 400  # longer texts (summaries, documents) hold many facts: they fill no slot


@dataclass(frozen=True)
class Slot:
    subject: str
    attribute: str
    value: str
    kin: str = ""  # the named subject's role to the speaker, when said ("my cousin Zhang Wei": cousin)

    @property
    def key(self) -> str:
        return f"{self.subject}|{self.attribute}"

    def differs(self, other: Slot) -> bool:
        """The same slot with another value. Exact values (numbers, dates, contacts) differ when unequal; for
        words, one value whose words hold the other's is the same ("google" and "google cloud", "engineer" and
        "software engineer"; "阿里巴巴" and "阿里")."""
        a, b = self.value, other.value
        if self.key != other.key or not a or not b or a == b:
            return False
        if self.attribute in EXACT_ATTRIBUTES:
            return True
        if has_cjk(a) or has_cjk(b):
            return a not in b and b not in a
        left, right = set(a.split()), set(b.split())
        return not (left <= right or right <= left)


EXACT_ATTRIBUTES = frozenset({"age", "birthday", "phone", "email", "date"})


# --------------------------------------------------------------------------- shared vocabularies

_KIN_EN_ALT = "(?i:" + "|".join(sorted(map(re.escape, KIN_EN), key=len, reverse=True)) + ")"
_KIN_ZH_ALT = "|".join(sorted(map(re.escape, KIN_ZH), key=len, reverse=True))
OCCUPATIONS_EN = ("engineer", "developer", "programmer", "designer", "teacher", "professor", "lecturer", "nurse",
                  "doctor", "physician", "surgeon", "dentist", "lawyer", "attorney", "accountant", "architect",
                  "chef", "cook", "baker", "pilot", "driver", "writer", "journalist", "editor", "artist",
                  "photographer", "musician", "singer", "actor", "actress", "manager", "director", "consultant",
                  "analyst", "scientist", "researcher", "student", "intern", "pharmacist", "therapist",
                  "psychologist", "firefighter", "police officer", "officer", "soldier", "farmer", "electrician",
                  "plumber", "carpenter", "mechanic", "salesperson", "sales rep", "cashier", "waiter", "waitress",
                  "barista", "librarian", "veterinarian", "vet", "translator", "economist", "banker", "trader",
                  "entrepreneur", "founder", "ceo", "cto", "recruiter", "clerk", "secretary", "receptionist",
                  "counselor", "counsellor", "social worker", "coach", "trainer", "paramedic", "tutor",
                  "freelancer", "product manager", "data scientist", "software engineer", "civil servant",
                  "retiree", "housewife", "homemaker", "graduate student", "phd student", "postdoc")
OCCUPATIONS_ZH = ("产品经理", "项目经理", "软件工程师", "工程师", "程序员", "设计师", "老师", "教师", "教授", "讲师",
                  "护士", "医生", "大夫", "牙医", "律师", "会计师", "会计", "建筑师", "厨师", "飞行员", "司机", "作家",
                  "记者", "编辑", "画家", "摄影师", "音乐家", "歌手", "演员", "经理", "总监", "顾问", "分析师",
                  "科学家", "研究员", "学生", "大学生", "研究生", "博士生", "实习生", "药剂师", "心理咨询师", "消防员",
                  "警察", "军人", "农民", "电工", "水管工", "木匠", "修理工", "销售", "收银员", "服务员", "咖啡师",
                  "图书管理员", "兽医", "翻译", "经济学家", "银行职员", "交易员", "创业者", "公务员", "秘书", "前台",
                  "教练", "导游", "快递员", "外卖员", "保安", "售货员", "主播", "运营", "律师助理", "数据分析师",
                  "全职妈妈", "家庭主妇", "退休人员", "自由职业者", "程序猿", "HR", "人力资源")
EDUCATION_ZH = ("博士", "硕士", "研究生", "本科", "大专", "专科", "高中", "中专", "初中", "小学")
DIETS_EN = {"vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian", "carnivore": "meat",
            "omnivore": "meat", "keto": "keto", "gluten-free": "gluten-free", "halal": "halal", "kosher": "kosher"}
MEATS_EN = r"(?i:steak|beef|pork|bacon|ham|burgers?|meat|chicken|lamb|ribs|sausages?|brisket|barbecue|bbq)"
MEATS_ZH = r"(?:牛排|牛肉|猪肉|羊肉|鸡肉|红烧肉|烤肉|烧烤|肉|火锅|排骨|烤鸭|香肠|汉堡|鸡翅|羊肉串)"
EVENTS_EN = (r"deadline|due date|launch|release|wedding|funeral|exam|examination|interview|surgery|operation|"
             r"appointment|meeting|party|conference|concert|trip|flight|move|moving day|presentation|demo|review|"
             r"reunion|ceremony|graduation|recital|match|game|tournament|hearing|trial|check-?up|vacation|holiday|"
             r"kickoff|kick-off|offsite|retreat|audition|opening|premiere|visit|shower|anniversary party")
# Without a qualifier these name no particular event ("a meeting"): a date of one needs a word before it.
GENERIC_EVENTS = frozenset({"meeting", "appointment", "party", "trip", "flight", "game", "match", "visit",
                            "review", "presentation", "demo", "interview", "exam", "vacation", "holiday", "move"})
EVENTS_ZH = (r"截止日期|截止时间|截稿日期|交付日期|上线时间|上线日期|发布会|婚礼|葬礼|考试|面试|手术|会议|聚会|"
             r"演唱会|航班|答辩|年会|展会|毕业典礼|典礼|比赛|开学|入职|搬家|体检|旅行|出差|预产期|生日派对|生日聚会|"
             r"活动|盛宴|演出|讲座|培训|庆典|晚宴|发布|上线|交付")

_MONTHS = {m: i for i, names in enumerate(
    [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
     ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"),
     ("november", "nov"), ("december", "dec")], start=1) for m in names}
_MONTH_ALT = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY_ALT = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
DATE_EN = (rf"(?i:(?:(?:next|this|last)\s+)?(?:{_WEEKDAY_ALT})(?:,?\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?)?"
           rf"|(?:{_MONTH_ALT})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s*\d{{4}})?"
           rf"|(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_ALT})(?:,?\s*\d{{4}})?"
           rf"|\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?|tomorrow|today|tonight)")
_ZH_NUM = "零〇一二两三四五六七八九十百"
DATE_ZH = (rf"(?:(?:\d{{4}}|[{_ZH_NUM}]{{4}})年)?(?:\d{{1,2}}|[{_ZH_NUM}]{{1,3}})月"
           rf"(?:\d{{1,2}}|[{_ZH_NUM}]{{1,3}})[日号]"
           rf"|(?:下下|下|这|本|上)?(?:周|星期|礼拜)[一二三四五六日天]|明天|后天|今天|大后天")

# --------------------------------------------------------------------------- values


def _zh_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    digits = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9}
    if all(ch in digits for ch in text) and len(text) == 4:  # 二〇二五
        return int("".join(str(digits[ch]) for ch in text))
    total, current = 0, 0
    for ch in text:
        if ch in digits:
            current = digits[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
        else:
            return None
    return total + current


def date_value(text: str) -> str:
    """A date's comparable form: "month-day" where both are said ("March 3rd", "3/3", "3月3日" → "3-3"), else the
    words as said, case-folded ("next friday", "下周五")."""
    folded = text.strip().casefold().replace("the ", "")
    if match := re.search(rf"({_MONTH_ALT})\.?\s+(\d{{1,2}})", folded):
        return f"{_MONTHS[match.group(1)]}-{int(match.group(2))}"
    if match := re.search(rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_ALT})", folded):
        return f"{_MONTHS[match.group(2)]}-{int(match.group(1))}"
    if match := re.fullmatch(r"\d{4}-(\d{1,2})-(\d{1,2})", folded):
        return f"{int(match.group(1))}-{int(match.group(2))}"
    if match := re.fullmatch(r"(\d{1,2})/(\d{1,2})(?:/\d{2,4})?", folded):
        return f"{int(match.group(1))}-{int(match.group(2))}"
    if match := re.search(rf"(\d{{1,2}}|[{_ZH_NUM}]{{1,3}})月(\d{{1,2}}|[{_ZH_NUM}]{{1,3}})[日号]", folded):
        month, day = _zh_number(match.group(1)), _zh_number(match.group(2))
        if month and day:
            return f"{month}-{day}"
    return re.sub(r"\s+", " ", folded.replace("礼拜", "周").replace("星期", "周").replace("周天", "周日"))


def _plain(value: str) -> str:
    value = unicodedata.normalize("NFKC", value).casefold().strip(" .,;:!?'\"“”‘’()。，；：！？、")
    value = re.sub(r"^(?:the|a|an)\s+", "", value)
    value = re.sub(r"\s+(?:now|nowadays|these days|currently|again|anymore|any more|since.*|as of.*|"
                   r"for (?:a|the|\d+).*|in (?:the|\d).*|last .*|this .*|recently|already|full[- ]time|"
                   r"part[- ]time|remotely)$", "", value)
    value = re.sub(r"(?:inc|ltd|llc|corp|co)\.?$", "", value).strip(" ,.")
    return re.sub(r"[\s\-]+", " ", value)


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


# --------------------------------------------------------------------------- subjects

_EN_SELF = r"(?:i|i'm|i've|i'll|me|the user|user|the customer)"
_EN_NAME = r"(?:(?:dr|mr|mrs|ms|prof)\.?\s+)?[A-Z][a-zà-ÿ'\-]+(?:\s+[A-Z][a-zà-ÿ'\-]+){0,2}"
_EN_SUBJECT = (rf"(?P<subj>{_EN_SELF}|(?:my|our|the user's|user's)\s+(?:(?:older|younger|elder|little|big|new|"
               rf"former|old|twin|step)\s*)?(?:{_KIN_EN_ALT})(?:,?\s+{_EN_NAME})?|{_EN_NAME})")
_EN_POSSESSOR = (rf"(?P<subj>my|our|the user's|user's|(?:my|our|the user's)\s+(?:(?:older|younger|elder|little|"
                 rf"big)\s+)?(?:{_KIN_EN_ALT})(?:,?\s+{_EN_NAME})?'s|{_EN_NAME}'s)")
_EN_NOT_SUBJECTS = frozenset({"he", "she", "they", "it", "this", "that", "there", "we", "you", "his", "her",
                              "their", "its", "our", "your", "the", "a", "an", "what", "who", "when", "where",
                              "how", "why", "which", "remember", "note", "please", "also", "now", "today", "then",
                              "everyone", "nobody", "someone", "anyone", "people", "everybody"})


def _en_subject(phrase: str, speaker: str) -> str | None:
    phrase = phrase.strip().removesuffix("'s").removesuffix("’s").strip()
    folded = phrase.casefold()
    if re.fullmatch(_EN_SELF, folded) or folded in {"my", "our", "the user's", "user's"}:
        return speaker
    kin = re.fullmatch(rf"(?:my|our|the user's|user's)\s+(?:(?:older|younger|elder|little|big|new|former|old|"
                       rf"twin|step)\s*)?({_KIN_EN_ALT}),?(?:\s+(.+))?", phrase, re.IGNORECASE)
    if kin:
        name = kin.group(2)
        return _en_name(name) if name else f"~{KIN_EN[kin.group(1).casefold()]}"
    return _en_name(phrase)


def subject_kin(phrase: str) -> str:
    """The role to the speaker a subject phrase gives a named person ("my cousin Zhang Wei", "我的表弟张伟")."""
    match = (re.match(rf"(?:my|our|the user's|user's)\s+(?:\w+\s+)?({_KIN_EN_ALT}),?\s+\S", phrase.strip(),
                      re.IGNORECASE)
             or re.match(rf"(?:我们?|用户|本人)的?(?:大|小|二|三|亲|前|新|老)?({_KIN_ZH_ALT})\S", phrase.strip()))
    if match is None:
        return ""
    word = match.group(1)
    return KIN_ZH.get(word) or KIN_EN.get(word.casefold(), "")


def _en_name(name: str) -> str | None:
    name = re.sub(r"^(?:dr|mr|mrs|ms|prof)\.?\s+", "", name.strip(), flags=re.IGNORECASE)
    first = name.split()[0].casefold() if name.split() else ""
    if not first or first in _EN_NOT_SUBJECTS:
        return None
    from memories.write.people import NOT_PERSON, WEEKDAYS_MONTHS

    if first in WEEKDAYS_MONTHS or (first in NOT_PERSON and first not in {"mom", "dad", "mum"}):
        return None
    return name.casefold()


_ZH_SELF = ("我们", "我", "用户", "本人", "自己")
_ZH_ADVERBS = (r"(?:现在|目前|如今|最近|今年|已经|刚刚|刚|还|仍然|依然|也|都|则|又|一直|正在|马上|即将|将|会|要|就|"
               r"早就|后来|去年|上个月|这个月|从去年起|从今年起|从上个月开始|从下个月起|下个月|年初|年底)*")


def _zh_subject(phrase: str, speaker: str) -> str | None:
    phrase = phrase.strip(" ，,、：:").removesuffix("的")
    phrase = re.sub(r"^(?:另外|还有|而且|对了|其实|据说|听说|记住|请记住|注意)[，,]?", "", phrase)
    if phrase in _ZH_SELF:
        return speaker
    kin = re.fullmatch(rf"(?:我们?|用户|本人)的?(?:大|小|二|三|亲|前|新|老)?({_KIN_ZH_ALT})(.*)", phrase)
    if kin:
        rest = kin.group(2).strip("，, ")
        if not rest:
            return f"~{KIN_ZH[kin.group(1)]}"
        return rest if _zh_name(rest) else None
    return phrase if _zh_name(phrase) else None


def _zh_name(word: str) -> bool:
    if not 2 <= len(word) <= 4 or not all("\u4e00" <= ch <= "\u9fff" for ch in word):
        return False
    if word[:2] in COMPOUND_SURNAMES:
        return len(word) >= 3
    if word[0] in SURNAMES and len(word) <= 3:
        return True
    return len(word) == 2 and word[0] in "小老阿"  # 小王, 老李, 阿明


# --------------------------------------------------------------------------- English statements

_ADV_EN = (r"(?:\s+(?:now|currently|still|recently|just|also|finally|officially|already|no longer|has|have|had|"
           r"is|am|was|'s|'m|will|has been|have been|got|gotten|actually))*")
_VALUE_CAP = r"(?:the\s+)?(?P<value>(?:[A-Z0-9][\w&'.\-]*)(?:\s+(?:of\s+|&\s+|and\s+)?[A-Z0-9][\w&'.\-]*)*)"
_TAIL = r"(?=\s*(?:$|[.,;!?)]|\s+(?:now|these days|since|as|and|but|in|on|for|with|from|after|because|where|"
_TAIL += r"which|who|at|since|nowadays|again|anymore|today|this|last|next|full|part|remotely|while)\b))"
_OCC_EN_ALT = "(?i:" + "|".join(sorted(map(re.escape, OCCUPATIONS_EN), key=len, reverse=True)) + ")"


def _en_rules() -> list[tuple[str, re.Pattern[str]]]:
    s, p = _EN_SUBJECT, _EN_POSSESSOR
    rules = [
        ("employer", rf"^{s}{_ADV_EN}\s+(?:works?|working|worked)\s+(?:now\s+)?(?:at|for)\s+{_VALUE_CAP}{_TAIL}"),
        ("employer", rf"^{s}{_ADV_EN}\s+(?:joined|started at|started working at|got a job at|took a job at|"
                     rf"is employed by|am employed by|are employed by|switched to|left \S+ for)\s+"
                     rf"{_VALUE_CAP}{_TAIL}"),
        ("employer", rf"^{p}\s+(?:employer|company|workplace)\s+is\s+(?:now\s+)?{_VALUE_CAP}{_TAIL}"),
        ("employer+job", rf"^{s}{_ADV_EN}\s+(?:an?|the)\s+(?P<job>(?:[a-z\-]+\s+){{0,2}}(?:{_OCC_EN_ALT}))\s+"
                         rf"(?:at|for|with)\s+{_VALUE_CAP}{_TAIL}"),
        ("job", rf"^{s}{_ADV_EN}\s+(?:works?\s+as|worked\s+as|is\s+working\s+as|became|becomes|is|am|'s|'m|"
                rf"trained as|retrained as)\s+(?:now\s+)?(?:an?\s+)?(?P<value>(?:[a-z\-]+\s+){{0,2}}"
                rf"(?:{_OCC_EN_ALT}))s?{_TAIL}"),
        ("job", rf"^{p}\s+(?:job|occupation|profession|role)\s+is\s+(?:now\s+)?(?:an?\s+)?"
                rf"(?P<value>[a-z\- ]{{3,40}}?){_TAIL}"),
        ("city", rf"^{s}{_ADV_EN}\s+(?:lives?|living|lived|resides?|residing|is based|am based|'s based|'m based|"
                 rf"settled|moved(?:\s+back)?|relocated|moving)\s+"
                 rf"(?:now\s+)?(?:in|to)\s+{_VALUE_CAP}{_TAIL}"),
        ("city", rf"^{p}\s+(?:home|hometown|home town|city)\s+is\s+(?:now\s+)?{_VALUE_CAP}{_TAIL}"),
        ("age", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|turned|turns|just turned|will turn|will be)\s+(?:now\s+)?"
                rf"(?P<value>\d{{1,3}})(?:\s*(?:years?\s+old|yrs?\s+old|y/?o))?(?=\s*(?:$|[.,;!?]|\s+(?:now|this|"
                rf"today|last|next|in|on|and|years?)\b))"),
        ("age", rf"^{p}\s+age\s+is\s+(?:now\s+)?(?P<value>\d{{1,3}})\b"),
        ("age", rf"^{s},\s+(?P<value>\d{{1,3}})\s*(?:,|years old)"),
        ("birthday", rf"^{p}\s+(?:birthday|birth date|date of birth|bday)\s+(?:is|falls on|is on)\s+(?:on\s+)?"
                     rf"(?P<value>{DATE_EN})"),
        ("birthday", rf"^{s}{_ADV_EN}\s+(?:was\s+)?born\s+on\s+(?P<value>{DATE_EN})"),
        ("birthday", rf"^{s}\s+celebrates?\s+(?:\S+\s+)?birthday\s+on\s+(?P<value>{DATE_EN})"),
        ("phone", rf"^{p}\s+(?:new\s+)?(?:phone|mobile|cell|cellphone|phone number|mobile number|cell number|"
                  rf"number|contact number)\s+(?:is\s+)?(?:now\s+)?:?\s*(?P<value>\+?\d[\d\s\-().]{{5,}}\d)"),
        ("phone", rf"^{s}{_ADV_EN}\s+can be reached (?:at|on)\s+(?P<value>\+?\d[\d\s\-().]{{5,}}\d)"),
        ("email", rf"^{p}\s+(?:new\s+)?(?:e-?mail|email address|e-mail address|work email|mail)\s+(?:address\s+)?"
                  rf"(?:is\s+)?(?:now\s+)?:?\s*(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("email", rf"^{s}{_ADV_EN}\s+can be (?:reached|emailed|contacted) at\s+"
                  rf"(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("favourite", rf"^{p}\s+(?:all-time\s+|absolute\s+)?favou?rite\s+(?P<thing>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|was|"
                      rf"has become|became|are)\s+(?:now\s+)?(?P<value>[^.,;!?]+?)(?:\s+now)?\s*(?:$|[.,;!?])"),
        ("favourite", rf"^(?P<value>[A-Za-z][^.,;!?]{{0,40}}?)\s+is\s+(?:now\s+)?{p}\s+(?:all-time\s+)?favou?rite\s+"
                      rf"(?P<thing>[a-z]+(?:\s+[a-z]+)?)\s*(?:$|[.,;!?]|\s+now)"),
        ("diet", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|went|became|has become|turned|switched to being|is now|am now)"
                 rf"\s+(?:a\s+|an\s+|fully\s+|strictly\s+|strict\s+)?(?P<value>vegetarian|vegan|pescatarian|"
                 rf"carnivore|omnivore)\b"),
        ("diet", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m)\s+(?:on\s+)?(?:a\s+)?(?P<value>keto|gluten-free|halal|kosher)"
                 rf"(?:\s+diet)?\b"),
        ("diet-none", rf"^{s}{_ADV_EN}\s+(?:doesn't|does not|don't|do not|never|won't|no longer|stopped)\s+"
                      rf"(?:eat|eats|eating)\s+(?:any\s+)?(?:meat|animal products)"),
        ("diet-meat", rf"^{s}{_ADV_EN}\s+(?:loves?|enjoys?|eats?|ate|had|orders?|ordered|grilled|cooked|craves?)\s+"
                      rf"(?:(?:a|an|some|lots of|rare|juicy|big|huge|great|delicious|grilled|fried|roast)\s+){{0,3}}"
                      rf"{MEATS_EN}\b"),
        ("marital", rf"^{s}{_ADV_EN}\s+(?:is|am|'s|'m|got|are|has been|was just)\s+(?:happily\s+|recently\s+|"
                    rf"newly\s+)?(?P<value>single|married|divorced|engaged|widowed|separated)\b"),
        ("role", rf"^(?P<subj>{_EN_NAME})\s+is\s+(?:now\s+)?(?:my|the user's)\s+(?:new\s+)?(?P<value>wife|husband|"
                 rf"girlfriend|boyfriend|fiancée?|fiancee|partner|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|"
                 rf"ex|spouse)\b"),
        ("spouse", rf"^(?P<subj>my|the user's)\s+(?P<role>wife|husband|girlfriend|boyfriend|fiancée?|fiancee|"
                   rf"partner|boss|manager|landlord|therapist|doctor|dentist)(?:'s name)?\s+is\s+(?:now\s+)?"
                   rf"(?:called\s+|named\s+)?(?P<value>{_EN_NAME}){_TAIL}"),
        ("due", rf"^(?:the\s+|our\s+|my\s+)?(?P<event>(?:[\w'’\-]+\s+){{0,4}}[\w'’\-]+)\s+(?:is|was|are|is now)\s+"
                rf"(?:now\s+)?due\s+(?:on\s+|by\s+)?(?P<value>{DATE_EN})\b"),
        ("date", rf"^(?:the\s+|our\s+|my\s+)?(?P<event>(?:[\w'’\-]+\s+){{0,4}}?(?:{EVENTS_EN})(?:\s+(?:for|of)\s+"
                 rf"(?:the\s+)?[\w'’\-]+(?:\s+[\w'’\-]+){{0,2}})?)\s+(?:is|was|has been|got|will be|is now|was "
                 rf"now)?\s*(?:moved|pushed|pushed back|postponed|rescheduled|delayed|brought forward|changed|"
                 rf"set|scheduled|planned|booked|fixed|due)?\s*(?:back\s+)?(?:to|for|on|until|till)?\s*"
                 rf"(?:on\s+)?(?P<value>{DATE_EN})\b"),
    ]
    return [(attribute, re.compile(pattern, re.IGNORECASE if attribute in {"date", "due"} else 0))
            for attribute, pattern in rules]


# Case-insensitive subjects but case-sensitive names: the patterns mark names by capitals, so each rule is tried
# on the statement with its leading word capitalised as written; "my"/"I" are matched in either case.
_EN_RULES: list[tuple[str, re.Pattern[str]]] = []


def _en_slots(sentence: str, speaker: str) -> list[Slot]:
    if not _EN_RULES:
        _EN_RULES.extend(_en_rules())
    sentence = re.sub(r"^(?:also|and|so|now|actually|btw|by the way|note|remember|fyi|update|oh|well|"
                      r"please note|remember that|note that)[:,]?\s+(?:that\s+)?", "", sentence.strip(),
                      flags=re.IGNORECASE)
    sentence = re.sub(r"^(?:My|Our|The)\b", lambda m: m.group().lower(), sentence)
    sentence = re.sub(r"^I\b", "i", sentence)
    sentence = re.sub(r"^i['’]m\b", "i am", sentence)
    sentence = re.sub(r"^i['’]ve\b", "i have", sentence)
    found: list[Slot] = []
    for attribute, pattern in _EN_RULES:
        match = pattern.search(sentence)
        if match is None:
            continue
        found += _en_slot(attribute, match, speaker)
        if found and attribute != "employer+job":
            break
    return found


def _en_slot(attribute: str, match: re.Match[str], speaker: str) -> list[Slot]:
    groups = match.groupdict()
    kin = subject_kin(groups.get("subj") or "")
    return [Slot(s.subject, s.attribute, s.value, kin) if kin else s for s in _en_slot_of(attribute, groups, speaker)]


def _en_slot_of(attribute: str, groups: dict[str, str], speaker: str) -> list[Slot]:
    if attribute == "due":  # "the Q3 report is due on ...": the date of its deadline
        return [Slot(_event_en(groups["event"] + " deadline"), "date", date_value(groups["value"]))]
    if attribute == "date":
        event = _event_en(groups["event"])
        return [Slot(event, "date", date_value(groups["value"]))] if event else []
    subject = _en_subject(groups["subj"], speaker)
    if subject is None:
        return []
    if attribute == "employer+job":
        return [Slot(subject, "employer", _plain(groups["value"])), Slot(subject, "job", _plain(groups["job"]))]
    if attribute == "favourite":
        thing = _plain(groups["thing"]).replace("color", "colour")
        return [Slot(subject, f"favourite:{thing}", _plain(groups["value"]))]
    if attribute in {"diet", "diet-none", "diet-meat"}:
        value = {"diet-none": "vegetarian", "diet-meat": "meat"}.get(attribute) or DIETS_EN[groups["value"].casefold()]
        return [Slot(subject, "diet", value)]
    if attribute == "phone":
        return [Slot(subject, "phone", _digits(groups["value"]))]
    if attribute == "birthday":
        return [Slot(subject, "birthday", date_value(groups["value"]))]
    if attribute == "spouse":
        return [Slot(subject, KIN_EN.get(groups["role"].casefold(), groups["role"].casefold()),
                     _plain(groups["value"]))]
    if attribute == "role":
        return [Slot(subject, "role", groups["value"].casefold().replace("é", "e"))]
    return [Slot(subject, attribute, _plain(groups["value"]))]


def _event_en(event: str) -> str:
    words = re.sub(r"^(?:the|our|my)\s+", "", event.strip().casefold())
    words = re.sub(r"\s+(?:is|was|has|will)$", "", words)
    head = re.search(rf"({EVENTS_EN})\b", words)
    if head is None:
        return ""
    before = words[:head.start()].strip()
    if head.group(1) in GENERIC_EVENTS and not before and words == head.group(1):
        return ""
    return "event:" + re.sub(r"\s+", " ", words)


# --------------------------------------------------------------------------- Chinese statements

_ZS = r"(?P<subj>[^，。,；;！!？?\s]{1,12}?)"
_ZV = r"(?P<value>[^，。,；;！!？?\s]{1,20}?)"
_ZEND = r"(?=$|[，。,；;！!？?\s]|了|啦|呢|吧|啊)"
_OCC_ZH_ALT = "|".join(sorted(map(re.escape, OCCUPATIONS_ZH), key=len, reverse=True))
_ZH_CITY_NAMES = (
    "北京 上海 天津 重庆 广州 深圳 杭州 南京 苏州 成都 武汉 西安 长沙 郑州 青岛 大连 厦门 宁波 济南 沈阳 哈尔滨 "
    "长春 福州 合肥 昆明 南宁 贵阳 兰州 太原 石家庄 南昌 海口 三亚 珠海 佛山 东莞 无锡 常州 温州 香港 澳门 "
    "台北 拉萨 乌鲁木齐 呼和浩特 银川 西宁 烟台 泉州 绍兴 嘉兴 扬州 徐州")
_ZH_CITIES = frozenset(_ZH_CITY_NAMES.split())


def _zh_rules() -> list[tuple[str, re.Pattern[str]]]:
    s, a, v, e = _ZS, _ZH_ADVERBS, _ZV, _ZEND
    rules = [
        ("employer", rf"^{s}{a}(?:在|于)(?P<value>[^，。,；;！!？?\s]{{2,20}}?){a}(?:工作|上班|任职|就职|实习|打工)"),
        ("employer+job", rf"^{s}{a}(?:在|于)(?P<value>[^，。,；;！!？?\s]{{2,20}}?){a}(?:当|做|担任|任)(?:一名|一个)?"
                         rf"(?P<job>[^，。,；;！!？?\s]{{0,6}}?(?:{_OCC_ZH_ALT})){e}"),
        ("employer", rf"^{s}{a}(?:就职于|任职于|供职于|加入了?|入职了?|跳槽到了?|跳槽去了?|跳到了?|去了)"
                     rf"(?P<value>[^，。,；;！!？?\s]{{2,20}}?)(?:公司|集团)?{e}"),
        ("employer", rf"^{s}的?(?:工作单位|单位|公司|雇主)(?:是|为|在|换成了|变成了){v}{e}"),
        ("job", rf"^{s}{a}(?:是一名|是一位|是一个|是个|是名|是|当了?|做了?|成为了?|成了|转行做了?|改行当了?)"
                rf"(?P<value>[^，。,；;！!？?\s]{{0,6}}?(?:{_OCC_ZH_ALT})){e}"),
        ("job", rf"^{s}的?(?:职业|工作|职位|岗位)(?:是|为|换成了|变成了){a}(?P<value>[^，。,；;！!？?\s]{{1,12}}?){e}"),
        ("city", rf"^{s}{a}(?:住在|居住在|定居在|定居于|生活在|住|搬到了?|搬去了?|搬家到了?|迁居到?|移居到?|"
                 rf"家在|常住在?)(?P<value>[^，。,；;！!？?\s]{{2,12}}?)(?:市|区)?(?:了|去了|住|生活|居住)?{e}"),
        ("city", rf"^{s}的?(?:家|住址|居住地|常住地|家乡)(?:在|是|位于){v}{e}"),
        ("age", rf"^{s}(?:{a}|的年龄是|年龄是|年龄为|的年龄为|，?其年龄是|，?年龄|今年已经|已经|满)*"
                rf"(?P<value>\d{{1,3}}|[{_ZH_NUM}]{{1,4}})(?:周)?岁"),
        ("birthday", rf"^{s}的?(?:生日|出生日期|生辰)(?:是|在|为|定在)?(?P<value>{DATE_ZH})"),
        ("birthday", rf"^{s}{a}(?:出生于|生于|出生在)(?P<value>{DATE_ZH})"),
        ("phone", rf"^{s}的?(?:新)?(?:手机号码|手机号|电话号码|手机|电话|联系电话|联系方式|号码)(?:换成了?|改成了?|"
                  rf"是|为|：|:)?\s*(?P<value>\+?\d[\d\- ]{{5,}}\d)"),
        ("email", rf"^{s}的?(?:新)?(?:电子邮箱|邮箱地址|邮箱|电子邮件|邮件地址|email|Email|E-mail)(?:地址)?"
                  rf"(?:换成了?|改成了?|是|为|：|:)?\s*(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("favourite", rf"^{s}{a}最(?:喜欢|爱|喜爱)的(?P<thing>[^，。,；;！!？?\s是]{{1,6}})(?:是|为){a}{v}{e}"),
        ("diet", rf"^{s}{a}(?:是|成了|成为了?|变成了?)(?:一[名个位])?(?:严格的)?(?P<value>纯素食者|素食主义者|素食者|"
                 rf"纯素主义者)"),
        ("diet-none", rf"^{s}{a}(?:吃素|只吃素|开始吃素|不吃肉|不再吃肉|戒肉|不吃荤)"),
        ("diet-meat", rf"^{s}{a}(?:很|特别|非常|最)?(?:爱吃|喜欢吃|常吃|经常吃|天天吃|每周都吃|又开始吃|吃了)"
                      rf"(?:[^，。,；;！!？?\s]{{0,4}})?{MEATS_ZH}"),
        ("education", rf"^{s}的?(?:最高)?(?:学历)(?:是|为){a}(?P<value>{'|'.join(EDUCATION_ZH)})"),
        ("education", rf"^{s}{a}(?:是|读完了?|念完了?)(?P<value>{'|'.join(EDUCATION_ZH)})(?:学历|毕业|文凭)"),
        ("education", rf"^{s}{a}(?P<value>{'|'.join(EDUCATION_ZH)})毕业"),
        ("marital", rf"^{s}{a}(?P<value>已婚|单身|离婚|离异|订婚|结婚|丧偶)"),
        ("role", rf"^{s}(?:现在)?是(?:我|用户)的(?:新)?(?P<value>女朋友|男朋友|女友|男友|妻子|老婆|丈夫|老公|"
                 rf"未婚妻|未婚夫|前妻|前夫|前女友|前男友|爱人)"),
        ("spouse", rf"^(?P<subj>我|用户)的?(?P<role>妻子|老婆|丈夫|老公|女朋友|男朋友|女友|男友|未婚妻|未婚夫|爱人|"
                   rf"上司|老板|领导|房东|医生){a}(?:是|叫|名叫){v}{e}"),
        ("date", rf"^(?P<event>[^，。,；;！!？?\s]{{0,16}}?(?:{EVENTS_ZH}))的?(?:时间|日期|举办时间|举行时间)?{a}"
                 rf"(?:是|定在|定于|改到了?|改在|改成了?|推迟到了?|延期到了?|延后到了?|提前到了?|挪到了?|安排在|"
                 rf"在|为|将在|将于|于)?{a}(?P<value>{DATE_ZH})"),
    ]
    return [(attribute, re.compile(pattern)) for attribute, pattern in rules]


_ZH_RULES: list[tuple[str, re.Pattern[str]]] = []
_ZH_MARITAL = {"已婚": "married", "结婚": "married", "单身": "single", "离婚": "divorced", "离异": "divorced",
               "订婚": "engaged", "丧偶": "widowed"}


def _zh_slots(sentence: str, speaker: str) -> list[Slot]:
    if not _ZH_RULES:
        _ZH_RULES.extend(_zh_rules())
    sentence = re.sub(r"^(?:另外|还有|而且|对了|其实|记住|请记住|注意|更新)[，,：:]?", "", sentence.strip())
    for attribute, pattern in _ZH_RULES:
        match = pattern.search(sentence)
        if match is None:
            continue
        found = _zh_slot(attribute, match, speaker)
        if found:
            return found
    return []


def _zh_slot(attribute: str, match: re.Match[str], speaker: str) -> list[Slot]:
    groups = match.groupdict()
    kin = subject_kin(groups.get("subj") or "")
    return [Slot(s.subject, s.attribute, s.value, kin) if kin else s for s in _zh_slot_of(attribute, groups, speaker)]


def _zh_slot_of(attribute: str, groups: dict[str, str], speaker: str) -> list[Slot]:
    if attribute == "date":
        event = groups["event"].strip()
        event = re.sub(r"^(?:我们的?|我的|公司的?|这次的?|那个|这个)", "", event)
        return [Slot("event:" + event, "date", date_value(groups["value"]))] if event else []
    subject = _zh_subject(groups["subj"], speaker)
    if subject is None:
        return []
    value = _plain(groups.get("value") or "")
    if attribute in {"employer", "employer+job"}:
        return _zh_work_slots(attribute, subject, value, groups)
    make = _ZH_SLOT_MAKERS.get(attribute)
    return make(subject, value, groups) if make is not None else [Slot(subject, attribute, value)]


def _zh_work_slots(attribute: str, subject: str, value: str, groups: dict[str, str]) -> list[Slot]:
    """An employer (and a job); an "employer" that is a city (工作在上海) is where the person works."""
    if value in _ZH_CITIES or value.endswith(("市", "省")):
        work = [Slot(subject, "work_city", value.removesuffix("市"))]
        return work + ([Slot(subject, "job", _plain(groups["job"]))] if attribute == "employer+job" else [])
    if attribute == "employer+job":
        return [Slot(subject, "employer", value), Slot(subject, "job", _plain(groups["job"]))]
    return [Slot(subject, attribute, value)]


#: The attributes whose slot is not (subject, attribute, the matched value): how each is made.
_ZH_SLOT_MAKERS: dict[str, Callable[[str, str, dict[str, str]], list[Slot]]] = {
    "city": lambda subject, value, groups: [Slot(subject, "city", value.removesuffix("市"))],
    "favourite": lambda subject, value, groups: [Slot(subject, f"favourite:{groups['thing']}", value)],
    **dict.fromkeys(("diet", "diet-none"), lambda subject, value, groups: [
        Slot(subject, "diet", "vegan" if "纯素" in (groups.get("value") or "") else "vegetarian")]),
    "diet-meat": lambda subject, value, groups: [Slot(subject, "diet", "meat")],
    "age": lambda subject, value, groups: [Slot(subject, "age", str(n))] if (n := _zh_number(groups["value"])) else [],
    "birthday": lambda subject, value, groups: [Slot(subject, "birthday", date_value(groups["value"]))],
    "phone": lambda subject, value, groups: [Slot(subject, "phone", _digits(groups["value"]))],
    "marital": lambda subject, value, groups: [Slot(subject, "marital", _ZH_MARITAL[groups["value"]])],
    "role": lambda subject, value, groups: [Slot(subject, "role", KIN_ZH.get(groups["value"], groups["value"]))],
    "spouse": lambda subject, value, groups: [Slot(subject, KIN_ZH.get(groups["role"], groups["role"]), value)],
}


# --------------------------------------------------------------------------- the entry point

_SENTENCES = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；\n])\s*")


def slots_of(text: str, speaker: str = "") -> tuple[Slot, ...]:
    """The slots a statement fills, one per (subject, attribute), in the order said (the last value said of a
    slot wins). ``speaker``: who "I" is (the memory's subject, or a speaker label at the start of the text)."""
    text = unicodedata.normalize("NFKC", text).strip()
    if not text or len(text) > MAX_STATEMENT:
        return ()
    label = SPEAKER_LABEL.match(text)
    if label:
        said = label.group(1)
        if said not in {"用户", "我", "User", "Assistant", "助手"} and not speaker:
            speaker = said.casefold()
        text = text[label.end():]
    speaker = speaker.casefold() or SELF
    found: dict[str, Slot] = {}
    for sentence in _SENTENCES.split(text):
        sentence = sentence.strip(" \"'“”‘’")
        if not sentence or sentence.endswith(("?", "？")):
            continue
        for clause in _clauses(sentence):
            for slot in (_zh_slots(clause, speaker) if has_cjk(clause) else _en_slots(clause, speaker)):
                found.pop(slot.key, None)
                found[slot.key] = slot
    return tuple(found.values())


def _clauses(sentence: str) -> list[str]:
    """A sentence, and its clauses after "，" (a second statement of the same sentence). A clause that opens
    with 其 / 他 / 她 ("刘子墨是我的下属，其年龄是34岁") is about the person the sentence opened with."""
    parts = [sentence]
    if has_cjk(sentence):
        clauses = [p.strip() for p in re.split(r"[，,]", sentence)]
        opener = re.match(r"^([^，,。是在的]{1,10}?)(?:是|在|今年|现在|住|的)", clauses[0])
        lead = opener.group(1) if opener and _zh_subject(opener.group(1), SELF) is not None else ""
        for clause in clauses[1:]:
            if lead and (pronoun := re.match(r"^(?:其|他|她)(?:的)?", clause)):
                clause = lead + ("的" if pronoun.group().endswith("的") else "") + clause[pronoun.end():]
            if clause:
                parts.append(clause)
    return parts


def slot_keys(slots: Iterable[Slot]) -> list[str]:
    return sorted({slot.key for slot in slots})


def linking_slot(new: Iterable[Slot], old: Iterable[Slot]) -> Slot | None:
    """The first slot both fill with different values (what makes them contradict), else None."""
    olds = {slot.key: slot for slot in old}
    return next((slot for slot in new if slot.key in olds and slot.differs(olds[slot.key])), None)


def other_subjects(new: Iterable[Slot], old: Iterable[Slot], other_speakers: bool = False) -> bool:
    """Both fill slots, and of people (or events) none of whom the other is about: two different facts. "My
    cousin" may be the cousin another memory names ("my cousin Zhang Wei"): not another person for sure. Said by
    two different speakers (``other_speakers``), "my cousin" is two people: a role shared counts for nothing
    ("周浩：我下属的邮箱…" / "孙丽华：我下属的邮箱…")."""
    a, b = _identities(new), _identities(old)
    shared = {name for name in a & b if not (other_speakers and name.startswith("~"))}
    return bool(a) and bool(b) and not shared


def _identities(slots: Iterable[Slot]) -> set[str]:
    return {name for slot in slots for name in (slot.subject, f"~{slot.kin}" if slot.kin else "")} - {""}
