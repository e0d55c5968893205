"""The attribute slots' shared parts (``memories.write.slots``): the ``Slot``, the vocabularies both languages'
rules read (occupations, diets, events, dates), the values' comparable forms, and a subject's role to the speaker."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from memories.write.people import KIN_EN, KIN_ZH
from memories.write.roles import zh_kin_subject
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
        if a.startswith(LEFT) or b.startswith(LEFT):
            # A value left by name ("quit google": ``not:google``) contradicts that value only.
            left, held = (a, b) if a.startswith(LEFT) else (b, a)
            return not held.startswith(LEFT) and Slot(self.subject, self.attribute, left[len(LEFT):]).same_value(held)
        return not self.same_value(b)

    def same_value(self, held: str) -> bool:
        """Whether ``held`` is this slot's value said in other words (one holds the other's words)."""
        a, b = self.value, held
        if a == b:
            return True
        if self.attribute in EXACT_ATTRIBUTES:
            return False
        if has_cjk(a) or has_cjk(b):
            return a in b or b in a
        left, right = set(a.split()), set(b.split())
        return left <= right or right <= left


LEFT = "not:"  # the value of an employer left by name ("finally quit google": ``not:google``)
EXACT_ATTRIBUTES = frozenset({"age", "birthday", "phone", "email", "date"})


# --------------------------------------------------------------------------- shared vocabularies

KIN_EN_ALT = "(?i:" + "|".join(sorted(map(re.escape, KIN_EN), key=len, reverse=True)) + ")"
KIN_ZH_ALT = "|".join(sorted(map(re.escape, KIN_ZH), key=len, reverse=True))
OCCUPATIONS_EN = ("engineer", "developer", "dev", "programmer", "designer", "teacher", "professor", "lecturer", "nurse",
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
                  "retiree", "housewife", "homemaker", "graduate student", "phd student", "postdoc", "paralegal",
                  "nanny", "caregiver", "hairdresser", "stylist", "realtor", "real estate agent", "hygienist",
                  "flight attendant", "bartender", "teaching assistant", "welder", "janitor", "courier",
                  "security guard", "midwife", "optometrist", "physiotherapist", "physical therapist", "dietitian",
                  "nutritionist", "copywriter", "illustrator", "animator", "sommelier", "butcher", "tailor", "postman",
                  "postwoman", "mail carrier", "delivery driver", "taxi driver", "cab driver", "bus driver",
                  "lorry driver", "truck driver", "cleaner", "builder", "gardener", "carer", "shop assistant",
                  "warehouse worker", "dental nurse", "web developer", "estate agent", "bricklayer", "roofer",
                  "assistant", "shift lead", "shift manager", "supervisor", "team lead", "content creator",
                  "youtuber", "influencer", "streamer", "blogger", "trucker",
                  # clergy, with the titles that grade them
                  "pastor", "youth pastor", "senior pastor", "associate pastor", "lead pastor", "priest", "minister",
                  "rabbi", "imam", "chaplain", "deacon", "vicar", "bishop", "missionary")
OCCUPATIONS_ZH = ("产品经理", "项目经理", "软件工程师", "工程师", "程序员", "设计师", "老师", "教师", "教授", "讲师",
                  "护士", "医生", "大夫", "牙医", "律师", "会计师", "会计", "建筑师", "厨师", "飞行员", "司机", "作家",
                  "记者", "编辑", "画家", "摄影师", "音乐家", "歌手", "演员", "经理", "总监", "顾问", "分析师",
                  "科学家", "研究员", "学生", "大学生", "研究生", "博士生", "实习生", "药剂师", "心理咨询师", "消防员",
                  "警察", "军人", "农民", "电工", "水管工", "木匠", "修理工", "销售", "收银员", "服务员", "咖啡师",
                  "图书管理员", "兽医", "翻译", "经济学家", "银行职员", "交易员", "创业者", "公务员", "秘书", "前台",
                  "教练", "导游", "快递员", "外卖员", "保安", "售货员", "主播", "运营", "律师助理", "数据分析师",
                  "骑手", "全职妈妈", "家庭主妇", "退休人员", "自由职业者", "程序猿", "HR", "人力资源",
                  "自媒体", "博主", "主管", "店长", "网约车司机",
                  # the heads of office titles ("销售专员", "行政助理", "车间主任", "质检员", "时尚买手")
                  "专员", "助理", "主任", "组长", "科长", "处长", "部长", "代表", "文员", "客服", "督导", "策划",
                  "质检员", "买手", "护工", "保洁",
                  # a function one does, said as the job ("在游戏公司做测试", "不做测试了去做策划")
                  "测试", "开发", "运维", "美工", "文案", "行政", "人事", "财务", "出纳", "采购", "审计", "业务",
                  # more posts and trades: a bank's teller, an apprentice, a translator, a band's players
                  "柜员", "学徒", "审计师", "业务员", "译者", "乐手", "鼓手", "贝斯手", "吉他手", "键盘手")
EDUCATION_ZH = ("博士", "硕士", "研究生", "本科", "大专", "专科", "高中", "中专", "初中", "小学")
DIETS_EN = {"vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian", "carnivore": "meat",
            "omnivore": "meat", "keto": "keto", "gluten-free": "gluten-free", "halal": "halal", "kosher": "kosher"}
MEATS_EN = r"(?i:steak|beef|pork|bacon|ham|burgers?|meat|chicken|lamb|ribs|sausages?|brisket|barbecue|bbq)"
MEATS_ZH = r"(?:牛排|牛肉|猪肉|羊肉|鸡肉|红烧肉|烤肉|烧烤|肉|排骨|烤鸭|香肠|汉堡|鸡翅|羊肉串)"
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
ZH_NUM = "零〇一二两三四五六七八九十百"
DATE_ZH = (rf"(?:(?:\d{{4}}|[{ZH_NUM}]{{4}})年)?(?:\d{{1,2}}|[{ZH_NUM}]{{1,3}})月"
           rf"(?:\d{{1,2}}|[{ZH_NUM}]{{1,3}})[日号]"
           rf"|(?:下下|下|这|本|上)?(?:周|星期|礼拜)[一二三四五六日天]|明天|后天|今天|大后天")

# --------------------------------------------------------------------------- values


def zh_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    digits = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9}
    if all(ch in digits for ch in text) and len(text) == 4:  # 二〇二五
        return int("".join(str(digits[ch]) for ch in text))
    total, current, unit = 0, 0, 0
    for n, ch in enumerate(text):
        if ch in digits:
            current = digits[ch]
            unit = unit if n and text[n - 1] in "百千" else 0
        elif ch in "十百千":
            unit = {"十": 10, "百": 100, "千": 1000}[ch]
            total += (current or 1) * unit
            current = 0
        else:
            return None
    return total + (current * unit // 10 if unit >= 100 else current)  # "一百三" is 130, "一百零三" 103


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
    if match := re.search(rf"(\d{{1,2}}|[{ZH_NUM}]{{1,3}})月(\d{{1,2}}|[{ZH_NUM}]{{1,3}})[日号]", folded):
        month, day = zh_number(match.group(1)), zh_number(match.group(2))
        if month and day:
            return f"{month}-{day}"
    return re.sub(r"\s+", " ", folded.replace("礼拜", "周").replace("星期", "周").replace("周天", "周日"))


def plain_value(value: str) -> str:
    value = unicodedata.normalize("NFKC", value).casefold().strip(" .,;:!?'\"“”‘’()。，；：！？、")
    value = re.sub(r"^(?:the|a|an)\s+", "", value)
    value = re.sub(r"\s+(?:now|nowadays|these days|currently|again|anymore|any more|since.*|as of.*|"
                   r"for (?:a|the|\d+).*|in (?:the|\d).*|last .*|this .*|recently|already|full[- ]time|"
                   r"part[- ]time|remotely)$", "", value)
    value = re.sub(r"(?<=[\s,])(?:inc|ltd|llc|corp|co)\.?$", "", value).strip(" ,.")  # not Costco's "co"
    return re.sub(r"[\s\-]+", " ", value)


def digits_of(value: str) -> str:
    return re.sub(r"\D", "", value)


def subject_kin(phrase: str) -> str:
    """The role to the speaker a subject phrase gives a named person ("my cousin Zhang Wei", "我的表弟张伟")."""
    match = (re.match(rf"(?:my|our|the user's|user's)\s+(?:\w+\s+)?({KIN_EN_ALT}),?\s+\S", phrase.strip(),
                      re.IGNORECASE)
             or re.match(rf"(?:我们?|用户|本人)的?(?:大|小|二|三|亲|前|新|老)?({KIN_ZH_ALT})\S", phrase.strip()))
    if match is None:
        return ""
    word = match.group(1)
    return zh_kin_subject(word)[1:] if word in KIN_ZH else KIN_EN.get(word.casefold(), "")

#: Car makes said in Chinese ("开的是比亚迪", "奔驰卖掉了").
CAR_BRANDS_ZH = ("大众|丰田|本田|日产|宝马|奔驰|奥迪|特斯拉|比亚迪|吉利|长城|哈弗|蔚来|小鹏|理想|别克|雪佛兰|福特|现代|"
                 "起亚|马自达|斯巴鲁|沃尔沃|保时捷|路虎|雷克萨斯|五菱|红旗|长安|奇瑞|荣威|名爵|领克|极氪|问界|小米|"
                 "凯迪拉克|捷豹|英菲尼迪|林肯|标致|雪铁龙|斯柯达|三菱|铃木|Jeep|MINI|Tesla|BMW")
#: Car models people name a car by, without its make ("思域卖了", "雅阁置换了"): the common ones sold in China, not
#: those that are everyday words too (汉, 唐, 宋, 秦, 元, 海豚, 海豹, 阳光, 发现, 野马, 几何: said with the make).
CAR_MODELS_ZH = ("思域|雅阁|飞度|凌派|缤智|冠道|奥德赛|艾力绅|型格|皓影|凯美瑞|卡罗拉|雷凌|汉兰达|普拉多|亚洲龙|威驰|"
                 "荣放|RAV4|朗逸|速腾|迈腾|帕萨特|宝来|途观|途昂|探岳|凌渡|桑塔纳|捷达|途安|明锐|速派|"
                 "轩逸|天籁|逍客|奇骏|骐达|英朗|君威|君越|昂科威|昂科拉|GL8|凯越|科鲁兹|迈锐宝|福克斯|蒙迪欧|"
                 "福睿斯|伊兰特|索纳塔|途胜|名图|悦动|朗动|智跑|昂克赛拉|阿特兹|森林人|傲虎|帝豪|博越|星越|"
                 "星瑞|缤越|博瑞|宏光|逸动|瑞虎|艾瑞泽|Model ?[3YSX]|卡宴|帕拉梅拉|揽胜|CR-V|CRV|XR-V|途锐|"
                 "威兰达|锋兰达|奕泽|劲客|坦克300|秦PLUS|宋PLUS|元PLUS|唐DM|汉EV|海豹06|SU7")
CAR_NAMES_ZH = f"{CAR_BRANDS_ZH}|{CAR_MODELS_ZH}"
