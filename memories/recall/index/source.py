"""``IndexSource``: search candidates from the in-process indexes of the scopes (``cache.py``): exact
cosine in numpy, per embedding model for the memories that model judges, and BM25 over the same words as
the GIN index, prefixes expanded to the scopes' words."""

from __future__ import annotations

import contextlib
import functools
import math
import uuid
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from datetime import date, datetime, timedelta

import numpy as np

from memories.embeddings import embedders
from memories.recall import concepts_en
from memories.recall.concepts_zh import concept_terms
from memories.recall.index import cache as scope_index
from memories.recall.index.cache import Criteria, ScopeIndex
from memories.recall.index.order import one_of, uuid_of
from memories.recall.index.scope import EPOCH, MICROSECOND, TYPE_NAMES
from memories.recall.query import query_terms
from memories.recall.rank import Candidate, Key, term_weights
from memories.recall.sources import Lexical
from memories.write.text import has_cjk

_DAY_MICROS = 86_400_000_000
_EPOCH_DAY = EPOCH.date()  # a ``valid_from`` of n days' microseconds (and less than n + 1's) is on this day + n


class IndexSource:
    """Candidates from the in-process indexes of the scopes (cache.py): exact cosine in
    numpy and BM25 over the same words as the GIN index, prefixes expanded to the scopes' real words."""

    def __init__(self, indexes: Sequence[ScopeIndex], criteria: Criteria) -> None:
        self.indexes, self.criteria = indexes, criteria
        self._names = [e.name for e in embedders()]
        self._judged: list[np.ndarray] | None = None  # per index: which model judges each slot
        self._judged_lists: list[list[int]] = []  # the same as lists
        # The secondary models whose vectors the candidates carry (``Candidate.others``, for the floor's
        # distinctness test): those that judge some memory of this search. An English question over English
        # memories needs none, and copies none.
        self._others: frozenset[str] = frozenset()

    def judge(self, reads: Sequence[bool]) -> dict[str, int]:
        """Assign each memory to the model that compares it with the query (``ScopeIndex.judged``; ``reads``:
        does each configured model read the query) and count them per model."""
        names = self._names
        counts = dict.fromkeys(names, 0)  # the primary's count includes the memories no model reads
        judged = []
        for index in self.indexes:
            with index.lock:
                assigned = index.judged(reads)
            judged.append(assigned)
            per_model = np.bincount(assigned.astype(np.int64) + 1, minlength=len(names) + 1)  # slot 0: unread
            counts[names[0]] += int(per_model[0])
            for k, name in enumerate(names):
                counts[name] += int(per_model[k + 1])
        self._judged = judged
        self._judged_lists = [assigned.tolist() for assigned in judged]  # read per candidate: no numpy scalars
        self._others = frozenset(name for name in names[1:] if counts[name])
        return counts

    def _judge_of(self, i: int, slot: int) -> str:
        """The model that judged a slot; "" when no model reads the pair (the primary ranked it anyway)."""
        names = self._names
        if self._judged is None or slot >= len(self._judged_lists[i]):
            return names[0]
        k = self._judged_lists[i][slot]
        return names[k] if k >= 0 else ""

    def _candidates(self, found: Sequence[tuple[ScopeIndex, uuid.UUID, int]], similarities: Sequence[float],
                    lexicals: Sequence[float], models: Sequence[str]) -> list[Candidate]:
        """A candidate for each (index, id, slot) with its similarity, lexical score and model: each scope's
        fields read once for all its slots, and its rows' vectors copied in one block (each candidate holds its
        row of that copy, never the index's own, which a write may change)."""
        made: list[Candidate | None] = [None] * len(found)
        scopes: list[tuple[ScopeIndex, Sequence[int]]] = []
        if len(self.indexes) == 1 and found:  # every entry is of the one index: no grouping
            scopes.append((self.indexes[0], range(len(found))))
        elif found:
            grouped: dict[int, tuple[ScopeIndex, list[int]]] = {}  # by the index's identity
            for at, (index, _, _) in enumerate(found):
                grouped.setdefault(id(index), (index, []))[1].append(at)
            scopes += grouped.values()
        for index, positions in scopes:
            slots = np.asarray([found[at][2] for at in positions], dtype=np.int64)
            vectors = index.vectors[slots]  # a copy (fancy indexing)
            others = {name: (held.vectors[slots], held.has_vector[slots].tolist())
                      for name, held in index.others.items() if name in self._others}
            # the slots' fields as lists, read once for all of them (``ScopeIndex.ranking_fields``, whether each
            # has the primary model's vector, the share of its text that model reads)
            for i, at, type_, confidence, valid_from, has_vector, read in zip(
                    range(len(positions)), positions, index.type[slots].tolist(), index.confidence[slots].tolist(),
                    index.valid_from[slots].tolist(), index.has_vector[slots].tolist(),
                    index.coverage[slots].tolist(), strict=True):
                sim = similarities[at]
                # positionally (id, type, confidence, valid_from, similarity, lexical, vector, model,
                # lexical_coverage, others): a few hundred a search, keywords cost a third more
                made[at] = Candidate(found[at][1], TYPE_NAMES.get(type_, ""), confidence,
                                     instant(valid_from), sim if math.isfinite(sim) else 0.0,
                                     lexicals[at], vectors[i] if has_vector else None, models[at], 0.0,
                                     {name: rows[i] for name, (rows, has) in others.items() if has[i]}
                                     if others else {}, read=read)
        return [c for c in made if c is not None]

    def _models(self, found: Sequence[tuple[ScopeIndex, uuid.UUID, float, int]]) -> list[str]:
        """``_judge_of`` each (index, id, value, slot) of ``found``: with one index, its list read directly."""
        if len(self.indexes) != 1 or self._judged is None:
            order = {id(index): i for i, index in enumerate(self.indexes)}  # by identity: a UUID hashes in Python
            return [self._judge_of(order[id(index)], slot) for index, _, _, slot in found]
        primary, judged = self._names[0], self._judged_lists[0]
        labels = [*self._names, ""]  # a slot's model by its number; -1 (no model reads the pair): ""
        size = len(judged)
        return [labels[judged[slot]] if slot < size else primary for _, _, _, slot in found]

    def vector_candidates(self, query_vector: Sequence[float], limit: int, model: str | None = None
                          ) -> list[Candidate]:
        """The most similar memories by ``model``'s vectors (None: the primary's), among those the model
        judges once ``judge`` ran (before: every memory, by the primary model)."""
        name, found = self._nearest(query_vector, limit, model)
        with _locked(self.indexes):
            return self._made(found, name)

    def dated_candidates(self, query_vector: Sequence[float], limit: int, model: str,
                         valid: Callable[[date], bool], without: Collection[Key], at_most: int) -> list[Candidate]:
        """``SqlSource.dated_candidates``: the days read from the index (a ``valid_from``'s UTC day, as its
        candidate's), a candidate made only for the memories kept."""
        name, found = self._nearest(query_vector, limit, model)
        days: dict[int, bool] = {}  # ``valid`` of each day once
        kept = []
        with _locked(self.indexes):
            for entry in found:
                index, pk, _, slot = entry
                day = int(index.valid_from[slot]) // _DAY_MICROS
                if (within := days.get(day)) is None:
                    within = days[day] = valid(_EPOCH_DAY + timedelta(days=day))
                if within and pk.int not in without:
                    kept.append(entry)
                    if len(kept) == at_most:
                        break
            return self._made(kept, name)

    def _nearest(self, query_vector: Sequence[float], limit: int, model: str | None
                 ) -> tuple[str, list[tuple[ScopeIndex, uuid.UUID, float, int]]]:
        names = self._names
        name = model or names[0]
        secondary = None if name == names[0] else name
        among = None
        if self._judged is not None:
            k = names.index(name)
            among = [(assigned == k) | (assigned < 0) if k == 0 else assigned == k for assigned in self._judged]
        return name, scope_index.nearest(self.indexes, _unit(query_vector), self.criteria, limit, secondary, among)

    def _made(self, found: Sequence[tuple[ScopeIndex, uuid.UUID, float, int]], name: str) -> list[Candidate]:
        """The candidates of ``nearest``'s entries (by ``name``'s vectors), the indexes' locks held."""
        models = self._models(found) if name == self._names[0] else [name] * len(found)
        return self._candidates([(index, pk, slot) for index, pk, _, slot in found],
                                [sim for _, _, sim, _ in found], [0.0] * len(found), models)

    def shape(self, candidates: dict[Key, Candidate], query_vectors: Mapping[str, Sequence[float]],
              neighbours: bool, grow: set[Key] | None = None) -> None:
        """Give every candidate its subject, search words and (with ``neighbours``) the memories written just
        before and after it in its session among those the search may return (``ScopeIndex.neighbours_of``).
        A neighbour of one of ``grow`` (None: of any candidate) that is no candidate yet joins
        ``candidates`` (similarity by its judging model, no lexical score)."""
        where = {index.scope_id: i for i, index in enumerate(self.indexes)}
        units = {name: _unit(v) for name, v in query_vectors.items()}
        with _locked(self.indexes):
            for index in self.indexes:
                slots_of = index.slots
                found = [(pk, slot) for pk in candidates if (slot := slots_of.get(pk)) is not None]
                for (pk, _), (subject, words) in zip(found, shape_fields(index, [slot for _, slot in found]),
                                                     strict=True):
                    c = candidates[pk]
                    c.subject, c.words = subject, words
                if found and neighbours:
                    self._neighbours(index, where[index.scope_id], found, candidates, units, grow)

    def _neighbours(self, index: ScopeIndex, position: int, found: list[tuple[Key, int]],
                    candidates: dict[Key, Candidate], units: Mapping[str, np.ndarray],
                    grow: set[Key] | None) -> None:
        """The memories written just before and after each found candidate in its session; a neighbour of one
        of ``grow`` (None: of any) that is no candidate yet joins ``candidates`` (``_joined``)."""
        befores, afters = index.neighbours_of(np.asarray([slot for _, slot in found], dtype=np.int64),
                                              index.mask(self.criteria))
        joining: dict[Key, tuple[int, Key | None, Key | None]] = {}  # a new neighbour: its slot, before, after
        for (pk, _), before, after in zip(found, befores.tolist(), afters.tolist(), strict=True):
            c = candidates[pk]
            c.before = index.ids[before] if before >= 0 else None  # a key: the id's int, as the index holds it
            c.after = index.ids[after] if after >= 0 else None
            if grow is not None and pk not in grow:
                continue
            for other, npk in ((before, c.before), (after, c.after)):
                if npk is not None and npk not in candidates and npk not in joining:
                    # its own link back to the candidate it joined through
                    joining[npk] = (other, None, pk) if npk == c.before else (other, pk, None)
        if joining:
            self._joined(index, position, joining, candidates, units)

    def _joined(self, index: ScopeIndex, position: int, joining: Mapping[Key, tuple[int, Key | None, Key | None]],
                candidates: dict[Key, Candidate], units: Mapping[str, np.ndarray]) -> None:
        """Neighbours as new candidates, in the order they were found: each with its similarity by the model
        that judges it, no lexical score, and its link back."""
        primary = self._names[0]
        models = [self._judge_of(position, slot) for slot, _, _ in joining.values()]
        added = self._candidates([(index, uuid_of(pk), slot) for pk, (slot, _, _) in joining.items()],
                                 [0.0] * len(joining), [0.0] * len(joining), models)
        fields = shape_fields(index, [slot for slot, _, _ in joining.values()])
        for (pk, (_, before, after)), c, (subject, words) in zip(joining.items(), added, fields, strict=True):
            c.subject, c.words = subject, words
            c.before, c.after = before, after
            candidates[pk] = c
        _similar([(index, slot, c) for (slot, _, _), c in zip(joining.values(), added, strict=True)], units, primary)

    def vectors_of(self, ids: Sequence[uuid.UUID], model: str) -> dict[uuid.UUID, np.ndarray]:
        """``SqlSource.vectors_of`` from the indexes: the ``model`` vectors of these memories that have one."""
        secondary = None if model == self._names[0] else model
        found: dict[uuid.UUID, np.ndarray] = {}
        with _locked(self.indexes):
            for pk in ids:
                for index in self.indexes:
                    if (vector := index.vector(pk, secondary)) is not None:
                        found[pk] = vector
                        break
        return found

    def similarities(self, ids: Sequence[uuid.UUID], model: str, vector: Sequence[float]) -> dict[Key, float]:
        """``SqlSource.similarities`` from the indexes: cosine similarity to ``vector`` by ``model``'s vectors, by
        key (the id's int). Each scope's rows are widened to float32 in one block and multiplied row by row in
        one call (``row_products``: each the same number as the row's own product)."""
        unit = _unit(vector)
        secondary = None if model == self._names[0] else model
        found: dict[Key, float] = {}
        keys = [pk.int for pk in ids]
        with _locked(self.indexes):
            for index in self.indexes:
                matrix = index.matrix(secondary)
                if matrix is None:
                    continue
                held = [(key, slot) for key in keys if key not in found and (slot := index.slots.get(key)) is not None]
                slots = np.asarray([slot for _, slot in held], dtype=np.int64)
                has_vector = matrix[1][slots]
                with_vector = [key for (key, _), has in zip(held, has_vector.tolist(), strict=True) if has]
                found.update(zip(with_vector, row_products(matrix[0][slots[has_vector]], unit), strict=True))
        return found

    @property
    def scope_ids(self) -> list[uuid.UUID]:
        return [index.scope_id for index in self.indexes]

    def subject_names(self, query: str) -> set[str]:
        """The external ids of the subjects of the scopes' memories that occur in the query (as text: the
        caller checks word boundaries), as ``SqlSource.subject_names``."""
        folded = query.casefold()
        with _locked(self.indexes):
            return {name for index in self.indexes for name in index.subject_names
                    if name and name.casefold() in folded}

    def mentioned_names(self, names: Collection[str]) -> set[str]:
        """Which of ``names`` (case-folded) memories of the scopes mention, as ``people.mentioned_names`` reads
        it from ``MemoryMention``: from the indexes, no statement."""
        with _locked(self.indexes):
            return {name for name in names if any(name in index.mentions for index in self.indexes)}

    def person_ids(self, name: str) -> frozenset[Key]:
        """``focus.person_filter`` from the indexes, no statement: the memories whose subject is ``name``
        (external id, case aside) and those mentioning them other than only to speak to them (a Chinese name's:
        only when the person is nobody's subject). As keys (the ids' ints: ``Criteria.only``)."""
        key = name.strip().casefold()
        found: set[Key] = set()
        with _locked(self.indexes):
            for index in self.indexes:
                codes = [code for code, held in enumerate(index.subject_names) if held.casefold() == key]
                if codes:
                    slots = np.flatnonzero(one_of(index.subject[: index.size], codes)).tolist()
                    found.update(index.ids[slot] for slot in slots)
            if not found or not has_cjk(key):
                for index in self.indexes:
                    found.update(index.ids[slot] for slot, addressed in index.mentions.of(key).items()
                                 if not addressed)
        return frozenset(found)

    def mentioning(self, memory_ids: Iterable[Key], names: Sequence[str]) -> dict[str, set[Key]]:
        """``people.mentioning`` from the indexes: for each of ``names``, which of these memories (keys) mention
        the person and do not only speak to them. No statement."""
        found: dict[str, set[Key]] = {name: set() for name in names}
        wanted = set(memory_ids)
        with _locked(self.indexes):
            for name in names:
                for index in self.indexes:
                    held = index.mentions.of(name.casefold())  # {slot: only speaks to them}
                    found[name].update(key for slot, only in held.items()
                                       if only is False and (key := index.ids[slot]) in wanted)
        return found

    def lexical(self, query: str, limit: int, *, parallel: bool) -> Lexical | None:
        terms: list[list[str]] = []
        words: dict[str, None] = {}
        for word, prefix in query_terms(query):
            expanded = scope_index.expand(self.indexes, word) if prefix else [word]
            terms.append(expanded)
            words.update(dict.fromkeys(expanded))
        for alternatives in (*concept_terms(query), *concepts_en.concept_terms(query)):  # any matches (``concepts_zh``)
            joined = next((term for term in terms if set(term) & set(alternatives)), None)
            added = [w for w in alternatives if w not in words]
            if not added:
                continue
            if joined is None:
                terms.append(added)
            else:
                joined.extend(added)
            words.update(dict.fromkeys(added))
        if not words:
            return None
        found = scope_index.bm25(self.indexes, list(words), self.criteria, limit)  # while the query embeds
        coverage = self._term_coverage(terms, found)
        with _locked(self.indexes):  # the candidates too: only their similarities wait for the query's vectors
            candidates = self._candidates([(index, pk, slot) for index, pk, _, slot in found], [0.0] * len(found),
                                          [score for _, _, score, _ in found], self._models(found))
        for c, covered in zip(candidates, coverage, strict=True):
            c.lexical_coverage = covered

        def finish(query_vectors: Mapping[str, Sequence[float]] | None) -> list[Candidate]:
            units = {name: _unit(v) for name, v in (query_vectors or {}).items()}
            with _locked(self.indexes):
                _similar([(index, slot, c) for (index, _, _, slot), c in zip(found, candidates, strict=True)], units,
                         self._names[0])
            return candidates

        return Lexical([pk for _, pk, _, _ in found], finish)

    def _term_coverage(self, terms: Sequence[Sequence[str]],
                       found: Sequence[tuple[ScopeIndex, uuid.UUID, float, int]]) -> list[float]:
        """For each BM25 match: the idf-weighted share of the query's terms it holds (``rank.term_weights``),
        a term being matched by any of its prefix expansions. Document frequencies over the searched scopes."""
        documents = 0
        frequencies = [0] * len(terms)
        held: dict[int, np.ndarray] = {}  # per scope (the index's identity): slots × terms, for the matches only
        wanted: dict[int, list[int]] = {}
        for index, _, _, slot in found:
            wanted.setdefault(id(index), []).append(slot)
        with _locked(self.indexes):
            for index in self.indexes:
                documents += len(index)
                slots = np.asarray(wanted.get(id(index), []), dtype=np.int64)
                matrix = np.zeros((len(slots), len(terms)), dtype=bool)
                for t, expanded in enumerate(terms):
                    if len(expanded) == 1:  # one word: its posting's length and membership, nothing the scope's size
                        holding = index.postings.get(expanded[0], {})
                        frequencies[t] += len(holding)
                        matrix[:, t] = [slot in holding for slot in slots.tolist()]
                        continue
                    holders = np.zeros(len(index), dtype=bool)
                    for word in expanded:
                        posting = index.posting(word)
                        if posting is not None:
                            holders[posting[0]] = True
                    frequencies[t] += int(holders.sum())
                    matrix[:, t] = holders[slots]
                held[id(index)] = matrix
        weights = np.asarray(term_weights(frequencies, documents), dtype=np.float64)
        total = float(weights.sum()) or 1.0
        rows = {scope: dict(zip(wanted.get(scope, []), (m @ weights / total).tolist(), strict=True))
                for scope, m in held.items()}
        return [rows[id(index)][slot] for index, _, _, slot in found]


