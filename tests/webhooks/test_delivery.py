"""Events reach a real receiver on loopback, signed, with retries; erasure events carry no person."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.scoping import tenant_scope
from tests.webhooks.conftest import API, TASK, register, run_deliveries
from webhooks.delivery import LOOPBACK
from webhooks.models import WebhookDelivery

pytestmark = pytest.mark.django_db


def create(client, content: str, **extra) -> dict:
    body = {"scope": "user/42", "content": content, **extra}
    response = client.post(f"{API}/memories", body, format="json")
    assert response.status_code == 201, response.content[:2000]
    return response.json()


def test_it_sends_signed_events_for_create_merge_review_and_erasure(alice, receiver, fake_embedder) -> None:
    hook = register(alice.client, receiver.url, ["memory.created", "memory.merged", "review.resolved",
                                                 "erasure.completed"])
    assert hook["secret"].startswith("whsec_")
    a = create(alice.client, "Prefers tea in the morning.", subject="person-7f3a")
    b = create(alice.client, "Drinks green tea at work.", subject="person-7f3a")
    merged = alice.client.post(f"{API}/memories/merge", {"ids": [a["id"], b["id"]]}, format="json")
    assert merged.status_code in (200, 201), merged.content[:2000]
    create(alice.client, "Maybe likes jazz.", confidence=0.1, provenance="inferred")
    [item] = alice.client.get(f"{API}/review").json()["results"]
    resolved = alice.client.post(f"{API}/review/{item['id']}/resolve", {"action": "accept"}, format="json")
    assert resolved.status_code == 200, resolved.content[:2000]
    assert alice.client.delete(f"{API}/subjects/person-7f3a").status_code == 200
    assert receiver.received == []  # nothing is sent inside a request: the worker sends

    run_deliveries()

    assert all(r.verified(hook["secret"]) for r in receiver.received)
    assert not any(r.verified("whsec_" + "A" * 44) for r in receiver.received)
    created = [r.event["data"]["memory_id"] for r in receiver.of("memory.created")]
    assert a["id"] in created and b["id"] in created
    [merge] = receiver.of("memory.merged")
    assert sorted(merge.event["data"]["sources"]) == sorted([a["id"], b["id"]])
    [review] = receiver.of("review.resolved")
    assert review.event["data"]["review_item_id"] == item["id"] and review.event["data"]["action"] == "accept"
    [erasure] = receiver.of("erasure.completed")
    assert set(erasure.event["data"]) == {"erasure_id", "counts", "erased_at"}
    assert erasure.event["data"]["counts"]["memories"] >= 1
    _assert_no_person_or_content_is_sent(alice, receiver)


def _assert_no_person_or_content_is_sent(alice, receiver) -> None:
    for r in receiver.received:  # no person and no content in any event
        assert b"person-7f3a" not in r.body and b"tea" not in r.body
        assert r.headers["content-type"] == "application/json"
        assert r.event["timestamp"].endswith("Z")
    assert len({r.headers["webhook-id"] for r in receiver.received}) == len(receiver.received)
    with tenant_scope(alice.tenant):
        assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {"succeeded"}
        assert not any(b"person-7f3a" in json.dumps(p).encode() for p in WebhookDelivery.objects.values_list(
            "payload", flat=True))


def test_it_gets_the_event_to_a_receiver_that_fails_twice_on_the_third_try(alice, receiver, fake_embedder) -> None:
    hook = register(alice.client, receiver.url, ["memory.created"])
    receiver.answers = [500, 503]
    memory = create(alice.client, "Likes hiking.")

    run_deliveries()

    assert len(receiver.received) == 3
    assert {r.headers["webhook-id"] for r in receiver.received} == {receiver.received[0].headers["webhook-id"]}
    assert all(r.verified(hook["secret"]) and r.event["data"]["memory_id"] == memory["id"] for r in receiver.received)
    [log] = alice.client.get(f"{API}/webhooks/{hook['id']}/deliveries").json()["results"]
    assert (log["status"], log["attempts"], log["last_status_code"], log["last_error"]) == ("succeeded", 3, 200, "")
    assert log["id"] == receiver.received[0].headers["webhook-id"]


def test_it_gives_up_after_the_last_delay_and_logs_why(alice, receiver, fake_embedder, settings) -> None:
    settings.WEBHOOK_RETRY_DELAYS = [0]
    hook = register(alice.client, receiver.url, ["memory.created"])
    receiver.answers = [500, 502]
    create(alice.client, "Likes hiking.")

    run_deliveries()

    [log] = alice.client.get(f"{API}/webhooks/{hook['id']}/deliveries").json()["results"]
    assert (log["status"], log["attempts"], log["last_status_code"], log["last_error"]) == (
        "failed", 2, 502, "http_502")
    response = alice.client.post(f"{API}/webhooks/{hook['id']}/deliveries/{log['id']}/redeliver")
    assert response.status_code == 202 and response.json()["status"] == "pending"
    run_deliveries()
    assert len(receiver.received) == 3
    assert alice.client.get(f"{API}/webhooks/{hook['id']}/deliveries").json()["results"][0]["status"] == "succeeded"


def test_it_resends_a_delivery_whose_worker_died(alice, receiver, fake_embedder) -> None:
    register(alice.client, receiver.url, ["memory.created"])
    create(alice.client, "Likes hiking.")
    with tenant_scope(alice.tenant):
        from webhooks.tasks import deliveries_claim

        [delivery] = WebhookDelivery.objects.all()
        deliveries_claim(str(alice.tenant.pk), [str(delivery.pk)])  # claimed, then the worker is killed
        DBTaskResult.objects.filter(task_path=TASK, run_after__lte=timezone.now()).delete()  # the lost attempt
        run_deliveries()
        assert receiver.received == []  # the lease has not ended
        WebhookDelivery.objects.update(next_attempt_at=timezone.now() - timedelta(seconds=1))  # now it has

        run_deliveries(include_delayed=True)

        assert len(receiver.received) == 1
        delivery.refresh_from_db()
        assert (delivery.status, delivery.attempts) == ("succeeded", 2)


def test_it_does_not_follow_redirects_nor_send_to_loopback_unless_allowed(alice, receiver, fake_embedder,
                                                                         settings) -> None:
    hook = register(alice.client, receiver.url, ["memory.created"])
    receiver.answers = [302]
    settings.WEBHOOK_RETRY_DELAYS = []
    create(alice.client, "Likes hiking.")
    run_deliveries()
    [log] = alice.client.get(f"{API}/webhooks/{hook['id']}/deliveries").json()["results"]
    assert (log["status"], log["last_status_code"]) == ("failed", 302)

    settings.WEBHOOK_ALLOW_LOOPBACK = False
    alice.client.post(f"{API}/webhooks/{hook['id']}/deliveries/{log['id']}/redeliver")
    run_deliveries()
    [log] = alice.client.get(f"{API}/webhooks/{hook['id']}/deliveries").json()["results"]
    assert (log["status"], log["last_error"]) == ("failed", f"refused: {LOOPBACK}")
    assert len(receiver.received) == 1


def test_it_records_nothing_when_the_change_rolls_back(alice, receiver, fake_embedder) -> None:
    register(alice.client, receiver.url, ["memory.created"])
    tasks_before = DBTaskResult.objects.count()
    with tenant_scope(alice.tenant), pytest.raises(RuntimeError), transaction.atomic():
        memory_create(items=[MemoryInput(scope="user/42", content="Rolled back.")], actor="system:test")
        assert WebhookDelivery.objects.count() == 1  # written with the change...
        raise RuntimeError
    with tenant_scope(alice.tenant):
        assert not WebhookDelivery.objects.exists()  # ...and gone with it
    assert DBTaskResult.objects.count() == tasks_before
    run_deliveries()
    assert receiver.received == []


def test_it_prunes_finished_deliveries_past_the_log_days(alice, receiver, fake_embedder) -> None:
    register(alice.client, receiver.url, ["memory.created"])
    create(alice.client, "Likes hiking.")
    run_deliveries()
    with tenant_scope(alice.tenant):
        WebhookDelivery.objects.update(created_at=timezone.now() - timedelta(days=31))
    create(alice.client, "Likes climbing.")
    run_deliveries()
    with tenant_scope(alice.tenant):
        assert WebhookDelivery.objects.count() == 1
