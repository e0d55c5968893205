"""Every htmx request that fails shows it where the admin acted: a form comes back with its errors (400),
a stale edit shows the newer version beside the admin's text (409), anything else is a toast in the
admin's language (403, 404, 413, 429, 5xx, no network). One test per failure kind, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from memories.models import Memory
from tenants.models import Membership, Role
from tenants.scoping import tenant_scope
from tenants.services import member_add, member_role_change
from tests.browser.conftest import MAX_REQUEST_BYTES
from tests.fixtures import ADMIN_PASSWORD, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

ALLERGY = "Dana is allergic to peanuts."
ON_FIRE = "Dana is allergic to cashews."
TOASTS = {
    "403": {"en": "Your role does not allow this.", "zh-hans": "你的角色不允许此操作"},
    "404": {"en": "This is no longer there", "zh-hans": "已不存在"},
    "413": {"en": "That is too much to send at once.", "zh-hans": "一次发送的内容太多"},
    "429": {"en": "The server is limiting how often", "zh-hans": "服务器正在限制"},
    "500": {"en": "Something went wrong on the server.", "zh-hans": "服务器出错了"},
    "network": {"en": "The server could not be reached.", "zh-hans": "无法连接到服务器"},
}


def memory(office, content=ALLERGY) -> Memory:
    with tenant_scope(office.tenant):
        return Memory.objects.get(content=content, status="active")


def open_edit(page, served, m: Memory) -> None:
    page.goto(f"{served.url}/memories/{m.pk}/")
    page.locator("#edit-button").click()
    expect(page.locator("#id_content")).to_be_visible()


def save(page) -> None:
    page.locator("#memory-card button[type=submit]").click()


def expect_toast(page, kind: str, language: str) -> None:
    toast = page.locator(".toast.error")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text(TOASTS[kind][language])
    expect(page.locator("#id_content")).to_be_visible()  # the admin's text is still there to retry


def test_it_shows_a_400_as_the_form_with_its_errors(page, shot, served, office):
    sign_in(page, served)
    open_edit(page, served, memory(office))
    page.locator("#id_content").fill("   ")
    page.locator("#id_confidence").fill("2")
    save(page)
    expect(page.locator("#memory-card .has-error")).to_have_count(2)
    expect(page.locator("#memory-card small.error").first).to_be_visible()
    expect(page.locator(".toast")).to_have_count(0)
    shot("error-400-form-en")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_shows_the_newer_version_beside_the_admins_text_on_a_stale_edit(page, shot, served, office,
                                                                             language):
    m = memory(office)
    sign_in(page, served, language)
    open_edit(page, served, m)
    newer = "Dana is allergic to tree nuts, not peanuts."
    office.api.patch(f"memories/{m.pk}", json={"content": newer}, headers={"If-Match": '"1"'}).raise_for_status()
    mine = "Dana is allergic to peanuts and sesame."
    page.locator("#id_content").fill(mine)
    save(page)
    expect(page.locator("#stale-warning")).to_be_visible()
    expect(page.locator("#current-content")).to_have_text(newer)
    expect(page.locator("#id_content")).to_have_value(mine)
    shot(f"error-409-stale-{language}")
    page.locator("#id_content").fill("Dana is allergic to tree nuts and sesame.")
    save(page)
    expect(page.locator("#memory-content")).to_have_text("Dana is allergic to tree nuts and sesame.")
    assert office.api.get(f"memories/{m.pk}").json()["version"] == 3


def test_it_shows_a_duplicate_as_a_409_in_the_form(page, served, office):
    sign_in(page, served)
    open_edit(page, served, memory(office))
    page.locator("#id_content").fill("Dana probably manages the Berlin office.")  # live in the same scope
    save(page)
    expect(page.locator("#memory-card .errors")).to_contain_text("Another live memory in this scope")
    expect(page.locator("#id_content")).to_have_value("Dana probably manages the Berlin office.")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_toasts_a_403_when_the_role_was_lowered_meanwhile(page, shot, served, office, language):
    member_add(tenant=office.tenant, email="rita@acme.test", role=Role.REVIEWER, password=ADMIN_PASSWORD)
    page.goto(f"{served.url}/accounts/login/")
    page.locator("#id_username").fill("rita@acme.test")
    page.locator("#id_password").fill(ADMIN_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{served.url}/")
    if language != "en":
        page.locator("button[name=language][value='zh-hans']").click()
    open_edit(page, served, memory(office))
    with tenant_scope(office.tenant):
        rita = Membership.objects.get(user__username="rita@acme.test")
        member_role_change(tenant=office.tenant, membership_id=rita.pk, role=Role.VIEWER, actor="user:admin")
    save(page)
    expect_toast(page, "403", language)
    shot(f"error-403-{language}")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_toasts_a_404_when_the_memory_was_deleted_meanwhile(page, served, office, language):
    m = memory(office)
    sign_in(page, served, language)
    open_edit(page, served, m)
    office.api.delete(f"memories/{m.pk}").raise_for_status()
    save(page)
    expect_toast(page, "404", language)


def test_it_toasts_a_413_when_the_text_is_too_large(page, served, office):
    sign_in(page, served)
    open_edit(page, served, memory(office))
    page.locator("#id_content").evaluate("el => el.removeAttribute('maxlength')")
    page.locator("#id_content").fill("peanuts " * (MAX_REQUEST_BYTES // 8 + 100))  # over the stack's limit
    save(page)
    expect_toast(page, "413", "en")


def test_it_toasts_a_429_from_something_in_between(page, served, office):
    sign_in(page, served, "zh-hans")
    open_edit(page, served, memory(office))
    page.route("**/edit/", lambda route: route.fulfill(status=429, body="Too Many Requests")
               if route.request.method == "POST" else route.continue_())
    save(page)
    expect_toast(page, "429", "zh-hans")


@pytest.fixture
def disk_on_fire(transactional_db):
    """The database refuses to store one text (a trigger raises), until the test ends: the server's write of
    it fails as a disk on fire would make it."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("CREATE FUNCTION browser_test_disk_on_fire() RETURNS trigger LANGUAGE plpgsql AS "
                       "$$ BEGIN RAISE EXCEPTION 'the disk is on fire'; END $$")
        cursor.execute("CREATE TRIGGER browser_test_disk_on_fire BEFORE INSERT OR UPDATE ON memories_memory "
                       "FOR EACH ROW WHEN (NEW.content = %s) EXECUTE FUNCTION browser_test_disk_on_fire()",
                       [ON_FIRE])
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DROP TRIGGER browser_test_disk_on_fire ON memories_memory")
            cursor.execute("DROP FUNCTION browser_test_disk_on_fire()")


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_toasts_a_500_of_the_server(page, shot, served, office, disk_on_fire, language):
    sign_in(page, served, language)
    open_edit(page, served, memory(office))
    page.locator("#id_content").fill(ON_FIRE)
    save(page)
    expect_toast(page, "500", language)
    shot(f"error-500-{language}")


