"""An entity chain on the review queue: light → dark → purple is one card showing the answers in the
order they were written, by whom and when, decided at once (the newest or a chosen one), refused where the
person acted when it changed meanwhile, undone back to the same filtered page; another tenant's chain is a 404.
Also the smaller card fixes: a correction's reason once, and "undo merge" returning to the filtered queue."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from memories.choices import ReviewStatus, Status
from memories.models import Memory, ReviewItem
from memories.stats import contradictions_at
from memories.write.feedback import feedback_record
from memories.write.prepare import MemoryInput
from memories.write.reviews import review_decide
from tenants.scoping import tenant_scope

from .conftest import write

pytestmark = pytest.mark.django_db


def live_contradictions_now() -> int:
    """The overview's "live contradictions" figure, as it counts them (stats.contradictions_at)."""
    return contradictions_at(timezone.now())

HTMX = {"HTTP_HX_REQUEST": "true"}
LIGHT, DARK, PURPLE = "Prefers a light theme.", "Prefers a dark theme now.", "Prefers a purple theme."


@pytest.fixture
def themes(alice_tenant, fake_embedder):
    written = [write(alice_tenant, MemoryInput(scope="user/ben", subject="ben", type="preference", entity="ui:theme",
                                               content=text), actor=actor)[0]
               for text, actor in ((LIGHT, "system:first"), (DARK, "system:second"), (PURPLE, "system:third"))]
    with tenant_scope(alice_tenant):
        items = list(ReviewItem.objects.filter(status=ReviewStatus.OPEN).order_by("created_at"))
    assert len(items) == 3
    return {"memories": written, "items": items}


def chain_card(html: str, items: list[ReviewItem]) -> str:
    found = re.search(rf'<article[^>]*id="chain-{items[0].pk}".*?</article>', html, re.S)
    assert found, html
    return found.group(0)


def decide(client, items, keep, query: str = "", **headers):
    return client.post(reverse("dashboard:review-chain"),
                       {"items": [str(i.pk) for i in items], "keep": str(keep.pk), "query": query}, **headers)


