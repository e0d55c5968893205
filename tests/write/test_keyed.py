"""Keyed writes (``flow.memory_put``): the replacement table, keys addressed rather than deduplicated, the entity
policy across keys, the key held once through review decisions, undo and restore, and concurrent PUTs of one
new key."""

from __future__ import annotations

import threading
from urllib.parse import urlencode

import pytest
from django.db import connection

from memories.choices import Status
from memories.models import Memory, MemoryVersion, ReviewItem
from memories.write.flow import memory_create, memory_put
from memories.write.prepare import MemoryInput
from memories.write.reviews import review_decide, review_undo
from memories.write.revisions import memory_deprecate, memory_restore
from mnemara.kernel.errors import Conflict
from tenants.scoping import tenant_scope
from tests.api.conftest import API
from tests.conftest import KeyedClient
from tests.write.test_concurrency import client_for, run_threads

ACTOR = "key:agent"
SCOPE = "user/kim"


@pytest.fixture
def _fake(fake_embedder):
    return fake_embedder


def put(key: str, content: str, **fields) -> tuple[Memory, str, bool]:
    result, created = memory_put(item=MemoryInput(scope=SCOPE, key=key, content=content, **fields), actor=ACTOR)
    return result.memory, result.action, created


@pytest.mark.django_db
@pytest.mark.usefixtures("_fake")
def test_it_follows_the_replacement_table(in_alice) -> None:
    memory, action, created = put("k", "Kim works from Lisbon.")
    assert (action, created, memory.status) == ("created", True, Status.ACTIVE)
    updated, action, created = put("k", "Kim works from Porto.")
    assert (action, created, updated.pk, updated.version) == ("updated", False, memory.pk, 2)
    proposal, action, created = put("k", "Kim may move to Faro.", provenance="inferred")
    assert (action, created, proposal.status) == ("pending", True, Status.PENDING) and proposal.pk != memory.pk
    again, action, created = put("k", "Kim may move to Braga.", confidence=0.3)
    assert (action, created, again.pk, again.version) == ("pending", False, proposal.pk, 2)
    item = ReviewItem.objects.get(memory=proposal)
    assert item.other_memory_id == memory.pk and item.status == "open"
    same, action, _ = put("k", "Kim works from Porto.")
    assert (action, same.pk, same.version) == ("duplicate", memory.pk, 2)
    assert MemoryVersion.objects.filter(memory=memory).count() == 2


@pytest.mark.django_db
@pytest.mark.usefixtures("_fake")
def test_a_proposal_accepted_in_review_takes_the_key_and_undo_gives_it_back(in_alice) -> None:
    memory, _, _ = put("k", "Kim's team is Payments.")
    proposal, _, _ = put("k", "Kim's team may be Risk.", provenance="inferred")
    item = ReviewItem.objects.get(memory=proposal)
    review_decide(item_id=item.pk, action="accept", actor="user:admin@acme.test")
    assert Memory.objects.get(pk=proposal.pk).status == Status.ACTIVE
    old = Memory.objects.get(pk=memory.pk)
    assert old.status == Status.DEPRECATED and old.superseded_by_id == proposal.pk
    review_undo(item_id=item.pk, actor="user:admin@acme.test")
    assert Memory.objects.get(pk=memory.pk).status == Status.ACTIVE
    assert Memory.objects.get(pk=proposal.pk).status == Status.PENDING
    memory_deprecate(memory_id=memory.pk, actor=ACTOR)
    holder, action, _ = put("k", "Kim's team is Growth.")  # the waiting proposal, stated now: it takes the key
    assert (holder.pk, action, holder.status) == (proposal.pk, "updated", Status.ACTIVE)
    with pytest.raises(Conflict) as taken:  # the key is held: a restore cannot make a second holder
        memory_restore(memory_id=memory.pk, actor=ACTOR)
    assert taken.value.code == "duplicate_key"


@pytest.mark.django_db
@pytest.mark.usefixtures("_fake")
def test_keys_are_addressed_not_deduplicated_but_entities_still_meet_the_policy(in_alice) -> None:
    a, _, _ = put("a", "The office wifi is Guest-5G.")
    b, action, _ = put("b", "The office wifi is Guest-5G.")
    assert action == "created" and a.pk != b.pk
    [plain] = memory_create(items=[MemoryInput(scope=SCOPE, content="The office wifi is Guest-5G.")], actor=ACTOR)
    assert plain.action == "created" and plain.memory.key is None
    # A low-confidence keyed fact, then a stated unkeyed one about the same entity: the policy would overwrite
    # in place, but that would move the unkeyed write into the key: it supersedes instead.
    low, _, _ = put("wifi", "Wifi password rotates weekly.", entity="office:wifi", confidence=0.4)
    [newer] = memory_create(items=[MemoryInput(scope=SCOPE, content="Wifi password rotates monthly.",
                                               entity="office:wifi")], actor=ACTOR)
    assert newer.action == "superseded" and newer.memory.key is None and newer.related == [low.pk]
    assert Memory.objects.get(pk=low.pk).status == Status.DEPRECATED
    assert Memory.objects.get(pk=low.pk).content == "Wifi password rotates weekly."


