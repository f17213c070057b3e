"""Rule previews with text: the fragment endpoint, its cache headers, and the links using it."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_heading_preview_shows_its_section_opening(demo_data, client):
    response = client.get("/en/lanternfall/rules/700/preview/")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    body = response.content.decode()
    assert '<strong class="preview-number">700</strong>' in body
    assert '<span class="preview-path">Keywords</span>' in body
    assert '<span class="preview-text">A keyword is a word in square brackets' in body
    assert len(re.sub(r"<[^>]+>", "", body)) < 420


def test_rule_preview_has_heading_path_and_its_own_text(demo_data, client):
    body = client.get("/en/lanternfall/rules/304.2/preview/").content.decode()
    assert "304.2" in body and "The Chain" in body and "respond" in body


def test_french_preview_and_pinned_version(demo_data, client):
    body = client.get("/fr/lanternfall/rules/700/preview/").content.decode()
    assert "Mots-clés" in body and "Un mot-clé est un mot entre crochets" in body
    pinned = client.get("/en/lanternfall/rules/2026-01/101/preview/")
    assert pinned.status_code == 200


def test_preview_revalidates_with_its_etag(demo_data, client):
    first = client.get("/en/lanternfall/rules/700/preview/")
    assert first["ETag"] and "max-age" in first["Cache-Control"]
    again = client.get("/en/lanternfall/rules/700/preview/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_unknown_rule_or_game_is_404(demo_data, client):
    assert client.get("/en/lanternfall/rules/999.9/preview/").status_code == 404
    assert client.get("/en/nogame/rules/700/preview/").status_code == 404


def test_rule_links_and_faq_rule_numbers_carry_the_preview_url(demo_data, client):
    html = client.get("/en/lanternfall/rules/132/").content.decode()
    assert 'data-preview="/en/lanternfall/rules/700/preview/"' in html
    assert "preview.js" in html
    faq = client.get("/en/lanternfall/faq/mechanics/swift/").content.decode()
    assert 'href="/en/lanternfall/rules/711.2/" data-target="711.2" data-preview=' in faq
    assert 'data-preview="/en/lanternfall/rules/711.2/preview/"' in faq
    keyword = client.get("/en/lanternfall/keywords/swift/").content.decode()
    assert "data-preview=" in keyword
