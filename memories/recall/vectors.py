"""A search's query vectors (``QueryVectors``), computed on the ``query`` threads while the request's thread reads
the scopes and ranks by BM25, and the named person's topic embedded in the same model run as its question.

A question that names one person is also ranked as its topic (the question without the name) among that
person's memories (``memories.recall.focus``): two texts to embed, and one batched run of the model costs
less than two (all-MiniLM through onnxruntime: ~8 ms of CPU for a question and its topic together, ~11 ms
apart; each vector the same, bit for bit, as when embedded alone: tested). Which person a question names
is known only once the scopes are read (their subjects and the people their memories mention), after the
question's embedding has started. So the topic is guessed before, from what this process already holds:
the scopes the same paths named last time (``remember``) and their in-process indexes as they are, not
checked against the database (``guessed_topics``). The guess only decides what is embedded together: the
search then computes the people and the topic from the fresh scopes as before and uses the guessed
topic's vector only when the texts are equal; otherwise the topic is embedded on its own (the guess cost a
text's share of one run). A first search of the paths, or one of scopes not in the indexes, guesses nothing.
"""

from __future__ import annotations

import dataclasses
import threading
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from memories.embeddings import READS_MIN, Embedder, embedders
from memories.recall import anchored, focus
from memories.recall.index.cache import CACHE, Criteria
from memories.recall.index.source import IndexSource
from memories.recall.sources import CandidateSource
from mnemara.kernel.metrics import QUERY_EMBEDDING_SECONDS
from mnemara.kernel.threads import THREADS
from tenants.paths import path_within
from tenants.scoping import get_active_tenant

#: The most (tenant, paths) → scope ids ``remember`` keeps; then it starts again.
MAX_REMEMBERED = 4096

_SCOPES: dict[tuple[object, tuple[str, ...], bool], tuple[uuid.UUID, ...]] = {}
_LOCK = threading.Lock()


def _queries(embedder: Embedder, texts: Sequence[str]) -> list[list[float]]:
    """Each text's query vector: in one run when the embedder can (``embed_queries``), else one by one."""
    together = getattr(embedder, "embed_queries", None)
    if together is not None and len(texts) > 1:
        found: list[list[float]] = together(texts)
        return found
    return [embedder.embed_query(text) for text in texts]


def _embed_soon(embedder: Embedder, texts: Sequence[str]) -> list[Future[list[float]]]:
    """Each text's vector by ``embedder``, embedded together on a ``query`` thread (the model releases the
    GIL: it and the request's ORM work overlap on two cores); a future per text."""

    def embed() -> list[list[float]]:
        with QUERY_EMBEDDING_SECONDS.time():
            return _queries(embedder, [anchored.unsaid(text).strip() for text in texts])  # not the day of asking

    batch = THREADS.submit("query", embed)
    each: list[Future[list[float]]] = [Future() for _ in texts]

    def split(done: Future[list[list[float]]]) -> None:
        error = done.exception()
        for i, future in enumerate(each):
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(done.result()[i])

    batch.add_done_callback(split)
    return each


