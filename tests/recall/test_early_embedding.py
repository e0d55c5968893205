"""The query's embedding started once the key may search, before the body is validated (memories/recall/vectors.py,
``early``; memories/api/recall.py): the search then uses that run (one run per text), answers exactly as a
search that embeds its query itself, and a request the API refuses is refused as before."""

from __future__ import annotations

from typing import Any

import pytest

from memories.embeddings import embedders, query_caches_clear
from memories.recall import vectors
from tests.recall.conftest import API, assert_error, save
from tests.recall.conftest import search as api_search

SESSION = ["Caroline: Hey Melanie! What have you been reading lately? Any good books?",
           "Melanie: I finished a novel about a lighthouse keeper, and started one on birds.",
           "Melanie: My kids and I went to the library on Saturday and came back with a pile of books."]


def _runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the primary model embeds as queries (counted, not replaced)."""
    primary = embedders()[0]
    seen: list[str] = []
    embed_query = primary.embed_query

    def counted(text: str) -> Any:
        seen.append(text)
        return embed_query(text)

    monkeypatch.setattr(primary, "embed_query", counted)
    return seen


def _hits(found: dict[str, Any]) -> list[tuple[str, float, dict[str, float]]]:
    return [(hit["memory"]["id"], hit["score"], hit["scores"]) for hit in found["results"]]


@pytest.mark.django_db
def test_the_search_uses_the_run_started_before_validation(alice, monkeypatch) -> None:
    save(alice, *({"content": content, "type": "fact"} for content in SESSION))
    question = "Where did the kids go on Saturday?"
    query_caches_clear()
    expected = _hits(api_search(alice, query=question, k=3))  # what the search answers
    runs = _runs(monkeypatch)
    started: list[tuple[object, object]] = []
    early = vectors.early

    def seen(query: object, mode: object = "hybrid") -> None:
        started.append((query, mode))
        early(query, mode)

    monkeypatch.setattr(vectors, "early", seen)
    query_caches_clear()
    assert _hits(api_search(alice, query=f"  {question} ", k=3)) == expected
    assert started == [(f"  {question} ", "hybrid")]
    assert runs == [question]  # embedded once: the early run, which the search found


@pytest.mark.django_db
def test_a_refused_request_is_answered_as_before(alice, client, monkeypatch) -> None:
    started: list[object] = []
    monkeypatch.setattr(vectors, "early", lambda query, mode="hybrid": started.append(query))
    # Without a key: 401, and nothing embedded.
    response = client.post(f"{API}/memories/search", {"query": "books", "scope": "user/1"},
                           content_type="application/json")
    assert response.status_code == 401 and started == []
    # A body that is not JSON: the parse error, from the same place in the request.
    response = alice.client.post(f"{API}/memories/search", "{not json", content_type="application/json")
    assert_error(response, 400)
    # Invalid fields: the validation's 400, whatever was started.
    assert_error(alice.client.post(f"{API}/memories/search", {"query": "", "scope": "user/1"}, format="json"), 400)
    assert_error(alice.client.post(f"{API}/memories/search", {"query": "books", "scope": "user/1", "mode": "fuzzy"},
                                   format="json"), 400)


@pytest.mark.django_db
def test_early_starts_nothing_for_a_body_the_search_would_not_embed(monkeypatch) -> None:
    runs = _runs(monkeypatch)
    query_caches_clear()
    for query, mode in [(None, "hybrid"), (42, "hybrid"), ("   ", "hybrid"), ("books", "lexical"),
                        ("books", "fuzzy"), ("x" * 100_000, "hybrid")]:
        vectors.early(query, mode)
    assert runs == []
    vectors.early("Which books did Melanie read?", None)
    assert runs == ["Which books did Melanie read?"]
