"""What a statement tells, for the offline extractor (``offline.py``): the information test (``informative``), a
finished memory that is filler (``filler``: docs/extraction.md's junk rule, what word patterns can see of it), a
statement that only repeats the other speaker (``echoes``), and the antecedent of a leading pronoun taken from
the turn before (``resolve_lead``). No model, no network; jieba's tagger for Chinese.

**Information.** A statement is kept when one of its sentences, not led by a pronoun whose referent it does not
carry ("It was great", "She loved it", "他们也很喜欢"), holds something a reader can use later: a name (a
capitalised word inside the sentence that is not one of the speakers), a number or a time, or at least
``MIN_CONTENT_WORDS`` content words (not stopwords, evaluations, feelings or pledges: ``clauses.content_words``).
In Chinese, a noun, a place, a name, a time or a number that is not the speaker's name nor a vague noun (事情,
东西, 感觉 …), found by jieba's part-of-speech tagger.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import jieba
import jieba.posseg as pseg

from memories.extraction import timeparse
from memories.extraction.bare import named_subject
from memories.extraction.candidates import Candidate
from memories.extraction.chains import _is_name
from memories.extraction.clauses import _STOPWORDS, _WORD, content_words, split_sentences, stands_alone
from memories.extraction.courtesies import courtesy, zh_courtesy
from memories.extraction.hollow import reaction
from memories.extraction.netspeak import reaction_only
from memories.extraction.typed import TIME_NOUN
from memories.extraction.vague import vague
from memories.write.changes import said_changed
from memories.write.changes_who import pronoun_of
from memories.write.slot_values import KIN_EN_ALT
from memories.write.text import has_cjk

#: English content words a sentence needs when it carries no name, number or time.
MIN_CONTENT_WORDS = 2
#: An echo: at most this share of the statement's words is new against the other speaker's turn before it.
ECHO_NEW_SHARE = 0.2

_LEAD = re.compile(r"(?i)^(?:its?|it's|they(?:'re|'ve)?|them|she(?:'s)?|he(?:'s)?|(?:this|that)(?!\s+" + TIME_NOUN
                   + r")|that's|these|those|such|which|both)\b")
#: "It's great to …", "It was amazing how …": "it" stands for what follows, not for something said before.
_EXTRAPOSED = re.compile(r"(?i)^(?:it's|it\s+is|it\s+was|it's\s+been|it\s+has\s+been)\s+(?:\w+\s+){0,3}?(?:how|to|that"
                         r"|when|seeing|being|knowing|having)\b")
#: A particular thing: a content word after "the", a possessive or a demonstrative.
_PARTICULAR = re.compile(r"(?i)\b(?:the|my|his|her|their|our|your|\w+'s)\s+([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?")
#: Words that say nothing of their own, beyond ``clauses``' stopwords (contractions, fillers).
_FILLER = ("it'll", "that'll", "there'll", "they'll", "you'll", "he'll", "she'll", "what's", "who's", "let's", "ya",
           "'em", "em", "somehow", "anyway", "anyways", "maybe", "lol", "haha", "btw", "kinda", "sorta", "gotta")
#: A content word after an article, a possessive or a preposition is a thing named ("a love for horses", "the
#: ocean"): enough alone.
_DETERMINED = re.compile(r"(?i)\b(?:a|an|the|some|my|his|her|their|our|its|\w+'s|for|of|with|about|at|in|on|from)\s+"
                         r"([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?")
#: A thing after "a <feeling or bent> for / of" ("a love for horses", "a fear of heights", "a knack for languages"),
#: which ``_DETERMINED`` reads as "a love for" and passes by.
_BENT_FOR = re.compile(r"(?i)\b(?:a|an)\s+(?:[a-z]+\s+)?[a-z]+\s+(?:for|of)\s+([a-z][a-z-]+)")
#: "这几天…", "那阵子…" open with a time, not a thing pointed at.
_ZH_LEAD = re.compile(r"^(?:(?:这|那)(?!几天|两天|阵子|段时间|个?(?:周|月|星期|礼拜|学期)|一年|年|次)"
                      r"|它|他|她)")
_NAMED = re.compile(r"(?<=[\w,;:)] )(?:[A-Z][a-zA-Z'’-]+|[A-Z]{2,})")
_DIGIT = re.compile(r"\d")
#: A name leading its own statement ("Mia does ballet", "Leo loves dinosaurs"): someone, however short the rest.
#: A verb of what someone does, not a plural ("Little acts of kindness") nor a platitude ("Practice makes perfect").
_NAME_LEAD = re.compile(r"^([A-Z][a-z]+)\s+(?:also\s+|still\s+)?(?:does|did|plays|loves|likes|hates|enjoys|lives"
                        r"|studies|teaches|swims|dances|sings|paints|draws|writes|cooks|bakes|rides|knits|speaks|attends"
                        r"|coaches|trains|practices|collects|owns|drives|volunteers"
                        r"|is\s+(?:so\s+|really\s+)?(?:crazy|obsessed|mad|nuts|into|allergic|afraid|scared|terrified"
                        r"|hooked|passionate|good|great)(?:\s+(?:about|with|on|of|at))?)\b")
_NOT_NAMES = frozenset(("life", "work", "time", "family", "people", "everything", "everyone", "nothing", "this", "love",
                        "patience", "balance", "health", "money", "hope", "kindness", "success", "happiness", "music"))
_ZH_CONTENT = ("n", "t", "m", "eng", "s", "vn", "nr", "ns", "nt", "nz")
_ZH_DOING = frozenset("吃喝打踢玩看逛泡爬弹拉唱跳骑游滑钓跑下练学养开住做")
_ZH_VAGUE = frozenset(("用户", "事情", "事", "东西", "时候", "感觉", "心情", "一切", "人", "大家", "自己", "时间",
    "样子", "方面", "问题", "一下", "一点", "一些", "有点", "这样", "那样", "一个", "一次", "一样", "好事", "事儿",
    "心", "话", "情况", "朋友们", "助手"))
#: "这本书", "那个", "它": a thing pointed at, not named.
_ZH_POINTED = re.compile(r"[这那][本个些部首件家位种张篇样]|它")
#: Verbs of feeling, thinking, hoping and pledging: a statement made of them and no thing is a mood, not a fact.
_ZH_VAGUE_VERBS = frozenset(("觉得", "感觉", "认为", "希望", "相信", "知道", "明白", "理解", "加油", "继续", "努力",
    "坚持", "开心", "高兴", "难过", "伤心", "激动", "期待", "起来", "担心", "放心", "支持", "谢谢", "感谢", "祝福",
    "分享", "聊天", "说话", "看看", "试试", "等等", "没有", "可以", "应该", "能够", "愿意", "需要", "想要", "喜欢",
    "感动", "享受", "放松", "开始", "结束", "变得", "成为", "发现", "记得", "忘记", "打算", "准备", "觉着", "好像",
    "似乎", "显得", "值得", "在乎", "关心", "想念", "怀念", "感恩", "庆幸", "后悔", "害怕", "紧张", "兴奋", "失望"))


def informative(text: str, names: Sequence[str] = (), lead_ok: bool = False) -> bool:
    """Whether a statement carries information about a person, a thing, a plan or a time (module docstring);
    ``lead_ok``: a leading pronoun is no fault (the clause goes with a statement that names its referent)."""
    if has_cjk(text):
        return any(_zh_informative(s, frozenset(names), lead_ok) for s in split_sentences(text.replace("；", "。")))
    return any(_en_informative(s, names, lead_ok) for s in split_sentences(text))


def specific(text: str, names: Sequence[str] = ()) -> bool:
    """Whether a text names a particular thing, not only things in general ("the new roof", "my sister's
    bakery", a name, a number, a time; not "life is too short to worry about small stuff"): what a statement about
    no one, or a speaker's view, needs to be worth keeping. Chinese: ``informative``."""
    if has_cjk(text):
        return informative(text, names)
    skip = {n.casefold() for n in names} | {"user", "assistant", "others"}
    if any(w.removesuffix("'s").casefold() not in skip for w in _NAMED.findall(text)) or _DIGIT.search(text) \
            or _name_led(text, skip):
        return True
    found = set(content_words(text, (*names, *_FILLER)))
    if any(w and w.casefold() in found for m in _PARTICULAR.finditer(text) for w in m.groups()):
        return True
    return bool(timeparse.resolve(text, None, False)[2]) or bool(_WEEKDAY.search(text))


#: A day of the week, however typed ("on sunday", "tuesdays and fridays"): a particular time.
_WEEKDAY = re.compile(r"(?i)\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b")


#: A state of a person's life said in one word ("The user is single", "… is pregnant", "… got engaged"): a fact
#: worth keeping, however short.
_LIFE_STATE = re.compile(r"(?i)\b(?:is|am|are|'s|'m|got|became|has become|went|turned)\s+(?:now\s+|officially\s+|"
                         r"recently\s+|newly\s+|happily\s+|still\s+|a\s+)?(?:single|married|engaged|divorced|"
                         r"separated|widowed|pregnant|retired|unemployed|vegan|vegetarian|pescatarian|diabetic|sober|"
                         r"teetotal|left-handed|right-handed|colou?rblind|deaf|blind|epileptic|asthmatic|celiac|coeliac|"
                         r"non-?smoker|smoker|homeschooled|self-employed|freelance|freelancer)\b"
                         # having none of a life's people or things: "doesn't have any kids", "has never had a car"
                         r"|\b(?:don't|do\s+not|doesn't|does\s+not|never|has\s+never|have\s+never)\s+(?:have|had|own"
                         r"|owned)\s+(?:any\s+|a\s+|an\s+)?(?:kids?|children|child|pets?|siblings?|brothers?|sisters?"
                         r"|cars?|dogs?|cats?|license|licence|partner|boyfriend|girlfriend|tv|tattoos?)\b")


def _name_led(sentence: str, skip: set[str]) -> bool:
    lead = _NAME_LEAD.match(sentence)
    if lead is None and named_subject(sentence):  # "Mia works at a bakery": what a named person does
        lead = re.match(r"([A-Z][a-z]+)", sentence)
    return lead is not None and lead.group(1).casefold() not in (_STOPWORDS | _NOT_NAMES | skip)


#: How many relatives or pets one has ("The user has one brother", "… two cats"): a fact, however short.
_HOW_MANY = re.compile(rf"(?i)\b(?:one|two|three|four|five|six|seven|eight|nine|ten|no)\s+(?:older\s+|younger\s+|"
                       rf"little\s+|big\s+|step-?|half-?)?(?:{KIN_EN_ALT}|cats?|dogs?|pets?|kids?)\b")


def _en_informative(sentence: str, names: Sequence[str], lead_ok: bool) -> bool:
    if not lead_ok and _LEAD.match(sentence) and not _EXTRAPOSED.match(sentence) and not _their_change(sentence):
        return False
    skip = {n.casefold() for n in names} | {"user", "assistant", "others"}
    names = (*names, *_FILLER)
    if any(w.removesuffix("'s").casefold() not in skip for w in _NAMED.findall(sentence)):
        return True
    if _DIGIT.search(sentence) or _LIFE_STATE.search(sentence) or _HOW_MANY.search(sentence):
        return True
    found = content_words(sentence, names)
    if len(found) >= MIN_CONTENT_WORDS:
        return True
    if found and (_name_led(sentence, skip) or _their_change(sentence)):
        return True
    if found and _thing_named(sentence, found):
        return True
    did = _DID.match(sentence)  # "We made pizza!": what someone did, the thing bare after a light verb
    if did and did.group(1).casefold() in found:
        return True
    return bool(timeparse.resolve(sentence, None, False)[2])


def _thing_named(sentence: str, found: list[str]) -> bool:
    """Whether one of the content words ``found`` is a thing named: after an article, a possessive or a
    preposition, or after "a love for" and the like."""
    if any(w and w.casefold() in found for m in _DETERMINED.finditer(sentence) for w in m.groups()):
        return True
    return any(m.group(1).casefold() in found for m in _BENT_FOR.finditer(sentence))


#: Someone (a name, "X and others") and a light verb of doing in the past, then a bare thing ("John and others made
#: pizza", "Ana got braces", "Ben had surgery"), or one of doing now ("Aisha is doing biology", "Maya takes ballet",
#: "The user is doing keto"): the thing is what was or is done, enough alone; and what one has, bare ("The user has
#: diabetes", "has netflix"), unless it is what anyone has ("has time", "has questions").
_DID = re.compile(r"^(?:[A-Z][\w'’-]*|The user)(?:\s+and\s+others)?\s+(?:just\s+|finally\s+|also\s+|now\s+)?"
                  r"(?:(?:has|have)\s+got|(?:has|have)(?=\s+(?!(?:time|questions?|plans?|work|stuff|things|fun|class"
                  r"|school|issues|problems|ideas?|news|money|plenty|lots|nothing|everything|something|anything|none"
                  r"|enough|more|less|homework|errands|chores|company|guests|people|friends|kids)\b))|made|got|had|did|took|(?:is|are)\s+(?:now\s+|currently\s+|also\s+)?(?:doing|taking|studying)"
                  r"|does|takes|studies)\s+"
                  r"(?:some\s+)?([a-z][a-z-]+)\b(?!\s+(?:it|them|that|this|to|of|for|out|up|back|over|so|too|really))")


@functools.lru_cache(maxsize=4096)
def _zh_informative(sentence: str, names: frozenset[str], lead_ok: bool) -> bool:
    if not lead_ok and _ZH_LEAD.match(sentence.strip()) and not _their_change(sentence.strip()):
        return False
    if _ZH_TRADE.search(sentence):
        return True  # "我是做后端的", "她是卖保险的": one's trade, said as 是…的 whatever the tagger parts
    previous, verb, short = "", False, False
    for token in pseg.lcut(sentence, HMM=False):
        word = token.word.strip()
        if _zh_parted(previous, verb, token.flag, word):
            return True
        previous, verb = word, token.flag == "v" and len(word) == 1 and word not in _ZH_VAGUE_VERBS
        if not word or word in _ZH_VAGUE or word[0] in "我你您他她它咱" or any(word in n for n in names if n):
            short = False
            continue
        if _zh_abbreviation(short, token.flag, word) or _zh_informs(token.flag, word, sentence):
            return True
        short = token.flag == "j" and len(word) == 1
    return False


def _their_change(sentence: str) -> bool:
    """He or she opening a statement of change with no one named ("He graduated from speech therapy last month",
    one line about a child): kept, as the relative a stored memory names may be who it is (``changes_who``)."""
    return bool(pronoun_of(sentence)) and said_changed(sentence)


def _zh_parted(previous: str, verb: bool, flag: str, word: str) -> bool:
    """Whether a word and the one before it (``verb``: a one-character verb that is not vague) are a thing done
    the tagger parted."""
    if verb and flag == "v" and len(word) == 1 and word != previous and word not in _ZH_COMPLEMENTS \
            and previous not in _ZH_LEADING_VERBS:
        return True  # "改在家跳操": a verb and its object the tagger tags as two verbs ("跳" + "操")
    if flag == "f" and len(word) > 1 and previous in _ZH_WORK_ON:
        return True  # "我是做前端的", "搞后端": the thing one works on, tagged as a direction word
    return verb and len(word) == 1 and flag in ("n", "ng", "zg", "g")  # "在控糖": "控" + "糖"


def _zh_abbreviation(short: bool, flag: str, word: str) -> bool:
    """An abbreviation: one word (北大), or two characters the tagger parted (法 + 硕: 法硕; ``short``: the one before
    is a one-character abbreviation)."""
    return (flag == "j" and len(word) > 1) or (short and len(word) == 1 and bool(_HANZI.match(word)))


#: One's trade said as 是…的: "是做后端的", "是开网店的", "是跑外卖的" (not "是做什么的").
_ZH_TRADE = re.compile(r"是(?:做|搞|干|学|开|卖|跑|教|修|送)(?!什么|啥|了|过|完)[\u4e00-\u9fffA-Za-z]{1,8}的")
#: What follows a verb to say how it went, not what it was done to ("吃完", "看到", "走了").
_ZH_COMPLEMENTS = frozenset("了过着去来到完好上下起开住掉走出进回成会得死坏疯哭醒透翻够光见懂错对饱")
#: Verbs that lead another verb rather than take it as a thing ("去看", "想买", "让跑").
_ZH_LEADING_VERBS = frozenset("去来要想会能在是有得让被把给叫说听帮请使")
#: Light verbs of working on something: what follows is a thing even when jieba tags it a direction (前端, 后端).
_ZH_WORK_ON = frozenset(("做", "搞", "干", "学", "写", "负责", "转"))


@functools.lru_cache(maxsize=2048)
def _zh_set_phrase_thing(flag: str, word: str) -> bool:
    """Whether a set phrase names a thing: three characters, a verb or a quality and its thing ("改坐地铁",
    "留着长卷发"; not a four-character idiom); four, tagged ``l``, a noun after a modifier ("戴隐形眼镜": 隐形 +
    眼镜, "玻璃纤维"), each half one word."""
    if len(word) == 3:
        return [t.flag[0] for t in pseg.lcut(word[1:], HMM=False)] == ["n"]
    if flag != "l" or len(word) != 4:
        return False
    head, tail = pseg.lcut(word[:2], HMM=False), pseg.lcut(word[2:], HMM=False)
    return len(head) == len(tail) == 1 and tail[0].flag == "n" and head[0].flag[:1] in ("a", "b", "n")


def _zh_informs(flag: str, word: str, sentence: str) -> bool:
    """Whether one tagged word of a Chinese sentence tells something (``_zh_informative``)."""
    if flag == "v" and len(word) > 1 and word not in _ZH_VAGUE_VERBS and not _ZH_POINTED.search(sentence):
        return True  # "最近失眠很严重", "上周搬家了": what happened to someone, said by its verb
    if flag == "l" and len(word) > 2 and word[0] in _ZH_DOING:
        return True  # "经常吃火锅", "周末去泡温泉": a verb and its thing, tagged as one set phrase
    if flag in ("i", "l") and _zh_set_phrase_thing(flag, word):
        return True
    if flag.startswith(_ZH_CONTENT) and not flag.startswith("r") and not word.isspace():
        return not (flag == "m" and not _DIGIT.search(word) and len(word) < 2)  # "一": a bare measure
    # "五毫克的", "80公斤": an amount, a unit of two characters or more after its number
    return flag == "q" and len(word) > 1 and bool(re.search(rf"{_ZH_NUMERAL}{re.escape(word)}", sentence))


_ZH_NUMERAL = r"[\d零〇一二两三四五六七八九十百千万半]"
_HANZI = re.compile(r"[\u4e00-\u9fff]")


# --------------------------------------------------------------------------- filler, judged on the finished memory

#: A relation to the other speaker put as a statement ("Ana is glad that …", "Ben hopes that …", "Ana wished Ben good
#: luck with …"): a compliment, a wish or a pep talk unless what it is about names something particular.
_NAME = r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)?"
_RELATION_MEMORY = re.compile(rf"^{_NAME} (?:is (?:so |really )?(?:glad|happy) (?:that|about)|hopes that"
                              rf"|is proud of {_NAME} for|is sorry about|wished {_NAME} good luck with"
                              rf"|congratulated {_NAME} on|told {_NAME} that {_NAME} "
                              r"(?:is (?:so |really |just )?(?:glad|happy|proud|sure|here for)|bets|can imagine))\s+")
