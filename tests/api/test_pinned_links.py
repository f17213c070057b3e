"""What the autolinker and oEmbed hand out for discussions: short links pinned to the version
they were made from (issue 32, item 6), with the fields that held page URLs unchanged."""

import pytest
from bs4 import BeautifulSoup

from rulebook.pages.linkify import find_document, linkify, render_all
from tests.tournament import GAME, load_first_versions

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


@pytest.fixture
def lanternfall(demo_data, settings):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"


def link(client, text, **fields):
    body = {"text": text, "game": "lanternfall", **fields}
    response = client.post("/api/v1/linkify", body, content_type="application/json")
    assert response.status_code == 200, response.content[:400]
    return response.json()


def hrefs(data) -> list[str]:
    return [a["href"] for a in BeautifulSoup(data["html"], "html.parser").find_all("a")]


def test_linkify_pins_every_link_it_inserts_to_the_newest_version(lanternfall, client):
    data = link(client, "rule 711.1 and [Swift], see Sudden Gust")
    assert hrefs(data) == [
        f"{HOST}/r/2026-05-01/711.1",
        f"{HOST}/r/2026-05-01/711",
        f"{HOST}/en/lanternfall/cards/sudden-gust/",
    ]
    assert f"[rule 711.1]({HOST}/r/2026-05-01/711.1)" in data["markdown"]
    assert f"[url={HOST}/r/2026-05-01/711]Swift[/url]" in data["bbcode"]
    rule, keyword, card = data["references"]
    assert rule["url"] == f"{HOST}/en/lanternfall/rules/711.1/"  # the field keeps its meaning
    assert rule["short_url"] == f"{HOST}/r/2026-05-01/711.1"
    assert keyword["short_url"] == f"{HOST}/r/2026-05-01/711"
    assert card["short_url"] == card["url"]


def test_linkify_against_a_named_version_pins_to_it(lanternfall, client):
    data = link(client, "the old rule 509", version="2026-01")
    assert hrefs(data) == [f"{HOST}/r/2026-01/509"]
    assert data["references"][0]["url"] == f"{HOST}/en/lanternfall/rules/2026-01/509/"
    french = link(client, "règle 711", lang="fr")
    assert hrefs(french) == [f"{HOST}/r/2026-05-01/711"]


def test_linkify_pins_another_documents_numbers_to_that_document(lanternfall, client):
    data = link(client, "TR 103 and rules 502-504", kind="tournament-rules")
    assert hrefs(data)[:2] == [f"{HOST}/r/2026-02-10/tr/103", f"{HOST}/r/2026-02-10/tr/502"]


def test_a_game_short_links_do_not_reach_gets_pinned_pages(lanternfall, settings, rf):
    settings.RULEBOOK_DEFAULT_GAME = GAME
    load_first_versions()
    linked = linkify("rule 711.1", find_document("lanternfall", "en"))
    outputs = render_all(linked, rf.get("/"))
    assert f"({HOST}/en/lanternfall/rules/2026-05-01/711.1/)" in outputs["markdown"]
    emberwick = render_all(linkify("rule 120 and TR 201", find_document(GAME, "en")), rf.get("/"))
    assert [r["short_url"] for r in emberwick["references"]] == [
        f"{HOST}/r/2031-06-01/120",
        f"{HOST}/r/2031-07-01/tr/201",
    ]


def test_the_linkify_page_pastes_pinned_links(lanternfall, client):
    response = client.post("/en/linkify/", {"text": "see rule 711", "game": "lanternfall"})
    soup = BeautifulSoup(response.content, "html.parser")
    assert f"({HOST}/r/2026-05-01/711)" in soup.select_one("#linkify-markdown").get_text()
    assert f"{HOST}/r/2026-05-01/711" in soup.select_one("#linkify-html").get_text()


def oembed(client, url):
    response = client.get("/api/v1/oembed", {"url": url})
    assert response.status_code == 200, response.content[:300]
    return response.json()


@pytest.mark.parametrize(
    "url, short",
    [
        ("/en/lanternfall/rules/711/", "/r/2026-05-01/711"),
        ("/r/711", "/r/2026-05-01/711"),
        ("/en/lanternfall/rules/2026-01/509/", "/r/2026-01/509"),
        ("/r/2026-01/509", "/r/2026-01/509"),
        (f"{HOST}/r/2026-05-01/711-1", "/r/2026-05-01/711.1"),
        ("/r/tr/103", "/r/2026-02-10/tr/103"),
        ("/r/2026-02-10/tr/103", "/r/2026-02-10/tr/103"),
        ("/en/lanternfall/tournament-rules/103/", "/r/2026-02-10/tr/103"),
    ],
)
def test_oembed_gives_the_pinned_short_link(lanternfall, client, url, short):
    data = oembed(client, url)
    assert data["short_url"] == HOST + short
    quote = BeautifulSoup(data["html"], "html.parser")
    assert quote.a["href"] == HOST + short and quote.blockquote["cite"] == HOST + short


def test_oembed_url_keeps_its_meaning(lanternfall, client):
    assert oembed(client, "/r/711")["url"] == f"{HOST}/en/lanternfall/rules/711/"
    old = oembed(client, "/r/2026-01/509")
    assert old["url"] == f"{HOST}/en/lanternfall/rules/2026-01/509/"
    assert old["title"].endswith("2026-01")
