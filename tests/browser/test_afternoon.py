"""An admin's afternoon, end to end in a real browser, in English and Chinese, at 1440 and 390 px: an
agent's correction (POST /api/v1/feedback) accepted, a merge undone, an entity chain (light → dark → purple)
resolved from its one card, a saved filter saved and reused, a bulk reject over a filter of 30 with the count
confirmed (decided by the worker, its progress polled, then undone as a whole), an export made now, flagged by an
erasure and re-issued, and an audit log whose links all open. What the agents wrote is seeded through the API (as
the agent's key) and the service layer; what the admin does is clicked. The whole afternoon runs in English at 1440
px and in Chinese on a phone (390 px, touch); English at 390 and Chinese at 1440 open the same pages with the same
data. Every page visited must not scroll sideways and must be in the chosen language; every step leaves a screenshot
in test-artifacts/screenshots/afternoon-<step>-<name>-<language>-<width>.png."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
from playwright.sync_api import Dialog, expect

from memories.choices import ReviewStatus, Status
from memories.models import Memory, ReviewItem
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Role
from tenants.scoping import tenant_scope
from tenants.services import apikey_create, member_add, tenant_create
from tests.fixtures import ADMIN_EMAIL, ADMIN_PASSWORD, SCREENSHOTS, jobs_done, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {1440: {"width": 1440, "height": 900}, 390: {"width": 390, "height": 844}}
AGENT = "support bot"
SAM_OLD = "Sam is a staff engineer in the payments team."
SAM_NEW = "Sam moved to the identity team."
MEETINGS = ("Alice prefers meetings after 10am.", "alice prefers meetings after 10 am")
THEMES = ("Ben prefers a light theme.", "Ben prefers a dark theme now.", "Ben prefers a purple theme.")
SAVED = {"en": "Visitors' guesses", "zh-hans": "访客的猜测"}
# More guesses than a page of the review queue (20) and of the memory list (25) hold: the bulk decision reaches
# beyond the page shown.
BULK = 30
WORKER_TIMEOUT = 60_000  # ms: the stack's worker decides the items in batches, on a loaded machine too
# Guesses an agent wrote with low confidence: each waits for a person, none resembles another.
SPORTS = (
    "tennis", "chess", "rowing", "judo", "golf", "polo", "sailing", "karate", "squash", "darts", "bowls",
    "cricket", "hockey", "fencing", "archery", "curling", "skiing", "surfing", "boxing", "diving", "rugby",
    "cycling", "climbing", "canoeing", "baseball", "softball", "lacrosse", "netball", "handball", "badminton",
    "biathlon", "bobsleigh", "kayaking", "luge", "pentathlon", "rafting", "skating", "snooker", "triathlon",
    "wrestling", "weightlifting", "billiards", "bouldering", "croquet", "frisbee", "gliding", "hurling",
    "kendo", "korfball", "parkour",
)
GUESSES = [f"Visitor {n} might prefer {w}." for n, w in enumerate(SPORTS)][:BULK]


@dataclass
class Afternoon:
    tenant: Any
    agent: httpx.Client  # the agent's key ("support bot"): its writes and feedback
    prefix: str  # the key's prefix: its agent page


@pytest.fixture
def page(browser, width: int):
    """The conftest's page, as a phone (touch, mobile viewport) at 390 px and a desktop at 1440 px."""
    phone = width < 800
    context = browser.new_context(viewport=WIDTHS[width], locale="en-US", has_touch=phone, is_mobile=phone)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.csp_violations = []
    page.on("console", lambda msg: page.csp_violations.append(msg.text)
            if "Content Security Policy" in msg.text or "Refused to" in msg.text else None)
    page.on("pageerror", lambda exc: page.csp_violations.append(f"page error: {exc}"))
    yield page
    context.close()


@pytest.fixture
def afternoon(transactional_db, fake_embedder, served) -> Iterator[Afternoon]:
    tenant = tenant_create(slug="acme", name="Acme")
    member_add(tenant=tenant, email=ADMIN_EMAIL, role=Role.OWNER, password=ADMIN_PASSWORD)
    key, secret = apikey_create(tenant=tenant, name=AGENT)
    with tenant_scope(tenant):
        written = memory_create(items=[MemoryInput(scope="user/visitors", content=text, confidence=0.3)
                                       for text in GUESSES], actor="system:seed")
        assert all(r.memory.status == Status.PENDING for r in written)
    with httpx.Client(base_url=f"{served.url}/api/v1/", headers={"Authorization": f"Bearer {secret}"},
                      timeout=30) as agent:
        yield Afternoon(tenant, agent, key.prefix)


