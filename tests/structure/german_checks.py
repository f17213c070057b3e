"""Run only through ``test_third_language`` (a subprocess with ``german_settings``)."""

import re

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db


def test_the_third_language_is_configured():
    assert [code for code, _name in settings.LANGUAGES] == ["en", "fr", "de"]


def test_english_and_french_glossaries_still_pair(demo_data, client):
    for lang in ("en", "fr", "de"):
        html = client.get(f"/{lang}/lanternfall/glossary/").content.decode()
        assert re.search(r'<td lang="en">Swift.*?<td lang="fr">Célérité', html, re.S), lang
        assert '<td lang="de">' not in html


def test_compare_page_shows_the_languages_that_have_documents(demo_data, client):
    response = client.get("/en/lanternfall/rules/406.1/compare/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="en-406.1.a"' in html and 'id="fr-406.1.a"' in html
    assert 'id="de-' not in html


def test_german_pages_answer(demo_data, client):
    assert client.get("/de/lanternfall/").status_code == 200
    missing = client.get("/de/lanternfall/rules/406.1/")
    assert missing.status_code == 404
    assert 'href="/en/lanternfall/rules/' in missing.content.decode()
