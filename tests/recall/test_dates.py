"""The date lever (docs/recall.md, "Levers"; ``memories.recall.dates``): a question naming a calendar date prefers
the memories valid then, in English and Chinese, in the in-process index and in SQL alike; and the dates read."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from memories.recall.dates import Span, named_dates
from tests.recall.conftest import save, search

PATHS = ["index", "sql"]
EARLY = dt.datetime(2025, 3, 2, 18, 0, tzinfo=dt.UTC)
ON_THE_DAY = dt.datetime(2025, 5, 25, 18, 0, tzinfo=dt.UTC)
FILLER = ["The weather has been lovely for evening walks", "Work at the clinic keeps me busy",
          "我最近在读一本很长的小说", "周末我们去公园散步了"]


def _order(kc: Any, query: str, *pair: str) -> list[str]:
    """The two memories of ``pair`` in the order a search returns them."""
    found = search(kc, query=query, k=6, floor=False)["results"]
    return [h["memory"]["content"] for h in found if h["memory"]["content"] in pair]


def _dated(kc: Any, settings: Any, path: str, early: str, on_the_day: str) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    settings.RECALL_BATCH_SESSIONS = False  # two notes, not a conversation
    settings.RECALL_SUBJECT_BOOST = 0.0
    save(kc, {"content": early, "valid_from": EARLY.isoformat()},
         {"content": on_the_day, "valid_from": ON_THE_DAY.isoformat()},
         *({"content": filler, "valid_from": (EARLY + dt.timedelta(days=n + 20)).isoformat()}
           for n, filler in enumerate(FILLER)))


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_question_naming_a_day_prefers_what_was_said_that_day(alice, settings, path) -> None:
    early = "Nate made chili for his friends"
    on_the_day = "Nate made a coconut curry for his friend Joanna"
    _dated(alice, settings, path, early, on_the_day)
    query = "What did Nate make for his friends on 25 May, 2025?"
    settings.RECALL_DATE_BOOST = 0.0
    assert _order(alice, query, early, on_the_day) == [early, on_the_day]
    settings.RECALL_DATE_BOOST = 1.0
    assert _order(alice, query, early, on_the_day) == [on_the_day, early]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_chinese_question_naming_a_day_prefers_what_was_said_that_day(alice, settings, path) -> None:
    early = "我给朋友们做了辣椒炖肉"
    on_the_day = "我给朋友们和家人做了椰子咖喱"
    _dated(alice, settings, path, early, on_the_day)
    query = "我5月25日给朋友们做了什么？"
    settings.RECALL_DATE_BOOST = 0.0
    assert _order(alice, query, early, on_the_day) == [early, on_the_day]
    settings.RECALL_DATE_BOOST = 1.0
    assert _order(alice, query, early, on_the_day) == [on_the_day, early]


def test_the_dates_a_question_names() -> None:
    assert named_dates("What did Nate do for Joanna on 25 May, 2022?") == [Span(2022, 5, 25)]
    assert named_dates("What painting did Melanie show on October 13, 2023?") == [Span(2023, 10, 13)]
    assert named_dates("Where did Joanna travel to in July 2022?") == [Span(2022, 7)]
    assert named_dates("When did Melanie go camping in July?") == [Span(None, 7)]
    assert named_dates("Which country was Tim visiting in the second week of November?") == [Span(None, 11)]
    assert named_dates("What charity event did John organize in 2024?") == [Span(2024)]
    assert named_dates("我2023年5月25日做了什么？") == [Span(2023, 5, 25)]
    assert named_dates("她2023年3月去了哪里") == [Span(2023, 3)]
    assert named_dates("5月25号开会吗") == [Span(None, 5, 25)]
    assert named_dates("三月份去了哪里？") == [Span(None, 3)]
    for undated in ["May I ask what you did?", "Did they march together?", "两个月前去了哪", "What did I do yesterday?",
                    "我昨天做了什么", "He is 25 years old"]:
        assert named_dates(undated) == [], undated


def test_a_named_date_holds_the_days_around_it_and_its_month_in_any_year() -> None:
    day = Span(2023, 11, 16)
    assert day.holds(dt.date(2023, 11, 13)) and day.holds(dt.date(2023, 11, 19))
    assert not day.holds(dt.date(2023, 11, 12)) and not day.holds(dt.date(2024, 11, 16))
    assert Span(None, 7).holds(dt.date(2022, 7, 31)) and Span(None, 7).holds(dt.date(2030, 7, 1))
    assert not Span(None, 7).holds(dt.date(2022, 8, 10))
    assert Span(2024).holds(dt.date(2024, 1, 1)) and not Span(2024).holds(dt.date(2023, 12, 31))
    assert not Span(2023, 2, 30).holds(dt.date(2023, 2, 28))
