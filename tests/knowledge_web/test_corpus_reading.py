"""Issue 16 on the real Riftbound sources (skipped without ../shared): previews with text,
the keyword FAQ's order, card images and their CSP, no repair badges for readers."""

import re

import pytest

from rulebook.models import Card, Keyword
from rulebook.pages.knowledge import keyword_faq

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]


def test_see_rule_197_previews_the_section_opening(corpus_knowledge, client):
    html = client.get("/en/riftbound/rules/107/").content.decode()
    row = re.search(r'id="107.1.b">.*?\n</div>', html, re.S).group(0)
    assert 'data-preview="/en/riftbound/rules/197/preview/"' in row
    body = client.get("/en/riftbound/rules/197/preview/").content.decode()
    text = re.search(r'<span class="preview-text">([^<]+)</span>', body).group(1)
    path = re.search(r'<span class="preview-path">([^<]+)</span>', body).group(1)
    assert len(text) > 100 and text.strip() != path.rsplit(" › ", 1)[-1].strip()


def test_direct_reaction_question_comes_early(corpus_knowledge):
    keyword = Keyword.objects.get(
        document__game__slug="riftbound",
        document__language="en",
        name="Reaction",
        document__version="2026-07-16",
    )
    faq = keyword_faq(keyword.document.game, keyword)
    position = next(i for i, e in enumerate(faq) if e.question.startswith("I have a Reaction"))
    assert position < 10, [e.question[:50] for e in faq[:12]]


def test_card_page_image_and_csp_host(corpus_knowledge, client):
    card = Card.objects.filter(game__slug="riftbound").with_printings().first()
    image = card.image
    response = client.get(f"/en/riftbound/cards/{card.slug}/")
    html = response.content.decode()
    assert f'src="{image.image_url}"' in html
    policy = response["Content-Security-Policy"]
    img_src = next(d.strip() for d in policy.split(";") if d.strip().startswith("img-src"))
    host = re.match(r"https?://[^/]+", image.image_url).group(0)
    assert host in img_src.split() and "data:" not in policy


def test_no_repair_badges_on_public_rule_pages(corpus_knowledge, client):
    for number in ("347", "813", "103"):
        html = client.get(f"/en/riftbound/rules/{number}/").content.decode()
        assert "repair-note" not in html
