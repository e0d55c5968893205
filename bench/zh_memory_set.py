"""Write the Chinese development set of people-and-life memories (``bench/eval/zh-dev.json``), deterministically.

    .venv/bin/python bench/zh_memory_set.py [--seed 36] [--out bench/eval/zh-dev.json]

Simulated users tell an assistant, over months of dated messages, about the people in their lives (relatives,
a boss, colleagues, subordinates, friends; Chinese names), their ages, jobs and employers, cities, schools and
education levels, phones, e-mails, birthdays, hobbies, pets, and about dated events and plans; some facts change
later (a new employer, a move). Between them: everyday chatter and requests, and the assistant's answers. Every
message is one line of plain text with a speaker label (``林晓峰：…``, ``助手：…``), as a client that sends content
only would save it. All users' messages go into one scope, ordered by date: each user's people are the others'
distractors.

Every fact is said with one of many sentence templates (subject as the name, the kin or role word, or both;
ages in digits or Chinese numerals; dates and phone numbers in several spellings; optional colloquial openers
and closers), so no template dominates. Questions (gold ``evidence``: every message id needed, and a reference
``answer``) come in seven shapes:

- ``lookup``: a fact of a person named by name;
- ``kin``: the same, naming the person by the user's kin or role word (林晓峰的表哥…, 我是林晓峰，我上司…);
- ``compound``: two questions in one (…？另外，…？);
- ``chatty``: a paragraph of chatter, then a marker (我想问的是，…) and the question;
- ``comparison``: two or more facts joined (谁年纪更大, 分别在哪, 谁养了宠物);
- ``temporal``: when an event or a birthday is;
- ``latest``: the current value after an update (the earlier message is not evidence).

A person's evidence includes the message that introduces them (kin word and name together) whenever the fact's
message does not say the form the question uses. The same seed always writes the same file.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "eval" / "zh-dev.json"

SURNAMES = [("王", "wang"), ("李", "li"), ("张", "zhang"), ("刘", "liu"), ("陈", "chen"), ("杨", "yang"),
            ("赵", "zhao"), ("黄", "huang"), ("周", "zhou"), ("吴", "wu"), ("徐", "xu"), ("孙", "sun"),
            ("胡", "hu"), ("朱", "zhu"), ("高", "gao"), ("林", "lin"), ("何", "he"), ("郭", "guo"), ("马", "ma"),
            ("罗", "luo"), ("梁", "liang"), ("宋", "song"), ("郑", "zheng"), ("谢", "xie"), ("韩", "han"),
            ("唐", "tang"), ("冯", "feng"), ("于", "yu"), ("董", "dong"), ("程", "cheng"), ("曹", "cao"),
            ("袁", "yuan"), ("邓", "deng"), ("傅", "fu"), ("沈", "shen"), ("曾", "zeng"), ("彭", "peng"),
            ("吕", "lv"), ("蒋", "jiang"), ("蔡", "cai"), ("贾", "jia"), ("丁", "ding"), ("魏", "wei"),
            ("薛", "xue"), ("叶", "ye"), ("阎", "yan"), ("余", "yu"), ("潘", "pan"), ("杜", "du"), ("戴", "dai")]
GIVEN_M = [("伟", "wei"), ("强", "qiang"), ("磊", "lei"), ("军", "jun"), ("勇", "yong"), ("杰", "jie"),
           ("涛", "tao"), ("明", "ming"), ("超", "chao"), ("刚", "gang"), ("建华", "jianhua"), ("文博", "wenbo"),
           ("浩然", "haoran"), ("思远", "siyuan"), ("晓东", "xiaodong"), ("志刚", "zhigang"), ("宇轩", "yuxuan"),
           ("俊杰", "junjie"), ("鹏", "peng"), ("博", "bo"), ("国栋", "guodong"), ("子豪", "zihao"),
           ("嘉伟", "jiawei"), ("立新", "lixin"), ("海波", "haibo"), ("振华", "zhenhua"), ("一鸣", "yiming"),
           ("天宇", "tianyu"), ("家乐", "jiale"), ("明辉", "minghui")]
GIVEN_F = [("芳", "fang"), ("娜", "na"), ("敏", "min"), ("静", "jing"), ("丽", "li"), ("艳", "yan"),
           ("秀英", "xiuying"), ("桂英", "guiying"), ("子涵", "zihan"), ("梓萱", "zixuan"), ("雨桐", "yutong"),
           ("海燕", "haiyan"), ("欣怡", "xinyi"), ("佳怡", "jiayi"), ("婷婷", "tingting"), ("慧", "hui"),
           ("晓雯", "xiaowen"), ("思琪", "siqi"), ("美玲", "meiling"), ("雪梅", "xuemei"), ("诗涵", "shihan"),
           ("玉兰", "yulan"), ("晓琳", "xiaolin"), ("凤霞", "fengxia"), ("若曦", "ruoxi"), ("梦瑶", "mengyao")]

# kin or role word -> (gender or "", age range, kind: adult / kid / elder)
RELATIONS: dict[str, tuple[str, tuple[int, int], str]] = {
    "表哥": ("m", (30, 45), "adult"), "表姐": ("f", (30, 45), "adult"), "堂弟": ("m", (22, 32), "adult"),
    "舅舅": ("m", (50, 66), "elder"), "姑姑": ("f", (50, 64), "elder"), "姐姐": ("f", (32, 45), "adult"),
    "弟弟": ("m", (22, 33), "adult"), "女儿": ("f", (7, 17), "kid"), "儿子": ("m", (6, 17), "kid"),
    "小姨": ("f", (38, 52), "adult"), "上司": ("", (38, 55), "adult"), "领导": ("", (40, 56), "adult"),
    "下属": ("", (23, 33), "adult"), "实习生": ("", (21, 24), "adult"), "同事": ("", (25, 45), "adult"),
    "前同事": ("", (26, 42), "adult"), "大学室友": ("", (28, 40), "adult"), "发小": ("", (28, 42), "adult"),
    "高中同学": ("", (28, 42), "adult"), "邻居": ("", (30, 60), "adult"), "师傅": ("m", (42, 58), "adult"),
}
ALWAYS = ["下属", "表哥"]
BOSS = ["上司", "领导"]

EMPLOYERS = ["腾讯", "阿里巴巴", "字节跳动", "华为", "京东", "美团", "百度", "网易", "小米", "招商银行", "中国银行",
             "平安保险", "比亚迪", "宁德时代", "顺丰", "携程", "拼多多", "蔚来汽车", "中石化", "国家电网", "联想",
             "大疆", "海尔", "格力", "中信证券", "德勤", "万科", "一家跨境电商公司", "一家做新能源的创业公司",
             "区里的税务局", "一家外企律所", "市第一人民医院"]
TITLES = ["产品经理", "软件工程师", "会计", "销售经理", "护士", "医生", "律师", "设计师", "数据分析师",
          "人力资源专员", "项目经理", "测试工程师", "财务主管", "运营", "市场专员", "算法工程师", "行政主管",
          "前端开发", "客户经理", "审计"]
CITIES = ["上海", "杭州", "成都", "北京", "深圳", "广州", "南京", "武汉", "西安", "重庆", "苏州", "长沙", "厦门",
          "青岛", "天津", "昆明", "合肥", "大连"]
UNIVERSITIES = ["复旦大学", "浙江大学", "四川大学", "北京大学", "清华大学", "南京大学", "武汉大学", "中山大学",
                "同济大学", "华中科技大学", "西安交通大学", "厦门大学", "山东大学", "上海交通大学", "重庆大学",
                "湖南大学", "东南大学", "北京师范大学", "华南理工大学", "电子科技大学"]
COLLEGES = ["深圳职业技术学院", "浙江金融职业学院", "成都航空职业技术学院", "南京工业职业技术大学"]
HIGH_SCHOOLS = ["杭州二中", "成都七中", "南京外国语学校", "人大附中", "华师大二附中", "长沙一中", "重庆八中",
                "厦门双十中学", "武汉外国语学校", "西安高新一中"]
PRIMARY = ["实验小学", "育才小学", "外国语小学", "第一小学"]
LEVEL_RANK = {"小学": 0, "初中": 1, "高中": 2, "大专": 3, "本科": 4, "硕士": 5, "博士": 6}
HOBBIES = ["打羽毛球", "钓鱼", "爬山", "弹吉他", "摄影", "下围棋", "跑马拉松", "烘焙", "打篮球", "游泳", "练瑜伽",
           "画水彩", "露营", "骑行", "打乒乓球", "养多肉", "看话剧", "拼乐高", "练书法", "打网球", "滑雪", "玩剧本杀"]
PETS = [("柯基", "豆豆"), ("橘猫", "胖虎"), ("布偶猫", "雪球"), ("金毛", "旺财"), ("柴犬", "可乐"), ("英短", "布丁"),
        ("泰迪", "毛毛"), ("边牧", "闪电"), ("暹罗猫", "咖啡"), ("鹦鹉", "小绿"), ("仓鼠", "团子"), ("萨摩耶", "奶糖"),
        ("狸花猫", "大黄"), ("比熊", "棉花"), ("哈士奇", "二哈"), ("三花猫", "花花")]
USERS = [("林晓峰", "m", 34), ("赵雅婷", "f", 31), ("陈志远", "m", 42), ("孙丽华", "f", 38), ("周浩", "m", 29)]

CN_DIGITS = "零一二三四五六七八九"
PREFIXES = ["", "", "", "", "对了，", "哦对了，", "跟你说，", "顺便说一下，", "诶，", "我想起来了，", "说到这个，",
            "还有，"]
SUFFIXES = ["", "", "", "", "", "帮我记一下。", "你记着点哈。", "先跟你说一声。", "以后可能用得上。",
            "别搞混了。"]
RECORD_LIKE = {"phone", "email", "birthday", "job", "job_new", "edu", "intro", "city_new", "event"}
ACKS = ["好的，记住了。", "收到，已经记下来了。", "明白，我会记住的。", "好的，有需要随时问我。", "了解～",
        "好嘞，记下了。", "好的，这个我记着呢。", "嗯嗯，知道了。", "OK，已记录。", "好的，之后需要的话我提醒你。",
        "收到！还有别的要记的吗？", "明白了，谢谢告诉我。", "记好了，放心。", "好的，我更新一下记录。"]


SAME_SURNAME = {"女儿", "儿子", "弟弟", "姐姐", "堂弟"}


def my(kin: str) -> str:
    """The user's way of saying the relation: 我表哥, 我带的实习生."""
    return "我带的实习生" if kin == "实习生" else f"我{kin}"


