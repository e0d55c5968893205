"""A Chinese statement that opens with the place the speaker is at, not with the speaker.

"顺丰最近搬到新的分拣中心了", said after "我在顺丰做快递员", is kept as "用户顺丰最近搬到新的分拣中心了": the
extractor gives a statement with no subject of its own to the speaker, but its subject is 顺丰, the company the
old statement puts the speaker at (在/于 顺丰). The company's move, closing or new boss is no change of the
speaker's ("美团又裁员了" after "我在美团送外卖"). Read only where the old statement names that place with 在 or
于 and the new one goes on from it with a time or an adverb, as a clause with its own subject does (by jieba's
tags: "顺丰最近…", "美团又…", "京东今年…"); not a thing put first ("用户冰岛去不成了"), nor the speaker's
own part there ("用户顺丰的工作辞了", "用户顺丰那边不干了").
"""

from __future__ import annotations

import re

from jieba import posseg

__all__ = ["place_opens"]

_AT = r"(?:在|于)"
_SPEAKERS = ("用户等人", "用户")
#: A time or an adverb (jieba's tags) going on from the place: the place is the clause's subject.
_GOES_ON = frozenset(("t", "tg", "f", "d"))


def place_opens(new: str, old: str) -> bool:
    """Whether ``new`` opens, after the speaker's 用户, with a place ``old`` puts the speaker at (module docstring)."""
    speaker = next((s for s in _SPEAKERS if new.startswith(s)), "")
    if not speaker:
        return False
    rest = new[len(speaker):]
    for size in range(min(8, len(rest) - 1), 1, -1):
        head = rest[:size]
        if re.search(_AT + re.escape(head), old):
            after = next(iter(posseg.cut(rest[size:size + 4], HMM=False)), None)
            return after is not None and after.flag in _GOES_ON
    return False
