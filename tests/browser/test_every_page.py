"""Every page, in both languages: no sideways scrolling on a 390 px phone, no English left in the Chinese
pages, and a screenshot of each at phone and desktop width (test-artifacts/screenshots/pages/)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import SIGNED_OUT, page_paths
from tests.fixtures import SCREENSHOTS, choose_language, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}

# Words that are the same in a Chinese interface: names of things, formats and protocols.
SAME_IN_CHINESE = {"Mnemara", "API", "JSON", "JSONL", "MCP", "SHA", "URL", "UTC", "curl", "Python", "gzip",
                   "HTTP", "GDPR", "ID", "PostgreSQL", "Claude", "HTTPS", "Webhook"}

# Visible text and the text of attributes a person reads (placeholders, titles, labels for screen readers),
# outside elements marked translate="no" (people's data: memory content, ids, paths, names) and code.
ENGLISH_LEFT = """() => {
  const skip = el => el.closest('[translate="no"], script, style, template, code, pre, kbd, [hidden]');
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim() || skip(node.parentElement)) continue;
    found.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label], [alt]')) {
    if (skip(el)) continue;
    for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
      if (el.getAttribute(name)) found.push(el.getAttribute(name));
    }
  }
  for (const option of document.body.querySelectorAll('option')) {
    if (!skip(option)) found.push(option.textContent.trim());
  }
  return found;
}"""
LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
CODE = re.compile(r"https?://\S+|(?<!\w)/[\w./-]+")  # a URL or a path named in a sentence is code


def english_words(texts: list[str]) -> list[str]:
    return [t for t in texts for w in LATIN_WORD.findall(CODE.sub(" ", t)) if w not in SAME_IN_CHINESE and len(w) > 1]


def _visit(page, url: str) -> None:
    """Open ``url`` and wait for its load event: its stylesheet, scripts and images are in. No page here asks for
    more after it (no htmx trigger on load, no web fonts; only the review queue's bulk progress polls, with no
    bulk decision in this data), so "networkidle" only added half a second of waiting to each page."""
    response = page.goto(url, wait_until="load")
    assert response is not None and response.status in (200, 404), (url, response and response.status)


def _walk(page, served, office, language: str) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Open every page once, at phone width, in ``language``; measure it, screenshot it at phone and then at
    desktop width (the same page widened: its layout follows the viewport, so it is not loaded twice) and, in
    Chinese, collect the English left in it. Returns the pages too wide for a phone and the English found."""
    folder = SCREENSHOTS / "pages"
    folder.mkdir(parents=True, exist_ok=True)
    too_wide: dict[str, int] = {}
    left: dict[str, list[str]] = {}

    def look(name: str) -> None:
        scroll = page.evaluate("document.documentElement.scrollWidth")
        if scroll > 390:
            too_wide[name] = scroll
        page.screenshot(path=str(folder / f"{name}-{language}-phone.png"), full_page=True)
        page.set_viewport_size(DESKTOP)
        page.screenshot(path=str(folder / f"{name}-{language}-desktop.png"), full_page=True)
        if language != "en":
            words = english_words(page.evaluate(ENGLISH_LEFT))
            if words:
                left[name] = sorted(set(words))
        page.set_viewport_size(PHONE)

    paths = page_paths(office)
    sign_in(page, served, language)
    page.set_viewport_size(PHONE)
    for name, path in paths:
        if name not in SIGNED_OUT:
            _visit(page, served.url + path)
            look(name)
    page.context.clear_cookies()
    for name, path in paths:
        if name not in SIGNED_OUT:
            continue
        _visit(page, served.url + path)
        if language != "en" and name == "login":
            choose_language(page, language)
            _visit(page, served.url + path)
        if language != "en":
            expect(page.locator("html")).to_have_attribute("lang", language)
        look(name)
    return too_wide, left


def test_it_fits_every_english_page_on_a_phone_and_screenshots_it(page, served, office):
    too_wide, _ = _walk(page, served, office, "en")
    assert too_wide == {}
    assert page.csp_violations == []


def test_it_fits_every_chinese_page_on_a_phone_screenshots_it_and_leaves_no_english(page, served, office):
    """One walk for both checks of the Chinese pages (each page opened once): no sideways scrolling, and no
    English left in them."""
    too_wide, left = _walk(page, served, office, "zh-hans")
    assert too_wide == {}
    assert left == {}, json.dumps(left, ensure_ascii=False)
    assert page.csp_violations == []