def write(agent: httpx.Client, **fields: Any) -> dict[str, Any]:
    response = agent.post("memories", json=fields)
    assert response.status_code == 201, response.text
    return response.json()


def agent_corrects(agent: httpx.Client) -> tuple[dict[str, Any], str]:
    """The agent writes what Sam does, then corrects it through POST /feedback: the memory, the review item."""
    old = write(agent, scope="user/sam", subject="sam", type="fact", entity="person:sam/team", content=SAM_OLD)
    answer = agent.post("feedback", json={"memory_ids": [old["id"]], "correction": SAM_NEW,
                                          "reason": "Sam said so in today's stand-up."})
    assert answer.status_code == 201, answer.text
    assert answer.json()["review_item"] and answer.json()["actor_name"] == AGENT
    return old, answer.json()["review_item"]


def agent_rewords(agent: httpx.Client) -> tuple[dict[str, Any], dict[str, Any]]:
    """The agent writes one of Alice's preferences twice, in other words."""
    first = write(agent, scope="user/alice", subject="alice", type="preference", entity="meetings",
                  content=MEETINGS[0])
    second = write(agent, scope="user/alice", subject="alice", type="preference", content=MEETINGS[1])
    assert second["resolution"]["action"] == "pending", second
    return first, second


def agent_chains(agent: httpx.Client) -> list[dict[str, Any]]:
    """The agent writes Ben's theme three times, each contradicting the one before: one entity chain."""
    return [write(agent, scope="user/ben", subject="ben", type="preference", entity="ui:theme", content=text)
            for text in THEMES]


def resolve_chain(page: Any, width: int) -> str:
    """Keep the newest answer of the one chain card on the page (with the keyboard on a desktop): its card id."""
    chain = page.locator("article.review-item.chain")
    expect(chain).to_have_count(1)
    expect(chain.locator(".chain-step")).to_have_count(len(THEMES))
    for step, text in zip(chain.locator(".chain-step").all(), THEMES, strict=True):
        expect(step).to_contain_text(text)
        expect(step).to_contain_text(AGENT)  # who wrote each
    card_id = chain.get_attribute("id")
    if width >= 800:
        chain.focus()
        page.keyboard.press("n")
    else:
        chain.locator("button[data-key=n]").click()
    expect(page.locator(f"#{card_id}.resolved")).to_be_visible()
    return card_id


def only_theme(agent: httpx.Client) -> None:
    live = agent.get("memories", params={"scope": "user/ben", "status": "active"}).json()["results"]
    assert [m["content"] for m in live] == [THEMES[-1]]
    gone = agent.get("memories", params={"scope": "user/ben", "status": "deprecated"}).json()["results"]
    assert {m["superseded_by"] for m in gone} == {live[0]["id"]} and len(gone) == 2


def save_filter(page: Any, where: str, name: str) -> None:
    """Save the filter the page shows under ``name``; it appears as a link in the page's saved-filters box."""
    page.locator(f"#filter-name-{where}").fill(name)
    page.locator(f"#save-filter-{where}").click()
    expect(page.locator(f"#saved-filters-{where} a.saved-filter", has_text=name)).to_be_visible()


class Steps:
    """Screenshots numbered in order; every page checked for sideways scrolling and its language."""

    def __init__(self, page: Any, url: str, language: str, width: int) -> None:
        self.page, self.url, self.language, self.width, self.n = page, url, language, width, 0

    def look(self, name: str) -> None:
        self.n += 1
        scroll, inner, lang = self.page.evaluate(
            "[document.documentElement.scrollWidth, window.innerWidth, document.documentElement.lang]")
        assert scroll <= inner, (name, scroll, inner)
        assert lang == self.language, (name, lang)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = str(SCREENSHOTS / f"afternoon-{self.n:02d}-{name}-{self.language}-{self.width}.png")
        if self.width >= 800:
            self.page.screenshot(path=path, full_page=True)
            return
        # Chromium's full-page capture drops the touch emulation (key chips would show): a tall viewport instead.
        height = self.page.evaluate("document.documentElement.scrollHeight")
        self.page.set_viewport_size({"width": self.width, "height": height})
        self.page.screenshot(path=path)
        self.page.set_viewport_size(WIDTHS[self.width])

    def visit(self, path: str, name: str) -> None:
        self.page.goto(self.url + path)
        self.look(name)