def cn_number(n: int) -> str:
    """1–99 in Chinese numerals (十二, 三十六)."""
    tens, ones = divmod(n, 10)
    if tens == 0:
        return CN_DIGITS[ones]
    return ("" if tens == 1 else CN_DIGITS[tens]) + "十" + (CN_DIGITS[ones] if ones else "")


@dataclass
class Person:
    kin: str
    name: str
    gender: str
    age: int
    kind: str
    email: str
    phone: str
    birthday: tuple[int, int]
    employer: str = ""
    title: str = ""
    city: str = ""
    level: str = ""
    school: str = ""
    hobby: str = ""
    pet: tuple[str, str] | None = None

    def pronoun(self) -> str:
        return "她" if self.gender == "f" else "他"


@dataclass
class Fact:
    person: Person
    kind: str
    value: Any
    msg: str = ""  # message id
    forms: set[str] = field(default_factory=set)  # "name", "kin": how the message names the person
    superseded: bool = False
    old: Fact | None = None  # an update: the fact it changes


@dataclass
class Msg:
    id: str
    user: str
    role: str
    at: dt.datetime
    content: str


class Builder:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.used_names: set[str] = {u[0] for u in USERS}
        self.template_uses: Counter[str] = Counter()

    # --- helpers ----------------------------------------------------------------------------------------------------
    def pick(self, options: list[Any], tag: str | None = None) -> Any:
        i = self.r.randrange(len(options))
        if tag:
            self.template_uses[f"{tag}#{i}"] += 1
        return options[i]

    def name(self, gender: str, family: tuple[str, str] | None = None) -> tuple[str, str]:
        while True:
            s, sp = family or self.pick(SURNAMES)
            g, gp = self.pick(GIVEN_F if gender == "f" else GIVEN_M)
            if s + g not in self.used_names:
                self.used_names.add(s + g)
                return s + g, sp + gp

    def age_text(self, age: int) -> str:
        return self.pick([f"{age}岁", f"{cn_number(age)}岁", f"{age}岁", f"{cn_number(age)}了", f"{age}了"])

    def date_text(self, month: int, day: int) -> str:
        return self.pick([f"{month}月{day}号", f"{month}月{day}日", f"{cn_number(month)}月{cn_number(day)}号",
                          f"{month}月{day}号", f"{month}.{day}"])

    def phone_text(self, phone: str) -> str:
        return self.pick([phone, phone, f"{phone[:3]}-{phone[3:7]}-{phone[7:]}",
                          f"{phone[:3]} {phone[3:7]} {phone[7:]}"])

    def person(self, kin: str, family: tuple[str, str]) -> Person:
        gender, (low, high), kind = RELATIONS[kin]
        gender = gender or self.pick(["m", "f"])
        name, pinyin = self.name(gender, family if kin in SAME_SURNAME else None)
        age = self.r.randint(low, high)
        mail_user = self.pick([pinyin, pinyin + str(self.r.randint(1, 99)), f"{pinyin}{self.r.randint(1970, 2005)}",
                               pinyin + "_work"])
        domain = self.pick(["163.com", "qq.com", "126.com", "gmail.com", "outlook.com", "foxmail.com", "sina.com"])
        phone = self.pick(["138", "139", "136", "186", "158", "177", "150", "189", "135", "182"]) + "".join(
            str(self.r.randrange(10)) for _ in range(8))
        p = Person(kin, name, gender, age, kind, f"{mail_user}@{domain}", phone,
                   (self.r.randint(1, 12), self.r.randint(1, 28)))
        p.city = self.pick(CITIES)
        p.hobby = self.pick(HOBBIES)
        if self.r.random() < 0.35:
            p.pet = self.pick(PETS)
        if kind == "kid":
            if age <= 12:
                p.level, p.school = "小学", self.pick(PRIMARY)
            elif age <= 15:
                p.level, p.school = "初中", self.pick(["外国语学校", "实验中学", "第十二中学", "育英中学"])
            else:
                p.level, p.school = "高中", self.pick(HIGH_SCHOOLS)
        else:
            p.employer, p.title = self.pick(EMPLOYERS), self.pick(TITLES)
            if kin == "实习生":
                p.level, p.school = "硕士", self.pick(UNIVERSITIES)  # in study
            else:
                roll = self.r.random()
                if roll < 0.12:
                    p.level, p.school = "高中", self.pick(HIGH_SCHOOLS)
                elif roll < 0.25:
                    p.level, p.school = "大专", self.pick(COLLEGES)
                elif roll < 0.65:
                    p.level, p.school = "本科", self.pick(UNIVERSITIES)
                elif roll < 0.92:
                    p.level, p.school = "硕士", self.pick(UNIVERSITIES)
                else:
                    p.level, p.school = "博士", self.pick(UNIVERSITIES)
        return p

    # --- subject forms ----------------------------------------------------------------------------------------------
    def subject(self, p: Person, allow_pronounless: bool = True) -> tuple[str, set[str]]:
        mine = my(p.kin)
        options = [(mine, {"kin"}), (p.name, {"name"}), (f"{mine}{p.name}", {"kin", "name"}),
                   (p.name, {"name"}), (mine, {"kin"}), (f"{mine}{p.name}", {"kin", "name"}),
                   (f"我那个{p.kin}" if p.kin != "实习生" else mine, {"kin"}), (f"{p.name}（{mine}）", {"kin", "name"})]
        text, forms = self.pick(options)
        return text, set(forms)

    # --- statements -------------------------------------------------------------------------------------------------
    def intro(self, p: Person) -> str:
        pr, mine = p.pronoun(), my(p.kin)
        t = self.pick([
            f"{mine}叫{p.name}。",
            f"{mine}的名字是{p.name}。",
            f"{p.name}是{mine}。",
            f"跟你说下，{p.name}是{mine}，以后我提到{pr}你就知道是谁了。",
            f"我有个{p.kin}叫{p.name}。",
            f"给你介绍一下，{mine}，{p.name}。",
            f"{p.name}，{mine}，你应该听我提过吧？",
            f"{mine}{p.name}你还不知道吧，以后会常提到{pr}。",
            f"今天跟{mine}{p.name}吃了顿饭。",
            f"刚跟{p.name}打完电话，就是{mine}。",
        ], "intro")
        return t

    def statement(self, p: Person, kind: str, value: Any) -> tuple[str, set[str]]:
        s, forms = self.subject(p)
        pr = p.pronoun()
        if kind == "age":
            a = self.age_text(value)
            a_bare = a[:-1] if a.endswith("岁") or a.endswith("了") else a
            options = [f"{s}今年{a}。", f"{s}今年{a_bare}岁了。", f"说起来{s}都{a_bare}岁了，时间过得真快。",
                       f"{s}今年刚满{a_bare}岁。", f"{s}过完生日就{a_bare}岁了。",
                       f"{s}已经{a_bare}岁了，看着一点都不像。",
                       f"你别看{s}长得显小，其实都{a_bare}岁了。", f"{s}的年纪嘛，今年{a_bare}。"]
            if p.kind == "kid":
                options += [f"{s}今年{a_bare}岁，越来越不听话了。", f"{s}才{a_bare}岁，已经比我还能说了。"]
            return self.pick(options, "age"), forms
        if kind == "job":
            emp, title = value
            options = [f"{s}在{emp}做{title}。", f"{s}是{emp}的{title}。", f"{s}现在在{emp}上班，做{title}。",
                       f"{s}的工作是{title}，在{emp}。", f"{s}在{emp}当{title}，挺忙的。",
                       f"{s}在{emp}干{title}，已经好几年了。", f"{s}是做{title}的，单位是{emp}。",
                       f"{s}就职于{emp}，岗位是{title}。", f"{s}在{emp}上班呢，{title}，天天加班。"]
            return self.pick(options, "job"), forms
        if kind == "job_new":
            emp, title = value
            options = [f"{s}跳槽了，现在去了{emp}，还是做{title}。", f"{s}换工作了，新公司是{emp}，做{title}。",
                       f"{s}刚从原来的单位离职，下周去{emp}报到，岗位是{title}。",
                       f"告诉你个消息，{s}已经入职{emp}了，当{title}。",
                       f"{s}辞职了！现在在{emp}做{title}，工资涨了不少。"]
            return self.pick(options, "job_new"), forms
        if kind == "city":
            options = [f"{s}住在{value}。", f"{s}一家现在都在{value}。", f"{s}在{value}定居好几年了。",
                       f"{s}人在{value}，离我挺远的。", f"{s}在{value}买了房，不打算挪窝了。", f"{s}常驻{value}。",
                       f"{s}一直在{value}生活。", f"{s}家在{value}，有空想去找{pr}玩。"]
            if p.kind == "kid":
                options = [f"{s}跟着{self.pick(['奶奶', '外婆'])}住在{value}。", f"{s}现在在{value}上学住校。"]
            return self.pick(options, "city"), forms
        if kind == "city_new":
            options = [f"{s}搬家了，现在住在{value}。", f"{s}从老家搬去{value}了。",
                       f"{s}已经调到{value}工作了，全家都搬过去了。",
                       f"{s}上个月搬到{value}了，新家还在装修。", f"{s}决定定居{value}了，房子都租好了。"]
            return self.pick(options, "city_new"), forms
        if kind == "edu":
            level, school = value
            if level in ("小学", "初中") or (level == "高中" and p.kind == "kid"):
                grade = {"小学": self.pick(["三年级", "四年级", "五年级"]), "初中": self.pick(["初一", "初二", "初三"]),
                         "高中": self.pick(["高一", "高二", "高三"])}[level]
                options = [f"{s}在{school}上{grade}。", f"{s}现在读{grade}，学校是{school}。",
                           f"{s}在{school}念{level}，{grade}了。",
                           f"{s}的学校是{school}，今年{grade}。"]
            elif level == "高中":
                options = [f"{s}只读到高中，{school}毕业的。", f"{s}是{school}高中毕业，没上大学就出来工作了。",
                           f"{s}学历是高中，当年在{school}读的。"]
            elif p.kin == "实习生":
                options = [f"{s}还在{school}读{level}，来我们这实习。", f"{s}是{school}的在读{level}。",
                           f"{s}在{school}念{level}，明年毕业。"]
            else:
                options = [f"{s}是{school}{level}毕业的。", f"{s}{level}读的是{school}。",
                           f"{s}学历是{level}，{school}的。", f"{s}当年考上了{school}，读的{level}。",
                           f"{s}在{school}念的{level}。", f"{s}是{level}学历，毕业于{school}。",
                           f"{s}在{school}读完{level}就工作了。"]
            return self.pick(options, "edu"), forms
        if kind == "phone":
            ph = self.phone_text(value)
            options = [f"{s}的手机号是{ph}。", f"{s}电话{ph}，你帮我存一下。", f"记一下{s}的号码：{ph}。",
                       f"{s}的联系方式是{ph}。", f"有事可以打{s}电话，{ph}。", f"{s}的手机：{ph}",
                       f"存个号码，{ph}，是{s}的。"]
            return self.pick(options, "phone"), forms
        if kind == "email":
            options = [f"{s}的邮箱是{value}。", f"{s}邮箱{value}，发文件用这个。", f"{s}让我把材料发到{value}。",
                       f"{s}的邮箱：{value}", f"{s}平时用的邮箱是{value}。", f"给{s}发邮件的话，地址是{value}。"]
            return self.pick(options, "email"), forms
        if kind == "birthday":
            d = self.date_text(*value)
            options = [f"{s}的生日是{d}。", f"{s}生日在{d}，到时候提醒我。", f"{d}是{s}生日，我想送{pr}点礼物。",
                       f"{s}是{d}生的。", f"{s}的生日，{d}，千万别忘了。", f"{s}过生日是{d}，每年都得记着。"]
            return self.pick(options, "birthday"), forms
        if kind == "hobby":
            options = [f"{s}特别喜欢{value}。", f"{s}平时没事就{value}。", f"{s}最近迷上了{value}。",
                       f"{s}的爱好是{value}。", f"{s}周末基本都在{value}。", f"{s}这人就爱{value}，一说起来停不下来。",
                       f"{s}业余时间喜欢{value}。"]
            return self.pick(options, "hobby"), forms
        if kind == "pet":
            species, pname = value
            options = [f"{s}家养了一只{species}，叫{pname}。", f"{s}有只{species}叫{pname}，可爱死了。",
                       f"{s}的{species}{pname}今天又拆家了，哈哈。", f"{s}养了只{species}，名字叫{pname}。",
                       f"{s}前阵子领养了一只{species}，取名{pname}。"]
            return self.pick(options, "pet"), forms
        raise ValueError(kind)

    def decorate(self, text: str, kind: str = "") -> str:
        """An optional opener; a closer (帮我记一下) only after a record-like fact, where people say it."""
        prefix, suffix = self.pick(PREFIXES), self.pick(SUFFIXES)
        if kind not in RECORD_LIKE or text.endswith(("哈哈。", "可爱死了。", "不打算挪窝了。", "停不下来。")):
            suffix = ""
        if suffix and not text.endswith(("。", "！", "？")):
            text += "。"
        return prefix + text + suffix


