"""Chinese as the rules read it: dialect pronouns and traditional characters brought to the standard forms.

The Chinese rules (chains, clauses, the slot modules, jieba's dictionary) are written for Mandarin in simplified
characters. A user turn is read in that form: northern pronouns ("俺", "俺们", a lone "咱" — "咱家闺女" is
"我家闺女"), 俩 for 两个 before a span of time ("这俩月"), 再 typed for 在 ("我现再学开车",
"我再一家外企做财务": ``_zai``), an agent's note of "该用户" (the user: "用户") and traditional characters
("我們家養了兩隻貓") become their standard forms before the rules read it, and what the rules keep is given
back in the user's own characters: each character the turn wrote in traditional form is restored in the kept
text (``restored``), so a memory of "我搬到台北了，住在大安區" still says "區".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from jieba import posseg

from memories.extraction.candidates import Candidate, KnownMemory, Turn
from memories.extraction.colloquial import colloquial
from memories.extraction.plain_en import plain_en
from memories.extraction.spoken import spoken
from memories.extraction.spoken_zh import unspoken
from memories.write.hanzi import TO_SIMPLIFIED

# Northern words for "I" and "we"; "咱们" is standard, but "咱们家" is "我们家" (not "let's", as "咱们去吃饭吧" is).
# ("啥", "咋" stay: the question rules read them, and "咋这么热" is no "怎么" question.)
_OUR_PLACE = re.compile(r"咱们(?=家|村|小区|单位|公司|学校|班|这儿|那儿)")
_DIALECT = re.compile(r"俺们|俺|咱们|咱")
_STANDARD = {"俺们": "我们", "俺": "我", "咱们": "咱们", "咱": "我"}


def standard_zh(text: str) -> tuple[str, dict[str, str]]:
    """``text`` in standard simplified Mandarin, and the traditional character each simplified one came from."""
    back: dict[str, str] = {}
    chars = []
    # Cantonese words, chat spellings ("npy"), "…呢" closing a statement; voice input fillers, slips (spoken_zh.py)
    for char in colloquial(unspoken(text)):
        simple = TO_SIMPLIFIED.get(char)
        if simple is not None:
            back.setdefault(simple, char)
        chars.append(simple or char)
    converted = _zai("".join(chars))
    converted = _LIA.sub("两个", _THIS_USER.sub("用户", converted))
    return _DIALECT.sub(lambda m: _STANDARD[m.group(0)], _OUR_PLACE.sub("我们", converted)), back


# An agent's note of its user with a determiner ("该用户已戒咖啡", "此用户偏好…"): the user, as "用户…" is read.
_THIS_USER = re.compile(r"(?:该名?|此|这位|这名|这个|本)用户")
#: 俩 for 两个 before a span of time ("这俩月瘦了"): not read as two people.
_LIA = re.compile(r"俩(?=月|年|星期|礼拜|钟头|小时|天)")


# 再 ("again") typed for 在 ("at", "-ing"): in 现再 / 正再, and before where one is by jieba's tags, a place name or
# a place word ("再北京上班", "再深圳租房") or a company counted ("再一家外企"); never before a verb ("再去北京").
_ZAI_WORDS = re.compile(r"(现|正)再")
_ZAI_PLACE = frozenset(("ns", "s"))


def _zai(text: str) -> str:
    text = _ZAI_WORDS.sub(r"\1在", text)
    if "再" not in text:
        return text
    words = posseg.lcut(text, HMM=False)
    out = []
    for n, word in enumerate(words):
        after = words[n + 1] if n + 1 < len(words) else None
        if word.word == "再" and after is not None and (
                after.flag in _ZAI_PLACE or after.word in ("家里", "这里", "那里", "这边", "那边")
                or (after.flag == "m" and re.fullmatch(r"[一这那]家", after.word))):
            out.append("在")
        else:
            out.append(word.word)
    return "".join(out)


def standard_turns(turns: Sequence[Turn]) -> tuple[list[Turn], dict[str, str]]:
    """The turns' user words in standard form (above); the traditional characters any of them used."""
    out, back = [], {}
    for n, turn in enumerate(turns):
        if turn.role != "user" or not _CJK.search(turn.content):  # English speech: "um", "I mean" (spoken.py)
            asked = n > 0 and turns[n - 1].role == "assistant" and turns[n - 1].content.rstrip().endswith("?")
            said = plain_en(spoken(turn.content), asked) if turn.role == "user" else turn.content
            out.append(turn if said == turn.content else replace(turn, content=said))
            continue
        text, used = standard_zh(turn.content)
        back.update({k: v for k, v in used.items() if k not in back})
        out.append(turn if text == turn.content else replace(turn, content=text))
    return out, back


def standard_known(known: Sequence[KnownMemory]) -> list[KnownMemory]:
    """Known memories in simplified characters, so a traditional memory meets its simplified successor."""
    return [replace(k, content=standard_zh(k.content)[0]) if _CJK.search(k.content) else k for k in known]


def restored(found: list[Candidate], back: dict[str, str]) -> list[Candidate]:
    """The candidates in the characters the user wrote: each simplified character that came from a traditional
    one in these turns goes back to it."""
    if not back:
        return found
    table = str.maketrans(back)
    return [replace(c, content=c.content.translate(table)) for c in found]


_CJK = re.compile(r"[\u4e00-\u9fff]")
