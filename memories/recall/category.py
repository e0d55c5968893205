"""A question named by a category the memories do not say (docs/recall.md, "Category words"): "Which cities
has Jon visited?" is answered by "a short trip last week to Rome", "What board games has Nate played?" by
"chess", "小林去过哪些城市？" by "上周我去了一趟成都". The question's words reach neither turn.

The instances come from the data, not from a list: the question's category noun ("cities", "board games",
城市: ``category_noun``) is embedded by the model that reads the question, and so is each name in the best
``RECALL_CATEGORY_SEEDS`` memories of each candidate list (what the search already found near the question; a
name: a Latin word written capitalised inside a sentence, a word jieba tags as a place or proper noun). The
names closest to the noun (cosine ≥ ``MIN_SIMILARITY``, at most ``MAX_INSTANCES``: all-MiniLM puts "rome" at 0.57
of "cities", "chess" at 0.74 of "board games") are the category's instances in these scopes. The memories
holding one (a lexical search for them: the holders the first pass missed join the candidates) gain
``RECALL_CATEGORY_BOOST`` × their instance words' BM25 (``ts_rank_cd`` in SQL) over the best holder's
(``RECALL_CATEGORY_BOOST_ZH`` for a Chinese question: off by default, ``boost``).
Common words are not instances: the nearest of them to a category are its relatives ("places" for "cities",
"teammates" for "team"), and lifting them cost LoCoMo more than it gained.

Its cost is the names' embeddings, kept per process (``_VECTORS``, up to ``MAX_CACHED`` words): only a question
with a category noun pays anything (one SQL read of the seeds' contents, one run of the model for the noun and
the names not seen before, one lexical search). The names not seen before are embedded ahead, off the request:
when a scope of at most ``PREPARED_ROWS`` memories is loaded into the process's search index (a first search, a
server's warm-up), its Latin names are embedded by the primary model on the ``side`` thread, ``PREPARE_BATCH``
at a time (``prepare``). A name's vector is the same, bit for bit, whatever it is embedded with (tested), so
this changes no answer, only who pays: a category question no longer waits for a run of the model over the
names of its seeds (the slowest LoCoMo questions, docs/scaling.md). A deletion the search index learns of drops
every kept name (``forget``): an erased memory's names do not outlive it here."""

from __future__ import annotations

import dataclasses
import re
import threading
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from django.conf import settings
from jieba import posseg

from memories.embeddings import READS_MIN, Embedder, embedders
from memories.recall import sql
from memories.recall.index.cache import LOADED, REMOVED, ScopeIndex
from memories.recall.query import STOPWORDS
from memories.recall.rank import Candidate, Key
from memories.recall.sources import CandidateSource
from memories.write import text
from mnemara.kernel.threads import THREADS

MIN_SIMILARITY = 0.45
MAX_INSTANCES = 6
MAX_CACHED = 50_000
PREPARED_ROWS = 5_000  # a scope loaded with at most this many memories has its names embedded ahead (``prepare``)
PREPARE_BATCH = 32  # names per run of the model in ``prepare``: a search's own work on that thread waits one run

_AUX = r"(?:does|did|do|has|have|had|is|are|was|were|can|could|would|will)"
_AUX_WORD = re.compile(_AUX)
# "Which cities has…", "What video games does…", "What kind of art does…": at most three words before the verb.
_EN = re.compile(rf"\b(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?"
                 rf"(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}?)\s+{_AUX}\b", re.IGNORECASE)
# "去过哪些城市", "玩什么游戏", "哪几本书", "哪个国家": the noun after the question word.
_ZH = re.compile(r"(?:(?<!为)什么|哪些|哪几[个种本款位只部首家]?|哪[个种本款位只部首家]|啥)"
                 r"(?P<noun>[\u4e00-\u9fff]{1,4})")
# Question words that name no category: when, why, how, what for, what thing.
_NOT_NOUNS_EN = frozenset(["time", "times", "year", "years", "month", "months", "day", "days", "date", "way",
                           "ways", "reason", "reasons", "one", "ones", "part", "parts", "matter", "matters",
                           "else", "thing", "things"])
# The noun after the question word is a noun (jieba's tags): not 为什么还是, 什么特别.
_NOUNS_ZH = frozenset({"n", "ns", "nz", "nt", "nw"})
_NOT_NOUNS_ZH = ("时候", "时间", "意思", "原因", "样", "事", "东西", "地方", "呢", "吗", "的", "了", "时", "是")
# A new sentence, or the text after a speaker label ("Jon: …"): its first word is capitalised anyway.
_SENTENCES = re.compile(r"[.!?:;\n]+\s+|[。！？：；]")
_PROPER_ZH = frozenset({"ns", "nz", "nt", "nw", "nrt"})
_WORD_EN = re.compile(r"[A-Za-z][A-Za-z'’:-]*[A-Za-z]")