def test_it_toasts_a_502_of_a_proxy(page, served, office):
    sign_in(page, served)
    page.goto(f"{served.url}/memories/")
    page.route("**/memories/?*", lambda route: route.fulfill(status=502, body="<html>Bad gateway</html>"))
    page.locator("#id_q").fill("peanuts")
    page.locator("#id_q").press("Enter")
    expect(page.locator(".toast.error")).to_contain_text(TOASTS["500"]["en"])


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_toasts_a_network_error(page, shot, served, office, language):
    sign_in(page, served, language)
    open_edit(page, served, memory(office))
    page.route("**/edit/", lambda route: route.abort("internetdisconnected")
               if route.request.method == "POST" else route.continue_())
    save(page)
    expect_toast(page, "network", language)
    expect(page.locator("html.is-loading")).to_have_count(0)  # the loading bar stops
    shot(f"error-network-{language}")


def test_it_shows_a_decision_someone_else_made_first_in_the_card(page, served, office):
    sign_in(page, served)
    page.goto(f"{served.url}/review/?kind=pending")
    card = page.locator("article.review-item[tabindex='0']").first
    item_id = card.get_attribute("id")[2:]
    office.api.post(f"review/{item_id}/resolve", json={"action": "reject"}).raise_for_status()
    card.locator("button[data-key='a']").click()
    expect(page.locator(f"#r-{item_id} .message.error")).to_contain_text("This review item is already resolved.")
    expect(page.locator(".toast.error")).to_have_count(0)


def test_it_shows_that_a_request_is_under_way(page, served, office):
    sign_in(page, served)
    page.goto(f"{served.url}/review/?kind=pending")
    released = []

    def slow(route):
        page.wait_for_timeout(800)
        released.append(route.request.url)
        route.continue_()

    page.route("**/resolve/", slow)
    card = page.locator("article.review-item[tabindex='0']").first
    card.locator("button[data-key='a']").click()
    expect(page.locator("html.is-loading")).to_have_count(1)  # the bar at the top runs
    expect(card.locator("button.busy")).to_have_count(1)  # the pressed button spins, the others wait
    expect(page.locator("html.is-loading")).to_have_count(0)
    expect(page.locator("article.review-item.resolved").first).to_be_visible()
    assert released
