"""Ranking as pure functions: z-score and reciprocal rank fusion, the conversation's boosts and neighbour
propagation, the confidence and recency weights, the relevance floor, the near-duplicate test. The formula
they implement is in ``memories.recall.search``'s docstring."""

from __future__ import annotations

import heapq
import math
import uuid
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

import numpy as np
from django.conf import settings

from memories.choices import MemoryType
from memories.embeddings import ModelProfile
from memories.models import Memory
from tenants.models import Tenant

RRF_K = 10
WEIGHTS: Mapping[str, float] = {"vector": 1.0, "lexical": 1.0}
MIN_VECTOR_SHARE = 0.1
CONFIDENCE_FLOOR = 0.8
RECENCY_FLOOR = 0.75
DEDUPE_COSINE = 0.97
DEDUPE_WORD_OVERLAP = 0.8
# The relevance floor's lexical side: a memory holding this idf-weighted share of the query's terms is
# relevant whatever its vector says (names, numbers, codes: docs/recall.md, "The relevance floor").
LEXICAL_FLOOR = 0.5
# Below this cosine similarity a vector says nothing, whatever the model ("coffee" and "The Starlight
# prototype is due next Monday": 0.00).
FLOOR_MIN = 0.15
# In a search that mixes models' judgements, a lexical match counts only with this share of the query's
# terms (idf-weighted): words can only match memories in the query's own language there.
LEXICAL_GATE = 0.15
# The floor's question-level test (question_answerable): the calibrated similarity of the best match that says
# the memories speak to the question (0.45: 0.32 for all-MiniLM-L6-v2, 0.26 for the multilingual model).
ANSWERABLE_CALIBRATED = 0.45
# Z-score fusion (fuse_zscore): a list's spread is at least this share of its mean; no lexical z below -FLOOR.
ZSCORE_MIN_SPREAD = 0.05
ZSCORE_FLOOR = 1.0
# The relevance floor's distinctness test compares a memory with this many of its nearest neighbours.
DISTINCT_NEIGHBOURS = 5
HALF_LIFE_SETTING = {MemoryType.TASK: "task_half_life_days", MemoryType.NOTE: "note_half_life_days"}

#: What the ranking keys a candidate by (``Candidate.key``): its id's 128-bit int. A dict of ints hashes in C; a dict
#: of UUIDs calls ``UUID.__hash__`` in Python, thousands of times a search (docs/scaling.md, "A small-scope search").
#: UUIDs only where rows are read and hits returned.
Key = int
_K = TypeVar("_K")


@dataclass(slots=True)
class Candidate:
    """One memory as the candidate queries see it: just what ranking needs."""

    id: uuid.UUID
    type: str
    confidence: float
    valid_from: datetime
    similarity: float = 0.0  # cosine similarity by ``model``'s vectors
    lexical: float = 0.0
    vector: np.ndarray | None = None  # the primary model's, from an in-process index, for the dedupe of results
    model: str = ""  # the embedding model that judged ``similarity`` (memories.embeddings.judge)
    lexical_coverage: float = 0.0  # idf-weighted share of the query's terms the memory holds (term_weights)
    others: dict[str, np.ndarray] = field(default_factory=dict)  # secondary models' vectors (in-process index)
    # The conversation's shape (``CandidateSource.shape``): its subject's external id, its search words, and
    # the memories written just before and after it in its source_session (among those the search may return).
    subject: str = ""
    words: str = ""
    before: Key | None = None  # the neighbours' keys (``key``: their ids' ints)
    after: Key | None = None
    # In another language than the query (``memories.recall.languages``): the query's words cannot be its words.
    foreign: bool = False
    # The primary model's coverage of its content, when the source holds it (the in-process index); None: unknown.
    read: float | None = None
    through: uuid.UUID | None = None  # reached through this replaced memory (``memories.recall.successors``)
    key: Key = field(init=False, repr=False, compare=False)  # ``id.int``: what the ranking's dicts are keyed by

    def __post_init__(self) -> None:
        self.key = self.id.int

    def vector_of(self, model: str, primary: str) -> np.ndarray | None:
        return self.vector if model == primary else self.others.get(model)