def accept_the_agents_correction(page, agent, steps: Steps, width: int) -> dict:
    """An agent's correction, sent through the API, accepted from its card in the review queue; the memory it
    corrected."""
    look, visit = steps.look, steps.visit
    old, item_id = agent_corrects(agent)
    visit("/", "overview")
    visit("/review/?scope=user/sam", "correction-card")
    card = page.locator(f"#r-{item_id}")
    expect(card).to_contain_text(SAM_OLD)
    expect(card).to_contain_text(SAM_NEW)
    expect(card).to_contain_text(AGENT)  # the key's name, not key:…
    expect(card).to_contain_text("Sam said so in today's stand-up.")
    chips = card.locator("button[data-key] kbd").first
    expect(chips).to_be_hidden() if width < 800 else expect(chips).to_be_visible()  # no keyboard hints on touch
    # The proposal beside the memory it corrects: keeping the new one accepts it.
    card.locator("button[name=action][value=keep_new], button[name=action][value=accept]").first.click()
    expect(page.locator(f"#r-{item_id}.resolved")).to_be_visible()
    look("correction-accepted")
    live = agent.get("memories", params={"scope": "user/sam", "status": "active"}).json()["results"]
    assert [m["content"] for m in live] == [SAM_NEW]
    before = agent.get(f"memories/{old['id']}").json()
    assert before["status"] == "deprecated" and before["superseded_by"] == live[0]["id"]
    visit("/", "overview-after-correction")
    expect(page.locator("#live-contradictions .figure-value")).to_have_text("0")
    return old


