"""The compliance loop in a real browser, both languages, phone and desktop: an export made now, flagged by an
erasure, re-issued without the person; an audit log with no link to an erased memory; the overview's first row
is what needs action; the API-keys page with its snippets fits a phone. Every page checked for sideways
scrolling; screenshots in test-artifacts/screenshots/compliance-*.png."""

from __future__ import annotations

import shlex

import httpx
import pytest
from playwright.sync_api import expect

from memories.models import Memory
from tenants.scoping import tenant_scope
from tests.fixtures import jobs_done, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1440, "height": 900}}
T = {
    "export_now": {"en": "Export now", "zh-hans": "立即导出"},
    "flagged": {"en": "flagged: erasure", "zh-hans": "已标记：涉及删除"},
    "still_flagged": {"en": "still flagged", "zh-hans": "仍被标记"},
    "reissued": {"en": "re-issued without them", "zh-hans": "已重新生成，不含此人"},
    "erased": {"en": "erased", "zh-hans": "已删除（GDPR）"},
}


def fits(page, where: str) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (where, width)


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_compliance_loop_closes(page, served, office, language, width) -> None:
    page.set_viewport_size(WIDTHS[width])
    sign_in(page, served, language)

    def shot(step: str) -> None:
        from tests.fixtures import SCREENSHOTS

        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"compliance-{step}-{language}-{width}.png"), full_page=True)

    # The overview opens with what needs action, as links.
    page.goto(f"{served.url}/")
    tiles = page.locator(".action-tiles")
    expect(tiles.locator("#tile-conflicts")).to_be_visible()
    assert tiles.bounding_box()["y"] < page.locator(".period-form").bounding_box()["y"]
    assert tiles.bounding_box()["y"] < WIDTHS[width]["height"]  # above the fold
    for tile in ("#tile-conflicts", "#tile-pending", "#tile-feedback"):
        assert page.locator(tile).get_attribute("href")
    fits(page, "overview")
    shot("1-overview")

    # An export made now: queued, then written by the worker.
    page.goto(f"{served.url}/exports/")
    page.get_by_role("button", name=T["export_now"][language]).click()
    expect(page.locator("#export-jobs, #exports tbody tr").first).to_be_visible()  # queued, or made already
    fits(page, "exports, queued")
    shot("2-export-queued")
    jobs_done()
    page.reload()
    expect(page.locator("#exports tbody tr")).to_have_count(1)
    expect(page.locator("#export-jobs")).to_have_count(0)
    [export] = office.api.get("exports").json()["results"]
    assert export["flagged"] is False
    shot("3-export-made")

    # Erase a person: the receipt lists the export, flagged.
    with tenant_scope(office.tenant):
        ben = list(Memory.objects.filter(subject__external_id="ben").values_list("pk", "subject_id"))
    page.goto(f"{served.url}/people/{ben[0][1]}/erase/")
    page.locator("#id_confirm").fill("ben")
    page.locator("main form button[type=submit]").click()
    receipt = page.locator("#receipt")
    expect(receipt.locator(".receipt-exports li")).to_have_count(1)
    expect(receipt).to_contain_text(T["still_flagged"][language])
    receipt_url = page.url
    fits(page, "receipt")
    shot("4-receipt-flagged")

    # The Exports page flags it (no download of the old copy); re-issue it without the person.
    page.goto(f"{served.url}/exports/")
    expect(page.locator("#exports-flagged")).to_be_visible()
    expect(page.locator("#exports")).to_contain_text(T["flagged"][language])
    expect(page.locator("#exports a[download]")).to_have_count(0)
    assert office.api.get("exports", params={"flagged": "true"}).json()["results"][0]["id"] == export["id"]
    fits(page, "exports, flagged")
    shot("5-export-flagged")
    page.locator("#exports form[action$='/reissue/'] button").click()
    expect(page.locator("#export-jobs, #exports a[download]").first).to_be_visible()  # queued, or done already
    jobs_done()  # the erasure's VACUUM (the worker runs it after a request's erasure), the re-issue
    page.reload()
    expect(page.locator("#exports-flagged")).to_have_count(0)
    expect(page.locator("#exports a[download]")).to_have_count(1)
    body = office.api.get(f"exports/{export['id']}").json()
    assert body["flagged"] is False and body["sha256"] != export["sha256"]
    fits(page, "exports, re-issued")
    shot("6-export-reissued")
    page.goto(receipt_url)
    expect(page.locator("#receipt")).to_contain_text(T["reissued"][language])

    # The audit log: no link opens a 404; an erased memory says so, without a link.
    page.goto(f"{served.url}/audit/")
    links = page.locator("table.audit a[href^='/memories/']")
    for href in {links.nth(i).get_attribute("href") for i in range(links.count())}:
        assert page.request.get(served.url + href).status == 200, href
    fits(page, "audit log")
    shot("7-audit")
    page.goto(f"{served.url}/audit/?target_type=memory&target_id={ben[0][0]}")
    expect(page.locator("table.audit .memory-gone").first).to_have_text(T["erased"][language])
    expect(page.locator("table.audit a[href^='/memories/']")).to_have_count(0)
    shot("8-audit-erased")

    # A new key: its page fits, its Copy buttons are on screen, and the curl snippet answers as copied.
    page.goto(f"{served.url}/settings/keys/")
    page.locator("#id_name").fill("make run")
    page.locator("main form[method=post] button.primary").last.click()
    expect(page.locator("#new-key")).to_be_visible()
    fits(page, "api keys")
    right = WIDTHS[width]["width"]
    for button in page.locator("#new-key button[data-copy]").all():
        box = button.bounding_box()
        assert box is not None and box["x"] + box["width"] <= right, box
    shot("9-api-key")
    args = shlex.split(page.locator("#snippet-curl").inner_text().replace("\\\n", " "))
    url = next(a for a in args if a.startswith("http"))
    answer = httpx.get(url, headers=dict([args[args.index("-H") + 1].split(": ", 1)]), timeout=30)
    assert answer.status_code == 200 and answer.json()["results"], answer.text
    assert "mcp add --transport http" in page.locator("#snippet-mcp-http").inner_text()
    assert page.csp_violations == []
