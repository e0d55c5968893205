"""The shape from plain content (docs/recall.md, "The shape from plain content"): a client that sends content
only still gets the conversation's levers. A leading speaker label is read as the subject and kept out of the
lexical text, in English and Chinese; the memories of one batch (or one mem0 run) form a session in arrival
order, so a turn is found through its neighbour, in the in-process index and in SQL. Each lever is also
turned off to show the difference."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from memories.models import Memory
from memories.write.plain import speaker_label, speaker_subject, without_label
from tests.recall.conftest import contents, save, search

PATHS = ["index", "sql"]


def test_a_speaker_label_is_read_in_both_languages() -> None:
    assert speaker_label("Caroline: I went hiking") == ("Caroline", 10)
    assert speaker_subject("Dr. Okafor: take the pills twice a day") == "Dr. Okafor"
    assert speaker_subject("用户：我女儿今年上高中") == "用户"
    assert speaker_subject("王磊：下周去上海出差") == "王磊"
    assert without_label("李娜: 我表哥今年四十二岁") == "我表哥今年四十二岁"
    assert speaker_subject("Assistant: Happy to help!") is None and without_label("助手：好的") == "好的"
    for plain in ("Note: buy milk", "Meeting: 9:30 with Bill", "The plan: ship on Monday", "生日：六月九号",
                  "Caroline said: hi", "下周三：开会", "http://example.com: down"):
        assert speaker_label(plain) is None, plain


@pytest.mark.django_db
def test_the_speaker_is_the_subject_and_optionally_not_a_search_word(alice, in_alice, settings) -> None:
    english, chinese, note, named = save(alice, {"content": "Caroline: I went hiking with the dog"},
                                         {"content": "用户：我女儿今年上高中"}, {"content": "Note: buy milk"},
                                         {"content": "Melanie: Caroline loves hiking", "subject": "Caroline"})
    assert [english["subject"], chinese["subject"], note["subject"], named["subject"]] == [
        "Caroline", "用户", None, "Caroline"]
    words = dict(Memory.objects.values_list("content", "search_text"))
    assert words["Caroline: I went hiking with the dog"].split()[:2] == ["carolin", "i"]  # kept by default
    settings.RECALL_LABEL_WORDS = False
    save(alice, {"content": "Gina: I opened a dance studio"}, {"content": "王磊：我表哥今年四十二岁"},
         {"content": "Note: call the plumber"}, {"content": "Jon: Gina and I went dancing"})
    words = dict(Memory.objects.values_list("content", "search_text"))
    assert "gina" not in words["Gina: I opened a dance studio"].split()
    assert "studio" in words["Gina: I opened a dance studio"].split()
    chinese_words = words["王磊：我表哥今年四十二岁"].split()
    assert "王磊" not in chinese_words and "表哥" in chinese_words
    assert "note" in words["Note: call the plumber"].split()
    assert "gina" in words["Jon: Gina and I went dancing"].split()  # named in the text itself: kept
    settings.RECALL_SPEAKER_LABELS = False
    (plain,) = save(alice, {"content": "Audrey: I adopted a puppy"})
    assert plain["subject"] is None


CHAT = [
    "Melanie: That pottery class sounds fun! What did you make there?",
    "Caroline: Just a little something, blue with a sunflower on it.",
    "Melanie: The weather has been lovely for walks in the evening.",
    "Caroline: My kids started swimming lessons on Tuesday.",
    "Melanie: We adopted a second cat from the shelter.",
    "Caroline: I want to try baking sourdough bread this winter.",
]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_batch_of_plain_turns_is_a_session(alice, settings, path) -> None:
    """Content only, one request: the answer shares no word with the question and is found through the turn
    before it, as when the client sends its session and times."""
    settings.SEARCH_INDEX_ENABLED = path == "index"
    saved = save(alice, *[{"content": turn} for turn in CHAT])
    sessions = {m["source_session"] for m in saved}
    assert len(sessions) == 1 and next(iter(sessions)).startswith("batch/")
    assert [m["valid_from"] for m in saved] == sorted(m["valid_from"] for m in saved)
    assert len({m["valid_from"] for m in saved}) == len(saved)
    found = contents(search(alice, query="pottery class", mode="lexical", floor=False))
    assert found[:2] == [CHAT[0], CHAT[1]]
    settings.RECALL_BATCH_SESSIONS = False
    loose = save(alice, *[{"content": turn.replace("pottery", "ceramics")} for turn in CHAT], scope="user/2")
    assert {m["source_session"] for m in loose} == {""}
    assert contents(search(alice, scope="user/2", query="ceramics class", mode="lexical", floor=False)) == [
        CHAT[0].replace("pottery", "ceramics")]


@pytest.mark.django_db
def test_one_memory_is_no_session_and_a_session_sent_is_kept(alice) -> None:
    (one,) = save(alice, {"content": "Caroline: I went hiking"})
    assert one["source_session"] == ""
    sent = save(alice, {"content": "a", "source_session": "s1"}, {"content": "Gina: b c"},
                {"content": "Jon: d e", "valid_from": "2024-01-01T00:00:00Z"})
    assert sent[0]["source_session"] == "s1" and sent[1]["source_session"] == sent[2]["source_session"] != "s1"
    assert sent[2]["valid_from"] == "2024-01-01T00:00:00Z"


@pytest.mark.django_db
def test_the_messages_of_one_mem0_run_are_one_session(alice, in_alice) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {alice.secret}")

    def add(*texts: str) -> Any:
        body = {"messages": [{"role": "user", "content": t} for t in texts], "infer": False, "user_id": "alex",
                "run_id": "trip"}
        response = client.post("/mem0/v3/memories/add/", data=json.dumps(body), content_type="application/json")
        assert response.status_code == 200, response.content[:500]
        return response.json()

    add("I booked the hotel in Lisbon", "The flight leaves at 7")
    add("I packed the camera")
    rows = list(Memory.objects.filter(content__in=["I booked the hotel in Lisbon", "The flight leaves at 7",
                                                       "I packed the camera"]).order_by("valid_from")
                .values_list("content", "source_session"))
    assert rows == [("I booked the hotel in Lisbon", "mem0-run/trip"), ("The flight leaves at 7", "mem0-run/trip"),
                    ("I packed the camera", "mem0-run/trip")]