@dataclass(slots=True)
class Scored:
    candidate: Candidate
    score: float
    fusion: float
    recency: float

    @property
    def scores(self) -> dict[str, float]:
        """The breakdown a hit carries (built only for the hits returned)."""
        c = self.candidate
        return {"similarity": round(c.similarity, 4), "vector": round(c.similarity, 4), "lexical": round(c.lexical, 4),
                "recency": round(self.recency, 4),
                "confidence": round(c.confidence, 4), "fusion": round(self.fusion, 4), "score": round(self.score, 4)}


def fuse(ranked: Mapping[str, Sequence[_K]], weights: Mapping[str, float] = WEIGHTS,
         rrf_k: int = RRF_K) -> dict[_K, float]:
    """Reciprocal rank fusion, normalised so that first place in every given list scores 1.0."""
    used = {name: ids for name, ids in ranked.items() if weights.get(name, 0.0) > 0}
    best = sum(weights[name] / (rrf_k + 1) for name in used) or 1.0
    fused: dict[_K, float] = {}
    for name, ids in used.items():
        for rank, pk in enumerate(ids, start=1):
            fused[pk] = fused.get(pk, 0.0) + weights[name] / (rrf_k + rank)
    return {pk: value / best for pk, value in fused.items()}


def vector_value(c: Candidate, profiles: Mapping[str, ModelProfile]) -> float | None:
    """A candidate's vector evidence on one scale for every model (``ModelProfile.calibrated``); None when no
    model reads the pair (its similarity is noise)."""
    limits = profiles.get(c.model)
    return limits.calibrated(c.similarity) if limits is not None else None


def calibrated_values(candidates: Mapping[Key, Candidate], profiles: Mapping[str, ModelProfile]
                      ) -> dict[Key, float | None]:
    """``vector_value`` of every candidate, each model's ``calibrated`` looked up once."""
    scales = calibration(profiles).get
    return {pk: None if (scale := scales(c.model)) is None else (c.similarity - scale[0]) / scale[1]
            for pk, c in candidates.items()}


def calibration(profiles: Mapping[str, ModelProfile]) -> dict[str, tuple[float, float]]:
    """Each model's ``ModelProfile.calibrated`` as its two numbers (unrelated, the divisor): the same arithmetic
    written inline over a few hundred candidates, without a method call each."""
    return {name: (limits.unrelated, max(limits.related - limits.unrelated, 1e-6)) for name, limits in profiles.items()}


def fuse_zscore(lists: Mapping[str, Sequence[Candidate]], candidates: Mapping[Key, Candidate],
                weights: Mapping[str, float], profiles: Mapping[str, ModelProfile],
                values: Mapping[Key, float | None] | None = None) -> dict[Key, float]:
    """Score fusion that keeps magnitudes (docs/recall.md, "Fusion"). Each list's scores become z-scores
    over the list's own best ``RECALL_ZSCORE_DEPTH`` entries (a fixed depth: the scale never depends on how
    many results were asked for; spread at least ``ZSCORE_MIN_SPREAD`` of their mean: one lone match still
    stands out). Every candidate is placed on each list's scale by its own value: its calibrated
    similarity (``vector_value``, which every candidate has) and its BM25 score (0 when the lexical list
    does not hold it), with lexical z-scores below ``-ZSCORE_FLOOR`` raised to it (sharing no word with
    the question costs a bounded amount: answers often use other words; a memory in another language than
    the question, which cannot share its words, gets the z its vector earns: ``_foreign_lexical``). The
    weighted mean of a candidate's z-scores goes through the logistic function (0–1). Reciprocal rank
    fusion (``fuse``) gives the tenth of ten near-equal matches a tenth of the first's weight, and the one
    memory holding a rare word no more than any list's first; here a clear winner stands out and a near tie
    stays one. ``values``:
    each candidate's vector value when not its own calibrated similarity (feedback from the best hits,
    ``memories.recall.feedback``)."""
    ids = list(candidates)
    return dict(zip(ids, zscore_fused(lists, candidates, weights, profiles, values).tolist(), strict=True))


