"""How the simulated users of the Chinese development set say things (``bench/zh_memory_set.py`` writes it):
the people of a user's life, the facts about them, and the ``Builder`` that draws names and picks a sentence
template for each fact, from one seeded random generator.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from zh_memory_words import (
    CITIES,
    CN_DIGITS,
    COLLEGES,
    EMPLOYERS,
    GIVEN_F,
    GIVEN_M,
    HIGH_SCHOOLS,
    HOBBIES,
    PETS,
    PREFIXES,
    PRIMARY,
    RECORD_LIKE,
    RELATIONS,
    SAME_SURNAME,
    SUFFIXES,
    SURNAMES,
    TITLES,
    UNIVERSITIES,
    USERS,
)


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
            return self.pick(self.edu_options(p, s, value), "edu"), forms
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

    def edu_options(self, p: Person, s: str, value: tuple[str, str]) -> list[str]:
        """The sentences that say where and how far a person studied (a kid: the grade too)."""
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
        return options

    def decorate(self, text: str, kind: str = "") -> str:
        """An optional opener; a closer (帮我记一下) only after a record-like fact, where people say it."""
        prefix, suffix = self.pick(PREFIXES), self.pick(SUFFIXES)
        if kind not in RECORD_LIKE or text.endswith(("哈哈。", "可爱死了。", "不打算挪窝了。", "停不下来。")):
            suffix = ""
        if suffix and not text.endswith(("。", "！", "？")):
            text += "。"
        return prefix + text + suffix



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

