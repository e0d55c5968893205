"""Search input: the request's limits and validation, and the query's search words.

The lexical leg matches ``query_terms``: the same ``text.search_words`` the index was built from
(jieba for Chinese), stopwords dropped unless nothing else is left, English words as their stems
(``settings.RECALL_STEMMING``), Latin words of 4+ letters matched as prefixes (drink → drinks).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings

from memories.choices import MemoryType, Status
from memories.recall import anchored, concepts_en
from memories.recall.concepts_zh import concept_terms
from memories.write import text, validation

MODES = ("hybrid", "vector", "lexical")
MAX_K = 100
MAX_QUERY_CHARS = 2000
MAX_SCOPES = 20
MAX_QUERY_WORDS = 32
PREFIX_MIN_LENGTH = 4

# Words that match almost every memory and so only add noise to an OR query. Dropped from queries
# (never from the index); a query made only of them keeps them.
_STOPWORDS = (
    "a an and are as at be but by did do does for from had has have how i in is it its me my of on or "
    "our so that the their them they this to was we were what when where which who why will with you "
    "your about user users 的 了 是 吗 呢 吧 啊 什么 怎么 哪 哪里 哪个 谁 他 她 它 我 你 们 "
    "他们 我们 在 有 和 与 及 或 也 就 都 这 那 个 一 不 没 "
    # What an apostrophe leaves of a possessive or a contraction ("user's" → user + s, "doesn't" → doesn + t,
    # "I'm" → i + m): as a query term "s" matched every memory that says "the user's …" whatever it is about.
    "s t d m ll re ve don doesn didn isn aren wasn weren hasn haven hadn wouldn shouldn couldn"
)
STOPWORDS = frozenset(_STOPWORDS.split())
# Chinese words of "now", dropped from a query with their characters: "我现在住哪？" matched every memory that said
# 现在 about anything; what holds now is ordered by time (``recall.current``, ``recall.newer``), not by these words.
_NOW_ZH = re.compile(r"现在|目前|如今|眼下|最近一次|最近|現在")
# The stems of the inflections of "have" and "do", which say nothing of a topic: "having" → have, "doing" → do
# ("being" stays: "being part of", "being seen as" word the state asked about).
_STOP_STEMS = frozenset(("do", "doe", "have", "ha"))


def query_end(query: str) -> str:
    """A query recall can read, for clients that set no length (mem0's: frameworks send a whole turn, or several
    joined): recall reads at most ``MAX_QUERY_CHARS``, so a longer query is read from its end, where the latest
    words are, starting at a word."""
    query = query.strip()
    if len(query) <= MAX_QUERY_CHARS:
        return query
    tail = query[-MAX_QUERY_CHARS:]
    space = tail.find(" ", 0, 50)
    return tail[space + 1:] if space >= 0 else tail


def validate_search(query: str, k: int, mode: str, min_confidence: float, types: Sequence[str] | None,
              statuses: Sequence[str] | None) -> None:
    if not isinstance(query, str) or not query.strip():
        raise validation.field_error("query", "A non-empty query is required.")
    if len(query) > MAX_QUERY_CHARS:
        raise validation.field_error("query", f"At most {MAX_QUERY_CHARS} characters.")
    validation.validate_no_nul(query, "query")
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise validation.field_error("k", f"An integer from 1 to {MAX_K}.")
    if mode not in MODES:
        raise validation.field_error("mode", f"One of: {', '.join(MODES)}.")
    if not 0.0 <= float(min_confidence) <= 1.0:
        raise validation.field_error("min_confidence", "A number from 0 to 1.")
    for name, values, choices in (("types", types, MemoryType), ("include_statuses", statuses, Status)):
        for value in values or ():
            if value not in choices.values:
                raise validation.field_error(name, f"One of: {', '.join(choices.values)}.")


def query_terms(query: str) -> list[tuple[str, bool]]:
    """The query's search words as (word, is_prefix): the same ``search_words`` the index was built
    from, cut to plain word characters (so they need no escaping), stopwords dropped (before stemming)
    unless nothing else is left; Latin words of 4+ letters match as prefixes (drink → drinks)."""
    words: list[str] = []
    query = anchored.unsaid(query)  # the day of asking is no word to match ("Today is 10 November 2026. …")
    plain = _NOW_ZH.sub("，", query)
    for word in text.plain_words(plain if re.search(r"\w", plain) else query, query=True):
        words.extend(piece for piece in re.split(r"\W+", word) if piece.strip("_"))
    unique = list(dict.fromkeys(words))
    kept = [w for w in unique if w not in STOPWORDS]
    # An inflected stopword ("having", "doing") is one too: as a prefix "have" matched every "the user and others
    # have …" whatever it was about.
    content = [w for w in text.stemmed(kept) if w not in _STOP_STEMS]
    useful = list(dict.fromkeys(content or text.stemmed(kept or unique)))
    return [(w, len(w) >= PREFIX_MIN_LENGTH and w.isalpha() and w.isascii()) for w in useful[:MAX_QUERY_WORDS]]


def query_tsquery(query: str) -> str | None:
    """``'w1':* | 'w2' | …`` for to_tsquery('simple', …), or None when the query has no words."""
    terms = query_terms(query)
    held = {w for w, _ in terms}
    for alternatives in (*concept_terms(query), *concepts_en.concept_terms(query)):  # OR-ed in (``concepts_zh``)
        terms += [(w, False) for w in alternatives if w not in held]
        held.update(alternatives)
    return terms_tsquery(terms) or None


def terms_tsquery(terms: Sequence[tuple[str, bool]]) -> str:
    """``query_terms``' terms as one OR query (``query_tsquery``)."""
    return " | ".join(f"'{w}':*" if prefix else f"'{w}'" for w, prefix in terms)


def searched_statuses(include_statuses: Sequence[str] | None, as_of: datetime | None,
              now: datetime) -> tuple[list[str], datetime | None]:
    """The statuses searched, and from when a pending memory is still in review and kept out: by default
    active, and pending memories that have waited in review longer than the window
    (``RECALL_UNREVIEWED_DAYS``; those written after ``now`` minus it are kept out); with ``as_of`` active and
    deprecated. The window is a condition of the search (``Criteria.review_since``), not a list of ids: the
    in-process index applies it to its own statuses and creation times, SQL in the candidates' statement."""
    statuses = list(include_statuses or ([Status.ACTIVE, Status.DEPRECATED] if as_of else [Status.ACTIVE]))
    review_since = None
    if include_statuses is None and as_of is None and settings.RECALL_UNREVIEWED_DAYS > 0:
        # What has waited in review longer than its window is searched too (the hit says it is unreviewed).
        statuses.append(Status.PENDING)
        review_since = now - timedelta(days=settings.RECALL_UNREVIEWED_DAYS)
    return statuses, review_since
