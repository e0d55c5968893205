"""The live memory that replaced the one a question matches: "我周末一般干什么？" after "用户周末去钓鱼" was
superseded by "用户最近迷上了骑行", "What do I do on weekends?" after "goes fishing every weekend" gave way to "has
been hooked on road cycling lately".

A memory a newer one replaced (``Memory.superseded_by``: the write flow's supersession, a merge) is out of every
default search, and its successor often does not say the question's words: the old value answered "weekends", the new
one names only the new pastime. So at search time the retired memories of the searched scopes are ranked too
(``routed``): the same lexical and vector lists as the live ones (the in-process index holds every status), each
retired candidate placed on the live lists' scales (``rank.zscore_fused`` over the live lists' best and these), and
the best ``PREDECESSORS`` of them hand their fused score, discounted, to the live memory at the end of their chain
(``sql.successors``: every link a memory of the same scope that a newer one replaced, at most ``DEPTH`` links; one
statement; only those whose discounted fusion beats the ``REACH``-th best of the live lists' best): the successor's
score gains what ``RECALL_SUCCESSOR_DISCOUNT`` × its predecessor's z-score fusion
exceeds its own by (the levers that lifted it stay). It joins the candidates if the lists missed it (when it passes
the search's filters), and passes the relevance floor when its predecessor alone speaks to the question. It says
so: ``Candidate.through`` (the API's ``through``) names the replaced memory it was reached by.

What is never followed: a memory a person deprecated (no successor), a chain whose end a person deprecated or deleted
(nothing live ends it), a successor in another scope, another tenant's rows (the statement names the tenant and the
searched scopes). Nothing is copied: the route reads the retired memory's words and vectors where they are, so an
erasure that removes them removes the route. The retired memory itself is never returned: only a question asking for
earlier values (``memories.recall.history``), ``include_statuses`` or ``as_of`` reads retired memories, and then
this route is off. It runs on the in-process index only (scopes beyond it are ranked in SQL: no route there), not
with a metadata filter, and costs nothing when no deprecated memory of the scopes was replaced by a newer one (the
index holds whether each was: ``ScopeIndex.replaced``, kept fresh by the same stamps as its status).
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping, Sequence

import numpy as np
from django.conf import settings

from memories.choices import Status
from memories.embeddings import ModelProfile
from memories.recall import sql
from memories.recall.index.scope import STATUS_CODES
from memories.recall.index.source import IndexSource
from memories.recall.rank import Candidate, Key, merge_candidates, question_answerable, zscore_fused
from memories.recall.sources import CandidateSource
from memories.recall.vectors import QueryVectors

PREDECESSORS = 5  # the best retired candidates whose chains are followed
DEPTH = 8  # links followed at most (A → B → C is two)
REACH = 10  # a predecessor is followed only if its discounted fusion beats the REACH-th best of the live lists' best
_RETIRED = STATUS_CODES[Status.DEPRECATED]

Lists = Mapping[str, Sequence[Candidate]]


def routed(query: str, source: CandidateSource, vectors: QueryVectors, ranked: tuple[Lists, Mapping[str, float],
           Mapping[str, ModelProfile]], candidates: dict[Key, Candidate], fused: dict[Key, float],
           passing: set[int]) -> tuple[dict[Key, float], set[int]]:
    """``fused`` with each live successor of the best retired candidates lifted toward its predecessor's fused
    score, discounted (joining ``candidates`` if needed), and ``passing`` (the memories above the floor whatever
    it says) with those whose predecessor speaks to the question; unchanged when nothing applies (docstring above)."""
    discount = settings.RECALL_SUCCESSOR_DISCOUNT
    if discount <= 0 or not _applies(source):
        return fused, passing
    assert isinstance(source, IndexSource)
    lists, weights, profiles = ranked
    retired = _retired(query, source, vectors)
    if not retired:
        return fused, passing
    depth = max(1, int(settings.RECALL_ZSCORE_DEPTH))
    scale = {c.key: c for found in lists.values() for c in found[:depth]}  # what places a value on each list's scale
    values = _fused(lists, scale | retired, weights, profiles)
    best = _followed(retired, values, scale, discount)
    ends = sql.successors([retired[k].id for k in best], source.scope_ids, DEPTH) if best else []
    if not ends:
        return fused, passing
    joined = _joined([end for _, end in ends if end.int not in candidates], source, vectors)
    found = {c.key: c for _, end in ends if (c := candidates.get(end.int) or joined.get(end.int)) is not None}
    own = _fused(lists, scale | found, weights, profiles)
    key_of = {retired[k].id: k for k in best}
    gains: dict[uuid.UUID, tuple[Candidate, float]] = {}
    for start, end in sorted(ends, key=lambda pair: -values[key_of[pair[0]]]):  # the best predecessor of each
        if end.int in found and end not in gains:
            gains[end] = (retired[key_of[start]], discount * values[key_of[start]] - own[end.int])
    return _lifted(gains, found, candidates, fused, passing, profiles)


def _lifted(gains: Mapping[uuid.UUID, tuple[Candidate, float]], found: Mapping[Key, Candidate],
            candidates: dict[Key, Candidate], fused: dict[Key, float], passing: set[int],
            profiles: Mapping[str, ModelProfile]) -> tuple[dict[Key, float], set[int]]:
    """Each successor's fused score raised by its gain (its predecessor's discounted fusion over its own), marked
    ``through`` the predecessor, and passing the floor when the predecessor alone speaks to the question."""
    lifted, passes = dict(fused), set(passing)
    for end, (before, gain) in gains.items():
        c = found[end.int]
        if gain <= 0.0:
            continue
        candidates[c.key] = dataclasses.replace(c, through=before.id)
        lifted[c.key] = fused.get(c.key, 0.0) + gain
        if question_answerable([before], profiles):
            passes.add(c.key)
    return lifted, passes

def _followed(retired: Mapping[Key, Candidate], values: Mapping[Key, float], scale: Mapping[Key, Candidate],
              discount: float) -> list[Key]:
    """The best ``PREDECESSORS`` retired candidates whose discounted fusion beats the ``REACH``-th best of the live
    lists' best: one below them would lift its successor to no place there."""
    live = sorted((values[k] for k in scale), reverse=True)
    bar = live[min(len(live), REACH) - 1] if live else 0.0
    return [k for k in sorted(retired, key=lambda k: -values[k])[:PREDECESSORS] if discount * values[k] > bar]

