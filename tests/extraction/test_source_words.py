"""An extracted memory keeps the words of the turn it came from (``metadata.extraction.said``, secrets redacted),
and the lexical index searches them with the statement's own: a question worded like the conversation finds the
statement drawn from it, on both search paths and after ``reindex_text``; the duplicate key, the embedding and the
conflict policy read the statement alone (docs/extraction.md, "Where a memory came from")."""

from __future__ import annotations

from typing import Any

import pytest

from memories.models import Memory
from memories.write.reindex import reindex_tenant
from tenants.scoping import tenant_scope
from tests.extraction.conftest import API, close, run_jobs
from tests.recall.conftest import contents, search

pytestmark = pytest.mark.django_db
SCOPE = "user/1"
CHAT = [("Ben", "Did you do anything fun this weekend?"),
        ("Ana", "Yes, the shelter was amazing! I adopted a golden retriever puppy. My password is hunter22x."),
        ("Ben", "I made a blue bowl with a sunflower on it at my pottery class.")]
STATEMENT = "Ana adopted a golden retriever puppy."


def _chat(kc: Any) -> None:
    messages = [{"role": "user", "name": name, "content": text} for name, text in CHAT]
    response = kc.client.post(f"{API}/sessions/chat-1/messages", {"scope": SCOPE, "messages": messages},
                              format="json")
    assert response.status_code == 202, response.content[:2000]
    close(kc, "chat-1")
    run_jobs()


def _statement(alice_tenant: Any) -> Memory:
    with tenant_scope(alice_tenant):
        return Memory.objects.get(scope__path=SCOPE, content=STATEMENT)


def test_an_extracted_memory_records_the_words_of_its_turn_redacted(alice, alice_tenant) -> None:
    _chat(alice)
    memory = _statement(alice_tenant)
    said = memory.metadata["extraction"]["said"]
    assert said.startswith("Yes, the shelter was amazing! I adopted a golden retriever puppy.")
    assert "hunter22x" not in said and "[redacted" in said
    assert memory.metadata["extraction"]["turns"] == [1, 2]  # Ben's question, which gave no memory, and the reply
    assert "shelter" not in memory.content


def test_a_reply_to_a_remark_names_only_its_own_turn(alice, alice_tenant) -> None:
    messages = [{"role": "user", "name": "Ben", "content": "Wow, that sounds like a blast!"},
                {"role": "user", "name": "Ana", "content": "I adopted a golden retriever puppy last week."}]
    response = alice.client.post(f"{API}/sessions/chat-2/messages", {"scope": SCOPE, "messages": messages},
                                 format="json")
    assert response.status_code == 202, response.content[:2000]
    close(alice, "chat-2")
    run_jobs()
    with tenant_scope(alice_tenant):
        [memory] = Memory.objects.filter(scope__path=SCOPE, content__contains="golden retriever")
    assert memory.metadata["extraction"]["replies_to"] == "Wow, that sounds like a blast!"
    assert memory.metadata["extraction"]["turns"] == [2]


@pytest.mark.parametrize("path", ["index", "sql"])
def test_a_question_worded_like_the_turn_finds_the_statement(alice, settings, path) -> None:
    settings.SEARCH_INDEX_ENABLED = path == "index"
    _chat(alice)
    assert STATEMENT in contents(search(alice, query="Which shelter was amazing?", mode="lexical", floor=False))


def test_the_turns_words_survive_reindex_and_stay_out_of_the_duplicate_key(alice, alice_tenant, settings) -> None:
    _chat(alice)
    memory = _statement(alice_tenant)
    assert "shelter" in memory.search_text.split()
    with tenant_scope(alice_tenant):
        Memory.objects.filter(pk=memory.pk).update(search_text="", search_text_version=0)
        assert reindex_tenant() >= 1
    assert _statement(alice_tenant).search_text == memory.search_text
    # the same statement sent as plain content is a duplicate of it, whatever the turn's words
    response = alice.client.post(f"{API}/memories", {"scope": SCOPE, "content": STATEMENT}, format="json")
    assert response.status_code in (200, 201), response.content[:2000]
    with tenant_scope(alice_tenant):
        assert Memory.objects.filter(scope__path=SCOPE, content=STATEMENT, status="active").count() == 1