_VECTORS: dict[tuple[str, str], np.ndarray] = {}
_LOCK = threading.Lock()


def _tagged(piece: str) -> list[tuple[str, str]]:
    """jieba's words of ``piece`` with their part-of-speech tags."""
    pairs: Any = posseg.cut(piece)
    return [(str(pair.word), str(pair.flag)) for pair in pairs if str(pair.word).strip()]


def category_noun(query: str) -> str | None:
    """The category a question asks for ("video games", "cities", 城市), or None. A question is one line: a
    dialogue (what an agent passes to ``/context`` mid-chat) names no category, whatever its turns ask."""
    if "\n" in query.strip():
        return None
    found = _EN.search(query)
    if found:
        words = found.group("noun").casefold().split()
        if words[-1] not in _NOT_NOUNS_EN and not any(w in STOPWORDS or _AUX_WORD.fullmatch(w) for w in words):
            return " ".join(words)
        return None
    for match in _ZH.finditer(query):
        words = _tagged(match.group("noun"))
        if words and len(words[0][0]) >= 2 and words[0][1] in _NOUNS_ZH and not words[0][0].startswith(_NOT_NOUNS_ZH):
            return words[0][0]
    return None


def _names_in(content: str) -> list[str]:
    """The words of ``content`` that name something: Latin words written capitalised inside a sentence (not
    its first word, not after a speaker label: "Rome", "Valorant", "CS:GO"), and Chinese words jieba tags as
    places or other proper nouns (成都, 日本)."""
    names: list[str] = []
    for sentence in _SENTENCES.split(content):
        words = _WORD_EN.findall(sentence)
        names.extend(w.casefold() for w in words[1:] if w[0].isupper())
    if text.has_cjk(content):
        names.extend(word for word, flag in _tagged(content) if flag in _PROPER_ZH and len(word) >= 2)
    return names


def _words_of(contents: Sequence[str], excluded: set[str]) -> list[str]:
    """The distinct names of ``contents`` (``_names_in``) an instance could be: 3+ letters or 2+ characters,
    neither stopwords nor words of the question (nor sharing a stem with one). Common words are left out: the
    nearest of them to a category are its relatives, not its instances ("teammates" for "team", "places" for
    "cities")."""
    words: dict[str, None] = {}
    for content in contents:
        for word in _names_in(content):
            if len(word) >= (2 if text.has_cjk(word) else 3) and word not in STOPWORDS:
                words.setdefault(word)
    stems = set(text.stemmed(list(excluded)))
    return [w for w in words if w not in excluded and not set(text.stemmed([w])) & stems]


def prepare(index: ScopeIndex) -> None:
    """Embed ahead, off the request, the Latin names of a scope just loaded into the search index (the words
    ``_words_of`` could give a question's seeds, the question's own words aside) by the primary model, which
    reads the questions the lever is on for by default: see the module's docstring. Only with the lever on, the
    process's threads running (a server) and at most ``PREPARED_ROWS`` memories."""
    if settings.RECALL_CATEGORY_BOOST <= 0 or settings.RECALL_CATEGORY_SEEDS <= 0 or not THREADS.running \
            or len(index) > PREPARED_ROWS:
        return
    THREADS.submit("side", _prepare, index.scope_id, index.tenant_id, embedders()[0])  # chosen on this thread


def forget() -> None:
    """Drop every kept name: memories were deleted from a scope (an erasure), and their names must not outlive
    them in this process. Embedded again as scopes load and questions ask."""
    with _LOCK:
        _VECTORS.clear()


def _prepare(scope_id: uuid.UUID, tenant_id: Any, embedder: Embedder) -> None:
    words: dict[str, None] = {}
    for content in sql.scope_contents(scope_id, tenant_id, PREPARED_ROWS):
        for sentence in _SENTENCES.split(content):
            found = _WORD_EN.findall(sentence)
            words.update((w.casefold(), None) for w in found[1:] if w[0].isupper())
    missing = [w for w in words if len(w) >= 3 and w not in STOPWORDS and (embedder.name, w) not in _VECTORS]
    for start in range(0, len(missing), PREPARE_BATCH):
        THREADS.submit("side", _unit_vectors, embedder, missing[start : start + PREPARE_BATCH])


