"""Keywords, FAQ pages and cards in the API, on the demo game (and the corpus when present).

Every 200 answer here is also validated against its OpenAPI schema, and the FAQ lists are
compared with what the HTML pages show, since the API promises the same data.
"""

import re

import jsonschema_rs  # schemathesis's validator
import pytest
from django.urls import resolve

from rulebook.api.openapi import build_document
from rulebook.models import FaqPage, KnowledgeSource

pytestmark = pytest.mark.django_db

HOST = "http://testserver"
API = "/api/v1/games/lanternfall"
SWIFT_FAQ = "Can a Swift Warden be played during a clash?"


def get_json(client, url, status=200, schema=None, **extra):
    response = client.get(url, **extra)
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    data = response.json()
    if schema:
        document = build_document()
        root = {"$ref": f"#/components/schemas/{schema}", "components": document["components"]}
        jsonschema_rs.Draft202012Validator(root).validate(data)
    if status >= 400:
        assert data["status"] == status and data["error"]
    return data


def html_faq_links(client, path: str) -> list[str]:
    """The links of a rule page's "FAQ citing this rule" section."""
    html = client.get(path).content.decode()
    if 'id="rule-faq"' not in html:
        return []
    section = html[html.index('id="rule-faq"') :]
    section = section[: section.index("</section>")]
    return re.findall(r'<li><a href="([^"]+)"', section)


# --------------------------------------------------------------------------------- keywords


def test_keyword_list_with_the_index_page_counts(demo_data, client):
    data = get_json(client, f"{API}/en/keywords", schema="KeywordList")
    assert data["version"] == "2026-05-01" and len(data["keywords"]) == 11
    swift = next(k for k in data["keywords"] if k["slug"] == "swift")
    assert swift["number"] == "711" and swift["type"] == "Permissive"
    assert swift["counts"] == {"rules": 4, "faq": 5, "cards": 5}
    assert swift["url"] == f"{HOST}/en/lanternfall/keywords/swift/"
    assert swift["api_url"] == f"{HOST}{API}/en/keywords/swift"
    french = get_json(client, f"{API}/fr/keywords")["keywords"]
    celerite = next(k for k in french if k["number"] == "711")
    assert celerite["slug"] == "celerite" and celerite["counts"] == swift["counts"]
    assert celerite["url"] == f"{HOST}/fr/lanternfall/keywords/celerite/"


def test_keyword_detail(demo_data, client):
    data = get_json(client, f"{API}/en/keywords/swift", schema="Keyword")
    assert data["name"] == "Swift" and data["written_forms"] == ["[Swift]"]
    assert data["rule_numbers"] == ["711", "711.1", "711.2", "711.3"]
    assert data["defining_rule"] == {
        "number": "711",
        "url": f"{HOST}/en/lanternfall/rules/711/",
        "api_url": f"{HOST}{API}/core-rules/en/rules/711",
    }
    assert SWIFT_FAQ in [f["question"] for f in data["faq"]] and len(data["faq"]) == 5
    entry = next(f for f in data["faq"] if f["question"] == SWIFT_FAQ)
    assert entry["key"] == "mechanics/swift#during-clash"
    assert entry["url"] == f"{HOST}/en/lanternfall/faq/mechanics/swift/#during-clash"
    assert len(data["cards"]) == 5 and data["printing_count"] == 6
    courier = next(c for c in data["cards"] if c["slug"] == "quickstep-courier")
    assert courier["url"] == f"{HOST}/en/lanternfall/cards/quickstep-courier/"
    assert courier["api_url"] == f"{HOST}{API}/cards/quickstep-courier"
    assert data["granted_by"] == []


def test_french_keyword_and_english_slug_redirect(demo_data, client):
    data = get_json(client, f"{API}/fr/keywords/celerite", schema="Keyword")
    assert data["name"] == "Célérité" and data["language"] == "fr"
    assert data["faq"][0]["url"].startswith(f"{HOST}/fr/lanternfall/faq/")
    assert len(data["cards"]) == 5  # matched to the English keyword by rule number
    response = client.get(f"{API}/fr/keywords/swift")
    assert response.status_code == 308
    assert response["Location"] == f"{HOST}{API}/fr/keywords/celerite"


@pytest.mark.parametrize(
    "url",
    [
        f"{API}/en/keywords/nope",
        f"{API}/de/keywords",
        f"{API}/de/keywords/swift",
        "/api/v1/games/nope/en/keywords",
    ],
)
def test_keyword_404s(demo_data, client, url):
    get_json(client, url, status=404)


# -------------------------------------------------------------------------------------- FAQ


