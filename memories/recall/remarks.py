"""One speaker's remark to the other among the candidates, weighed by whether the question asks what was said.

In a named conversation the offline extractor keeps a reaction addressed to the other speaker as a statement
relating the two ("Ana told Ben that Ben would be a great teacher.", "Ana congratulated Ben on the new job.",
"Ana is proud of Ben for …", "Ana thanked / wished / suggested that Ben …": ``extraction.clauses._RELATION_VERB``).
Written in the third person, such a memory names the listener two or three times where the turn said "you", so
a question about the listener ("Would Ben be considered religious?") matches it by the name and a word or two of
praise, and these remarks crowd out what the listener said about their own life: on LoCoMo's tune half they took
427 of the 3,830 first-ten places and were the evidence in 3. A question that asks what someone said, told,
thought, suggested or how they described something is answered by them; any other question weighs a remark about
the listener ``OTHER`` of its fused score. A remark whose clause is about the speaker ("Ana told Ben that Ana
started a yoga class") is the speaker's own news and keeps its weight. Read from the candidates' search words
(``Candidate.words``) and subject, English only (the Chinese extractor writes no such statement)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from memories.recall.rank import Candidate, Key
from memories.write.text import search_text

#: A question about what someone said or thought, or about a remark itself: its answers are remarks.
_ASKS_REMARK = re.compile(
    r"(?i)\b(?:say|says|said|saying|tell|tells|told|think|thinks|thought|according\s+to|opinion|describe[sd]?"
    r"|compliment\w*|congratulat\w*|thank\w*|encourag\w*|advi[cs]e\w*|suggest\w*|recommend\w*|praise\w*"
    r"|reassur\w*|wish\w*|proud|respond\w*|react\w*|repl\w*|feel\s+about|felt\s+about)\b")
#: The statement's search words after the speaker: a relation verb, the listener, and (for "told" and
#: "suggested") the clause's first word.
_REMARK_WORDS = re.compile(r"^(?:told (\S+) that (\S+)|congratul (\S+) on|thank (\S+) for|wish (\S+) good luck"
                           r"|is proud of (\S+) for|suggest that (\S+) could)\b")

OTHER = 0.6  # 0.35 ranked one more tune-half question and three fewer held-out ones (docs/recall.md)


@lru_cache(maxsize=256)
def _name_words(name: str) -> str:
    return search_text(name)


def asks_remark(query: str) -> bool:
    """Whether ``query`` asks what someone said, thought or how they reacted (the module's docstring)."""
    return bool(_ASKS_REMARK.search(query))


def remark_about_listener(candidate: Candidate) -> bool:
    """Whether ``candidate`` is its subject's remark to another person about that person (not about itself)."""
    return _remark(candidate.subject, candidate.words)


@lru_cache(maxsize=8192)
def _remark(subject: str, words: str) -> bool:
    """``remark_about_listener`` of a memory's subject and search words, read once per pair (a search asks it of
    each of ~130 candidates a ranking, most of them the same from one search of a scope to the next)."""
    speaker = _name_words(subject) if subject else ""
    if not speaker or " " in speaker or not words.startswith(speaker + " "):
        return False
    match = _REMARK_WORDS.match(words[len(speaker) + 1:])
    if match is None:
        return False
    listener, clause = next(g for g in match.groups() if g is not None), match.group(2)
    return listener != speaker and clause != speaker


def remarks_weighed(fused: dict[Key, float], candidates: Mapping[Key, Candidate], query: str) -> dict[Key, float]:
    """``fused`` with the remarks about a listener among ``candidates`` weighed ``OTHER`` unless asked for."""
    if asks_remark(query):
        return fused
    remarks = {k for k, c in candidates.items() if k in fused and _remark(c.subject, c.words)}
    if not remarks:
        return fused
    return {k: v * OTHER if k in remarks else v for k, v in fused.items()}
