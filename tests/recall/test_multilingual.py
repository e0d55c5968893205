"""Two embedding models, each ranking what it reads (docs/recall.md, "Which model ranks what"), and the
relevance floor: English-only data ranks exactly as with all-MiniLM alone, questions cross languages,
unrelated memories stay out of results and blocks."""

from __future__ import annotations

import pytest

from memories.embeddings import MULTILINGUAL_DEFAULT, embedders, get_embedder, set_embedders
from memories.recall.index.cache import CACHE
from memories.recall.search import memory_search
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tests.recall.conftest import API, contents, save, search

pytestmark = pytest.mark.django_db

ENGLISH = [
    "Emma drinks her coffee black without sugar", "Emma works as a data engineer at Initech",
    "Emma lives in Berlin, in a flat in Kreuzberg", "Emma's manager at Initech is Bill Lumbergh",
    "Emma is training for the Berlin half marathon on April 12", "Project Atlas has a budget of 42,000 euros",
    "Emma drinks green tea in the afternoon and coffee only in the morning", "Emma cycles to work every day",
    "Dentist appointment with Dr. Okafor on March 24 at 8:30", "Emma has been vegetarian since January",
    "The Orion stand-up moved to 10:30 because of the new colleagues in New York",
    "Incident INC-2041: the API was down for 47 minutes because the TLS certificate expired",
]
QUESTIONS = ["How does Emma take her coffee?", "Who is Emma's boss?", "Where does Emma live now?", "42,000 euros",
             "What race is Emma preparing for?", "When is the stand-up?", "Why did the API go down?", "dentist",
             "what does she drink in the afternoon", "Does Emma eat meat?", "x", "Kreuzberg flat"]


def ranking(floor: bool) -> list[list[tuple[str, float, dict[str, float]]]]:
    """Each question's hits: content, score (to 1e-6) and the breakdown. The test holds the search's clock
    still, so a task's recency is the same in both runs however long they take."""
    CACHE.clear()
    return [[(h.memory.content, round(h.score, 6), h.scores) for h in
             memory_search(query=q, scopes=["user/en"], k=10, floor=floor, track_access=False)] for q in QUESTIONS]


def test_english_only_data_ranks_exactly_as_with_the_first_model_alone(in_alice, settings, monkeypatch) -> None:
    # Exact equality of every score: float32 index vectors. With float16 (the default) some scores differ
    # in their last digits between the two configurations (docs/scaling.md, "Found on the way").
    settings.SEARCH_INDEX_VECTORS = "float32"
    assert [e.name for e in embedders()] == [get_embedder().name, MULTILINGUAL_DEFAULT]
    memory_create(items=[MemoryInput(scope="user/en", content=c, type="task" if "Dentist" in c else "fact")
                         for c in ENGLISH], actor="test")
    from django.utils import timezone

    from memories.recall import search as search_module

    now = timezone.now()
    monkeypatch.setattr(search_module.timezone, "now", lambda: now)
    both = {floor: ranking(floor) for floor in (True, False)}
    both_models = embedders()
    set_embedders(both_models[:1])  # the same all-MiniLM runner, the second model not configured
    try:
        alone = {floor: ranking(floor) for floor in (True, False)}
    finally:
        set_embedders(both_models)
    assert both == alone  # ids, order, scores and every part of the breakdown
    assert all(len(results) == 10 for results in both[False])


def test_questions_find_memories_in_the_other_language(alice) -> None:
    save(alice, {"content": "王磊对海鲜过敏"}, {"content": "王磊每周三晚上打羽毛球"}, {"content": "王磊喜欢喝绿茶"},
         {"content": "His laptop is a ThinkPad running Fedora"}, scope="user/wang")
    save(alice, {"content": "客户要求所有数据存储在法兰克福的数据中心"},
         {"content": "The Orion stand-up is at 9:00 every weekday"},
         {"content": "Orion runs PostgreSQL 15 in production"}, scope="team/orion")
    save(alice, {"content": "Emma cycles to work every day"}, {"content": "Emma is allergic to peanuts"},
         scope="user/emma")
    assert contents(search(alice, query="What is Wang Lei allergic to?", scope="user/wang", k=1)) == ["王磊对海鲜过敏"]
    assert contents(search(alice, query="What does he drink?", scope="user/wang", k=1)) == ["王磊喜欢喝绿茶"]
    assert contents(search(alice, query="Where must customer data be stored?", scope="team/orion", k=1)) == [
        "客户要求所有数据存储在法兰克福的数据中心"]
    assert contents(search(alice, query="站会是几点？", scope="team/orion", k=1)) == [
        "The Orion stand-up is at 9:00 every weekday"]
    assert contents(search(alice, query="她每天怎么去上班？", scope="user/emma", k=1)) == [
        "Emma cycles to work every day"]
    hit = search(alice, query="她对什么过敏", scope="user/emma", k=1)["results"][0]
    assert hit["memory"]["content"] == "Emma is allergic to peanuts" and hit["relevant"] is True


def test_the_floor_keeps_unrelated_memories_out(alice) -> None:
    """A question the memories speak to gets its k, best first (the floor never starves it: docs/recall.md,
    "The relevance floor"); one they do not speak to gets at most what came closest, never padding."""
    save(alice, {"content": "Ben prefers the dark theme in every editor", "type": "preference"},
         {"content": "Ben walks his dog Rex every morning"}, {"content": "Ben runs 10 km on Sundays"},
         {"content": "The Starlight prototype is due next Monday", "type": "task"},
         {"content": "Ben's favourite editor font is JetBrains Mono", "type": "preference"})
    found = contents(search(alice, query="which theme does Ben like"))
    assert found[0] == "Ben prefers the dark theme in every editor" and len(found) == 5
    assert found.index("The Starlight prototype is due next Monday") > found.index(
        "Ben's favourite editor font is JetBrains Mono")
    assert len(contents(search(alice, query="coffee"))) <= 1
    everything = search(alice, query="which theme does Ben like", k=5, floor=False)["results"]
    assert len(everything) == 5 and [h["relevant"] for h in everything].count(True) == len(found)
    response = alice.client.post(f"{API}/context", {"query": "What is the capital of Australia?", "scope": "user/1"},
                                 format="json")
    assert response.json() == {"block": "", "items": [], "tokens": 0}
    block = alice.client.post(f"{API}/context", {"query": "Ben's theme", "scope": "user/1"}, format="json").json()
    assert "Ben prefers the dark theme" in block["block"] and "Ben's favourite" in block["block"]  # no &#x27;