@functools.lru_cache(maxsize=1 << 16)
def instant(micros: int) -> datetime:
    """``EPOCH + micros * MICROSECOND`` (a timestamp as the index holds it), remembered: a candidate's ``valid_from``,
    a few hundred a search, each computed in ~1.2 µs and looked up in ~0.2."""
    return EPOCH + micros * MICROSECOND


def shape_fields(index: ScopeIndex, slots: Sequence[int]) -> list[tuple[str, str]]:
    """``ScopeIndex.shape_fields`` of each of ``slots`` ((subject external id or "", search_text)), the subjects'
    codes read in one block."""
    if not slots:
        return []
    names, texts = index.subject_names, index.texts
    codes = index.subject[np.asarray(slots, dtype=np.int64)].tolist()
    return [(names[code] if code >= 0 else "", texts[slot]) for code, slot in zip(codes, slots, strict=True)]


def _locked(indexes: Sequence[ScopeIndex]) -> contextlib.AbstractContextManager[object]:
    """Hold the indexes' locks (in one order, so two searches never wait on each other crosswise): one index's
    lock itself (a search's ~30 holds of one scope's lock, without a generator and an exit stack each)."""
    return indexes[0].lock if len(indexes) == 1 else _all_locked(indexes)


@contextlib.contextmanager
def _all_locked(indexes: Sequence[ScopeIndex]) -> Iterator[None]:
    with contextlib.ExitStack() as stack:
        for index in sorted(indexes, key=lambda i: i.scope_id.hex):
            stack.enter_context(index.lock)
        yield


