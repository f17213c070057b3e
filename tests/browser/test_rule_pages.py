"""A visitor in Chromium: read a rule, follow a cross-reference, follow a short link."""

import pytest

pytestmark = pytest.mark.browser


def test_follow_cross_reference_then_short_link(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/124/")
    rule = page.locator('[id="124.1"]')
    assert rule.is_visible()
    link = rule.locator("a.xref").first
    link.hover()
    preview = rule.locator(".xref-preview").first
    assert preview.is_visible() and preview.inner_text().startswith("711")
    link.click()
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/711/")
    assert page.locator('[id="711.1"]').is_visible()

    page.goto(f"{server_url}/r/132.1b2a")
    assert page.url == f"{server_url}/en/lanternfall/rules/132.1.b.2.a/"
    assert page.locator('[id="132.1.b.2.a"]').is_visible()


def test_rule_page_fits_a_phone(server_url, browser):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server_url}/en/lanternfall/rules/310/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    assert page.locator('[id="311"]').is_visible()
    context.close()


def test_pages_work_without_javascript(server_url, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server_url}/en/lanternfall/rules/")
    page.locator('a[href="/en/lanternfall/rules/310/"]').click()
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/310/")
    assert page.locator('[id="316"]').is_visible()
    context.close()
