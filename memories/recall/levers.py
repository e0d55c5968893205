"""The conversation's levers over one ranking's candidates (``conversation_fusion``; the formula is in
``memories.recall.search``'s docstring, the levers in docs/recall.md, "Levers").

With z-score fusion (the default) they run as arrays over the candidates' positions: the fused values, then
each lever's factor or neighbour gain, read from a ``Table`` made at the ranking's first fusion and used again
by its second (feedback's: the same candidates, the same question, other vector values). Every value is the
same operation on the same numbers as the levers' functions in ``rank`` and ``dates`` (a product by the same
factor, the same sums and comparisons, elementwise in float64: bit for bit the same); only the per-candidate
Python and the dicts between the levers are gone. Reciprocal rank fusion and two hops through a person take
those functions one after the other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from django.conf import settings

from memories.embeddings import ModelProfile
from memories.recall import dates, hops, shape
from memories.recall.rank import (
    NEIGHBOUR_BASELINE,
    ZSCORE_FLOOR,
    ZSCORE_MIN_SPREAD,
    Candidate,
    Key,
    calibration,
    fuse,
    fuse_zscore,
    propagate,
    shape_boosts,
    zscore_fused,
)
from memories.recall.sources import CandidateSource


class Table:
    """One ranking's levers by candidate position, made at its first fusion (``fill``): the time cue's and the
    named date's factors (None: 1.0 for every candidate), each candidate's neighbours' positions (the
    candidates' count: not a candidate, 0), and the named person's factors."""

    def __init__(self) -> None:
        self.keys: list[Key] | None = None
        self.timed: np.ndarray | None = None
        self.dated: np.ndarray | None = None
        self.before = self.after = np.zeros(0, dtype=np.int64)
        self.named: np.ndarray | None = None
        # z-score fusion's inputs that are the same in both fusions (``_zscores``): whether some candidate is in
        # another language than the query (then ``rank.zscore_fused`` fuses), the calibrated similarities and
        # where no model reads the pair, each list's positions, the lexical list's scale
        self.mixed = False
        self.calibrated = self.uncalibrated = np.zeros(0)
        self.at: dict[Key, int] = {}
        self.lists: dict[str, tuple[Sequence[Candidate], np.ndarray]] = {}
        self.lexical: tuple[Sequence[Candidate], np.ndarray, np.ndarray] | None = None

    def fill(self, query: str, source: CandidateSource, candidates: Mapping[Key, Candidate],
             named: Sequence[str], profiles: Mapping[str, ModelProfile]) -> None:
        keys = self.keys = list(candidates)
        found = list(candidates.values())
        self.mixed = any(c.foreign for c in found)
        self.calibrated, self.uncalibrated = _calibrated(found, profiles)
        self.at, self.lists, self.lexical = {pk: i for i, pk in enumerate(keys)}, {}, None
        self._levers(query, source, candidates, found, named)

    def _levers(self, query: str, source: CandidateSource, candidates: Mapping[Key, Candidate],
                found: Sequence[Candidate], named: Sequence[str]) -> None:
        keys = self.keys or []
        time_boost = settings.RECALL_TIME_BOOST
        if time_boost and shape.asks_when(query):  # ``rank.shape_boosts``: 1 + the boost for a stated time
            lifted = 1.0 + time_boost
            self.timed = _factors([lifted if shape.states_time(c.words) else 1.0 for c in found])
        spans, boost = dates.named_dates(query), settings.RECALL_DATE_BOOST
        if spans and boost > 0:  # ``dates.date_boosts``
            lifted = 1.0 + boost
            self.dated = _factors([lifted if any(span.holds(c.valid_from.date()) for span in spans) else 1.0
                                   for c in found])
        if settings.RECALL_NEIGHBOUR_WEIGHT > 0:
            at = self.at
            missing = len(keys)
            self.before = np.asarray([at.get(c.before, missing) for c in found], dtype=np.int64)  # type: ignore[arg-type]
            self.after = np.asarray([at.get(c.after, missing) for c in found], dtype=np.int64)  # type: ignore[arg-type]
        if named and settings.RECALL_SUBJECT_BOOST:  # ``rank.shape_boosts`` with the people named, last
            ones = dict.fromkeys(keys, 1.0)
            boosted = shape_boosts(ones, candidates, when=False, people=named, time_boost=0.0,
                                   subject_boost=settings.RECALL_SUBJECT_BOOST, states_time=shape.states_time,
                                   mentioning=source.mentioning(candidates, named))
            self.named = _factors(list(boosted.values()))  # 1.0 · factor: the factor itself


def _calibrated(found: Sequence[Candidate], profiles: Mapping[str, ModelProfile]) -> tuple[np.ndarray, np.ndarray]:
    """``rank.calibrated_values`` of each candidate, the same arithmetic over arrays, and where no model reads the
    pair (its value then is None: here its similarity, never read)."""
    scales = calibration(profiles).get
    held = [scales(c.model) for c in found]
    calibrated = ((np.asarray([c.similarity for c in found], dtype=np.float64)
                   - np.asarray([0.0 if h is None else h[0] for h in held], dtype=np.float64))
                  / np.asarray([1.0 if h is None else h[1] for h in held], dtype=np.float64))
    return calibrated, np.asarray([scale is None for scale in held], dtype=bool)


def _factors(factors: list[float]) -> np.ndarray | None:
    """The factors as an array; None when every one is 1.0 (a product by 1.0 changes nothing)."""
    return None if all(f == 1.0 for f in factors) else np.asarray(factors, dtype=np.float64)


def conversation_fusion(query: str, source: CandidateSource, candidates: Mapping[Key, Candidate],
                        ranked: Mapping[str, Sequence[Candidate]], weights: Mapping[str, float],
                        profiles: Mapping[str, ModelProfile], named: Sequence[str] = (),
                        values: Mapping[Key, float | None] | None = None, table: Table | None = None
                        ) -> dict[Key, float]:
    """Every candidate's fused score with the conversation's levers (docs/recall.md, "Levers"): the lists
    fused (``RECALL_FUSION``: z-scores, or reciprocal ranks), then the time-cue boost, the named date's, two hops
    through a person (off by default), neighbour propagation within a session, and last the named-person boost
    (``named``: the people the question names, ``search.named_people``). ``values``: the vector values fed back
    (``feedback``). ``table``: the ranking's levers, made by its first fusion (None: made here, for this one)."""
    if settings.RECALL_FUSION == "rrf" or (settings.RECALL_HOP_BOOST and not named):
        return _one_by_one(query, source, candidates, ranked, weights, profiles, named, values)
    if table is None:
        table = Table()
    if table.keys != list(candidates):  # its first fusion (a table is of one ranking's candidates, in their order)
        table.fill(query, source, candidates, named, profiles)
    fused = _zscores(table, ranked, weights, values)
    if fused is None:
        fused = zscore_fused(ranked, candidates, weights, profiles, values)
    if table.timed is not None:
        fused = fused * table.timed
    if table.dated is not None:
        fused = fused * table.dated
    weight = settings.RECALL_NEIGHBOUR_WEIGHT
    if weight > 0 and len(fused):  # ``rank.propagate``
        baseline = float(np.sort(fused)[int(NEIGHBOUR_BASELINE * len(fused))])
        held = np.append(fused, 0.0)  # a neighbour that is no candidate: 0
        earlier, later = held[table.before], held[table.after]
        gain = np.where(later > earlier, later, earlier) - baseline
        fused = fused + weight * np.where(gain > 0.0, gain, 0.0)
    if table.named is not None:
        fused = fused * table.named
    return dict(zip(table.keys, fused.tolist(), strict=True))  # type: ignore[arg-type]


