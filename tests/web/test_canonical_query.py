"""A page's cache key keeps only the query parameters its view reads, in one order.

``?a=1`` and ``?a=2`` used to be two pages, each rendered: a query string of junk made every
request a miss. A parameter a page reads (``?part=2``) is still its own page.
"""

import re
import uuid

import pytest

from rulebook.web import caching

pytestmark = pytest.mark.django_db

RULE = "/en/lanternfall/rules/310/"
KEYWORD = "/en/lanternfall/keywords/swift/"
COMPARISON = "/en/lanternfall/rules/changes/2026-01..2026-05-01/"


@pytest.fixture
def cold(settings):
    """An empty page cache of this test's own."""
    page_cache = {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": uuid.uuid4().hex,
    }
    settings.CACHES = {**settings.CACHES, "canonical-query": page_cache}
    settings.RULEBOOK_PAGE_CACHE = "canonical-query"


@pytest.mark.parametrize("url", [RULE, KEYWORD, COMPARISON])
def test_unknown_parameters_are_one_page(demo_data, client, cold, url):
    first = client.get(url + "?a=1")
    second = client.get(url + "?a=2")
    assert (first["X-Page-Cache"], second["X-Page-Cache"]) == ("miss", "hit")
    assert client.get(url + "?utm_source=x&b=")["X-Page-Cache"] == "hit"
    assert client.get(url)["X-Page-Cache"] == "hit"
    assert first["ETag"] == second["ETag"]


def test_a_parameter_the_page_reads_is_its_own_page(demo_data, client, cold, settings):
    settings.RULEBOOK_SECTION_PART_SIZE = 4
    one = client.get("/en/lanternfall/rules/300/?a=1")
    two = client.get("/en/lanternfall/rules/300/?part=2&a=1")
    assert (one["X-Page-Cache"], two["X-Page-Cache"]) == ("miss", "miss")
    assert one.content != two.content and 'rel="prev"' in two.content.decode()
    again = client.get("/en/lanternfall/rules/300/?a=2&part=2")
    assert again["X-Page-Cache"] == "hit" and again.content == two.content
    # A repeated parameter: the view reads the last one, and so does the key.
    assert client.get("/en/lanternfall/rules/300/?part=1&part=2")["X-Page-Cache"] == "hit"


def test_filters_of_a_comparison_are_their_own_pages(demo_data, client, cold):
    shown = client.get(COMPARISON + "?renumbered=hide")
    assert shown["X-Page-Cache"] == "miss"
    assert client.get(COMPARISON + "?renumbered=hide&x=1")["X-Page-Cache"] == "hit"
    assert client.get(COMPARISON + "?xrefs=hide&renumbered=hide")["X-Page-Cache"] == "miss"
    assert client.get(COMPARISON + "?renumbered=hide&xrefs=hide")["X-Page-Cache"] == "hit"


@pytest.mark.parametrize("url", [KEYWORD, COMPARISON])
def test_the_view_and_its_links_never_see_unknown_parameters(demo_data, client, cold, url):
    html = client.get(url + "?tracking=secret-value&notes=1").content.decode()
    switch = re.findall(r'href="(/fr/[^"]*)"', html)
    assert switch and not any("secret-value" in link for link in switch)
    assert "secret-value" not in html


def test_a_key_keeps_what_the_view_declares_it_reads():
    """The decorator on a view names what it reads; the context processors' notes too."""
    from rulebook.web.views.rules import rule_page

    reads = rule_page.page_caching.reads
    assert reads == ("part", "missing")
    assert caching.canonical_query(reads, {"z": "1", "part": "2", "notes": "1"}) == (
        "notes=1&part=2"
    )
