"""The people a text names, without a language model: a reusable module for the write flow, recall, erasure
and extraction.

A **person** is named by:
- a Chinese personal name: a word jieba tags ``nr`` that begins with a known surname (a single character of
  ``SURNAMES`` or a compound of ``COMPOUND_SURNAMES``) and is two to four characters long; jieba's tag alone is
  a guess (it tags 下属 a verb and many place words ``nr``), the surname rule keeps what looks like a name;
- an English name: a run of capitalised words that does not begin a sentence and is not a weekday, a month, a
  pronoun or a word of ``NOT_PERSON`` (places, organisations and holidays one can tell apart by their words);
- a known person of the scope: a subject's external id or one of its aliases, found as a whole word;
- a kinship or role word bound to the speaker: "my cousin", "我表哥", "我的下属" name the speaker's cousin /
  subordinate (``Person.kin``), and "my cousin Zhang Wei" / "我的表弟张伟" name Zhang Wei, the speaker's cousin.

Kinship and role words are read from lists (``KIN_EN``, ``KIN_ZH``), never from part-of-speech tags: jieba tags
下属 as a verb, yet "我的下属" is a person.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memories.write.roles import KIN_EN, KIN_ZH
from memories.write.text import has_cjk

if TYPE_CHECKING:
    from memories.models import Memory

# The commonest Chinese surnames (single characters), and the compound ones.
SURNAMES = frozenset("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶"
                     "程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛"
                     "郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦"
                     "俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房"
                     "滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟"
                     "应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝傅赖洪冀鄢阎匡栗竺冼胥鞠蔺辜谌郜荆")
COMPOUND_SURNAMES = ("欧阳", "司马", "诸葛", "上官", "慕容", "司徒", "夏侯", "东方", "皇甫", "令狐", "尉迟", "公孙",
                     "长孙", "端木", "宇文", "西门", "南宫", "独孤")

_KIN_ZH_ALT = "|".join(sorted(map(re.escape, KIN_ZH), key=len, reverse=True))
_KIN_EN_ALT = "|".join(sorted(map(re.escape, KIN_EN), key=len, reverse=True))
# "我的表弟", "我表哥", "我们的上司", "用户的女儿": a kinship word bound to the speaker.
KIN_ZH_RE = re.compile(rf"(?:我们?|用户|本人)的?(?:(?:大|小|二|三|亲|前|新|老)?)({_KIN_ZH_ALT})")
# "my cousin", "the user's boss", "our neighbour", "my older sister", "my ex-boss".
KIN_EN_RE = re.compile(rf"\b(?:my|our|the user's|user's)\s+(?:(?:older|younger|elder|little|big|baby|twin|"
                       rf"new|former|old|late|step|ex-)\s*)?({_KIN_EN_ALT})s?\b", re.IGNORECASE)

WEEKDAYS_MONTHS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                             "january", "february", "march", "april", "may", "june", "july", "august",
                             "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun",
                             "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri",
                             "sat", "sun"})
# Capitalised words that are not people: pronouns and function words, places, organisations, holidays,
# languages, and words a sentence capitalises for other reasons.
NOT_PERSON = frozenset({
    "i", "i'm", "i've", "i'd", "i'll", "me", "my", "we", "our", "you", "your", "he", "she", "they", "it", "his",
    "her", "their", "the", "a", "an", "and", "or", "but", "so", "if", "ok", "okay", "yes", "no", "hi", "hello",
    "thanks", "user", "assistant", "mr", "mrs", "ms", "dr", "prof", "sir", "mom", "dad", "mum", "god",
    "christmas", "easter", "thanksgiving", "halloween", "new", "year", "eve", "day", "today", "tomorrow",
    "english", "chinese", "french", "german", "spanish", "japanese", "korean", "italian", "american", "british",
    "european", "asian", "african", "canadian", "australian", "indian", "russian", "mexican", "brazilian",
    "google", "microsoft", "apple", "amazon", "meta", "facebook", "netflix", "tesla", "ibm", "intel", "nvidia",
    "openai", "anthropic", "twitter", "uber", "airbnb", "spotify", "adobe", "oracle", "samsung", "sony",
    "university", "college", "school", "institute", "hospital", "company", "inc", "ltd", "corp", "team",
    "street", "st", "road", "avenue", "park", "lake", "river", "mount", "city", "county", "state", "north",
    "south", "east", "west", "paris", "london", "berlin", "tokyo", "beijing", "shanghai", "seattle", "boston",
    "chicago", "denver", "austin", "toronto", "sydney", "madrid", "rome", "dublin", "amsterdam", "singapore",
    "new york", "york", "san", "francisco", "los", "angeles", "china", "japan", "france", "germany", "spain",
    "italy", "canada", "india", "mexico", "brazil", "england", "ireland", "scotland", "europe", "asia",
    "africa", "america", "usa", "uk", "us", "eu", "ai", "ceo", "cto", "cfo", "vp", "hr", "pm", "am",
    "python", "java", "javascript", "rust", "go", "linux", "windows", "mac", "iphone", "android", "ios",
    "zoom", "slack", "github", "excel", "word", "powerpoint", "q1", "q2", "q3", "q4", "tv", "ok.",
})

_TOKEN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ][\w'’\-]*")
_SENTENCE_ENDS = ".!?;:。！？；：\n\"“"
# A speaker label at the start of a line: "Caroline: ...", "用户：..."
SPEAKER_LABEL = re.compile(r"^\s*([A-Z][\w\-]*(?: [A-Z][\w\-]*)?|用户|助手|我)\s*[:：]\s*")


@dataclass(frozen=True)
class Person:
    """One person a text names: ``name`` (case-folded; "" for a kin word without a name), ``kin`` (their role to
    the speaker, a key of ``KIN_EN``'s values; "" when none is said) and the ``span`` they were found at."""

    name: str
    kin: str = ""
    span: tuple[int, int] = (0, 0)

    @property
    def key(self) -> str:
        """How the person is told apart: their name, else "~kin" (the speaker's cousin)."""
        return self.name or f"~{self.kin}"


def is_chinese_name(word: str) -> bool:
    """A word that looks like a Chinese personal name: a known surname, then one to three characters."""
    if not 2 <= len(word) <= 4 or not all("\u4e00" <= ch <= "\u9fff" for ch in word):
        return False
    if word[:2] in COMPOUND_SURNAMES:
        return len(word) >= 3
    return word[0] in SURNAMES and len(word) <= 3


def _zh_kin_words() -> frozenset[str]:
    return frozenset(KIN_ZH)


# Words jieba tags nr whose first character is a surname but which are no names (kinship words, common nouns).
ZH_NOT_NAMES = frozenset({*KIN_ZH, "高中", "高考", "林业", "金融", "王国", "周末", "周年", "方面", "方法", "黄金",
                           "马上", "白天", "常常", "明天", "明年", "时候", "时间", "安全", "安排", "张开", "程序",
                           "于是", "和平", "温度", "文化", "牛奶", "全部", "应该", "向往", "成都", "武汉", "杭州",
                           "石家庄", "包头", "高兴", "叶子", "江苏", "宁波", "长沙", "常州", "连云港", "华为",
                           "万达", "陆续", "商场", "商量", "司机", "师傅", "师兄", "师姐", "毕业", "季度", "单位",
                           "车站", "米饭", "夏天", "秋天", "冬天", "春天", "朱红", "金色", "白色", "黄色", "蓝色"})


def chinese_names(text: str) -> list[tuple[str, int]]:
    """(name, offset) of each Chinese personal name jieba tags ``nr`` and the surname rule accepts."""
    from memories.write.tagging import tagger  # jieba's tagger, loaded once on first use

    found: list[tuple[str, int]] = []
    offset = 0
    previous, previous_at = "", 0
    for word, tag in tagger().cut(text):
        at = text.find(word, offset)
        at = offset if at < 0 else at
        offset = at + len(word)
        candidate = word
        if (tag.startswith("nr") and (previous in SURNAMES or previous in COMPOUND_SURNAMES) and len(word) <= 2
                and previous_at + len(previous) == at and not is_chinese_name(word)):
            candidate, at = previous + word, previous_at  # jieba split the surname off: 何 / 美玲, 欧阳 / 娜娜
        if tag.startswith("nr") and candidate not in ZH_NOT_NAMES and is_chinese_name(candidate):
            found.append((candidate, at))
        previous, previous_at = word, at
    return found


def english_names(text: str) -> list[tuple[str, int]]:
    """(name, offset) of each run of capitalised words that does not begin a sentence and is no weekday,
    month, pronoun or known non-person word; a run right after "my cousin" and the like is a name wherever
    it is."""
    found: list[tuple[str, int]] = []
    run: list[str] = []
    start = run_end = 0
    for match in _TOKEN.finditer(text):
        raw = match.group()
        possessive = raw.endswith(("'s", "’s"))
        word = raw[:-2] if possessive else raw.rstrip("'’")
        continues = bool(run) and not text[run_end:match.start()].strip()  # the next word of a name ("Li Na")
        accepted = _name_word(text, match, word, possessive, in_run=continues)
        if accepted and continues:
            run.append(word)
        else:
            if run:
                found.append((" ".join(run).casefold(), start))
            run, start = ([word], match.start()) if accepted else ([], 0)
        run_end = match.start() + len(word)
        if possessive and run:
            found.append((" ".join(run).casefold(), start))
            run = []
    if run:
        found.append((" ".join(run).casefold(), start))
    return found



def _name_word(text: str, match: re.Match[str], word: str, possessive: bool, *, in_run: bool) -> bool:
    """Whether a word may be (part of) a name: capitalised (not an acronym), no weekday, month or known
    non-person word; and, to begin a run, not after a place's preposition, nor opening a sentence unless
    after a kin word or followed by what a person does."""
    lowered = word.casefold()
    return (word[:1].isupper() and not (len(word) > 1 and word.isupper())
            and lowered not in NOT_PERSON and lowered not in WEEKDAYS_MONTHS
            and (in_run or not _PLACE_BEFORE.search(text[max(0, match.start() - 24):match.start()]))
            and (in_run or not _begins_sentence(text, match.start()) or _after_kin(text, match.start())
                 or _opens_with_person(lowered, possessive, text[match.end():])))

# A capitalised word after these is a place or an organisation ("works at Lidl", "lives in Leeds", "moved to
# Denver"), not a person ("with Omar", "told Anna", "a gift for Mia").
_PLACE_BEFORE = re.compile(r"\b(?:at|in|near|into|inside|outside|across|around|via|visit(?:ed|ing|s)?|"
                           r"(?:moved|move|moving|flew|fly|flying|went|go|going|drove|drive|trip|travel(?:l?ed)?|"
                           r"relocated|back|way|road|train|flight)\s+to)\s+(?:the\s+)?$")


def _begins_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip(" \t'(‘")
    if not before:
        return True
    if SPEAKER_LABEL.fullmatch(text[:start]):
        return True
    return before[-1] in _SENTENCE_ENDS


# A sentence may open with a name: "Joanna said ...", "Alex works at ...", "Tom's wife ...". The first word is
# taken for one when it is not a common opening word and a person's verb (or "and" + a capitalised word) follows.
COMMON_OPENERS = frozenset([
    "this", "that", "these", "those", "there", "here", "it", "its", "what", "which", "who", "whom", "whose", "when",
    "where", "why", "how", "all", "any", "each", "every", "some", "many", "much", "most", "more", "few", "both",
    "either", "neither", "none", "nobody", "everyone", "everybody", "someone", "somebody", "anyone", "anybody",
    "everything", "something", "nothing", "anything", "one", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "first", "last", "next", "then", "now", "today", "tonight", "yesterday", "tomorrow",
    "recently", "lately", "later", "earlier", "soon", "still", "also", "just", "only", "even", "maybe", "perhaps",
    "please", "remember", "note", "tell", "ask", "make", "let", "keep", "call", "send", "buy", "get", "go", "take",
    "give", "bring", "check", "use", "try", "add", "set", "put", "see", "look", "after", "before", "during",
    "since", "until", "while", "because", "although", "though", "however", "therefore", "instead", "otherwise",
    "actually", "honestly", "basically", "really", "sometimes", "usually", "always", "never", "often", "life",
    "work", "love", "coffee", "tea", "food", "music", "family", "home", "school", "college", "weather", "lunch",
    "dinner", "breakfast", "everyone", "nobody", "people", "time", "morning", "evening", "night", "weekend",
    "summer", "winter", "spring", "autumn", "fall", "project", "meeting", "deadline", "launch", "wedding",
    "birthday", "party", "trip", "flight", "team", "company", "office"
])
PERSON_VERBS = frozenset([
    "said", "says", "told", "asked", "is", "was", "has", "had", "works", "worked", "lives", "lived", "loves",
    "loved", "likes", "liked", "went", "goes", "wants", "wanted", "thinks", "thought", "knows", "knew", "moved",
    "met", "meets", "started", "joined", "bought", "got", "gets", "plans", "planned", "is's", "studies", "studied",
    "teaches", "taught", "runs", "ran", "plays", "played", "needs", "needed", "prefers", "preferred", "hates",
    "hated", "enjoys", "enjoyed", "visited", "visits", "called", "emailed", "texted", "married", "graduated",
    "turned", "turns", "celebrated", "became", "becomes", "will", "would", "can", "could", "should", "mentioned",
    "shared", "recommended", "suggested", "decided", "wrote", "writes", "reads", "read", "does", "did"
])


_KIN_AFTER = re.compile(rf"\s*\((?:my|our|the user's|[A-Z][\w\-]*'s)\s+(?:{_KIN_EN_ALT})\b", re.IGNORECASE)
_ADVERBS = frozenset(["just", "also", "finally", "recently", "really", "never", "always", "still", "already",
                      "now", "actually", "officially", "often", "usually", "sometimes"])


def _past_verb(word: str) -> bool:
    """A past-tense verb by its form ("landed", "adopted"): what a name opening a sentence is often followed by."""
    return len(word) > 4 and word.endswith("ed") and word.isalpha() and word not in COMMON_OPENERS


def _opens_with_person(lowered: str, possessive: bool, rest: str) -> bool:
    if lowered in COMMON_OPENERS:
        return False
    if possessive or _KIN_AFTER.match(rest):
        return True
    # The person's verb may follow the rest of their name: "Li Na moved …", "Mary Ann Lee said …".
    for more in range(3):
        following = re.match(rf"((?:\s+[A-Z][\w'’\-]*){{{more}}})\s*(?:,\s*)?([\w'’]+)(?:\s+([A-Z]))?", rest)
        if following is None:
            return False
        if following.group(1).endswith(("'s", "’s")):
            return True  # "Li Wei's email …"
        word = following.group(2).casefold()
        if word in _ADVERBS and (verb := re.match(r"\s*([\w'’]+)", rest[following.end(2):])):
            word = verb.group(1).casefold()  # "Mark just got …", "Ana finally moved …"
        if word in PERSON_VERBS or _past_verb(word) or (word in {"and", "&"} and following.group(3) is not None):
            return True
    return False


def _after_kin(text: str, start: int) -> bool:
    return bool(re.search(rf"\b(?:{_KIN_EN_ALT})\s*,?\s*$", text[max(0, start - 30):start], re.IGNORECASE))


# A name said to the person spoken to, not about them: after a greeting or thanks ("Hey Mel!", "Thanks,
# Caroline!"), or set off by a comma at the end of a sentence ("That's great, Mel!"), or opening one with a
# comma or "!" ("Nate, look at this.").
_GREETINGS = ("hey|hi|hello|hiya|yo|heya|howdy|thanks|thank you|thx|cheers|wow|whoa|woah|yep|yeah|yes|yup|no|"
              "nope|oh|ah|aw|aww|awww|congrats|congratulations|sorry|bye|goodbye|dear|ok|okay|sure|great|cool|"
              "awesome|nice|amazing|haha|lol|omg|well|welcome|absolutely|totally|exactly|indeed|right|agreed|"
              "same|good morning|good night|good evening|good afternoon|morning|see you|take care|love you|"
              "hang in there|you got this|good luck|happy birthday")
_GREETING_BEFORE = re.compile(rf"(?:^|[^\w'’])(?:{_GREETINGS})[\s,!.]*$", re.IGNORECASE)
_ADDRESS_AFTER = re.compile(r"^\s*(?:[!?.…]|,|$)")


def addressed_only(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` (case aside, a whole word) only as the person it speaks to: "Hey Mel!",
    "Thanks, Caroline!", "That's great, Mel!" (memories/recall/people.py: such a memory is not about them).
    Chinese text is never read so (a name there is about the person)."""
    text = unicodedata.normalize("NFKC", text)
    folded = name.strip().casefold()
    if not folded or has_cjk(folded):
        return False
    label = SPEAKER_LABEL.match(text)
    body = text[label.end():] if label else text
    found = False
    for match in re.finditer(_word_pattern(folded), body.casefold()):
        found = True
        before, after = body[:match.start()], body[match.end():]
        ends = _ADDRESS_AFTER.match(after) is not None and not after.lstrip().startswith(("'", "’"))
        if ends and (_GREETING_BEFORE.search(before) or before.rstrip(" ").endswith(",")):
            continue  # "Hey Mel!", "Thanks, Caroline.", "That's great, Mel!"
        if re.search(r"(?:^|[.!?]\s+)$", before) and re.match(r"\s*[,!]", after):
            continue  # "Nate, look at this."
        return False
    return found


def people_of(text: str, known: Iterable[str] = ()) -> list[Person]:
    """Every person ``text`` names, once each (by ``Person.key``), in order of appearance. ``known``: the
    scope's subjects' external ids and aliases, found as whole words (case aside)."""
    text = unicodedata.normalize("NFKC", text)
    label = SPEAKER_LABEL.match(text)
    body_at = label.end() if label else 0
    people: list[Person] = []
    names: list[tuple[str, int]] = []
    if has_cjk(text):
        names += chinese_names(text[body_at:])
        names = [(n, at + body_at) for n, at in names]
        names += [(n, at) for n, at in english_names(text[body_at:]) if not has_cjk(n)]
    else:
        names += [(n, at + body_at) for n, at in english_names(text[body_at:])]
    lowered = text.casefold()
    for name in known:
        folded = name.strip().casefold()
        if not folded:
            continue
        for match in re.finditer(_word_pattern(folded), lowered):
            names.append((folded, match.start()))
    kin_at = _kin_spans(text)
    for name, at in names:
        kin = next((k for k, (s, e) in kin_at.items() if _binds(text, at, at + len(name), s, e)), "")
        people.append(Person(name, kin, (at, at + len(name))))
    bound = {p.kin for p in people if p.kin}
    people += [Person("", kin, span) for kin, span in kin_at.items() if kin not in bound]
    people.sort(key=lambda p: p.span)
    unique: dict[str, Person] = {}
    for person in people:
        unique.setdefault(person.key, person)
    return list(unique.values())


# Between a kinship word and the name it binds: "my wife Anna", "my boyfriend's name is Mark", "my sister is called
# Jess", "a cousin named Li"; or the name first, as the extractor writes it: "Mark (the user's boyfriend)".
_KIN_THEN_NAME = re.compile(r"\s*,?\s*(?:(?:'s|’s)\s+name\s+is|,?\s*(?:is\s+)?(?:called|named))?\s*$", re.IGNORECASE)
_NAME_THEN_KIN = re.compile(r"\s*\(\s*$")  # not a comma: "Thanks Anna, my wife loved it" speaks to Anna


def _binds(text: str, start: int, end: int, kin_start: int, kin_end: int) -> bool:
    """Whether the name at ``start``–``end`` is the one the kinship word at ``kin_start``–``kin_end`` names."""
    if start >= kin_end:
        gap = text[kin_end:start]
        return len(gap) <= 2 or (len(gap) <= 20 and bool(_KIN_THEN_NAME.fullmatch(gap)))
    return 0 <= kin_start - end <= 3 and bool(_NAME_THEN_KIN.fullmatch(text[end:kin_start]))


def _word_pattern(folded: str) -> str:
    if has_cjk(folded):
        return re.escape(folded)
    return rf"(?<![\w]){re.escape(folded)}(?![\w])"


def _kin_spans(text: str) -> dict[str, tuple[int, int]]:
    spans: dict[str, tuple[int, int]] = {}
    for match in KIN_ZH_RE.finditer(text):
        spans.setdefault(KIN_ZH[match.group(1)], match.span())
    for match in KIN_EN_RE.finditer(text):
        spans.setdefault(KIN_EN[match.group(1).casefold()], match.span())
    return spans


def kin_of(phrase: str) -> str:
    """The role a phrase names relative to the speaker ("我的表弟" → cousin, "my boss" → boss), else ""."""
    match = KIN_ZH_RE.fullmatch(phrase.strip()) or KIN_EN_RE.fullmatch(phrase.strip())
    if match is None:
        return ""
    word = match.group(1)
    return KIN_ZH.get(word) or KIN_EN.get(word.casefold(), "")

def speaker_of(memory: Memory) -> str:
    """Who "I" is in a memory: its subject's external id ("" when it is about nobody named)."""
    return memory.subject.external_id if memory.subject_id is not None and memory.subject is not None else ""


def slot_speaker(subject: str | None, scope_path: str) -> str:
    """Who "I" is in a memory's slots (``slots.slots_of``' speaker): its subject, but "" (the plain speaker,
    ``slots.SELF``) when the subject owns the scope ("user/<id>"): "我现在一百二十五斤" written through mem0's
    ``add`` (the user as subject) and through a session of that user's scope (no subject) fill one slot, so the
    later retires the earlier."""
    parts = scope_path.split("/")
    owner = any(kind == "user" and value == subject for kind, value in zip(parts[::2], parts[1::2], strict=False))
    return "" if not subject or owner else subject


def owner_keys(keys: list[str], subject: str | None, scope_path: str) -> list[str]:
    """``keys`` (``slots.slot_keys``), and for the scope owner's own slots their key by the owner's id too
    ("self|city" and "maya|city"): "Where does Maya live?" names her (``recall.attributes``)."""
    if not subject or slot_speaker(subject, scope_path):
        return keys
    return sorted({*keys, *(subject.casefold() + key[4:] for key in keys if key.startswith("self|"))})


def memory_speaker(memory: Memory) -> str:
    """``slot_speaker`` of a stored memory."""
    return slot_speaker(speaker_of(memory), memory.scope.path)