def _zscores(table: Table, lists: Mapping[str, Sequence[Candidate]], weights: Mapping[str, float],
             values: Mapping[Key, float | None] | None) -> np.ndarray | None:
    """``rank.zscore_fused`` over the table's arrays: each list's best values and every candidate's own, the same
    numbers in the same order (a list's best, sorted, copied into an array as the list of them would be: numpy sums
    an array in its memory's order); None where ``rank.zscore_fused`` must fuse (a memory in another language, or a
    list member that is no candidate)."""
    if table.mixed:
        return None
    if values is None:
        own, missing = table.calibrated, table.uncalibrated
    else:  # feedback's values
        given = [values[pk] for pk in table.keys]  # type: ignore[union-attr]
        own = np.asarray([0.0 if v is None else v for v in given], dtype=np.float64)
        missing = np.asarray([v is None for v in given], dtype=bool)
    depth = max(1, int(settings.RECALL_ZSCORE_DEPTH))
    totals = np.zeros(len(own), dtype=np.float64)
    weight_sum = 0.0
    for name, found in lists.items():
        weight = weights.get(name, 0.0)
        if weight <= 0 or not found:
            continue
        if name == "lexical":
            listed, column = _lexical_scale(table, found, depth)
        else:
            at = _positions(table, name, found)
            if at is None:
                return None
            valued = own[at][~missing[at]]
            if not len(valued):
                continue
            listed = np.array(np.sort(valued)[::-1][:depth])  # heapq.nlargest's, contiguous
            column = np.where(missing, listed.min(), own)
        mean = float(listed.mean())
        spread = max(float(listed.std()), ZSCORE_MIN_SPREAD * abs(mean), 1e-3)
        z = (column - mean) / spread
        if name == "lexical":
            z = np.maximum(z, -ZSCORE_FLOOR)
        totals += weight * z
        weight_sum += weight
    if weight_sum <= 0:
        return np.full(len(own), 0.5)
    fused: np.ndarray = 1.0 / (1.0 + np.exp(-totals / weight_sum))
    return fused


