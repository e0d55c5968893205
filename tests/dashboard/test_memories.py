"""Memory browser, memory page, edit with optimistic locking, deprecate/restore, merge, escaping."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memories.choices import Status
from memories.models import Memory, MemoryVersion
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.revisions import memory_revise
from tenants.scoping import tenant_scope

from .conftest import write

pytestmark = pytest.mark.django_db


def edit(client, memory, version, content, **extra):
    data = {"content": content, "type": memory.type, "entity": memory.entity, "confidence": str(memory.confidence),
            "status": memory.status, "version": str(version), "reason": "", **extra}
    return client.post(reverse("dashboard:memory-edit", args=[memory.pk]), data)


def test_it_renders_a_script_in_memory_content_as_text(admin_client, alice_tenant, fake_embedder):
    evil, = write(alice_tenant, MemoryInput(scope="user/9", subject="9", content="<script>alert(1)</script> & co",
                                            metadata={"note": "<img src=x onerror=alert(2)>"}))
    urls = [reverse("dashboard:memories"), reverse("dashboard:memory", args=[evil.pk]),
            reverse("dashboard:memory-row", args=[evil.pk]), reverse("dashboard:memory-edit", args=[evil.pk]),
            reverse("dashboard:memories") + "?q=alert"]
    for url in urls:
        html = admin_client.get(url).content.decode()
        assert "<script>alert(1)" not in html, url
        assert "<img src=x" not in html, url
    html = admin_client.get(reverse("dashboard:memory", args=[evil.pk])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html


def test_it_filters_the_browser_and_counts_per_status(admin_client, acme_memories):
    response = admin_client.get(reverse("dashboard:memories"), {"scope": "user/123/project", "type": "fact"})
    html = response.content.decode()
    assert "Starlight" in html and "green tea" not in html
    html = admin_client.get(reverse("dashboard:memories"), {"status": "pending"}).content.decode()
    assert "Berlin" in html and "Starlight" not in html
    html = admin_client.get(reverse("dashboard:memories"), {"conf_max": "0.6"}).content.decode()
    assert "Berlin" in html and "Starlight" not in html
    html = admin_client.get(reverse("dashboard:memories"), {"subject": "nobody"}).content.decode()
    assert "No memories match these filters." in html


def test_it_answers_htmx_with_the_results_partial_and_the_expanded_row(admin_client, acme_memories):
    response = admin_client.get(reverse("dashboard:memories"), {"q": "coffee"}, HTTP_HX_REQUEST="true",
                                HTTP_HX_TARGET="memory-results")
    html = response.content.decode()
    assert "<html" not in html and "black coffee" in html
    fact = acme_memories["fact"]
    row = admin_client.get(reverse("dashboard:memory-row", args=[fact.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert f'id="m-{fact.pk}"' in row and "project:starlight/name" in row and "<html" not in row


def test_it_shows_hybrid_search_results_with_their_score_breakdown(admin_client, acme_memories):
    response = admin_client.get(reverse("dashboard:memories"), {"q": "Starlight project", "mode": "search"})
    html = response.content.decode()
    assert "results, best first" in html or "result, best first" in html
    results = html.split("best first", 1)[1]
    assert "project is called Starlight." in results
    # ranked, best first; below the relevance floor (as in the API), the coffee is not listed at all
    assert results.find("black coffee") == -1 or results.index("project is called Starlight.") < results.index(
        "black coffee")
    assert ">meaning<" in html and ">words<" in html and ">recency<" in html


def test_the_search_ranks_as_the_api_does_with_scores_from_0_to_1(admin_client, alice_tenant):
    """A bug once: "what colour scheme does Alice like?" listed every memory, with an unbounded lexical column."""
    from memories.recall.search import memory_search

    texts = ["Alice prefers the dark colour scheme in every editor.", "Alice prefers meetings after 10am.",
             "Bob drinks black coffee every morning.", *(f"Runbook {w}: restart the {w} service and read its log."
                                                         for w in ("alpha", "beta", "gamma", "delta", "omega", "kappa",
                                                                   "sigma", "theta", "zeta", "lambda"))]
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="team/a", content=t, type="note") for t in texts], actor="t")
        api = [h.memory.content for h in memory_search(query="what colour scheme does Alice like?",
                                                       scopes=["team"], descendants=True, k=10)]
    html = admin_client.get(reverse("dashboard:memories"),
                            {"q": "what colour scheme does Alice like?", "mode": "search"}).content.decode()
    results = html.split("best first", 1)[1]
    shown = [t for t in texts if t in results]
    assert sorted(shown, key=results.index) == api  # the API's order and its relevance floor
    assert len(shown) < len(texts) and results.index("dark colour scheme") < results.index("after 10am")
    numbers = [float(n) for n in re.findall(r'class="num"[^>]*>(?:<[^>]+>)*([0-9.]+)<', results)]
    assert numbers and all(0.0 <= n <= 1.0 for n in numbers)


def test_it_says_when_nothing_matches_a_search_well(admin_client, alice_tenant):
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/ben", content=c) for c in
                             ("Ben prefers the dark theme in every editor", "Ben walks his dog Rex every morning")],
                      actor="t")
    html = admin_client.get(reverse("dashboard:memories"),
                            {"q": "What is the boiling point of tungsten?", "mode": "search"}).content.decode()
    assert 'id="search-weak"' in html or "Nothing matches this search." in html
    assert "walks his dog" not in html  # at most what came closest
    html = admin_client.get(reverse("dashboard:memories"), {"q": "which theme does Ben like", "mode": "search"},
                            HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'id="search-weak"' not in html and "dark theme" in html


def test_it_edits_a_memory_as_a_new_version_with_a_readable_diff(admin_client, acme_memories, alice_tenant):
    fact = acme_memories["fact"]
    response = edit(admin_client, fact, 1, "The user's project is called Starlight Two.")
    assert response.status_code == 303
    with tenant_scope(alice_tenant):
        fact.refresh_from_db()
        assert (fact.version, fact.content) == (2, "The user's project is called Starlight Two.")
        assert MemoryVersion.objects.get(memory=fact, version=2).actor == "user:admin@acme.test"
    html = admin_client.get(reverse("dashboard:memory", args=[fact.pk])).content.decode()
    assert "<ins> Two</ins>" in html or "<ins>Two</ins>" in html


def test_it_never_lets_a_second_admin_overwrite_a_newer_version(client_for, acme_memories, alice_tenant):
    first, second = client_for("admin"), client_for("owner")
    fact = acme_memories["fact"]
    # Both open the edit form at version 1.
    assert 'value="1"' in first.get(reverse("dashboard:memory-edit", args=[fact.pk])).content.decode()
    assert 'value="1"' in second.get(reverse("dashboard:memory-edit", args=[fact.pk])).content.decode()
    assert edit(first, fact, 1, "Project name: Starlight (confirmed by the user).").status_code == 303
    response = edit(second, fact, 1, "Project name: Moonlight.", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 409
    assert "Someone else changed this memory" in html
    assert "Project name: Starlight (confirmed by the user)." in html  # the newer version is shown
    assert "Project name: Moonlight." in html  # what the second admin typed is kept in the form
    assert 'name="version" value="2"' in html
    with tenant_scope(alice_tenant):
        fact.refresh_from_db()
        assert (fact.version, fact.content) == (2, "Project name: Starlight (confirmed by the user).")
    # Asked again, with the newer version in hand, the second admin's change is a new version: nothing lost.
    assert edit(second, fact, 2, "Project name: Moonlight.").status_code == 303
    with tenant_scope(alice_tenant):
        contents = list(MemoryVersion.objects.filter(memory=fact).order_by("version").values_list("content", flat=True))
    assert contents == ["The user's project is called Starlight.", "Project name: Starlight (confirmed by the user).",
                        "Project name: Moonlight."]


def test_it_deprecates_and_restores_with_the_reason_recorded(admin_client, acme_memories, alice_tenant):
    fact = acme_memories["fact"]
    admin_client.post(reverse("dashboard:memory-deprecate", args=[fact.pk]), {"reason": "outdated", "version": "1"})
    with tenant_scope(alice_tenant):
        fact.refresh_from_db()
        assert fact.status == Status.DEPRECATED
        assert MemoryVersion.objects.get(memory=fact, version=2).reason == "outdated"
    admin_client.post(reverse("dashboard:memory-restore", args=[fact.pk]), {"reason": "still true", "version": "2"})
    with tenant_scope(alice_tenant):
        fact.refresh_from_db()
        assert fact.status == Status.ACTIVE
        assert MemoryVersion.objects.get(memory=fact, version=3).reason == "still true"


def test_it_refuses_a_stale_deprecate(admin_client, acme_memories, alice_tenant):
    fact = acme_memories["fact"]
    with tenant_scope(alice_tenant):
        memory_revise(memory_id=fact.pk, expected_version=1, changes={"confidence": 0.9}, actor="key:x")
    response = admin_client.post(reverse("dashboard:memory-deprecate", args=[fact.pk]),
                                 {"reason": "x", "version": "1"}, follow=True)
    assert "Someone changed this memory meanwhile" in response.content.decode()
    with tenant_scope(alice_tenant):
        assert Memory.objects.get(pk=fact.pk).status == Status.ACTIVE


def test_it_previews_and_merges_selected_memories(admin_client, alice_tenant, fake_embedder):
    a, b = write(alice_tenant, MemoryInput(scope="team/ops", content="On-call changes on Tuesday."),
                 MemoryInput(scope="team/ops", content="The on-call rotation switches every Tuesday 10:00 UTC."))
    preview = admin_client.get(reverse("dashboard:merge-preview"), {"ids": [a.pk, b.pk]})
    assert preview.status_code == 200
    assert "On-call changes on Tuesday. The on-call rotation" in preview.content.decode()  # prose, not "A.; B."
    response = admin_client.post(reverse("dashboard:merge-preview"),
                                 {"ids": [a.pk, b.pk], "content": "On-call rotates every Tuesday at 10:00 UTC."})
    assert response.status_code == 303
    with tenant_scope(alice_tenant):
        merged = Memory.objects.get(content="On-call rotates every Tuesday at 10:00 UTC.")
        for source in (a, b):
            source.refresh_from_db()
            assert (source.status, source.superseded_by_id) == (Status.DEPRECATED, merged.pk)


def test_it_refuses_to_merge_across_scopes(admin_client, alice_tenant, fake_embedder):
    a, b = write(alice_tenant, MemoryInput(scope="team/ops", content="One thing."),
                 MemoryInput(scope="team/dev", content="Another thing."))
    response = admin_client.post(reverse("dashboard:merge-preview"), {"ids": [a.pk, b.pk]})
    assert response.status_code == 400
    assert "same scope" in response.content.decode()


def test_it_suggests_near_duplicates_by_vector_similarity(admin_client, alice_tenant):
    write(alice_tenant, MemoryInput(scope="team/ops", content="The staging database runs PostgreSQL 18."),
          MemoryInput(scope="team/ops", content="Staging's database server is PostgreSQL version 18."),
          MemoryInput(scope="team/ops", content="Lunch is served at noon on Fridays."))
    html = admin_client.get(reverse("dashboard:merge"), {"scope": "team/ops", "similarity": "0.7"}).content.decode()
    assert "1 suggestion" in html
    assert "Lunch" not in html


def test_it_does_not_suggest_merging_unrelated_chinese_memories(admin_client, alice_tenant):
    """all-MiniLM reads most Chinese characters as [UNK]: different Chinese facts can look alike to it, so
    Chinese pairs are compared by USE, which reads them."""
    # all-MiniLM: green tea / green tea without sugar 0.84 (the same fact); green tea without sugar / the
    # user's black coffee without sugar 0.80 (two people, two drinks). USE: 0.88 and 0.56. Low confidence:
    # the write flow keeps both teas (pending) instead of superseding one by the other.
    write(alice_tenant, MemoryInput(scope="user/wang", content="王磊喜欢喝绿茶", confidence=0.5),
          MemoryInput(scope="user/wang", content="王磊喜欢喝绿茶，不加糖", confidence=0.5),
          MemoryInput(scope="user/wang", content="用户喜欢喝黑咖啡不加糖。", confidence=0.5))
    html = admin_client.get(reverse("dashboard:merge"), {"scope": "user/wang", "similarity": "0.7"}).content.decode()
    assert "1 suggestion" in html
    assert "黑咖啡" not in html


def test_it_answers_404_when_another_tenant_edits_a_memory(bob_member, acme_memories):
    fact = acme_memories["fact"]
    response = bob_member.post(reverse("dashboard:memory-edit", args=[fact.pk]),
                               {"content": "overwritten by globex", "version": fact.version})
    assert response.status_code == 404


def test_it_suggests_merging_chinese_memories_that_mean_the_same(admin_client, alice_tenant) -> None:
    """USE reads Chinese: "lives in Pudong" twice, in different words (0.77), is one pair; the others are not."""
    write(alice_tenant, *(MemoryInput(scope="user/wang", content=c, confidence=0.5) for c in
                          ("王磊住在上海浦东新区", "王磊的家在浦东", "王磊对海鲜过敏", "王磊每周三晚上打羽毛球")))
    html = admin_client.get(reverse("dashboard:merge"), {"scope": "user/wang"}).content.decode()
    assert "1 suggestion" in html and "王磊的家在浦东" in html and "羽毛球" not in html


def test_it_never_suggests_merging_contradictions_or_distant_pairs(admin_client, alice_tenant):
    """Real vectors: a contradicting pair about one entity (0.78 alike) is a conflict, not a duplicate;
    a pair below all-MiniLM's measured threshold (0.71) is not offered; a paraphrase (0.87) is."""
    green, blue = write(alice_tenant, MemoryInput(scope="user/chen", type="preference", entity="ui:theme",
                                                  content="Prefers a green theme."))[0], \
        write(alice_tenant, MemoryInput(scope="user/chen", type="preference", entity="ui:theme",
                                        content="Prefers a blue theme."))[0]
    write(alice_tenant, MemoryInput(scope="user/chen", type="preference",
                                    content="Prefers meetings in the morning, never after 16:00."),
          MemoryInput(scope="user/chen", type="preference", content="Prefers meetings on Monday mornings."),
          MemoryInput(scope="user/chen", content="Deploys need two approvals."),
          MemoryInput(scope="user/chen", content="Every deploy requires approval from two people."))
    html = admin_client.get(reverse("dashboard:merge"), {"scope": "user/chen"}).content.decode()
    assert "1 suggestion" in html and "Every deploy requires approval" in html
    assert "green theme" not in html and "Monday mornings" not in html
    page = admin_client.get(reverse("dashboard:memory", args=[green.pk])).content.decode()
    assert "blue theme" in page and f"ids={blue.pk}" not in page  # shown as similar, never offered to merge


