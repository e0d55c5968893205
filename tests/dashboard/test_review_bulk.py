"""'Accept all N matching' as a background job: the request only queues it, the page polls its progress, each item
is decided once even when a worker dies midway, and one undo opens every item again (versions and audit)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memories.choices import ReviewStatus, Status
from memories.models import Memory, MemoryVersion, ReviewBulk, ReviewItem
from memories.write import review_bulk
from memories.write.prepare import MemoryInput
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.extraction.conftest import run_jobs

from .conftest import write

pytestmark = pytest.mark.django_db

WORDS = ("tennis", "chess", "rowing", "judo", "golf", "polo", "sailing", "karate")


def _pending(tenant) -> int:
    for word in WORDS:
        write(tenant, MemoryInput(scope="user/9", subject="9", content=f"Maybe plays {word} on Sundays.",
                                  confidence=0.3))
    with tenant_scope(tenant):
        return ReviewItem.objects.filter(status=ReviewStatus.OPEN).count()


def _accept_all(client, n: int):
    html = client.get(reverse("dashboard:review"), {"person": "9"}).content.decode()
    found = re.search(r'name="fingerprint" value="([0-9a-f]+)"', html)
    assert found is not None
    fingerprint = found.group(1)
    return client.post(reverse("dashboard:review-bulk-all"), {"action": "accept", "expected": str(n),
                                                               "fingerprint": fingerprint, "query": "person=9"})


def test_it_queues_the_decision_and_shows_its_progress_until_done(admin_client, alice_tenant, fake_embedder):
    n = _pending(alice_tenant)
    assert n == len(WORDS)
    _accept_all(admin_client, n)
    with tenant_scope(alice_tenant):
        bulk = ReviewBulk.objects.get()
        assert ReviewItem.objects.filter(status=ReviewStatus.OPEN).count() == n  # nothing decided in the request
    url = reverse("dashboard:review-bulk-progress", args=[bulk.pk])
    polled = admin_client.get(url, HTTP_HX_REQUEST="true")
    assert "HX-Refresh" not in polled
    queued = polled.content.decode()
    assert "waiting for the background worker" in queued and 'hx-trigger="every 1s"' in queued

    with tenant_scope(alice_tenant):  # the worker midway: three items decided, each committed with the progress
        for k in range(3):
            assert review_bulk._decide_one(bulk.item_ids[k], bulk) == "resolved"
        ReviewBulk.objects.filter(pk=bulk.pk).update(status="running", processed=3, counts={"resolved": 3})
    midway = admin_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert f"Accepting the matching items: 3 of {n} decided." in midway and f'<progress max="{n}" value="3">' in midway
    zh = admin_client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert f"3 / {n}" in zh

    assert run_jobs() == 1
    finished = admin_client.get(url, HTTP_HX_REQUEST="true")
    assert finished["HX-Refresh"] == "true"  # the poll that sees it finished reloads the queue below it
    done = finished.content.decode()
    assert f"{n} items resolved by one bulk decision." in done and "every 1s" not in done and "Undo all" in done
    with tenant_scope(alice_tenant):
        assert not ReviewItem.objects.filter(status=ReviewStatus.OPEN).exists()
        assert ReviewBulk.objects.get().status == "done"


def test_a_worker_that_dies_midway_is_taken_over_and_each_item_is_decided_once(alice_tenant, fake_embedder,
                                                                             monkeypatch):
    n = _pending(alice_tenant)
    with tenant_scope(alice_tenant):
        ids = list(ReviewItem.objects.order_by("created_at").values_list("pk", flat=True))
        from memories.write.reviews import selection_fingerprint

        bulk = review_bulk.review_bulk_start(item_ids=ids, action="accept", actor="user:ann", filtered_by=["person"],
                                             fingerprint=selection_fingerprint(ids))
        decide = review_bulk._decide_one
        calls = []

        def dies_on_the_fourth(item_id, b):
            calls.append(item_id)
            outcome = decide(item_id, b)
            if len(calls) == 4:
                raise SystemExit  # killed after deciding the fourth item, before its transaction committed
            return outcome

        monkeypatch.setattr(review_bulk, "_decide_one", dies_on_the_fourth)
        with pytest.raises(SystemExit):
            review_bulk.review_bulk_work(bulk.pk)
        assert ReviewBulk.objects.get().processed == 3
        assert ReviewItem.objects.filter(status=ReviewStatus.RESOLVED).count() == 3  # the fourth rolled back
        monkeypatch.setattr(review_bulk, "_decide_one", decide)
        assert review_bulk.review_bulk_work(bulk.pk) == "done"
        bulk = ReviewBulk.objects.get()
        assert (bulk.processed, bulk.counts) == (n, {"resolved": n})
        assert AuditEvent.objects.filter(action="review.resolved").count() == n
        assert AuditEvent.objects.get(action="review.bulk_resolved").data["resolved"] == n


def test_one_undo_opens_every_item_of_the_bulk_decision_again(admin_client, alice_tenant, fake_embedder):
    n = _pending(alice_tenant)
    write(alice_tenant, MemoryInput(scope="user/ada", subject="ada", content="Maybe likes tea.", confidence=0.3))
    _accept_all(admin_client, n)
    run_jobs()
    with tenant_scope(alice_tenant):
        bulk = ReviewBulk.objects.get()
        accepted = list(Memory.objects.filter(scope__path="user/9").values_list("pk", "status", "version"))
        assert {s for _, s, _ in accepted} == {Status.ACTIVE}
        one = ReviewItem.objects.filter(memory__content="Maybe plays chess on Sundays.").get()
        from memories.write.revisions import memory_revise

        memory_revise(memory_id=one.memory_id, actor="user:bob", changes={"content": "Plays chess on Sundays."},
                      expected_version=one.memory.version)  # changed since: that decision stays

    response = admin_client.post(reverse("dashboard:review-bulk-undo", args=[bulk.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "waiting for the background worker" in response.content.decode()
    again = admin_client.post(reverse("dashboard:review-bulk-undo", args=[bulk.pk]), HTTP_HX_REQUEST="true")
    assert again.status_code == 409  # already being undone
    assert run_jobs() == 1
    html = admin_client.get(reverse("dashboard:review-bulk-progress", args=[bulk.pk])).content.decode()
    assert f"Bulk decision undone: {n - 1} items are open again." in html
    assert "1 stayed decided: their memories changed since." in html
    with tenant_scope(alice_tenant):
        assert ReviewItem.objects.filter(status=ReviewStatus.OPEN).count() == n  # n - 1 again, and ada's
        assert set(Memory.objects.filter(scope__path="user/9").values_list("status", flat=True)) == {
            Status.PENDING, Status.ACTIVE}
        undone = MemoryVersion.objects.filter(memory__scope__path="user/9", change="resolve", reason_code="undone",
                                              actor="user:admin@acme.test").count()
        assert undone == n - 1
        assert AuditEvent.objects.filter(action="review.reopened").count() == n - 1
        assert AuditEvent.objects.get(action="review.bulk_undone").data == {"reopened": n - 1, "kept": 1,
                                                                            "bulk": str(bulk.pk)}


def test_another_tenants_bulk_decision_is_a_404(admin_client, alice_tenant, bob_tenant, fake_embedder):
    n = _pending(bob_tenant)
    with tenant_scope(bob_tenant):
        ids = list(ReviewItem.objects.values_list("pk", flat=True))
        from memories.write.reviews import selection_fingerprint

        bulk = review_bulk.review_bulk_start(item_ids=ids, action="reject", actor="user:bob", filtered_by=[],
                                             fingerprint=selection_fingerprint(ids))
    assert n and admin_client.get(reverse("dashboard:review-bulk-progress", args=[bulk.pk])).status_code == 404
    assert admin_client.post(reverse("dashboard:review-bulk-undo", args=[bulk.pk])).status_code == 404


def test_one_item_that_fails_is_left_open_and_the_others_are_decided(alice_tenant, fake_embedder, monkeypatch):
    n = _pending(alice_tenant)
    with tenant_scope(alice_tenant):
        ids = list(ReviewItem.objects.order_by("created_at").values_list("pk", flat=True))
        from memories.write.reviews import selection_fingerprint

        bulk = review_bulk.review_bulk_start(item_ids=ids, action="reject", actor="user:ann", filtered_by=[],
                                             fingerprint=selection_fingerprint(ids))
        decide = review_bulk.review_decide

        def breaks_on_the_second(**kwargs):
            if kwargs["item_id"] == ids[1]:
                raise RuntimeError("a bug")
            return decide(**kwargs)

        monkeypatch.setattr(review_bulk, "review_decide", breaks_on_the_second)
        assert review_bulk.review_bulk_work(bulk.pk) == "done"
        assert ReviewBulk.objects.get().counts == {"resolved": n - 1, "refused": 1}
        assert list(ReviewItem.objects.filter(status=ReviewStatus.OPEN).values_list("pk", flat=True)) == [ids[1]]