@pytest.mark.django_db(transaction=True)
def test_concurrent_puts_of_one_new_key_leave_one_memory(alice: KeyedClient, fake_embedder: object) -> None:
    url = f"{API}/keys/memory?{urlencode({'scope': SCOPE, 'key': 'race'})}"
    start = threading.Barrier(8)

    def writer(n: int) -> int:
        client = client_for(alice)
        start.wait()
        return client.put(url, {"content": f"Written by writer {n}."}, format="json").status_code

    statuses = run_threads(8, writer)
    assert sorted(statuses) == [200] * 7 + [201]
    with tenant_scope(alice.tenant):
        [memory] = Memory.objects.filter(key="race")
        assert memory.version == 8 and MemoryVersion.objects.filter(memory=memory).count() == 8
    connection.close()


FILE = "# Kim\n\n## Preferences\n- Prefers email\n  - never calls after 6pm\r\n\n\tindented\u200b line  \n\n"


@pytest.mark.django_db
def test_it_keeps_a_keyed_memorys_content_byte_for_byte_and_indexes_it_normalised(alice: KeyedClient,
                                                                                   fake_embedder) -> None:
    url = f"{API}/keys/memory?{urlencode({'scope': SCOPE, 'key': 'notes.md'})}"
    assert alice.client.put(url, {"content": FILE}, format="json").status_code == 201
    got = alice.client.get(url).json()
    assert got["content"].encode() == FILE.encode()
    with tenant_scope(alice.tenant):
        stored = Memory.objects.get(key="notes.md")
        assert stored.search_text == "kim prefer prefer email never call after 6pm indent line"
        normalised = "# Kim\n## Preferences\n- Prefers email\n- never calls after 6pm\nindented line"
        assert list(stored.embedding) == pytest.approx(fake_embedder.embed([normalised])[0], abs=1e-6)
    # Only whitespace differs: a new version all the same (exact content), never "duplicate".
    changed = alice.client.put(url, {"content": FILE.rstrip("\n")}, format="json").json()
    assert changed["resolution"]["action"] == "updated" and changed["content"] == FILE.rstrip("\n")
    same = alice.client.put(url, {"content": FILE.rstrip("\n")}, format="json").json()
    assert same["resolution"]["action"] == "duplicate"
    patched = alice.client.patch(f"{API}/memories/{got['id']}", {"content": "  a\n\n  b\n"}, format="json",
                                 HTTP_IF_MATCH='"2"')
    assert patched.json()["content"] == "  a\n\n  b\n"
    plain = alice.client.post(f"{API}/memories", {"scope": SCOPE, "content": FILE}, format="json").json()
    assert plain["content"] == "# Kim\n## Preferences\n- Prefers email\n- never calls after 6pm\nindented line"


@pytest.mark.django_db
def test_secrets_are_redacted_in_exact_content_even_when_formatting_hides_them(alice: KeyedClient,
                                                                             fake_embedder, settings) -> None:
    url = f"{API}/keys/memory?{urlencode({'scope': SCOPE, 'key': 'k'})}"
    sent = "Deploy notes:\n\n    password: hunter2hunter\n  keep this indent\n"
    body = alice.client.put(url, {"content": sent}, format="json").json()
    assert body["content"] == "Deploy notes:\n\n    password: [redacted password]\n  keep this indent\n"
    assert body["resolution"]["redacted"] == ["password"]
    hidden = "Key:\n  sk-ant-\u200babcdefghijklmnopqrstuvwx\n"  # a zero-width space splits the secret
    body = alice.client.put(url, {"content": hidden}, format="json").json()
    assert "abcdefghijklmnop" not in body["content"] and body["resolution"]["redacted"] == ["api_key"]
    assert body["content"] == "Key:\n[redacted api_key]"  # stored normalised: the secret filter wins
    settings.SECRETS_POLICY = "reject"
    refused = alice.client.put(url, {"content": hidden}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "secret_detected"
