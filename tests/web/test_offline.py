"""The offline reader's server side: service worker, web app manifest, offline page, and the
description of a game's saved copy (which pages hold which rule anchors, and its stamp)."""

import json
import re

import pytest

from rulebook.models import Document, Game, Rule
from rulebook.pages import offline

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
    assert all(url.startswith("/fr/") for url in copy["urls"])


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
    assert len(copy["urls"]) < 300
    anchors = _page_anchors(client, "/en/riftbound/rules/813/")
    assert {"813", "813.1.c", "813.1.c.2"} <= anchors
