"""The levers over arrays (``memories.recall.levers``) give every candidate the same fused value, bit for bit, as
the levers' functions one after the other over dicts (``_one_by_one``: ``rank.fuse_zscore``, ``rank.shape_boosts``,
``dates.date_boosts``, ``rank.propagate``), with every lever applying, pairs no model reads among the candidates, in
the first fusion and in feedback's second with the same table."""

from __future__ import annotations

import itertools
import random
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from memories.embeddings import embedders, profile
from memories.recall import levers
from memories.recall.rank import Candidate, Key

START = datetime(2023, 5, 1, 9, 0, tzinfo=UTC)
WORDS = ["walk", "dog", "park", "yesterday", "paint", "lake", "2022", "sunset", "book", "week"]
PEOPLE = ["Caroline", "Melanie", ""]


class Mentions:
    """The one thing the levers ask of a source: which candidates mention each named person."""

    def __init__(self, mentioning: dict[str, set[Key]]) -> None:
        self.mentioning_calls = 0
        self._mentioning = mentioning

    def mentioning(self, candidates: Any, names: Any) -> dict[str, set[Key]]:
        self.mentioning_calls += 1
        return {name: self._mentioning.get(name, set()) for name in names}


def _conversation(rng: random.Random, n: int, model: str) -> tuple[dict[Key, Candidate], dict[str, list[Candidate]]]:
    """``n`` turns of a few sessions, some of them in May 2023, each linked to its session's turns before and after
    it (some of those no candidate), with random similarities and BM25 scores."""
    made = []
    for i in range(n):
        c = Candidate(uuid.UUID(int=rng.getrandbits(128)), "fact", rng.choice([0.6, 0.9, 1.0]),
                      START + timedelta(days=rng.choice([0, 3, 40, 400]), seconds=i),
                      similarity=rng.uniform(-0.1, 0.8), lexical=rng.choice([0.0, 0.0, rng.uniform(0.5, 9.0)]),
                      model=rng.choice([model, model, model, ""]))  # "": no model reads the pair
        c.subject, c.words = rng.choice(PEOPLE), " ".join(rng.sample(WORDS, 3))
        made.append(c)
    for before, after in itertools.pairwise(made):
        if rng.random() < 0.8:
            before.after, after.before = after.key, before.key
    for c in rng.sample(made, 5):  # a neighbour that is no candidate
        c.before = rng.getrandbits(128)
    candidates = {c.key: c for c in made}
    lists = {"vector": sorted(made, key=lambda c: -c.similarity)[:int(n * 0.7)],
             "lexical": sorted((c for c in made if c.lexical), key=lambda c: -c.lexical)}
    return candidates, lists


def test_the_arrays_give_the_dicts_values_in_both_fusions(settings) -> None:
    settings.RECALL_FUSION = "zscore"
    settings.RECALL_HOP_BOOST = 0.0
    model = embedders()[0].name
    profiles = {model: profile(model)}
    rng = random.Random(7)
    query = "When did Caroline walk the dog by the lake in May 2023?"
    for _ in range(20):
        candidates, lists = _conversation(rng, rng.randint(30, 90), model)
        mentions = {"Caroline": set(rng.sample(list(candidates), 6))}
        for named in ([], ["Caroline"]):
            source: Any = Mentions(mentions)
            table = levers.Table()
            first = levers.conversation_fusion(query, source, candidates, lists, {"vector": 1.0, "lexical": 1.5},
                                               profiles, named, table=table)
            assert table.timed is not None and table.dated is not None and (table.named is not None) == bool(named)
            expected = levers._one_by_one(query, source, candidates, lists, {"vector": 1.0, "lexical": 1.5},
                                          profiles, named, None)
            assert list(first) == list(expected) and all(first[k] == expected[k] for k in first)  # exactly
            values: dict[Key, float | None] = {key: rng.choice([rng.uniform(-0.5, 1.5), None]) if c.model == ""
                                               else rng.uniform(-0.5, 1.5) for key, c in candidates.items()}
            second = levers.conversation_fusion(query, source, candidates, lists, {"vector": 1.0, "lexical": 1.5},
                                                profiles, named, values, table)
            expected = levers._one_by_one(query, source, candidates, lists, {"vector": 1.0, "lexical": 1.5},
                                          profiles, named, values)
            assert list(second) == list(expected) and all(second[k] == expected[k] for k in second)
            assert source.mentioning_calls == (3 if named else 0)  # the table's once, the dict path's twice


def test_a_table_of_other_candidates_is_made_again(settings) -> None:
    settings.RECALL_FUSION = "zscore"
    model = embedders()[0].name
    profiles = {model: profile(model)}
    rng = random.Random(11)
    query = "When did Melanie paint a sunset?"
    candidates, lists = _conversation(rng, 40, model)
    table = levers.Table()
    source: Any = Mentions({})
    levers.conversation_fusion(query, source, candidates, lists, {"vector": 1.0, "lexical": 1.0}, profiles,
                               table=table)
    joined, _ = _conversation(rng, 5, model)
    candidates.update(joined)  # candidates joined after the table was made: it is made again
    fused = levers.conversation_fusion(query, source, candidates, lists, {"vector": 1.0, "lexical": 1.0},
                                       profiles, table=table)
    expected = levers._one_by_one(query, source, candidates, lists, {"vector": 1.0, "lexical": 1.0}, profiles,
                                  [], None)
    assert table.keys == list(candidates)
    assert list(fused) == list(expected) and all(fused[k] == expected[k] for k in fused)
