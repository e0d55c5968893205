"""One live truth per fact (memories/write/truth.py): whatever order writes and decisions come in, a
(scope, entity) ends with at most one active fact or preference, every conflicted memory is asked about,
and a decision says what it did to its siblings."""

from __future__ import annotations

from collections import Counter

import pytest

from memories.choices import ReviewResolution, ReviewStatus, Status
from memories.models import Memory, MemoryVersion, ReviewItem
from memories.recall.context import context_build
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.reviews import review_decide
from memories.write.revisions import memory_delete, memory_deprecate, memory_merge, memory_restore, memory_revise

pytestmark = pytest.mark.django_db

ACTOR = "user:admin@acme.test"


@pytest.fixture(autouse=True)
def _fake(fake_embedder):
    return fake_embedder


def write(content: str, entity: str = "ui:theme", type: str = "preference", confidence: float = 1.0,
          scope: str = "user/chen", **extra) -> Memory:
    [result] = memory_create(items=[MemoryInput(scope=scope, subject="chen", type=type, entity=entity,
                                                content=content, confidence=confidence, **extra)], actor="key:agent")
    return result.memory


def status(memory: Memory) -> str:
    return Memory.objects.get(pk=memory.pk).status


def open_items() -> list[ReviewItem]:
    return list(ReviewItem.objects.filter(status=ReviewStatus.OPEN).order_by("created_at"))


def actives_per_entity() -> Counter:
    return Counter(Memory.objects.filter(status=Status.ACTIVE, kept_alongside=False)
                   .exclude(entity="").values_list("scope__path", "entity"))


def assert_one_live_truth() -> None:
    assert all(n == 1 for n in actives_per_entity().values()), actives_per_entity()
    for m in Memory.objects.filter(status=Status.CONFLICTED):
        assert any(i.other_memory_id == m.pk or i.memory_id == m.pk for i in open_items()), m.content


def three_themes() -> tuple[Memory, Memory, Memory]:
    dark = write("喜欢深色主题")
    green = write("喜欢绿色主题")
    blue = write("Prefers a blue theme.")
    return dark, green, blue


def test_it_leaves_one_active_memory_after_three_contradicting_preferences(in_alice):
    dark, green, blue = three_themes()
    assert [status(m) for m in (dark, green, blue)] == ["conflicted", "conflicted", "active"]
    assert_one_live_truth()
    assert len(open_items()) >= 2


@pytest.mark.parametrize("action", ["keep_new", "keep_old", "reject", "accept", "merge"])
def test_it_ends_with_one_active_memory_whatever_is_decided_first(in_alice, action):
    three_themes()
    decided = 0
    while open_items():
        item = open_items()[0]
        review_decide(item_id=item.pk, action=action, actor=ACTOR)
        decided += 1
        assert_one_live_truth()
        assert decided < 10
    assert actives_per_entity() == Counter({("user/chen", "ui:theme"): 1})
    assert Memory.objects.filter(status=Status.CONFLICTED).count() == 0


def pair(a: Memory, b: Memory) -> ReviewItem:
    return next(i for i in open_items() if {i.memory_id, i.other_memory_id} == {a.pk, b.pk})


def chain() -> tuple[Memory, Memory, Memory]:
    """dark conflicted by green; then blue, edited into the same entity, puts green in conflict: two
    questions, (green, dark) and (blue, green), and dark is asked about only through green."""
    dark, green = write("喜欢深色主题"), write("喜欢绿色主题")
    blue = write("Prefers a blue theme.", entity="ui:accent")
    memory_revise(memory_id=blue.pk, expected_version=1, changes={"entity": "ui:theme"}, actor=ACTOR)
    assert [status(m) for m in (dark, green, blue)] == ["conflicted", "conflicted", "active"]
    assert len(open_items()) == 2
    return dark, green, blue


