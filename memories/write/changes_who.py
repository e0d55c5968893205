"""Who a statement of change is about when its opening words do not say it, for ``memories.write.changes``.

- **A death** ("The user's grandma passed away in September.", "用户的外婆去世了", "Luna died last night") ends
  every state of the one who died: the change is named by that person, so "The user's grandma lives in Manila"
  is its old value whatever else either says. The one who died is a relative or a named person, never the speaker.
  Chinese "走了" is a death only after a month or a year ("外婆九月份走了"; "我妈昨天走了" may be a visit over).
- **A theft** ("Someone stole the user's Trek …") is about the speaker's thing: the speaker is its subject.
- **He or she** opening a statement of change with no one named ("He graduated from speech therapy …", "他上个月
  语言训练结课了", as one sends a single line about a child) is the relative the old statement is about, when the
  word says the same sex (a son, a brother; 儿子, 哥哥) or says none (a child, a partner).
"""

from __future__ import annotations

import re

from memories.write.text import stemmed

__all__ = ["died", "pronoun_of", "same_one", "stolen_from_self", "subject_word"]

_DIED = re.compile(r"(?i)\b(?:passed away|died)\b|去世|过世|离世|病逝|病故|"
                   r"(?:\d|[一二三四五六七八九十])月份?走了|(?:去年|前年|上个月|已经)走了")
_STOLEN = re.compile(r"(?i)^(?:someone|somebody|a thief|thieves|they)\s+(?:\w+\s+)?"
                     r"(?:stole|broke into|towed|repossessed|took)\s+the user's\b")
_PRONOUN = re.compile(r"(?i)^(?:(he)|(she))\b|^(?:(他)|(她))(?![们人])")
_MALE = frozenset(("son", "brother", "husband", "father", "grandfather", "grandson", "uncle", "nephew",
                   "boyfriend", "fiance", "father-in-law", "brother-in-law", "stepson", "stepfather", "儿子",
                   "哥", "哥哥", "弟", "弟弟", "老公", "丈夫", "先生", "爸", "爸爸", "父亲", "爷爷", "外公",
                   "姥爷", "叔叔", "舅舅", "伯伯", "侄子", "外甥", "男朋友", "男友", "孙子", "公公", "岳父"))
_FEMALE = frozenset(("daughter", "sister", "wife", "mother", "grandmother", "granddaughter", "aunt", "niece",
                     "girlfriend", "fiancee", "mother-in-law", "sister-in-law", "stepdaughter", "stepmother",
                     "女儿", "姐", "姐姐", "妹", "妹妹", "老婆", "妻子", "媳妇", "太太", "妈", "妈妈", "母亲",
                     "奶奶", "外婆", "姥姥", "阿姨", "姑姑", "婶婶", "侄女", "外甥女", "女朋友", "女友",
                     "孙女", "婆婆", "岳母"))


def died(text: str, subject: str) -> bool:
    """Whether ``text`` says that its subject, someone other than the speaker, died."""
    return subject not in ("", "self", "thing") and bool(_DIED.search(text))


def subject_word(subject: str, cjk: bool) -> str:
    """The word naming ``subject`` as the lexical index holds it ("~grandmother": grandmoth; "~外婆": 外婆)."""
    word = subject.lstrip("~")
    return word if cjk else stemmed([word])[0]


def stolen_from_self(text: str) -> bool:
    """Whether an English statement says someone took the speaker's thing ("Someone stole the user's Trek")."""
    return bool(_STOLEN.match(text))


def pronoun_of(text: str) -> str:
    """"?he" or "?she" when a statement opens with that pronoun, else ""."""
    found = _PRONOUN.match(text)
    if found is None:
        return ""
    return "?he" if found.group(1) or found.group(3) else "?she"


def same_one(pronoun: str, relative: str) -> bool:
    """Whether a "?he"/"?she" can be the relative ``relative`` ("~son", "~儿子"): the same sex, or a word of none."""
    if not relative.startswith("~"):
        return False
    word = relative[1:]
    other = _FEMALE if pronoun == "?he" else _MALE
    return word not in other
