"""Keyword pages: the ingest writes out their content, and a cold page reads that one copy.

No timing here: ``benchmarks/first_hits.py`` measures cold keyword pages.
"""

import uuid

import pytest

from rulebook.models import Keyword, Precomputed, rendered
from rulebook.pages import keyword_body

pytestmark = pytest.mark.django_db

SWIFT = "/en/lanternfall/keywords/swift/"


@pytest.fixture
def cold(settings):
    """An empty page cache of this test's own: every request below builds its page."""
    page_cache = {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": uuid.uuid4().hex,  # locmem caches of one location share their entries
    }
    settings.CACHES = {**settings.CACHES, "cold-keywords": page_cache}
    settings.RULEBOOK_PAGE_CACHE = "cold-keywords"


def _pages():
    keywords = Keyword.objects.filter(document__game__slug="lanternfall")
    return sorted(
        f"/{language}/lanternfall/keywords/{slug}/"
        for language, slug in keywords.values_list("document__language", "slug").distinct()
    )


def _plant(language="en", slug="swift"):
    key = rendered.rendered_key(keyword_body.KEYWORD_PAGES, ("lanternfall",), f"{language}:{slug}")
    row = Precomputed.objects.get(key=key)
    row.payload = rendered.pack('<p id="planted">written at ingest</p>')
    row.save()


def test_every_keyword_page_is_written_out_at_ingest(demo_data):
    pages = _pages()
    assert len(pages) > 4 and any(page.startswith("/fr/") for page in pages)
    for page in pages:
        language, _game, _k, slug = page.strip("/").split("/")
        found = rendered.read(keyword_body.KEYWORD_PAGES, ("lanternfall",), f"{language}:{slug}")
        assert found is not None, page


def test_a_cold_keyword_page_reads_its_stored_content(demo_data, client, cold):
    _plant()
    response = client.get(SWIFT)
    assert response["X-Page-Cache"] == "miss"
    assert '<p id="planted">written at ingest</p>' in response.content.decode()


def test_a_cold_keyword_page_asks_few_queries(
    demo_data, client, cold, django_assert_max_num_queries
):
    with django_assert_max_num_queries(9):
        response = client.get(SWIFT)
    assert response["X-Page-Cache"] == "miss" and b"swift" in response.content.lower()


def test_stored_keyword_pages_are_the_pages_written_on_request(demo_data, client, cold, settings):
    pages = _pages()
    stored = [client.get(page).content for page in pages]
    assert all(keyword_body.ORIGIN.encode() not in html for html in stored)
    assert all(b'data-copy="http://testserver/' in html for html in stored if b"data-copy" in html)
    settings.RULEBOOK_PAGE_FORMAT = "written-now"  # nothing stored for it
    assert [client.get(page).content for page in pages] == stored


@pytest.mark.parametrize("query", ["?name=", "?type=Rite", "?notes=1"])
def test_filters_and_source_notes_write_the_content_on_request(demo_data, client, cold, query):
    _plant()
    html = client.get(SWIFT + query).content.decode()
    assert 'id="planted"' not in html and "<h1>" in html


@pytest.mark.corpus
def test_stored_riftbound_keyword_pages_are_the_pages_written_on_request(
    corpus_knowledge, client, cold, settings
):
    keywords = Keyword.objects.filter(document__game__slug="riftbound")
    newest = {
        language: keywords.filter(document__language=language).order_by("-document__version")
        for language in ("en", "fr")
    }
    pages = [
        f"/{language}/riftbound/keywords/{slug}/"
        for language, found in newest.items()
        for slug in found.filter(document=found.first().document).values_list("slug", flat=True)
    ]
    assert len(pages) > 40
    stored = [client.get(page).content for page in pages]
    settings.RULEBOOK_PAGE_FORMAT = "written-now"
    assert [client.get(page).content for page in pages] == stored
