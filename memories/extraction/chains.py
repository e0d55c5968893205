"""Who a Chinese clause is about, for the offline extractor (``offline.py``). Chinese drops the subject: a clause
without one goes on with the topic of the clause before it (a topic chain), and "他/她" points at the one person
the message names. No model: jieba's part-of-speech tags and the kinship and role words of
``memories.write.people`` (``KIN_ZH``).

- A clause with a subject of its own keeps it: a name ("王浩是律师"), a kinship or role word, which is the
  speaker's ("医生让我少吃盐" → "用户的医生让用户少吃盐"), or a thing judged ("刚从云南回来，大理特别美": 大理 is
  what is 美, not the speaker; the clause goes with the statement before it).
- A subject-less clause takes the topic of the clause before: the speaker ("下个月要去成都出差" → 用户), or the person
  the clause before was about ("我女儿叫小雨，今年上初二，成绩挺好的" → 小雨今年上初二, 小雨成绩挺好的).
- "一只叫豆豆" after "我养了两只猫" is one of the cats: "用户的一只猫叫豆豆".
- A child born to the one a clause is about is whom a naming clause after it names ("我闺蜜小雨上个月生了个女儿，叫
  朵朵" → 小雨的女儿叫朵朵, not the friend); an event a clause opens with ("公司年会定在1月18号", "同学会定在国庆") is
  what a subject-less "在…" after it goes on with (→ 公司年会在外滩那边的酒店); a role said as it is now ("现在的领导
  是陈总", "新房东…") is the speaker's, whoever the clause before was about.
- A surname and a verb with its aspect particle is no name ("车卖了": 车 is a surname, but no one is called 车卖).
- A leading 它 is the one pet the message named ("我们家的猫叫豆豆。它特别喜欢晒太阳" → 豆豆特别喜欢晒太阳).
- A leading 他/她 is the one person named before it in the message ("带儿子去学游泳，他今年六岁" → 用户的儿子), or,
  when no one was, the name the message gives later ("他是我大学室友，叫王浩" → 王浩是用户大学室友; the naming
  clause itself then says nothing new). Between two named people, a message that names no one before its 他/她
  may point at the one person the turn before named ("那阿杰那边还联系吗" — "早不联系了，他在波士顿挺好的" →
  阿杰在波士顿挺好的), or the one before that; never at a speaker, and not when that turn named two.
- A name given after a role ("我们公司新来的产品经理，叫周航，上海人，会弹吉他") is whom the clauses after it are about
  (周航上海人, 周航会弹吉他), and a doubled pet name ("乐乐", "糖糖", not an adverb, a time or a count by jieba's tags)
  opening a clause is a person ("对了乐乐编程班不上了").
- A judgement of the listener or of theirs, nothing else ("你们公司也太狠了", "你家狗真可爱") is a reaction; what is
  the listener's is named by them ("最后就租在你们小区" → "…租在孙悦家的小区").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import jieba
import jieba.posseg as pseg

from memories.extraction import timeparse
from memories.extraction.clauses import _ZH_SUBJECT, _ZH_TAIL_STRIP, _zh_is_name, third_person_zh
from memories.extraction.fronted_zh import fronted_object, is_time_word
from memories.write.people import COMPOUND_SURNAMES, KIN_ZH, SURNAMES, chinese_names
from memories.write.slot_values import EVENTS_ZH, SELF
from memories.write.slots import slots_of

#: A clause about a thing, not a person ("天气很好", "这部电影…"; not "这几天一直咳嗽": a time).
_ZH_THING = re.compile(r"^(?:(?:这|那)(?!(?:几|两|一|些|半)?个?(?:天|周|月|年|星期|礼拜|学期)|阵子?|段时间)"
                       r"|它|天气|今天天气"
                       r"|外面|时间|价格|东西|电影|书|歌|饭|菜|网|电脑|手机)")
#: The weather: about no one, whatever its time ("今天下雨了", "今天天气好闷"; not "天气一冷我膝盖就疼").
_WEATHER = re.compile(r"^(?:今天|昨天|明天|早上|晚上|今晚|外面|这几天|最近)?"
                      r"(?:的?天气(?!.*(?:我|用户))|(?:一直|又|突然)?(?:下雨|下雪|刮风|降温|升温|阴天|晴天|起雾|好冷|好热|很冷|很热))")
_KIN_ALT = "|".join(sorted(map(re.escape, KIN_ZH), key=len, reverse=True))
#: "我女儿", "我的医生", "我们老板": a kinship or role word of the speaker's, at the start of a clause.
_OWN_KIN = re.compile(rf"^我(?:们)?(?:的)?(?:大|小|二|三|亲|前|新|老)?(?:{_KIN_ALT})")
#: A kinship or role word anywhere ("带儿子去学游泳"): a person of the speaker's the clause names.
_ANY_KIN = re.compile(r"(?<![\u4e00-\u9fff]的)(?:" + "|".join(sorted((re.escape(w) for w in KIN_ZH if len(w) > 1),
                                                                      key=len, reverse=True)) + ")(?!们)")
#: "我们家狗狗", "我的猫": the speaker's pet, named like a person ("…叫旺财").
_OWN_PET = re.compile(r"^我(?:们)?(?:家的|家|的)?(?:狗狗|小狗|狗|猫咪|小猫|猫|兔子|仓鼠|鹦鹉|宠物)")
#: "有一个妹妹", "有个表哥": a person brought in, whom the clauses after go on with.
_HAS_ONE = re.compile(rf"(?:有|认识了|交了|新交了)(?:一)?(?:个|位)(?:新)?((?:{_KIN_ALT}))"
                     r"(?:[。，,]?$|(?=在|是|住|做|当|开|教|读))")  # or what is said of them next ("…朋友在腾讯")
#: A child born, said of the child ("二胎出生了", "老二上个月生了", "宝宝出生了"): what "是个女儿" after it is about.
_CHILD_BORN = re.compile(r"^(?:我们?(?:家)?的?)?(?P<child>[二三四]胎|老[二三四]|[二三]宝|宝宝|小宝宝?|孩子|娃)"
                         r"[^，。,；;！!？?]{0,8}?(?:出生|生)了")
#: An animal the speaker has, introduced at the end of a clause ("养了一只金毛", "家里有条狗", "我家是只柯基").
_HAS_PET = re.compile(r"(?:养了|养着|有|领养了|收养了|捡了|买了|(?<=家)是)(?:一)?(?:只|条|头|匹)"
                      r"([\u4e00-\u9fff]{1,4}?)[。，,]?$")
#: A child born to the one the clause is about ("我闺蜜小雨上个月生了个女儿"): whom a naming clause after it names.
_BORN = re.compile(rf"(?:生了|生下了?|添了)(?:一)?(?:个|位)?((?:{_KIN_ALT}))[。，,]?$")
#: An event the clause opens with ("公司年会定在…", "我们的婚礼…"): what a subject-less "在…" after it goes on with.
_EVENT_LEAD = re.compile(rf"^(?:公司的?|我们的?|我的)?[\u4e00-\u9fff]{{0,4}}?"
                         rf"(?:{EVENTS_ZH}|(?<=[\u4e00-\u9fff])[会节宴赛])"
                         r"(?=定在|定于|改到|改在|在|将|于|的时间|的地点)")
_NAMING = re.compile(r"(?:名字叫|名字是|名叫|叫做|叫)")
#: A role as it is now or was ("现在的领导", "新房东", "以前的同事"): still a role of the speaker's.
_ROLE_NOW = re.compile(r"^(?:现在|目前|如今|现任|新来的|新|以前|之前|原来|前任)的?")
_COUNTED = re.compile(r"^(另)?一([只个条位匹头盆辆台家所套本件])")
_COUNTED_MANY = re.compile(r"[二两三四五六七八九十几\d]+([只个条位匹头盆辆台家所套本件])([\u4e00-\u9fff]{1,6})")
#: "一家日料店", "一部新手机": a thing brought in, what a judgement after it is about.
_A_THING = re.compile(r"[一两二三四五六七八九十几\d]+[家个部本件首条辆台套间座所款种](?!人|孩子|朋友|同事)")
#: A job spoken of: a later "现在在<somewhere>" is where one works.
_WORK = re.compile(r"工作|上班|跳槽|入职|辞职|离职|换了?(?:份|个)?工作|找到了?(?:新)?工作|offer")
_AT_WORK = re.compile(r"^我?(?:现在|目前|如今|已经)*在([^，。,；;！!？?\s]{2,12}?)(?:了|啦)?([。！!]?)$")
_PRONOUN = re.compile(r"^(?:他|她)(?!们)")
_LINKED = re.compile(r"^(?:其实|原来|结果|后来|然后|但是|不过|所以|而且|可是)[，,]?")
#: A clause after which its subject no longer goes on: the one it is about died or left for good ("走了",
#: "去世了", "没了"), or it forbids the speaker a thing ("医生不让喝咖啡了", "我妈不许熬夜"): what follows is the
#: speaker's; "医生不让我喝咖啡，说伤胃" names the speaker, and goes on with the doctor.
# ... and when the clause before said something of the speaker ("医生说我缺蛋白质，现在又开始吃鸡肉了", "老板让我
# 停了这个项目，改做…": the speaker eats, the speaker does) or a thing of theirs changed hands ("雅阁置换了，现在开…")
_HANDS_BACK = re.compile(r"(?:去世|过世|离世|病逝|走了|没了|不在了|死了)[了啦]?[。！!]?$"
                         r"|^[\u4e00-\u9fff]{1,6}?(?:不让|不许|不准|不叫)(?![我你他她它们])"
                         r"|^[\u4e00-\u9fff]{1,8}?(?<![不别])(?:说|让|叫|劝|建议|要求|觉得|认为|夸|告诉)我(?!们)"
                         r"|^[\u4e00-\u9fff]{1,6}?(?:卖|置换|转手|送人|退|扔|丢)(?:掉)?了[。！!]?$")
# A role said with its field ("内分泌科医生", "心理咨询师", "钢琴老师") or a child by birth order ("二宝"): the
# speaker's, as the bare kinship or role word is
_FIELD_ROLE = re.compile(r"^(?!是)(?:[\u4e00-\u9fff]{1,4}科|心理|主治|家庭|私人|健身|驾校|钢琴|游泳|英语|数学|语文"
                         r"|班主任)(?:医生|大夫|老师|教练|咨询师|治疗师|顾问)|^(?:大|二|三)(?:宝|娃)(?!贝)")
# A time said first, then the speaker ("自从居家办公以后我都七点半才起"): the clause has its subject
_TIME_THEN_ME = re.compile(r"^(?:自从|从|自打|打从)[^，,。我]{1,12}(?:以后|之后|后|以来|开始|起)，?我")
#: Tags of the words a judgement is made of: adverbs, adjectives, particles ("特别美", "挺好的", "太贵了").
_JUDGING = ("d", "zg", "a", "ad", "an", "u", "y", "x", "e")


@dataclass
class ZhTopic:
    """A Chinese message being read, clause by clause: what a subject-less clause goes on with, who 他/她 is."""

    subject: str = ""  # the topic a subject-less clause inherits ("我", "我女儿", "小雨"); per sentence
    people: list[str] = field(default_factory=list)  # the persons named so far ("我儿子", "小雨"), in order
    last: list[str] = field(default_factory=list)  # the persons the clause just before named
    names: set[str] = field(default_factory=set)  # the names the message gave ("小雨", "旺财")
    pets: list[str] = field(default_factory=list)  # the pets it named, for a leading 它
    later_name: str = ""  # a name the message gives further on ("…，叫王浩"), for a leading 他/她 with no one before
    things: dict[str, str] = field(default_factory=dict)  # what was counted, by its measure word ("只": "猫")
    thing: bool = False  # the clause before brought in a thing ("推荐了一家日料店"): a judgement after it is its
    work: bool = False  # the message spoke of a job ("换工作了"): "现在在腾讯" is where one works
    named: bool = False  # the last clause only gave the name a pronoun already took: nothing new
    reacted: bool = False  # the last clause only judged the listener or theirs ("你们公司也太狠了"): a reaction
    before: str = ""  # the one person the turn before named, for a 他/她 when the message named no one before it

    @property
    def dropped(self) -> str:
        """Why the last clause gave nothing: a reaction to the listener, or nothing to keep."""
        return "reaction" if self.reacted else "filler"

    @classmethod
    def of(cls, message: str, before: tuple[str, ...] = (), speakers: tuple[str, ...] = ()) -> ZhTopic:
        """``before``: the turns just before (the last first); a message that opens with 他/她 and names no one
        before it may point at the one person the conversation named last ("那阿杰那边还联系吗" — "早不联系了，他在
        波士顿挺好的": 阿杰 is in Boston), never at a speaker."""
        topic = cls(later_name=_name_after(message, _NAMING) or "")
        for text in before:
            named = [n for n in dict.fromkeys(_names_in(text)) if n not in speakers]
            # or else a relative it names ("想给儿子报个兴趣班" — "他喜欢画画": 我儿子 does)
            named = named or [f"我{kin}" for kin in dict.fromkeys(m.group(0) for m in _ANY_KIN.finditer(text))]
            if named:
                topic.before = named[0] if len(named) == 1 else ""
                break
        return topic


#: A clause that opens with how often or whether one does a thing, then the verb: the speaker's habit.
_ZH_HABIT_LEAD = re.compile(r"^(?:从来?不|从没|不再|再也不|已经不|很少|不怎么|不太|偶尔|经常|总是|每天都?|天天)?"
                            r"(?:不|没|戒了?)(?:吃|喝|抽|碰|沾|养|开|熬夜|喝酒|抽烟|运动|跑步)")

#: A thing of one's own that changed ("手机换成vivo了", "电脑升级成M3了", "车卖了", "手机号改了"): the speaker's.
_ZH_OWN_CHANGE = re.compile(r"^(?:手机号码?|手机|电话号码|电话|电脑|笔记本|平板|车子?|邮箱|微信号?|工作|发型)"
                            r"(?:又|也|终于|刚|已经|最近)*(?:换成|换了|换到|改成|改了|升级成|升级到|卖了|丢了|坏了|没了)")
#: "跟男朋友分手了", "和小雨分了", "跟老张合租": the speaker with someone, the speaker left out.
_ZH_WITH_LEAD = re.compile(r"^(?:和|跟|与|同)(?=[\u4e00-\u9fff]{2,})")


def zh_statement(text: str, who: str, topic: ZhTopic, explicit: bool, listener: str | None = None) -> str | None:
    """A Chinese clause in the third person, its subject found as the module says; None when it is about no one
    (a thing judged, or nothing but a time-less remark), or only names the person a pronoun already took. Between
    two named people, what is the listener's is theirs by name ("最后就租在你们小区" → "赵敏最后就租在孙悦家的小区")."""
    said = _zh_statement(text, who, topic, explicit)
    return _listeners(said, listener) if said and listener else said


#: A clause that is only a list of short words ("咪咪和豆豆", "旺财、来福", "吃饭和睡觉"): no statement of its own.
_ITEM = r"(?![我你他她它咱])[\u4e00-\u9fffA-Za-z]{1,4}"  # a short word, no pronoun ("我跟老婆住一起" is a statement)
LISTED = re.compile(rf"^{_ITEM}(?:(?:和|跟|与|及|还有|、){_ITEM})+[。.！!~～]?$")


#: A word that turns to a new topic before the clause's subject ("对了", "话说", "另外").
_MARKER = re.compile(r"^(?:哦|噢|诶|哎)?(?:对了|话说|另外|还有就是|顺便说一下|顺便说|跟你说)[，,、\s]*")

#: "你们小区", "你家附近", "你公司": the listener's (a noun after it), not "你们来成都" (a verb: said to them).
_YOURS = re.compile(r"(?<![诉给帮请问叫让陪和跟带送找谢祝教])你们?(?:家的?|的)?(?=[\u4e00-\u9fff])")


def _listeners(text: str, listener: str) -> str:
    """``text`` with the listener's things named by the listener's name (``zh_statement``)."""
    def named(m: re.Match[str]) -> str:
        words = pseg.lcut(text[m.end():m.end() + 6], HMM=False)
        if not words or not (words[0].flag.startswith(("n", "s")) and not words[0].flag.startswith("nr")):
            return m.group()
        return f"{listener}家的" if m.group().startswith("你们") or "家" in m.group() else f"{listener}的"
    return _YOU_AFTER.sub(listener, _YOURS.sub(named, text))


#: "想请你当伴郎", "我陪你去", "送你一本书": the listener as the one a verb is done to or with, not "你们" (a group).
_YOU_AFTER = re.compile(r"(?<=[请陪和跟带送找谢祝教帮给让叫])[你您](?![们的家])")


def _zh_statement(text: str, who: str, topic: ZhTopic, explicit: bool) -> str | None:
    topic.named = topic.reacted = False
    if explicit:
        return third_person_zh(text, who)
    if topic.later_name and topic.later_name in topic.people \
            and re.fullmatch(rf"(?:他|她)?(?:{_NAMING.pattern}){re.escape(topic.later_name)}", text):
        topic.named = True
        return None
    if re.fullmatch(rf"(?:{_NAMING.pattern})\s*[A-Za-z\u4e00-\u9fff]{{1,12}}[。！!]?", text) \
            and topic.subject in ("", "我", "我们", "咱们"):
        # "我们组的 manager 是个老外，叫 Mike": a name said of what came before, never the speaker's; the clauses
        # after go on with the person so named ("…，叫周航，上海人，会弹吉他": 周航 is from Shanghai)
        if name := _name_after(text, _NAMING):
            topic.subject, topic.people = name, [name]
            topic.names.add(name)
        return None
    if LISTED.match(text) and not re.search(r"[了过着]", text):
        return text  # "养了两只猫，咪咪和豆豆": the names of what the clause before spoke of, joined to it as said
    text = _at_work(_counted(_bound(_unmarked(text), topic), topic), topic)
    if _WEATHER.match(text) or _reacted(text, topic):
        return None
    subjected = _subjected(text, who, topic)
    if subjected is None:  # a thing judged: the clause goes with the statement before it
        _remember(text, topic)
        return text if timeparse.resolve(text, None, True)[2] else None
    text, bare = subjected
    about_person = bare or bool(re.search(r"我|咱|他|她|" + re.escape(who), text)) or bool(_OWN_KIN.match(text))
    if not about_person:
        owned = _owned(text)
        if owned is None:
            return None
        text = owned
    _remember(text, topic)
    said = third_person_zh(text, who, prefix=not bare)
    # the 我 put before "国庆去了趟西安" is read with what follows as one word ("我国"): the speaker, by name
    return f"{who}{said[1:]}" if not about_person and said.startswith("我") else said


def _owned(text: str) -> str | None:
    """A clause about no one named: the speaker's (with 我 before it), a thing's with a time (as it is), or None."""
    if _ZH_OWN_CHANGE.match(text):
        return f"我的{text}"  # "手机换成vivo了", "车卖了": the speaker's own thing changed hands
    if _ZH_HABIT_LEAD.match(text):
        return f"我{text}"  # "不吃辣", "从不喝酒", "很少看电视": a habit, the speaker's however short
    if (_ZH_THING.match(text) or len(_ZH_TAIL_STRIP.sub("", text)) < 4) and not _fills_own(text):
        return text if timeparse.resolve(text, None, True)[2] else None
    return f"我{text}"  # Chinese drops the subject: "下个月要去成都出差" is the speaker's plan


#: What one weighs, measures, earns or pays, said with no subject ("体重150斤", "月薪八千"): the speaker's.
_OWN_AMOUNTS = frozenset(("weight", "height", "age", "rent", "salary"))


def _fills_own(text: str) -> bool:
    """A short clause without a subject that fills a slot of the speaker's ("辞职了", "分手了"): theirs."""
    return any(slot.subject == SELF and not slot.attribute.startswith(("habit:", "like:"))
               for slot in slots_of("我" + text))


def _subjected(text: str, who: str, topic: ZhTopic) -> tuple[str, bool] | None:
    """The clause with the subject it goes on with, and whether that subject is a name (no speaker before it);
    None when it is a thing judged, about no one."""
    if (kept := _its_own(text, who)) is not None:
        return kept
    lead = _lead(text)
    if lead in KIN_ZH or _FIELD_ROLE.match(text):
        return f"我的{text}", False  # "医生让我少吃盐": the speaker's doctor
    if _speakers_unsaid(text, topic):
        return f"我{text}", False
    if _name_at(text) or any(text.startswith(name) for name in topic.names):
        return text, True
    if not topic.subject and not topic.thing and _OWN_AMOUNTS & {s.attribute for s in slots_of("我" + text)}:
        return f"我{text}", False  # "体重150斤": the speaker's weight, said without 我
    if (topic.thing and _judged(text, lead, loose=True)) or (_judged(text, lead) and not _is_person(topic.subject)):
        return None
    if topic.subject not in ("", "我", "我们", "咱们") and re.search(r"(?<=[给帮陪带替为跟和对])[他她]", text):
        return f"我{text}", False  # "我女儿满5岁了，想在家给她办个派对": she is whom the speaker does it for
    if topic.subject:
        # "小雨的女儿": a name's, no speaker before it
        return topic.subject + text, _is_name(topic.subject.split("的")[0]) or topic.subject in topic.names
    return text, False


def _its_own(text: str, who: str) -> tuple[str, bool] | None:
    """A clause with a subject of its own (``_subjected``), a thing put before it said after the verb; or None."""
    own = _ZH_SUBJECT.match(_LINKED.sub("", text))  # "其实我不过敏": its own subject after a linking word
    if (own and not text.startswith(("是", "有"))) or who in text[:4] or _OWN_KIN.match(text):
        return text, False  # "是个女儿" has no subject: 女儿 is what the one before is
    if moved := fronted_object(text):
        return moved, False  # "合唱团我退了" → "我退了合唱团": one subject, first (``fronted_zh.py``)
    if _fronted_then_me(text):
        return text, True  # its own 我, after the time: nothing put before it
    return None


def _fronted_then_me(text: str) -> bool:
    """A time, a day or a thing said first, then 我 ("父亲节我都挺难受的", "香菜我是真受不了"): the clause's own
    subject follows what it puts first."""
    if _TIME_THEN_ME.match(text):
        return True
    words = pseg.lcut(text[:10], HMM=False)
    return len(words) > 2 and words[1].word in ("我", "我们") and words[0].word not in KIN_ZH \
        and (words[0].flag in ("t", "n", "nz", "s", "tg") or is_time_word(words[0].word))


def _speakers_unsaid(text: str, topic: ZhTopic) -> bool:
    """A clause about the speaker with 我 left out: "跟男朋友分手了" (with someone, no topic before it), "现在的领导是
    陈总" / "新房东人不错" (the speaker's person, as it is now), "星巴克的工作辞了" (a shop's or a firm's name, which
    jieba tags as a person's, then the speaker's job there)."""
    if _ZH_WITH_LEAD.match(text) and not topic.subject:
        return True
    now = _ROLE_NOW.match(text)
    if now and _lead(text[now.end():]) in KIN_ZH:
        return True
    return bool(_PLACE_OF_WORK.match(text)) and not _is_person_name(_name_at(text))


def _remember(text: str, topic: ZhTopic) -> None:
    """What the clause leaves for the ones after it: its subject, the persons it names, its counted things."""
    for count in _COUNTED_MANY.finditer(text):
        topic.things.setdefault(count.group(1), jieba.lcut(count.group(2), HMM=False)[0])
    topic.work = topic.work or bool(_WORK.search(text))
    topic.thing = bool(_A_THING.search(text))
    own = _OWN_KIN.match(text) or _OWN_PET.match(text)
    name = (_name_after(text, _NAMING) or _pet_name(text)) if own else None
    topic.last = ([name] if name else []) + ([own.group(0)] if own and not name else []) + _people_in(text)
    for person in topic.last:
        if person not in topic.people:
            topic.people.append(person)
    _next_subject(text, topic, own.group(0) if own else "", name)
    if _HANDS_BACK.search(text) and topic.subject not in ("我们", "咱们"):
        topic.subject = "我"  # "老伴前年走了，现在一个人住", "医生不让喝咖啡了，现在改喝茶": the speaker goes on


def _next_subject(text: str, topic: ZhTopic, own: str, name: str | None) -> None:
    """The topic the clauses after ``text`` go on with: an event it opens with, the name it gives, whom it
    introduces, the speaker's person it opens with, a name, or a pronoun."""
    introduced = _introduced(text)
    event = _EVENT_LEAD.match(text)  # "我同学会定在…", "我女儿的婚礼在…": the event, not the person in its name
    if event and not name and not introduced:
        topic.subject = event.group(0)
    elif name:
        topic.subject = name
        topic.names.add(name)
        if _OWN_PET.match(text) and name not in topic.pets:
            topic.pets.append(name)
    elif introduced:
        topic.subject = introduced
    elif own:
        topic.subject = own
    elif leading := _name_at(text):
        topic.subject = leading
    elif subject := re.match(r"^(我们|咱们|我|他们|她们)", text):
        topic.subject = subject.group(1)


def _introduced(text: str) -> str:
    """Whom the speaker's clause introduces at its end, for the clauses after it: "我有一个妹妹，在上海读书" (the
    sister does), "我养了一只金毛，叫旺财" (the dog is called so)."""
    kin = _HAS_ONE.search(text)
    if kin and text.startswith("我"):
        return f"我{kin.group(1)}"
    if born := _BORN.search(text):  # the child of whom the clause is about: a name after a kinship word, or 我
        own = _OWN_KIN.match(text)
        parent = (_name_at(text[own.end():]) or own.group(0)) if own else _name_at(text) or \
            ("我" if text.startswith("我") else "")
        return "" if not parent else f"我{born.group(1)}" if parent == "我" else f"{parent}的{born.group(1)}"
    if child := _CHILD_BORN.match(text):
        return f"我的{child.group('child')}"
    pet = _HAS_PET.search(text)
    return f"我的{pet.group(1)}" if pet and re.match(r"^(?:我们?|用户)", text) else ""


def _people_in(text: str) -> list[str]:
    """The speaker's kin named inside a clause ("带儿子去学游泳" → 我儿子), not after another's 的."""
    found = []
    own = _OWN_KIN.match(text)
    for m in _ANY_KIN.finditer(text):
        if own and own.end() == m.end():
            continue  # at the start, "我儿子": _OWN_KIN's ("想给我老婆挑个礼物": this one's)
        found.append(f"我{m.group(0)}")
    return found


def _bound(text: str, topic: ZhTopic) -> str:
    """A leading 他/她 replaced by the one person named before it, else by the name the message gives later, else
    by the one person the turn before named."""
    if text.startswith("它") and not text.startswith("它们") and len(topic.pets) == 1:
        return topic.pets[0] + text[1:]  # "我们家的猫叫豆豆。它特别喜欢晒太阳": 豆豆 does
    pronoun = _PRONOUN.match(text)
    if not pronoun:
        return _object_bound(text, topic)
    people = [p for p in topic.people if p != topic.later_name]
    if len(people) == 1:
        return people[0] + text[pronoun.end():]
    if len(topic.last) == 1 and len(people) > 1 and _fits(topic.last[0], pronoun.group()):
        return topic.last[0] + text[pronoun.end():]  # the one person the clause just before named
    if not people and (topic.later_name or topic.before) and not (
            not topic.later_name and _FEMALE.search(topic.before) and pronoun.group() == "他"):
        person = topic.later_name or topic.before
        topic.people.append(person)
        return person + text[pronoun.end():]
    return text


_FEMALE = re.compile(r"^我.*[妈母姐妹女婆奶姥姨姑婶嫂媳妻娘]")  # a relative 他 is not ("我妈": 她)
_MALE = re.compile(r"[爸父哥弟儿子爷公叔伯舅夫婿郎]")


def _fits(person: str, pronoun: str) -> bool:
    """Whether 他 or 她 can be ``person`` by the kinship word ("我女儿": 她, not 他; "我儿子": 他, not 她)."""
    return not (_FEMALE.search(person) if pronoun == "他" else _MALE.search(person) and not _FEMALE.search(person))


#: 他/她 inside a clause (not 他们, 其他, 吉他): a person the clause does something to or for.
_OBJECT_PRONOUN = re.compile(r"(?<![其吉])(?:他|她)(?![们人])")


def _object_bound(text: str, topic: ZhTopic) -> str:
    """An inner 他/她 replaced by the one person named before it who is not the clause's own subject ("我妈下周六过
    六十大寿，我准备给她办个惊喜派对" → "…给我妈办…"; "我爸做了手术，我妈每天照顾他" → "…照顾我爸")."""
    found = _OBJECT_PRONOUN.findall(text)
    people = [p for p in topic.people if not text.startswith(p) and not text.startswith(p.removeprefix("我"))]
    if len(found) != 1 or len(people) != 1 or not text.startswith(("我", *topic.people, *topic.names)):
        return text
    return _OBJECT_PRONOUN.sub(people[0], text, count=1)


def _counted(text: str, topic: ZhTopic) -> str:
    """"一只叫豆豆" after "我养了两只猫": one of the things the clause before counted ("我的一只猫叫豆豆")."""
    counted = _COUNTED.match(text)
    thing = topic.things.get(counted.group(2), "") if counted else ""
    if not counted or not thing:
        return text
    owner = topic.subject if topic.subject and topic.subject not in ("我们", "咱们") else "我"
    return f"{owner}的{counted.group(0)}{thing}{text[counted.end():]}"


def _at_work(text: str, topic: ZhTopic) -> str:
    """"现在在腾讯" after "我换工作了" (the message spoke of a job): where one works, "现在在腾讯工作"."""
    at = _AT_WORK.match(text)
    if not at:
        return text
    if not topic.work or any(t.flag.startswith("v") and t.flag != "vn" for t in pseg.lcut(at.group(1), HMM=False)):
        return text  # "我现在在医院": where one is; "现在在成都开花店": what one does there, said
    return f"{text[:at.start(2)].rstrip('了啦')}工作{at.group(2)}"


def _pet_name(text: str) -> str | None:
    """A pet's name at the end of its naming clause ("我们家狗狗叫旺财" → 旺财): not a person's name, so not tested
    as one."""
    pet = _OWN_PET.match(text)
    named = re.fullmatch(r"(?:名字叫|名字是|名叫|叫做|叫)([\u4e00-\u9fff]{1,3})[。！!]?", text[pet.end():]) \
        if pet else None
    return named.group(1) if named else None


def _lead(text: str) -> str:
    words = jieba.lcut(text, HMM=False)
    return words[0] if words else ""


def _judged(text: str, lead: str, loose: bool = False) -> bool:
    """A thing and a judgement of it, nothing else ("大理特别美", "房价太高了", "成绩挺好的", "现场气氛超好");
    ``loose``: any words but a verb after the thing (jieba tags some adjectives as nouns: "情节特别精彩")."""
    tags = pseg.lcut(text, HMM=False)
    if not tags or not tags[0].flag.startswith(("n", "s")) or tags[0].word != lead or tags[0].flag.startswith("nr"):
        return False
    things = 1 + (len(tags) > 1 and tags[1].flag.startswith("n") and not tags[1].flag.startswith("nr"))
    rest = [t for t in tags[things:] if t.word.strip() and not _ZH_TAIL_STRIP.fullmatch(t.word)]
    if loose:
        return bool(rest) and not any(t.flag.startswith("v") for t in rest)
    return bool(rest) and all(t.flag.startswith(_JUDGING) or len(t.word) == 1 for t in rest) \
        and any(t.flag.startswith("a") or (len(t.word) == 1 and not t.flag.startswith(("u", "y", "d"))) for t in rest)


def _names_in(text: str) -> list[str]:
    """The persons' names a turn says, anywhere in it ("那阿杰那边还联系吗" → 阿杰), by jieba's words."""
    words = pseg.lcut(text, HMM=False)
    found = []
    for n, tag in enumerate(words):
        if tag.word in ("小", "阿", "老") and n + 1 < len(words) and len(words[n + 1].word) == 1 \
                and words[n + 1].flag not in ("x", "uj", "ul", "y", "d", "p", "c", "r"):
            found.append(tag.word + words[n + 1].word)  # jieba splits 阿 / 杰
        elif (tag.flag.startswith("nr") or _nickname(tag.word)) and _is_name(tag.word):
            found.append(tag.word)
    return found + [name for name, _ in chinese_names(text)] + [n for n in [_name_after(text, _NAMING)] if n]


#: A doubled character that is no name: "every" (人人, 天天), adverbs and kin (常常, 妈妈), pets (狗狗).
_NOT_NICKNAMES = frozenset(re.findall("..", "人人家家个个天天年年事事处处样样步步代代时时刻刻宝宝狗狗猫猫娃娃星星"
                                              "哈哈嘿嘿呵呵嘻嘻嗯嗯好好多多明明看看试试想想谢谢拜拜走走聊聊画画"))


#: A name, then 的 and a job or a membership there ("星巴克的工作", "沃尔玛的兼职", "迪士尼的年卡").
_PLACE_OF_WORK = re.compile(r"^[\u4e00-\u9fff]{2,4}的(?:工作|兼职|实习|班|活|差事|会员|会员卡|年卡|卡|offer)")


def _is_person_name(word: str) -> bool:
    """A name with a person's shape: a surname and one character, or two not in jieba's dictionary as one word
    (a person's given name is not; "麦当劳" is), or 小/阿/老 and one; a transliterated name jieba tags as a
    person's ("星巴克", "沃尔玛") is a place's as often as a person's."""
    if not word or word[0] in "小阿老":
        return bool(word)
    surname = word[:2] in COMPOUND_SURNAMES or word[0] in SURNAMES
    return surname and (len(word) == 2 or jieba.dt.FREQ.get(word, 0) < 20)


def _nickname(word: str) -> bool:
    """A doubled-character pet name of a child or an animal ("乐乐", "糖糖", "豆豆"): not an adverb, a time, a
    count or a verb by jieba's tags, nor a kinship word."""
    if len(word) != 2 or word[0] != word[1] or word in _NOT_NICKNAMES or word in KIN_ZH:
        return False
    tags = pseg.lcut(word, HMM=False)
    return len(tags) == 1 and not tags[0].flag.startswith(("d", "t", "m", "r", "v", "q", "p", "c", "f", "u", "y", "e"))


def _unmarked(text: str) -> str:
    """The clause without a word that turns to it ("对了乐乐编程班不上了": the name opens it)."""
    return _MARKER.sub("", text) or text


def _reacted(text: str, topic: ZhTopic) -> bool:
    topic.reacted = _listener_judged(text)
    return topic.reacted


def _listener_judged(text: str) -> bool:
    """A judgement of the listener or of what is theirs, nothing else: a reaction to what they said ("你们公司也太狠
    了", "你家狗真可爱", "你也太拼了吧"), by jieba's tags: 你 / 你们 (的), nouns, then adverbs and adjectives only."""
    rest = re.sub(r"^你们?(?:家|那边|这边|那儿|那里)?的?", "", text, count=1)
    if rest == text:
        return False
    tags = [t for t in pseg.lcut(rest, HMM=False) if t.word.strip() and not _ZH_TAIL_STRIP.fullmatch(t.word)]
    while tags and tags[0].flag.startswith("n") and not tags[0].flag.startswith("nr"):
        tags.pop(0)
    # jieba tags some adjectives as verbs ("真可爱"): one after a degree word is judged too
    judged = [t.flag.startswith(_JUDGING) or (t.flag == "v" and n > 0 and tags[n - 1].word in _DEGREE)
              for n, t in enumerate(tags)]
    return bool(tags) and all(judged) and any(t.flag.startswith("a") or t.word in _DEGREE for t in tags)


_DEGREE = frozenset(("太", "真", "好", "很", "超", "挺", "特别", "这么", "那么", "也太", "真是", "够"))


def _is_name(word: str) -> bool:
    """A person's name ("小雨", "王浩", "欧阳娜娜"): jieba's person tag, a surname and a given name, 小/阿/老 + one,
    a doubled pet name ("乐乐")."""
    if not 2 <= len(word) <= 4 or not all("\u4e00" <= ch <= "\u9fff" for ch in word) or word in KIN_ZH \
            or any(ch in _ASPECT for ch in word[1:]) or is_time_word(word):  # "今年夏天", "那阵子": jieba's nr
        return False
    if _nickname(word):
        return True
    if word[:2] in COMPOUND_SURNAMES:
        return len(word) >= 3
    if _zh_is_name(word):
        return True
    return word[0] in SURNAMES and len(word) <= 3 and len(jieba.lcut(word, HMM=False)) > 1


def _is_person(subject: str) -> bool:
    """A topic that is someone other than the speaker ("小雨", "我女儿")."""
    return bool(subject) and (_is_name(subject) or bool(_OWN_KIN.match(subject)))


def _name_after(text: str, naming: re.Pattern[str]) -> str | None:
    """The name after 叫 / 名叫 / 名字是 in a text ("我女儿叫小雨，…" → 小雨), when it is one."""
    for m in naming.finditer(text):
        latin = re.match(r"\s*([A-Z][a-z]+)\b", text[m.end():])  # "叫 Emma": a name in Latin letters
        name = latin.group(1) if latin else _name_at(text[m.end():])
        if name:
            return name
    return None


def _name_at(text: str) -> str:
    """The name a text opens with ("王浩现在在上海" → 王浩), or ''."""
    rest = re.split(r"[，,。！!？?；;、\s]", text, maxsplit=1)[0]
    for size in (3, 2, 4):
        if len(rest) >= size and _is_name(rest[:size]) and (len(rest) == size or size == 2
                                                              or jieba.lcut(rest, HMM=False)[0] == rest[:size]) \
                and not _aspect_after(rest[size:]):  # "车卖了": a thing and its verb, no one named 车卖
            return rest[:size]
    return ""


#: Aspect particles: what follows a verb, never a name ("车卖了"; not "了解").
_ASPECT = ("了", "着", "过")


def _aspect_after(rest: str) -> bool:
    """``rest`` opens with an aspect particle as a word of its own ("了", not "了解")."""
    return bool(rest) and rest[0] in _ASPECT and jieba.lcut(rest[:4], HMM=False)[0] in _ASPECT