#: A speaker's view that is a platitude ("Ana thinks a little kindness can go a long way", "Ben thinks balance is
#: key"): what it holds is true of everyone, so it tells nothing of the person unless it names something.
_PLATITUDE = re.compile(r"(?i)^[A-Z][\w'’-]* thinks\s+(?=.*(?:\b(?:is|are)\s+(?:\w+\s+)?(?:key|important"
                        r"|essential|crucial|vital|a\s+must|everything|invaluable|worth\s+it)\b|\bcan\s+(?:really\s+|truly\s+|sure\s+"
                        r"|also\s+)?(?:make|go|have|brighten|transform|help|be)\b|\bmakes?\s+(?:a|all\s+the)\s+(?:\w+\s+)?"
                        r"difference|\b(?:is|are)\s+(?:always|such|so|pretty|really|definitely|super)\s+(?:a\s+)?(?:\w+\s+)?"
                        r"(?:fun|awesome|amazing|great|cool|nice|good|calming|inspiring|powerful|special|rewarding)\b))")
#: "this book", "that place", "those ones", "it", "them", "a few": a thing the memory does not name.
_UNNAMED = re.compile(r"(?i)\b(?:this|that|these|those|such)\s+(?:(?:new|old|little|big|great|cool|amazing|awesome)"
                      r"\s+)?[a-z][a-z-]*|\b(?:it|them|one|ones|a\s+few|some)\b")
