"""A question asking for what holds now lifts the newer of near ties among the best candidates
(memories/recall/current.py); a clearly better match keeps its place, and other questions are left alone."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from memories.recall.current import asks_current, current_lifted
from memories.recall.rank import Candidate


@pytest.mark.parametrize("question", ["我现在在哪家公司上班？", "她目前住在哪个城市", "我現在養了幾隻貓？",
                                      "What's my current salary?", "Where does Tom live now?",
                                      "你上次推荐的那部电影叫什么？", "Does Ana still play the cello?"])
def test_a_question_asking_for_what_holds_now(question: str) -> None:
    assert asks_current(question)


@pytest.mark.parametrize("question", ["我之前在哪家公司上班？", "Where did I live before?", "我2025年住在哪？",
                                      "What did Tom do in March?", "我女儿叫什么名字？"])
def test_an_earlier_value_a_date_or_no_time_asks_for_nothing_now(question: str) -> None:
    assert not asks_current(question)


def _candidates(days: list[int]) -> dict[int, Candidate]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = [Candidate(uuid.uuid4(), "fact", 1.0, start + timedelta(days=d)) for d in days]
    return {c.key: c for c in made}


def test_the_newer_of_a_near_tie_goes_first_and_a_clear_winner_stays() -> None:
    older, newer, far = _candidates([0, 90, 30]).values()
    fused = {older.key: 0.80, newer.key: 0.75, far.key: 0.30}
    candidates = {c.key: c for c in (older, newer, far)}
    lifted = current_lifted(fused, candidates, "我现在住在哪？")
    assert lifted[newer.key] > lifted[older.key] > lifted[far.key]
    assert current_lifted(fused, candidates, "我住在哪？") == fused  # not asked for now: unchanged
    clear = {older.key: 0.95, newer.key: 0.40, far.key: 0.30}
    assert max(current_lifted(clear, candidates, "我现在住在哪？").items(), key=lambda kv: kv[1])[0] == older.key


def test_memories_of_one_day_keep_their_order() -> None:
    first, second = _candidates([5, 5]).values()
    fused = {first.key: 0.6, second.key: 0.5}
    assert current_lifted(fused, {first.key: first, second.key: second}, "what is my job now?") == fused
