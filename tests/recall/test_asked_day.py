"""The day a question says it is asked (``memories.recall.anchored``, ``period_pool``): its relative times become
periods counted back from that day, the memories of those periods join the candidates, pass the floor and gain the
date lever; the day itself is no date asked about and no word to match. Without such a day nothing changes."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from memories.recall.anchored import Period, asked_at_as_of, asked_on, read, unsaid
from memories.recall.dates import Span, named_dates
from memories.recall.query import query_terms
from tests.recall.conftest import save, search

PATHS = ["index", "sql"]


def test_relative_times_count_back_from_the_day_of_asking() -> None:
    day = dt.date
    assert read("Current date: 2025/03/14 (Fri) 09:12. Which gig did I go to three weeks ago?")[1] == [
        Period(day(2025, 2, 15), day(2025, 2, 27))]
    assert named_dates("It's now March 14, 2025 - what did I cook the day before yesterday?") == [
        Period(day(2025, 3, 12), day(2025, 3, 12))]
    assert named_dates("The date today is 14th of March 2025. Who did I meet last month?") == [
        Period(day(2025, 2, 1), day(2025, 2, 28))]
    assert named_dates("Today's date is Friday, 14 March 2025. What did I fix last weekend and on Monday?") == [
        Period(day(2025, 3, 8), day(2025, 3, 9)), Period(day(2025, 3, 10), day(2025, 3, 10))]
    assert named_dates("现在是2025年3月14日。我三个月前搬到了哪里？") == [Period(day(2024, 11, 23), day(2025, 1, 4))]
    assert named_dates("今天是2025年3月14日，我上周末做了什么？") == [Period(day(2025, 3, 8), day(2025, 3, 9))]


def test_without_a_day_of_asking_relative_times_name_nothing() -> None:
    assert named_dates("Which gig did I go to three weeks ago?") == []
    assert named_dates("我上周末做了什么？") == []
    assert named_dates("What did I cook on 12 March 2025?") == [Span(2025, 3, 12)]  # a date asked about


def test_the_day_of_asking_is_no_date_asked_about_nor_a_word_to_match() -> None:
    query = "Today is Friday, 14 March 2025. What did I cook on Wednesday?"
    assert all(isinstance(span, Period) for span in named_dates(query))
    assert "march" not in unsaid(query).casefold() and "cook" in unsaid(query)
    assert {w for w, _ in query_terms(query)} & {"march", "2025", "friday", "today"} == set()


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_period_counted_back_finds_a_memory_sharing_no_word_with_the_question(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    settings.RECALL_BATCH_SESSIONS = False
    settings.RECALL_DATE_BOOST = 2.0
    settings.RECALL_SUBJECT_BOOST = 0.0
    target = "Went to my first glassblowing workshop tonight, the furnace was terrifying"
    other = [("I began reading a very long Russian novel", dt.datetime(2025, 1, 5, 18, tzinfo=dt.UTC)),
             ("Began a new project at work on billing reports", dt.datetime(2024, 11, 20, 18, tzinfo=dt.UTC)),
             ("The plumber is coming to look at the boiler", dt.datetime(2025, 3, 10, 18, tzinfo=dt.UTC))]
    save(alice, {"content": target, "valid_from": dt.datetime(2025, 2, 28, 19, tzinfo=dt.UTC).isoformat()},
         *({"content": text, "valid_from": when.isoformat()} for text, when in other))
    asked = "Current date: 2025/03/14 (Fri). What did I begin a fortnight ago?"
    found: list[Any] = search(alice, query=asked, k=3)["results"]
    assert found and found[0]["memory"]["content"] == target
    earlier: list[Any] = search(alice, query="Current date: 2024/12/04 (Wed). What did I begin a fortnight ago?",
                                k=3)["results"]
    assert earlier and earlier[0]["memory"]["content"] == other[1][0]


def test_a_search_as_of_a_day_is_asked_that_day_when_its_question_says_none() -> None:
    day = dt.date
    counted = asked_at_as_of(lambda *, query, as_of=None: named_dates(query))
    assert counted(query="我三个月前搬到了哪里？", as_of=dt.datetime(2025, 3, 14, 9, tzinfo=dt.UTC)) == [
        Period(day(2024, 11, 23), day(2025, 1, 4))]
    assert counted(query="Today is 2025-06-01. Who did I meet last month?",  # the question's own day comes first
                   as_of=dt.datetime(2025, 3, 14, tzinfo=dt.UTC)) == [Period(day(2025, 5, 1), day(2025, 5, 31))]
    assert counted(query="我上周末做了什么？") == [] and named_dates("Who did I meet last month?") == []
    assert asked_on() is None  # nothing stays set after the search


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_as_of_counts_back_like_a_day_said_in_the_question(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    settings.RECALL_BATCH_SESSIONS = False
    settings.RECALL_DATE_BOOST = 2.0
    settings.RECALL_SUBJECT_BOOST = 0.0
    target = "Signed up for evening pottery classes at the community centre"
    other = [("Picked up a secondhand road bike from a neighbour", dt.datetime(2024, 9, 2, 18, tzinfo=dt.UTC)),
             ("Started volunteering at the animal shelter on Sundays", dt.datetime(2024, 12, 1, 18, tzinfo=dt.UTC)),
             ("The landlord finally fixed the leaking kitchen tap", dt.datetime(2025, 4, 20, 18, tzinfo=dt.UTC))]
    save(alice, {"content": target, "valid_from": dt.datetime(2025, 2, 3, 19, tzinfo=dt.UTC).isoformat()},
         *({"content": text, "valid_from": when.isoformat()} for text, when in other))
    found: list[Any] = search(alice, query="What did I take up about six weeks ago?", k=3,
                              as_of="2025-03-17T12:00:00Z")["results"]
    assert found and found[0]["memory"]["content"] == target
    earlier: list[Any] = search(alice, query="What did I take up about six weeks ago?", k=3,
                                as_of="2025-01-12T12:00:00Z")["results"]
    assert earlier and earlier[0]["memory"]["content"] == other[1][0]