def zscore_fused(lists: Mapping[str, Sequence[Candidate]], candidates: Mapping[Key, Candidate],
                 weights: Mapping[str, float], profiles: Mapping[str, ModelProfile],
                 values: Mapping[Key, float | None] | None = None) -> np.ndarray:
    """``fuse_zscore``'s values as an array, in the order of ``candidates`` (``memories.recall.levers``)."""
    ids = list(candidates)
    if values is None:
        values = calibrated_values(candidates, profiles)
    depth = max(1, int(settings.RECALL_ZSCORE_DEPTH))
    totals = np.zeros(len(ids), dtype=np.float64)
    weight_sum = 0.0
    foreign = np.asarray([c.foreign for c in candidates.values()], dtype=bool)
    own = [values[pk] for pk in ids]  # every candidate's vector value, read once for every vector list
    vector_column = (np.asarray([0.0 if v is None else v for v in own], dtype=np.float64),
                     np.asarray([v is None for v in own], dtype=bool))
    for name, found in lists.items():
        weight = weights.get(name, 0.0)
        scale = _list_scale(name, found, ids, values, depth, vector_column) if weight > 0 and found else None
        if scale is None:
            continue
        listed, column = scale
        mean = float(listed.mean())
        spread = max(float(listed.std()), ZSCORE_MIN_SPREAD * abs(mean), 1e-3)
        z = (column - mean) / spread
        if name == "lexical":
            z = np.maximum(z, -ZSCORE_FLOOR)
            if foreign.any():
                vector_listed = {c.key for other, held in lists.items() if other != "lexical" for c in held}
                z = _foreign_lexical(z, column, foreign, ids, values, vector_listed)
        totals += weight * z
        weight_sum += weight
    if weight_sum <= 0:
        return np.full(len(ids), 0.5)
    fused: np.ndarray = 1.0 / (1.0 + np.exp(-totals / weight_sum))
    return fused


