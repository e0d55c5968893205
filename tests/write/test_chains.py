"""Entity chains (memories/write/chains.py, reviews.review_decide_chain): light → dark → purple is one question,
answered once, with one live truth after it, versions, lineage and audit, and an undo that reopens it all."""

from __future__ import annotations

import pytest
from django.utils import timezone

from memories.choices import ReviewStatus
from memories.models import Memory, MemorySubject, MemoryVersion, ReviewItem
from memories.stats import contradictions_at
from memories.write.chains import chains_of
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.reviews import review_decide, review_decide_chain, review_undo, undo_blocker
from mnemara.kernel.errors import Conflict, ValidationFailed
from tenants.models import AuditEvent
from tests.write.test_truth import assert_one_live_truth, open_items

pytestmark = pytest.mark.django_db


def live_contradictions_now() -> int:
    """The overview's "live contradictions" figure, as it counts them (stats.contradictions_at)."""
    return contradictions_at(timezone.now())

ACTOR = "user:admin@acme.test"


@pytest.fixture(autouse=True)
def _fake(fake_embedder):
    return fake_embedder


def write(content: str, subject: str = "chen", actor: str = "key:agent", entity: str = "ui:theme") -> Memory:
    [result] = memory_create(items=[MemoryInput(scope="user/chen", subject=subject, type="preference",
                                                entity=entity, content=content)], actor=actor)
    return result.memory


@pytest.fixture
def themes(in_alice) -> tuple[Memory, Memory, Memory]:
    light = write("Prefers a light theme.", actor="key:first")
    dark = write("Prefers a dark theme now.", subject="chen-work")
    purple = write("Prefers a purple theme.")
    return light, dark, purple


def status(memory: Memory) -> str:
    return Memory.objects.get(pk=memory.pk).status


def test_it_finds_one_chain_with_the_memories_in_the_order_they_were_written(themes):
    light, dark, purple = themes
    [chain] = chains_of(open_items()[:1])
    assert len(chain.items) == len(open_items()) == 3
    assert [m.pk for m in chain.memories] == [light.pk, dark.pk, purple.pk]
    assert chain.newest.pk == purple.pk and chain.entity == "ui:theme"
    assert chain.writers[light.pk] == "key:first" and chain.writers[purple.pk] == "key:agent"


def test_it_finds_no_chain_for_a_single_pair(in_alice):
    write("Prefers a light theme.")
    write("Prefers a dark theme now.")
    assert len(open_items()) == 1 and chains_of(open_items()) == []


def test_it_keeps_the_newest_and_supersedes_the_rest_in_one_decision(themes):
    light, dark, purple = themes
    [chain] = chains_of(open_items())
    assert live_contradictions_now() == 1
    decision = review_decide_chain(item_ids=chain.item_ids, keep=purple.pk, actor=ACTOR, reason="asked Chen")
    assert open_items() == []
    assert [status(m) for m in (light, dark, purple)] == ["deprecated", "deprecated", "active"]
    assert {Memory.objects.get(pk=m.pk).superseded_by_id for m in (light, dark)} == {purple.pk}
    assert_one_live_truth()
    assert live_contradictions_now() == 0
    assert decision.kept.pk == purple.pk
    assert sorted(i.resolution for i in decision.items) == ["keep_new", "keep_new", "superseded"]
    # The kept memory now carries the people of what it superseded (erasure reaches it), in a new version.
    people = set(MemorySubject.objects.filter(memory_id=purple.pk).values_list("subject__external_id", flat=True))
    assert people == {"chen", "chen-work"}
    assert MemoryVersion.objects.filter(memory_id=purple.pk, reason_params__note="asked Chen").exists()
    assert MemoryVersion.objects.filter(memory_id=light.pk, change="resolve").exists()
    assert AuditEvent.objects.filter(action="review.chain_resolved", actor=ACTOR).count() == 1


def test_it_keeps_a_chosen_older_memory(themes):
    light, dark, purple = themes
    [chain] = chains_of(open_items())
    review_decide_chain(item_ids=chain.item_ids, keep=light.pk, actor=ACTOR)
    assert [status(m) for m in (light, dark, purple)] == ["active", "deprecated", "deprecated"]
    assert Memory.objects.get(pk=purple.pk).superseded_by_id == light.pk
    assert_one_live_truth()
    assert live_contradictions_now() == 0


def test_it_refuses_a_chain_that_changed_since_it_was_shown(themes):
    purple = themes[2]
    [chain] = chains_of(open_items())
    review_decide(item_id=chain.items[0].pk, action="keep_new", actor=ACTOR)
    with pytest.raises(Conflict) as refused:
        review_decide_chain(item_ids=chain.item_ids, keep=purple.pk, actor=ACTOR)
    assert refused.value.code == "stale_chain"
    assert_one_live_truth()


def test_it_refuses_to_keep_a_memory_outside_the_chain(themes):
    [chain] = chains_of(open_items())
    other = write("Prefers short answers.", entity="tone")
    with pytest.raises(ValidationFailed):
        review_decide_chain(item_ids=chain.item_ids, keep=other.pk, actor=ACTOR)
    assert len(open_items()) == 3


def test_an_undo_of_any_item_reopens_the_whole_chain(themes):
    light, dark, purple = themes
    [chain] = chains_of(open_items())
    decision = review_decide_chain(item_ids=chain.item_ids, keep=dark.pk, actor=ACTOR)
    assert all(undo_blocker(i) == "" for i in decision.items)
    review_undo(item_id=decision.items[-1].pk, actor=ACTOR)
    assert {i.pk for i in open_items()} == set(chain.item_ids)
    assert [status(m) for m in (light, dark, purple)] == ["conflicted", "conflicted", "active"]
    assert ReviewItem.objects.filter(status=ReviewStatus.RESOLVED).count() == 0
    assert_one_live_truth()