_ZH_PLATITUDE = re.compile(r"(?:是|就是|才是)(?:关键|一切|胜利|最好的)"
                           r"|(?:最|很|真的很|非常)(?:重要|珍贵|难得)[。！!]?$")
_ZH_EXCLAMATION = re.compile(r"(?:真是|真的|实在|简直)?太[\u4e00-\u9fff]{1,2}了[！!]+$"
                             r"|(?:真是|简直)[\u4e00-\u9fff]{1,3}[！!]+$")
#: Something that happened ("Max had a great time"), not a remark that holds always ("Balance is key").
_PAST = re.compile(r"(?i)\b(?:had|was|were|went|got|did|came|made|took|found|[a-z]{3,}ed)\b")
#: A liking whose object is none: a verb or a pointing word where the thing should be ("likes is awesome", "likes
#: it after work", "likes to hear", "likes every day", "likes holding them"; "喜欢这个"): what the explicit rules read
#: of a longer sentence.
_NO_OBJECT = re.compile(r"(?i)\b(?:likes|loves|dislikes|prefers|enjoys)\s+(?:(?:is|are|was|were|makes|needs|gets|has|it"
                        r"|that|most|best)\b|to\s+\w+\W*$|every\s+\w+\W*$|(?:\w+ing\s+)?(?:them|him|her)\b(?!\s+name))"
                        r"|喜欢(?:它|它们|这个|那个|这样|那样)\W*$|喜欢[\u4e00-\u9fff]{1,2}(?:它|它们|他们|她们)了?\W*$")


