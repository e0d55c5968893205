"""What comes before the subject of a Chinese clause, for ``chains.py``: a time jieba reads as a name, and a thing
put before 我 (a fronted object, the topic of the clause). By jieba's part-of-speech tags, no word lists.

- A word jieba tags as a person's name that is a time ("今年夏天", "那阵子": a time word or 这/那, then a time or a
  noun of two characters) is no one's name: the clause that opens with it has no subject of its own, and is the
  speaker's as any subject-less clause is ("今年夏天开始又吃肉了" → "用户2026年夏天开始又吃肉了").
- A thing said before 我, then what 我 does to it and nothing after the verb ("收容所的义工我不做了", "合唱团我退了",
  "这个牌子我一直在用") is the verb's object: the clause is said with 我 first and the thing after the verb
  ("我不做收容所的义工了", "我退了合唱团", "我一直在用这个牌子"), so a reader sees one subject, first. A 了 after a
  negated verb ("不喝了", "好久没弹了") is the change of state and stays last; after any other it is the verb's
  ("退了合唱团"). A name before 我 ("小王我不认识"), a time ("父亲节我…"), a verb with its own object or count
  after it ("上海我有个朋友", "北京我去过两次"), 是 ("香菜我是真受不了"), an adjective or 最 ("数学我最拿手": a
  judgement of the thing), a question or a quote: left as said.
"""

from __future__ import annotations

import re

import jieba.posseg as pseg

from memories.extraction import timeparse
from memories.write.people import KIN_ZH

_TAGS = pseg.dt.word_tag_tab
#: Tags a fronted thing is made of: nouns (not names), demonstratives, counts, measure words, 的, distinguishing
#: words ("这", "家", "公司", "收容所的义工").
_THING_TAGS = ("n", "vn", "r", "m", "q", "mq", "uj", "b", "a")
_NAME_TAGS = ("nr", "nrt", "nrfg")
_PERSONAL = re.compile(r"[你他她它我咱]")
_TAIL = re.compile(r"(?:了|啦|喽|呢|吧|啊|呀|哦)*[。！!～~]*$")
_QUOTED = re.compile(r"[“”\"「」『』‘’'？?]|吗[。！!]?$")


def is_time_word(word: str) -> bool:
    """A time that jieba tags as one word (often a person's name): a time word or 这/那, then a time or a noun of
    two characters ("今年夏天", "那阵子", "这阵子"); not a name with a time in it ("夏天明": one character after)."""
    for cut in range(1, len(word) - 1):
        head, tail = word[:cut], word[cut:]
        if (head in ("这", "那") or _TAGS.get(head) == "t") and len(tail) >= 2 \
                and _TAGS.get(tail, "").startswith(("t", "n")) and not _TAGS.get(tail, "").startswith(_NAME_TAGS):
            return True
    return False


def fronted_object(text: str) -> str | None:
    """The clause with 我 first and the thing put before it after its verb ("合唱团我退了" → "我退了合唱团"), or
    None when nothing was put before 我 as its object (the module says which)."""
    if _QUOTED.search(text):
        return None
    words = pseg.lcut(text, HMM=False)
    at = next((n for n, w in enumerate(words) if w.word in ("我", "我们", "咱们")), 0)
    if at == 0 or at + 1 >= len(words) or not _a_thing(words[:at]):
        return None
    topic = "".join(w.word for w in words[:at])
    if timeparse.resolve(topic, None, True)[2]:
        return None  # "这周我不去了": a time, not a thing
    rest = "".join(w.word for w in words[at + 1:])
    tail = _TAIL.search(rest)
    core, end = rest[:tail.start()] if tail else rest, tail.group() if tail else ""
    verbs = [w for w in pseg.lcut(core, HMM=False) if w.word.strip()]
    if not verbs or any(w.word in ("是", "有", "的", "给", "把", "被", "最") for w in verbs) \
            or not _ends_a_verb(verbs[-1]):  # "数学我最拿手": a judgement of the thing, not what one does to it
        return None
    me = words[at].word
    if end.startswith("了") and not re.search(r"[不没]", core):
        return f"{me}{core}了{topic}{end[1:]}"  # "退了合唱团": the verb's 了
    return f"{me}{core}{topic}{end}"  # "不喝咖啡了": the change of state, last


def _a_thing(words: list[pseg.pair]) -> bool:
    """Words that make a thing ("收容所的义工", "那家公司"): nouns, demonstratives and counts, no name, person,
    time, kinship word or verb; a noun at the end."""
    if any(not w.flag.startswith(_THING_TAGS) or w.flag.startswith(_NAME_TAGS) or w.word in KIN_ZH
           or (w.flag == "r" and _PERSONAL.search(w.word)) or is_time_word(w.word) for w in words):
        return False
    last = words[-1]
    return (last.flag.startswith("n") or (last.flag == "r" and len(last.word) > 1 and last.word[0] in "这那")) \
        and any(w.flag.startswith("n") or len(w.word) > 1 for w in words)


def _ends_a_verb(word: pseg.pair) -> bool:
    """The last word before the particles is a verb or its complement, not an object or a count of its own."""
    if word.flag.startswith(("m", "q", "t", "f", "s", "r", "u", "y", "a")) \
            or (word.flag.startswith("n") and len(word.word) > 1):
        return False
    return word.flag.startswith(("v", "p", "i", "l", "d")) or len(word.word) == 1