def test_it_asks_again_about_a_sibling_whose_other_side_lost(in_alice):
    dark, green, blue = chain()
    sibling = pair(green, dark)
    decision = review_decide(item_id=pair(blue, green).pk, action="keep_new", actor=ACTOR)
    assert status(green) == "deprecated" and status(blue) == "active" and status(dark) == "conflicted"
    [note] = [n for n in decision.settlement.notes if n.item.pk == sibling.pk]
    assert note.outcome == "replaced" and note.new_item is not None
    assert (note.new_item.memory_id, note.new_item.other_memory_id) == (blue.pk, dark.pk)
    assert note.new_item.replaces_id == sibling.pk and note.new_item.reason_code == "still_contradicts"
    assert ReviewItem.objects.get(pk=sibling.pk).resolution == ReviewResolution.REPLACED
    assert [i.pk for i in open_items()] == [note.new_item.pk]
    assert_one_live_truth()


def test_it_never_activates_a_winner_that_a_newer_memory_still_contradicts(in_alice):
    dark, green, blue = chain()
    decision = review_decide(item_id=pair(green, dark).pk, action="keep_new", actor=ACTOR)
    assert status(dark) == "deprecated" and status(green) == "conflicted" and status(blue) == "active"
    assert {n.item.pk: n.outcome for n in decision.settlement.notes} == {pair(blue, green).pk: "open"}
    assert_one_live_truth()


def test_it_keeps_the_chosen_old_memory_and_asks_about_the_newer_one(in_alice):
    dark, green, blue = chain()
    review_decide(item_id=pair(green, dark).pk, action="keep_old", actor=ACTOR)
    assert status(dark) == "active" and status(green) == "deprecated"
    assert status(blue) == "conflicted"  # never closed while it is live: asked about against dark
    pair(dark, blue)
    assert_one_live_truth()


def test_it_retargets_a_pending_write_when_the_memory_it_would_change_is_replaced(in_alice):
    city = write("Ada lives in Berlin.", entity="person:ada/city", type="fact")
    first = write("Ada lives in Paris.", entity="person:ada/city", type="fact", confidence=0.4)
    item = ReviewItem.objects.get(memory=first)
    second = write("Ada lives in Rome.", entity="person:ada/city", type="fact", confidence=0.3)
    assert status(first) == status(second) == "pending"
    waiting = ReviewItem.objects.get(memory=second, status=ReviewStatus.OPEN)
    decision = review_decide(item_id=item.pk, action="accept", actor=ACTOR)
    assert status(first) == "active" and status(city) == "deprecated"
    again = ReviewItem.objects.get(memory=second, status=ReviewStatus.OPEN)
    if waiting.other_memory_id == city.pk:
        assert again.pk != waiting.pk and again.other_memory_id == first.pk and again.replaces_id == waiting.pk
        assert {n.outcome for n in decision.settlement.notes if n.item.pk == waiting.pk} == {"replaced"}
    assert_one_live_truth()


def test_it_puts_the_newer_memory_in_conflict_when_an_older_one_is_restored(in_alice):
    old = write("Ada works at Initech.", entity="person:ada/employer", type="fact")
    new = write("Ada works at Globex.", entity="person:ada/employer", type="fact")
    assert status(old) == "deprecated" and status(new) == "active"
    memory_restore(memory_id=old.pk, actor=ACTOR)
    assert status(old) == "active" and status(new) == "conflicted"
    [item] = open_items()
    assert (item.memory_id, item.other_memory_id, item.reason_code) == (old.pk, new.pk, "several_active")
    assert MemoryVersion.objects.filter(memory=new).latest("version").reason_code == "several_active"
    assert_one_live_truth()


def test_it_makes_the_other_side_active_when_one_side_of_a_conflict_goes(in_alice):
    dark, green = write("喜欢深色主题"), write("喜欢绿色主题")
    memory_delete(memory_id=green.pk, actor=ACTOR)
    assert status(dark) == "active" and open_items() == []
    assert MemoryVersion.objects.filter(memory=dark).latest("version").reason_code == "last_standing"
    tea, coffee = write("Likes tea.", entity="drink"), write("Likes coffee.", entity="drink")
    memory_deprecate(memory_id=coffee.pk, actor=ACTOR)
    assert status(tea) == "active" and open_items() == []


