"""The review queue: a decision answers with its card, every sibling it changed and the new counts;
filters, bulk decisions, the resolved tab with undo, clashes left by older data, another tenant's 404."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memories.choices import ReviewStatus, Status
from memories.models import Memory, ReviewItem
from memories.write.prepare import MemoryInput
from memories.write.revisions import memory_revise
from tenants.scoping import tenant_scope
from tests.extraction.conftest import run_jobs

from .conftest import write

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def theme(tenant, content, entity="ui:theme", scope="user/chen", **extra):
    [m] = write(tenant, MemoryInput(scope=scope, subject="Chen", type="preference", entity=entity, content=content,
                                    **extra))
    return m


@pytest.fixture
def chain(alice_tenant, fake_embedder):
    """Two questions that share a memory: (green, dark) and (blue, green)."""
    dark, green = theme(alice_tenant, "喜欢深色主题"), theme(alice_tenant, "喜欢绿色主题")
    blue = theme(alice_tenant, "Prefers a blue theme.", entity="ui:accent")
    with tenant_scope(alice_tenant):
        memory_revise(memory_id=blue.pk, expected_version=1, changes={"entity": "ui:theme"}, actor="user:x")
        items = {frozenset((i.memory_id, i.other_memory_id)): i for i in ReviewItem.objects.all()}
    return {"dark": dark, "green": green, "blue": blue,
            "older": items[frozenset((green.pk, dark.pk))], "newer": items[frozenset((blue.pk, green.pk))]}


def resolve(client, item, action, **extra):
    return client.post(reverse("dashboard:review-resolve", args=[item.pk]), {"action": action, **extra}, **HTMX)


def test_it_redraws_the_siblings_a_decision_changed_and_the_counts(admin_client, alice_tenant, chain):
    response = resolve(admin_client, chain["newer"], "keep_new")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'id="r-{chain["newer"].pk}"' in html and "kept the new one" in html
    # The older question lost its newer side: re-asked (blue vs dark) where it was shown, out of band.
    assert re.search(rf'<div id="r-{chain["older"].pk}" hx-swap-oob="true"', html)
    assert "Asked again" in html and "still contradicts" in html
    assert '<b id="count-open" hx-swap-oob="true">1</b>' in html
    assert '<span id="nav-review-count" class="count" hx-swap-oob="true">1</span>' in html
    with tenant_scope(alice_tenant):
        [open_item] = ReviewItem.objects.filter(status=ReviewStatus.OPEN)
        assert {open_item.memory_id, open_item.other_memory_id} == {chain["blue"].pk, chain["dark"].pk}
    # The second answer clears the queue; one active memory remains for the entity.
    html = resolve(admin_client, open_item, "keep_new").content.decode()
    assert '<b id="count-open" hx-swap-oob="true">0</b>' in html
    with tenant_scope(alice_tenant):
        assert list(Memory.objects.filter(status=Status.ACTIVE).values_list("content", flat=True)) == [
            "Prefers a blue theme."]


def test_a_pair_shows_its_difference_word_by_word(admin_client, chain):
    html = admin_client.get(reverse("dashboard:review"), {"chains": "0"}).content.decode()
    card = html.split(f'id="r-{chain["older"].pk}"', 1)[1].split("</article>", 1)[0]
    assert '<p class="diff" translate="no"><span>喜欢</span><del>深</del><ins>绿</ins><span>色主题</span></p>' in card
    # Compact: only the facts that tell the sides apart (here none but when each was written), no noise line.
    assert "Also differs in" not in card and "Confidence" not in card and "Written" in card


def test_it_shows_a_refusal_in_the_card_instead_of_dropping_it(admin_client, chain):
    resolve(admin_client, chain["newer"], "keep_new")
    response = resolve(admin_client, chain["newer"], "keep_old")
    assert response.status_code == 409
    html = response.content.decode()
    assert "This review item is already resolved." in html and f'id="r-{chain["newer"].pk}"' in html


def test_it_undoes_a_decision_while_its_memories_are_unchanged(admin_client, alice_tenant, chain):
    resolve(admin_client, chain["newer"], "keep_old")
    html = admin_client.get(reverse("dashboard:review"), {"tab": "resolved"}).content.decode()
    assert "kept the old one" in html and reverse("dashboard:review-undo", args=[chain["newer"].pk]) in html
    response = admin_client.post(reverse("dashboard:review-undo", args=[chain["newer"].pk]), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Undone: the item is open again" in html
    # The undone card is drawn once, as undone; not over by a "re-evaluated" note about itself.
    assert html.count(f'id="r-{chain["newer"].pk}"') == 1
    card = html.split(f'id="r-{chain["newer"].pk}"', 1)[1].split("</article>", 1)[0]
    assert "Undone" in card and "still to decide" not in card
    # "Written" is when the memory was written, not when the undo gave it a new version.
    with tenant_scope(alice_tenant):
        green = Memory.objects.get(pk=chain["green"].pk)
    assert green.updated_at != green.created_at
    assert f'<time datetime="{green.created_at.isoformat()}">' in html
    assert f'<time datetime="{green.updated_at.isoformat()}">' not in html
    with tenant_scope(alice_tenant):
        assert ReviewItem.objects.get(pk=chain["newer"].pk).status == ReviewStatus.OPEN
        assert Memory.objects.get(pk=chain["blue"].pk).status == Status.ACTIVE
        assert Memory.objects.get(pk=chain["green"].pk).status == Status.CONFLICTED
        assert Memory.objects.filter(status=Status.ACTIVE).count() == 1


def test_it_refuses_an_undo_once_a_memory_changed_since(admin_client, alice_tenant, chain):
    resolve(admin_client, chain["newer"], "keep_new")
    with tenant_scope(alice_tenant):
        blue = Memory.objects.get(pk=chain["blue"].pk)
        memory_revise(memory_id=blue.pk, expected_version=blue.version, changes={"content": "Prefers navy."},
                      actor="user:x")
    response = admin_client.post(reverse("dashboard:review-undo", args=[chain["newer"].pk]), **HTMX)
    assert response.status_code == 409 and "can no longer be undone" in response.headers["HX-Trigger"]


def test_it_resolves_ticked_items_in_bulk(admin_client, alice_tenant, fake_embedder):
    for text in ("Maybe likes jazz.", "Maybe lives in Oslo.", "Maybe owns a cat."):
        write(alice_tenant, MemoryInput(scope="user/9", subject="9", content=text, confidence=0.3))
    with tenant_scope(alice_tenant):
        ids = [str(i) for i in ReviewItem.objects.values_list("pk", flat=True)]
    response = admin_client.post(reverse("dashboard:review-bulk"), {"action": "accept", "items": ids[:2]})
    assert response.status_code == 303
    with tenant_scope(alice_tenant):
        assert ReviewItem.objects.filter(status=ReviewStatus.OPEN).count() == 1
        assert Memory.objects.filter(status=Status.ACTIVE).count() == 2
    page = admin_client.get(response["Location"]).content.decode()
    assert "2 items resolved." in page


def test_it_filters_by_person_in_any_case_scope_and_reason(admin_client, chain, alice_tenant):
    write(alice_tenant, MemoryInput(scope="user/ada", subject="ada", content="Maybe likes tea.", confidence=0.3))
    url = reverse("dashboard:review")
    html = admin_client.get(url, {"person": "chen"}).content.decode()
    assert "喜欢深色主题" in html and "Maybe likes tea." not in html
    html = admin_client.get(url, {"person": "ADA"}).content.decode()
    assert "Maybe likes tea." in html and "喜欢深色主题" not in html
    html = admin_client.get(url, {"scope": "user/ada"}).content.decode()
    assert "Maybe likes tea." in html and "喜欢深色主题" not in html
    html = admin_client.get(url, {"reason": "several_active"}, HTTP_HX_REQUEST="true",
                            HTTP_HX_TARGET="review-results").content.decode()
    assert "<html" not in html and "Prefers a blue theme." in html and "Maybe likes tea." not in html


def test_it_turns_older_clashes_into_questions(admin_client, alice_tenant, fake_embedder):
    tea = theme(alice_tenant, "Likes tea.", entity="drink")
    coffee = theme(alice_tenant, "Likes coffee.", entity="drink")
    with tenant_scope(alice_tenant):  # as an older version of the write flow left them
        Memory.objects.filter(pk__in=[tea.pk, coffee.pk]).update(status=Status.ACTIVE)
        ReviewItem.objects.all().delete()
    html = admin_client.get(reverse("dashboard:review")).content.decode()
    assert "1 entity has more than one active memory" in html
    overview = admin_client.get(reverse("dashboard:overview")).content.decode()
    assert 'id="live-contradictions"' in overview
    admin_client.post(reverse("dashboard:review-clashes"))
    with tenant_scope(alice_tenant):
        assert Memory.objects.filter(status=Status.ACTIVE).count() == 1
        assert ReviewItem.objects.filter(status=ReviewStatus.OPEN, reason_code="several_active").count() == 1
    html = admin_client.get(reverse("dashboard:review")).content.decode()
    assert "entity has more than one active memory" not in html


def test_it_offers_an_editable_merge_preview_in_the_queue(admin_client, alice_tenant, fake_embedder):
    theme(alice_tenant, "Prefers meetings in the morning, never after 16:00.", entity="meetings")
    theme(alice_tenant, "Prefers meetings on Monday mornings.", entity="meetings")
    with tenant_scope(alice_tenant):
        item = ReviewItem.objects.get()
    html = admin_client.get(reverse("dashboard:review-merge", args=[item.pk]), **HTMX).content.decode()
    assert ("Prefers meetings in the morning, never after 16:00. Prefers meetings on Monday mornings."
            in html) and "; Prefers" not in html
    merged = "Prefers Monday mornings for meetings, never after 16:00."
    response = resolve(admin_client, item, "merge", content=merged)
    assert response.status_code == 200
    with tenant_scope(alice_tenant):
        [active] = Memory.objects.filter(status=Status.ACTIVE)
        assert active.content == merged


def test_it_answers_404_for_another_tenants_review_item(bob_member, chain):
    assert resolve(bob_member, chain["newer"], "keep_new").status_code == 404
    assert bob_member.post(reverse("dashboard:review-undo", args=[chain["newer"].pk])).status_code == 404
    assert bob_member.get(reverse("dashboard:review-merge", args=[chain["newer"].pk])).status_code == 404


def test_the_same_preference_in_other_words_is_offered_as_a_merge_that_can_be_undone(admin_client, alice_tenant,
                                                                                     fake_embedder):
    old = theme(alice_tenant, "Prefers meetings after 10am.", entity="meetings")
    new = theme(alice_tenant, "prefers meetings after 10 am", entity="")
    with tenant_scope(alice_tenant):
        item = ReviewItem.objects.get()
        assert (item.kind, item.other_memory_id, Memory.objects.get(pk=old.pk).status) == (
            "pending", old.pk, Status.ACTIVE)
    html = admin_client.get(reverse("dashboard:review")).content.decode()
    card = html.split(f'id="r-{item.pk}"', 1)[1].split("</article>", 1)[0]
    assert "Same thing in other words" in card and "Conflict" not in card
    assert re.search(r'class="primary" hx-get="[^"]*/merge/"', card)  # merge is the first offer
    zh = admin_client.get(reverse("dashboard:review"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "换了说法的同一件事" in zh
    html = resolve(admin_client, item, "merge", content="Prefers meetings after 10 am.").content.decode()
    with tenant_scope(alice_tenant):
        merged = Memory.objects.get(status=Status.ACTIVE)
    assert reverse("dashboard:memory-unmerge", args=[merged.pk]) in html
    response = admin_client.post(reverse("dashboard:memory-unmerge", args=[merged.pk]),
                                 {"next": reverse("dashboard:review")})
    assert response.status_code == 303 and response["Location"] == reverse("dashboard:review")
    with tenant_scope(alice_tenant):
        merged.refresh_from_db()
        assert merged.status == Status.DEPRECATED
        assert {m.pk: m.status for m in Memory.objects.filter(pk__in=[old.pk, new.pk])} == {
            old.pk: Status.ACTIVE, new.pk: Status.PENDING}
        assert Memory.objects.get(pk=old.pk).superseded_by_id is None
        assert ReviewItem.objects.get(pk=item.pk).status == ReviewStatus.OPEN
        from tenants.models import AuditEvent
        assert AuditEvent.objects.filter(action="memory.unmerged", target_id=str(merged.pk)).exists()
    # Once undone, it cannot be undone again.
    html = admin_client.get(reverse("dashboard:memory", args=[merged.pk])).content.decode()
    assert 'id="unmerge-button"' not in html
    assert admin_client.post(reverse("dashboard:memory-unmerge", args=[merged.pk])).status_code == 303
    page = admin_client.get(reverse("dashboard:memory", args=[merged.pk])).content.decode()
    assert "can no longer be undone" in page


def test_it_decides_everything_a_filter_matches_with_the_count_confirmed(admin_client, alice_tenant, fake_embedder):
    for word in ("tennis", "chess", "rowing", "judo", "golf", "polo", "sailing", "karate", "squash", "darts", "bowls",
                 "cricket"):
        write(alice_tenant, MemoryInput(scope="user/9", subject="9", content=f"Maybe plays {word} on Sundays.",
                                        confidence=0.3))
    write(alice_tenant, MemoryInput(scope="user/ada", subject="ada", content="Maybe likes tea.", confidence=0.3))
    with tenant_scope(alice_tenant):
        n = ReviewItem.objects.filter(status=ReviewStatus.OPEN, memory__subject__external_id="9").count()
    assert n >= 12
    html = admin_client.get(reverse("dashboard:review"), {"person": "9"}).content.decode()
    assert f"{n} open items match these filters." in html and f"Reject all {n} items matching these filters?" in html
    zh = admin_client.get(reverse("dashboard:review"), {"person": "9"}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert f"拒绝符合这些筛选条件的全部 {n} 个条目" in zh
    found = re.search(r'name="fingerprint" value="([0-9a-f]+)"', html)
    assert found is not None
    fingerprint = found.group(1)
    post = {"action": "reject", "expected": str(n), "fingerprint": fingerprint, "query": "person=9"}
    # Another item matching the filter arrives after the count was shown: nothing is decided, the person looks again.
    write(alice_tenant, MemoryInput(scope="user/9", subject="9", content="Maybe owns a red bike.", confidence=0.3))
    response = admin_client.post(reverse("dashboard:review-bulk-all"), post)
    assert response.status_code == 303
    assert "changed since you looked" in admin_client.get(response["Location"]).content.decode()
    with tenant_scope(alice_tenant):
        assert ReviewItem.objects.filter(status=ReviewStatus.OPEN).count() == n + 2
        ReviewItem.objects.filter(memory__content="Maybe owns a red bike.").delete()
    response = admin_client.post(reverse("dashboard:review-bulk-all"), post)
    page = admin_client.get(response["Location"]).content.decode()
    assert f"{n} items are being decided in the background" in page and 'hx-trigger="every 1s"' in page
    assert run_jobs() == 1
    assert f"{n} items resolved by one bulk decision." in admin_client.get(response["Location"]).content.decode()
    with tenant_scope(alice_tenant):
        from tenants.models import AuditEvent
        assert [i.memory.content for i in ReviewItem.objects.filter(status=ReviewStatus.OPEN)
                .select_related("memory")] == ["Maybe likes tea."]
        event = AuditEvent.objects.get(action="review.bulk_resolved")
        assert event.data["resolved"] == n and event.data["filtered_by"] == ["person"]


def test_a_decision_redraws_the_matching_count_of_the_filtered_queue(admin_client, alice_tenant, fake_embedder):
    """The "N open items match" bar counts again with each decision made on the card (htmx), for the filters of
    the page the person is on, so "Accept all" offers what is left; once one item is left the bar is gone."""
    for text in ("Maybe likes jazz.", "Maybe lives in Oslo.", "Maybe owns a cat."):
        write(alice_tenant, MemoryInput(scope="user/9", subject="9", content=text, confidence=0.3))
    write(alice_tenant, MemoryInput(scope="user/ada", subject="ada", content="Maybe likes tea.", confidence=0.3))
    page = admin_client.get(reverse("dashboard:review"), {"scope": "user/9"}).content.decode()
    assert "3 open items match these filters." in page and 'name="query" value="scope=user%2F9"' in page
    with tenant_scope(alice_tenant):
        first, second, _ = ReviewItem.objects.filter(memory__scope__path="user/9").order_by("created_at")
    current = {**HTMX, "HTTP_HX_CURRENT_URL": "http://testserver/review/?scope=user%2F9"}
    html = admin_client.post(reverse("dashboard:review-resolve", args=[first.pk]), {"action": "accept"},
                             **current).content.decode()
    bar = re.search(r'<div id="bulk-all" hx-swap-oob="true">.*?</div>', html, re.S)
    assert bar and "2 open items match these filters." in bar.group(0), html
    assert 'name="expected" value="2"' in bar.group(0) and 'value="scope=user%2F9"' in bar.group(0)
    html = admin_client.post(reverse("dashboard:review-resolve", args=[second.pk]), {"action": "reject"},
                             **current).content.decode()
    assert re.search(r'<div id="bulk-all" hx-swap-oob="true">\s*</div>', html), html
    elsewhere = admin_client.post(reverse("dashboard:review-undo", args=[second.pk]),
                                  **{**HTMX, "HTTP_HX_CURRENT_URL": "http://testserver/review/?tab=resolved"})
    assert 'id="bulk-all"' not in elsewhere.content.decode()  # the resolved tab has no such bar
