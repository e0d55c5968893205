"""The admin's pages at volume, as a browser shows them at desktop (1440 px) and phone width, in both languages: the
memory list's "More" on one line and its page numbers, the audit log's chosen filters and scope paths, and the
change-password page with a wrong old password refused at its field. Screenshots: test-artifacts/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.scoping import tenant_scope
from tests.fixtures import ADMIN_PASSWORD, SCREENSHOTS, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}
LINES = """el => { const r = document.createRange(); r.selectNodeContents(el);
  return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"""


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_load_state()  # after a redirect Chromium cannot capture a page still loading
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def fits(page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


@pytest.fixture
def volume(office):
    """Sixty more memories with long words in long scopes: three pages of the memory list, narrow columns."""
    with tenant_scope(office.tenant):
        memory_create(actor="key:support-bot", items=[MemoryInput(
            scope=f"user/customer-with-a-rather-long-identifier-{i % 7}/project/observability-platform-migration",
            type="note", entity=f"project:observability-platform-migration/runbook-step-{i}",
            content=f"Step {i} of the migration runbook: drain the node, snapshot the volume, then reattach "
                    f"the persistent-volume-claim-{i}-with-a-long-name to the replacement instance.")
            for i in range(60)])
    return office


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_memory_list_keeps_more_on_one_line_and_offers_page_numbers(page, served, volume, language):
    page.set_viewport_size(WIDTHS["desktop"])
    sign_in(page, served, language)
    page.goto(f"{served.url}/memories/")
    buttons = page.locator("table.memories button[aria-expanded=false]")
    expect(buttons.first).to_be_visible()
    assert {buttons.nth(i).evaluate(LINES) for i in range(buttons.count())} == {1}
    pages = page.locator("nav.pagination .pages")
    expect(pages.locator("[aria-current=page]")).to_have_text("1")
    shot(page, f"admin-memories-{language}-desktop")
    pages.locator("a", has_text="3").click()
    expect(pages.locator("[aria-current=page]")).to_have_text("3")
    assert "page=3" in page.url
    page.locator("nav.pagination .jump input[name=page]").fill("2")
    page.locator("nav.pagination .jump button").click()
    expect(pages.locator("[aria-current=page]")).to_have_text("2")
    page.set_viewport_size(WIDTHS["phone"])
    fits(page)
    shot(page, f"admin-memories-{language}-phone")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_audit_log_filters_by_chosen_actor_action_and_days(page, served, volume, language):
    page.set_viewport_size(WIDTHS["desktop"])
    sign_in(page, served, language)
    page.goto(f"{served.url}/audit/")
    page.locator("#f-actor").select_option("key:support-bot")
    page.locator("#f-action").select_option("memory.created")
    page.locator("#audit-filters button[type=submit]").click()
    page.wait_for_load_state()
    rows = page.locator("table.audit tbody tr")
    expect(rows.first.locator(".scope-path")).to_contain_text("/project/observability-platform-migration")
    assert "scope_id" not in page.locator("table.audit").inner_text()
    fits(page)
    shot(page, f"admin-audit-{language}-desktop")
    page.set_viewport_size(WIDTHS["phone"])
    fits(page)
    shot(page, f"admin-audit-{language}-phone")


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_wrong_old_password_is_refused_where_it_was_typed(page, served, office, language, width):
    page.set_viewport_size(WIDTHS[width])
    sign_in(page, served, language)
    link = page.locator("a.account-link")
    if not link.is_visible():  # folded into the menu on a phone
        page.locator(".menu-toggle").click()
    link.click()
    page.locator("#id_old_password").fill("not my password")
    page.locator("#id_new_password1").fill("a brand new passphrase")
    page.locator("#id_new_password2").fill("a brand new passphrase")
    page.locator("main form button[type=submit]").click()
    error = page.locator("p.field.has-error", has=page.locator("#id_old_password")).locator(".error")
    expect(error).to_be_visible()
    fits(page)
    shot(page, f"admin-password-refused-{language}-{width}")
    page.locator("#id_old_password").fill(ADMIN_PASSWORD)
    page.locator("#id_new_password1").fill("a brand new passphrase")
    page.locator("#id_new_password2").fill("a brand new passphrase")
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".messages .message.success")).to_be_visible()
    shot(page, f"admin-password-changed-{language}-{width}")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_conflicting_edit_redraws_the_panels_beside_the_card(page, served, office, language):
    page.set_viewport_size(WIDTHS["desktop"])
    sign_in(page, served, language)
    dana = office.memories["Dana is allergic to peanuts."]
    page.goto(f"{served.url}/memories/{dana.pk}/")
    page.locator("#edit-button").click()
    page.locator("#id_content").fill("Dana is allergic to peanuts and sesame.")
    # Meanwhile an agent changes the memory through the API.
    office.api.patch(f"memories/{dana.pk}", json={"content": "Dana is allergic to peanuts and shellfish."},
                     headers={"If-Match": '"1"'}).raise_for_status()
    page.locator("#memory-card form button[type=submit]").click()
    expect(page.locator("#stale-warning")).to_be_visible()
    expect(page.locator("#memory-history")).to_contain_text("v2")
    expect(page.locator("#memory-history")).to_contain_text("shellfish")
    expect(page.locator("#memory-side")).to_contain_text("checks")  # the agent's change, in the audit events
    shot(page, f"admin-edit-conflict-{language}-desktop")
