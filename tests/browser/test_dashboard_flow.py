"""The dashboard as an admin uses it, in a real browser: every step asserts what the page shows."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from memories.models import Memory
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Role
from tenants.scoping import tenant_scope
from tenants.services import member_add, tenant_create

pytestmark = pytest.mark.django_db(transaction=True)

EMAIL, PASSWORD = "admin@acme.test", "correct horse battery staple"


@pytest.fixture
def acme(transactional_db, fake_embedder):
    tenant = tenant_create(slug="acme", name="Acme")
    member_add(tenant=tenant, email=EMAIL, role=Role.OWNER, password=PASSWORD)
    items = [
        MemoryInput(scope="user/123/project/starlight", subject="123", type="fact", entity="project:starlight/name",
                    content="The user's project is called Starlight."),
        MemoryInput(scope="user/123/project/starlight", subject="123", type="task",
                    entity="project:starlight/deadline", content="The Starlight prototype is due next Monday."),
        MemoryInput(scope="user/123", subject="123", type="preference", entity="drink",
                    content="User likes black coffee without sugar."),
        MemoryInput(scope="user/456", subject="456", type="preference", entity="drink",
                    content="用户喜欢喝黑咖啡不加糖。"),
        MemoryInput(scope="user/123", subject="123", type="fact", provenance="inferred", confidence=0.5,
                    content="The user probably works in the Berlin office."),
        MemoryInput(scope="team/ops", type="fact", content="On-call changes on Tuesday."),
        MemoryInput(scope="team/ops", type="fact", content="The on-call rotation switches every Tuesday at 10:00 UTC."),
        MemoryInput(scope="team/ops", type="note", content="<script>alert('xss')</script> is not code here."),
    ]
    with tenant_scope(tenant):
        memory_create(items=items, actor="key:demo")
        # A contradicting preference: a conflict pair waiting in the review queue.
        memory_create(items=[MemoryInput(scope="user/123", subject="123", type="preference", entity="drink",
                                         content="User now prefers green tea over coffee.")], actor="key:demo")
    return tenant


def log_in(page, served):
    page.goto(f"{served.url}/accounts/login/")
    expect(page.get_by_role("heading", name="Sign in to Mnemara")).to_be_visible()
    page.get_by_label("Email or username").fill(EMAIL)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Overview")).to_be_visible()


def test_it_walks_through_the_dashboard(page, shot, served, acme):
    url = served.url
    log_in(page, served)
    expect(page.get_by_text("open conflicts")).to_be_visible()
    shot("01-overview")

    # Filter the browser (htmx swaps the results and pushes the URL).
    page.get_by_role("link", name="Memories", exact=True).click()
    expect(page.locator("#memory-results")).to_contain_text("black coffee")
    page.get_by_label("Search").fill("Starlight")
    page.get_by_label("Search").press("Enter")
    expect(page.locator("#memory-results")).not_to_contain_text("black coffee")
    expect(page.locator("#memory-results")).to_contain_text("The Starlight prototype is due next Monday.")
    expect(page).to_have_url(re.compile(r"q=Starlight"))
    row = page.locator("tbody.memory-row", has_text="called Starlight")
    row.get_by_role("button", name="More").click()
    expect(row.locator("tr.detail")).to_contain_text("project:starlight/name")
    shot("02-memories-filtered")

    # Open the memory and edit it inline: a new version with a visible diff.
    row.get_by_role("link", name="The user's project is called Starlight.").click()
    expect(page.locator("#memory-content")).to_have_text("The user's project is called Starlight.")
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Content").fill("The user's project is called Starlight Two.")
    page.get_by_label("Reason (optional)").fill("renamed by the user")
    page.get_by_role("button", name="Save as a new version").click()
    expect(page.get_by_text("Saved as a new version.")).to_be_visible()
    expect(page.locator("#memory-content")).to_have_text("The user's project is called Starlight Two.")
    expect(page.locator(".history ins").first).to_have_text(re.compile(r"Two"))
    expect(page.get_by_text("renamed by the user")).to_be_visible()
    shot("03-memory-page")

    # Resolve the conflict pair in the review queue, then accept the pending one with the keyboard.
    page.get_by_role("link", name=re.compile(r"^Review")).click()
    conflict = page.locator("article.review-item.kind-conflict")
    expect(conflict).to_contain_text("User likes black coffee without sugar.")
    expect(conflict).to_contain_text("User now prefers green tea over coffee.")
    shot("04-review-queue")
    conflict.get_by_role("button", name="Keep new").click()
    expect(page.locator("article.review-item.resolved")).to_contain_text("kept the new one")
    pending = page.locator("article.review-item.kind-pending")
    pending.focus()
    page.keyboard.press("a")
    expect(page.locator("article.review-item.resolved")).to_have_count(2)
    page.reload()
    expect(page.get_by_text("Nothing to review")).to_be_visible()

    # Merge two near-duplicates picked in the browser.
    page.goto(f"{url}/memories/?scope=team/ops")
    for text in ("On-call changes on Tuesday.", "The on-call rotation switches every Tuesday at 10:00 UTC."):
        page.locator("tbody.memory-row", has_text=text).get_by_label("Select for merge").check()
    page.get_by_role("button", name="Merge selected").click()
    expect(page.get_by_role("heading", name="Merge preview")).to_be_visible()
    page.get_by_label("Merged content").fill("On-call rotates every Tuesday at 10:00 UTC.")
    shot("05-merge-preview")
    page.get_by_role("button", name="Merge", exact=True).click()
    expect(page.get_by_text("Merged 2 memories into this one.")).to_be_visible()
    expect(page.locator("#memory-content")).to_have_text("On-call rotates every Tuesday at 10:00 UTC.")
    expect(page.get_by_role("heading", name="Replaces")).to_be_visible()

    # Deprecate it with a reason, then restore it.
    page.get_by_placeholder("Reason for deprecating").fill("rotation moved to Wednesdays")
    page.get_by_role("button", name="Deprecate").click()
    expect(page.get_by_text("Deprecated.", exact=True)).to_be_visible()
    expect(page.locator("#memory-card .badge.status-deprecated")).to_be_visible()
    expect(page.get_by_text("rotation moved to Wednesdays")).to_be_visible()
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_text("Restored.", exact=True)).to_be_visible()
    expect(page.locator("#memory-card .badge.status-active")).to_be_visible()

    # Stored markup is text, never code.
    page.goto(f"{url}/memories/?scope=team/ops")
    expect(page.get_by_text("<script>alert('xss')</script> is not code here.")).to_be_visible()

    # Switch to Chinese.
    page.get_by_role("button", name="简体中文").click()
    expect(page.get_by_role("heading", name="记忆")).to_be_visible()
    expect(page.get_by_role("link", name="概览")).to_be_visible()
    page.get_by_role("link", name="概览").click()
    expect(page.get_by_role("heading", name="概览")).to_be_visible()
    shot("06-overview-zh")
    page.goto(f"{url}/review/")
    expect(page.get_by_role("heading", name="审核队列")).to_be_visible()
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", name="Review queue")).to_be_visible()

    assert page.csp_violations == []


def test_it_screenshots_the_other_pages(page, shot, served, acme):
    url = served.url
    log_in(page, served)
    with tenant_scope(acme):
        memory = Memory.objects.filter(entity="drink", status="active").first()
        assert memory is not None
    pages = [("07-people", "/people/", "People"), ("08-playground", "/playground/?query=coffee&scopes=user",
                                                   "Search playground"),
             ("09-api-keys", "/settings/keys/", "API keys"), ("10-members", "/settings/members/", "Members and roles"),
             ("11-settings", "/settings/", "Tenant settings"), ("12-audit", "/audit/", "Audit log"),
             ("13-exports", "/exports/", "Audit exports"), ("14-merge", "/merge/?scope=team/ops&similarity=0.3",
                                                            "Merge near-duplicates"),
             ("15-review-empty", "/review/?kind=pending", "Review queue"),
             ("16-memory", f"/memories/{memory.pk}/", "History")]
    for name, path, heading in pages:
        page.goto(url + path)
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        shot(name)
    page.goto(url + "/people/")
    page.get_by_role("link", name="123").click()
    expect(page.get_by_role("heading", name="Person 123")).to_be_visible()
    shot("17-person")
    page.goto(url + "/settings/keys/")
    page.get_by_label("Name").fill("support bot")
    page.get_by_role("button", name="Create key").click()
    expect(page.locator("#secret")).to_have_value(re.compile(r"^mn_[0-9a-f]{10}_"))
    shot("18-api-key-created")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url + "/memories/")
    shot("19-memories-mobile")
    assert page.csp_violations == []
