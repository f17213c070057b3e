"""English and French: aligned view, glossary, missing counterparts, language switch."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_compare_aligns_languages_and_marks_one_sided_rules(demo_data, client):
    html = client.get("/en/lanternfall/rules/406.1/compare/").content.decode()
    assert 'id="en-406.1.a"' in html and 'id="fr-406.1.a"' in html
    assert 'id="en-406.1.b"' in html and 'id="fr-406.1.b"' in html  # English by repair
    en_row = re.search(r'id="en-406.1.b".*?</div>', html, re.S).group(0)
    assert "repaired" not in en_row  # repairs are source notes, off for readers
    html = client.get("/en/lanternfall/rules/406.1/compare/?notes=1").content.decode()
    en_row = re.search(r'id="en-406.1.b".*?</div>', html, re.S).group(0)
    assert "repaired" in en_row


def test_compare_is_stacked_on_phones_and_columns_on_desktop(client):
    css = client.get("/static/rulebook/site.css")
    body = b"".join(css.streaming_content) if css.streaming else css.content
    assert b"grid-template-columns: 1fr 1fr" in body and b"max-width: 48rem" in body


def test_glossary_pairs_headings(demo_data, client):
    html = client.get("/fr/lanternfall/glossary/").content.decode()
    assert re.search(r'<td lang="en">Swift.*?<td lang="fr">Célérité', html, re.S)


def test_language_switch_keeps_the_rule(demo_data, client):
    html = client.get("/en/lanternfall/rules/406.1/").content.decode()
    assert 'href="/fr/lanternfall/rules/406.1/"' in html
    back = client.get("/fr/lanternfall/rules/406.1/").content.decode()
    assert 'href="/en/lanternfall/rules/406.1/"' in back


def test_missing_version_in_a_language_offers_counterparts(demo_data, client):
    response = client.get("/fr/lanternfall/rules/2026-01/509/")
    html = response.content.decode()
    assert response.status_code == 404
    assert 'href="/en/lanternfall/rules/2026-01/509/"' in html
    assert 'href="/fr/lanternfall/rules/2026-05-01/509/"' in html


def test_rule_missing_in_one_language_links_the_other(demo_data, client, tmp_path):
    from django.core.management import call_command

    path = tmp_path / "solo_2026-02-02.md"
    path.write_text("## 100. Basics\n\n101. Only in English.\n", encoding="utf-8")
    call_command("ingest", str(path), "--game", "solo", "--language", "en", "-v0")
    fr = tmp_path / "solo_fr_2026-02-02.md"
    fr.write_text("## 100. Les bases\n\n102. Seulement en français.\n", encoding="utf-8")
    call_command("ingest", str(fr), "--game", "solo", "--language", "fr", "-v0")
    html = client.get("/fr/solo/rules/101/").content.decode()
    assert 'href="/en/solo/rules/2026-02-02/101/"' in html


@pytest.mark.corpus
def test_corpus_compare_813_103_347(corpus_data, client):
    for number in ["813", "103", "347"]:
        html = client.get(f"/en/riftbound/rules/{number}/compare/").content.decode()
        assert f'id="en-{number}"' in html and f'id="fr-{number}"' in html
        assert html.count("2026-07-16") >= 2
    html = client.get("/en/riftbound/rules/347/compare/?notes=1").content.decode()
    en_row = re.search(r'id="en-347.1.b".*?</div>', html, re.S).group(0)
    assert "split-glued" in en_row and 'id="fr-347.1.b"' in html


@pytest.mark.corpus
def test_french_813_has_every_sub_rule(corpus_data, client):
    from rulebook.models import Document, Rule

    document = Document.objects.default("riftbound", "core-rules", "fr")
    expected = set(Rule.objects.in_document(document).under("813").values_list("anchor", flat=True))
    html = client.get("/fr/riftbound/rules/813/").content.decode()
    assert "Réaction" in html
    assert {a for a in expected if f'id="{a}"' in html} == expected


@pytest.mark.corpus
def test_corpus_glossary_reaction(corpus_data, client):
    html = client.get("/en/riftbound/glossary/").content.decode()
    assert re.search(r'<td lang="en">Reaction.*?<td lang="fr">Réaction', html, re.S)


def test_french_query_finds_english_only_faq_through_the_glossary(demo_index, client):
    data = client.get("/api/v1/search", {"q": "célérité", "lang": "fr"}).json()
    assert data["results"] and all(r["language"] == "fr" for r in data["results"])
    also = data["also"]
    assert also and all(r["language"] == "en" for r in also)
    assert {"faq", "card"} & {r["kind"] for r in also}
    html = client.get("/fr/search/", {"q": "celerite"}).content.decode()
    assert "search-also" in html and 'lang="en"' in html


def test_english_only_content_is_looked_for_in_one_engine_call(demo_index, monkeypatch):
    """FAQ answers and cards together, best first: one search, not one per kind."""
    from rulebook.search import SearchQuery, get_backend
    from rulebook.search.service import other_language_hits

    backend = get_backend()
    asked, search = [], backend.search
    monkeypatch.setattr(backend, "search", lambda q, plan=None: asked.append(q) or search(q, plan))
    also = other_language_hits(backend, SearchQuery(text="célérité", language="fr"))
    assert {"faq", "card"} & {hit.kind for hit in also}
    assert [(q.kind, q.language) for q in asked] == [(("faq", "card"), "en")]
    assert [hit.score for hit in also] == sorted((hit.score for hit in also), reverse=True)


def test_the_panel_looks_up_the_english_names_as_the_phrases_they_are(demo_index, monkeypatch):
    """Searched in English content, the French name beside the English one ("Swift
    Célérité") found rows by chance, and several words made it a question: the encoder and
    the rerank ran to list five entries. Only the names English content can hold are
    searched, each as a phrase."""
    from rulebook.search import SearchQuery, get_backend
    from rulebook.search.service import also_terms, other_language_hits

    backend = get_backend()
    asked, search = [], backend.search
    monkeypatch.setattr(backend, "search", lambda q, plan=None: asked.append(q) or search(q, plan))
    sq = SearchQuery(text="célérité", language="fr")
    assert also_terms(backend, sq) == ["Swift"]
    assert other_language_hits(backend, sq)
    assert [q.text for q in asked] == ['"Swift"']


def test_a_french_page_without_an_index_answers_from_the_database_quietly(
    demo_data, settings, tmp_path, client, caplog
):
    """The panel's names are checked against the index's English words; with no index to
    read, the page says the search is degraded, and the glossary logs no failure."""
    settings.SEARCH_BACKEND = {
        "BACKEND": "rulebook.search.whoosh_backend.WhooshBackend",
        "PATH": tmp_path / "missing",
    }
    data = client.get("/api/v1/search", {"q": "célérité", "lang": "fr"}).json()
    assert data["degraded"] is True and data["also"] == []
    assert "glossary expansion failed" not in caplog.text


def test_english_query_on_french_pages_uses_the_glossary_too(demo_index, client):
    data = client.get("/api/v1/search", {"q": "swift", "lang": "fr"}).json()
    assert data["results"] and data["results"][0]["language"] == "fr"
    assert "Célérité" in data["message"] and "711" in {r["number"] for r in data["results"]}
    # English-only content (cards, FAQ) is in the same list, each hit with its language.
    assert {r["language"] for r in data["results"]} <= {"fr", "en"}
    assert all(r["kind"] in ("faq", "card") for r in data["results"] if r["language"] == "en")


def test_an_english_term_with_a_typo_on_french_pages_is_translated_once_respelled(
    demo_index, client
):
    """ "swfit" is respelled "swift", which finds only English cards on a French page: the
    glossary must read the respelling, not the typo, to find « Célérité »."""
    data = client.get("/api/v1/search", {"q": "swfit", "lang": "fr"}).json()
    assert data["query"] == "swfit"
    assert "Célérité" in data["message"] and "711" in {r["number"] for r in data["results"]}


@pytest.mark.corpus
def test_french_reaction_closed_state_ranks_813(corpus_index, client):
    for query in ["réaction état fermé", "reaction etat ferme"]:
        data = client.get("/api/v1/search", {"q": query, "lang": "fr", "game": "riftbound"}).json()
        top = [r["number"] for r in data["results"][:5]]
        assert "813.1.c.1" in top or "813" in top, top


@pytest.mark.corpus
def test_language_switch_round_trips_on_813_1_c(corpus_data, client):
    english = client.get("/en/riftbound/rules/813.1.c/").content.decode()
    assert 'href="/fr/riftbound/rules/813.1.c/"' in english
    french = client.get("/fr/riftbound/rules/813.1.c/").content.decode()
    assert 'id="813.1.c"' in french and 'href="/en/riftbound/rules/813.1.c/"' in french
