"""One contract for both extractors: the offline extractor's candidates are valid ``record_memories`` answers, and
the same conversation through Claude (mocked transport) and offline gives memories with the same fields."""

from __future__ import annotations

from datetime import UTC, datetime

import jsonschema
import pytest

from memories.extraction import prompts
from memories.extraction.candidates import Turn
from memories.extraction.offline import OfflineExtractor
from tests.extraction.conftest import API, job, memories, run_jobs, tool_answer
from tests.extraction.everyday import COMPOUNDS, FACTS

pytestmark = pytest.mark.usefixtures("fake_embedder")
SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
CONVERSATION = [
    {"role": "user", "name": "Caroline", "content": "I went to a support group yesterday and it was so powerful.",
     "created_at": SAID.isoformat()},
    {"role": "user", "name": "Melanie", "content": "Wow! How did it go? My kids and I are off to the lake soon.",
     "created_at": SAID.isoformat()},
    {"role": "user", "name": "Caroline", "content": "My mentor Ana says I should study counseling next year.",
     "created_at": SAID.isoformat()},
]


def answers(texts):
    extractor = OfflineExtractor()
    found = extractor.extract([Turn(i, "user", t, SAID) for i, t in enumerate(texts, start=1)], [])
    return {"memories": [prompts.candidate_json(c) for c in found]}


@pytest.mark.parametrize(("text", "keys"), FACTS + COMPOUNDS, ids=[t[:30] for t, _ in FACTS + COMPOUNDS])
def test_the_offline_extractors_answer_is_a_valid_claude_answer(text, keys):
    answer = answers([text])
    jsonschema.Draft202012Validator(prompts.MEMORIES_TOOL["input_schema"]).validate(answer)
    assert answer["memories"] and all(m["kind"] in prompts.KINDS for m in answer["memories"])


def extract(kc, scope):
    response = kc.client.post(f"{API}/extract", {"scope": scope, "messages": CONVERSATION}, format="json")
    assert response.status_code == 202, response.content[:500]
    run_jobs()
    return job(kc, response.json()["job"])


def fields(rows):
    return sorted((m["content"], m["type"], m["valid_from"], m["metadata"]["extraction"]["kind"],
                   m["metadata"]["extraction"]["turns"], m["metadata"]["extraction"].get("speaker"))
                  for m in rows)


def test_claude_and_the_offline_extractor_fill_the_same_fields(alice, settings, fake_claude):
    settings.ANTHROPIC_API_KEY = ""
    offline = extract(alice, "user/offline")
    assert offline["extractor"] == "rules"
    stored_offline = memories(alice, "user/offline")
    assert {m["metadata"]["extraction"].get("speaker") for m in stored_offline} == {"Caroline", "Melanie"}

    # Claude, through the mocked transport, answering with the very same statements in the tool's schema.
    extractor = OfflineExtractor()
    turns = [Turn(i, "user", m["content"], SAID, m["name"]) for i, m in enumerate(CONVERSATION, start=1)]
    fake_claude.answers.append(tool_answer({"memories": [prompts.candidate_json(c)
                                                         for c in extractor.extract(turns, [])]}))
    settings.ANTHROPIC_API_KEY = "test-key"
    claude = extract(alice, "user/claude")
    assert (claude["status"], claude["extractor"], claude["error"]) == ("succeeded", "claude", "")
    sent = fake_claude.requests[0]["messages"][0]["content"]
    assert "[1] user Caroline (2023-05-08): I went to a support group" in sent  # the speaker and the day
    assert fields(memories(alice, "user/claude")) == fields(stored_offline)
    assert fields(stored_offline) == [
        ("Ana (Caroline's mentor) says Caroline should study counseling in 2024.", "task", "2023-05-08T13:56:00Z",
         "task", [3], "Caroline"),
        ("Caroline went to a support group on 7 May 2023 and it was so powerful.", "fact", "2023-05-07T12:00:00Z",
         "event", [1], "Caroline"),
        ("Melanie's kids and Melanie are off to the lake soon.", "fact", "2023-05-08T13:56:00Z", "fact", [2],
         "Melanie")]
