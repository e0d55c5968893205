"""Whether the words between the speaker and a Chinese verb of change name someone else as its subject.

"用户剧里女主搬去了巴黎" (the user said "剧里女主搬去了巴黎") is a story's move, "用户朋友搬到了成都" a
friend's, "用户他们搬到了…" another's: the words after 用户 open with a noun of their own, a pronoun of
another (他/她/它/人家/别人) or a frame that holds a story (剧里, 小说里, 梦里), so the move is not the
speaker's. What stays the speaker's: time words and adverbs ("上个月", "终于"), a place after a preposition
("从杭州"), the people who moved with one ("和老婆", "跟着老公"), one's household as a whole ("全家",
"一家三口"). Read by jieba's tags.
"""

from __future__ import annotations

from jieba import posseg

from memories.write.roles import KIN_ZH

__all__ = ["someone_else"]

_OTHERS = frozenset(("他", "她", "它", "他们", "她们", "它们", "人家", "别人", "大家", "对方"))
_HOUSEHOLD = frozenset(("家", "全家", "一家", "一家人", "全家人", "家里", "两口子", "夫妻", "夫妻俩", "俩", "本人",
                        "自己"))
#: A noun's tags that name a person, a thing or a story, not where or when (ns, s, t are places and times).
_NOUN_TAGS = frozenset(("n", "nr", "nrt", "nrfg", "nz", "nt", "ng", "nl", "j"))
#: Verbs that bring company along ("跟着老公"), as a preposition would.
_WITH = frozenset(("跟着", "带着", "陪着", "随着", "陪", "随", "带"))


def someone_else(gap: str) -> bool:
    """Whether ``gap`` (the words between the speaker and the verb) opens on another subject (module docstring)."""
    for token in posseg.lcut(gap, HMM=False):
        if token.word in _OTHERS or token.word in KIN_ZH:  # (the tagger's "邻居" is a verb)
            return True
        if token.flag in ("p", "c") or token.word in _WITH or token.flag.startswith("v"):
            return False  # what follows is the object of a preposition or the company one keeps
        if token.flag in _NOUN_TAGS and token.word not in _HOUSEHOLD:
            return True
    return False