def no_object(preference: str) -> bool:
    """Whether an explicit rule's liking names no thing liked (``_NO_OBJECT``)."""
    return bool(_NO_OBJECT.search(preference))


#: A clause that opens with a bare verb: advice or a pep talk ("Keep those fingers crossed", "just stay positive",
#: "let's keep in touch"), not a view of the speaker's.
IMPERATIVE = re.compile(r"(?i)^(?:(?:just|so|and|but|please|now)\s+)*(?:keep|stay|let's|don't|never|go|try|take|make"
                        r"|be|capture|remember|hang|enjoy|chase|follow|believe|trust|focus|look|check|give|show|find"
                        r"|embrace|cherish|hold|tell|call|treat|imagine|think|get|do)\b(?!')")
_ABOUT_USER = re.compile(r"(?i)\bthe user\b|用户")


def filler(content: str, names: Sequence[str] = ()) -> bool:
    """Whether a finished memory is filler however it was made: a compliment, wish or pep talk to the other
    speaker, or a platitude put as a view, that names nothing particular ("Ana is glad that Ben had a great time",
    "Ben told Ana that Ben bets Ana loved it", "Ana thinks balance is key"); a single statement whose
    only thing is an unnamed this/that/it ("Ben is reading this book", "用户在读这本书"); or, about no one and
    in the present, a general remark that names nothing particular ("Balance is key!"; not "Max had a great time");
    or one of ``hollow``'s reactions (praise or a pledge made of empty words, thanks for a tip, a remark about people
    in general, a line whose subject was cut off)."""
    if has_cjk(content):
        return zh_courtesy(content, names) or _zh_filler(content, names) or reaction_only(content, names)
    if vague(content) or reaction(content, names, specific):
        return True
    polite = courtesy(content)
    if polite is not None:
        return not polite or not specific(polite, names)
    relation = _RELATION_MEMORY.match(content) or _PLATITUDE.match(content)
    if relation:
        return not specific(content[relation.end():], names)
    sentences = split_sentences(content)
    if len(sentences) == 1 and _UNNAMED.search(content) and not _HOW_MANY.search(content) \
            and not informative(re.sub(r"\s+", " ", _UNNAMED.sub("", content)), names, lead_ok=True):
        return True
    about = any(re.search(rf"\b{re.escape(n)}\b", content) for n in names if n) or _ABOUT_USER.search(content)
    return not about and not _PAST.search(content) and not specific(content, names) and not _their_change(content)


