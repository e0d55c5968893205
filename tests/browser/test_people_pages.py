"""People and attributes in the browser, at desktop (1440 px) and phone (390 px) width, in both languages: the review
card of a same-slot pair says which attribute paired the two, and the person page shows the derived profile with
its history, the people their memories name, and joins another spelling as an alias. Screenshots:
test-artifacts/screenshots/."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Subject
from tenants.scoping import tenant_scope
from tests.browser.test_admin_pages import WIDTHS, fits, shot
from tests.fixtures import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

CITY = {"en": "city", "zh-hans": "居住城市"}  # the attribute in the reader's language


def write(office, *items: MemoryInput) -> None:
    with tenant_scope(office.tenant):
        for item in items:  # one at a time: each sees the ones before it
            memory_create(actor="key:support-bot", items=[item])


@pytest.fixture
def people(office):
    """A same-slot pair in each language, and Nate written about in plain text over two years."""
    at = lambda year: datetime(year, 3, 1, tzinfo=UTC)  # noqa: E731
    write(office,
          MemoryInput(scope="team/people", content="Alex lives in Paris. Alex is 34.", valid_from=at(2024)),
          MemoryInput(scope="team/people", content="Alex lives in Rome now.", valid_from=at(2025)),
          MemoryInput(scope="team/people", content="王芳住在上海。王芳今年三十岁。", valid_from=at(2024)),
          MemoryInput(scope="team/people", content="王芳现在住在杭州。", valid_from=at(2025)),
          MemoryInput(scope="user/nate", content="I live in Porto.", subject="Nate", valid_from=at(2024)),
          MemoryInput(scope="user/nate", content="I moved to Lisbon.", subject="Nate", valid_from=at(2025)),
          MemoryInput(scope="user/nate", content="My cousin Zhang Wei is 36 years old.", subject="Nate"),
          MemoryInput(scope="team/people", content="Nate works at Stripe as a data engineer.", subject="Joanna"))
    return office


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_same_slot_pair_says_which_attribute_paired_them(page, served, people, language):
    page.set_viewport_size(WIDTHS["desktop"])
    sign_in(page, served, language)
    page.goto(f"{served.url}/review/?reason=same_slot")
    for new, old in (("Alex lives in Rome now.", "Paris"), ("王芳现在住在杭州。", "上海")):
        card = page.locator("article", has_text=new).first
        expect(card).to_be_visible()
        why = card.inner_text()
        assert CITY[language] in why and old.casefold() in why.casefold(), why
        if language == "zh-hans":
            assert "another value of the same attribute" not in why, why
    fits(page)
    shot(page, f"people-review-slot-{language}-desktop")
    page.set_viewport_size(WIDTHS["phone"])
    fits(page)
    shot(page, f"people-review-slot-{language}-phone")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_person_page_shows_the_profile_its_history_and_joins_an_alias(page, served, people, language):
    with tenant_scope(people.tenant):
        nate = Subject.objects.get(external_id="Nate")
    page.set_viewport_size(WIDTHS["desktop"])
    sign_in(page, served, language)
    page.goto(f"{served.url}/people/{nate.pk}/")
    profile = page.locator("dl.profile")
    expect(profile.locator("dt").first).to_have_text(CITY[language])
    expect(profile).to_contain_text("lisbon")
    expect(profile).to_contain_text("porto")  # the older value, as history
    expect(profile).to_contain_text("stripe")  # from Joanna's memory that names Nate
    expect(page.locator("section.card", has=profile)).to_contain_text("zhang wei")
    page.locator("#id_alias").fill("Nathan")
    page.locator("form[action$='/alias/'] button[type=submit]").click()
    page.wait_for_load_state()
    expect(page.locator("section.card", has=page.locator("dl.profile"))).to_contain_text("nathan")  # case-folded
    fits(page)
    shot(page, f"people-person-{language}-desktop")
    page.set_viewport_size(WIDTHS["phone"])
    fits(page)
    shot(page, f"people-person-{language}-phone")
