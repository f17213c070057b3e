"""The offline reader's server side: service worker, web app manifest, offline page, and the
description of a game's saved copy (which pages hold which rule anchors, and its stamp)."""

import json
import re

import pytest
from django.utils import translation

from rulebook.models import Document, Game, Rule
from rulebook.pages import offline
from rulebook.web import offline_size

pytestmark = pytest.mark.django_db

ANCHORS = re.compile(r'\bid="([^"]+)"')


def saved_copy(client, lang="en", game="lanternfall"):
    response = client.get(f"/{lang}/{game}/offline.json")
    assert response.status_code == 200
    return response.json()


def test_service_worker_is_served_from_the_root_with_a_root_scope(demo_data, client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    body = response.content.decode()
    config = json.loads(re.search(r"^var CONFIG = (\{.*\});$", body, flags=re.M).group(1))
    assert config["offline"] == {"en": "/en/offline/", "fr": "/fr/offline/"}
    assert config["search"] == {"en": "/en/search/", "fr": "/fr/search/"}
    assert any(url.endswith("rulenumbers.js") for url in config["scripts"])
    assert any(url.endswith("site.css") for url in config["shell"])
    assert re.fullmatch(r"[0-9a-f]{12}", config["version"])


def test_content_security_policy_allows_the_worker_and_the_manifest(demo_data, client):
    policy = client.get("/en/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy


def test_web_app_manifest_names_the_app_and_its_icons(demo_data, client):
    response = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == "Rulebook" and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone" and manifest["lang"] == "fr"
    assert "règle" in manifest["description"]
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_every_page_links_the_manifest_icons_and_offline_script(demo_data, client):
    html = client.get("/en/lanternfall/rules/310/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'rel="icon"' in html and 'rel="apple-touch-icon"' in html
    assert re.search(r'<script src="[^"]*offline\.js" data-sw="/sw\.js" defer>', html)
    assert '<template id="rule-menu-template">' in html


@pytest.mark.parametrize("lang, title", [("en", "Offline reading"), ("fr", "Lecture hors ligne")])
def test_offline_page_in_each_language(demo_data, client, lang, title):
    response = client.get(f"/{lang}/offline/")
    html = response.content.decode()
    assert response.status_code == 200 and f"<h1>{title}</h1>" in html
    assert '<meta name="robots" content="noindex">' in html
    assert 'class="offline-copies" hidden' in html


def test_game_page_offers_saving_with_the_current_stamp(demo_data, client):
    html = client.get("/en/lanternfall/").content.decode()
    panel = re.search(r'<section class="offline-panel"[^>]*>', html).group(0)
    assert " hidden " in panel  # shown by offline.js only where it can work
    assert 'data-manifest="/en/lanternfall/offline.json"' in panel
    stamp = re.search(r'data-stamp="([0-9a-f]{16})"', panel).group(1)
    assert saved_copy(client)["stamp"] == stamp
    assert 'data-action="remove"' in html and 'data-action="update"' in html


def test_no_save_panel_where_the_language_has_no_rules(demo_data, client):
    assert "offline-panel" not in client.get("/fr/hollowmere/").content.decode()
    assert client.get("/fr/hollowmere/offline.json").status_code == 404
    assert client.get("/en/no-such-game/offline.json").status_code == 404


def test_saved_copy_lists_home_contents_keywords_and_sections(demo_data, client):
    copy = saved_copy(client)
    assert copy["version"] == "2026-05-01" and copy["lang"] == "en"
    assert copy["urls"][:3] == [
        "/en/lanternfall/",
        "/en/lanternfall/rules/",
        "/en/lanternfall/keywords/",
    ]
    assert "/en/lanternfall/keywords/ward/" in copy["urls"]
    assert "/en/lanternfall/rules/310/" in copy["urls"]
    assert len(copy["urls"]) == len(set(copy["urls"]))
    assert copy["assets"] and all(url.startswith("/static/") for url in copy["assets"])
    # Section pages, not one URL per rule.
    rules = Rule.objects.filter(document__game__slug="lanternfall", document__language="en")
    newest = rules.filter(document__version="2026-05-01")
    assert len(copy["rules"]["pages"]) < newest.count() / 4


def _page_anchors(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return set(ANCHORS.findall(response.content.decode()))


@pytest.mark.parametrize(
    "lang, game", [("en", "lanternfall"), ("fr", "lanternfall"), ("en", "hollowmere")]
)
def test_every_rule_is_on_exactly_one_saved_page_with_its_anchor(demo_data, client, lang, game):
    copy = saved_copy(client, lang, game)
    document = Document.objects.default(game, "core-rules", lang)
    expected = set(document.rules.filter(occurrence=1).values_list("number", flat=True))
    seen = [number for page in copy["rules"]["pages"] for number in page["numbers"]]
    assert len(seen) == len(set(seen)) and set(seen) == expected
    for page in copy["rules"]["pages"]:
        assert page["url"] in copy["urls"]
        anchors = _page_anchors(client, page["url"])
        missing = [n for n in page["numbers"] if page.get("prefix", "") + n not in anchors]
        assert missing == [], page["url"]


def test_chapter_headings_point_at_their_entry_in_the_contents(demo_data, client):
    copy = saved_copy(client)
    toc = [page for page in copy["rules"]["pages"] if page["url"] == "/en/lanternfall/rules/"]
    assert toc[0]["prefix"] == "toc-" and {"100", "700"} <= set(toc[0]["numbers"])
    # A chapter's own rules outside its sections get the page of their outermost number.
    page_of = {n: page["url"] for page in copy["rules"]["pages"] for n in page["numbers"]}
    assert page_of["701.2"] == "/en/lanternfall/rules/701/"
    assert page_of["711.2"] == "/en/lanternfall/rules/711/"
    assert page_of["312"] == "/en/lanternfall/rules/310/"  # a step heading inside section 310


def test_french_copy_uses_french_urls_and_keyword_slugs(demo_data, client):
    copy = saved_copy(client, "fr")
    assert copy["home"] == "/fr/lanternfall/" and copy["offline"] == "/fr/offline/"
    assert "/fr/lanternfall/keywords/celerite/" in copy["urls"]
    # Everything in French but the English rules, which a French copy holds too.
    english = {url for group in copy["groups"] if group["lang"] == "en" for url in group["urls"]}
    assert english and all(url.startswith("/en/lanternfall/") for url in english)
    assert all(url.startswith("/fr/") for url in copy["urls"] if url not in english)


def test_stamp_changes_when_a_newer_rules_version_arrives(demo_data, client):
    game = Game.objects.get(slug="lanternfall")
    before = offline.stamp(game, "en")
    assert before == offline.stamp(game, "en")
    Document.objects.create(
        game=game,
        kind="core-rules",
        language="en",
        version="2026-09-01",
        source_name="next.md",
        content_hash="f" * 64,
    )
    after = offline.stamp(game, "en")
    assert after != before
    html = client.get("/en/lanternfall/").content.decode()
    assert f'data-stamp="{after}"' in html and "version 2026-09-01" in html
    assert offline.stamp(game, "fr") == offline.stamp(game, "fr") != after


def test_corpus_copy_maps_sub_rules_to_their_section(corpus_data, client):
    copy = saved_copy(client, "en", "riftbound")
    page_of = {n: page["url"] for page in copy["rules"]["pages"] for n in page["numbers"]}
    assert page_of["813.1.c"] == "/en/riftbound/rules/813/"
    assert page_of["801.3.a.1"] == "/en/riftbound/rules/801/"
    assert page_of["800"] == "/en/riftbound/rules/"
    rules = [g for g in copy["groups"] if g["kind"] in ("sections", "keywords", "contents")]
    assert sum(len(g["urls"]) for g in rules if g["lang"] == "en") < 300  # not a URL per rule
    anchors = _page_anchors(client, "/en/riftbound/rules/813/")
    assert {"813", "813.1.c", "813.1.c.2"} <= anchors


def test_saved_copy_holds_what_a_table_needs(demo_data, client):
    copy = saved_copy(client)
    kinds = {(group["kind"], group["lang"]): group["urls"] for group in copy["groups"]}
    assert set(kinds) == {
        *(
            (kind, lang)
            for kind in ("home", "contents", "keywords", "sections")
            for lang in "en fr".split()
        ),
        ("card-lists", "en"),
        ("cards", "en"),
        ("faq", "en"),
        ("glossary", "en"),
    }
    assert "/fr/lanternfall/rules/310/" in kinds[("sections", "fr")]
    assert "/en/lanternfall/cards/lantern-warden/" in kinds[("cards", "en")]
    assert kinds[("card-lists", "en")] == ["/en/lanternfall/cards/"]
    assert kinds[("faq", "en")][0] == "/en/lanternfall/faq/"
    assert "/en/lanternfall/faq/official/shrouded-paths-faq/" in kinds[("faq", "en")]
    assert kinds[("glossary", "en")] == ["/en/lanternfall/glossary/"]
    assert sorted(copy["urls"]) == sorted(url for urls in kinds.values() for url in urls)
    for url in copy["urls"]:
        assert client.get(url).status_code == 200, url
    books = {book["lang"]: book for book in copy["books"]}
    assert books["fr"]["toc"] == "/fr/lanternfall/rules/" and books["en"]["rules"] == copy["rules"]
    fr_pages = {n: page["url"] for page in books["fr"]["rules"]["pages"] for n in page["numbers"]}
    assert fr_pages["711.2"] == "/fr/lanternfall/rules/711/"
    assert copy["images"] and all(url.startswith("https://") for url in copy["images"])


def test_card_lists_are_saved_page_by_page(demo_data, client, monkeypatch):
    monkeypatch.setattr(offline, "CARDS_PER_PAGE", 4)
    game = Game.objects.get(slug="lanternfall")
    with translation.override("en"):
        groups = {
            group["kind"]: group["urls"] for group in offline.saved_copy(game, "en")["groups"]
        }
    pages = -(-len(groups["cards"]) // 4)
    assert groups["card-lists"] == [
        "/en/lanternfall/cards/",
        *(f"/en/lanternfall/cards/?page={n}" for n in range(2, pages + 1)),
    ]


def test_size_is_measured_once_per_data_generation(demo_data, client, monkeypatch):
    copy = saved_copy(client)
    size = copy["size"]
    assert size["pages"] == len(copy["urls"]) and size["bytes"] > 0
    by_kind = {(kind["kind"], kind["lang"]): kind for kind in size["kinds"]}
    assert by_kind[("glossary", "en")]["bytes"] == len(
        client.get("/en/lanternfall/glossary/").content
    )
    sections = by_kind[("sections", "en")]
    assert sections["pages"] > offline_size.SAMPLES and sections["bytes"] > sections["pages"] * 1000
    measured = []
    monkeypatch.setattr(
        offline_size, "served_size", lambda url, request: measured.append(url) or 1000
    )
    assert saved_copy(client)["size"] == size and measured == []  # kept: nothing served again


def test_worker_may_fetch_and_show_card_images(demo_data, client):
    response = client.get("/sw.js")
    # Other games' card hosts may sit beside the demo's (a corpus ingested in this process).
    parts = (p.strip().partition(" ") for p in response["Content-Security-Policy"].split(";"))
    directives = {name: value for name, _, value in parts}
    assert {"'self'", "https://example.org"} <= set(directives["img-src"].split())
    assert {"'self'", "https://example.org"} <= set(directives["connect-src"].split())
    config = json.loads(
        re.search(r"^var CONFIG = (\{.*\});$", response.content.decode(), flags=re.M).group(1)
    )
    assert "https://example.org" in config["imageHosts"]
