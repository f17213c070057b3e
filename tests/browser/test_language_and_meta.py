"""Switching language on a rule page, and what a link preview bot reads from the head."""

import pytest

pytestmark = pytest.mark.browser


def test_language_switch_keeps_the_rule(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/406.1/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator("a.lang-link[hreflang=fr]").click()
    page.wait_for_url(f"{server_url}/fr/lanternfall/rules/406.1/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator('[id="406.1.b"]').is_visible()
    page.locator("a.lang-link[hreflang=en]").click()
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/406.1/")


def test_open_graph_meta_describes_the_rule(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/2026-05-01/711/")

    def meta(name):
        locator = page.locator(f'meta[property="{name}"], meta[name="{name}"]')
        return locator.first.get_attribute("content")

    assert meta("og:title").startswith("711 ")
    assert "2026-05-01" in meta("og:title")
    assert 20 < len(meta("og:description")) <= 201
    assert meta("og:url") == f"{server_url}/en/lanternfall/rules/711/"
    assert meta("twitter:card") == "summary"
    canonical = page.locator('link[rel="canonical"]').get_attribute("href")
    assert canonical == meta("og:url")
    search = page.locator('link[rel="search"]').get_attribute("href")
    assert search == "/opensearch.xml"
