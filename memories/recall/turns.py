"""One source turn, one place among the first hits (``RECALL_ONE_PER_TURN``).

An extracted memory names the turns of its session it came from (``metadata.extraction.turns``, with its
``source_session``: docs/extraction.md, "Where a memory came from"). One message often gives several memories
("I'm a vegetarian and I'm allergic to nuts" gives two), and they share its words (``said``), so a question
that matches the message ranks them all side by side, and they fill the places another message's memory would
take. A hit from a turn that an earlier hit already came from therefore waits behind the hits from other turns
among the first ``LOOKAHEAD`` × k ranked whose own content is at least as close to the query (their vectors'
cosine), and passes those less close ("Alex is allergic to nuts" stays above "The user's name is Alex" for "What
should I avoid cooking for Alex?"): a second memory of a message keeps its place by its own meaning, not by the
message's words it shares with the first. It is never dropped for lack of others. Memories written without turns (a
``POST /memories``, an import) each count as their own.

Which memory of a turn takes its place: the first ranked, unless its own text says nothing the question asks
(``Asked``) and another of the turn's does; then the one that says the most of it, a member of a class the question
names first (``concepts_zh``, ``concepts_en``: "我买的房子多大？" asks for an area, "我现在是什么职位？" for a post),
then the question's own words. A long help request gives many memories ("在滨江买了套二手房" / "89平" / "房子刚过户"),
all ranked on the request's words with the one the embedding puts closest first, which is seldom the one that
answers. A kinship or role word of the question says whom it asks about, not what: the first one stays when another
says only that ("阿琳在当幼师" before "用户的女朋友叫阿琳" for "我女朋友是干什么的？"; it stays too when it says
the word itself), and so does a stated liking or pastime when the question asks for something to do (``pastimes``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable
from typing import Any

import jieba
from django.conf import settings

from memories.embeddings import profile
from memories.recall import concepts_en, concepts_zh
from memories.recall.pastimes import asks_pastimes, states_pastime
from memories.recall.query import query_terms
from memories.write import text
from memories.write.roles import role_word
from memories.write.slot_values import KIN_EN, KIN_ZH

_CJK = re.compile(r"[\u3400-\u9fff]")

#: How far down the ranking (× k) a hit from a turn already represented is passed over for one from another turn.
LOOKAHEAD = 3


def source_turn(memory: Any) -> Hashable | None:
    """The turns a memory came from, as a key (its scope, session and turns), or None when it names none."""
    if not settings.RECALL_ONE_PER_TURN or not memory.source_session or not isinstance(memory.metadata, dict):
        return None
    extraction = memory.metadata.get("extraction")
    turns = extraction.get("turns") if isinstance(extraction, dict) else None
    if not isinstance(turns, list) or not turns:
        return None
    return memory.scope_id, memory.source_session, tuple(str(t) for t in turns)


def merged(kept: list[Any], waiting: list[Any], k: int) -> list[Any]:
    """The first ``k`` of the hits from new turns (``kept``, best first) and those that waited: a waiting hit goes
    right after the last hit from a new turn that scores at least as high or whose own content is at least as close
    to the query (``_similarity``): it passes other turns' hits only by its own meaning, not by the words of the
    message it shares with an earlier hit. Only ``kept`` place it: another waiting hit, itself placed low by its
    meaning, never drags it down by its score. Waiting hits given one place keep their rank order."""
    places: dict[int, list[Any]] = {}
    for hit in waiting:
        own = _similarity(hit)
        at = max((n + 1 for n, other in enumerate(kept) if other.score >= hit.score or _similarity(other) >= own),
                 default=0)
        places.setdefault(at, []).append(hit)
    order = [*places.get(0, [])]
    for n, hit in enumerate(kept, 1):
        order += [hit, *places.get(n, [])]
    return order[:k]


def _similarity(hit: Any) -> float:
    """A hit's own closeness to the query on one scale for every model (``ModelProfile.calibrated``); 0 when no
    model reads the pair."""
    scores, model = getattr(hit, "scores", None), getattr(hit, "model", "")
    if not isinstance(scores, dict) or not model:
        return 0.0
    return profile(model).calibrated(float(scores.get("similarity", 0.0)))


class Asked:
    """What a question asks, read in a memory's own text: the classes it names (each a set of member words) and its
    own words (a single Chinese character only as a word of its own, not as a part of a longer one)."""

    def __init__(self, query: str) -> None:
        self.classes = [frozenset(words) for words in (*concepts_zh.concept_terms(query),
                                                       *concepts_en.concept_terms(query))]
        self.words = frozenset(w for w, _ in query_terms(query) if len(w) > 1 or not _CJK.match(w)) if query else \
            frozenset()
        self.what = frozenset(w for w in self.words if not _person_word(w))  # not whom it is about
        self.pastimes = bool(query) and asks_pastimes(query)

    def says_any(self, content: str) -> bool:
        """Whether the text says anything asked, a class's member read anywhere in it ("搬到" says 搬)."""
        lowered = unicodedata.normalize("NFKC", content).casefold()
        return self.held(content) != (0, 0) or any(w in lowered for members in self.classes for w in members
                                                   if _CJK.match(w)) or (self.pastimes and states_pastime(content))

    def held(self, content: str, who: bool = True) -> tuple[int, int]:
        """How many of the classes a member of which the text says, and how many of the question's own words (not
        its kinship and role words without ``who``)."""
        if not self.classes and not self.words:
            return 0, 0
        own = own_words(content)
        return sum(bool(members & own) for members in self.classes), len((self.words if who else self.what) & own)


