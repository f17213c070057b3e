"""Card images: on card pages and in card lists, and the CSP allowing exactly their origins."""

import json
import re

import pytest
from django.utils.html import escape

from ingest.knowledge.cards import image_origin
from rulebook.models import Card, KnowledgeSource
from rulebook.web.middleware import with_image_hosts

pytestmark = pytest.mark.django_db


def img_src(policy: str) -> str:
    return next(d.strip() for d in policy.split(";") if d.strip().startswith("img-src"))


def test_card_page_shows_the_data_image_with_the_card_name_as_alt(demo_data, demo_dir, client):
    """The alt is the card's name: the gallery's own alt repeats the whole card text, which a
    failed image used to spill down the page one word per line."""
    raw = (demo_dir / "lanternfall/cards/card-gallery_2026-05-01.json").read_text()
    card = Card.objects.filter(game__slug="lanternfall").exclude(printings=None).first()
    printing = card.image
    response = client.get(f"/en/lanternfall/cards/{card.slug}/")
    html = response.content.decode()
    img = re.search(r'<img class="card-image"[^>]*>', html).group(0)
    assert f'src="{printing.image_url}"' in img and 'loading="lazy"' in img
    assert 'decoding="async"' in img and 'width="300" height="419"' in img
    assert f'alt="{escape(card.name)}"' in img
    assert json.dumps(printing.image_url) in raw


def test_csp_allows_self_and_the_ingested_image_host_only(demo_data, client):
    response = client.get("/en/lanternfall/cards/")
    # Exactly 'self' and the hosts recorded at ingest (the corpus adds its own when a test of
    # this session loaded it): nothing hard-coded, nothing else.
    hosts = img_src(response["Content-Security-Policy"]).split()
    assert hosts[:2] == ["img-src", "'self'"] and "https://example.org" in hosts
    assert hosts[2:] == KnowledgeSource.objects.image_hosts()
    assert "data:" not in response["Content-Security-Policy"]
    assert "style-src 'self'" in response["Content-Security-Policy"]


def test_image_hosts_are_recorded_at_ingest(demo_data):
    source = KnowledgeSource.objects.get(game__slug="lanternfall", kind="cards")
    assert source.report["image_hosts"] == ["https://example.org"]


def test_keyword_card_list_has_thumbnails(demo_data, client):
    html = client.get("/en/lanternfall/keywords/swift/").content.decode()
    thumbs = re.findall(r'<img class="card-thumb"[^>]*>', html)
    assert thumbs and all('loading="lazy"' in t and 'alt="' in t for t in thumbs)


@pytest.mark.parametrize(
    "url, origin",
    [
        ("https://cdn.example.com/a.png", "https://cdn.example.com"),
        ("https://EXAMPLE.org:8080/x.webp", "https://example.org:8080"),
        ("http://example.org/x.webp", None),  # only https origins enter the CSP
        ("javascript:alert(1)", None),
        ("data:image/png;base64,AAAA", None),
        ("//example.org/a.png", None),
        ("/static/a.png", None),
        ('https://example.org/a.png" onerror="x', None),
        ("", None),
    ],
)
def test_only_http_images_count(url, origin):
    assert image_origin(url) == origin


def test_policy_without_hosts_stays_self_only(db):
    policy = "default-src 'self'; img-src 'self'; style-src 'self'"
    if KnowledgeSource.objects.filter(kind="cards").exists():
        assert "img-src 'self' https://" in with_image_hosts(policy)
    else:
        assert with_image_hosts(policy) == policy


def test_card_names_in_faq_answers_preview_the_card(demo_data, client):
    html = client.get("/en/lanternfall/faq/mechanics/swift/").content.decode()
    assert (
        'href="/en/lanternfall/cards/quickstep-courier/" '
        'data-preview="/en/lanternfall/cards/quickstep-courier/preview/"' in html
    )
    fragment = client.get("/en/lanternfall/cards/quickstep-courier/preview/")
    body = fragment.content.decode()
    card = Card.objects.get(game__slug="lanternfall", slug="quickstep-courier")
    assert fragment["ETag"] and f'src="{card.image.image_url}"' in body
    assert "Quickstep Courier" in body and 'class="preview-text"' in body
    assert client.get("/en/lanternfall/cards/nope/preview/").status_code == 404


def test_symbols_in_card_text_are_labelled_inline_svg_without_styles(demo_data, client):
    card = next(
        c
        for c in Card.objects.filter(game__slug="lanternfall")
        if ":rb_energy_2:" in c.ability_text
    )
    html = client.get(f"/en/lanternfall/cards/{card.slug}/").content.decode()
    assert '<span class="icon icon-energy" role="img" aria-label="2 Energy"><svg' in html
    assert 'aria-hidden="true"' in html and " style=" not in html
