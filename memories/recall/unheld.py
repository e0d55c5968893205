"""A question about something the scope never mentions: the answerable bar raised (docs/recall.md, "Abstention").

An abstention question ("Which restaurant in Reykjavik did you recommend?", "What is my son's name?", "我女儿几岁了？"
where no Reykjavik, son or daughter was ever mentioned) still finds memories about its other words or its topic
(the user's trips, family, children), and the best of them often reaches ``rank.ANSWERABLE_CALIBRATED``: the
question counted as answerable and its ``k`` came back. What tells it apart is in the words: half or more of the
question's words are held by no candidate at all (the candidates hold every memory the words match, so no memory of
the scope holds them). Such a question is answerable only when its best match is clearly close
(``ABSTAIN_CALIBRATED``); otherwise the floor's per-memory tests apply and at most what came closest is returned.
A question's words are its search words (``query.query_terms``): a Chinese question's words of two characters or
more (its single characters are the words' pieces), an English one's words (prefixes: "restaur" is held by
"restaurants"). A word naming a class or a kind of relative (``concepts_en``: "pet", "vehicle", "siblings") is held
when some candidate holds one of its members ("parrot", "bike", "sister"). Nothing here is a word list."""

from __future__ import annotations

from collections.abc import Iterable

from memories.recall.concepts_en import concept_terms
from memories.recall.query import query_terms
from memories.recall.rank import ANSWERABLE_CALIBRATED, Candidate
from memories.write.text import has_cjk

#: The share of the question's words no candidate holds from which the bar is raised.
UNHELD_SHARE = 0.5
#: The calibrated similarity a question with that many unheld words needs to count as answerable.
ABSTAIN_CALIBRATED = 0.55


def question_words(query: str) -> list[tuple[str, bool]]:
    """The words that say what ``query`` is about: its search words, but for a question with Chinese words its
    Chinese words of two or more characters (single characters are pieces; English role words are aliases)."""
    terms = [(t, prefix) for t, prefix in query_terms(query) if t.isascii() or len(t) >= 2]
    if any(not t.isascii() for t, _ in terms):
        terms = [(t, prefix) for t, prefix in terms if not t.isascii()]
    return terms


def unheld_share(query: str, candidates: Iterable[Candidate]) -> float:
    """The share of ``query``'s words (``question_words``) that none of ``candidates``' search words holds, a
    class word held by any of its members (``concepts_en``)."""
    terms = question_words(query)
    if not terms:
        return 0.0
    members = {t: alternatives for alternatives in concept_terms(query) for t, _ in terms if t in alternatives}
    # The candidates' words as one text, each between single spaces: a word is held when " word " occurs in it,
    # started when " word" does (the same test as a set of the words and their prefixes, without a set of a few
    # thousand words built for a few question words).
    joined = " ".join(c.words for c in candidates)
    if not joined.isprintable() or "  " in joined or joined[:1] == " " or joined[-1:] == " ":
        joined = " ".join(joined.split())  # every space printable but " " (isprintable): single spaces, trimmed
    held_text = f" {joined} "

    def held(t: str, prefix: bool) -> bool:
        if " " in t:  # a word with a space (none is): the words as a set
            return t in held_text.split()
        return f" {t} " in held_text or (prefix and f" {t}" in held_text)

    return sum(not held(t, prefix) and not any(held(m, False) for m in members.get(t, ()))
               for t, prefix in terms) / len(terms)


def answerable_bar(query: str, candidates: Iterable[Candidate]) -> float:
    """The calibrated similarity that makes ``query`` answerable (``rank.question_answerable``): the usual
    ``ANSWERABLE_CALIBRATED``, or ``ABSTAIN_CALIBRATED`` when ``UNHELD_SHARE`` of its words are held by none. A
    question in Chinese keeps the usual bar: its frame words (时候, 哪里, 家长 for 爸妈) are often held by no memory
    of a question that was answered (realchat6 lost one of its evidence in the top 10 with the raised bar)."""
    if has_cjk(query):
        return ANSWERABLE_CALIBRATED
    return ABSTAIN_CALIBRATED if unheld_share(query, candidates) >= UNHELD_SHARE else ANSWERABLE_CALIBRATED