def _person_word(word: str) -> bool:
    """A kinship or role word ("女朋友", "sister", "同事"): it says whom the question is about, not what it asks."""
    return word in KIN_EN or word in KIN_ZH or bool(role_word(word)) or word.rstrip("s") in KIN_EN


def own_words(content: str) -> frozenset[str]:
    """A text's words as the index holds them, without the single characters cut from longer Chinese words."""
    lowered = unicodedata.normalize("NFKC", content).casefold()
    if not text.has_cjk(lowered):
        return frozenset(text.search_words(content))
    return frozenset(text.stemmed([w.strip() for w in jieba.cut_for_search(lowered) if w.strip()]))


def represented(kept: list[Any], waiting: list[Any], asked: Asked) -> tuple[list[Any], list[Any], dict[int, Any]]:
    """``kept`` and ``waiting`` with the place of each kept hit whose own text says nothing the question asks
    (``Asked.held``) given to the waiting hit of its turn that says the most of it (the classes first, then the
    words); the kept one follows it (by the id of the one it follows)."""
    follows: dict[int, Any] = {}
    if not waiting or not (asked.classes or asked.words):
        return kept, waiting, follows
    kept, waiting = list(kept), list(waiting)
    for n, hit in enumerate(kept):
        key = source_turn(hit.memory)
        rivals = [other for other in waiting if key is not None and source_turn(other.memory) == key]
        if not rivals or asked.says_any(hit.memory.content):  # it says something asked: it stays
            continue
        best = max(rivals, key=lambda other: asked.held(other.memory.content, who=False))
        if asked.held(best.memory.content, who=False) > (0, 0):
            best.score = max(best.score, hit.score)  # the turn's place, and its score (they share its words)
            kept[n] = best
            waiting.remove(best)
            follows[id(best)] = hit
    return kept, waiting, follows


class Waiting:
    """The hits of one search that wait (their turns gave an earlier hit), in rank order, and the turns seen."""

    def __init__(self, query: str = "") -> None:
        self.hits: list[Any] = []
        self.seen: set[Hashable] = set()
        self.query = query  # read (``Asked``) only when some hit waits

    def merged(self, kept: list[Any], k: int) -> list[Any]:
        """``merged`` of the kept hits and those that waited, each turn's place to what answers (``represented``)."""
        if not self.hits:  # no hit waits: the kept ones as they are
            return kept[:k]
        kept, waiting, follows = represented(kept, self.hits, Asked(self.query))
        order = merged(kept, waiting, len(kept) + len(waiting))
        for at in range(len(order) - 1, -1, -1):
            if (hit := follows.get(id(order[at]))) is not None:
                order.insert(at + 1, hit)
        return order[:k]

    def passed_over(self, memory: Any) -> bool:
        """Whether this memory waits; else its turns (if it names any) are now seen."""
        key = source_turn(memory)
        if key is None:
            return False
        if key in self.seen:
            return True
        self.seen.add(key)
        return False
