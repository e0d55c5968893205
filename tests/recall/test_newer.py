"""A question asking for a state puts the newer of two memories sharing one of its topic words right before the
older (memories/recall/newer.py): both stay; a shared name or kinship word, a word most candidates hold, a much
weaker newer match and questions about another time move nothing. A word most candidates hold only because the
turn they were drawn from said it is read in the memories' own text."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from memories.recall import newer
from memories.recall.newer import asks_state, newer_first, topic_words
from memories.recall.rank import Candidate
from memories.write import text

_TEXTS: dict[uuid.UUID, str] = {}  # the memories' own text, as ``sql.contents`` reads it


@pytest.fixture(autouse=True)
def _contents(monkeypatch: pytest.MonkeyPatch) -> None:
    _TEXTS.clear()
    monkeypatch.setattr(newer, "contents", lambda ids: [(pk, _TEXTS[pk]) for pk in ids if pk in _TEXTS])


def _made(rows: list[tuple[str, int]], said: str = "") -> list[Candidate]:
    """Candidates of ``rows`` (text, day), each indexed with the words of the turn it was drawn from, ``said``."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = [Candidate(uuid.uuid4(), "fact", 1.0, start + timedelta(days=day), words=text.indexed_words(content, said))
            for content, day in rows]
    _TEXTS.update((c.id, content) for c, (content, _) in zip(made, rows, strict=True))
    return made


def _order(fused: dict[int, float]) -> list[int]:
    return sorted(fused, key=lambda k: -fused[k])


@pytest.mark.parametrize("question", ["What car does my brother drive these days?", "我在单位是什么岗位？",
                                      "她目前住在哪个城市？", "Where does Priya work?", "我現在養幾隻貓？"])
def test_a_question_asking_for_a_state(question: str) -> None:
    assert asks_state(question)


@pytest.mark.parametrize("question", ["What car did my brother drive before?", "我以前住在哪个城市？",
                                      "Where did Priya work in 2019?", "What did we cook on Sunday?",
                                      "Ana: 我现在好难过。\nAssistant: 怎么了？\nAna: 我的猫跑丢了",
                                      "Where is Priya's reunion?", "When is her recital?"])
def test_an_earlier_time_or_an_event_is_no_state(question: str) -> None:
    assert not asks_state(question)


def test_topic_words_leave_out_people_time_and_question_words() -> None:
    assert topic_words("What car does my brother drive these days?") == frozenset(text.stemmed(["car", "drive"]))
    assert "girlfriend" not in topic_words("Where does my girlfriend work now? Mira")
    assert "mira" not in topic_words("Where does my girlfriend work now? Mira")
    zh = topic_words("我女朋友现在在哪个城市上班？")
    assert "上班" in zh and "女朋友" not in zh and "现在" not in zh and "哪个" not in zh


def test_the_newer_value_goes_right_before_the_older_in_english() -> None:
    old, other, new, unrelated = _made([("My brother drives an old Honda Civic he bought used", 0),
                                        ("My brother lives in Leeds with two cats", 10),
                                        ("He sold the Civic last month and drives a Tesla now", 200),
                                        ("My brother is getting married in June", 220)])
    candidates = {c.key: c for c in (old, other, new, unrelated)}
    fused = {old.key: 0.90, other.key: 0.70, unrelated.key: 0.60, new.key: 0.50}
    lifted = newer_first(fused, candidates, "What car does my brother drive?")
    assert _order(lifted) == [new.key, old.key, other.key, unrelated.key]  # the older stays, right after
    assert sorted(lifted.values()) == sorted(fused.values())  # a permutation: nothing else is raised
    assert newer_first(fused, candidates, "What car did my brother drive in 2019?") == fused


def test_the_newer_value_goes_first_in_chinese() -> None:
    old, name, new = _made([("用户养了一只橘猫，叫团子", 0), ("用户的妹妹叫小雨", 40),
                            ("前阵子又领养了一只，现在家里两只猫", 150)])
    candidates = {c.key: c for c in (old, name, new)}
    fused = {old.key: 0.80, name.key: 0.60, new.key: 0.45}
    assert _order(newer_first(fused, candidates, "我现在养了几只猫？"))[0] == new.key