def _lexical_scale(table: Table, found: Sequence[Candidate], depth: int) -> tuple[np.ndarray, np.ndarray]:
    """``rank._list_scale`` of the lexical list (its best ``depth`` BM25 scores, every candidate's: 0 when the list
    does not hold it), read once a ranking."""
    if table.lexical is None or table.lexical[0] is not found:
        scores = {c.key: c.lexical for c in found}.get
        table.lexical = (found, np.asarray([c.lexical for c in found[:depth]], dtype=np.float64),
                         np.asarray([scores(pk, 0.0) for pk in table.keys or ()], dtype=np.float64))
    return table.lexical[1], table.lexical[2]


def _positions(table: Table, name: str, found: Sequence[Candidate]) -> np.ndarray | None:
    """A list's members' positions among the candidates, read once a ranking; None when one is no candidate."""
    held = table.lists.get(name)
    if held is None or held[0] is not found:
        if any(c.key not in table.at for c in found):
            return None
        held = table.lists[name] = (found, np.asarray([table.at[c.key] for c in found], dtype=np.int64))
    return held[1]


def _one_by_one(query: str, source: CandidateSource, candidates: Mapping[Key, Candidate],
                ranked: Mapping[str, Sequence[Candidate]], weights: Mapping[str, float],
                profiles: Mapping[str, ModelProfile], named: Sequence[str],
                values: Mapping[Key, float | None] | None) -> dict[Key, float]:
    """``conversation_fusion`` lever by lever over dicts: reciprocal rank fusion, or two hops through a person."""
    if settings.RECALL_FUSION == "rrf":
        by_rank = fuse({name: [c.key for c in found] for name, found in ranked.items()}, weights)
        fused = {pk: by_rank.get(pk, 0.0) for pk in candidates}
    else:
        fused = fuse_zscore(ranked, candidates, weights, profiles, values)
    fused = shape_boosts(fused, candidates, when=shape.asks_when(query), people=(),
                         time_boost=settings.RECALL_TIME_BOOST, subject_boost=0.0, states_time=shape.states_time)
    fused = dates.date_boosts(fused, candidates, dates.named_dates(query), settings.RECALL_DATE_BOOST)
    if settings.RECALL_HOP_BOOST and not named:
        # A question that names nobody may describe someone: two hops through the person of its best matches.
        fused = hops.hop_boosts(fused, candidates, seeds=settings.RECALL_HOP_SEEDS, boost=settings.RECALL_HOP_BOOST)
    fused = propagate(fused, candidates, settings.RECALL_NEIGHBOUR_WEIGHT)
    if not named or not settings.RECALL_SUBJECT_BOOST:
        return fused
    # The named-person lever comes last: a memory about the person keeps, lifted, what its neighbours gave it.
    mentions = source.mentioning(candidates, named)
    return shape_boosts(fused, candidates, when=False, people=named, time_boost=0.0,
                        subject_boost=settings.RECALL_SUBJECT_BOOST, states_time=shape.states_time,
                        mentioning=mentions)