# --- events ---------------------------------------------------------------------------------------------------------

EVENT_KINDS: dict[str, tuple[list[str], list[str], str, tuple[str, ...]]] = {
    # kind: (statement templates, temporal questions, place question, eligible kin kinds)
    "婚礼": (["{p}{d}在{c}办婚礼，我得请假过去。", "{p}的婚礼定在{d}，在{c}，请帖都发了。",
            "{d}要去{c}参加{p}的婚礼，得准备份子钱了。"],
           ["{q}的婚礼是哪天？", "{q}什么时候办婚礼？"], "{q}的婚礼在哪个城市办？", ("adult",)),
    "出差": (["{d}我要跟{p}一起去{c}出差，见个客户。", "下个出差安排：{d}，和{p}去{c}。",
            "{p}叫我{d}陪{pr}去{c}出差，又要早起了。"],
           ["{u}和{q}什么时候去出差？", "{u}跟{q}的出差是几号？"], "{u}和{q}去哪个城市出差？", ("work",)),
    "旅游": (["我和{p}约好了{d}去{c}玩几天。", "{d}跟{p}去{c}旅游，酒店已经订好了。",
            "{p}约我{d}一起去{c}，说那边这时候最舒服。"],
           ["{u}和{q}约好哪天去旅游？", "{u}跟{q}出去玩是什么时候？"], "{u}和{q}打算去哪里旅游？", ("friend", "adult")),
    "面试": (["{p}{d}要去{c}面试，挺紧张的。", "{p}拿到了面试通知，{d}在{c}。"],
           ["{q}的面试是哪天？", "{q}什么时候去面试？"], "{q}去哪个城市面试？", ("adult",)),
    "比赛": (["{p}{d}在{c}有个钢琴比赛，我们全家都去加油。", "{p}报名了{d}在{c}的作文比赛。",
            "{d}{p}要去{c}参加游泳比赛。"],
           ["{q}的比赛是哪天？", "{q}什么时候比赛？"], "{q}去哪比赛？", ("kid",)),
    "寿宴": (["{p}{d}过六十大寿，全家要去{c}给{pr}祝寿。", "{d}是{p}的寿宴，在{c}的酒楼办。"],
           ["{q}的寿宴是哪天？", "{q}什么时候办寿宴？"], "{q}的寿宴在哪儿办？", ("elder",)),
    "演唱会": (["{d}和{p}去{c}看演唱会，票抢了好久才抢到。", "抢到票了！{d}跟{p}在{c}看五月天。"],
             ["{u}和{q}看演唱会是哪天？", "{u}跟{q}的演唱会是几号？"], "{u}和{q}去哪个城市看演唱会？",
             ("friend", "adult")),
    "答辩": (["{p}{d}转正答辩，在{c}总部，我得去当评委。", "{p}的转正答辩定在{d}，地点是{c}的总部。"],
           ["{q}的转正答辩是哪天？", "{q}什么时候答辩？"], "{q}的答辩在哪个城市？", ("sub",)),
}
WORK = {"上司", "领导", "下属", "实习生", "同事", "前同事", "师傅"}
FRIEND = {"大学室友", "发小", "高中同学", "邻居"}

