"""Keyword, FAQ and card pages on the real Riftbound sources; skipped without ../shared."""

import re

import pytest
from django.utils.html import escape

from rulebook.models import FaqEntry, FaqPage, KnowledgeSource

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]

CARD_ROW = re.compile(r'class="card-row" lang="en"><a href="/[a-z]{2}/riftbound/cards/([^/]+)/"')


def cards_listed(client, path: str) -> list[str]:
    """The cards a keyword page lists on every page of its card list (60 a page; a page
    past the end shows the last)."""
    cards, page = [], 1
    while page <= 10:
        html = client.get(path, {"page": page} if page > 1 else {}).content.decode()
        found = CARD_ROW.findall(html)
        assert len(found) <= 60
        cards += found
        if len(found) < 60:
            break
        page += 1
    return cards


def test_reaction_keyword_page(corpus_knowledge, client):
    response = client.get("/en/riftbound/keywords/reaction/")
    html = response.content.decode()
    assert response.status_code == 200
    for number in ("813", "813.1", "813.1.a", "813.2"):
        assert f'id="{number}"' in html
    listed = cards_listed(client, "/en/riftbound/keywords/reaction/")
    assert len(listed) == len(set(listed)) == 96
    assert "96 cards with this keyword" in html and "112 printings carry it." in html
    community = FaqEntry.objects.filter(page__source=FaqPage.COMMUNITY)
    questions = [e for e in community if f'{escape(e.question)} <a class="permalink"' in html]
    assert len(questions) == 13
    granted = html[html.index('id="kw-granted"') :]
    assert "keywords/hidden/" in granted and "811.6" in granted


def test_french_reaction_page_shows_french_rules_and_english_faq(corpus_knowledge, client):
    html = client.get("/fr/riftbound/keywords/reaction/").content.decode()
    assert "<h1>Réaction</h1>" in html and 'id="813.1"' in html
    assert "Permissif" in html and "english-note" in html
    listed = cards_listed(client, "/fr/riftbound/keywords/reaction/")
    assert len(listed) == len(set(listed)) == 96


def test_every_faq_entry_is_addressable(corpus_knowledge, client):
    entries = FaqEntry.objects.filter(page__game__slug="riftbound").select_related("page__game")
    by_page = {}
    for entry in entries:
        path, anchor = entry.get_absolute_url().split("#")
        by_page.setdefault(path, []).append(anchor)
    assert sum(len(a) for a in by_page.values()) == 163 + 165
    for path, anchors in by_page.items():
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        for anchor in anchors:
            assert f'id="{anchor}"' in html, (path, anchor)


def test_rule_813_page_shows_related_faq(corpus_knowledge, client):
    html = client.get("/en/riftbound/rules/813/").content.decode()
    section = html[html.index('id="rule-faq"') :]
    assert section.count("<li>") >= 13
    assert "96 cards carry Reaction." in html


def test_card_page_with_faq_errata_and_rules(corpus_knowledge, client):
    html = client.get("/en/riftbound/cards/abandoned-hall/").content.decode()
    assert "Does Abandoned Hall&#x27;s ability trigger if the spell is countered?" in html
    assert 'href="/en/riftbound/rules/350.1/"' in html


def test_citation_report(corpus_knowledge):
    source = KnowledgeSource.objects.get(game__slug="riftbound", kind="faq-community")
    links = source.report["links"]
    assert links["counts"]["faq->rule"]["resolved"] >= 790
    assert 0.98 <= links["faq_rule_share"] <= 1.0
    assert all(": " in item for item in links["unresolved_faq_rules"])
