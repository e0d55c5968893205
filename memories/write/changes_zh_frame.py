"""Who a Chinese statement of change is about, and what it changed, by its frame (``memories.write.changes``).

- **A causative said done** ("医生让用户的爸把阿司匹林停了", "教练叫用户把跑鞋换了"): the one made to do it is the
  subject, not the one who asked (``causee``); the statement is read from the one made to do it on. Advice not said
  done ("医生让用户戒烟") stays the adviser's.
- **A thing with a new part** ("红十字会换了新会长", "用户的手机换了个新壳", "公司来了新老板"): what changed is the
  part said after 新, not the thing before the verb, which stays (``new_part``): a volunteer of the Red Cross still
  is one when it has a new president.
"""

from __future__ import annotations

import re

__all__ = ["causee", "new_part"]

#: "A让B…": B made to do what follows; B is the speaker or the speaker's one ("用户的爸")
_CAUSATIVE = re.compile(r"^用户的[\u4e00-\u9fff]{1,6}?(?:让|叫|要求|要)(?=用户)")
#: A verb of change with a new thing after it ("换了新会长", "换了个新壳", "来了新老板", "有了新校长")
_NEW_PART = re.compile(r"(?:换|来|有|选|派)了?(?:个|位|任|届|名|一位|一个)?新(?:的)?"
                       r"(?P<part>[\u4e00-\u9fffA-Za-z]{1,6}?)(?=$|[，。；,;！!]|了)")


def causee(text: str) -> str:
    """``text`` from the one a causative makes do something ("用户的爸把阿司匹林停了" of "用户的医生让用户的爸把阿司
    匹林停了"), else ``text``."""
    found = _CAUSATIVE.match(text)
    # done only when said done ("…把阿司匹林停了"); "医生让用户戒烟" is advice, the doctor's line
    return text[found.end():] if found and "了" in text[found.end():] else text


def new_part(text: str, words: list[str]) -> list[str]:
    """``words`` without those said before a verb that gives a thing a new part ("红十字会换了新会长": 会长 only),
    when a thing other than the speaker comes before it; else ``words``."""
    found = _NEW_PART.search(text)
    if found is None or not found.group("part") or found.group("part") in ("的", "了"):
        return words
    head = re.sub(r"^用户(?:的|等人)?", "", text[:found.start()])
    if not head or head in ("家", "们"):  # "用户换了新工作": the speaker's own new thing
        return words
    tail = text[found.start():]
    return [w for w in words if all(piece in tail for piece in w.split())] or [found.group("part")]