NAMED_ACKS = ["好的，{p}的情况我记下了。", "收到，关于{p}的这条我记住了。", "明白，{p}的信息已更新。",
              "好的，下次聊到{p}我就知道了。"]
EVENT_ACKS = ["好的，我记下这个日程了。", "收到，到时候提醒你。", "已加到你的日程里。",
              "好的，需要的话我提前一天提醒你。", "记住了，祝一切顺利！"]
FILLER = [
    ("今天{c}又下雨了，出门忘带伞，烦死了。", "出门记得看看天气预报呀，包里常备一把折叠伞会方便很多。"),
    ("中午吃什么好呢？不想再吃{food}了。", "可以试试换个口味，比如{food2}，或者找家轻食店。"),
    ("帮我想个周报的标题吧，这周主要在做{task}。", "可以用「本周进展：{task}阶段总结」，简洁明了。"),
    ("最近睡眠不太好，老是半夜醒。", "睡前少看手机、固定作息会有帮助；如果持续很久，建议去医院看看。"),
    ("推荐几本适合通勤看的书吧。", "可以试试《人类简史》《活着》或者《置身事内》，篇幅都适合碎片时间。"),
    ("今天开了一整天的会，累死了。", "辛苦了！晚上早点休息，别再看工作消息了。"),
    ("帮我把这句话翻译成英文：我们下周再讨论{task}。", "We will discuss the {task_en} next week."),
    ("周末不想出门，就想在家躺平。", "躺平也挺好，充充电，顺便把想看的剧补一补。"),
    ("明天要早起赶{t}点的高铁，提醒我定闹钟。", "好的，建议定两个闹钟，提前半小时出门。"),
    ("我发现我最近咖啡喝得有点多，一天三四杯。", "一天两杯以内比较合适，下午可以换成茶或者白水。"),
    ("有没有简单一点的减脂餐推荐？", "鸡胸肉配西兰花、糙米饭，或者虾仁炒蛋加杂粮，都简单好做。"),
    ("刚跑完步，5公里用了{mins}分钟。", "很棒！坚持下去配速会越来越快的。"),
    ("今天{food}做咸了，哈哈，失败。", "下次可以最后再放盐，边尝边加。"),
    ("地铁上好挤，感觉快被压扁了。", "早高峰确实难受，能错峰的话可以早出门半小时。"),
    ("我想学点理财知识，从哪开始比较好？", "可以先从记账和了解基金定投开始，再看看《小狗钱钱》这类入门书。"),
    ("这周末{c}有什么好玩的地方吗？", "可以去逛逛当地的博物馆或者公园，周末人可能多一些，早点出门。"),
    ("电脑又卡了，是不是该换新的了？", "先清理一下开机启动项和磁盘试试，不行再考虑换。"),
    ("帮我写一句给客户的节日祝福。", "祝您节日快乐，万事顺意，感谢一直以来的信任与支持！"),
    ("今天心情不错，项目终于上线了。", "恭喜！辛苦这么久，值得好好庆祝一下。"),
    ("感冒了，嗓子疼得厉害。", "多喝温水、早点休息，如果发烧了记得去看医生。"),
    ("最近在追一部剧，叫{show}，还挺好看的。", "听起来不错，看完可以跟我说说剧情呀。"),
    ("下午好困啊，完全不想干活。", "起来走两步、喝杯水，或者趁午休眯十五分钟。"),
    ("你觉得{food}和{food2}哪个更健康？", "总体来说{food2}更清淡一些，不过关键还是吃多少。"),
    ("又到月底了，钱包空空。", "月底都这样，下个月可以试着先把储蓄那部分存起来。"),
    ("帮我算一下，{a}乘以{b}等于多少？", "{a}乘以{b}等于{ab}。"),
    ("今天在楼下看到一只流浪猫，好瘦。", "可以给它一点猫粮和水，附近要是有救助站也可以联系一下。"),
    ("好久没运动了，感觉身体都僵了。", "可以从每天散步半小时开始，慢慢恢复。"),
    ("明天要汇报{task}，有点紧张。", "提前把要点过两遍，讲的时候放慢语速，你没问题的。"),
    ("今天天气真好，{c}难得这么蓝的天。", "这种天气适合出去走走，晒晒太阳。"),
    ("我家楼上又在装修，吵得要命。", "可以和物业确认一下施工时间，戴个降噪耳机也能缓解。"),
    ("嗯嗯，好的。", "有事随时叫我。"),
    ("哈哈，谢谢你啊。", "不客气～"),
    ("你还记得我上次说的事吗？算了，没事。", "好的，想起来了随时跟我说。"),
    ("最近油价又涨了。", "是啊，可以多坐地铁或者拼车，省一点是一点。"),
    ("给我推荐一个适合周末做的菜吧。", "可以试试可乐鸡翅，步骤简单，大人小孩都爱吃。"),
    ("今天加班到{t}点，终于到家了。", "辛苦了，早点洗洗睡吧。"),
    ("{day}想去{place}逛逛，你觉得怎么样？", "挺好的，{day}人可能会多一些，建议早点出发。"),
    ("帮我查一下，从{c}坐高铁到{c2}大概要多久？", "我这边查不了实时车次，建议用12306看一下，一般几个小时能到。"),
    ("晚饭点了{food}，味道一般般。", "下次可以换家评分高一点的店试试。"),
    ("给我讲个冷笑话吧，今天有点丧。", "为什么数学书总是很忧郁？因为它有太多问题了。希望你开心一点！"),
    ("最近在看《{book}》，看了{n}十页了。", "这本书挺有意思的，看完可以聊聊你的感受。"),
    ("帮我写个请假条，{day}要去医院复查。", "好的：因需于{day}前往医院复查，特申请请假一天，望批准。"),
    ("我{day}要开季度会，PPT还没做完。", "先把结论页和数据页做好，其他的可以简单一点。"),
    ("今天喝了{cups}杯{drink}，有点睡不着。", "下午之后尽量少喝含咖啡因的饮料，睡前可以泡个脚放松一下。"),
    ("小区门口的{food}店关门了，好可惜。", "可惜了，附近说不定还有别的好店，可以再找找。"),
    ("有点想换个发型，又怕剪坏了。", "可以先找发型师聊聊，看看适合你脸型的款式，再决定。"),
    ("刚刚差点把钥匙锁在家里，吓死我了。", "可以在门口或者朋友那放一把备用钥匙，以防万一。"),
    ("你说{c}和{c2}哪个更适合生活？", "各有优点：看你更在意工作机会、房价还是气候。"),
    ("今天体重{kg}公斤，又胖了。", "别灰心，饮食清淡一点、每天动一动，慢慢就下来了。"),
    ("明天{day}，提醒我交水电费。", "好的，明天提醒你交水电费。"),
    ("手机屏幕摔裂了，心疼。", "先贴个膜防止划手，再看看售后换屏要多少钱。"),
    ("帮我想想周末带孩子去哪玩。", "可以去科技馆、动物园，或者找个公园野餐放风筝。"),
    ("今天{c}的空气质量好差，雾蒙蒙的。", "出门记得戴口罩，家里可以开一下空气净化器。"),
    ("最近老是肩颈酸痛，坐久了就疼。", "每隔一小时起来活动一下，做做肩颈拉伸，严重的话去看看康复科。"),
    ("我想给家里换个{thing}，有推荐吗？", "可以先定预算，再看看口碑好的几个牌子，对比一下参数和售后。"),
    ("好无聊啊，陪我聊会儿天。", "好呀，最近有什么开心或者烦心的事吗？"),
    ("这周又是{n}个会，我真的会谢。", "会多的时候可以先问清楚会议目的，不必要的就申请不参加。"),
    ("外卖送了一个小时才到，{food}都凉了。", "可以在平台上反馈一下，一般会给补偿。"),
    ("今天在公司楼下碰到一个{n}年没见的老同学。", "好巧啊！可以约着吃个饭叙叙旧。"),
    ("想学做{food}，难不难？", "不算难，网上有很多详细的教程，第一次可以按步骤慢慢来。"),
    ("帮我把“{task}”这几个字翻译成英文。", "{task_en}"),
    ("下雨天不想上班。", "理解理解，泡杯热茶，坚持到下班就好啦。"),
    ("今天是我入职{n}周年，感觉时间过得好快。", "恭喜！这几年一定收获了很多，给自己点个赞。"),
    ("楼下超市{drink}打折，我囤了一箱。", "划算！不过也别喝太多哦。"),
    ("刚看完{show}的大结局，有点意难平。", "大结局确实容易让人意难平，可以去看看别人的讨论。"),
]
FOODS = ["麻辣烫", "黄焖鸡", "沙拉", "饺子", "牛肉面", "炒饭", "螺蛳粉", "盖浇饭", "煲仔饭", "寿司", "火锅", "包子"]
TASKS = [("季度预算", "quarterly budget"), ("新版本上线", "new release"), ("客户回访", "customer follow-up"),
         ("招聘计划", "hiring plan"), ("年度总结", "annual review"), ("数据迁移", "data migration")]
