"""Rule pages on the bundled demo game: structure, links, versions, short links, headers."""

import re

import pytest

from rulebook.models import Document

pytestmark = pytest.mark.django_db

IDS = re.compile(r'<div class="rule [^"]*" id="([^"]+)"')


def ids(response):
    return IDS.findall(response.content.decode())


def test_home_lists_games_documents_and_versions(demo_data, client):
    html = client.get("/en/").content.decode()
    assert "Lanternfall" in html and "2026-05-01" in html and "2026-01" in html
    assert 'action="/en/search/"' in html


def test_root_renders_home_in_the_negotiated_language(demo_data, client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    assert '<html lang="fr">' in response.content.decode()


def test_table_of_contents_has_chapters_sections_and_counts(demo_data, client):
    response = client.get("/en/lanternfall/rules/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "2026-05-01" in html
    for number in ["000", "100", "700", "310", "410"]:
        assert f'href="/en/lanternfall/rules/{number}/"' in html
    assert re.search(r'310</span> Resolving a Rite</a> <span class="count"[^>]*>\d+</span>', html)


def test_section_heading_shows_its_steps(demo_data, client):
    numbers = ids(client.get("/en/lanternfall/rules/310/"))
    assert numbers[0] == "310"
    for step in ["311", "312", "313", "314", "315", "316"]:
        assert step in numbers
    assert "401" not in numbers


def test_sub_rule_page_shows_its_ancestors(demo_data, client):
    html = client.get("/en/lanternfall/rules/132.1.b.2/").content.decode()
    assert 'id="132.1.b.2"' in html and 'id="132.1.b.2.a"' in html
    assert 'class="context"' in html
    for ancestor in ["132", "132.1", "132.1.b"]:
        assert f'href="/en/lanternfall/rules/{ancestor}/"' in html


def test_sorting_puts_108_9_before_108_10(demo_data, client):
    numbers = ids(client.get("/en/lanternfall/rules/108/"))
    assert numbers.index("108.9") < numbers.index("108.10")


def test_loose_number_redirects_to_normal_form(demo_data, client):
    response = client.get("/en/lanternfall/rules/132.1b2a/")
    assert response.status_code == 301
    assert response["Location"] == "/en/lanternfall/rules/132.1.b.2.a/"


def test_unknown_rule_is_a_404_with_nearest_rules(demo_data, client):
    response = client.get("/en/lanternfall/rules/488/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "There is no rule 488" in html and "Nearest rules" in html


def test_repeated_number_gets_a_second_anchor_once(demo_data, client):
    numbers = ids(client.get("/en/lanternfall/rules/214/"))
    assert numbers.count("214") == 1 and numbers.count("214~2") == 1


def test_cross_references_link_and_preview(demo_data, client):
    html = client.get("/en/lanternfall/rules/124/").content.decode()
    link = re.search(
        r'<a class="xref" href="/en/lanternfall/rules/711/"[^>]*>([^<]+)</a>'
        r'<span class="xref-preview" role="tooltip">711 ',
        html,
    )
    assert link and "711" in link.group(1)


def test_referenced_by(demo_data, client):
    html = client.get("/en/lanternfall/rules/711/").content.decode()
    assert "Referenced by" in html
    assert 'href="/en/lanternfall/rules/124.1/"' in html


def test_ranges_and_lists_link_every_target(demo_data):
    from rulebook.models import Reference

    doc = Document.objects.get(game__slug="lanternfall", language="en", version="2026-05-01")
    targets = set(
        Reference.objects.filter(source__document=doc, source__number="306").values_list(
            "target_number", flat=True
        )
    )
    assert {"311", "312", "313", "314", "315", "316"} <= targets
    unresolved = doc.report["unresolved_references"]
    assert [r["target"] for r in unresolved] == ["488"]


def test_version_switcher_and_pinned_permalinks(demo_data, client):
    html = client.get("/en/lanternfall/rules/711/").content.decode()
    assert 'href="/en/lanternfall/rules/2026-05-01/711/"' in html
    assert "2026-01" in html  # the older version is listed (711 absent there)
    old = client.get("/en/lanternfall/rules/2026-01/509/")
    assert old.status_code == 200 and 'id="509"' in old.content.decode()
    assert client.get("/en/lanternfall/rules/2026-01/").status_code == 200


def test_previous_and_next_sections(demo_data, client):
    html = client.get("/en/lanternfall/rules/310/").content.decode()
    assert 'rel="prev" href="/en/lanternfall/rules/303/"' in html
    assert 'rel="next"' in html


def test_french_document_is_served_under_fr(demo_data, client):
    html = client.get("/fr/lanternfall/rules/406.1/").content.decode()
    assert '<html lang="fr">' in html and 'id="406.1.b"' in html


def test_tournament_rules_browse(demo_data, client):
    assert client.get("/en/lanternfall/tournament-rules/").status_code == 200
    response = client.get("/en/lanternfall/tournament-rules/103/")
    assert response.status_code == 200 and 'id="103.2"' in response.content.decode()


def test_short_link_uses_accept_language_and_default_game(demo_data, client, settings):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"
    response = client.get("/r/132.1b2a")
    assert response.status_code == 302
    assert response["Location"] == "/en/lanternfall/rules/132.1.b.2.a/"
    french = client.get("/r/CR 406.1.b", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert french["Location"] == "/fr/lanternfall/rules/406.1.b/"
    pinned = client.get("/r/509?version=2026-01")
    assert pinned["Location"] == "/en/lanternfall/rules/2026-01/509/"


def test_short_link_unknown_number_suggests_nearest(demo_data, client, settings):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"
    response = client.get("/r/488")
    assert response.status_code == 404 and "Nearest rules" in response.content.decode()
    assert client.get("/r/not-a-number").status_code == 404


def test_canonical_sitemap_and_robots(demo_data, client):
    html = client.get("/en/lanternfall/rules/2026-05-01/711/").content.decode()
    assert '<link rel="canonical" href="http://testserver/en/lanternfall/rules/711/">' in html
    old = client.get("/en/lanternfall/rules/2026-01/509/").content.decode()
    assert 'rel="canonical" href="http://testserver/en/lanternfall/rules/2026-01/509/"' in old
    sitemap = client.get("/sitemap.xml").content.decode()
    assert "<loc>http://testserver/en/lanternfall/rules/711/</loc>" in sitemap
    robots = client.get("/robots.txt").content.decode()
    assert "Sitemap: http://testserver/sitemap.xml" in robots and "Disallow: /admin/" in robots


def test_security_headers(demo_data, client):
    response = client.get("/en/lanternfall/rules/711/")
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_admin_requires_login(client):
    response = client.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_rule_text_is_escaped(client, tmp_path):
    from django.core.management import call_command

    path = tmp_path / "evil_2026-02-02.md"
    path.write_text(
        "## 100. Basics\n\n101. <script>alert(1)</script> See rule 102.\n"
        "102. <img src=x onerror=alert(2)>\n",
        encoding="utf-8",
    )
    call_command("ingest", str(path), "--game", "evil", "--language", "en", "-v0")
    html = client.get("/en/evil/rules/101/").content.decode()
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<img src=x" not in html


def test_open_graph_and_twitter_meta(demo_data, client):
    html = client.get("/en/lanternfall/rules/2026-05-01/124.1/").content.decode()
    title = re.search(r'<meta property="og:title" content="([^"]+)">', html).group(1)
    description = re.search(r'<meta property="og:description" content="([^"]*)">', html).group(1)
    assert title.startswith("124.1") and "2026-05-01" in title
    assert description and len(description) <= 201
    og_url = "http://testserver/en/lanternfall/rules/124.1/"
    assert f'<meta property="og:url" content="{og_url}">' in html
    assert '<meta name="twitter:card" content="summary">' in html
    assert 'rel="alternate" type="application/json+oembed"' in html
    assert '<link rel="search" type="application/opensearchdescription+xml"' in html


def test_pages_render_before_collectstatic(demo_data, client, settings, tmp_path):
    """Production storage without a manifest (collectstatic not run): pages still render."""
    settings.STATIC_ROOT = tmp_path / "empty-static"  # Django resets the storage on change
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "rulebook.web.storage.ForgivingManifestStorage"},
    }
    response = client.get("/en/lanternfall/rules/310/")
    assert response.status_code == 200
    assert "/static/rulebook/site.css" in response.content.decode()
