"""Chinese typed by voice input with no punctuation, for ``spoken_zh.unspoken``: where the speaker starts a new
statement of their own, a comma is put, so the clause rules read each statement apart.

In a run of 16 characters or more with no punctuation, "我" opens a new statement when the word before it is
neither a verb nor a preposition that takes it as an object or a listener ("帮我找", "老婆说我", "跟我说", "对我
好"), nor another pronoun or "我" itself, nor a particle linking it ("的", "和", "跟"), nor the end of a time or a
condition said before it ("…以后", "…的时候", "…的话"): "…老二刚一岁我老婆在银行上班" is
"…老二刚一岁，我老婆在银行上班"; "我觉得我应该…" (觉得 a verb) stays one statement. jieba's tags say which is which.
"""

from __future__ import annotations

import re

from jieba import posseg

__all__ = ["breathed"]

_RUN = re.compile(r"[^\s，,。！!？?、；;：:…~～\"“”'‘’（）()]{16,}")
# Tags of a word after which "我" is an object or goes with it: verbs, prepositions, pronouns, conjunctions,
# particles ("的", "了" is not one of them: "…上班了我…" starts again).
_HOLDS = ("v", "p", "r", "c", "uj", "ud", "ug", "uv")


def breathed(text: str) -> str:
    """``text`` with a comma before each "我" that opens a new statement in a long unpunctuated run."""
    return _RUN.sub(_broken, text) if "我" in text else text


# A time or a condition said before the speaker's statement ("打从换了新工作以后我…", "下班的时候我…"): one statement.
_LEADS_IN = frozenset({"时候", "时", "以来", "那天", "那时", "之际", "的话"})


def _broken(run: re.Match[str]) -> str:
    out: list[str] = []
    before = ""
    for token in posseg.lcut(run.group(0)):
        lead_in = before == "f" or (out and out[-1] in _LEADS_IN)
        if token.word.startswith("我") and out and not before.startswith(_HOLDS) and not lead_in:
            out.append("，")
        out.append(token.word)
        before = token.flag
    return "".join(out)