def _unit_vectors(embedder: Embedder, words: Sequence[str]) -> np.ndarray:
    """Each word's unit vector by ``embedder``, embedded once per process (then kept, up to ``MAX_CACHED``)."""
    with _LOCK:
        held = {w: _VECTORS.get((embedder.name, w)) for w in words}
    missing = [w for w, vector in held.items() if vector is None]
    if missing:
        found = np.asarray(embedder.embed(missing), dtype=np.float32)
        found /= np.maximum(np.linalg.norm(found, axis=1, keepdims=True), 1e-9)
        held.update(zip(missing, found, strict=True))
        with _LOCK:
            if len(_VECTORS) + len(missing) > MAX_CACHED:
                _VECTORS.clear()
            _VECTORS.update({(embedder.name, w): v for w, v in zip(missing, found, strict=True)})
    rows = [vector for w in words if (vector := held[w]) is not None]  # every one, now
    return np.stack(rows) if rows else np.zeros((0, 1), np.float32)


def instances(noun: str, embedder: Embedder, contents: Sequence[str], asked: set[str]) -> list[str]:
    """The words of ``contents`` closest to the category ``noun`` (the question's own words ``asked`` left out),
    best first: cosine ≥ MIN_SIMILARITY, at most MAX_INSTANCES."""
    words = _words_of(contents, asked | set(noun.split()))
    if not words:
        return []
    vectors = _unit_vectors(embedder, [noun, *words])  # the noun and the new words in one run of the model
    similarity = vectors[1:] @ vectors[0]
    close = sorted((i for i in range(len(words)) if similarity[i] >= MIN_SIMILARITY),
                   key=lambda i: (-float(similarity[i]), words[i]))
    return [words[i] for i in close[:MAX_INSTANCES]]


def _asked_words(query: str) -> set[str]:
    words = {w.casefold() for w in _WORD_EN.findall(query)}
    if text.has_cjk(query):
        words |= {word for word, _ in _tagged(query) if text.has_cjk(word)}
    return words


def boost(query: str) -> float:
    """The lever's boost for this question's language: ``RECALL_CATEGORY_BOOST`` (English and other Latin-script
    questions), ``RECALL_CATEGORY_BOOST_ZH`` (a question with Chinese; 0 by default: at 2 it cost the Chinese
    development set 0.778 → 0.748, where every person has a city, a school and an employer, docs/recall.md)."""
    return float(settings.RECALL_CATEGORY_BOOST_ZH if text.has_cjk(query) else settings.RECALL_CATEGORY_BOOST)


def reader(models: Sequence[Embedder], coverage: Mapping[str, float]) -> Embedder | None:
    """The first model that reads the question (its coverage ≥ READS_MIN): the one its category is embedded by."""
    return next((m for m in models if coverage.get(m.name, 0.0) >= READS_MIN), None)


def holders(query: str, source: CandidateSource, lists: Mapping[str, Sequence[Candidate]],
            embedder: Embedder | None, query_vectors: Mapping[str, Sequence[float]]) -> dict[Key, Candidate]:
    """The memories of the scopes that hold an instance of the question's category (``instances``), each a
    candidate whose ``lexical`` is the instance words' BM25 (``ts_rank_cd`` in SQL); nothing when the question
    names no category or its words name no instance."""
    noun = category_noun(query)
    seeds = settings.RECALL_CATEGORY_SEEDS
    if noun is None or embedder is None or seeds <= 0:
        return {}
    ids = list(dict.fromkeys(c.id for found in lists.values() for c in found[:seeds]))
    contents = dict(sql.contents(ids))  # one uuid[] parameter: the ORM's ``pk__in`` quotes each id in Python
    found_words = instances(noun, embedder, [contents[pk] for pk in ids if pk in contents], _asked_words(query))
    if not found_words:
        return {}
    lexical = source.lexical(" ".join(found_words), settings.RECALL_CANDIDATE_POOL, parallel=False)
    if lexical is None:
        return {}
    return {c.key: c for c in lexical.finish(query_vectors)}


def joined(candidates: dict[Key, Candidate], held: Mapping[Key, Candidate]) -> None:
    """The holders the first pass did not find join the candidates, holding none of the question's words."""
    for pk, c in held.items():
        if pk not in candidates:
            candidates[pk] = dataclasses.replace(c, lexical=0.0, lexical_coverage=0.0)


def lifted(fused: Mapping[Key, float], held: Mapping[Key, Candidate], boost: float
           ) -> dict[Key, float]:
    """``fused`` with each holder gaining ``boost`` × its instance words' score over the best holder's."""
    if boost <= 0 or not held:
        return dict(fused)
    best = max(c.lexical for c in held.values()) or 1.0
    return {pk: value * (1.0 + boost * held[pk].lexical / best) if pk in held else value
            for pk, value in fused.items()}


LOADED.append(prepare)
REMOVED.append(forget)
