"""Merge suggestions without typing a scope, and no key chips on touch screens, in a real browser: on a
phone (390 px, touch) in English and Chinese the merge page lists the near-duplicates at once, one tap opens the
preview, nothing scrolls sideways, and the review queue shows no keyboard chips; a desktop (1440 px, mouse) does."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.scoping import tenant_scope
from tests.fixtures import SCREENSHOTS, choose_language, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def test_suggestions_at_once_and_no_key_chips_on_a_phone(browser, served, office) -> None:
    with tenant_scope(office.tenant):
        memory_create(items=[MemoryInput(scope="team/ops", content="Backups run nightly at 02:00"),
                             MemoryInput(scope="team/ops", content="Backups run nightly at 02:00 UTC")],
                      actor="system:test")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", has_touch=True,
                                is_mobile=True)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = phone.new_page()
    page.set_default_timeout(15_000)
    sign_in(page, served)
    page.goto(f"{served.url}/merge/")
    group = page.locator(".merge-group", has_text="Backups run nightly at 02:00 UTC")
    expect(group).to_be_visible()
    expect(page.locator("#merge-bounds")).to_contain_text("most recently changed scopes")
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=str(SCREENSHOTS / "merge-suggestions-390-en.png"))
    group.locator("a.button").click()
    expect(page.locator("#confirm-merge")).to_be_visible()
    expect(page.locator("ul.sources li")).to_have_count(2)
    assert page.evaluate(NO_SIDEWAYS)

    choose_language(page, "zh-hans")
    page.goto(f"{served.url}/merge/")
    expect(page.locator("#merge-suggestions h2")).to_contain_text("条建议")
    expect(page.locator(".merge-group a.button").first).to_contain_text("预览合并")
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=str(SCREENSHOTS / "merge-suggestions-390-zh.png"))

    page.goto(f"{served.url}/review/")
    chips = page.locator("button[data-key] kbd")
    assert chips.count() > 0, "the workload's review queue has no key chips to check"
    for i in range(min(chips.count(), 5)):  # present in the page, hidden on touch
        expect(chips.nth(i)).to_be_hidden()
    hints = page.locator(".keys-hint")
    for i in range(hints.count()):
        expect(hints.nth(i)).to_be_hidden()
    assert page.evaluate(NO_SIDEWAYS)
    phone.close()

    desktop = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    page = desktop.new_page()
    page.set_default_timeout(15_000)
    sign_in(page, served)
    page.goto(f"{served.url}/review/")
    chips = page.locator("button[data-key] kbd")
    assert chips.count() > 0, "the workload's review queue has no key chips to check"
    expect(chips.first).to_be_visible()
    desktop.close()
