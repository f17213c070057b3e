"""A visitor in Chromium: from a keyword page to a card, to a FAQ ruling, to a rule."""

import pytest

pytestmark = pytest.mark.browser


def test_keyword_to_card_to_faq_to_rule(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/keywords/ward/")
    assert page.locator('[id="714.3"]').is_visible()
    page.locator("#cards").get_by_role("link", name="Lantern Warden").click()
    page.wait_for_url(f"{server_url}/en/lanternfall/cards/lantern-warden/")
    assert page.get_by_role("heading", name="Lantern Warden").first.is_visible()
    page.locator(".faq-entry a.permalink").first.click()
    page.wait_for_url(f"{server_url}/en/lanternfall/faq/cards/lantern-warden/#ward-stacking")
    entry = page.locator('[id="ward-stacking"]')
    assert entry.is_visible()
    link = entry.locator("a.xref").first
    link.hover()
    preview = entry.locator(".xref-preview").first
    assert preview.is_visible() and preview.inner_text().startswith("714.3")
    link.click()
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/714.3/")
    assert page.locator('[id="714.3"]').is_visible()
