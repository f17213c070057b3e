"""Searching from the home page in Chromium, and landing on a highlighted result."""

import pytest

pytestmark = pytest.mark.browser


def test_search_from_home_lands_on_a_highlighted_result(server_url, page):
    page.goto(f"{server_url}/en/")
    page.fill("#home-q", "dim lit embers")
    page.press("#home-q", "Enter")
    page.wait_for_url(f"{server_url}/en/search/?q=dim+lit+embers")
    first = page.locator(".search-hit").first
    marks = first.locator(".search-snippet mark")
    assert marks.count() >= 2 and marks.first.is_visible()
    assert marks.first.evaluate("el => getComputedStyle(el).backgroundColor") != "rgba(0, 0, 0, 0)"
    number = first.locator(".rule-number").inner_text()
    first.locator(".search-hit-title a").click()
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/{number}/")
    assert page.locator(f'[id="{number}"]').is_visible()


def test_number_query_jumps_straight_to_the_rule(server_url, page):
    page.goto(f"{server_url}/en/")
    page.fill("#home-q", "rule 132.1b2a")
    page.press("#home-q", "Enter")
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/132.1.b.2.a/")
    assert page.locator('[id="132.1.b.2.a"]').is_visible()
