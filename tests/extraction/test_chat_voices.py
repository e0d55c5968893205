"""The offline extractor on messages in the voices of chat (tests/extraction/chat_voices.py), then the same kind of
messages through mem0's add and search with the real embedding model: each fact is found by a question put in other
words."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.extraction.chat_voices import ASKED, FACTS, NOTHING, SPLIT, TIMES, WHOLE
from tests.extraction.test_everyday import FIRST_PERSON, holding, run

#: What a chat message carries that is no part of a memory.
CHAT = re.compile(r"(?i)\b(?:lol|omg|sooo|tbh|ugh|rn|bc|bf|gf|hubby|bff|w)\b|[\U0001F000-\U0001FAFF\u2600-\u27BF]")


@pytest.mark.parametrize(("text", "keys"), FACTS, ids=[t[:30] for t, _ in FACTS])
def test_a_fact_typed_in_a_hurry_is_kept_plain(text, keys):
    found, _ = run(("user", text))
    contents = [c.content for c in found]
    for key in keys:
        assert holding(found, key), (key, contents)
    assert not any(c.observation for c in found), contents
    assert not any(FIRST_PERSON.search(c) or CHAT.search(c) for c in contents), contents


@pytest.mark.parametrize(("text", "keys"), SPLIT, ids=[t[:30] for t, _ in SPLIT])
def test_a_run_on_or_a_paragraph_becomes_one_memory_per_fact(text, keys):
    found, _ = run(("user", text))
    homes = [holding(found, key) for key in keys]
    assert all(len(home) == 1 for home in homes), [c.content for c in found]
    assert len({id(home[0]) for home in homes}) == len(keys), [c.content for c in found]
    assert not any(FIRST_PERSON.search(c.content) or CHAT.search(c.content) for c in found), [c.content for c in found]


@pytest.mark.parametrize("text", NOTHING)
def test_nothing_is_kept_from_chat_filler(text):
    found, skipped = run(("user", text))
    assert found == [], [c.content for c in found]
    assert [s.turn for s in skipped] == [1]


@pytest.mark.parametrize(("text", "keys"), ASKED, ids=[t[:30] for t, _ in ASKED])
def test_what_a_question_tells_is_kept_and_the_question_is_not(text, keys):
    found, _ = run(("user", text))
    contents = [c.content for c in found]
    for key in keys:
        assert holding(found, key), (key, contents)
    assert not any(c.rstrip().endswith(("?", "？")) or FIRST_PERSON.search(c) for c in contents), contents


@pytest.mark.parametrize(("text", "consequence"), WHOLE, ids=[t[:30] for t, _ in WHOLE])
def test_a_condition_stays_with_what_follows_from_it(text, consequence):
    found, _ = run(("user", text))
    [home] = holding(found, consequence)
    assert re.search(r"(?i)\bif\b|如果|要是", home.content), [c.content for c in found]


@pytest.mark.parametrize(("text", "when"), TIMES, ids=[t[:30] for t, _ in TIMES])
def test_a_day_of_the_month_a_span_ahead_and_a_months_end_are_dated(text, when):
    found, _ = run(("user", text))
    assert holding(found, when), [c.content for c in found]
    if when == "three weeks":  # how long it took: no day is made up
        assert not any("around" in c.content or "2025" in c.content for c in found), [c.content for c in found]


#: (message, a question in other words, a word its answer holds)
SEARCHED: list[tuple[str, str, str]] = [
    ("ugh my hubby's b-day is on the 14th and he loves anything lego", "What toys does the husband like?", "lego"),
    ("cant do dairy rn, doc says im lactose intolerant", "Can the user drink milk?", "lactose"),
    ("can you find a vegan place near my office in Shoreditch?", "Where is the user's workplace?", "Shoreditch"),
    ("What's a good gift for my dad? He's turning 60 and he's into fishing.", "What is the father's hobby?",
     "fishing"),
    ("我男朋友下周生日 他超喜欢打篮球", "用户的男朋友喜欢什么运动？", "篮球"),
    ("我是铲屎官 家里两只猫一只叫橘子一只叫芝麻", "用户养了什么宠物？", "猫"),
    ("你知道杭州哪里有好吃的川菜吗？我刚搬过来", "用户现在住在哪个城市？", "杭州"),
    ("我对芒果过敏 每次吃都起疹子", "用户不能吃什么水果？", "芒果"),
]


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


@pytest.mark.usefixtures("offline")
def test_through_mem0_each_fact_is_found_by_a_question_in_other_words(alice) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {alice.secret}")

    def post(path: str, body: dict[str, Any]) -> Any:
        response = client.post(f"/mem0{path}", data=json.dumps(body), content_type="application/json")
        assert response.status_code == 200, response.content[:500]
        return response.json()

    for text, _, _ in SEARCHED:
        kept = post("/v3/memories/add/", {"messages": [{"role": "user", "content": text}], "user_id": "kai"})
        assert kept["results"], text
    chatter = post("/v3/memories/add/", {"messages": [{"role": "user", "content": t} for t in ("lol ok", "谢啦 🙏")],
                                         "user_id": "kai"})
    assert chatter["results"] == [], chatter
    for _, question, word in SEARCHED:
        top = post("/v3/memories/search/", {"query": question, "filters": {"user_id": "kai"}, "top_k": 3})
        memories = [r["memory"] for r in top["results"]]
        assert any(word.casefold() in m.casefold() for m in memories), (question, memories)
