"""A bad item of a list field is named by its index in the error format (``events.1``), in plain words: never a
Python repr of DRF's error objects. Every list field of every request serializer that takes one."""

from __future__ import annotations

import pytest

from tests.api.conftest import API, assert_error, create

pytestmark = pytest.mark.django_db

UUID = "00000000-0000-4000-8000-000000000000"

CASES = [
    ("post", "webhooks", {"url": "https://hooks.example.com/x", "events": ["memory.created", "memory.exploded"]},
     "events.1", '"memory.exploded" is not a valid choice.'),
    ("post", "context", {"query": "tea", "scope": "user/1", "types": ["fact", "opinion"]},
     "types.1", '"opinion" is not a valid choice.'),
    ("post", "memories/search", {"query": "tea", "scope": "user/1", "types": ["opinion"]},
     "types.0", '"opinion" is not a valid choice.'),
    ("post", "memories/search", {"query": "tea", "scope": "user/1", "include_statuses": ["active", "gone"]},
     "include_statuses.1", '"gone" is not a valid choice.'),
    ("post", "memories/search", {"query": "tea", "scopes": ["user/1", 7]},
     "scopes.1", None),
    ("post", "context", {"query": "tea", "scopes": ["user/1", "a//b"]}, "scopes.1", None),
    ("post", "memories/merge", {"ids": [UUID, "not-a-uuid"]}, "ids.1", "Must be a valid UUID."),
    ("post", "sessions/s-1/messages", {"scope": "user/1", "messages": [{"role": "user", "content": "hi"},
                                                                        {"role": "robot", "content": "hi"}]},
     "messages.1.role", None),
    ("post", "extract", {"scope": "user/1", "messages": [{"role": "user"}]}, "messages.0.content", None),
    ("post", "memories", [{"scope": "user/1", "content": "a"}, {"scope": "user/1", "content": "b", "type": "x"}],
     "1.type", '"x" is not a valid choice.'),
    ("post", "feedback", {"memory_ids": ["not-a-uuid"], "useful": True}, "memory_ids.0", "Must be a valid UUID."),
]


@pytest.mark.parametrize(("method", "path", "body", "field", "message"), CASES)
def test_it_names_a_bad_list_item_by_its_index_in_plain_words(alice, fake_embedder, method, path, body, field,
                                                              message) -> None:
    response = getattr(alice.client, method)(f"{API}/{path}", body, format="json")
    error = assert_error(response, 400, "validation_error")["error"]
    assert "ErrorDetail" not in response.content.decode()
    assert list(error["fields"]) == [field], error
    [text] = error["fields"][field]
    assert isinstance(text, str) and "{" not in text
    if message is not None:
        assert text == message
        assert error["message"] == f"{field}: {message}"


def test_it_names_a_bad_item_of_a_patched_webhook(alice) -> None:
    created = alice.client.post(f"{API}/webhooks", {"url": "https://hooks.example.com/x",
                                                    "events": ["memory.created"]}, format="json").json()
    response = alice.client.patch(f"{API}/webhooks/{created['id']}", {"events": ["memory.exploded"]}, format="json")
    error = assert_error(response, 400, "validation_error")["error"]
    assert error["fields"] == {"events.0": ['"memory.exploded" is not a valid choice.']}


def test_it_names_every_bad_item_and_the_field_of_a_batch_item(alice, fake_embedder) -> None:
    create(alice, content="Likes tea.")
    response = alice.client.post(f"{API}/memories/search", {"query": "tea", "scope": "user/1",
                                                            "types": ["opinion", "fact", "mood"]}, format="json")
    fields = assert_error(response, 400, "validation_error")["error"]["fields"]
    assert fields == {"types.0": ['"opinion" is not a valid choice.'], "types.2": ['"mood" is not a valid choice.']}