def _zh_filler(content: str, names: Sequence[str]) -> bool:
    """Chinese: a platitude or an exclamation given the speaker as its subject ("阿梅耐心是关键。", "阿梅爬到山顶
    看到这个景色真是太值了！"): filler unless it names a person, a place, a time or a number."""
    if not (_ZH_PLATITUDE.search(content) or _ZH_EXCLAMATION.search(content)):
        return False
    for name in (*names, "用户"):
        content = content.replace(name, "") if name else content
    if _DIGIT.search(content) or timeparse.resolve(content, None, True)[2]:
        return False
    # a place, an organisation or another name (jieba's "nr" tags too many evaluations to tell a person)
    return not any(token.flag in ("ns", "nt", "nz") for token in pseg.lcut(content, HMM=False))


@functools.lru_cache(maxsize=1024)
def words(text: str) -> frozenset[str]:
    """The content-bearing words of a text (jieba's words of two characters or more in Chinese)."""
    if has_cjk(text):
        return frozenset(w for w in jieba.lcut(text, HMM=False) if len(w) > 1 and not re.fullmatch(r"\W+", w))
    return frozenset(w.removesuffix("'s") for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS)


def echoes(clause: str, previous: str) -> bool:
    """Whether a clause only repeats the other speaker's turn before it ("I love hiking too" after "I love
    hiking"; "对，周末去爬山" after "周末去爬山吧"): almost none of its words are new. An answer to a question is
    no echo ("他平时喜欢什么？可以试试画画" — "他喜欢画画": the user's own answer)."""
    mine = words(clause) - {"too", "also", "也", "还"}
    if not mine or not previous or previous.rstrip().endswith(("?", "？")):
        return False
    return len(mine - words(previous)) / len(mine) <= ECHO_NEW_SHARE