def test_faq_index_lists_sources_and_pages(demo_data, client):
    data = get_json(client, f"{API}/faq", schema="FaqIndex")
    sources = {s["source"]: s for s in data["sources"]}
    assert sources["community"]["pages"] == 3 and sources["community"]["entries"] == 7
    assert sources["official"]["pages"] == 1 and sources["official"]["entries"] == 4
    pages = {p["slug"]: p for p in data["pages"]}
    assert pages["mechanics/swift"]["entry_count"] == 3
    assert pages["mechanics/swift"]["api_url"] == f"{HOST}{API}/faq/community/mechanics/swift"
    assert pages["shrouded-paths-faq"]["url"] == (
        f"{HOST}/en/lanternfall/faq/official/shrouded-paths-faq/"
    )
    official = get_json(client, f"{API}/faq?source=official")["pages"]
    assert [p["slug"] for p in official] == ["shrouded-paths-faq"]
    cards = get_json(client, f"{API}/faq?topic=card")["pages"]
    assert [p["slug"] for p in cards] == ["cards/lantern-warden"]


@pytest.mark.parametrize("query", ["source=forum", "topic=nope", "lang=de"])
def test_faq_index_rejects_bad_filters(demo_data, client, query):
    get_json(client, f"{API}/faq?{query}", status=400)


def test_community_page_with_entries(demo_data, client):
    data = get_json(client, f"{API}/faq/community/mechanics/swift", schema="FaqPage")
    assert data["reviewed_version"] == "1.0" and data["credit"]["licence"] == "CC BY-SA 4.0"
    entries = {e["anchor"]: e for e in data["entries"]}
    clash = entries["during-clash"]
    assert clash["question"] == SWIFT_FAQ
    assert clash["url"] == f"{HOST}/en/lanternfall/faq/mechanics/swift/#during-clash"
    assert 'href="http://testserver/en/lanternfall/rules/711.2/"' in clash["answer_html"]
    assert 'class="xref-preview" role="tooltip"' in clash["answer_html"]
    assert 'href="/' not in clash["answer_html"]  # every link absolute
    assert {
        "number": "711.2",
        "resolved": True,
        "url": f"{HOST}/en/lanternfall/rules/711.2/",
        "api_url": f"{HOST}{API}/core-rules/en/rules/711.2",
    } in clash["rules"]
    assert "quickstep-courier" in [c["slug"] for c in clash["cards"]]
    assert "Swift" in [k["name"] for k in clash["keywords"]]
    moved = entries["entering-play"]["rules"]
    # Cited as 509.3 of Core Rules 1.0 (the version the page was reviewed against): 711.3 now.
    assert {
        "number": "509.3",
        "resolved": True,
        "url": f"{HOST}/en/lanternfall/rules/711.3/",
        "api_url": f"{HOST}{API}/core-rules/en/rules/711.3",
    } in moved


def test_community_page_links_in_french(demo_data, client):
    data = get_json(client, f"{API}/faq/community/mechanics/swift?lang=fr", schema="FaqPage")
    clash = next(e for e in data["entries"] if e["anchor"] == "during-clash")
    assert 'href="http://testserver/fr/lanternfall/rules/711.2/"' in clash["answer_html"]
    assert clash["question"] == SWIFT_FAQ  # the text stays English
    assert data["url"] == f"{HOST}/fr/lanternfall/faq/mechanics/swift/"


def test_official_article(demo_data, client):
    data = get_json(client, f"{API}/faq/official/shrouded-paths-faq", schema="FaqPage")
    assert data["credit"] is None and len(data["entries"]) == 4
    cited = [r["number"] for e in data["entries"] for r in e["rules"]]
    assert set(cited) == {"711.2", "714.3", "712.2", "710.2"}


@pytest.mark.parametrize(
    "url",
    [
        f"{API}/faq/community/mechanics/nope",
        f"{API}/faq/community/mechanics/swift/",
        f"{API}/faq/official/nope",
        f"{API}/faq/official/mechanics-swift",
    ],
)
def test_faq_page_404s(demo_data, client, url):
    get_json(client, url, status=404)


def test_every_faq_page_routes_to_its_resource(demo_data, client):
    """Earlier generic routes (``<kind>/<lang>/toc`` …) must not capture a FAQ page slug."""
    for page in FaqPage.objects.select_related("game"):
        kind = "official" if page.is_official else "community"
        match = resolve(f"/api/v1/games/{page.game.slug}/faq/{kind}/{page.slug}")
        assert match.url_name == f"api_faq_{kind}", page.slug


# ------------------------------------------------------------------------------------ cards


def test_card_list_filters_like_the_pages(demo_data, client):
    data = get_json(client, f"{API}/cards", schema="CardList")
    assert data["total"] == 15 and data["pages"] == 1 and len(data["cards"]) == 15
    assert data["facets"]["sets"] == ["Ember Tide", "Shrouded Paths"]
    assert "swift" in data["facets"]["keywords"]
    amber = get_json(client, f"{API}/cards?set=Ember+Tide&domain=Amber")
    assert [c["name"] for c in amber["cards"]] == ["Glimmerwing", "Quickstep Courier"]
    rite = get_json(client, f"{API}/cards?type=Rite&keyword=swift")
    assert [c["slug"] for c in rite["cards"]] == ["sudden-gust"]
    assert rite["filters"] == {
        "set": "",
        "type": "Rite",
        "domain": "",
        "keyword": "swift",
        "name": "",
    }
    assert get_json(client, f"{API}/cards?page=2")["cards"] == []


