"""The autolinker: realistic chat messages, every false-positive trap, all three outputs."""

import pytest
from bs4 import BeautifulSoup

from rulebook.pages import linkify as engine

pytestmark = pytest.mark.django_db

HOST = "http://testserver"
RULE_URL = HOST + "/en/lanternfall/rules/{}/"
# What the outputs carry: short links pinned to the version linked against.
SHORT_URL = HOST + "/r/2026-05-01/{}"


@pytest.fixture(autouse=True)
def short_links_to_lanternfall(settings):
    """``/r/`` leads into Lanternfall whichever other games the session has loaded."""
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"


def link(client, text, status=200, **fields):
    body = {"text": text, "game": "lanternfall", **fields}
    response = client.post("/api/v1/linkify", body, content_type="application/json")
    assert response.status_code == status, response.content[:400]
    return response.json()


def anchors(data) -> list[tuple[str, str]]:
    """(link text, number) of every link in the HTML output."""
    soup = BeautifulSoup(data["html"], "html.parser")
    return [(a.get_text(), a["href"].rstrip("/").rsplit("/", 1)[-1]) for a in soup.find_all("a")]


def numbers(data) -> list[str]:
    return [r["number"] for r in data["references"]]


# Realistic Discord-style messages: (message, links expected as (text, rule), references).
MESSAGES = [
    (
        "@judge does **Swift** let a Warden move twice? rule 711.1 says yes (see 711.2) but idk",
        [("Swift", "711"), ("rule 711.1", "711.1"), ("711.2", "711.2")],
        ["711", "711.1", "711.2"],
    ),
    (
        "paid $4.99 for the starter on 2026-03-30, opened 3 packs, first game at 10:30. "
        "patch v1.4 is out btw",
        [],
        [],
    ),
    ("my Warden deals 12 damage and has 4 Might, I have 100 cards, and 405.1 damage lol", [], []),
    (
        "CR 405.1 vs rules 405 and 406 — which one wins? also rules 401-406 cover clashes",
        [("CR 405.1", "405.1"), ("405", "405"), ("406", "406"), ("401", "401"), ("406", "406")],
        ["405.1", "405", "406", "401", "402", "403", "404"],
    ),
    (
        "deep cut: 132.1b2a (glued) and 132.1.b.2.a. are the same rule",
        [("132.1b2a", "132.1.b.2.a"), ("132.1.b.2.a", "132.1.b.2.a")],
        ["132.1.b.2.a"],
    ),
    ("price check: 4,99 € or 405,99 € or €405.1 — version 124.1 of the app crashed", [], []),
    ("read https://rulebook.example/en/lanternfall/rules/124.1/ and `124.1` <@124111>", [], []),
    (
        "in the Action Phase can I answer with a Phase card? [ward 2] beats Ward? Echo step?",
        [("Phase", "708"), ("ward", "714"), ("Ward", "714")],
        ["708", "714"],
    ),
    (
        "is 100 a rule? what about section 310, or step 6? and 103.1.b.2 is fine",
        [("103.1.b.2", "103.1.b.2")],
        ["103.1.b.2"],
    ),
    (
        "rules 311 to 316 are the steps; rule 405, 100 cards in a deck",
        [("311", "311"), ("316", "316"), ("rule 405", "405")],
        ["311", "312", "313", "314", "315", "316", "405"],
    ),
    (
        "my ip is 192.168.124.1 and the score was 124.1-2? timestamps 12:30:45 and 2026.05.01",
        [],
        [],
    ),
    (
        "(see 124.1) & also §711, rule 488 and 999.9 which don't exist",
        [("124.1", "124.1"), ("§711", "711")],
        ["124.1", "711"],
    ),
]


@pytest.mark.parametrize("message, expected_links, expected_refs", MESSAGES)
def test_discord_messages(demo_data, client, message, expected_links, expected_refs):
    data = link(client, message)
    assert anchors(data) == expected_links
    assert numbers(data) == expected_refs
    for ref in data["references"]:
        assert ref["url"] == RULE_URL.format(ref["number"]) and ref["title"]


def test_reference_kinds_and_titles(demo_data, client):
    data = link(client, "Swift and rule 711.1")
    assert data["references"][0] == {
        "kind": "keyword",
        "number": "711",
        "title": "Swift",
        "url": RULE_URL.format("711"),
        "short_url": HOST + "/r/2026-05-01/711",
    }
    assert data["references"][1]["kind"] == "rule"
    assert data["references"][1]["title"].startswith("Swift lets a card be played")
    assert data["references"][1]["title"].endswith("…")


def test_unresolved_numbers_are_reported_not_linked(demo_data, client):
    data = link(client, "see rule 488, rules 350 and 351, and 999.9")
    # ", and 999.9" continues the list, so it counts as written with a rule context.
    assert anchors(data) == [] and data["unresolved"] == ["488", "350", "351", "999.9"]
    assert link(client, "999.9 is a bare number")["unresolved"] == []