# --------------------------------------------------------------------------- the antecedent of a leading pronoun

_SHE = "sister|mom|mother|mum|daughter|wife|girlfriend|aunt|grandma|grandmother|niece|fiancee|fiancée|granny"
_HE = "brother|dad|father|son|husband|boyfriend|uncle|grandpa|grandfather|nephew|fiance"
_ADJECTIVE = r"(?:new|old|little|big|first|favou?rite|own|best|two|three|younger|older|baby|pet|sweet)"
_POSSESSED = re.compile(rf"(?i)\b(my|your|our)\s+((?:{_ADJECTIVE}\s+)?)([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?\b")
_EN_PRONOUN = re.compile(r"(?i)^(they're|they've|they|she's|she|he's|he)\b")
_BE_OF = {"they're": " are", "they've": " have", "she's": " is", "he's": " is"}
_ZH_PRONOUN = re.compile(r"^(他们|她们|它们|他|她|它)")
_ZH_POSSESSED = re.compile(r"(我|你|您)的?")
_ZH_SHE = frozenset(("妈妈", "母亲", "女儿", "妻子", "老婆", "姐姐", "妹妹", "女朋友", "奶奶", "外婆", "姥姥", "阿姨",
    "姑姑"))
_ZH_HE = frozenset(("爸爸", "父亲", "儿子", "丈夫", "老公", "哥哥", "弟弟", "男朋友", "爷爷", "外公", "姥爷", "叔叔",
    "舅舅"))


def resolve_lead(clause: str, previous: str, previous_speaker: str, previous_listener: str) -> str | None:
    """"They eat mostly insects", after "What do your turtles eat?" (said by Nate to Joanna) → "Joanna's turtles eat
    mostly insects": the leading they/she/he (他们/她/它 …) replaced by the one noun phrase of the turn before that
    fits it (a plural noun for "they", a woman's or a man's kinship word for "she"/"he", owned by "my/your/our" so
    that its owner is known; for "he/she" without one, the one person the turn before names: "Have you met
    LeBron?" — "He's real chill" → "LeBron is real chill"). A clause the speaker leads resolves its "them" or
    "him/her" the same way ("I've had them since 2019" after "How long have you had your chickens?" → "I've had
    Ben's chickens since 2019"). None when there is no such phrase, or more than one: the referent is not clear."""
    if has_cjk(clause):
        return _zh_resolve(clause, previous, previous_speaker, previous_listener)
    lead = _EN_PRONOUN.match(clause)
    if not previous:
        return None
    if not lead:
        return _resolve_object(clause, previous, previous_speaker, previous_listener)
    pronoun = lead.group(1).casefold()
    found = _possessed(pronoun, previous, previous_speaker, previous_listener)
    if not found and not pronoun.startswith("they"):
        found = _named_in(previous, (previous_speaker, previous_listener))
    if len(found) != 1:
        return None
    rest = clause[lead.end():]
    be = " has" if pronoun in ("she's", "he's") and rest.startswith((" been", " got")) else _BE_OF.get(pronoun, "")
    return f"{found.pop()}{be}{rest}"