@pytest.mark.parametrize(
    "query",
    [
        "set=Nowhere",
        "type=Dragon",
        "domain=Plaid",
        "keyword=not-a-keyword",
        "page=0",
        "page=x",
        "page=-1",
        "page=1.5",
        "lang=de",
    ],
)
def test_card_list_rejects_bad_parameters(demo_data, client, query):
    get_json(client, f"{API}/cards?{query}", status=400)


def test_card_detail(demo_data, client):
    data = get_json(client, f"{API}/cards/lantern-warden", schema="Card")
    assert [p["public_code"] for p in data["printings"]] == ["SP-002/040", "ET-102/040"]
    assert data["errata"][0]["old_text"].startswith("[Ward 3]")
    assert data["keywords"] == [
        {
            "name": "Ward",
            "slug": "ward",
            "url": f"{HOST}/en/lanternfall/keywords/ward/",
            "api_url": f"{HOST}{API}/en/keywords/ward",
        }
    ]
    assert 'href="http://testserver/en/lanternfall/keywords/ward/"' in data["ability_html"]
    assert "cards/lantern-warden#ward-stacking" in [f["key"] for f in data["faq"]]
    assert "714.3" in [r["number"] for r in data["rules"]]
    assert data["banned"] is False
    assert get_json(client, f"{API}/cards/ashen-bellringer")["banned"] is True
    french = get_json(client, f"{API}/cards/lantern-warden?lang=fr")
    assert french["keywords"][0]["slug"] == "garde"
    get_json(client, f"{API}/cards/nope", status=404)


# ---------------------------------------------------------------------- rules, HTTP, queries


def test_rule_faq_is_what_the_rule_page_lists(demo_data, client):
    for number in ("711", "711.2", "714", "100"):
        rule = get_json(client, f"{API}/core-rules/en/rules/{number}", schema="Rule")
        html = html_faq_links(client, f"/en/lanternfall/rules/{number}/")
        assert [f["url"].removeprefix(HOST) for f in rule["faq"]] == html, number
    assert len(get_json(client, f"{API}/core-rules/en/rules/711")["faq"]) == 5
    french = get_json(client, f"{API}/core-rules/fr/rules/711")["faq"]
    assert french and french[0]["url"].startswith(f"{HOST}/fr/lanternfall/faq/")
    assert get_json(client, f"{API}/core-rules/en/2026-01/rules/509")["faq"] == []  # old


@pytest.mark.parametrize(
    "url",
    [
        f"{API}/en/keywords",
        f"{API}/en/keywords/swift",
        f"{API}/faq",
        f"{API}/faq/community/mechanics/swift",
        f"{API}/cards?set=Ember+Tide",
        f"{API}/cards/lantern-warden",
        f"{API}/core-rules/en/rules/711",
    ],
)
def test_conditional_get_and_knowledge_changes(demo_data, client, url):
    first = client.get(url)
    assert first.status_code == 200 and first["Last-Modified"]
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    since = client.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304
    source = KnowledgeSource.objects.filter(game__slug="lanternfall").first()
    source.content_hash = "changed"
    source.save()  # a new download of a FAQ or card file: rows and validators change
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        f"{API}/en/keywords/swift",
        f"{API}/faq/community/mechanics/swift",
        f"{API}/faq/official/shrouded-paths-faq",
        f"{API}/cards",
        f"{API}/cards/lantern-warden",
    ],
)
def test_query_counts_stay_flat(demo_data, client, django_assert_max_num_queries, url):
    # 20, plus the data generation and, in a fresh process, the rules' term table: constants.
    with django_assert_max_num_queries(22):
        assert client.get(url).status_code == 200


# ----------------------------------------------------------------------------------- corpus


@pytest.mark.corpus
def test_reaction_keyword_on_the_corpus(corpus_knowledge, client):
    data = get_json(client, "/api/v1/games/riftbound/en/keywords/reaction", schema="Keyword")
    assert len({card["slug"] for card in data["cards"]}) == 96
    assert data["printing_count"] == 112
    assert sum(entry["source"] == "community" for entry in data["faq"]) == 13
    hidden = next(group for group in data["granted_by"] if group["name"] == "Hidden")
    assert "811.6" in hidden["numbers"] and hidden["slug"] == "hidden"
    rule = get_json(client, "/api/v1/games/riftbound/core-rules/en/rules/813")
    links = html_faq_links(client, "/en/riftbound/rules/813/")
    assert len(rule["faq"]) >= 13
    assert [f["url"].removeprefix(HOST) for f in rule["faq"]] == links


@pytest.mark.corpus
def test_corpus_faq_pages_and_cards(corpus_knowledge, client):
    index = get_json(client, "/api/v1/games/riftbound/faq", schema="FaqIndex")
    assert sum(s["entries"] for s in index["sources"]) == 163 + 165
    page = get_json(
        client, "/api/v1/games/riftbound/faq/community/cards/abandoned-hall", schema="FaqPage"
    )
    assert any("Abandoned Hall" in e["question"] for e in page["entries"])
    cards = get_json(client, "/api/v1/games/riftbound/cards?keyword=reaction", schema="CardList")
    assert cards["total"] == 96
