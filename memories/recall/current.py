"""A question asking for what holds now ("我现在住在哪？", "你最近一次推荐的是哪本书？", "Where do I live now?", "What's
my current job?") is answered by the newest of the memories that speak to it. The write flow retires an older value
only when the newer fills the same slot; said in other words, in another session or by another speaker, both stay
live and rank alike, and the older often first (it was said more plainly). So among the best ``DEPTH`` candidates
by fused score, each near tie of the first (at least ``NEAR`` of its score) gains ``BOOST`` × its place in time
(its ``valid_from``'s day among theirs: 0 for the oldest, 1 for the newest; one day, one place) of its own score:
the newer of near ties goes first, a clearly better match keeps its place. Not for a question asking for an
earlier value (``history.asks_past``: "我之前住在哪？"), nor one that names a date."""

from __future__ import annotations

import re
from collections.abc import Mapping

from memories.recall import history
from memories.recall.rank import Candidate, Key

BOOST = 0.3
DEPTH = 10
NEAR = 0.85  # a candidate this close to the first (fused score) is a near tie of it

_ASKS = re.compile(r"(?i)\b(?:now|right\s+now|currently|current|these\s+days|nowadays|at\s+the\s+moment|latest"
                   r"|most\s+recent(?:ly)?|last\s+time|anymore|still)\b|现在|目前|如今|眼下|这阵子|最近一次|最新|"
                   r"上一?次|还在|現在|這陣子|還在")
#: A date or a month named: the question asks for that time, not for now (``recall.dates``' lever).
_DATED = re.compile(r"\d{4}|[一二三四五六七八九十\d]+月|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
                    re.IGNORECASE)


def dated(query: str) -> bool:
    """Whether the question names a date or a month: it asks for that time, not for now."""
    return _DATED.search(query) is not None


def asks_current(query: str) -> bool:
    """Whether the question asks for what holds now (module docstring)."""
    return bool(_ASKS.search(query)) and not dated(query) and not history.asks_past(query)


def current_lifted(fused: dict[Key, float], candidates: Mapping[Key, Candidate], query: str) -> dict[Key, float]:
    """``fused`` with the best ``DEPTH`` candidates lifted by their place in time, for a question asking for what
    holds now; unchanged otherwise."""
    if BOOST <= 0 or not asks_current(query):
        return fused
    ranked = sorted(fused, key=lambda k: -fused[k])[:DEPTH]
    if not ranked:
        return fused
    best = [k for k in ranked if fused[k] >= NEAR * fused[ranked[0]]]  # the near ties of the first
    if len(best) < 2:
        return fused
    days = sorted({candidates[k].valid_from.date() for k in best})  # one turn's memories: one place
    if len(days) < 2:
        return fused
    place = {day: i / (len(days) - 1) for i, day in enumerate(days)}
    lifted = dict(fused)
    for key in best:
        lifted[key] = fused[key] * (1.0 + BOOST * place[candidates[key].valid_from.date()])
    return lifted