def test_french_messages(demo_data, client):
    data = link(client, "règle 711 : la Célérité, voir règles 405 et 406, et [garde 2]", lang="fr")
    assert anchors(data) == [
        ("règle 711", "711"),
        ("Célérité", "711"),
        ("405", "405"),
        ("406", "406"),
        ("garde", "714"),
    ]
    assert data["references"][0]["url"] == f"{HOST}/fr/lanternfall/rules/711/"
    assert data["document"] == {
        "game": "lanternfall",
        "kind": "core-rules",
        "language": "fr",
        "version": "2026-05-01",
    }


def test_numbers_must_exist_in_the_chosen_version(demo_data, client):
    newest = link(client, "the old rule 509 was Swift")
    assert ("rule 509", "509") not in anchors(newest) and newest["unresolved"] == ["509"]
    old = link(client, "the old rule 509 was Swift", version="2026-01")
    assert anchors(old)[0] == ("rule 509", "509")
    assert old["references"][0]["url"] == f"{HOST}/en/lanternfall/rules/2026-01/509/"


def test_html_output_escapes_everything(demo_data, client):
    data = link(client, '<script>alert(1)</script> see rule 124.1 & "quotes"\nnext line')
    assert "<script>" not in data["html"]
    assert data["html"].startswith("&lt;script&gt;alert(1)&lt;/script&gt; see ")
    assert "&amp; &quot;quotes&quot;<br>\nnext line" in data["html"]
    soup = BeautifulSoup(data["html"], "html.parser")
    assert soup.a["href"] == SHORT_URL.format("124.1") and soup.a["title"].startswith("124.1 ")


def test_markdown_escapes_specials_and_keeps_urls_raw(demo_data, client):
    text = (
        "_under_ *star* ~~strike~~ ||spoiler|| # tag > quote [x](y) `code 124.1`\n"
        "- item\n1. first\nsee https://example.com/a_b_(c) and rule 711"
    )
    markdown = link(client, text)["markdown"]
    assert markdown.startswith(
        r"\_under\_ \*star\* \~\~strike\~\~ \|\|spoiler\|\| \# tag "
        r"\> quote \[x\](y) `code 124.1`"
    )
    assert "\n\\- item\n1\\. first\n" in markdown
    assert "https://example.com/a_b_(c)" in markdown
    assert markdown.endswith(f"[rule 711]({SHORT_URL.format('711')})")


def test_markdown_link_text_is_escaped_too(demo_data, client):
    markdown = link(client, "[swift] and [Ward 2]")["markdown"]
    assert markdown == (
        f"\\[[swift]({SHORT_URL.format('711')})\\] and \\[[Ward]({SHORT_URL.format('714')}) 2\\]"
    )


def test_bbcode_output(demo_data, client):
    bbcode = link(client, "[b]bold[/b] CR 405.1 & rules 405 and 406")["bbcode"]
    assert bbcode == (
        f"[b]bold[/b] [url={SHORT_URL.format('405.1')}]CR 405.1[/url] & rules "
        f"[url={SHORT_URL.format('405')}]405[/url] and "
        f"[url={SHORT_URL.format('406')}]406[/url]"
    )


@pytest.mark.parametrize(
    "body, status",
    [
        ({"game": "lanternfall"}, 400),
        ({"text": "rule 711"}, 400),
        ({"text": 711, "game": "lanternfall"}, 400),
        ({"text": "x", "game": "lanternfall", "lang": "de"}, 400),
        ({"text": "x", "game": "lanternfall", "version": "v1.4"}, 400),
        ({"text": "x", "game": "lanternfall", "kind": "faq"}, 400),
        ({"text": "x" * 20001, "game": "lanternfall"}, 400),
        ({"text": "x", "game": "no/such"}, 400),
        ({"text": "x", "game": "nope"}, 404),
        ({"text": "x", "game": "lanternfall", "version": "2020-01-01"}, 404),
        ({"text": "x", "game": "lanternfall", "kind": "tournament-rules", "lang": "fr"}, 404),
    ],
)
def test_api_errors_are_json(demo_data, client, body, status):
    response = client.post("/api/v1/linkify", body, content_type="application/json")
    assert response.status_code == status
    assert response.json()["status"] == status and response.json()["error"]


@pytest.mark.parametrize("raw", [b"", b"not json", b"[1, 2]", b"null", b"\xff\xfe"])
def test_api_refuses_bodies_that_are_not_a_json_object(demo_data, client, raw):
    response = client.post("/api/v1/linkify", raw, content_type="application/json")
    assert response.status_code == 400 and response.json()["status"] == 400


def test_tournament_rules_can_be_linked(demo_data, client):
    data = link(client, "rules 502-504 and 204.1", kind="tournament-rules")
    assert numbers(data) == ["502", "503", "504", "204.1"]
    assert data["references"][0]["url"] == f"{HOST}/en/lanternfall/tournament-rules/502/"