# The whole afternoon runs in English on a desktop and in Chinese on a phone; the two other combinations
# (test_every_page_of_the_afternoon_fits) open the same pages with the same data, to keep the suite short.
@pytest.mark.parametrize(("language", "width"), [("en", 1440), ("zh-hans", 390)])
def test_an_admins_afternoon(page, served, afternoon: Afternoon, language: str, width: int) -> None:
    url = served.url
    sign_in(page, served, language)
    agent = afternoon.agent
    steps = Steps(page, url, language, width)
    look, visit = steps.look, steps.visit

    def confirmed(action: Callable[[], None]) -> str:
        """Click through a confirmation dialog; its question."""
        asked: list[str] = []

        def answer(dialog: Dialog) -> None:
            asked.append(dialog.message)
            dialog.accept()
        page.once("dialog", answer)
        action()
        page.wait_for_load_state()
        assert asked, "no confirmation was asked"
        return asked[0]

    # ---- 1. An agent's correction, sent through the API, accepted in the dashboard.
    old = accept_the_agents_correction(page, agent, steps, width)

    # ---- 2. The same preference in other words, merged from its card, and the merge undone.
    first, second = agent_rewords(agent)
    with tenant_scope(afternoon.tenant):
        pair = ReviewItem.objects.get(memory_id=second["id"], status=ReviewStatus.OPEN)
    visit("/review/?scope=user/alice", "same-wording-card")
    card = page.locator(f"#r-{pair.pk}")
    card.locator("button[data-key=m]").click()
    card.locator("textarea[name=content]").fill("Alice prefers meetings after 10 am.")
    look("merge-preview")
    card.locator(".merge-preview button[type=submit]").click()
    expect(page.locator(f"#unmerge-{pair.pk}")).to_be_visible()
    look("merged")
    [merged] = agent.get("memories", params={"scope": "user/alice", "status": "active"}).json()["results"]
    assert merged["content"] == "Alice prefers meetings after 10 am."
    page.locator(f"#unmerge-{pair.pk}").click()
    expect(page.locator(".messages")).to_be_visible()  # "Merge undone: …", after the redirect
    expect(page.locator(f"#unmerge-{pair.pk}")).to_have_count(0)
    look("merge-undone")
    visit("/review/?scope=user/alice", "merge-undone-card-open")
    expect(page.locator(f"#r-{pair.pk} button[data-key=m]")).to_be_visible()  # the question is open again
    assert agent.get(f"memories/{merged['id']}").json()["status"] == "deprecated"
    assert agent.get(f"memories/{first['id']}").json()["status"] == "active"
    assert agent.get(f"memories/{second['id']}").json()["status"] == "pending"
    with tenant_scope(afternoon.tenant):
        assert ReviewItem.objects.get(pk=pair.pk).status == ReviewStatus.OPEN

    # ---- 3. An entity chain (light → dark → purple): one card with the answers in order, resolved at once.
    agent_chains(agent)
    visit("/review/?scope=user/ben", "chain-card")
    resolve_chain(page, width)
    look("chain-resolved")
    only_theme(agent)
    with tenant_scope(afternoon.tenant):
        assert not ReviewItem.objects.filter(memory__scope__path="user/ben", status=ReviewStatus.OPEN).exists()
    visit("/", "overview-after-chain")
    expect(page.locator("#live-contradictions .figure-value")).to_have_text("0")

    # ---- 4. A saved filter: the visitors' guesses saved under a name, then opened again from the plain queue.
    visit("/review/?scope=user/visitors", "filter-to-save")
    save_filter(page, "review", SAVED[language])
    look("filter-saved")
    visit("/review/", "saved-filter-link")
    page.locator("#saved-filters-review a.saved-filter", has_text=SAVED[language]).click()
    page.wait_for_url(re.compile(r"/review/\?scope=user%2Fvisitors$"))

    # ---- 5. Reject everything a filter matches: 30 guesses, the count in the confirmation; the worker decides them
    # while the page polls the progress; then one undo opens them all again.
    look("bulk-filtered")
    expect(page.locator("#bulk-all-form")).to_contain_text(str(BULK))
    question = confirmed(lambda: page.locator("#reject-all").click())
    assert str(BULK) in question, question
    expect(page.locator(".messages")).to_contain_text(str(BULK))  # "30 items are being decided in the background"
    progress = page.locator(".bulk-progress")
    expect(progress).to_have_attribute("data-status", re.compile("^(queued|running|done)$"))  # the worker may be quick
    look("bulk-queued")
    # The page's polling sees the stack's worker finish (it decides the items in batches).
    expect(progress).to_have_attribute("data-status", "done", timeout=WORKER_TIMEOUT)
    expect(progress).to_contain_text(str(BULK))
    look("bulk-rejected")
    with tenant_scope(afternoon.tenant):
        assert not ReviewItem.objects.filter(memory__scope__path="user/visitors", status=ReviewStatus.OPEN).exists()
        assert not Memory.objects.filter(scope__path="user/visitors", status=Status.PENDING).exists()
    confirmed(lambda: progress.locator("button").click())
    expect(progress).to_have_attribute("data-status", re.compile("^(undo_queued|undoing|undone)$"))
    expect(progress).to_have_attribute("data-status", "undone", timeout=WORKER_TIMEOUT)
    look("bulk-undone")
    with tenant_scope(afternoon.tenant):
        assert ReviewItem.objects.filter(memory__scope__path="user/visitors", status=ReviewStatus.OPEN).count() == BULK

    # ---- 6. An export made now, flagged by an erasure, re-issued without the person.
    visit("/exports/", "exports")
    page.locator("#export-now").click()
    expect(page.locator("#export-jobs, #exports tbody tr").first).to_be_visible()  # queued, or made already
    jobs_done()
    page.reload()
    expect(page.locator("#exports tbody tr")).to_have_count(1)
    look("export-made")
    [export] = agent.get("exports").json()["results"]
    assert export["flagged"] is False
    with tenant_scope(afternoon.tenant):
        sam = Memory.objects.filter(subject__external_id="sam").values_list("subject_id", flat=True).first()
    visit(f"/people/{sam}/erase/", "erase")
    page.locator("#id_confirm").fill("sam")
    page.locator("#id_reference").fill("DSR-2026-25")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("#receipt .receipt-exports li")).to_have_count(1)
    look("receipt")
    visit("/exports/", "export-flagged")
    expect(page.locator("#exports-flagged")).to_be_visible()
    expect(page.locator("#exports a[download]")).to_have_count(0)
    page.locator("#exports form[action$='/reissue/'] button").click()
    expect(page.locator("#export-jobs, #exports a[download]").first).to_be_visible()  # queued, or done already
    jobs_done()  # the erasure's VACUUM (the worker runs it after a request's erasure), the re-issue
    page.reload()
    expect(page.locator("#exports-flagged")).to_have_count(0)
    expect(page.locator("#exports a[download]")).to_have_count(1)
    look("export-reissued")
    reissued = agent.get(f"exports/{export['id']}").json()
    assert reissued["flagged"] is False and reissued["sha256"] != export["sha256"]

    # ---- 7. The audit log after the erasure: every link on every page of it opens (none is a 404).
    visit("/audit/", "audit")
    visit(f"/audit/?target_type=memory&target_id={old['id']}", "audit-erased")
    expect(page.locator("table.audit .memory-gone").first).to_be_visible()
    expect(page.locator("table.audit a[href^='/memories/']")).to_have_count(0)
    checked = follow_every_link(page, url + "/audit/")
    assert any("/memories/" in link for link in checked) and any("/people/receipts/" in link for link in checked)
    assert page.csp_violations == []


