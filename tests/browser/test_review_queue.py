"""Clearing a review queue with sibling conflicts, in a real browser, in both languages: every click
changes the page where the admin acted, and afterwards the API holds one live truth per entity."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.fixtures import active_per_entity, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

NOTHING_TO_REVIEW = {"en": "Nothing to review", "zh-hans": "没有待审核的内容"}


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_clears_a_queue_with_sibling_conflicts(page, shot, served, office, language):
    before = active_per_entity(office.api)
    assert any(len(contents) > 0 for contents in before.values())
    sign_in(page, served, language)
    page.goto(f"{served.url}/review/")
    open_cards = page.locator("article.review-item[tabindex='0']")
    expect(open_cards.first).to_be_visible()
    total = int(page.locator("#count-open").inner_text())
    # Chen's theme was contradicted twice (three items): one chain card asks about it once.
    expect(page.locator("article.review-item.chain")).to_have_count(1)
    assert total == open_cards.count() + 2 and total >= 8
    shot(f"review-queue-{language}")

    decided = 0
    while open_cards.count():
        card = open_cards.first
        card_id = card.get_attribute("id")
        siblings_before = int(page.locator("#count-open").inner_text())
        card.locator("button[data-key='n'], button[data-key='a']").first.click()
        resolved = page.locator(f"#{card_id}")
        expect(resolved).to_have_class(re.compile(r"\bresolved\b"))  # the card answers in place
        expect(resolved.locator(".badge").first).to_be_visible()
        expect(page.locator("#count-open")).not_to_have_text(str(siblings_before))
        expect(page.locator("#nav-review-count")).to_have_text(page.locator("#count-open").inner_text())
        expect(page.locator(".toast.error")).to_have_count(0)
        decided += 1
        if decided == 1:
            shot(f"review-decided-{language}")
        assert decided <= total  # a decision never adds work it could have avoided

    expect(page.locator("#count-open")).to_have_text("0")
    page.reload()
    expect(page.get_by_role("heading", name=NOTHING_TO_REVIEW[language])).to_be_visible()
    page.goto(f"{served.url}/review/?tab=resolved")
    expect(page.locator("article.review-item.resolved").first).to_be_visible()
    shot(f"review-resolved-{language}")

    # What the API now says: one live truth per (scope, entity), and /context hands the agent one theme.
    after = active_per_entity(office.api)
    assert all(len(contents) == 1 for contents in after.values()), after
    assert after[("user/chen", "ui:theme")] == ["喜欢蓝色主题，不要深色。"]
    assert after[("user/ben", "ui:theme")] == ["Prefers a dark theme now."]
    context = office.api.post("context", json={"query": "主题 theme colour", "scope": "user/chen"}).json()
    themes = [office.api.get(f"memories/{i}").json() for i in context["items"]]
    assert [m["content"] for m in themes if m["entity"] == "ui:theme"] == ["喜欢蓝色主题，不要深色。"]
    assert 'conflict="unresolved"' not in context["block"]
    review = office.api.get("review").json()
    assert review["results"] == []
    assert page.csp_violations == []
