"""The admin's tasks, replayed in a real browser in English and Chinese: after each step, what the page
shows and what the API then returns. (Clearing the queue: test_review_queue.py; failures: test_errors.py.)"""

from __future__ import annotations

import json
import re
import shlex

import httpx
import pytest
from playwright.sync_api import expect

from memories.models import Memory
from tenants.models import ApiKey
from tenants.scoping import tenant_scope
from tests.fixtures import active_per_entity, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

def send_curl(snippet: str) -> httpx.Response:
    """Send what a curl command line would (URL, -H headers, -d body: a POST; without one, a GET)."""
    args = shlex.split(snippet.replace("\\\n", " "))
    headers = dict(args[i + 1].split(": ", 1) for i, a in enumerate(args) if a == "-H")
    url = next(a for a in args if a.startswith("http"))
    if "-d" not in args:
        return httpx.get(url, headers=headers, timeout=30)
    return httpx.post(url, headers=headers, content=args[args.index("-d") + 1], timeout=30)


T = {
    "saved": {"en": "Saved as a new version.", "zh-hans": "已保存为新版本。"},
    "merged": {"en": "Merged 2 memories into this one.", "zh-hans": "已将 2 条记忆合并为这一条。"},
    "receipt": {"en": "Erasure receipt", "zh-hans": "删除回执"},
    "copied": {"en": "Copied", "zh-hans": "已复制"},
}


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_finds_a_persons_data_in_any_case_and_fixes_a_memory(page, shot, served, office, language):
    sign_in(page, served, language)
    page.goto(f"{served.url}/memories/")
    if page.locator("#id_subject").is_hidden():  # folded away on a phone; not at this width
        page.locator("[aria-controls=more-filters]").click()
    page.locator("#id_subject").fill("DANA")  # the id is "dana": any case finds it
    page.locator("#id_subject").press("Enter")
    results = page.locator("#memory-results")
    expect(results).to_contain_text("Dana is allergic to peanuts.")
    expect(results).not_to_contain_text("Ada Lovelace")
    expect(page).to_have_url(re.compile(r"subject=DANA"))
    shot(f"task-person-filter-{language}")
    results.get_by_role("link", name="Dana is allergic to peanuts.").click()
    page.locator("#edit-button").click()
    page.locator("#id_content").fill("Dana is allergic to tree nuts, not peanuts.")
    page.locator("#id_reason").fill("corrected by Dana")
    page.locator("#memory-card button[type=submit]").click()
    expect(page.get_by_text(T["saved"][language])).to_be_visible()
    expect(page.locator("#memory-content")).to_have_text("Dana is allergic to tree nuts, not peanuts.")
    expect(page.locator(".history ins").first).to_contain_text("tree")
    shot(f"task-memory-fixed-{language}")
    memory_id = page.url.rstrip("/").split("/")[-1]
    body = office.api.get(f"memories/{memory_id}").json()
    assert body["content"] == "Dana is allergic to tree nuts, not peanuts." and body["version"] == 2
    history = office.api.get(f"memories/{memory_id}/history").json()["results"]
    assert history[-1]["reason"] == "corrected by Dana" and history[-1]["actor"] == "user:admin@acme.test"


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_merges_with_an_edited_preview_from_the_queue_and_the_browser(page, shot, served, office,
                                                                          language):
    sign_in(page, served, language)
    # In the queue: the two meeting times of Dana are a conflict; merge them with a text that is true.
    page.goto(f"{served.url}/review/?kind=conflict&person=dana")
    card = page.locator("article.review-item[tabindex='0']").first
    card.locator("button[data-key='m']").click()
    text = card.locator("textarea[name=content]")
    expect(text).to_have_value(
        "Prefers meetings in the morning, never after 16:00. Prefers meetings on Monday mornings.")
    text.fill("Prefers meetings on Monday mornings, never after 16:00.")
    shot(f"task-merge-in-queue-{language}")
    card.locator(".merge-preview button[type=submit]").click()
    expect(page.locator("article.review-item.resolved").first).to_contain_text(
        "Prefers meetings on Monday mornings, never after 16:00.")
    assert active_per_entity(office.api)[("user/dana", "meetings")] == [
        "Prefers meetings on Monday mornings, never after 16:00."]

    # In the browser: tick two notes of team/ops, edit the suggested text, merge.
    page.goto(f"{served.url}/memories/?scope=team/ops")
    for content in ("On-call changes on Tuesday.", "The ops on-call rotation changes every Tuesday at 10:00 UTC."):
        page.locator("tbody.memory-row", has_text=content).locator("input[name=ids]").check()
    page.locator("#merge-selected-button").click()
    field = page.locator("#id_content")
    expect(field).to_have_value(re.compile(r"^The ops on-call rotation changes every Tuesday at 10:00 UTC\. "
                                           r"On-call changes on Tuesday\.$|^On-call changes on Tuesday\. The ops"))
    field.fill("The ops on-call rotation changes every Tuesday at 10:00 UTC.")
    shot(f"task-merge-preview-{language}")
    page.locator("#confirm-merge").click()
    expect(page.get_by_text(T["merged"][language])).to_be_visible()
    merged_id = page.url.rstrip("/").split("/")[-1]
    merged = office.api.get(f"memories/{merged_id}").json()
    assert merged["content"] == "The ops on-call rotation changes every Tuesday at 10:00 UTC."
    assert merged["status"] == "active"
    sources = [m for m in office.api.get("memories", params={"scope": "team/ops", "status": "deprecated"}).json()[
        "results"] if m["superseded_by"] == merged_id]
    assert len(sources) == 2


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_erases_a_person_and_reopens_the_receipt_later(page, shot, served, office, language):
    sign_in(page, served, language)
    with tenant_scope(office.tenant):
        ben = Memory.objects.filter(subject__external_id="ben").first()
        assert ben is not None
        subject_id = ben.subject_id
    page.goto(f"{served.url}/people/{subject_id}/erase/")
    page.locator("#id_confirm").fill("ben")
    page.locator("#id_reference").fill("DSR-2026-114")
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_role("heading", name=re.compile(T["receipt"][language]))).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("ben")  # said once, here
    expect(page.locator("#receipt")).to_contain_text("DSR-2026-114")
    expect(page.locator("#receipt")).to_contain_text("admin@acme.test")
    shot(f"task-receipt-{language}")
    receipt_url = page.url
    assert office.api.get("subjects/ben/export").status_code == 404
    assert office.api.get("memories", params={"subject": "ben"}).json()["results"] == []

    # Later: from the People page, the same receipt, and its JSON; a reload erases nothing more.
    page.goto(f"{served.url}/people/")
    page.locator("#receipts a").first.click()
    expect(page).to_have_url(receipt_url)
    expect(page.locator("#receipt")).to_contain_text("DSR-2026-114")
    expect(page.locator("#receipt")).not_to_contain_text("ben")
    with page.expect_download() as download:
        page.locator("#receipt-json").click()
    document = json.loads(download.value.path().read_text())
    assert document["reference"] == "DSR-2026-114" and document["counts"]["subjects"] == 1
    assert document["actor"] == "user:admin@acme.test" and document["request_id"]
    assert "ben" not in json.dumps(document)
    page.reload()
    expect(page.locator("#receipt")).to_contain_text("DSR-2026-114")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_creates_a_key_and_copies_its_snippet(page, shot, served, office, language):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_in(page, served, language)
    page.goto(f"{served.url}/settings/keys/")
    page.locator("#id_name").fill("support bot")
    page.locator("#id_scope_prefixes").fill("user/ada")
    page.locator("main form button[type=submit]").last.click()
    expect(page.locator("#secret")).to_have_value(re.compile(r"^mn_[0-9a-f]{10}_"))
    secret = page.locator("#secret").input_value()
    page.locator("button[data-copy='#snippet-curl']").click()
    expect(page.locator("button[data-copy='#snippet-curl']")).to_have_text(T["copied"][language])
    copied = page.evaluate("navigator.clipboard.readText()")
    assert f"Bearer {secret}" in copied
    assert copied.startswith(f'curl -s "{served.url}/api/v1/memories?scope=user/ada')
    shot(f"task-key-created-{language}")
    # The snippet works as pasted (its request, sent as curl would send it).
    answer = send_curl(copied)
    assert answer.status_code == 200 and "results" in answer.json()
    page.locator("button[data-copy='#secret']").click()
    assert page.evaluate("navigator.clipboard.readText()") == secret
    # A reload shows the secret no more and creates no second key.
    page.reload()
    expect(page.locator("#secret")).to_have_count(0)
    with tenant_scope(office.tenant):
        assert ApiKey.objects.filter(name="support bot").count() == 1
