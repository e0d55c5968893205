"""One speaker's remark to the other weighed by whether a question asks what was said
(``memories.recall.remarks``)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from memories.recall.rank import Candidate
from memories.recall.remarks import OTHER, asks_remark, remark_about_listener, remarks_weighed
from memories.write.text import search_text


def _candidate(content: str, subject: str) -> Candidate:
    c = Candidate(uuid.uuid4(), "fact", 0.9, datetime(2026, 1, 1, tzinfo=UTC), subject=subject)
    c.words = search_text(content)
    return c


@pytest.mark.parametrize("content", [
    "Priya told Tomas that Tomas would make a fine architect.",
    "Priya congratulated Tomas on Tomas's promotion at the shipyard.",
    "Priya thanked Tomas for the ride to the airport.",
    "Priya is proud of Tomas for finishing the marathon.",
    "Priya suggested that Tomas could ask the landlord about the heating.",
    "Priya wished Tomas good luck with the bar exam."])
def test_a_remark_about_the_listener(content):
    assert remark_about_listener(_candidate(content, "Priya"))


@pytest.mark.parametrize(("content", "subject"), [
    ("Priya told Tomas that Priya moved to Leeds in May.", "Priya"),  # her own news, told to him
    ("Priya adopted two cats from the shelter.", "Priya"),
    ("Tomas told Priya that Priya would make a fine architect.", "Priya"),  # said by the other: not her remark
    ("Priya told stories about the farm.", "Priya"),
    ("Priya told Tomas that Tomas would make a fine architect.", "")])
def test_not_a_remark_about_the_listener(content, subject):
    assert not remark_about_listener(_candidate(content, subject))


@pytest.mark.parametrize("query", [
    "What did Priya say about Tomas's new flat?", "According to Tomas, why is Priya a good coach?",
    "How did Priya react to the news of the promotion?", "What advice did Tomas give Priya about the move?",
    "What does Priya think of Tomas's cooking?"])
def test_a_question_about_what_was_said_asks_for_remarks(query):
    assert asks_remark(query)


def test_remarks_weigh_less_for_a_question_about_a_persons_life():
    remark = _candidate("Priya told Tomas that Tomas would make a fine architect.", "Priya")
    own = _candidate("Tomas enrolled in an architecture course in Porto.", "Tomas")
    news = _candidate("Priya told Tomas that Priya moved to Leeds in May.", "Priya")
    candidates = {c.key: c for c in (remark, own, news)}
    fused = {c.key: 0.5 for c in candidates.values()}
    weighed = remarks_weighed(fused, candidates, "Which course is Tomas taking?")
    assert weighed[remark.key] == pytest.approx(0.5 * OTHER)
    assert weighed[own.key] == weighed[news.key] == 0.5
    assert remarks_weighed(fused, candidates, "What did Priya tell Tomas about his career?") == fused