def test_a_shared_name_or_kinship_word_is_no_evidence() -> None:
    old, new = _made([("我姐姐住在成都", 0), ("我姐姐下个月过生日", 90)])
    candidates = {c.key: c for c in (old, new)}
    fused = {old.key: 0.8, new.key: 0.6}
    assert newer_first(fused, candidates, "我姐姐现在住在哪里？") == fused
    old, new = _made([("Hannah is flying over from Toronto", 0), ("Hannah loved the party", 30)])
    candidates = {c.key: c for c in (old, new)}
    assert newer_first({old.key: 0.8, new.key: 0.6}, candidates, "Where does my sister live? Hannah") \
        == {old.key: 0.8, new.key: 0.6}


def test_a_much_weaker_match_or_a_word_most_candidates_hold_moves_nothing() -> None:
    old, new = _made([("The user works as a nurse at Mercy Hospital", 0), ("The user works late on Fridays", 60)])
    candidates = {c.key: c for c in (old, new)}
    weak = {old.key: 0.9, new.key: 0.3}
    assert newer_first(weak, candidates, "What is my job now?") == weak
    rows = _made([(f"用户在公司的工作第{i}件事", i * 10) for i in range(6)])
    candidates = {c.key: c for c in rows}
    fused = {c.key: 0.9 - 0.05 * i for i, c in enumerate(rows)}  # the oldest first; all hold 工作
    assert newer_first(fused, candidates, "我现在在公司做什么工作？") == fused


def test_a_word_the_source_turns_lend_most_candidates_is_read_in_their_own_text() -> None:
    """Eight memories drawn from one turn about the mortgage all hold "mortgage" as search words; only two say it. The
    newer of those goes first, the turn's other memories stay where they are."""
    turn = "Our mortgage is 980 a month and I keep the household spreadsheet, Felipe pays the car loan"
    first = _made([("The monthly mortgage payment is 980", 0), ("The user keeps the household spreadsheet", 0),
                   ("Felipe pays the car loan", 0), ("The user splits the bills with Felipe", 0),
                   ("The user uses Google Sheets", 0), ("The user pays the water bill", 0)], said=turn)
    later = _made([("The bank raised the mortgage payment to 1,040 from June", 120),
                   ("The user is annoyed at the bank", 120)], said="The bank raised our mortgage to 1,040, ugh")
    rows = [*first, *later]
    candidates = {c.key: c for c in rows}
    fused = {c.key: 0.95 - 0.05 * i for i, c in enumerate(rows)}
    order = _order(newer_first(fused, candidates, "How much is the mortgage?"))
    assert order[:2] == [later[0].key, first[0].key]  # the newer payment right before the older
    assert order[2:] == [c.key for c in rows if c not in (later[0], first[0])]


def test_the_questions_only_topic_word_is_evidence_though_most_candidates_say_it() -> None:
    """All the best hold "recital" in their own text: when it is the question's only topic word, they are all about
    the thing asked, and the newer goes first (with more topic words, such a word is no evidence: above)."""
    rows = _made([("The piano recital is on Friday 6 March at St Anne's hall", 0),
                  ("The user is nervous about the recital", 1), ("Lena is playing a duet at the recital", 2),
                  ("The recital was moved to Sunday 22 March", 40), ("The recital tickets cost 8 each", 3),
                  ("The user bought a black dress for the recital", 45)])
    candidates = {c.key: c for c in rows}
    fused = {c.key: 0.9 - 0.05 * i for i, c in enumerate(rows)}
    order = _order(newer_first(fused, candidates, "When is the recital?"))
    assert order.index(rows[3].key) < order.index(rows[0].key)  # the moved date before the first one
    assert newer_first(fused, candidates, "When is the recital at the hall?") == fused