def test_name_providers_are_pluggable(demo_data, client, monkeypatch):
    card = engine.Target(
        "card", "lantern-keeper", "Lantern Keeper", "/en/lanternfall/", "Lantern Keeper — a Warden"
    )
    monkeypatch.setitem(engine.NAME_PROVIDERS, "card", lambda document, pinned: [card])
    data = link(client, "Does Lantern Keeper have Swift?")
    assert anchors(data)[0] == ("Lantern Keeper", "lanternfall")
    assert data["references"][0] == {
        "kind": "card",
        "number": "lantern-keeper",
        "title": "Lantern Keeper",
        "url": f"{HOST}/en/lanternfall/",
        "short_url": f"{HOST}/en/lanternfall/",
    }


def test_keyword_names_come_from_the_keyword_chapter(demo_data):
    from rulebook.models import Document

    english = Document.objects.default("lanternfall", "core-rules", "en")
    names = [t.title for t in engine.keyword_names(english)]
    assert names[:3] == ["Echo", "Glimmer", "Haunt"] and len(names) == 11
    french = Document.objects.default("lanternfall", "core-rules", "fr")
    assert "Célérité" in [t.title for t in engine.keyword_names(french)]
    cards = {t.title: t for t in engine.card_names(english)}
    assert (
        len(cards) == 15 and cards["Lantern Warden"].path == "/en/lanternfall/cards/lantern-warden/"
    )
    assert cards["Ashen Bellringer"].preview.startswith("Ashen Bellringer: [Ward 1] [Swift]")


# The HTML page ------------------------------------------------------------------------------


def test_page_get_shows_the_form(demo_data, client):
    response = client.get("/en/linkify/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="csrfmiddlewaretoken"' in html and '<textarea id="id_text" name="text"' in html
    assert 'data-api="/api/v1/linkify"' in html and "/static/rulebook/linkify.js" in html
    assert '<section class="linkify-output"' in html and " hidden>" in html
    assert "<script>" not in html and "style=" not in html  # CSP: no inline script or style


def test_page_post_without_javascript(demo_data, client):
    text = "<b>hi</b> see rule 711 and [Ward 2], 2026-03-30"
    response = client.post("/en/linkify/", {"text": text, "game": "lanternfall"})
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    preview = soup.select_one("[data-output=preview]")
    xref = preview.select_one("a.xref")
    assert xref.get_text() == "rule 711" and xref["href"] == RULE_URL.format("711")
    assert xref.find_next_sibling("span")["class"] == ["xref-preview"]
    assert xref.find_next_sibling("span")["role"] == "tooltip"
    assert preview.find("b") is None and "<b>hi</b>" in preview.get_text()
    markdown = soup.select_one("#linkify-markdown").get_text()
    assert f"[rule 711]({SHORT_URL.format('711')})" in markdown
    assert "[url=" in soup.select_one("#linkify-bbcode").get_text()
    assert "&lt;b&gt;" in soup.select_one("#linkify-html").get_text()  # copyable source
    assert soup.select_one("section.linkify-output").get("hidden") is None


def test_page_post_in_french_and_pinned(demo_data, client):
    response = client.post("/fr/linkify/", {"text": "règle 711", "game": "lanternfall"})
    assert f"{HOST}/fr/lanternfall/rules/711/" in response.content.decode()  # the preview
    assert f"{SHORT_URL.format('711')})" in response.content.decode()  # the Markdown
    pinned = client.post(
        "/en/linkify/", {"text": "rule 509", "game": "lanternfall", "version": "2026-01"}
    )
    assert f"{HOST}/en/lanternfall/rules/2026-01/509/" in pinned.content.decode()
    assert f"{HOST}/r/2026-01/509)" in pinned.content.decode()


def test_page_post_with_errors(demo_data, client):
    response = client.post("/en/linkify/", {"text": "", "game": "nope"})
    assert response.status_code == 400
    assert response.content.decode().count('role="alert"') >= 2
    bad_version = client.post(
        "/en/linkify/", {"text": "x", "game": "lanternfall", "version": "2019-01"}
    )
    assert bad_version.status_code == 400


def test_page_with_javascript_uses_the_api(demo_data, client):
    """What linkify.js sends on submit: the same JSON the API documents, with no cookie."""
    script = client.get("/static/rulebook/linkify.js")
    source = b"".join(script.streaming_content).decode()
    assert 'credentials: "omit"' in source and "JSON.stringify(body)" in source
    data = link(client, "rule 711", lang="en")
    assert set(data) >= {"html", "markdown", "bbcode", "references", "unresolved"}


def test_regexes_do_not_backtrack_badly(demo_data, client):
    text = ("111." * 3000) + " " + ("rules 100, " * 500)
    assert link(client, text[:20000])["html"]