def test_an_edit_in_the_dashboard_keeps_a_keyed_memorys_content_exactly(admin_client, alice_tenant, fake_embedder):
    notes, = write(alice_tenant, MemoryInput(scope="user/7", key="/memories/notes.md",
                                             content="# Notes\n\n## Preferences\n- Prefers email\n"))
    form = admin_client.get(reverse("dashboard:memory-edit", args=[notes.pk])).content.decode()
    assert "# Notes\n\n## Preferences" in form
    typed = "# Notes\r\n\r\n## Preferences\r\n- Prefers email\r\n  - never calls after 6pm\r\n"  # as a browser sends it
    assert edit(admin_client, notes, 1, typed).status_code == 303
    with tenant_scope(alice_tenant):
        notes.refresh_from_db()
        assert notes.content == "# Notes\n\n## Preferences\n- Prefers email\n  - never calls after 6pm\n"
    assert edit(admin_client, notes, 2, " \r\n ").status_code == 400  # blank: the form says so, nothing written
    with tenant_scope(alice_tenant):
        notes.refresh_from_db()
        assert notes.version == 2


def test_a_conflicting_edit_redraws_the_panels_beside_the_card(client_for, acme_memories, alice_tenant):
    """The 409 answer carries the history and the side panels as they are now (htmx out-of-band swaps), so nothing
    beside the edit card still shows the version the member started from."""
    first, second = client_for("admin"), client_for("owner")
    fact = acme_memories["fact"]
    page = second.get(reverse("dashboard:memory", args=[fact.pk])).content.decode()
    assert 'id="memory-history"' in page and 'id="memory-side"' in page
    assert edit(first, fact, 1, "Project name: Starlight (confirmed by the user).").status_code == 303
    data = {"content": "Project name: Moonlight.", "type": fact.type, "entity": fact.entity, "confidence": "1.0",
            "status": fact.status, "version": "1", "reason": ""}
    response = second.post(reverse("dashboard:memory-edit", args=[fact.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card stale" id="memory-card">')  # the card, swapped in place
    history = html.split('<section class="card" id="memory-history" hx-swap-oob="true">', 1)[1].split("</section>")[0]
    assert "<b>v2</b>" in history and "user:admin@acme.test" in history
    side = html.split('<div id="memory-side" hx-swap-oob="true">', 1)[1]
    assert side.count("memory updated") == 1  # the other admin's change, in the audit events panel
