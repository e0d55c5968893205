"""The memory list at volume: page numbers (first, last, a window around the current page) and a jump to any page,
both keeping the filters; each row shows since when the memory holds (``valid_from``), not when it was stored."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from memories.write.prepare import MemoryInput

from .conftest import write

pytestmark = pytest.mark.django_db


@pytest.fixture
def many(alice_tenant, fake_embedder):
    """251 notes: eleven pages of 25."""
    write(alice_tenant, *[MemoryInput(scope="team/ops", type="note", content=f"Runbook step {i} of the deploy.")
                          for i in range(251)])


def links(html: str) -> list[str]:
    nav = html.split('class="pagination"', 1)[1].split("</nav>", 1)[0]
    return [re.sub(r"<[^>]+>", "", text).strip() for text in re.findall(r"<a [^>]*>(.*?)</a>", nav, re.S)]


def test_it_offers_the_first_the_last_and_the_pages_around_this_one(admin_client, many):
    html = admin_client.get(reverse("dashboard:memories"), {"status": "active", "page": 6}).content.decode()
    assert links(html) == ["← Previous", "1", "4", "5", "7", "8", "11", "Next →"]
    nav = html.split('class="pagination"', 1)[1].split("</nav>", 1)[0]
    assert '<span aria-current="page">6</span>' in nav and nav.count("…") == 2
    assert 'href="?status=active&amp;page=11"' in nav  # the filters stay
    # The jump: a page number field that keeps the filters too.
    assert re.search(r'<input type="number" name="page"[^>]*max="11"', nav)
    assert '<input type="hidden" name="status" value="active">' in nav
    chinese = admin_client.get(reverse("dashboard:memories"), {"page": 6}, HTTP_ACCEPT_LANGUAGE="zh-CN")
    assert "跳转" in chinese.content.decode()


def test_a_page_past_the_end_shows_the_last(admin_client, many):
    html = admin_client.get(reverse("dashboard:memories"), {"page": 99}).content.decode()
    assert '<span aria-current="page">11</span>' in html


def test_each_row_shows_since_when_the_memory_holds(admin_client, alice_tenant, fake_embedder):
    write(alice_tenant, MemoryInput(scope="user/1", type="fact", content="Moved to Lisbon.",
                                    valid_from=datetime(2024, 5, 17, 8, 30, tzinfo=UTC)))
    html = admin_client.get(reverse("dashboard:memories")).content.decode()
    assert "Valid from" in html and '<time datetime="2024-05-17T08:30:00+00:00">2024-05-17 08:30</time>' in html