#: A clause the speaker leads ("I've had …", "We invited …"), the only kind whose "them"/"him" is resolved.
_SPEAKER_LEAD = re.compile(r"(?i)^(?:i|we|i've|we've|i'm|we're|i'd|we'd|i'll|we'll)\b")
#: "them" as the object of a clause that does not lead with a pronoun ("I've had them for three years").
_THEM = re.compile(r"(?i)\bthem\b")


def _resolve_object(clause: str, previous: str, previous_speaker: str, previous_listener: str) -> str | None:
    """"I've had them for three years", after "How long have you had your turtles?" → "I've had Nate's turtles for
    three years": a single "them" in a clause led by no pronoun, replaced by the one plural noun phrase of the turn
    before owned by "my/your/our"; None when there is none, or more than one."""
    them, person = _THEM.findall(clause), _HIM.findall(clause)
    if len(them) + len(person) != 1 or not _SPEAKER_LEAD.match(clause):
        return None
    if them:
        asked = split_sentences(previous)[-1]
        if len({w for w in _WORD.findall(asked.casefold()) if _plural(w)}) != 1:
            return None  # "see sunsets like that on your walks?": which of the two is "them" is not clear
        found = _possessed("they", asked, previous_speaker, previous_listener)
    else:
        found = _named_in(previous, (previous_speaker, previous_listener))
    if len(found) != 1:
        return None
    return (_THEM if them else _HIM).sub(found.pop(), clause)


#: "him"/"her" as the object of a clause ("I got to meet him twice"; not "her" before a noun: "her book").
_HIM = re.compile(r"(?i)\bhim\b|\bher\b(?=\s*(?:[.,!?;:]|$|\s+(?:a|an|the|to|for|in|at|on|with|about|again|once|twice"
                  r"|before|after|and|but|so|when|yet|today|yesterday|last|this|every)\b))")