def _fused(lists: Lists, candidates: Mapping[Key, Candidate], weights: Mapping[str, float],
           profiles: Mapping[str, ModelProfile]) -> dict[Key, float]:
    """The z-score fusion of ``candidates`` on the scales of ``lists`` (their best entries among the candidates)."""
    return dict(zip(candidates, zscore_fused(lists, candidates, weights, profiles).tolist(), strict=True))


def _applies(source: CandidateSource) -> bool:
    """A default search (no retired memory asked for, no date, no metadata filter) on the in-process index, in
    scopes holding some deprecated memory a newer one replaced (one a person deprecated or that expired has no
    successor: ``sql.successors`` would find none)."""
    if not isinstance(source, IndexSource):
        return False
    criteria = source.criteria
    if Status.DEPRECATED in criteria.statuses or criteria.as_of is not None or criteria.only is not None:
        return False
    return any(_replaced(index.status, index.replaced, index.size) for index in source.indexes)


def _replaced(status: np.ndarray, replaced: np.ndarray, size: int) -> bool:
    """Whether one of the first ``size`` slots is deprecated and was replaced."""
    return bool(((status[:size] == _RETIRED) & replaced[:size]).any())


def _retired(query: str, source: IndexSource, vectors: QueryVectors) -> dict[Key, Candidate]:
    """The deprecated memories of the scopes the question's words or vectors find, as candidates of the same
    lists (a model's list only when the query was embedded by it)."""
    retired = IndexSource(source.indexes, dataclasses.replace(source.criteria, statuses=(Status.DEPRECATED,)))
    retired.judge(vectors.reads_each())
    found = vectors.results()
    primary = vectors.models[0].name
    lists: dict[str, list[Candidate]] = {
        "vector" if name == primary else name: retired.vector_candidates(vector, PREDECESSORS, model=name)
        for name, vector in found.items()}
    lexical = retired.lexical(query, PREDECESSORS, parallel=False)
    if lexical is not None:
        lists["lexical"] = lexical.finish(found or None)
    return merge_candidates(lists)


def _joined(ids: Sequence[uuid.UUID], source: IndexSource, vectors: QueryVectors) -> dict[Key, Candidate]:
    """The successors the lists missed, as candidates (their similarity by the model that judges them), if they
    pass the search's filters."""
    if not ids:
        return {}
    only = frozenset(pk.int for pk in ids)
    live = IndexSource(source.indexes, dataclasses.replace(source.criteria, only=only))
    live.judge(vectors.reads_each())
    return {c.key: c for name, vector in vectors.results().items()
            for c in live.vector_candidates(vector, len(only), model=name)}