BOOKS = ["活着", "三体", "置身事内", "人类简史", "平凡的世界", "围城", "额尔古纳河右岸", "长安的荔枝"]
PLACES = ["博物馆", "公园", "商场", "老街", "植物园", "图书馆", "湖边", "夜市"]
DRINKS = ["咖啡", "奶茶", "可乐", "冰美式", "柠檬茶"]
THINGS = ["洗衣机", "冰箱", "空调", "扫地机器人", "沙发", "床垫"]
DAYS = ["周一", "周二", "周三", "周四", "周五", "周六", "周日", "明天", "后天"]
FILLER_OPENERS = ["", "", "", "", "话说，", "诶，", "对了，", "嗯，"]
SHOWS = ["繁花", "漫长的季节", "狂飙", "三体", "玫瑰的故事", "隐秘的角落"]
CHATTER = ["最近真是忙疯了，项目一个接一个。", "昨天加班到十一点，今天早上差点迟到。", "地铁上挤得要命，站了一路。",
           "中午随便吃了点外卖，也不知道吃的啥。", "这两天降温了，大家都在感冒。", "周末本来想休息，结果又被拉去开会。",
           "早上送完孩子上学，又赶去公司。", "刚才手机快没电了，到处找充电宝。", "我妈又打电话来催我早点回家过年。",
           "今天领导心情好像不太好，大家都小心翼翼的。", "楼下新开了家奶茶店，排队排老长。", "最近在戒糖，真的好难。"]
