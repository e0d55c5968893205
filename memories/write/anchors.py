"""What a memory names, and whether two near-identical memories name the same things.

Two memories written in one template ("刘子墨是我的下属，其年龄是34岁。" / "李明杰是我的下属，其年龄是32岁。",
"My subordinate Liu Zimo is 34." / "… Li Mingjie is 32.") are close in every embedding, yet they are
different facts: they are about different people. A fact's **names** are the people, things, events and
places it is about; its **values** are the numbers, dates and times it states. The write flow treats a
near-duplicate as the same fact only when both name the same things (``Sameness.SAME``: then a changed
value is an update, "我的表弟张伟今年36岁" → "…37岁"); when the names differ it is another fact
(``DIFFERENT``). Every distinct fact stays live, so these are other facts too: one that states a value the
other does not (it adds to it: "我女儿叫小雨" / "我女儿小雨今年七岁了"), one that names more things than the
other unless both state values that differ, a question or a request (it states nothing to update; asked again in
other words, "诶，帮我查一下…" / "帮我查一下…", both stay and search drops the near-identical hit), two past
episodes ("刚跑完步，用了32分钟" / "…35分钟"), the same said again (no word of one missing from the other but
a negation), and, in Chinese, two texts that name nothing (but their speaker) and state nothing ("助手：好的，
记住了"). Only one that
names more than the other and states another value is a case nobody can tell without reading
("我的表弟今年36岁" / "我的表弟张伟今年37岁": that cousin a year older, or another cousin;
``AMBIGUOUS``: the write goes to review, nothing is retired).

Names and values from word lists, in every script, before any tagger reads the text: a kinship or role word
bound to the speaker ("my boss", "我的下属", "我表哥") names that person ("~boss"; a Chinese one also as said,
"~表哥", so that 表哥 and 表姐, 大舅 and 小舅 are two people and 我爸 and 我父亲 one: ``KIN_ZH_SAME``), and so
does a Chinese one the tagger reads as a word of its own ("小雨是用户六岁的女儿": "~daughter", as in
"用户的女儿叫小雨"); a title in 《》 names a book or a show; the speaker
word itself ("用户") is read like any other word; education levels, occupations, phone numbers, e-mail
addresses and dates are values (memories/write/people.py, slots.py).
Names, by script:
- Chinese: jieba's part-of-speech tags: nouns of every kind (person ``nr``, place ``ns``, organisation
  ``nt``, other proper ``nz``, common ``n``, verbal ``vn``), abbreviations ``j`` and Latin words; values are
  numerals ``m`` and times ``t``; words of conversation rather than of the fact ("话说", "记一下",
  "一声": ``NOT_NAMES_ZH``, ``NOT_VALUES``) are neither.
- Other scripts: capitalised words that do not begin a sentence (a speaker label "User:" begins one), and
  the nouns a compound names ("Liu Zimo"); a number that labels a thing ("step 3", "room 12", "#4521":
  after a noun of ``LABEL_NOUNS`` or a "#") is a name too. Values are the other numbers (digits or number
  words), weekdays, months and relative days. In Chinese an ordinal (第3步, 第二章) is a name.
Across scripts (one Chinese, one not) names cannot be compared word for word: only the numbers are.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from memories.write.people import KIN_EN, KIN_EN_RE, KIN_ZH, KIN_ZH_RE
from memories.write.plain import ASSISTANTS
from memories.write.policy import Sameness
from memories.write.roles import KIN_ZH_SAME
from memories.write.slot_values import DATE_ZH, EDUCATION_ZH, EVENTS_ZH, OCCUPATIONS_ZH
from memories.write.tagging import tagger
from memories.write.text import has_cjk

NAME_TAGS = ("n", "vn", "j", "eng")  # prefixes: n covers nr, ns, nt, nz, ng, nrfg, nrt
VALUE_TAGS = ("m", "t")
SENTENCE_ENDS = ".!?;:。！？；：\n"
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
VALUE_WORDS = frozenset({"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million", "billion",
    "half", "first", "second", "third", "fourth", "fifth", "once", "twice", "monday", "tuesday", "wednesday",
    "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june", "july",
    "august", "september", "october", "november", "december", "today", "tomorrow", "yesterday", "tonight", "morning",
    "afternoon", "evening", "noon", "midnight", "week", "weekend", "month", "year", "weeks", "months", "years",
    "days", "day", "hours", "hour", "minutes", "am", "pm"})
NOT_NAMES = frozenset({"i", "i'm", "i've", "i'd", "i'll", "ok", "okay"})
# Nouns whose number labels a thing rather than measuring it: "step 3", "room 12", "ticket #4521" name a step,
# a room, a ticket (another step is another fact), where "34 years", "at 3pm", "is 34" state a value.
LABEL_NOUNS = frozenset({"step", "number", "no", "num", "room", "floor", "gate", "flight", "platform", "track",
    "line", "page", "chapter", "section", "item", "ticket", "issue", "order", "case", "version", "release", "build",
    "phase", "stage", "level", "round", "lesson", "unit", "part", "episode", "season", "task", "bug", "table",
    "seat", "row", "bus", "route", "apartment", "apt", "suite", "building", "door", "desk", "lane", "exit",
    "server", "node", "service", "host", "port", "lot", "bay", "box", "locker", "verse", "article", "clause",
    "rule", "question", "exercise", "problem", "figure", "slide", "test", "sprint", "team", "group", "batch",
    "cohort", "grade", "class", "ward", "bed", "cabin", "deck", "terminal", "zone", "district", "block", "sector",
    "region", "channel", "station", "account", "invoice", "card", "milestone", "lab", "module", "pr"})


@dataclass(frozen=True)
class Anchors:
    names: frozenset[str]
    values: frozenset[str]
    cjk: bool
    asks: bool = False  # every sentence is a question: it states nothing to update
    episode: bool = False  # placed at a past moment (just now, yesterday): ``EPISODE_ZH``, ``EPISODE_EN``
    words: frozenset[str] = frozenset()  # Chinese: every word of the fact (what a restatement keeps)
    speaker: str = ""  # a leading Chinese speaker label ("助手：", "林晓峰："): who says it, not what it is about


# Words jieba tags numerals (``m``) that state no value: "记一下", "有点累", "一起去".
NOT_VALUES = frozenset({"一下", "一下子", "一些", "一点", "一点儿", "有点", "有些", "一起", "一直", "一样", "一般",
                        "一定", "一切", "一会", "一会儿", "一次", "一边", "一旦", "一向", "几", "多少", "一下下",
                        "一声", "一遍"})
# Words of conversation, not of the fact, that jieba tags nouns or abbreviations: "话说" (话 / 说), "记一下",
# "记着点哈", "谢谢", "明白".
NOT_NAMES_ZH = frozenset({"话", "记", "哈", "哈哈", "呀", "谢谢", "明白", "我会", "事", "事儿", "东西"})
# Words that place a statement at a past moment: two such statements are two episodes ("刚跑完步，5公里用了32分钟" /
# "…35分钟", "I just ran 5 km in 32 minutes" / "…35"), not one fact updated. "Today" is not one of them: "the
# meeting is today at 3pm" → "…at 4pm" is an update.
EPISODE_ZH = re.compile(r"刚刚|刚才|刚|昨天|昨晚|前天|上周")
EPISODE_EN = re.compile(r"(?i)\b(?:just|yesterday|last night|last week)\b")
# A Chinese statement placed by a day or week relative to when it is said ("今天体重66公斤", "这周又是8个会",
# "明天要早起赶7点的高铁") is an episode of that day too, unless it is about a named event or a person known by
# a kinship word: "今天的会议改到下午3点" → "…4点" and "我表哥明天到" → "…后天到" are updates.
EPISODE_DAY_ZH = re.compile(r"今天|今晚|今早|今儿|这周|本周|这个星期|明天|明早|明晚|后天")
_EVENT_ZH = re.compile(EVENTS_ZH)
# The same kinship word in other words: one person ("我爸" is "我父亲"); any other word is another person
# ("我表哥" is not "我表姐", "我大舅" not "我小舅").
_TITLE = re.compile(r"《([^》]{1,40})》")
# Words that open a Chinese message without adding to it ("对了，", "话说，", "诶，", "说到这个，"):
# "对了，今天心情不错" and "话说，今天心情不错" say the same.
_OPENER_ZH = re.compile(r"^(?:\s*(?:哦对了|对了|话说|诶|嗯|哦|噢|唉|哎|顺便说一下|顺便说下|顺便提一下|说到这个|"
                        r"我想起来了|跟你说下|跟你说|告诉你|还有|另外|然后)\s*[，,。！!、]?)+")
# A request to the assistant states no fact either ("帮我写个请假条，周一要去医院复查").
_REQUEST_ZH = re.compile(r"^(?:\S{1,6}[:：])?\s*(?:[^，,。！？]{0,8}[，,])?"
                         r"(?:请你?|麻烦你?|帮我|帮忙|给我|替我|提醒我|推荐|能不能|可不可以|可以帮我|你能|你帮我)")
_NEGATION = re.compile(r"^(?:不|没|别|未|无|非|甭|莫|再也不|从不|从没|并不|并没)")
_NOT_WORDS = re.compile(r"[\W_·]+")
_CJK_LABEL = re.compile(r"^\s*([\u4e00-\u9fff]{1,4})\s*[:：]")
_QUESTION = re.compile(r"[?？]\s*$")


def anchors(text: str) -> Anchors:
    normal = unicodedata.normalize("NFKC", text)
    # Kinship and role words are people, and education levels, occupations, phone numbers and dates are values,
    # whatever a tagger guesses (jieba tags 下属 a verb, 本科 neither a name nor a value): read from word lists
    # (memories/write/people.py, slots.py) and taken out of the text before the tagger reads it.
    label = _CJK_LABEL.match(normal)
    normal = _without_opener(normal, label)
    kin, values, rest = _listed(normal)
    found = _cjk_anchors(rest) if has_cjk(normal) else _latin_anchors(rest)
    sentences = [s for s in re.split(r"(?<=[.!?。！？\n])", normal) if s.strip(" \t\"'“”‘’")]
    asks = bool(sentences) and all(_QUESTION.search(s.strip(" \t\"'“”‘’")) for s in sentences)
    if has_cjk(normal) and not asks:
        asks = all(_REQUEST_ZH.search(s.strip()) or _QUESTION.search(s.strip()) for s in sentences) \
            and bool(sentences)
    episode = bool((EPISODE_ZH if has_cjk(normal) else EPISODE_EN).search(normal)) or (
        has_cjk(normal) and bool(EPISODE_DAY_ZH.search(normal)) and not _EVENT_ZH.search(normal)
        and not any(name.startswith("~") for name in kin))
    return Anchors(found.names | kin, found.values | values, cjk=found.cjk if has_cjk(rest) else has_cjk(normal),
                   asks=asks, episode=episode, words=found.words | kin | values,
                   speaker=label.group(1) if label else "")


def _without_opener(normal: str, label: re.Match[str] | None) -> str:
    """A Chinese message without its opener ("对了，", "话说，"), its speaker label kept."""
    if label is not None:
        return normal[:label.end()] + _OPENER_ZH.sub("", normal[label.end():])
    return _OPENER_ZH.sub("", normal) if has_cjk(normal) else normal


def zh_kin_names(word: str, prefix: str = "") -> set[str]:
    """A Chinese kinship word as names: its role ("~cousin", as the English word's) and the word said ("~表哥",
    synonyms as one: ``KIN_ZH_SAME``), with a prefix that tells people apart ("大舅", "小舅", "前同事")."""
    said = prefix.removesuffix("的") + KIN_ZH_SAME.get(word, word)
    return {"~" + KIN_ZH[word], "~" + said}


_LISTED_VALUES = re.compile("|".join([
    r"\+?\d[\d\- ]{6,}\d", r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+", DATE_ZH,
    "|".join(sorted(map(re.escape, (*EDUCATION_ZH, *OCCUPATIONS_ZH)), key=len, reverse=True))]))


def _listed(text: str) -> tuple[frozenset[str], frozenset[str], str]:
    """(kinship words as "~role" and titles, listed values, the text with both blanked out)."""
    kin: set[str] = set()
    values: set[str] = set()
    spans: list[tuple[int, int]] = []
    for pattern, table in ((KIN_ZH_RE, KIN_ZH), (KIN_EN_RE, KIN_EN)):
        for match in pattern.finditer(text):
            if table is KIN_ZH:
                prefix = text[match.start():match.start(1)].lstrip("我们用户本人").removeprefix("的")
                kin |= zh_kin_names(match.group(1), prefix)
            else:
                kin.add("~" + KIN_EN[match.group(1).casefold()])
            # Only the kinship word: the speaker ("用户的") is read as in any other wording of the fact
            # ("小雨是用户六岁的女儿" names 用户 too).
            spans.append(match.span(1))
    if has_cjk(text):
        for match in _TITLE.finditer(text):  # a title names a book, a film, a show: 《活着》 is no verb here
            kin.add(match.group(1).casefold())
            spans.append(match.span())
        for match in _LISTED_VALUES.finditer(text):
            values.add(match.group().casefold().replace(" ", "").replace("-", ""))
            spans.append(match.span())
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + "·" * (end - start) + text[end:]  # not a sentence end: what follows keeps its place
    return frozenset(kin), frozenset(values), text


# The commonest single-character surnames: jieba sometimes splits one off a person's name and tags it as a
# pronoun or adjective (何 / 美玲, 高 / 美玲); it belongs to the name.
SURNAMES = frozenset("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶"
                     "程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛"
                     "郝龚邵万钱严覃武戴莫孔向汤")


def _cjk_anchors(text: str) -> Anchors:
    names, values, words = set(), set(), set()
    previous = ""
    for word, tag in tagger().cut(text):
        word = word.strip().casefold()
        if not word:
            continue
        if not _NOT_WORDS.fullmatch(word) and word not in NOT_NAMES_ZH and not tag.startswith(("u", "e", "y", "x")):
            words.add(word)
        if word.startswith("第") and tag.startswith(VALUE_TAGS):  # an ordinal labels a thing: 第二章
            names.add(word)
        elif previous == "第" and (tag.startswith(VALUE_TAGS) or _NUMBER.fullmatch(word)):  # 第 / 3 / 步
            names.discard(previous)
            names.add(previous + word)
        elif word in NOT_VALUES or word in NOT_NAMES_ZH:
            pass
        elif tag.startswith(VALUE_TAGS) or _NUMBER.fullmatch(word):
            values.add(word)
        elif word in KIN_ZH:  # a kinship word not bound to the speaker is that role too, whatever its tag
            names |= zh_kin_names(word)
        elif tag.startswith("nr") and previous in SURNAMES:
            names.discard(previous)
            names.add(previous + word)
        elif tag.startswith(NAME_TAGS):
            names.add(word)
        previous = word
    return Anchors(frozenset(names), frozenset(values), cjk=True, words=frozenset(words))


def _latin_anchors(text: str) -> Anchors:
    names, values = set(), set()
    previous, previous_end = "", 0
    for match in _TOKEN.finditer(text):
        word = match.group()
        lowered = word.casefold()
        if _NUMBER.fullmatch(word) or any(ch.isdigit() for ch in word):
            gap = text[previous_end:match.start()]
            if "#" in gap or (previous in LABEL_NOUNS and not gap.strip(" \t.:")):
                names.add(f"{previous} {lowered}".strip())  # a label: "step 3", "#4521"
            else:
                values.add(lowered)
        elif lowered in VALUE_WORDS:
            values.add(lowered)
        elif word[0].isupper() and lowered not in NOT_NAMES and not _begins_sentence(text, match.start()):
            names.add(lowered)
        previous, previous_end = lowered, match.end()
    return Anchors(frozenset(names), frozenset(values), cjk=False)


def _begins_sentence(text: str, start: int) -> bool:
    before = text[max(0, start - 40):start].rstrip(" \t\"'“‘(")
    return (not before and start <= 40) or (bool(before) and before[-1] in SENTENCE_ENDS)


def sameness(a: Anchors, b: Anchors) -> Sameness:
    """Whether two memories (already close in meaning) are about the same things.

    The same names: the same fact, restated or with a changed value ("我表弟今年36岁" → "…37岁"), unless only
    one of them states a value: that one adds to the other ("我女儿叫小雨" / "我女儿小雨今年七岁了"), both true.
    One names more than the other: nobody can tell whether it is the same fact only when both state values and
    they differ ("我的表弟今年36岁" / "我的表弟张伟今年37岁": an update of that cousin, or another cousin);
    otherwise the fuller one adds to the other. A question or a request states nothing to update: another
    wording of it is another memory (the same text is a duplicate before this test)."""
    special = _sameness_by_kind(a, b)
    if special is not None:
        return special
    if a.cjk and _other_kinds(a.values - b.values, b.values - a.values):
        return Sameness.DIFFERENT  # another attribute: a phone and an e-mail, an age and a birthday
    if a.names == b.names:
        if a.values == b.values and a.cjk and _restates(a.words, b.words):
            return Sameness.DIFFERENT  # the same said again: nothing to retire, both stay
        if a.cjk and (a.values < b.values or b.values < a.values) and any(map(_a_measure, a.values ^ b.values)):
            return Sameness.DIFFERENT  # one adds values to the other ("刘静是我带的实习生" / "…实习生刘静24岁了")
        return Sameness.SAME if bool(a.values) == bool(b.values) else Sameness.DIFFERENT
    if a.names < b.names or b.names < a.names:
        return Sameness.AMBIGUOUS if a.values and b.values and a.values != b.values else Sameness.DIFFERENT
    return Sameness.DIFFERENT


def _sameness_by_kind(a: Anchors, b: Anchors) -> Sameness | None:
    """The answer when the kinds of the two texts decide it (questions, two languages, past episodes, texts
    that state nothing); None when their names and values must be compared."""
    if a.asks or b.asks:
        return Sameness.DIFFERENT  # a question or a request states nothing: asked again, it retires nothing
    if a.cjk != b.cjk:  # names in two languages: only the numbers compare
        return Sameness.SAME if _numbers(a.values) == _numbers(b.values) else Sameness.AMBIGUOUS
    if a.episode and b.episode:
        return Sameness.DIFFERENT  # two past episodes
    if a.speaker in ASSISTANTS and b.speaker in ASSISTANTS:
        return Sameness.DIFFERENT  # an assistant's replies (drafts, acknowledgements) are no fact a later one updates
    if a.cjk and not (a.names - {a.speaker, "用户"} or a.values or b.names - {b.speaker, "用户"} or b.values):
        # nothing named but who speaks, nothing stated ("助手：好的，记住了"; "用户喜欢吃火锅" / "用户喜欢吃烧烤":
        # the extractor's 用户 is the speaker, no thing both name)
        return Sameness.DIFFERENT
    return None


def _restates(a: frozenset[str], b: frozenset[str]) -> bool:
    """One text's words hold the other's, and what only one says negates nothing ("对了，今天开了一整天的会" /
    "今天开了一整天的会"; not "我表哥喜欢打篮球" / "我表哥不喜欢打篮球")."""
    if not (a <= b or b <= a):
        return False
    return not any(_NEGATION.match(word) for word in a ^ b)


_DATE = re.compile(DATE_ZH)


def value_kind(value: str) -> str:
    """What a Chinese value is: an e-mail address, a phone number, a date, an education level, an occupation, or
    another number or time."""
    if "@" in value:
        return "email"
    if sum(ch.isdigit() for ch in value) >= 7:
        return "phone"
    if _DATE.fullmatch(value) or re.search(r"\d[.月]\d|[月号日]$", value):
        return "date"
    if value in EDUCATION_ZH:
        return "education"
    if value in OCCUPATIONS_ZH:
        return "occupation"
    return "other"


def _a_measure(value: str) -> bool:
    """A value that states something (a number, a contact, a date, a level), not only a time word (今年, 现在)."""
    return value_kind(value) != "other" or bool(re.search(r"[\d一二两三四五六七八九十百千]", value))


def _other_kinds(only_a: frozenset[str], only_b: frozenset[str]) -> bool:
    """Each text states a value the other does not, and of kinds the other's values are not: two attributes
    ("号码：186…" / "三月十五号生的"), not one value changed. Values of no listed kind (numbers, times) compare
    with any."""
    kinds_a, kinds_b = {value_kind(v) for v in only_a}, {value_kind(v) for v in only_b}
    if not kinds_a or not kinds_b or "other" in kinds_a & kinds_b:
        return False
    listed_a, listed_b = kinds_a - {"other"}, kinds_b - {"other"}
    return bool(listed_a or listed_b) and not (listed_a & listed_b)


def _numbers(values: frozenset[str]) -> set[str]:
    return {v for v in values if any(ch.isdigit() for ch in v)}


def texts_sameness(a: str, b: str) -> Sameness:
    return sameness(anchors(a), anchors(b))

