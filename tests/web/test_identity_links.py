"""Links to another version or language follow the rule, not its number (issue 14, item 1)."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _key(html):
    return re.search(r'<article class="rules" data-rule="([^"]+)"', html).group(1)


def test_pinned_history_link_is_that_rules_history(demo_data, client):
    html = client.get("/en/lanternfall/rules/2026-01/509/").content.decode()
    assert 'href="/en/lanternfall/rules/2026-01/509/history/"' in html
    history = client.get("/en/lanternfall/rules/2026-01/509/history/").content.decode()
    assert 'href="/en/lanternfall/rules/2026-05-01/711/"' in history


def test_version_switcher_names_the_number_in_each_version(demo_data, client):
    html = client.get("/en/lanternfall/rules/711/").content.decode()
    assert re.search(r'href="/en/lanternfall/rules/2026-01/509/"[^>]*>2026-01: 509[ <]', html)
    back = client.get("/en/lanternfall/rules/2026-01/509/").content.decode()
    assert re.search(r'href="/en/lanternfall/rules/2026-05-01/711/"[^>]*>2026-05-01: 711', back)


def test_same_rule_has_the_same_identity_in_every_version_and_language(demo_data, client):
    today = _key(client.get("/en/lanternfall/rules/711/").content.decode())
    then = _key(client.get("/en/lanternfall/rules/2026-01/509/").content.decode())
    french = _key(client.get("/fr/lanternfall/rules/711/").content.decode())
    assert today == then == french == "2026-01/509"


def test_rule_without_counterpart_offers_the_nearest(demo_data, client):
    html = client.get("/en/lanternfall/rules/705.1/").content.decode()
    assert "this rule does not exist in that version" in html
    assert 'href="/en/lanternfall/rules/2026-01/500/"' in html  # the chapter, then 500
    assert 'href="/en/lanternfall/rules/2026-01/705.1/"' not in html


def test_pinned_compare_never_pairs_another_versions_rule(demo_data, client):
    response = client.get("/en/lanternfall/rules/2026-01/509/compare/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "There is no French text of version 2026-01." in html
    assert 'href="/en/lanternfall/rules/711/compare/"' in html
    assert "Célérité" not in html  # the French 711 is not put beside the English 509


def test_pinned_compare_of_a_missing_version_is_404(demo_data, client):
    assert client.get("/en/lanternfall/rules/1999-01/711/compare/").status_code == 404


@pytest.mark.corpus
def test_corpus_pinned_739_links_its_own_history_and_compare(corpus_data, client):
    html = client.get("/en/riftbound/rules/2025-12-01/739/").content.decode()
    assert 'href="/en/riftbound/rules/2025-12-01/739/history/"' in html
    compare = client.get("/en/riftbound/rules/2025-12-01/739/compare/").content.decode()
    assert "Reaction" in compare and "Termes spéciaux" not in compare
    assert "There is no French text of version 2025-12-01." in compare
    assert 'href="/en/riftbound/rules/813/compare/"' in compare


@pytest.mark.corpus
def test_corpus_switcher_on_813_links_739_in_2025_12_01(corpus_data, client):
    html = client.get("/en/riftbound/rules/813/").content.decode()
    assert re.search(r'href="/en/riftbound/rules/2025-12-01/739/"[^>]*>2025-12-01: 739[ <]', html)


def test_short_link_falls_back_to_a_language_that_has_the_version(demo_data, client, settings):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"
    response = client.get("/r/509?version=2026-01", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert response.status_code == 302
    assert response["Location"] == "/en/lanternfall/rules/2026-01/509/?missing=fr"
    html = client.get(response["Location"]).content.decode()
    assert 'class="notice language-fallback"' in html and 'lang="fr"' in html
    same = client.get("/r/711", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert same["Location"] == "/fr/lanternfall/rules/711/"


def test_short_link_for_an_unknown_version_is_still_404(demo_data, client, settings):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"
    response = client.get("/r/711?version=1999-01", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404


@pytest.mark.corpus
def test_corpus_french_short_link_to_an_english_only_version(corpus_data, client, settings):
    settings.RULEBOOK_DEFAULT_GAME = "riftbound"
    response = client.get("/r/813?version=2026-03-30", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert response["Location"] == "/en/riftbound/rules/2026-03-30/813/?missing=fr"
    assert client.get(response["Location"]).status_code == 200