MARKERS = ["我想问的是，", "其实我想问，", "说正事，", "言归正传，", "不扯了，我想问一下：", "我实际想问的是：",
           "好了不说这些了，", "哦对，正事是："]
JOINS = ["另外，", "还有，", "以及", "顺便问一下，", "对了，", ""]

Q_FACT = {
    "age": ["{p}今年多大？", "{p}多少岁了？", "{p}几岁啊？", "{p}的年龄是多少？", "{p}今年几岁了？"],
    "job": ["{p}是做什么工作的？", "{p}在哪家公司上班？", "{p}在哪工作？", "{p}的职业是什么？",
            "{p}在什么单位上班，做什么？"],
    "city": ["{p}住在哪个城市？", "{p}在哪个城市生活？", "{p}人在哪儿？", "{p}家在哪个城市？"],
    "edu": ["{p}是什么学历？", "{p}在哪读的书？", "{p}是哪个学校的？", "{p}学历怎么样，哪个学校的？"],
    "phone": ["{p}的手机号是多少？", "{p}的电话是多少来着？", "{p}的联系电话是什么？", "把{p}的号码给我一下。"],
    "email": ["{p}的邮箱是什么？", "{p}的邮箱地址是多少？", "给{p}发邮件用哪个地址？"],
    "hobby": ["{p}平时喜欢干什么？", "{p}有什么爱好？", "{p}业余时间喜欢做什么？"],
    "pet": ["{p}养了什么宠物？", "{p}家的宠物叫什么名字？", "{p}养的是猫还是狗？"],
}
Q_BIRTHDAY = ["{p}的生日是哪天？", "{p}什么时候过生日？", "{p}生日是几月几号？"]
Q_LATEST = {"job_new": ["{p}现在在哪上班？", "{p}现在在哪家公司？", "{p}跳槽后去了哪里？", "{p}现在的工作是什么？"],
            "city_new": ["{p}现在住在哪个城市？", "{p}搬到哪去了？", "{p}现在人在哪个城市？"]}


def answer_of(kind: str, value: Any) -> str:
    if kind in ("job", "job_new"):
        return f"{value[0]}，{value[1]}"
    if kind == "edu":
        return f"{value[1]}，{value[0]}"
    if kind == "pet":
        return f"{value[0]}，叫{value[1]}"
    if kind == "birthday":
        return f"{value[0]}月{value[1]}日"
    return str(value)