_PERSON_NAME = r"[A-Z][a-z]+(?:[A-Z][a-z]+)?(?:\s+[A-Z][a-z]+(?:[A-Z][a-z]+)?)*"
#: A name inside a sentence, or opening it before "is/was/has/had" ("LeBron is incredible").
_CAPITALISED = re.compile(rf"(?<=[\w,;:] )({_PERSON_NAME})|^({_PERSON_NAME})(?=\s+(?:is|was|has|had)\b)")
_NOT_PEOPLE = frozenset(("i", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
    "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    "god", "mom", "dad", "english", "christmas", "easter", "halloween", "thanksgiving"))


def _named_in(previous: str, speakers: tuple[str, str]) -> set[str]:
    """The names the turn before gives, not its speakers' ("LeBron", "Coach Rivera"): the person a
    "he/him/she/her" of the answer stands for when there is only one."""
    known = {s.casefold() for s in speakers if s}
    found = set()
    for sentence in re.split(r"(?<=[.!?])\s+", previous):
        for m in _CAPITALISED.finditer(sentence):
            name = m.group(1) or m.group(2)
            if name.casefold() not in known and name.casefold() not in _NOT_PEOPLE \
                    and name.casefold() not in _STOPWORDS:
                found.add(name)
    return found


def _possessed(pronoun: str, previous: str, previous_speaker: str, previous_listener: str) -> set[str]:
    """The noun phrases of the turn before, owned by "my/your/our", that fit the pronoun, with their owner named."""
    found = set()
    for m in _POSSESSED.finditer(previous):
        owner, adjective, head, second = m.group(1).casefold(), m.group(2), m.group(3), m.group(4) or ""
        if pronoun.startswith("they") and _plural(second) and not _plural(head):
            adjective, head = f"{adjective}{head} ", second  # "your tomato plants"
        low = head.casefold()
        if not _fits(pronoun, low):
            continue
        who = previous_listener if owner == "your" else previous_speaker
        if not who:
            continue
        found.add(f"{who}'{'' if who.endswith('s') else 's'} {adjective.casefold()}{low}")
    return found


def _fits(pronoun: str, head: str) -> bool:
    """Whether a noun can be what the pronoun stands for: a plural for "they", a woman's or a man's kinship word
    for "she" and "he"."""
    if head in _STOPWORDS:
        return False
    if pronoun.startswith("they"):
        return _plural(head)
    return bool(re.fullmatch(_SHE if pronoun.startswith("she") else _HE, head))


def _plural(word: str) -> bool:
    low = word.casefold()
    return low.endswith("s") and not low.endswith(("ss", "us", "is")) and low not in _STOPWORDS


def _zh_resolve(clause: str, previous: str, previous_speaker: str, previous_listener: str) -> str | None:
    lead = _ZH_PRONOUN.match(clause)
    if not lead or not previous or not has_cjk(previous):
        return None
    pronoun = lead.group(1)
    found = _zh_possessed(pronoun, previous, previous_speaker, previous_listener)
    if not found and pronoun in ("他", "她"):  # "你最近见到王浩了吗？" — "他下个月去北京": the one person named
        found = {t.word for t in pseg.lcut(previous) if t.flag == "nr" and _is_name(t.word)
                 and t.word not in (previous_speaker, previous_listener)}
    if len(found) != 1:
        return None
    return found.pop() + clause[lead.end():]


def _zh_possessed(pronoun: str, previous: str, previous_speaker: str, previous_listener: str) -> set[str]:
    """The nouns of the turn before owned by 我/你 that fit the pronoun (a woman's or a man's kinship word for
    她/他, no person for 它), with their owner named."""
    tokens = pseg.lcut(previous, HMM=False)
    found = set()
    for i, token in enumerate(tokens[:-1]):
        if not _ZH_POSSESSED.fullmatch(token.word):
            continue
        j = i + 1 + (tokens[i + 1].word == "的")
        if j >= len(tokens) or not tokens[j].flag.startswith("n"):
            continue
        head = tokens[j].word
        person = head in _ZH_SHE or head in _ZH_HE
        if (pronoun.startswith("她") and head not in _ZH_SHE) or (pronoun.startswith("他") and head not in _ZH_HE) \
                or (pronoun.startswith("它") and person):
            continue
        who = previous_listener if token.word in ("你", "您") else previous_speaker
        if who:
            found.add(f"{who}的{head}")
    return found


# --------------------------------------------------------------------------- one turn's memories


def attached(items: list[tuple[str, Candidate]], reasons: list[str], names: Sequence[str] = ()) -> list[Candidate]:
    """A turn's memories: each anchor, with the weak and dependent clauses around it appended (to the anchor
    before them, or the first one after); without an anchor, a dependent clause stands alone only when it names
    a time or a thing ("The dentist appointment got moved to next Thursday"), never when a pronoun leads it.
    A ``soft`` item (thanks, gladness or a hope put as a relation) is a memory only in a turn with no anchor."""
    anchors = [i for i, (role, _) in enumerate(items) if role == "anchor"]
    if not anchors:  # a courtesy ("Ana thanked Ben for the tip") is kept when the turn says nothing else
        anchors = [i for i, (role, _) in enumerate(items) if role == "soft"]
        items = [("anchor" if role == "soft" else role, c) for role, c in items]
    if not anchors:
        return _alone(items, reasons)
    out: dict[int, Candidate] = {i: items[i][1] for i in anchors}
    for i, (role, c) in enumerate(items):
        if role == "anchor":
            continue
        if role == "soft" or not informative(c.content, names, lead_ok=True):
            reasons.append("vague")  # a courtesy, a feeling, a pledge or a vague line adds nothing to the statement
            continue
        host = max((a for a in anchors if a < i), default=anchors[0])
        anchor = out[host]
        if has_cjk(anchor.content):
            joined = f"{anchor.content.rstrip('。')}；{c.content}"
        elif host < i:
            joined = f"{anchor.content} {c.content}"
        else:
            joined = f"{c.content} {anchor.content}"
        anchor.content = joined[:1000]
        anchor.source_turns = sorted(set(anchor.source_turns) | set(c.source_turns))
    return [out[i] for i in anchors]


def _alone(items: list[tuple[str, Candidate]], reasons: list[str]) -> list[Candidate]:
    """A turn without a statement: only its dependent clauses that name a time or a thing, not led by a pronoun."""
    kept = []
    for role, c in items:
        if role == "dependent" and stands_alone(c.content, c.valid_from is not None):
            kept.append(c)
        else:
            reasons.append("reaction" if role == "weak" else "filler")
    return kept


#: Speculation about what the other speaker lived ("must have been amazing", "sounds like a blast"): no fact.
_SPECULATION = re.compile(r"(?i)\b(?:must|might|may|could|would)\s+(?:have\s+been|be|feel|have\s+felt)\b"
                          r"|\b(?:sounds?|looks?|seems?)\s+(?:like|so|really|super|amazing|great|awesome|fun)\b")
_POINTED_LEAD = re.compile(r"(?i)^(?:it|it's|that|that's|this|they|they're|those|these|he|she|there|which)\b")
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|once)\b", re.IGNORECASE)


def set_aside(items: Sequence[tuple[str, Candidate]], names: Sequence[str]) -> bool:
    """Whether a named speaker's turn that made no statement still holds a fact among its clauses about no one:
    one that tells what happened or how many ("The donations even helped get a brand new fire truck!", "Three
    times a week"), names something particular, says it with four content words or more, and is neither led by
    a pronoun nor a guess at the listener's experience ("The view from the top must have been amazing"). Such a
    turn is kept as said (``offline._nothing_made``), its courtesies with it, as the raw turn would be."""
    for role, candidate in items:
        text = candidate.content
        if role != "dependent" or has_cjk(text) or _SPECULATION.search(text):
            continue
        if (_PAST.search(text) or _NUMBER.search(text)) and not _POINTED_LEAD.match(text) \
                and specific(text, names) and len(content_words(text, names)) >= 4:
            return True
    return False

