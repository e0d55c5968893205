"""Chinese as the rules read it: dialect pronouns and traditional characters brought to the standard forms.

The Chinese rules (chains, clauses, the slot modules, jieba's dictionary) are written for Mandarin in simplified
characters. A user turn is read in that form: northern pronouns ("俺", "俺们", a lone "咱" — "咱家闺女" is
"我家闺女") and traditional characters ("我們家養了兩隻貓") become their standard
forms before the rules read it, and what the rules keep is given back in the user's own characters: each
character the turn wrote in traditional form is restored in the kept text (``restored``), so a memory of
"我搬到台北了，住在大安區" still says "區".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memories.extraction.candidates import Candidate, KnownMemory, Turn
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
    for char in text:
        simple = TO_SIMPLIFIED.get(char)
        if simple is not None:
            back.setdefault(simple, char)
        chars.append(simple or char)
    converted = "".join(chars)
    return _DIALECT.sub(lambda m: _STANDARD[m.group(0)], _OUR_PLACE.sub("我们", converted)), back


def standard_turns(turns: Sequence[Turn]) -> tuple[list[Turn], dict[str, str]]:
    """The turns' user words in standard form (above); the traditional characters any of them used."""
    out, back = [], {}
    for turn in turns:
        if turn.role != "user" or not _CJK.search(turn.content):
            out.append(turn)
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
