"""A keyword's card list in pages of at most 60 cards, like the card list, its filters kept in
every page link and the links on the keyword's own URL (issue 32, item 4). The demo gallery
gains 130 Paper Moths of our own carrying [Swift], in the test's transaction."""

from __future__ import annotations

import re
import uuid

import pytest

from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Document, Game, Keyword
from rulebook.pages import keyword_body
from rulebook.pages import knowledge as kp
from tests.moths import SWIFT_TEXT, write_moth_gallery

pytestmark = pytest.mark.django_db

SWIFT = "/en/lanternfall/keywords/swift/"
CARDS_RE = re.compile(r'<section class="keyword-cards".*?</section>', re.S)
ROW_RE = re.compile(r'<li class="card-row" lang="en"><a href="/en/lanternfall/cards/([^/]+)/"')
PAGER_RE = re.compile(r'<nav class="pager card-pager".*?</nav>', re.S)
HREF_RE = re.compile(r'<a (?:rel="\w+" )?href="([^"]*)"')


@pytest.fixture
def swift_moths(demo_data, demo_dir, tmp_path):
    """The demo with 130 more cards carrying [Swift]; the number of cards Swift's page lists."""
    path = write_moth_gallery(demo_dir, tmp_path, ability=SWIFT_TEXT)
    run_ingest([path], IngestOptions(game="lanternfall"))
    game = Game.objects.get(slug="lanternfall")
    swift = Keyword.objects.in_document(Document.objects.newest_rules(game, "en")).get(slug="swift")
    return len(kp.keyword_page(game, swift).cards)


def card_section(client, query: str = "", path: str = SWIFT) -> tuple[list[str], str]:
    response = client.get(path + query)
    assert response.status_code == 200
    section = CARDS_RE.search(response.content.decode()).group(0)
    pager = PAGER_RE.search(section)
    return ROW_RE.findall(section), pager.group(0) if pager else ""


def test_sixty_cards_a_page_on_the_keyword_page(swift_moths, client):
    assert 121 <= swift_moths <= 180  # three pages
    first, pager = card_section(client)
    assert len(first) == 60 and "Page 1 of 3" in pager
    assert 'rel="prev"' not in pager and '<a rel="next" href="?page=2#cards">' in pager
    assert '<span aria-current="page">1</span>' in pager
    second, pager = card_section(client, "?page=2")
    assert len(second) == 60 and not set(first) & set(second)
    assert (
        '<a rel="prev" href="./#cards">' in pager and '<a rel="next" href="?page=3#cards">' in pager
    )
    third, pager = card_section(client, "?page=3")
    assert len(third) == swift_moths - 120 and 'rel="next"' not in pager
    assert len(set(first + second + third)) == swift_moths


def test_page_links_stay_on_the_keyword_page_and_follow_without_javascript(swift_moths, client):
    """Every page link is relative to the keyword's URL, and following them (as a browser
    without JavaScript would) walks every page once."""
    seen, query, pages = [], "", 0
    while query is not None:
        shown, pager = card_section(client, query)
        seen += shown
        pages += 1
        hrefs = HREF_RE.findall(pager)
        assert hrefs and all(h.startswith(("?", "./")) and h.endswith("#cards") for h in hrefs)
        nexts = re.findall(r'<a rel="next" href="([^"#]*)#cards">', pager)
        query = nexts[0].replace("&amp;", "&") if nexts else None
        if query == "./":
            query = ""
    assert pages == 3 and sorted(seen) == sorted(set(seen)) and len(seen) == swift_moths


def test_page_links_keep_the_filters(swift_moths, client):
    cobalt, pager = card_section(client, "?domain=Cobalt")
    assert 40 <= len(cobalt) <= 60 and not pager  # 43 Cobalt moths and the demo's: one page
    amber, pager = card_section(client, "?domain=Amber")
    assert len(amber) == 60 and "Page 1 of 2" in pager
    assert '<a rel="next" href="?domain=Amber&amp;page=2#cards">' in pager
    rest, pager = card_section(client, "?domain=Amber&page=2")
    assert '<a rel="prev" href="?domain=Amber#cards">' in pager
    amber_moths = {f"paper-moth-{n:03d}" for n in range(1, 131) if n % 3}
    assert amber_moths <= set(amber + rest) and len(set(amber + rest)) == len(amber + rest)
    assert not amber_moths & set(cobalt)


def test_a_lower_page_size_pages_the_demo_keyword(demo_data, client, monkeypatch, settings):
    """The demo's own Swift cards, two a page: the size is the module's constant. A page cache
    of the test's own, so no page kept at the real size answers."""
    location = {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": uuid.uuid4().hex,
    }
    settings.CACHES = {**settings.CACHES, "keyword-paging": location}
    settings.RULEBOOK_PAGE_CACHE = "keyword-paging"
    monkeypatch.setattr(keyword_body, "CARDS_PER_PAGE", 2)
    first, pager = card_section(client, "?page=1")
    assert len(first) == 2 and '<a rel="next" href="?page=2#cards">' in pager
    second, _pager = card_section(client, "?page=2")
    assert len(second) == 2 and not set(first) & set(second)


def test_odd_page_numbers_still_answer(swift_moths, client):
    for query in ("?page=9", "?page=abc", "?page=-1", "?page=99999999999"):
        shown, pager = card_section(client, query)
        assert shown and "Page " in pager, query
