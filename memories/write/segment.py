"""Chinese segmentation around a personal pronoun: jieba fuses 我/你/他/她/咱 with what follows whenever the pair
is in its dictionary or its model guesses a word ("我国庆去哪了" → 我国 · 庆去; "我半马最好成绩" → 我半马;
"我爸" → 我爸), so the word after the pronoun is lost to the lexical index and to a question's terms (国庆, 半马,
爸). A token jieba starts with a pronoun (not a plural, 我们 · 他们, nor a word the pronoun only ends: 自我, 其他,
吉他) is split after the pronoun, and the rest is segmented again: 我 · 国庆 · 去, 我 · 半马."""

from __future__ import annotations

import re

import jieba

_PRONOUNS = "我你他她咱"
_FUSED = re.compile(rf"[{_PRONOUNS}](?![们])[\u4e00-\u9fff]")


def unfused(text: str) -> str:
    """``text`` with a space after each pronoun jieba would fuse with the words after it; as it is without one."""
    if not _FUSED.search(text):
        return text
    out: list[str] = []
    for token in jieba.cut(text, HMM=True):
        if len(token) > 1 and token[0] in _PRONOUNS and token[1] != "们":
            out.append(token[0] + " " + token[1:])
        else:
            out.append(token)
    return "".join(out)
