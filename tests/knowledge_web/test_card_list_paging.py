"""The card list in pages of at most 60 cards, its filters kept in every page link (issue 32,
item 1). The demo gallery gains 130 cards of our own in the test's transaction."""

from __future__ import annotations

import re

import pytest

from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Card
from tests.moths import write_moth_gallery

pytestmark = pytest.mark.django_db

ROW_RE = re.compile(r'<li class="card-row" lang="en"><a href="/en/lanternfall/cards/([^/]+)/"')
PAGER_RE = re.compile(r'<nav class="pager card-pager".*?</nav>', re.S)


@pytest.fixture
def big_gallery(demo_data, demo_dir, tmp_path):
    run_ingest([write_moth_gallery(demo_dir, tmp_path)], IngestOptions(game="lanternfall"))
    return Card.objects.filter(game__slug="lanternfall").count()


def rows(client, query: str = "") -> tuple[list[str], str]:
    response = client.get(f"/en/lanternfall/cards/{query}")
    assert response.status_code == 200
    html = response.content.decode()
    pager = PAGER_RE.search(html)
    return ROW_RE.findall(html), pager.group(0) if pager else ""


def test_sixty_cards_a_page_with_page_links(big_gallery, client):
    assert 121 <= big_gallery <= 180  # three pages
    first, pager = rows(client)
    assert len(first) == 60 and "Page 1 of 3" in pager
    assert 'rel="prev"' not in pager and '<a rel="next" href="?page=2">' in pager
    assert '<span aria-current="page">1</span>' in pager and '<a href="?page=3">3</a>' in pager
    second, pager = rows(client, "?page=2")
    assert len(second) == 60 and not set(first) & set(second)
    assert '<a rel="prev" href="./">' in pager and '<a rel="next" href="?page=3">' in pager
    third, _pager = rows(client, "?page=3")
    assert len(third) == big_gallery - 120
    assert len(set(first + second + third)) == big_gallery


def test_page_links_keep_the_filters(big_gallery, client):
    cards = Card.objects.filter(game__slug="lanternfall")
    wanted = [c for c in cards if "Amber" in c.domains and "Warden" in c.card_types]
    shown, pager = rows(client, "?domain=Amber&type=Warden")
    assert len(shown) == 60 and "Page 1 of 2" in pager
    assert '<a rel="next" href="?type=Warden&amp;domain=Amber&amp;page=2">' in pager
    rest, pager = rows(client, "?type=Warden&domain=Amber&page=2")
    assert '<a rel="prev" href="?type=Warden&amp;domain=Amber">' in pager
    assert sorted(shown + rest) == sorted(card.slug for card in wanted)


def test_old_and_odd_page_numbers_still_answer(big_gallery, client):
    """Links made when a page held 100 cards stay valid; nonsense falls back to a page."""
    for query in ("?page=2", "?page=9", "?page=abc", "?page=-1", "?page=99999999999"):
        shown, _pager = rows(client, query)
        assert shown, query
    assert client.get("/en/lanternfall/cards/?page=99").status_code == 200


def test_a_list_that_fits_one_page_has_no_pager(demo_data, client):
    shown, pager = rows(client)
    assert len(shown) == Card.objects.filter(game__slug="lanternfall").count() and not pager
