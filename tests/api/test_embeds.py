"""oEmbed, the link-preview helper and the OpenSearch description."""

from xml.etree import ElementTree

import pytest

from rulebook.models import Document, Rule
from rulebook.pages.preview import opening, rule_preview

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


@pytest.fixture(autouse=True)
def short_links_into_the_demo(settings):
    """/r/ URLs follow the demo game whatever else the session has loaded (the corpus)."""
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"


def oembed(client, url, status=200, **params):
    response = client.get("/api/v1/oembed", {"url": url, **params})
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    return response.json()


@pytest.mark.parametrize(
    "url",
    [
        "/en/lanternfall/rules/711/",
        f"{HOST}/en/lanternfall/rules/711/",
        "/r/711",
        f"{HOST}/r/711",
        "/en/lanternfall/rules/2026-05-01/711/",
    ],
)
def test_oembed_for_rule_pages_and_short_links(demo_data, client, url):
    data = oembed(client, url, format="json")
    assert data["version"] == "1.0" and data["type"] == "rich"
    assert data["title"] == "711 Swift — Lanternfall Core Rules 2026-05-01"
    assert data["provider_name"] == "Rulebook" and data["provider_url"] == f"{HOST}/"
    assert data["html"].startswith('<blockquote class="rulebook-embed"')
    assert data["width"] == 600 and data["height"] == 200


def test_oembed_description_is_the_opening_cut_at_a_word(demo_data, client):
    data = oembed(client, "/en/lanternfall/rules/124.1/")
    rule = Rule.objects.get(document__language="en", document__version="2026-05-01", number="124.1")
    assert data["title"].startswith("124.1 — ") and data["title"].endswith("2026-05-01")
    assert len(data["description"]) <= 201
    assert rule.text.startswith(data["description"].rstrip("…"))
    assert data["url"] == f"{HOST}/en/lanternfall/rules/124.1/"


def test_oembed_pinned_old_version_and_french(demo_data, client):
    old = oembed(client, "/en/lanternfall/rules/2026-01/509/")
    assert old["title"].endswith("2026-01")
    assert old["url"] == f"{HOST}/en/lanternfall/rules/2026-01/509/"
    french = oembed(client, "/fr/lanternfall/rules/711/")
    assert french["title"].startswith("711 Célérité")


def test_oembed_html_is_escaped(demo_data, client):
    data = oembed(client, "/en/lanternfall/rules/131/")
    assert "Salt &amp; Cinder" in data["html"] and "<script" not in data["html"]


def test_oembed_respects_maxwidth(demo_data, client):
    data = oembed(client, "/r/711", maxwidth="320", maxheight="90")
    assert data["width"] == 320 and data["height"] == 90
    assert oembed(client, "/r/711", 400, maxwidth="wide")["status"] == 400


@pytest.mark.parametrize(
    "url",
    [
        "/en/lanternfall/rules/488/",
        "/en/lanternfall/rules/",
        "/en/search/?q=x",
        "https://evil.example/en/lanternfall/rules/711/",
        "ftp://testserver/r/711",
        "/r/banana",
        "/en/nope/rules/711/",
        "not a url at all",
    ],
)
def test_oembed_unknown_urls_are_404_json(demo_data, client, url, settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    error = oembed(client, url, 404)
    assert error["status"] == 404 and error["error"]


def test_oembed_xml_is_501_and_missing_url_400(demo_data, client):
    error = oembed(client, "/r/711", 501, format="xml")
    assert error == {"error": "Only format=json is implemented.", "status": 501}
    response = client.get("/api/v1/oembed")
    assert response.status_code == 400 and response.json()["status"] == 400


def test_rule_preview_for_meta_tags(demo_data, rf):
    current = Document.objects.default("lanternfall", "core-rules", "en")
    rule = current.rules.get(number="711")
    preview = rule_preview(rule)
    assert preview["title"] == "711 Swift — Lanternfall Core Rules 2026-05-01"
    assert preview["description"].startswith("Swift: Swift lets a card be played")
    assert 20 < len(preview["description"]) <= 201
    assert preview["url"] == "/en/lanternfall/rules/711/"
    assert preview["version"] == "2026-05-01"
    old = Document.objects.get(
        game__slug="lanternfall", kind="core-rules", language="en", version="2026-01"
    ).rules.get(number="124.1")
    absolute = rule_preview(old, rf.get("/"))
    assert absolute["url"] == "http://testserver/en/lanternfall/rules/2026-01/124.1/"


def test_opening_cuts_at_a_word():
    text = "word " * 100
    cut = opening(text, 200)
    assert cut.endswith("word…") and len(cut) <= 201
    assert opening("short  text\n here") == "short text here"


def test_opensearch_description(demo_data, client):
    response = client.get("/opensearch.xml", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/opensearchdescription+xml")
    root = ElementTree.fromstring(response.content)
    ns = {"os": "http://a9.com/-/spec/opensearch/1.1/"}
    assert root.find("os:ShortName", ns).text == "Rulebook"
    urls = {u.get("type"): u.get("template") for u in root.findall("os:Url", ns)}
    assert urls["text/html"] == f"{HOST}/fr/search/?q={{searchTerms}}"
    assert urls["application/x-suggestions+json"] == (
        f"{HOST}/api/v1/suggest?format=opensearch&lang=fr&q={{searchTerms}}"
    )
    assert urls["application/opensearchdescription+xml"] == f"{HOST}/opensearch.xml"
    english = client.get("/opensearch.xml?lang=en").content.decode()
    assert f"{HOST}/en/search/?q={{searchTerms}}" in english


def test_search_template_works_from_the_address_bar(demo_data, client):
    assert client.get("/en/search/?q=swift").status_code == 200
    jump = client.get("/en/search/?q=711")
    assert jump.status_code == 302 and jump["Location"] == "/en/lanternfall/rules/711/"
