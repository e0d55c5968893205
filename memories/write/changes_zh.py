"""More of how a Chinese statement says a change, for ``memories.write.changes``.

- Verbs of ending the core cues (``changes._STRONG_ZH``) lack: leaving a race, a group or a course ("退赛",
  "退群", "退课", "退出", "退订"), taking something off or down ("拆" said done: "拆石膏了", "热水器拆了"), hair dyed
  another colour or back ("染回", "染成"), a trial post made permanent ("转正"), a subscription not renewed
  ("没续", "不续费"), a thing given away ("送人").
- Words that name a thing though jieba tags them otherwise: abbreviations (tag ``j``: "社保", "医保", "央企")
  and the unknown words it takes for a person's name (tag ``nr``: "托班", "爱奇艺").
- A verb and its object that jieba's dictionary holds as a name ("戴眼镜" tagged ``nr``) are read as the verb and
  the noun, so "不用戴眼镜了" names 眼镜.
- A run of nouns is held by an old statement when each of its pieces is: among the old one's search words, or,
  for a Chinese piece, inside its text ("网名" in "网名叫…", which jieba cuts "网 / 名叫"); so "框架眼镜" is held by
  "戴框架眼镜" and "手机壳" is not by "手机号".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from jieba import posseg
from jieba.posseg import pair

from memories.write.text import has_cjk

__all__ = ["MORE_ZH", "NAME_TAGS", "held_in", "unfused"]

MORE_ZH = re.compile(r"退[赛群课出订团伙会]|拆[了掉]|拆[^，。；了]{1,5}了|染[回成]|转正|[没不]再?续|送人")
NAME_TAGS = frozenset({"j", "nr"})


def held_in(word: str, held: set[str], old: str) -> bool:
    """Whether every piece of ``word`` (space-separated) is among ``held`` (the old statement's search words,
    case-folded: "ThinkPad" is "thinkpad") or, when Chinese, inside ``old``'s text."""
    return all(piece.casefold() in held or (has_cjk(piece) and piece in old) for piece in word.split())


def unfused(tokens: Iterable[pair]) -> Iterator[pair]:
    """``tokens`` with each name of three characters or more that is a one-character verb and a noun ("戴眼镜")
    given as the two."""
    for token in tokens:
        if token.flag == "nr" and len(token.word) >= 3:
            verb, rest = posseg.lcut(token.word[0]), posseg.lcut(token.word[1:])
            if verb[0].flag == "v" and len(rest) == 1 and rest[0].flag == "n":
                yield from (*verb, *rest)
                continue
        yield token
