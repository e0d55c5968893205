"""The ranking does not depend on how many results are asked for (docs/recall.md, "The same ranking for every
k"): the first n hits of a search are the same for every k ≥ n, in the in-process index and in SQL, for
English and Chinese memories. More memories than the candidate lists of a small k used to hold, in sessions
(so neighbours join), with the real models: written once for the module (each test runs in a savepoint inside
the transaction that holds them)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from tenants.services import tenant_create
from tests.conftest import KeyedClient, keyed_client
from tests.recall.conftest import save, search

PATHS = ["index", "sql"]
SCOPES = {"en": "user/1", "zh": "user/2"}
START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

PEOPLE_EN = ["Caroline", "Melanie", "Jon", "Gina", "Audrey", "Andrew"]
THINGS_EN = ["painting", "hiking", "the pottery class", "a new puppy", "the camping trip", "her garden",
             "the marathon", "a guitar lesson", "the dance studio", "a road trip", "the bakery", "a poetry book"]
SAID_EN = ["talked about {t} all evening", "said {t} made the week better", "asked what I thought of {t}",
           "was nervous about {t} at first", "sent photos of {t}"]
PEOPLE_ZH = ["小王", "李娜", "表哥", "张老师", "我女儿", "陈经理"]
THINGS_ZH = ["画画", "爬山", "陶艺课", "新养的小狗", "露营", "家里的花园", "马拉松", "吉他课", "舞蹈室",
             "自驾游", "烘焙", "诗集"]
SAID_ZH = ["整晚都在聊{t}", "说{t}让这周好了很多", "问我觉得{t}怎么样", "一开始对{t}有点紧张", "发了好多{t}的照片"]

QUERIES = {
    "en": ["What did Caroline say about the pottery class?", "Who was nervous about the marathon?",
           "photos of the camping trip", "guitar"],
    "zh": ["李娜对陶艺课怎么说？", "谁对马拉松有点紧张？", "露营的照片", "吉他"],
}


def turns(language: str) -> list[dict[str, Any]]:
    """120 turns in 12 sessions of 10: every person talks about every thing, in a few ways."""
    people, things, said = ((PEOPLE_EN, THINGS_EN, SAID_EN) if language == "en" else (PEOPLE_ZH, THINGS_ZH, SAID_ZH))
    items = []
    for i in range(120):
        person, thing = people[i % len(people)], things[(i // len(people)) % len(things)]
        text = said[(i + i // 72) % len(said)].format(t=thing)  # no two turns alike
        items.append({"content": f"{person}: {text}" if language == "en" else f"{person}{text}", "type": "fact",
                      "subject": person, "source_session": f"s{i // 10}",
                      "valid_from": (START + timedelta(days=i // 10, seconds=i % 10)).isoformat()})
    return items


@pytest.fixture(scope="module")
def written(django_db_setup: None, django_db_blocker: Any) -> Iterator[KeyedClient]:
    """The module's tenant with the English turns in user/1 and the Chinese ones in user/2, each language in one
    request through the API (real models), in a transaction rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        writer = keyed_client(tenant_create(slug="k-independent", name="Any k"), name="writer")
        for language, scope in SCOPES.items():
            save(writer, *turns(language), scope=scope)
        yield writer
        transaction.set_rollback(True)


@pytest.fixture
def writer(written: KeyedClient, db: None) -> KeyedClient:
    """The module's writer, in this test's savepoint."""
    return written


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("path", PATHS)
def test_the_first_n_hits_are_the_same_for_every_k_at_least_n(writer, settings, path, language) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    for query in QUERIES[language]:
        ranked = {k: [hit["memory"]["id"] for hit in search(writer, query=query, scope=SCOPES[language], k=k,
                                                            floor=False)["results"]]
                  for k in (1, 3, 10, 20, 50, 100)}
        assert len(ranked[100]) > 60, query  # more than the candidate lists of a small k used to hold
        for k, ids in ranked.items():
            assert ids == ranked[100][:k], (query, k)


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_context_and_the_mem0_search_inherit_it(writer, settings, path) -> None:
    """/context searches with its own k and the mem0 surface with its ``top_k``: both take a prefix of the
    same ranking as the memory search's."""
    settings.SEARCH_INDEX_ENABLED = path == "index"
    query = QUERIES["en"][0]
    full = [hit["memory"]["id"] for hit in search(writer, query=query, k=100)["results"]]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {writer.secret}")
    for top_k in (3, 7):
        response = client.post("/mem0/v3/memories/search/", {"query": query, "filters": {"user_id": "1"},
                                                             "top_k": top_k}, format="json")
        assert response.status_code == 200, response.content[:500]
        assert [row["id"] for row in response.json()["results"]] == full[:top_k]
    block = writer.client.post("/api/v1/context", {"query": query, "scope": "user/1", "token_budget": 200},
                              format="json").json()
    assert block["items"] and block["items"] == [pk for pk in full if pk in block["items"]]
