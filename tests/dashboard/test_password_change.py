"""Changing one's password on the dashboard: linked from every page, in both languages; the wrong old password is
refused at its field; afterwards this browser stays signed in and the new password signs in."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tenants.models import AuditEvent
from tenants.scoping import tenant_scope

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db

URL = "/accounts/password/"


def test_every_page_links_to_it_in_both_languages(viewer_client):
    assert f'href="{URL}"' in viewer_client.get(reverse("dashboard:overview")).content.decode()
    html = viewer_client.get(URL, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert "修改密码" in html and "旧密码" in html and 'name="new_password2"' in html


def test_a_wrong_old_password_is_refused_at_its_field(viewer_client, members):
    for language, words in (("en", "Your old password was entered incorrectly"), ("zh-CN", "你的旧密码不正确")):
        response = viewer_client.post(URL, {"old_password": "not it", "new_password1": "a new passphrase",
                                            "new_password2": "a new passphrase"}, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200
        html = response.content.decode()
        field = html.split('name="old_password"', 1)[1].split("</p>", 1)[0]
        assert words in field, field
    assert Client().login(username=members["viewer"], password=PASSWORD)


def test_it_changes_the_password_and_keeps_this_browser_signed_in(viewer_client, members, alice_tenant):
    other = Client()
    assert other.login(username=members["viewer"], password=PASSWORD)
    response = viewer_client.post(URL, {"old_password": PASSWORD, "new_password1": "a new passphrase",
                                        "new_password2": "a new passphrase"})
    assert response.status_code == 303 and response["Location"] == URL
    assert "Your password was changed" in viewer_client.get(URL).content.decode()
    assert viewer_client.get(reverse("dashboard:overview")).status_code == 200
    assert other.get(reverse("dashboard:overview")).status_code == 302  # another browser is signed out
    assert Client().login(username=members["viewer"], password="a new passphrase")
    with tenant_scope(alice_tenant):
        assert AuditEvent.objects.filter(action="account.password_changed", actor=f"user:{members['viewer']}").exists()


def test_it_needs_a_sign_in(client):
    assert client.get(URL).status_code == 302