@pytest.mark.parametrize(("language", "width"), [("en", 390), ("zh-hans", 1440)])
def test_every_page_of_the_afternoon_fits(page, served, afternoon: Afternoon, language: str,
                                          width: int) -> None:
    """The pages of the afternoon, with its data, in the other two combinations: no sideways scrolling, the
    chosen language, a screenshot each."""
    agent = afternoon.agent
    old, item_id = agent_corrects(agent)
    agent_rewords(agent)
    sign_in(page, served, language)
    steps = Steps(page, served.url, language, width)
    steps.visit("/", "overview")
    steps.visit("/review/?scope=user/sam", "correction-card")
    chips = page.locator(f"#r-{item_id} button[data-key] kbd").first
    expect(chips).to_be_hidden() if width < 800 else expect(chips).to_be_visible()
    steps.visit("/review/?scope=user/alice", "same-wording-card")
    page.locator("article.review-item button[data-key=m]").first.click()
    expect(page.locator(".merge-preview textarea[name=content]")).to_be_visible()
    steps.look("merge-preview")
    steps.visit("/review/?scope=user/visitors", "bulk-filtered")
    expect(page.locator("#bulk-all-form")).to_contain_text(str(BULK))
    agent_chains(agent)
    steps.visit("/review/?scope=user/ben", "chain-card")
    resolve_chain(page, width)
    steps.look("chain-resolved")
    only_theme(agent)
    steps.visit("/memories/?scope=user%2Fvisitors&status=pending", "filter-to-save")
    save_filter(page, "memories", SAVED[language])
    steps.look("filter-saved")
    steps.visit("/memories/", "saved-filter-link")
    page.locator("#saved-filters-memories a.saved-filter", has_text=SAVED[language]).click()
    page.wait_for_url(re.compile(r"/memories/\?scope=user%2Fvisitors&status=pending$"))
    expect(page.locator("#memory-results tbody.memory-row")).to_have_count(25)  # a page of the 30 guesses
    steps.look("saved-filter-reused")
    steps.visit(f"/memories/{old['id']}/", "corrected-memory")
    steps.visit(f"/agents/{afternoon.prefix}/", "agent")
    steps.visit("/feedback/", "feedback")
    steps.visit("/exports/", "exports")
    page.locator("#export-now").click()
    expect(page.locator("#export-jobs, #exports tbody tr").first).to_be_visible()  # queued, or made already
    steps.look("export-queued")
    steps.visit("/audit/", "audit")
    assert page.csp_violations == []


def follow_every_link(page, start: str) -> set[str]:
    """GET every same-site link of every page of the audit log (found through its pagination); none may be a
    404 (or any error). The links it followed."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(start))
    pages, seen_pages, links = [start], set(), set()
    while pages:
        current = pages.pop()
        if current in seen_pages:
            continue
        seen_pages.add(current)
        html = page.request.get(current).text()
        for href in re.findall(r'<a\b[^>]*\bhref="([^"#][^"]*)"', html):
            target = urljoin(current, href.replace("&amp;", "&"))
            if not target.startswith(origin) or "/logout" in target:
                continue
            if urlsplit(target).path == "/audit/" and "page=" in target:
                pages.append(target)
            links.add(target)
    for link in sorted(links):
        status = page.request.get(link).status
        assert status != 404 and status < 400, (link, status)
    return links