@dataclass
class QueryVectors:
    """The query's vectors, one per model, each computed on the embedding threads once it is known to be
    needed: the primary model's at once; another model's as soon as some memory is for it to judge (a
    Chinese query: at once, since the primary model cannot read it)."""

    query: str
    models: list[Embedder]
    coverage: dict[str, float]
    pending: dict[str, Future[list[float]]] = dataclasses.field(default_factory=dict)

    @classmethod
    def start(cls, query: str, mode: str, primary_vector: Future[list[float]] | None = None) -> QueryVectors:
        """``primary_vector``: the primary model's, already on its way (embedded with another text)."""
        models = embedders()  # chosen in the caller's thread (settings and test overrides live there)
        primary = models[0]
        vectors = cls(query, models, {primary.name: primary.coverage([query])[0]})
        if mode == "lexical":  # the ablation pays for no embedding; its "vector" scores are 0
            return vectors
        vectors.pending[primary.name] = primary_vector or _embed_soon(primary, [query])[0]
        for embedder in models[1:]:
            vectors.coverage[embedder.name] = embedder.coverage([query])[0]
            if vectors.coverage[primary.name] < READS_MIN and vectors.reads(embedder.name):
                vectors.pending[embedder.name] = _embed_soon(embedder, [query])[0]
        return vectors

    @classmethod
    def start_with(cls, query: str, topic: str | None, mode: str) -> tuple[QueryVectors, QueryVectors | None]:
        """``start`` for ``query`` and, when a ``topic`` is guessed, for it too: the primary model embeds both
        in one run."""
        if not topic or topic == query or mode == "lexical":
            return cls.start(query, mode), None
        first, second = _embed_soon(embedders()[0], [query, topic])
        return cls.start(query, mode, first), cls.start(topic, mode, second)

    def reads(self, name: str) -> bool:
        return self.coverage.get(name, 0.0) >= READS_MIN

    def reads_each(self) -> list[bool]:
        return [self.reads(e.name) for e in self.models]

    def need(self, name: str) -> None:
        if name not in self.pending:
            embedder = next(e for e in self.models if e.name == name)
            self.pending[name] = _embed_soon(embedder, [self.query])[0]

    def results(self) -> dict[str, list[float]]:
        return {name: future.result() for name, future in self.pending.items()}


def _key(paths: Sequence[str], descendants: bool) -> tuple[object, tuple[str, ...], bool]:
    return get_active_tenant().pk, tuple(paths), descendants


def remember(paths: Sequence[str], descendants: bool, scope_ids: Sequence[uuid.UUID]) -> None:
    """The scopes ``paths`` named in this search (for the next one's guess)."""
    key = _key(paths, descendants)
    with _LOCK:
        if _SCOPES.get(key) != tuple(scope_ids):
            if len(_SCOPES) >= MAX_REMEMBERED:
                _SCOPES.clear()
            _SCOPES[key] = tuple(scope_ids)


def guessed_topics(texts: Sequence[str], paths: Sequence[str], descendants: bool, allowed: Sequence[str],
                   named: Callable[[str, CandidateSource], list[str]]) -> dict[str, str]:
    """For each text that names one person by the scopes these paths named last time, as this process's
    indexes of them stand: its topic (``focus.topic``), as ``search._person_parts`` would find it. Nothing
    when the person's own list is off, a path is outside the key's prefixes (``allowed``) or a scope is not
    in the indexes."""
    if settings.RECALL_PERSON_WEIGHT <= 0 or not settings.SEARCH_INDEX_ENABLED or isinstance(paths, str) \
            or not all(isinstance(path, str) and path_within(path, allowed) for path in paths):
        return {}  # the paths are not validated yet (search_scopes does that): a guess only
    with _LOCK:
        scope_ids = _SCOPES.get(_key(paths, descendants))
    if not scope_ids:
        return {}
    tenant_id = get_active_tenant().pk
    indexes = [CACHE.cached(pk) for pk in scope_ids]
    held = [index for index in indexes if index is not None and index.tenant_id == tenant_id]
    if len(held) != len(indexes):
        return {}
    source = IndexSource(held, Criteria(statuses=(), types=None, min_confidence=0.0, now=timezone.now(),
                                       as_of=None))  # only its people are asked of it
    topics: dict[str, str] = {}
    for text in texts:
        people = named(text, source)
        topic = focus.topic(text, people[0]) if len(people) == 1 else ""
        if topic and focus.searchable(topic):
            topics[text] = topic
    return topics


def started(texts: Sequence[str], paths: Sequence[str], descendants: bool, allowed: Sequence[str], mode: str,
            named: Callable[[str, CandidateSource], list[str]]) -> tuple[list[QueryVectors], dict[str, QueryVectors]]:
    """Each text's ``QueryVectors`` started, and those of the topics guessed (``guessed_topics``) by topic,
    each embedded with its text."""
    guessed = guessed_topics(texts, paths, descendants, allowed, named)
    pairs = [QueryVectors.start_with(text, guessed.get(text), mode) for text in texts]
    return [own for own, _ in pairs], {topic.query: topic for _, topic in pairs if topic is not None}
