"""Inviting members and answering invitations in a real browser, in English and Chinese, wide and narrow."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tenants.models import Membership, Role
from tenants.services import member_add, tenant_create

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.django_db(transaction=True)

OWNER, BOB, NEWCOMER = "owner@acme.test", "bob@globex.test", "new.person@example.com"
PASSWORD = "correct horse battery staple"
WIDTHS = {"wide": 1440, "narrow": 390}
LANGUAGES = {"en": "en-US", "zh": "zh-CN"}


@pytest.fixture
def tenants(transactional_db):
    acme = tenant_create(slug="acme", name="Acme Research & Development")
    member_add(tenant=acme, email=OWNER, role=Role.OWNER, password=PASSWORD)
    member_add(tenant=tenant_create(slug="globex", name="Globex"), email=BOB, role=Role.OWNER, password=PASSWORD)


@pytest.fixture
def open_page(browser, language, width):
    contexts = []

    def make():
        context = browser.new_context(viewport={"width": WIDTHS[width], "height": 900}, locale=LANGUAGES[language])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page
    yield make
    for context in contexts:
        context.close()


def look(page, name: str) -> None:
    """A screenshot to look at, and no sideways scrolling of the whole page (wide tables scroll inside)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), name


def sign_in(page, url: str, email: str, then: str = "/") -> None:
    page.goto(f"{url}/accounts/login/?next={then}")
    page.locator("#id_username").fill(email)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main button.primary").click()
    page.wait_for_url(url + then)


def invite(page, url: str, email: str, role: str = "viewer") -> str:
    page.goto(f"{url}/settings/members/")
    page.locator("#id_email").fill(email)
    page.locator("#id_role").select_option(role)
    page.locator("form:has(#id_email) button.primary").click()
    link = page.locator("#invitation-link")
    expect(link).to_have_value(re.compile(rf"^{re.escape(url)}/invitations/[A-Za-z0-9_-]{{43}}/$"))
    return link.input_value()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_it_invites_and_joins_in_the_browser(open_page, served, tenants, language, width):
    url, suffix = served.url, f"{language}-{width}"
    admin = open_page()
    sign_in(admin, url, OWNER)
    link = invite(admin, url, "New.Person@Example.com", role="reviewer")
    expect(admin.locator("#invitations")).to_contain_text(NEWCOMER)
    look(admin, f"invitation-1-members-{suffix}")

    newcomer = open_page()
    newcomer.goto(link)
    expect(newcomer.locator(".invitation code.slug")).to_have_text("acme")
    look(newcomer, f"invitation-2-new-account-{suffix}")
    newcomer.locator("#id_new_password1").fill(PASSWORD)
    newcomer.locator("#id_new_password2").fill(PASSWORD)
    newcomer.locator(".invitation button.primary").click()
    newcomer.wait_for_url(f"{url}/")
    expect(newcomer.locator(".tenant-name")).to_contain_text("(acme)")
    assert Membership.unscoped.get(user__username=NEWCOMER).role == "reviewer"

    link = invite(admin, url, BOB)
    newcomer.goto(link)
    look(newcomer, f"invitation-3-wrong-account-{suffix}")

    bob = open_page()
    bob.goto(link)
    bob.wait_for_url(re.compile(r"/accounts/login/\?next="))
    sign_in(bob, url, BOB, then=link.removeprefix(url))
    expect(bob.locator(".invitation code.slug")).to_have_text("acme")
    look(bob, f"invitation-4-answer-{suffix}")
    bob.locator(".invitation button.primary").click()
    bob.wait_for_url(f"{url}/")
    switcher = bob.locator("#tenant-switch")
    expect(switcher.locator("option:checked")).to_have_text("Acme Research & Development (acme)")
    expect(switcher.locator("option")).to_have_text(["Acme Research & Development (acme)", "Globex (globex)"])
    look(bob, f"invitation-5-switcher-{suffix}")
