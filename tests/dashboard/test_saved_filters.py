"""Saved filters per person: save the filter a page shows under a name, see it as a link, open it
again, delete it; on Memories, Review, Feedback and the audit log; personal, tenant-scoped (another member's or
another tenant's is a 404), refused with the reason where the person acted, in both languages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from mnemara.kernel.errors import Conflict, ValidationFailed
from tenants.filters import filter_query, saved_filter_save, saved_filters, saved_filters_forget
from tenants.models import SavedFilter
from tenants.scoping import tenant_scope

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def save(client, page: str, name: str, query: str, **headers):
    return client.post(reverse("dashboard:saved-filter-save"), {"page": page, "name": name, "query": query},
                       **headers)


def test_it_keeps_only_the_filter_of_a_querystring():
    assert filter_query("scope=user%2F7&page=3&type=&q=+tea+&status=active") == "q=tea&scope=user%2F7&status=active"
    assert filter_query("page=2") == ""


def test_it_saves_a_filter_shows_it_as_a_link_and_opens_it_again(admin_client, members, alice_tenant):
    response = save(admin_client, "memories", "  Chen's   themes ", "scope=user%2Fchen&type=preference&page=2",
                    **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="saved-filters-memories"' in html
    assert 'href="/memories/?scope=user%2Fchen&amp;type=preference"' in html and "Chen&#x27;s themes" in html
    page = admin_client.get(reverse("dashboard:memories"), {"scope": "user/chen", "type": "preference"})
    assert "Chen&#x27;s themes" in page.content.decode() and 'aria-current="true" translate="no">Chen' in \
        page.content.decode()
    # Each page has its own; and they are this member's only.
    assert "Chen&#x27;s themes" not in admin_client.get(reverse("dashboard:review")).content.decode()
    with tenant_scope(alice_tenant):
        owner = get_user_model().objects.get(username=members["owner"])
        assert list(saved_filters(owner, "memories")) == []


def test_it_offers_saving_on_review_feedback_and_the_audit_log(admin_client):
    for name, query in (("review", {"scope": "user/7"}), ("feedback", {"kind": "correction"}),
                        ("audit", {"action": "review.resolved"})):
        html = admin_client.get(reverse(f"dashboard:{name}"), query).content.decode()
        assert f'id="saved-filters-{name}"' in html and f'id="save-filter-{name}"' in html, name
    unfiltered = admin_client.get(reverse("dashboard:audit")).content.decode()
    assert 'id="save-filter-audit"' not in unfiltered  # nothing to save yet


def test_it_refuses_with_the_reason_where_the_person_acted(admin_client):
    assert save(admin_client, "review", "mine", "scope=user%2F7", **HTMX).status_code == 200
    twice = save(admin_client, "review", "mine", "scope=user%2F8", **HTMX)
    assert twice.status_code == 409
    assert 'role="alert"' in twice.content.decode() and "already have a saved filter" in twice.content.decode()
    empty = save(admin_client, "review", "", "scope=user%2F7", **HTMX)
    assert empty.status_code == 400 and "Give the filter a name" in empty.content.decode()
    nothing = save(admin_client, "review", "all", "page=3", **HTMX, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert nothing.status_code == 400 and "先选择筛选条件" in nothing.content.decode()
    plain = save(admin_client, "review", "mine", "scope=user%2F9")
    assert plain.status_code == 303 and plain["Location"] == "/review/?scope=user%2F9"
    assert "already have a saved filter" in admin_client.get(plain["Location"]).content.decode()
    assert save(admin_client, "nowhere", "x", "a=b").status_code == 404


def test_it_deletes_a_filter_and_another_members_or_tenants_is_a_404(admin_client, client_for, bob_member,
                                                                    alice_tenant):
    save(admin_client, "feedback", "corrections", "kind=correction")
    with tenant_scope(alice_tenant):
        saved = SavedFilter.objects.get()
    delete = reverse("dashboard:saved-filter-delete", args=[saved.pk])
    assert client_for("owner").post(delete).status_code == 404  # another member's
    assert bob_member.post(delete).status_code == 404  # another tenant's
    assert admin_client.get(delete).status_code == 405
    response = admin_client.post(delete, {"query": "kind=correction"}, **HTMX)
    assert response.status_code == 200 and "corrections" in response.content.decode()  # "… deleted."
    with tenant_scope(alice_tenant):
        assert not SavedFilter.objects.exists()
    assert admin_client.post(delete).status_code == 404


def test_a_viewer_may_keep_filters_too(viewer_client, alice_tenant):
    assert save(viewer_client, "memories", "tasks", "type=task").status_code == 303
    with tenant_scope(alice_tenant):
        assert SavedFilter.objects.count() == 1


def test_the_service_refuses_duplicates_and_empty_filters(in_alice, django_user_model):
    user = django_user_model.objects.create_user("someone")
    saved_filter_save(user=user, page="memories", name="a", query="q=tea")
    with pytest.raises(Conflict):
        saved_filter_save(user=user, page="memories", name="a", query="q=coffee")
    with pytest.raises(ValidationFailed):
        saved_filter_save(user=user, page="memories", name="b", query="page=4&type=")


def test_an_erasure_forgets_the_filters_that_mention_the_person(in_alice, django_user_model):
    user = django_user_model.objects.create_user("someone")
    for name, query in (("by id", "subject=Sam"), ("in a scope", "scope=user%2Fsam%2Fproject"),
                        ("by words", "q=identity+team"), ("a bound", "conf_min=0.5"), ("other", "subject=samuel"),
                        ("short", "q=te")):
        saved_filter_save(user=user, page="memories", name=name, query=query)
    gone = saved_filters_forget(identifiers=["sam", "0b7e"], texts=["Sam moved to the identity team."])
    assert gone == 3
    assert sorted(SavedFilter.objects.values_list("name", flat=True)) == ["a bound", "other", "short"]
