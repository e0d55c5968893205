"""The newer of two memories about one thing first, when a question asks for a state (``asks_state``: what holds now,
"我现在住在哪？", "What's my current job?", a person's attribute, "我在单位是什么岗位？", "Where does she work?", or an
English question in the present tense, "When is the wedding?" (``present_en``); one question, not a dialogue).

The write flow retires an older value only when the newer fills the same slot. Said in other words, by another
speaker or of an alias ("嘉禾现在住滨江" then "用户现在住在文三路这边"), both stay live, and the older often ranks
first: it was said more plainly, or its words are the question's. ``memories.recall.current`` orders the near ties
of the first; this module orders a *pair* wherever it stands among the best ``DEPTH``: a newer candidate (a later
day) that shares one of the question's topic words (``topic_words``: the content words of the question, by jieba's
parts of speech for Chinese, not its pronouns, time words, numbers or particles; English words that are not
stopwords or words of time) with an older one ranked above it, and scores at least ``SHARE`` of it, is put right
before it. Both stay: the older is the answer to "where did I live before?" (``memories.recall.history``). A memory
is about a topic word when its own text says it: the index also holds the words of the turn it was drawn from
(``text.indexed_words``), so a word most of the best hold there ("rent" in every memory of a turn about bills) is read
again in their own text (``_own_held``). A topic word most of them still hold ("工作" in a scope about work) is no
evidence when the question has other topic words; when it is the question's only one ("When is the wedding?"), they
are all about the thing asked, and it is. The fused scores of the best ``DEPTH`` are permuted, not raised: nothing
else moves."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from jieba import posseg

from memories.recall import history
from memories.recall.attributes import asked_attributes
from memories.recall.current import asks_current, dated
from memories.recall.present_en import asks_present
from memories.recall.query import STOPWORDS
from memories.recall.rank import Candidate, Key
from memories.recall.sql import contents
from memories.write import text
from memories.write.roles import role_word
from memories.write.slot_values import KIN_EN, KIN_ZH

DEPTH = 10
SHARE = 0.5  # the newer must score at least this share of the older it goes before
QUESTION_CHARS = 160  # a longer query is no single question about a state
COMMON = 0.5  # a topic word held by more than COMMON × DEPTH of the best candidates is no evidence

# Chinese parts of speech (jieba) that name the thing asked about: nouns, verbs, adjectives, measure words ("公斤"),
# idioms and abbreviations; not pronouns (r), time words (t), numerals (m), prepositions, particles, adverbs.
_TOPIC_FLAGS = ("n", "v", "a", "q", "j", "l", "i", "eng")
# English words of time or quantity a state question adds ("now", "these days", "how many"): no topic.
_NOT_TOPIC_EN = frozenset(("now", "current", "currently", "still", "anymore", "nowadays", "these", "days", "latest",
                           "recent", "recently", "last", "time", "moment", "right", "many", "much", "often", "long",
                           "there"))


def asks_state(query: str) -> bool:
    """Whether the question asks for a state: what holds now, an attribute of someone, or (English) a question in the
    present tense (module docstring); not a question naming a date, nor one asking for an earlier value."""
    if dated(query) or history.asks_past(query) or not _one_question(query):
        return False
    return asks_current(query) or bool(asked_attributes(query)) or asks_present(query)


def _one_question(query: str) -> bool:
    """A question on its own line, not a dialogue or a pasted text ending in one (a query of several turns says
    "现在" or "still" about other things)."""
    return "\n" not in query.strip() and len(query) <= QUESTION_CHARS


@functools.lru_cache(maxsize=512)
def topic_words(query: str) -> frozenset[str]:
    """The question's topic words, as the index holds them (``text.search_words``)."""
    names = {w.casefold() for w in _NAMED.findall(query)}  # a name in Latin script, not the question's first word
    lowered = query.casefold()
    if text.has_cjk(lowered):
        words = [w.word for w in posseg.cut(lowered) if w.flag.startswith(_TOPIC_FLAGS)
                 and not w.flag.startswith(("nr", "ns"))]  # a name (nr, ns) says who or where, not what
        words += re.findall(r"[a-z][a-z0-9]+", lowered)
    else:
        words = re.findall(r"[a-z][a-z0-9']*", lowered)
    kept = [w for w in words if w not in STOPWORDS and w not in _NOT_TOPIC_EN and w not in names
            and not _person_word(w) and not history.asks_past(w)]
    return frozenset(text.stemmed(kept))


_NAMED = re.compile(r"(?<=\w)\W+([A-Z][a-z]+)")


def _person_word(word: str) -> bool:
    """A kinship or role word ("sister", "女朋友", "同事"): it says whom the question is about, not what."""
    return word in KIN_EN or word in KIN_ZH or bool(role_word(word)) or word.rstrip("s") in KIN_EN


def _common(topics: frozenset[str], held: Mapping[Key, frozenset[str]]) -> set[str]:
    """The topic words more than ``COMMON`` × ``DEPTH`` of the best candidates hold."""
    return {w for w in topics if sum(w in found for found in held.values()) > COMMON * DEPTH}


def _own_held(held: Mapping[Key, frozenset[str]], common: set[str], candidates: Mapping[Key, Candidate]
              ) -> dict[Key, frozenset[str]]:
    """``held`` with each of the ``common`` words kept only where the memory's own text says it (``sql.contents``),
    not only the turn it was drawn from (``text.indexed_words``); a memory whose text is not found keeps its own."""
    texts = {pk.int: content for pk, content in contents([candidates[k].id for k in held])}
    own = {k: frozenset(text.search_text(content).split()) for k, content in texts.items()}
    return {k: (found - common) | (found & common & own[k]) if k in own else found for k, found in held.items()}


def newer_first(fused: dict[Key, float], candidates: Mapping[Key, Candidate], query: str) -> dict[Key, float]:
    """``fused`` with each newer candidate of a pair put right before the older it pairs with, among the best
    ``DEPTH``, for a question asking for a state (module docstring); unchanged otherwise."""
    if DEPTH < 2 or not asks_state(query):
        return fused
    ranked = sorted(fused, key=lambda k: -fused[k])[:DEPTH]
    topics = topic_words(query)
    if len(ranked) < 2 or not topics:
        return fused
    held = {k: topics.intersection(candidates[k].words.split()) for k in ranked}
    if common := _common(topics, held):  # the search words hold the source turn's words: read the memories' own
        held = _own_held(held, common, candidates)
        common = _common(topics, held) if len(topics) > 1 else set()
    order = list(ranked)
    for key in sorted(ranked, key=lambda k: candidates[k].valid_from, reverse=True):  # the newest first
        day, own = candidates[key].valid_from.date(), held[key] - common
        place = order.index(key)
        older = [i for i, other in enumerate(order[:place]) if candidates[other].valid_from.date() < day
                 and own & held[other] and fused[key] >= SHARE * fused[other]]
        if older:
            order.insert(older[0], order.pop(place))
    if order == ranked:
        return fused
    lifted = dict(fused)
    for key, value in zip(order, (fused[k] for k in ranked), strict=True):
        lifted[key] = value
    return lifted

