"""English and Simplified Chinese: the browser's language or the switcher, and a complete, compiled catalogue."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

PO = Path(settings.BASE_DIR) / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"


def po_entries():
    """(msgctxt, msgid, msgid_plural, msgstr) of every entry but the header; enough of the format for our file."""
    entries = []
    for block in PO.read_text(encoding="utf-8").split("\n\n")[1:]:
        fields, current = {}, None
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[0\])?) (".*")$', line)
            if match:
                current = match.group(1)
                fields[current] = ast.literal_eval(match.group(2))
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if "msgid" in fields and not block.lstrip().startswith("#~"):
            entries.append((fields.get("msgctxt"), fields["msgid"], fields.get("msgid_plural"),
                            fields.get("msgstr", fields.get("msgstr[0]"))))
    return entries


def test_it_has_a_translation_for_every_message_and_the_compiled_catalogue_matches():
    entries = po_entries()
    assert len(entries) > 300
    with translation.override("zh-hans"):
        for context, msgid, plural, msgstr in entries:
            assert msgstr, f"untranslated: {msgid!r}"
            if context:
                got = (translation.npgettext(context, msgid, plural, 1) if plural
                       else translation.pgettext(context, msgid))
            else:
                got = translation.ngettext(msgid, plural, 1) if plural else translation.gettext(msgid)
            assert got == msgstr, f"django.mo is stale for {msgid!r}: run `make messages`"


def test_it_follows_the_browser_language(admin_client, acme_memories):
    html = admin_client.get(reverse("dashboard:memories"), HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9").content.decode()
    assert "记忆" in html and "审核" in html
    assert ">Overview<" not in html


def test_it_switches_language_with_the_switcher(admin_client, acme_memories):
    response = admin_client.post(reverse("set_language"), {"language": "zh-hans", "next": "/review/"})
    assert response.status_code == 302 and response["Location"] == "/review/"
    html = admin_client.get("/review/").content.decode()
    assert "审核队列" in html and "保留新的" in html
    admin_client.post(reverse("set_language"), {"language": "en", "next": "/review/"})
    assert "Review queue" in admin_client.get("/review/").content.decode()


def test_it_answers_404_in_chinese_for_another_tenants_memory(bob_member, acme_memories):
    url = reverse("dashboard:memory", args=[acme_memories["fact"].pk])
    assert bob_member.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").status_code == 404
