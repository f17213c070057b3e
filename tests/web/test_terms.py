"""Defined terms in rule text link to the rule that defines them (issue 16 item 2)."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _rule(html: str, anchor: str) -> str:
    return re.search(rf'id="{re.escape(anchor)}">.*?</div>', html, re.S).group(0)


def _terms(row: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="term" href="[^"]*" data-target="([^"]+)"[^>]*>([^<]+)</a>', row)


def test_english_terms_link_once_per_rule_and_only_capitalised(demo_data, client):
    html = client.get("/en/lanternfall/rules/211/").content.decode()
    assert ("209", "Action phase") in _terms(_rule(html, "211")), "multi-word, any case"
    row = _rule(html, "211.1")
    assert _terms(row) == [("303", "Chain"), ("209", "Action phase")]
    assert _terms(_rule(html, "211.1.a")) == [], '"clash" is not capitalised'
    html = client.get("/en/lanternfall/rules/124/").content.decode()
    row = _rule(html, "124.1")
    assert [t for t in _terms(row) if t[0] == "711"] == [("711", "Swift")]
    assert row.count(">Swift<") == 1, "first mention only, none inside the See-rule link"


def test_a_plural_heading_links_its_singular_and_the_definition_links_nothing(demo_data, client):
    html = client.get("/en/lanternfall/rules/303/").content.decode()
    assert _terms(_rule(html, "303")) == [], "the heading that defines the Chain"
    assert ("303", "Chain") in _terms(_rule(html, "304"))
    html = client.get("/en/lanternfall/rules/304/").content.decode()
    assert ("122", "Wardens") in _terms(_rule(html, "304.1"))


def test_french_terms_link_to_their_definitions(demo_data, client):
    html = client.get("/fr/lanternfall/rules/211/").content.decode()
    row = _rule(html, "211.1")
    assert ("303", "Chaîne") in _terms(row)
    assert ("209", "phase d&#x27;action") in _terms(row), "escaped"
    assert 'href="/fr/lanternfall/rules/303/"' in row


def test_term_text_is_escaped(demo_data, client):
    html = client.get("/en/lanternfall/rules/124/").content.decode()
    assert "owner&#x27;s" in _rule(html, "124")


def test_corpus_813_closed_states_link_to_the_definition(corpus_data, client):
    html = client.get("/en/riftbound/rules/813/").content.decode()
    assert ("331.1", "Closed States") in _terms(_rule(html, "813.1.c.1"))
    html = client.get("/fr/riftbound/rules/813/").content.decode()
    assert ("309.1", "états fermés") in _terms(_rule(html, "813.1.c.1"))
