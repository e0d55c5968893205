"""Merge suggestions without typing a scope: the merge page offers groups of near-duplicates from the
recently changed scopes at once (bounded: ``MERGE_SCOPES`` scopes, ``MERGE_SCOPE_SCAN`` rows each), each one
click from its preview; the same preference in other words ("after 10am" / "after 10 am") is offered, two
different answers about one entity never; another tenant's memories never."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote

import pytest
from django.urls import reverse

from memories import selectors
from memories.write.prepare import MemoryInput

from .conftest import write

pytestmark = pytest.mark.django_db


def preview_links(html: str) -> list[set[str]]:
    """The ids of each "preview merge" link on the page."""
    return [set(parse_qs(unquote(query).replace("&amp;", "&"))["ids"])
            for query in re.findall(r'href="/merge/preview/\?([^"]+)"', html)]


def test_it_suggests_groups_from_the_recent_scopes_without_a_scope(admin_client, alice_tenant, bob_tenant) -> None:
    ops = write(alice_tenant, MemoryInput(scope="team/ops", content="The staging database runs PostgreSQL 18."),
                MemoryInput(scope="team/ops", content="Staging's database server is PostgreSQL version 18."),
                MemoryInput(scope="team/ops", content="Lunch is served at noon on Fridays."))
    chen = write(alice_tenant, MemoryInput(scope="user/chen", type="preference", entity="meetings",
                                           content="Prefers meetings after 10am."),
                 MemoryInput(scope="user/chen", type="preference", entity="meetings",
                             content="prefers meetings after 10 am"),
                 MemoryInput(scope="user/chen", type="preference", entity="ui:theme", content="Prefers a green theme."),
                 MemoryInput(scope="user/chen", type="preference", entity="ui:theme", content="Prefers a blue theme."))
    write(bob_tenant, MemoryInput(scope="team/ops", content="The staging database runs PostgreSQL 17."),
          MemoryInput(scope="team/ops", content="Staging's database server is PostgreSQL version 17."))

    response = admin_client.get(reverse("dashboard:merge"))
    html = response.content.decode()
    assert response.status_code == 200 and "2 suggestions" in html
    assert sorted(preview_links(html), key=sorted) == sorted(
        [{str(ops[0].pk), str(ops[1].pk)}, {str(chen[0].pk), str(chen[1].pk)}], key=sorted)
    assert "green theme" not in html and "Lunch" not in html and "PostgreSQL 17" not in html
    assert f"Looked at the {selectors.MERGE_SCOPES} most recently changed scopes" in html
    assert '<datalist id="scope-list"><option value="team/ops"><option value="user/chen">' in html
    zh = admin_client.get(reverse("dashboard:merge"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "2 条建议" in zh and "预览合并 2 条" in zh and "最近有改动的" in zh

    # One click: the preview of the group, no warning about contradicting answers (the same words).
    preview = admin_client.get(reverse("dashboard:merge-preview"), {"ids": [chen[0].pk, chen[1].pk]})
    assert preview.status_code == 200 and "different answers about the same entity" not in preview.content.decode()

    # A typed (or picked) scope narrows to it; an unknown one says so.
    html = admin_client.get(reverse("dashboard:merge"), {"scope": "team/ops"}).content.decode()
    assert "1 suggestion" in html and preview_links(html) == [{str(ops[0].pk), str(ops[1].pk)}]
    assert "Looked at the" not in html
    assert "No such scope" in admin_client.get(reverse("dashboard:merge"), {"scope": "team/nope"}).content.decode()


def test_the_scan_is_bounded_and_pairs_sharing_a_memory_are_one_group(admin_client, alice_tenant, fake_embedder,
                                                                      monkeypatch) -> None:
    trio = write(alice_tenant, *(MemoryInput(scope="team/old", content=c) for c in (
        "Deploys happen on Tuesdays at noon", "Deploys happen on Tuesdays at noon UTC",
        "Deploys happen on Tuesday at noon UTC.")))
    newer = write(alice_tenant, MemoryInput(scope="team/new", content="Backups run nightly at 02:00"),
                  MemoryInput(scope="team/new", content="Backups run nightly at 02:00 UTC"))
    assert {frozenset(m.pk for m in g.memories) for g in _everywhere(alice_tenant)} == {
        frozenset(m.pk for m in newer), frozenset(m.pk for m in trio)}
    monkeypatch.setattr(selectors.similarity, "MERGE_SCOPES", 1)  # only the most recently changed scope is looked at
    html = admin_client.get(reverse("dashboard:merge")).content.decode()
    assert preview_links(html) == [{str(m.pk) for m in newer}]
    assert "Looked at the 1 most recently changed scopes" in html


def _everywhere(tenant):
    from tenants.scoping import tenant_scope
    with tenant_scope(tenant):
        return selectors.merge_suggestions_everywhere()


def test_viewers_and_other_tenants_get_no_suggestions(viewer_client, bob_member, alice_tenant, fake_embedder) -> None:
    write(alice_tenant, MemoryInput(scope="team/ops", content="Backups run nightly at 02:00"),
          MemoryInput(scope="team/ops", content="Backups run nightly at 02:00 UTC"))
    assert viewer_client.get(reverse("dashboard:merge")).status_code == 403
    html = bob_member.get(reverse("dashboard:merge")).content.decode()
    assert "Backups" not in html and "team/ops" not in html