def test_a_chain_is_one_card_with_its_answers_in_order(admin_client, themes):
    html = admin_client.get(reverse("dashboard:review")).content.decode()
    card = chain_card(html, themes["items"])
    assert card.index(LIGHT) < card.index(DARK) < card.index(PURPLE)
    assert "system:first" in card and "system:third" in card  # who wrote each
    assert 'data-key="n"' in card and 'data-key="1"' in card and 'data-key="2"' in card
    assert all(f'id="r-{i.pk}"' not in html for i in themes["items"])  # no single card for them
    separate = admin_client.get(reverse("dashboard:review"), {"chains": "0"}).content.decode()
    assert all(f'id="r-{i.pk}"' in separate for i in themes["items"]) and 'id="chain-' not in separate
    zh = admin_client.get(reverse("dashboard:review"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "保留最新的" in zh


def test_a_chain_decided_from_its_card_leaves_one_live_truth(admin_client, alice_tenant, themes):
    light, dark, purple = themes["memories"]
    with tenant_scope(alice_tenant):
        assert live_contradictions_now() == 1
    response = decide(admin_client, themes["items"], purple, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert f'id="chain-{themes["items"][0].pk}"' in html and "resolved" in html
    assert '<b id="count-open" hx-swap-oob="true">0</b>' in html
    with tenant_scope(alice_tenant):
        assert list(Memory.objects.filter(status=Status.ACTIVE).values_list("content", flat=True)) == [PURPLE]
        assert set(Memory.objects.filter(pk__in=[light.pk, dark.pk]).values_list("superseded_by", flat=True)) == {
            purple.pk}
        assert not ReviewItem.objects.filter(status=ReviewStatus.OPEN).exists()
        assert live_contradictions_now() == 0
    overview = admin_client.get(reverse("dashboard:overview")).content.decode()
    assert re.search(r'id="live-contradictions".*?<[^>]*class="figure-value"[^>]*>\s*0\s*<', overview, re.S)


def test_an_older_answer_can_be_kept_and_the_decision_undone_back_to_the_filtered_queue(admin_client, alice_tenant,
                                                                                      themes):
    light = themes["memories"][0]
    response = decide(admin_client, themes["items"], light, query="scope=user%2Fben", **HTMX)
    assert 'name="query" value="scope=user%2Fben"' in response.content.decode()
    with tenant_scope(alice_tenant):
        assert list(Memory.objects.filter(status=Status.ACTIVE).values_list("content", flat=True)) == [LIGHT]
    undo = admin_client.post(reverse("dashboard:review-undo", args=[themes["items"][0].pk]),
                             {"query": "scope=user%2Fben"})
    assert undo.status_code == 303 and undo["Location"] == reverse("dashboard:review") + "?scope=user%2Fben"
    with tenant_scope(alice_tenant):
        assert ReviewItem.objects.filter(status=ReviewStatus.OPEN).count() == 3
        assert Memory.objects.get(content=PURPLE).status == Status.ACTIVE


def test_a_chain_that_changed_meanwhile_is_refused_in_its_card(admin_client, alice_tenant, themes):
    # An agent wrote a fourth answer meanwhile: the card is drawn again, longer, with the refusal in it.
    write(alice_tenant, MemoryInput(scope="user/ben", subject="ben", type="preference", entity="ui:theme",
                                    content="Prefers a green theme."))
    response = decide(admin_client, themes["items"], themes["memories"][2], **HTMX)
    assert response.status_code == 409
    html = response.content.decode()
    assert "changed since you looked" in html and 'role="alert"' in html and "Prefers a green theme." in html
    with tenant_scope(alice_tenant):
        assert Memory.objects.get(content=PURPLE).status == Status.CONFLICTED  # nothing was decided
        while item := ReviewItem.objects.filter(status=ReviewStatus.OPEN).order_by("created_at").first():
            review_decide(item_id=item.pk, action="keep_new", actor="user:someone")
    # Nothing is left of it: the refusal comes as a message where the person is.
    response = decide(admin_client, themes["items"], themes["memories"][2], **HTMX)
    assert response.status_code == 409 and "changed since you looked" in response.headers["HX-Trigger"]


def test_another_tenants_chain_is_a_404(bob_member, themes):
    assert decide(bob_member, themes["items"], themes["memories"][2], **HTMX).status_code == 404


def test_a_viewer_cannot_decide_a_chain(viewer_client, themes):
    assert decide(viewer_client, themes["items"], themes["memories"][2]).status_code == 403


def test_a_correction_card_gives_the_agents_reason_once(admin_client, alice_tenant, fake_embedder):
    [old] = write(alice_tenant, MemoryInput(scope="user/7", subject="7", entity="person:7/team",
                                            content="Staff engineer in the payments team."))
    with tenant_scope(alice_tenant):
        item = feedback_record(memory_ids=[old.pk], useful=None, correction="Moved to the identity team.",
                               actor="system:agent", reason="Said so on Monday.").review_item
    assert item is not None
    html = admin_client.get(reverse("dashboard:review")).content.decode()
    found = re.search(rf'<article[^>]*id="r-{item.pk}".*?</article>', html, re.S)
    assert found
    card = found.group(0)
    assert card.count("Said so on Monday.") == 1
    assert "Also differs in" not in card


def test_undo_merge_from_a_card_returns_to_the_filtered_queue(admin_client, alice_tenant, fake_embedder):
    write(alice_tenant, MemoryInput(scope="user/chen", subject="chen", type="preference", entity="meetings",
                                    content="Prefers meetings after 10am."))
    write(alice_tenant, MemoryInput(scope="user/chen", subject="chen", type="preference",
                                    content="prefers meetings after 10 am"))
    with tenant_scope(alice_tenant):
        item = ReviewItem.objects.get()
    current = "http://testserver" + reverse("dashboard:review") + "?scope=user%2Fchen"
    html = admin_client.post(reverse("dashboard:review-resolve", args=[item.pk]),
                             {"action": "merge", "content": "Prefers meetings after 10 am."},
                             HTTP_HX_CURRENT_URL=current, **HTMX).content.decode()
    assert 'name="next" value="/review/?scope=user%2Fchen"' in html


def test_a_chain_across_two_pages_has_its_card_on_one_and_a_pointer_on_the_other(admin_client, alice_tenant,
                                                                                 fake_embedder):
    """Queue order is oldest first, 20 to a page: the chain's first item on page 1, its last on page 2. The card is
    on page 1; page 2 says where it is, in both languages, and shows no second card nor single cards of it."""
    def theme(text: str, actor: str) -> None:
        write(alice_tenant, MemoryInput(scope="user/ben", subject="ben", type="preference", entity="ui:theme",
                                        content=text), actor=actor)
    theme(LIGHT, "system:first")
    theme(DARK, "system:second")  # the chain's first item
    for n in range(20):
        write(alice_tenant, MemoryInput(scope="user/9", subject="9", content=f"Maybe owns bike number {n}.",
                                        confidence=0.3))
    theme(PURPLE, "system:third")  # its later items: page 2
    with tenant_scope(alice_tenant):
        chain_items = list(ReviewItem.objects.filter(status=ReviewStatus.OPEN, memory__entity="ui:theme")
                           .order_by("created_at"))
    assert len(chain_items) >= 2
    first = admin_client.get(reverse("dashboard:review")).content.decode()
    assert chain_card(first, chain_items).count("<li class=\"chain-step") == 3
    second = admin_client.get(reverse("dashboard:review"), {"page": 2}).content.decode()
    assert f'id="chain-{chain_items[0].pk}"' not in second
    assert all(f'id="r-{i.pk}"' not in second for i in chain_items)
    pointer = re.search(rf'<p[^>]*id="chain-{chain_items[0].pk}-elsewhere".*?</p>', second, re.S)
    assert pointer and "page 1" in pointer.group(0) and f"page=1#chain-{chain_items[0].pk}" in pointer.group(0)
    zh = admin_client.get(reverse("dashboard:review"), {"page": 2}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "显示在第 1 页" in zh and "前往第 1 页" in zh
