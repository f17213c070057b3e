"""Rule previews in Chromium: hover, keyboard focus and tap show the rule's text."""

import pytest

pytestmark = pytest.mark.browser

OPENING = "A keyword is a word in square brackets"


def test_hovering_a_heading_link_shows_its_section_opening(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/132/")
    rule = page.locator('[id="132.2"]')
    link = rule.locator('a.xref[data-target="700"]')
    link.hover()
    preview = rule.locator(".xref-preview").first
    preview.locator(".preview-text").wait_for()
    assert preview.is_visible()
    assert OPENING in preview.inner_text() and "Keywords" in preview.inner_text()


def test_keyboard_focus_shows_the_preview_too(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/132/")
    link = page.locator('[id="132.2"] a.xref[data-target="700"]')
    link.focus()
    preview = page.locator('[id="132.2"] .xref-preview').first
    preview.locator(".preview-text").wait_for()
    assert preview.is_visible() and OPENING in preview.inner_text()
    assert link.get_attribute("aria-describedby") == preview.get_attribute("id")


def test_faq_rule_number_previews_its_text(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/faq/mechanics/swift/")
    link = page.locator('a.rule-ref[data-target="711.2"]').first
    link.hover()
    text = link.locator("xpath=following-sibling::span[1]").locator(".preview-text")
    text.wait_for()
    assert "opponent" in text.inner_text()


def test_a_tap_opens_the_preview_before_following_the_link(server_url, browser):
    context = browser.new_context(
        has_touch=True, is_mobile=True, viewport={"width": 390, "height": 800}
    )
    page = context.new_page()
    page.goto(f"{server_url}/en/lanternfall/rules/132/")
    link = page.locator('[id="132.2"] a.xref[data-target="700"]')
    link.tap()
    preview = page.locator('[id="132.2"] .xref-preview').first
    preview.locator(".preview-text").wait_for()
    assert preview.is_visible() and page.url.endswith("/rules/132/")
    link.tap()
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/700/")
    context.close()
