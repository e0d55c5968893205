"""``CandidateSource.dated_candidates`` (``memories.recall.period_pool``): the in-process index reads each memory's
day from its own arrays and makes candidates only for those it keeps; they are the candidates, in the order and
with the values, that filtering its whole vector list would keep, and the memories SQL keeps. Days are UTC days:
a memory valid a microsecond before midnight is of the day before."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from memories.embeddings import embedders, get_embedder
from memories.recall import search
from memories.recall.index.cache import Criteria
from memories.recall.index.source import IndexSource
from memories.recall.rank import Candidate
from memories.recall.sources import SqlSource, filtered_memories
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput

TOPICS = ["black coffee", "green tea", "the Kafka migration", "a half marathon", "the quarterly budget",
          "Python type hints", "a trip to Lisbon", "the TLS certificate renewal", "vegetarian recipes", "jazz"]
PEOPLE = ["Emma", "Priya", "Tomasz", "Dana", "Li Wei", "Sven"]
VERBS = ["likes", "drinks", "is working on", "finished", "worries about"]
MIDNIGHT = dt.datetime(2025, 3, 5, tzinfo=dt.UTC)


def _fields(found: list[Candidate]) -> list[tuple[object, ...]]:
    return [(c.id, c.similarity, c.lexical, c.valid_from, c.model, c.type, c.confidence) for c in found]


@pytest.mark.django_db
def test_the_index_keeps_what_the_whole_list_filtered_keeps(in_alice) -> None:
    items = [MemoryInput(scope="team/dated", content=f"{PEOPLE[i % 6]} {VERBS[i % 5]} {TOPICS[i % 10]} (note {i})",
                         valid_from=MIDNIGHT + dt.timedelta(hours=5 * i - 60)) for i in range(40)]
    edges = [MIDNIGHT - dt.timedelta(microseconds=1), MIDNIGHT, MIDNIGHT + dt.timedelta(days=2, microseconds=-1)]
    items += [MemoryInput(scope="team/dated", content=text, valid_from=at) for text, at in zip(
        ["The plumber serviced the boiler", "Ana adopted a golden retriever puppy", "The roof leaked in the storm"],
        edges, strict=True)]
    memory_create(items=items, actor="test")
    states = search.scope_states(search.search_scopes(["team/dated"], descendants=False, allowed_prefixes=()))
    criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
    index_source = search.candidate_source(states, criteria, None)
    assert isinstance(index_source, IndexSource)
    sql_source = SqlSource(filtered_memories(scope_ids=[s.scope_id for s in states], types=None, min_confidence=0.0,
                                             statuses=["active"], filters=None, as_of=None, now=criteria.now),
                           [s.scope_id for s in states], ["active"])
    primary = embedders()[0].name
    vector = get_embedder().embed_query("coffee with friends")
    every = index_source.vector_candidates(vector, 2000)
    assert len(every) > 20 and set(edges) <= {c.valid_from for c in every}
    without = {c.key for c in every[:3]}
    for days in [{dt.date(2025, 3, 4)}, {dt.date(2025, 3, 5), dt.date(2025, 3, 6)}, {dt.date(2025, 2, 1)}]:
        asked: list[dt.date] = []

        def valid(day: dt.date, days: set[dt.date] = days, asked: list[dt.date] = asked) -> bool:
            asked.append(day)
            return day in days

        expected = [c for c in every if c.key not in without and valid(c.valid_from.date())]
        assert len(set(asked)) > 1
        for at_most in (2, 100):
            found = index_source.dated_candidates(vector, 2000, primary, valid, without, at_most)
            assert _fields(found) == _fields(expected[:at_most]), (days, at_most)
        assert {c.id for c in sql_source.dated_candidates(vector, 2000, primary, valid, without, 100)} == \
            {c.id for c in expected}
    on_the_fifth = index_source.dated_candidates(vector, 2000, primary, lambda day: day == MIDNIGHT.date(), (), 100)
    assert {c.valid_from for c in on_the_fifth} >= {MIDNIGHT} and MIDNIGHT - dt.timedelta(microseconds=1) not in \
        {c.valid_from for c in on_the_fifth}