def _list_scale(name: str, found: Sequence[Candidate], ids: Sequence[Key], values: Mapping[Key, float | None],
                depth: int, vector_column: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
    """One list's scale for ``fuse_zscore``: its best ``depth`` values and every candidate's own value (BM25, 0
    when the lexical list does not hold it; the vector value, the list's lowest when no model reads the pair:
    ``vector_column``, every candidate's value and whether it has none); None for a vector list without a value."""
    if name == "lexical":
        held = {c.key: c.lexical for c in found}.get
        listed = np.asarray([c.lexical for c in found[:depth]], dtype=np.float64)
        return listed, np.asarray([held(pk, 0.0) for pk in ids], dtype=np.float64)
    own = heapq.nlargest(depth, [v for c in found if (v := values.get(c.key)) is not None])  # sorted()[:depth]
    if not own:
        return None
    listed = np.asarray(own, dtype=np.float64)
    column, missing = vector_column
    return listed, np.where(missing, listed.min(), column)


def _foreign_lexical(z: np.ndarray, column: np.ndarray, foreign: np.ndarray, ids: Sequence[Key],
                     values: Mapping[Key, float | None], listed: Set[Key]) -> np.ndarray:
    """The lexical z-scores with those of the memories in another language than the query (``Candidate.foreign``)
    that share no word with it replaced by what the query's own language gets at the same standing. The memories
    in the query's language that the vector lists hold (not the lexical list: it holds word matches whatever their
    meaning) are the reference: a foreign memory whose vector value (calibrated: one scale for every model) ranks
    n-th among theirs gets the n-th best of their lexical z-scores (a rank copula: its words are assumed to go with
    its meaning as theirs do). Floored at -ZSCORE_FLOOR it would lose to every weak word match of the query's
    language; left out of the lexical list it would beat every memory of the query's language words do not match."""
    own = [i for i, pk in enumerate(ids) if not foreign[i] and pk in listed and values.get(pk) is not None]
    if not own:
        return z
    levels = np.sort(np.asarray([values[ids[i]] for i in own], dtype=np.float64))  # ascending
    lexical = np.sort(z[own])[::-1]  # best first
    imputed = z.copy()
    for i in np.flatnonzero(foreign & (column <= 0)).tolist():
        value = values.get(ids[i])
        if value is not None:
            above = len(levels) - int(np.searchsorted(levels, value, side="right"))  # own memories ranked above it
            imputed[i] = lexical[min(above, len(lexical) - 1)]
    return imputed


def shape_boosts(fused: Mapping[Key, float], candidates: Mapping[Key, Candidate], *,
                 when: bool, people: Sequence[str], time_boost: float, subject_boost: float,
                 states_time: Callable[[str], bool],
                 mentioning: Mapping[str, Set[Key]] | None = None) -> dict[Key, float]:
    """The time-cue and named-subject levers (``memories.recall.shape``): a "when" question lifts the
    memories that state a time by ``time_boost``; a question naming one person lifts the memories about them
    (their subject) and those that mention them (``mentioning``: name → ids) by ``subject_boost``. A question
    naming several people ("What did Joanna say about Nate?") lifts by ``subject_boost`` the memories that
    involve two of them (one as their subject or a mention, another as a mention): what one said about the other."""
    boosted = dict(fused)
    mentioning = mentioning or {}
    named = [(name.casefold(), mentioning.get(name, frozenset())) for name in people]
    timed, subjects = bool(when and time_boost), bool(named and subject_boost)
    if not timed and not subjects:
        return boosted  # no lever applies: every factor would be 1.0
    needed = min(2, len(named))
    for pk, value in fused.items():
        c = candidates[pk]
        factor = 1.0
        if timed and states_time(c.words):
            factor += time_boost
        if subjects:
            subject = c.subject.casefold()
            involved = 0
            for name, ids in named:
                if subject == name or pk in ids:
                    involved += 1
            if involved >= needed:
                factor += subject_boost
        boosted[pk] = value * factor
    return boosted


def score_ceiling() -> float:
    """The highest score the formula allows (``memories.recall.search``): a fusion of 1.0 times the time cue's
    and the named date's boosts plus the best neighbour's share, that times the named subject's boost, at full
    confidence and recency."""
    timed = ((1.0 + max(0.0, settings.RECALL_TIME_BOOST)) * (1.0 + max(0.0, settings.RECALL_DATE_BOOST))
             * (1.0 + max(0.0, settings.RECALL_NEIGHBOUR_WEIGHT)))
    return timed * (1.0 + max(0.0, settings.RECALL_SUBJECT_BOOST))


def _a_reply(c: Candidate, before: Candidate) -> bool:
    """Whether ``c`` answers the memory before it: both have a speaker (subject) and they differ."""
    return bool(c.subject) and bool(before.subject) and c.subject.casefold() != before.subject.casefold()


def contextual_lexical(lists: dict[str, list[Candidate]], candidates: Mapping[Key, Candidate],
                       weight: float, *, replies_only: bool = True) -> None:
    """The contextual word field: a memory's lexical score gains ``weight`` × the lexical score of the memory
    written just before it in its session (``Candidate.before``), so a reply ("Yes, a golden retriever") is
    found by the words of the turn it answers ("Did you get a dog?"). Applied to the lexical list in place,
    after the conversation's shape is read: a candidate that holds none of the query's words but follows a
    match joins the list; the list is sorted again (ties: id). The same on both search paths (BM25 in the
    in-process index, ts_rank_cd in SQL): it reads only the list's scores and the sessions' order."""
    found = lists.get("lexical")
    if weight <= 0 or not found:
        return
    own = {c.key: c.lexical for c in found}
    score: Callable[..., float | None] = own.get  # a missing neighbour (None: no key is None) holds no score
    listed: dict[Key, Candidate] = {}
    for pk, c in candidates.items():
        before = score(c.before)
        if before is not None and replies_only and not _a_reply(c, candidates[c.before]):  # type: ignore[index]
            before = None
        if before is not None or pk in own:
            c.lexical = own.get(pk, 0.0) + weight * (before or 0.0)
            listed[pk] = c
    lists["lexical"] = sorted(listed.values(), key=lambda c: (-c.lexical, c.key))  # key: the order of its hex


#: The share of the candidates a neighbour must score above to lift a memory (``propagate``): the lower quartile
#: keeps LoCoMo's turns (0.803 → 0.804); the median lifted small everyday scopes more and cost LoCoMo a question.
NEIGHBOUR_BASELINE = 0.25


def propagate(fused: Mapping[Key, float], candidates: Mapping[Key, Candidate],
              weight: float) -> dict[Key, float]:
    """Neighbour propagation within a conversation: each memory gains ``weight`` × what the better of the
    memories written just before and after it in its source_session (``Candidate.before/after``; a memory
    that is no candidate scores 0) scores above the candidates' lower quartile (``NEIGHBOUR_BASELINE``). A
    question's answer is often the turn next to the one that shares its words ("What did she buy?" → "I went
    shopping" / "Got new running shoes"). Above a baseline, not the whole score: a weak neighbour is no
    evidence, and with the whole score a memory that has a neighbour at all outranked a closer one that has
    none (a message extracted into two memories beside one extracted into one; docs/recall.md, "Small everyday
    scopes")."""
    if weight <= 0 or not fused:
        return dict(fused)
    values = sorted(fused.values())
    baseline = values[int(NEIGHBOUR_BASELINE * len(values))]
    spread: dict[Key, float] = {}
    get: Callable[..., float] = fused.get  # a missing neighbour (None: no key is None) or no candidate: 0
    for pk, value in fused.items():
        c = candidates[pk]
        best = get(c.before, 0.0)
        later = get(c.after, 0.0)
        if later > best:  # max(best, later) and max(0.0, gain), without the calls
            best = later
        gain = best - baseline
        spread[pk] = value + weight * (gain if gain > 0.0 else 0.0)
    return spread


def lexical_weight() -> float:
    """The lexical list's weight against the vector list's 1.0: ``settings.RECALL_LEXICAL_WEIGHT`` with
    z-score fusion (the words of a long conversation's turn say more than MiniLM's vector of it), 1.0 with
    reciprocal rank fusion (tuned that way)."""
    return float(settings.RECALL_LEXICAL_WEIGHT) if settings.RECALL_FUSION != "rrf" else WEIGHTS["lexical"]


def fusion_weights(readable: float, secondary: Sequence[str] = ()) -> dict[str, float]:
    """The lists' weights: the primary model's vector list by how much of the query it reads
    (``readable``), each secondary model's list (named by the model; only the pairs it reads) and the
    lexical list in full."""
    weights = {"vector": WEIGHTS["vector"] * max(MIN_VECTOR_SHARE, readable), "lexical": lexical_weight()}
    weights.update(dict.fromkeys(secondary, WEIGHTS["vector"]))
    return weights


def one_scale(lists: Mapping[str, Sequence[Candidate]], weights: Mapping[str, float],
              profiles: Mapping[str, ModelProfile]) -> tuple[dict[str, list[Candidate]], dict[str, float]]:
    """The lists and weights of a search in which several models judge memories (a secondary model's list
    is there): each model's list has a first place whatever its similarity, and fused as separate lists a
    poor best match of one model would count as much as a good one of the other. So the pairs some model
    reads become ONE vector list ordered by calibrated similarity (``ModelProfile.calibrated``), the pairs
    no model reads (ranked by the primary model anyway) a list of their own at the smallest weight, and
    the lexical list keeps only matches holding ``LEXICAL_GATE`` of the query's terms (an English query's
    words can only match English memories: a shared name alone must not outweigh a cross-language match).
    A search with the primary model's list alone is returned unchanged."""
    secondary = [name for name in lists if name not in ("vector", "lexical")]
    if not secondary:
        return {name: list(found) for name, found in lists.items()}, dict(weights)
    read = [c for name in ("vector", *secondary) for c in lists.get(name, ()) if c.model in profiles]
    read.sort(key=lambda c: (-profiles[c.model].calibrated(c.similarity), c.key))  # key: as the id's text orders
    merged = {"vector": read, "unread": [c for c in lists.get("vector", ()) if c.model not in profiles]}
    merged_weights = {"vector": WEIGHTS["vector"], "unread": WEIGHTS["vector"] * MIN_VECTOR_SHARE}
    if "lexical" in lists:
        merged["lexical"] = [c for c in lists["lexical"] if c.lexical_coverage >= LEXICAL_GATE]
        merged_weights["lexical"] = weights.get("lexical", lexical_weight())
    return merged, merged_weights


def term_weights(frequencies: Sequence[int], documents: int) -> list[float]:
    """Each query term's idf, BM25's ``ln(1 + (N − df + 0.5) / (df + 0.5))``: a term no memory holds weighs
    most (the query asks about something the scopes do not mention)."""
    return [math.log(1.0 + (documents - df + 0.5) / (df + 0.5)) for df in frequencies]


def question_answerable(candidates: Sequence[Candidate], profiles: Mapping[str, ModelProfile],
                        bar: float = ANSWERABLE_CALIBRATED) -> bool:
    """The relevance floor's question-level test (docs/recall.md, "The relevance floor"): do the searched
    memories speak to the question at all? Yes when some candidate's calibrated similarity
    (``ModelProfile.calibrated``, by the model that judged the pair) reaches ``bar`` (``ANSWERABLE_CALIBRATED``;
    higher for a question about words the scope never holds: ``memories.recall.unheld``), or
    some candidate holds ``LEXICAL_FLOOR`` of the question's terms (names, numbers, codes). On LoCoMo's
    development half every question's best similarity is above it and 99 % of unrelated questions' below."""
    for c in candidates:
        limits = profiles.get(c.model)
        if (limits is not None and c.similarity >= FLOOR_MIN
                and limits.calibrated(c.similarity) >= bar):
            return True
        if c.lexical_coverage >= LEXICAL_FLOOR:
            return True
    return False


def relevant_ids(scored: Sequence[Scored], candidates: Sequence[Candidate], profiles: Mapping[str, ModelProfile],
                 primary: str, bar: float = ANSWERABLE_CALIBRATED) -> set[Key]:
    """The relevance floor (docs/recall.md, "The relevance floor"): every candidate when the memories speak
    to the question (``question_answerable`` at ``bar``), so the floor never costs a relevant question its evidence;
    otherwise only what passes the per-memory tests (``floor_passes``, ``floor_distinct_passes``): at most
    what came closest, for a question nothing stored is about."""
    if question_answerable(candidates, profiles, bar):
        return {s.candidate.key for s in scored}
    passing = floor_passes(candidates, profiles, scored[0].candidate.key if scored else None)
    return floor_distinct_passes(scored, passing, candidates, profiles, primary)


def floor_passes(candidates: Sequence[Candidate], profiles: Mapping[str, ModelProfile],
                 best: Key | None = None) -> set[Key]:
    """The candidates relevant enough to return (docs/recall.md, "The relevance floor"): by their vector, a
    similarity (by the model that judged the pair) of at least ``FLOOR_MIN`` and either the model's
    ``floor`` or at most its ``floor_gap`` below the best candidate that model judged; or by their words,
    holding ``LEXICAL_FLOOR`` of the query's terms (idf-weighted). ``best``, the best-scored candidate,
    needs only some evidence (``FLOOR_MIN``, or a word in common): a search always says what came closest."""
    top: dict[str, float] = {}
    for c in candidates:
        top[c.model] = max(top.get(c.model, -1.0), c.similarity)
    passing = set()
    for c in candidates:
        limits = profiles.get(c.model)
        by_vector = limits is not None and c.similarity >= FLOOR_MIN and (
            c.similarity >= limits.floor or c.similarity >= top[c.model] - limits.floor_gap)
        some = (limits is not None and c.similarity >= FLOOR_MIN) or c.lexical_coverage > 0
        if by_vector or c.lexical_coverage >= LEXICAL_FLOOR or (c.key == best and some):
            passing.add(c.key)
    return passing


def floor_distinct_passes(scored: Sequence[Scored], passing: set[Key], candidates: Sequence[Candidate],
                          profiles: Mapping[str, ModelProfile], primary: str) -> set[Key]:
    """The floor's second test: of the candidates above it (``passing``), the best-scored one stays; every
    other one a model judged must be at least its model's ``floor_distinct`` closer to the query than to
    its nearest neighbours among the candidates ranked below it (``distinctness``). So a question about something the
    scopes never mention ("Emma's favourite movie" among memories about Emma) keeps its closest memory
    and drops the ones that are merely about the same person."""
    ranked = [s.candidate for s in scored if s.candidate.key in passing]
    judged = ranked[1:]
    margins = distinctness(judged, candidates, profiles, primary)
    generic = {c.key for c in judged if c.key in margins and margins[c.key] < (profiles[c.model].floor_distinct or 0.0)}
    return passing - generic


def distinctness(judged: Sequence[Candidate], candidates: Sequence[Candidate], profiles: Mapping[str, ModelProfile],
                 primary: str) -> dict[Key, float]:
    """For each of ``judged`` whose model has a ``floor_distinct`` and whose vector is at hand: its
    similarity to the query minus its mean similarity, by the same model, to its ``DISTINCT_NEIGHBOURS``
    nearest candidates among those the query ranks below it (calibrated similarity; for the primary model
    the candidates it judged, for a secondary one every candidate with its vector). A memory that is only
    about the question's person or topic is about as close to the other memories about them as to the
    question; one that answers it is closer to the question (a hubness correction, as CSLS in
    cross-lingual retrieval). Memories ranked above do not count: two answers may well be alike. No
    memory below: no test (``inf``). Measured on the evaluation set: docs/benchmarks.md."""
    margins: dict[Key, float] = {}
    for model in {c.model for c in judged}:
        limits = profiles.get(model)
        if limits is None or limits.floor_distinct is None:
            continue
        pool = [(c, v) for c in candidates if c.model == model or model != primary
                if (v := c.vector_of(model, primary)) is not None]
        slot = {c.key: i for i, (c, _) in enumerate(pool)}
        asked = [c for c in judged if c.model == model and c.key in slot]
        if not asked:
            continue
        matrix = np.stack([v for _, v in pool]).astype(np.float32, copy=False)
        level = np.asarray([_calibrated(c, profiles) for c, _ in pool])
        rows = np.asarray([slot[c.key] for c in asked])
        sims = matrix[rows] @ matrix.T  # each asked memory against every candidate
        sims[level[None, :] >= level[rows][:, None]] = -np.inf  # itself and those ranked above it
        neighbours = min(DISTINCT_NEIGHBOURS, len(pool))
        nearest = -np.partition(-sims, neighbours - 1, axis=1)[:, :neighbours].astype(np.float64)
        below = np.isfinite(nearest)
        counts = below.sum(axis=1)
        means = np.where(below, nearest, 0.0).sum(axis=1) / np.maximum(counts, 1)
        for c, count, mean in zip(asked, counts.tolist(), means.tolist(), strict=True):
            margins[c.key] = c.similarity - mean if count else math.inf
    return margins


def _calibrated(c: Candidate, profiles: Mapping[str, ModelProfile]) -> float:
    limits = profiles.get(c.model)
    return limits.calibrated(c.similarity) if limits is not None else -math.inf


def confidence_weight(confidence: float) -> float:
    return CONFIDENCE_FLOOR + (1.0 - CONFIDENCE_FLOOR) * min(1.0, max(0.0, confidence))


def recency(memory_type: str, age_days: float, half_lives: Mapping[str, float]) -> float:
    """1.0 for types that do not decay; otherwise halves every half-life (future dates count as new)."""
    half_life = half_lives.get(memory_type)
    if not half_life or half_life <= 0:
        return 1.0
    return math.pow(0.5, max(0.0, age_days) / half_life)


def half_lives(tenant: Tenant) -> dict[str, float]:
    return {str(t): float(getattr(tenant, name)) for t, name in HALF_LIFE_SETTING.items()}


def score_candidates(candidates: Mapping[Key, Candidate], fused: Mapping[Key, float], *,
                     reference: datetime, lives: Mapping[str, float]) -> list[Scored]:
    ordered = []
    weights: dict[float, float] = {}  # confidence → its weight: a scope holds few distinct confidences
    decaying = {name for name, life in lives.items() if life and life > 0}
    for pk, fusion in fused.items():
        c = candidates[pk]
        # ``recency`` of a type that does not decay is 1.0 whatever its age: not computed
        fresh = recency(c.type, (reference - c.valid_from).total_seconds() / 86400.0, lives) if c.type in decaying \
            else 1.0
        weight = weights.get(c.confidence)
        if weight is None:
            weight = weights[c.confidence] = confidence_weight(c.confidence)
        score = fusion * weight * (RECENCY_FLOOR + (1.0 - RECENCY_FLOOR) * fresh)
        # Ties by id: ``id.int`` orders as its text does (fixed-width lowercase hex) and costs no string. The
        # (-score, -similarity, key) tuples sort as they are (keys are unique: nothing after them is compared).
        ordered.append((-score, -c.similarity, pk, Scored(c, score, fusion, fresh)))
    ordered.sort()
    return [entry[3] for entry in ordered]


def merge_candidates(lists: Mapping[str, Sequence[Candidate]]) -> dict[Key, Candidate]:
    merged: dict[Key, Candidate] = {}
    for candidates in lists.values():
        for c in candidates:
            seen = merged.setdefault(c.key, c)
            if seen is c:  # first seen: nothing to merge
                continue
            seen.lexical = max(seen.lexical, c.lexical)
            seen.lexical_coverage = max(seen.lexical_coverage, c.lexical_coverage)
            if seen.vector is None:
                seen.vector = c.vector
            if not seen.others:
                seen.others = c.others
    return merged


def _words(memory: Memory) -> set[str]:
    return set(memory.search_text.split())


def _embedding(memory: Memory) -> Any:
    return memory.embedding


def near_duplicate(a: Memory, b: Memory, vector_of: Callable[[Memory], Any] = _embedding,
                   words_of: Callable[[Memory], set[str]] = _words) -> bool:
    """Same content_hash, or word overlap and cosine both high. Words are checked first: they are at
    hand, while vectors may need a query and are looked at only for the rare pair that gets this far.
    A memory with a key is addressed, not deduplicated (two keys holding one value are two items), so
    it is never folded into another hit. ``words_of``: a memory's search words (the caller may keep them: a
    search compares each hit with every one kept before it)."""
    if a.key is not None or b.key is not None:
        return False
    if a.content_hash == b.content_hash:
        return True
    wa, wb = words_of(a), words_of(b)
    shared = len(wa & wb)  # the union's size is len(wa) + len(wb) − shared: no union set built
    if not (wa or wb) or shared / (len(wa) + len(wb) - shared) < DEDUPE_WORD_OVERLAP:
        return False
    va, vb = vector_of(a), vector_of(b)
    if va is None or vb is None:
        return False
    cosine = float(np.dot(np.asarray(va, dtype=np.float32), np.asarray(vb, dtype=np.float32)))
    return cosine >= DEDUPE_COSINE