def test_it_asks_when_an_edit_activates_a_conflicted_memory(in_alice):
    dark, green = write("喜欢深色主题"), write("喜欢绿色主题")
    memory_revise(memory_id=dark.pk, expected_version=Memory.objects.get(pk=dark.pk).version,
                  changes={"status": "active"}, actor=ACTOR)
    assert status(dark) == "active" and status(green) == "conflicted"
    assert len(open_items()) == 1
    assert_one_live_truth()


def test_it_asks_about_a_third_memory_after_a_merge(in_alice):
    dark, green, blue = three_themes()
    merged = memory_merge(memory_ids=[green.pk, blue.pk], actor=ACTOR, content="Prefers a green-blue theme.")
    assert status(merged) == "active" and status(dark) == "conflicted"
    assert any({i.memory_id, i.other_memory_id} == {merged.pk, dark.pk} for i in open_items())
    assert_one_live_truth()


def test_it_keeps_both_when_a_person_says_both_hold_and_hands_both_to_the_agent_unmarked(in_alice):
    tea, coffee = write("Likes tea.", entity="drink"), write("Likes coffee.", entity="drink")
    [item] = open_items()
    review_decide(item_id=item.pk, action="keep_both", actor=ACTOR)
    assert status(tea) == status(coffee) == "active" and open_items() == []
    assert Memory.objects.filter(kept_alongside=True).count() == 2
    block = context_build(query="drink tea coffee", scopes=["user/chen"], token_budget=500)
    assert set(block.items) == {tea.pk, coffee.pk} and "conflict=" not in block.block


def test_it_marks_two_active_contradicting_memories_left_by_older_data(in_alice):
    tea, coffee = write("Likes tea.", entity="drink"), write("Likes coffee.", entity="drink")
    Memory.objects.filter(pk__in=[tea.pk, coffee.pk]).update(status=Status.ACTIVE)  # as older versions left them
    ReviewItem.objects.all().delete()
    block = context_build(query="drink tea coffee", scopes=["user/chen"], token_budget=500)
    assert block.block.count('conflict="unresolved"') == 2


def correct(memory: Memory, text: str) -> ReviewItem:
    from memories.write.feedback import feedback_record

    feedback = feedback_record(memory_ids=[memory.pk], useful=None, correction=text, actor="key:agent")
    assert feedback.review_item is not None
    return feedback.review_item


@pytest.mark.parametrize("action", ["accept", "reject", "keep_old", "merge"])
def test_it_ends_with_one_live_truth_when_an_agent_corrects_one_side_of_a_conflict(in_alice, action):
    from django.utils import timezone

    from memories.stats import contradictions_at

    *_, blue = three_themes()
    item = correct(blue, "Prefers a purple theme.")
    assert item.other_memory_id == blue.pk and item.reason_code == "agent_correction"
    assert_one_live_truth()
    decided = 0
    while open_items():
        first = open_items()[0]
        chosen = action if first.kind == "pending" or action != "keep_old" else "keep_new"
        review_decide(item_id=first.pk, action="accept" if chosen == "merge" and first.kind == "pending" else chosen,
                      actor=ACTOR)
        decided += 1
        assert_one_live_truth()
        assert decided < 10
    assert actives_per_entity() == Counter({("user/chen", "ui:theme"): 1})
    assert contradictions_at(timezone.now()) == 0


def test_it_asks_a_correction_again_as_a_correction_when_what_it_corrects_is_replaced(in_alice):
    city = write("Ada lives in Berlin.", entity="person:ada/city", type="fact")
    item = correct(city, "Ada moved to Lisbon.")
    newer = write("Ada lives in Rome.", entity="person:ada/city", type="fact")
    assert status(city) == "deprecated" and status(newer) == "active"
    again = ReviewItem.objects.get(memory=item.memory_id, status=ReviewStatus.OPEN)
    assert again.other_memory_id == newer.pk and again.reason_code == "agent_correction"
    review_decide(item_id=again.pk, action="accept", actor=ACTOR)
    assert status(newer) == "deprecated" and Memory.objects.get(pk=item.memory_id).status == "active"
    assert_one_live_truth()
