"""Defined terms in rule text link to the rule that defines them (issue 16 item 2)."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _rule(html: str, anchor: str) -> str:
    return re.search(rf'id="{re.escape(anchor)}">.*?</div>', html, re.S).group(0)


def _terms(row: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="term" href="[^"]*" data-target="([^"]+)"[^>]*>([^<]+)</a>', row)


def test_english_terms_link_once_per_rule_and_only_capitalised(demo_data, client):
    html = client.get("/en/lanternfall/rules/302/").content.decode()
    assert ("209", "Action phase") in _terms(_rule(html, "302")), "multi-word, any case"
    assert _terms(_rule(html, "302")).count(("304", "Chain")) == 1
    html = client.get("/en/lanternfall/rules/211/").content.decode()
    row = _rule(html, "211.1")
    assert _terms(row) == [("304", "Chain")], "211 sits in 209 Action Phase: no link to it"
    assert _terms(_rule(html, "211.1.a")) == [], '"clash" is not capitalised'
    html = client.get("/en/lanternfall/rules/124/").content.decode()
    row = _rule(html, "124.1")
    assert [t for t in _terms(row) if t[0] == "711"] == [("711", "Swift")]
    assert row.count(">Swift<") == 1, "first mention only, none inside the See-rule link"


def test_the_definition_beats_its_heading_and_links_nothing_on_its_own_page(demo_data, client):
    html = client.get("/en/lanternfall/rules/303/").content.decode()
    assert _terms(_rule(html, "303")) == [], "the heading that names the Chain"
    assert _terms(_rule(html, "304")) == [], "the sentence that defines it"
    assert ("304", "Chain") not in _terms(_rule(html, "304.1")), "shown on this page"
    assert ("122", "Wardens") in _terms(_rule(html, "304.1"))
    html = client.get("/en/lanternfall/rules/304.1/").content.decode()
    assert ("304", "Chain") not in _terms(_rule(html, "304.1")), "304 holds 304.1"
    html = client.get("/en/lanternfall/rules/108/").content.decode()
    assert ("304", "Chain") in _terms(_rule(html, "108.10.a")), "not 303, the heading"


def test_french_terms_link_to_their_definitions(demo_data, client):
    html = client.get("/fr/lanternfall/rules/211/").content.decode()
    row = _rule(html, "211.1")
    assert ("304", "Chaîne") in _terms(row)
    html = client.get("/fr/lanternfall/rules/302/").content.decode()
    assert ("209", "phase d&#x27;action") in _terms(_rule(html, "302")), "escaped"
    assert 'href="/fr/lanternfall/rules/304/"' in _rule(html, "302")


def test_term_text_is_escaped(demo_data, client):
    html = client.get("/en/lanternfall/rules/124/").content.decode()
    assert "owner&#x27;s" in _rule(html, "124")


def test_corpus_813_closed_states_link_to_the_definition(corpus_data, client):
    html = client.get("/en/riftbound/rules/813/").content.decode()
    assert ("331.1", "Closed States") in _terms(_rule(html, "813.1.c.1"))
    html = client.get("/fr/riftbound/rules/813/").content.decode()
    assert ("309.1", "états fermés") in _terms(_rule(html, "813.1.c.1"))


def _answer(html: str, anchor: str) -> str:
    return re.search(rf'id="{anchor}".*?<div class="faq-answer">(.*?)</div>', html, re.S).group(1)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_faq_answers_link_terms_once_outside_links_and_tooltips(demo_data, client, language):
    html = client.get(f"/{language}/lanternfall/faq/cards/lantern-warden/").content.decode()
    answer = _answer(html, "ward-stacking")
    assert _terms(answer) == [("714", "Ward"), ("141", "Embers"), ("122", "Warden")]
    assert f'href="/{language}/lanternfall/rules/714/"' in answer, "the page's language"
    tooltip = re.search(r'<span class="xref-preview".*?</span>', answer, re.S).group(0)
    assert 'class="term"' not in tooltip and "714.3" in tooltip
    card = re.search(r'<a class="card-ref".*?</a>', answer, re.S).group(0)
    assert 'class="term"' not in card


def test_card_text_links_terms(demo_data, client):
    html = client.get("/en/lanternfall/cards/lantern-warden/").content.decode()
    assert ("141", "Ember") in _terms(html), "141 defines Embers under the heading 140"


def test_corpus_glossary_lists_terms_defined_in_sentences_paired_across_languages(
    corpus_data, client
):
    html = client.get("/en/riftbound/glossary/").content.decode()
    rows = dict(re.findall(r'<td lang="en">([^<]+)</td><td lang="fr">([^<]+)</td>', html))
    assert rows["Closed State"] == "état fermé", "English 331.1, French 309.1"
    assert rows["Conquer"] == "Conquérir"
    assert rows["Focus"] == "focalisation"


def test_html_linker_escapes_every_piece_and_skips_names_and_code():
    from ingest.terms import Definition, TermMatcher
    from rulebook.pages.terms import link_terms_html

    matcher = TermMatcher([Definition("Glow", "112"), Definition("Quiet Hour", "111")], "en")
    markup = (
        "<p>A &lt;b&gt; Glow &amp; a <code>Glow</code> in a "
        '<em class="card-ref">Quiet Hour</em>, <strong>Quiet\nHour</strong> Glow</p>'
    )
    out = link_terms_html(markup, matcher, lambda number, written: f"[{number}:{written}]")
    assert out == (
        "<p>A &lt;b&gt; [112:Glow] &amp; a <code>Glow</code> in a "
        '<em class="card-ref">Quiet Hour</em>, <strong>Quiet\nHour</strong> Glow</p>'
    )


def test_the_game_name_is_not_a_term(demo_data, client):
    from rulebook.models import Document
    from rulebook.pages.terms import matcher_for

    document = Document.objects.filter(
        game__slug="lanternfall", language="en", kind="core-rules"
    ).latest("version")
    assert "lanternfall" not in {d.term.lower() for d in matcher_for(document).definitions}
    assert "Wardens" in {d.term for d in matcher_for(document).definitions}