def _similar(found: Sequence[tuple[ScopeIndex, int, Candidate]], units: Mapping[str, np.ndarray],
             primary: str) -> None:
    """Set each candidate's similarity to the query by the model that judges it (``Candidate.model``; "": no model
    reads the pair, the primary's vectors): per scope and model, its rows widened to float32 in one block and
    multiplied in one call (``row_products``). A candidate without the vector, or whose model has no query vector,
    keeps its similarity."""
    groups: dict[tuple[int, str], tuple[ScopeIndex, list[int], list[Candidate]]] = {}
    for index, slot, c in found:
        model = c.model or primary
        if model in units:
            group = groups.setdefault((id(index), model), (index, [], []))
            group[1].append(slot)
            group[2].append(c)
    for (_, model), (index, slot_list, held) in groups.items():
        matrix = index.matrix(None if model == primary else model)
        if matrix is None:
            continue
        slots = np.asarray(slot_list, dtype=np.int64)
        has_vector = matrix[1][slots]
        products = iter(row_products(matrix[0][slots[has_vector]], units[model]))
        for c, has in zip(held, has_vector.tolist(), strict=True):
            if has:
                c.similarity = next(products)


def row_products(rows: np.ndarray, unit: np.ndarray) -> list[float]:
    """``float(row.astype(np.float32) @ unit)`` for each row, in one call: ``np.vecdot`` takes one BLAS dot per
    row, the same operation as the row's own product (a matrix-vector product, BLAS's gemv, sums in another
    order and moves the last bits: the answers' order could change on a near tie). ``tests/recall/
    test_row_products.py`` holds the two equal."""
    if not len(rows):
        return []
    return np.vecdot(rows.astype(np.float32), unit).tolist()


def _unit(vector: Sequence[float]) -> np.ndarray:
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v