def build(seed: int) -> dict[str, Any]:
    b = Builder(seed)
    r = b.r
    messages: list[Msg] = []
    questions: list[dict[str, Any]] = []
    start = dt.datetime(2024, 1, 3, 8, 0)
    for user_name, _gender, _age in USERS:
        kins = [*ALWAYS, r.choice(BOSS)]
        pool = [k for k in RELATIONS if k not in kins and k not in BOSS]
        r.shuffle(pool)
        kins += pool[:11]
        family = next(s for s in SURNAMES if s[0] == user_name[0])
        people = [b.person(k, family) for k in kins]
        by_kin = {p.kin: p for p in people}
        facts: list[Fact] = []
        # what gets said (a random subset of each person's facts)
        plan: list[tuple[str, Any]] = []  # ("intro", person) | ("fact", Fact) | ("event", dict) | ("update", Fact)
        for p in people:
            kinds = ["age", "edu", "birthday", "hobby"]
            if p.kind != "kid":
                kinds += ["job", "email", "city", "phone"]
            elif p.age >= 13:
                kinds.append("phone")
            if p.pet:
                kinds.append("pet")
            r.shuffle(kinds)
            keep = kinds[: r.randint(max(4, len(kinds) - 3), len(kinds))]
            values = {"age": p.age, "city": p.city, "edu": (p.level, p.school), "phone": p.phone,
                      "birthday": p.birthday, "hobby": p.hobby, "job": (p.employer, p.title), "email": p.email,
                      "pet": p.pet}
            person_facts = [Fact(p, k, values[k]) for k in keep]
            facts += person_facts
            plan.append(("intro", p))
            plan += [("fact", f) for f in person_facts]
        # events
        events: list[dict[str, Any]] = []
        used_event: set[tuple[str, str]] = set()
        for _ in range(40):
            if len(events) >= 9:
                break
            kind = r.choice(list(EVENT_KINDS))
            eligible = EVENT_KINDS[kind][3]
            cands = [p for p in people if (p.kind in eligible) or ("work" in eligible and p.kin in WORK)
                     or ("friend" in eligible and p.kin in FRIEND)
                     or ("sub" in eligible and p.kin in ("下属", "实习生"))]
            if "adult" in eligible and "friend" in eligible:
                cands = [p for p in people if p.kind == "adult"]
            if not cands:
                continue
            p = r.choice(cands)
            if (p.name, kind) in used_event or any(e["person"] is p for e in events):
                continue
            used_event.add((p.name, kind))
            events.append({"person": p, "kind": kind, "city": r.choice(CITIES)})
        plan += [("event", e) for e in events]
        r.shuffle(plan)
        # intros before any fact of their person
        order: list[tuple[str, Any]] = []
        introduced: set[str] = set()
        for item in plan:
            p = item[1] if item[0] == "intro" else (item[1].person if item[0] == "fact" else item[1]["person"])
            if p.name not in introduced:
                order.append(("intro", p))
                introduced.add(p.name)
            if item[0] != "intro":
                order.append(item)
        # updates: a later job or city change for some adults whose job/city was said
        updatable = [f for f in facts if f.kind in ("job", "city") and f.person.kind == "adult"]
        r.shuffle(updatable)
        updates: list[Fact] = []
        for f in updatable[:6]:
            if any(u.person is f.person for u in updates):
                continue
            p = f.person
            if f.kind == "job":
                new = (r.choice([e for e in EMPLOYERS if e != p.employer]), r.choice([p.title, r.choice(TITLES)]))
                updates.append(Fact(p, "job_new", new))
            else:
                updates.append(Fact(p, "city_new", r.choice([c for c in CITIES if c != p.city])))
            updates[-1].old = f
        # fillers interleaved; updates placed after their original, in the later part of the conversation
        fillers = max(0, 330 - len(order) - len(updates))
        sequence: list[tuple[str, Any]] = list(order)
        for _ in range(fillers):
            sequence.insert(r.randrange(len(sequence) + 1), ("filler", None))
        for u in updates:
            old_index = next(i for i, item in enumerate(sequence) if item[0] == "fact" and item[1] is u.old)
            low = max(old_index + 20, len(sequence) * 2 // 3)
            sequence.insert(r.randint(min(low, len(sequence)), len(sequence)), ("update", u))
        # dates: ~330 exchanges over the year, a few per day
        at = start + dt.timedelta(hours=r.randint(0, 40))
        intro_msg: dict[str, str] = {}
        said_filler: set[str] = set()
        for item in sequence:
            at += dt.timedelta(minutes=r.randint(3, 50)) if r.random() < 0.6 else dt.timedelta(hours=r.randint(14, 40))
            mid = f"m{len(messages) + 1:05d}"
            kind = item[0]
            if kind == "filler":
                for _ in range(6):  # a user seldom says the same small talk twice
                    text, reply = b.pick(FILLER, "filler")
                    if text not in said_filler:
                        break
                said_filler.add(text)
                food, food2 = r.sample(FOODS, 2)
                c, c2 = r.sample(CITIES, 2)
                task, task_en = r.choice(TASKS)
                a, bb = r.randint(12, 99), r.randint(12, 99)
                slots = {"c": c, "c2": c2, "day": r.choice(DAYS), "place": r.choice(PLACES),
                         "book": r.choice(BOOKS), "n": r.randint(2, 9), "drink": r.choice(DRINKS),
                         "kg": r.randint(48, 85), "cups": r.randint(2, 4), "thing": r.choice(THINGS),
                         "food": food, "food2": food2,
                         "task": task, "task_en": task_en, "t": r.randint(6, 11), "mins": r.randint(26, 38),
                         "show": r.choice(SHOWS), "a": a, "b": bb, "ab": a * bb}
                opener = b.pick(FILLER_OPENERS)
                if len(text) < 12 or text.startswith(("嗯", "哈哈", "好", "唉")):
                    opener = ""
                user_text, reply_text = opener + text.format(**slots), reply.format(**slots)
            elif kind == "intro":
                p = item[1]
                user_text = b.decorate(b.intro(p), "intro") if r.random() < 0.4 else b.intro(p)
                intro_msg[p.name] = mid
                reply_text = b.pick(ACKS)
            elif kind in ("fact", "update"):
                f = item[1]
                text, forms = b.statement(f.person, f.kind, f.value)
                user_text, f.msg, f.forms = b.decorate(text, f.kind), mid, forms
                reply_text = b.pick(ACKS) if r.random() < 0.75 else b.pick(NAMED_ACKS).format(
                    p=f.person.name if "name" in forms else f.person.kin)
                if kind == "update":
                    assert f.old is not None
                    f.old.superseded = True
                    p = f.person
                    if f.kind == "job_new":
                        p.employer, p.title = f.value
                    else:
                        p.city = f.value
                    facts.append(f)
            else:  # event
                e = item[1]
                p = e["person"]
                when = (at + dt.timedelta(days=r.randint(5, 60))).date()
                e["date"] = (when.month, when.day)
                tmpl = b.pick(EVENT_KINDS[e["kind"]][0], "event")
                sub, forms = b.subject(p)
                user_text = b.decorate(tmpl.format(p=sub, d=b.date_text(*e["date"]), c=e["city"], pr=p.pronoun()),
                                       "event")
                e["msg"], e["forms"] = mid, forms
                reply_text = b.pick(EVENT_ACKS)
            messages.append(Msg(mid, user_name, "user", at, f"{user_name}：{user_text}"))
            at += dt.timedelta(seconds=r.randint(5, 90))
            messages.append(Msg(f"m{len(messages) + 1:05d}", user_name, "assistant", at, f"助手：{reply_text}"))
        questions += user_questions(b, user_name, people, by_kin, facts, events, intro_msg)
    # one scope, ordered by time (ids renumbered in that order)
    messages.sort(key=lambda m: (m.at, m.id))
    renumber = {m.id: f"m{i + 1:05d}" for i, m in enumerate(messages)}
    for m in messages:
        m.id = renumber[m.id]
    for i, q in enumerate(questions):
        q["id"] = f"q{i + 1:03d}"
        q["evidence"] = sorted({renumber[e] for e in q["evidence"]})
    return {"messages": messages, "questions": questions, "template_uses": b.template_uses}


def user_questions(b: Builder, user: str, people: list[Person], by_kin: dict[str, Person], facts: list[Fact],
                   events: list[dict[str, Any]], intro_msg: dict[str, str]) -> list[dict[str, Any]]:
    r = b.r
    out: list[dict[str, Any]] = []
    user_pronoun = {u[0]: "她的" if u[1] == "f" else "他的" for u in USERS}

    def ref(p: Person, mode: str) -> str:
        if mode == "name":
            return p.name
        return f"{user}的{p.kin}"

    def evidence(p: Person, msg: str, forms: set[str], mode: str) -> list[str]:
        need = "name" if mode == "name" else "kin"
        return [msg] if need in forms else [msg, intro_msg[p.name]]

    live = [f for f in facts if not f.superseded and f.kind not in ("job_new", "city_new") and f.person]
    latest = [f for f in facts if f.kind in ("job_new", "city_new")]

    def simple(f: Fact, mode: str, kin_voice: bool = False) -> tuple[str, list[str], str]:
        p = f.person
        templates = Q_BIRTHDAY if f.kind == "birthday" else Q_FACT[f.kind]
        t = b.pick(templates, f"q-{f.kind}")
        if kin_voice:
            q = f"我是{user}，" + t.format(p=my(p.kin))
        else:
            q = t.format(p=ref(p, mode))
        return q, evidence(p, f.msg, f.forms, mode), answer_of(f.kind, f.value)

    def add(shape: str, q: str, ev: list[str], ans: str) -> None:
        out.append({"user": user, "shape": shape, "question": q, "evidence": sorted(set(ev)), "answer": ans})

    non_bday = [f for f in live if f.kind != "birthday"]
    r.shuffle(non_bday)
    pool = iter(non_bday * 3)
    for _ in range(16):
        f = next(pool)
        add("lookup", *simple(f, "name"))
    for _ in range(14):
        f = next(pool)
        add("kin", *simple(f, "kin", kin_voice=r.random() < 0.5))
    for _ in range(12):
        f1, f2 = next(pool), next(pool)
        q1, e1, a1 = simple(f1, r.choice(["name", "kin"]))
        q2, e2, a2 = simple(f2, r.choice(["name", "kin"]))
        join = r.choice(JOINS)
        add("compound", q1 + join + q2, e1 + e2, f"{a1}；{a2}")
    for _ in range(12):
        f = next(pool)
        q, e, a = simple(f, r.choice(["name", "kin", "name"]))
        chatter = "".join(r.sample(CHATTER, r.randint(2, 4)))
        add("chatty", chatter + r.choice(MARKERS) + q, e, a)
    # comparisons and aggregations
    aged = [f for f in live if f.kind == "age"]
    made = 0
    tries = 0
    while made < 10 and tries < 200:
        tries += 1
        form = r.choice(["age", "age", "job", "city", "edu", "pets", "city_who"])
        if form == "age" and len(aged) >= 2:
            f1, f2 = r.sample(aged, 2)
            if f1.value == f2.value:
                continue
            m1, m2 = r.choice(["name", "kin"]), r.choice(["name", "kin"])
            a, c = ref(f1.person, m1), ref(f2.person, m2)
            t = r.choice(["{a}和{b}谁年纪更大？", "{a}跟{b}谁大一些？", "{a}和{b}谁更年轻？", "{a}和{b}相差几岁？"])
            older = f1 if f1.value > f2.value else f2
            add("comparison", t.format(a=a, b=c), evidence(f1.person, f1.msg, f1.forms, m1)
                + evidence(f2.person, f2.msg, f2.forms, m2), f"{older.person.name}更大（{f1.value} vs {f2.value}）")
        elif form in ("job", "city", "edu"):
            have = [f for f in live if f.kind == form]
            if len(have) < 2:
                continue
            f1, f2 = r.sample(have, 2)
            if form == "edu" and LEVEL_RANK[f1.value[0]] == LEVEL_RANK[f2.value[0]]:
                continue
            m1, m2 = r.choice(["name", "kin"]), r.choice(["name", "kin"])
            a, c = ref(f1.person, m1), ref(f2.person, m2)
            pair = {"job": ["{a}和{b}分别在哪家公司上班？", "{a}和{b}是不是在同一家公司？", "{a}和{b}各自做什么工作？"],
                    "city": ["{a}和{b}分别住在哪个城市？", "{a}和{b}住在同一个城市吗？"],
                    "edu": ["{a}和{b}谁的学历更高？", "{a}和{b}分别是什么学历？"]}[form]
            add("comparison", r.choice(pair).format(a=a, b=c), evidence(f1.person, f1.msg, f1.forms, m1)
                + evidence(f2.person, f2.msg, f2.forms, m2),
                f"{answer_of(form, f1.value)}；{answer_of(form, f2.value)}")
        elif form == "pets":
            have = [f for f in live if f.kind == "pet"]
            if not 1 <= len(have) <= 4 or any(q["question"].startswith(f"{user}提到的人里") for q in out):
                continue
            ev = [m for f in have for m in evidence(f.person, f.msg, f.forms, "name")]
            add("comparison", r.choice([f"{user}提到的人里，谁养了宠物？", f"{user}提到的人里有哪些养了猫或狗？"]), ev,
                "；".join(f"{f.person.name}：{answer_of('pet', f.value)}" for f in have))
        else:
            cities = Counter(f.value for f in live if f.kind == "city")
            cities.update(f.value for f in latest if f.kind == "city_new")
            options = [c for c, n in cities.items() if 2 <= n <= 3]
            if not options:
                continue
            city = r.choice(options)
            if any(q["question"].endswith(f"住在{city}？") for q in out):
                continue
            have = [f for f in live + latest if f.kind in ("city", "city_new") and f.value == city]
            ev = [m for f in have for m in evidence(f.person, f.msg, f.forms, "name")]
            add("comparison", f"{user}认识的人里，有谁住在{city}？", ev, "、".join(f.person.name for f in have))
        made += 1
    # temporal: events and birthdays
    for event in events[:7]:
        p = event["person"]
        mode = r.choice(["name", "kin"])
        q = r.choice(EVENT_KINDS[event["kind"]][1])
        who = ref(p, mode) if "{u}" not in q or mode == "name" else f"{user_pronoun[user]}{p.kin}"
        q = q.format(q=who, u=user)
        add("temporal", q, evidence(p, event["msg"], event["forms"], mode),
            f"{event['date'][0]}月{event['date'][1]}日，{event['city']}")
    for event in events[7:]:
        p = event["person"]
        mode = r.choice(["name", "kin"])
        t = EVENT_KINDS[event["kind"]][2]
        who = ref(p, mode) if "{u}" not in t or mode == "name" else f"{user_pronoun[user]}{p.kin}"
        add("lookup", t.format(q=who, u=user), evidence(p, event["msg"], event["forms"], mode), event["city"])
    bdays = [f for f in live if f.kind == "birthday"]
    r.shuffle(bdays)
    for f in bdays[:4]:
        mode = r.choice(["name", "kin"])
        q = b.pick(Q_BIRTHDAY, "q-birthday").format(p=ref(f.person, mode))
        add("temporal", q, evidence(f.person, f.msg, f.forms, mode), answer_of("birthday", f.value))
    for f in latest:
        mode = r.choice(["name", "kin"])
        q = r.choice(Q_LATEST[f.kind]).format(p=ref(f.person, mode))
        add("latest", q, evidence(f.person, f.msg, f.forms, mode), answer_of(f.kind, f.value))
    return out


def dataset(seed: int) -> dict[str, Any]:
    """The set as written to the file."""
    built = build(seed)
    messages, questions = built["messages"], built["questions"]
    return {
        "description": (
            "Chinese development set for recall (synthetic, written by bench/zh_memory_set.py with the seed below): "
            f"{len(USERS)} simulated users telling an assistant about the people in their lives, one message per "
            "line with a speaker label, all users in one scope ordered by time. Questions carry the ids of every "
            "message needed (evidence) and a reference answer; shape is one of lookup, kin, compound, chatty, "
            "comparison, temporal, latest."),
        "seed": seed,
        "users": [u[0] for u in USERS],
        "messages": [{"id": m.id, "user": m.user, "role": m.role, "date": m.at.isoformat(timespec="minutes"),
                      "content": m.content} for m in messages],
        "questions": questions,
    }


def serialise(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=0) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    data = dataset(args.seed)
    args.out.write_text(serialise(data), encoding="utf-8")
    shapes = Counter(q["shape"] for q in data["questions"])
    print(f"{len(data['messages'])} messages, {len(data['questions'])} questions {dict(shapes)}; "
          f"{args.out.stat().st_size / 1e6:.2f} MB → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
