"""Every internal link answers 200 and lands on the rule it names (issue 14, items 4 and 8).

The crawl is bounded (pages and, on the corpus, seconds) so it stays in the normal suite.
"""

import os

import pytest

from tests.linkcheck import crawl, links_of

pytestmark = pytest.mark.django_db

LANGS = ("en", "fr")
PAGE_TYPES = [
    "/{lang}/",
    "/{lang}/{game}/",
    "/{lang}/{game}/rules/",
    "/{lang}/{game}/keywords/",
    "/{lang}/{game}/faq/",
    "/{lang}/{game}/cards/",
    "/{lang}/{game}/glossary/",
    "/{lang}/{game}/rules/changes/",
    "/{lang}/search/?q=swift",
    "/{lang}/linkify/",
]


def _starts(client, games, extra):
    """Every page type of every game in both languages, where the game has that page (a prose
    game has no FAQ, a game may have one language); the links found are all checked."""
    starts = [p.format(lang=lang, game=g) for lang in LANGS for g in games for p in PAGE_TYPES]
    starts = [url for url in starts if client.get(url).status_code != 404]
    return list(dict.fromkeys(starts + extra))


def _only(prefixes):
    return lambda url: url.startswith(prefixes)


def test_links_of_reads_identity_and_drops_fragments():
    page = '<a href="/en/x/rules/711/#711.1" data-rule="2026-01/509">x</a><a href="https://a.b/">'
    assert links_of(page) == [("/en/x/rules/711/", "2026-01/509")]


def test_demo_site_has_no_broken_or_wrong_rule_links(demo_data, client):
    extra = [
        "/en/lanternfall/rules/711/",
        "/fr/lanternfall/rules/711/",
        "/en/lanternfall/rules/2026-01/509/",  # a pinned old version
        "/en/lanternfall/rules/2026-01/509/compare/",
        "/en/lanternfall/rules/711/compare/",
        "/en/lanternfall/rules/changes/2026-01..2026-05-01/",  # a comparison
        "/en/lanternfall/tournament-rules/",
        "/en/hollowmere/rules/parry/",
    ]
    starts = _starts(client, ["lanternfall", "hollowmere"], extra)
    follow = _only(tuple(f"/{lang}/{g}/" for lang in LANGS for g in ("lanternfall", "hollowmere")))
    result = crawl(client, starts, max_pages=300, follow=follow)
    print(
        f"demo crawl: {result.pages} pages, {result.seen} links read, {result.links} checked, "
        f"{result.checked_identities} identities"
    )
    assert result.failures == []
    assert result.pages >= 150 and result.checked_identities > 50


def test_prose_pages_show_titles_and_no_empty_boxes(demo_data, client):
    html = client.get("/en/hollowmere/rules/parry/").content.decode()
    assert '<aside class="context"' not in html  # no numbered parent to show
    assert '<li><a href="/en/hollowmere/rules/interrupts/"> ' not in html
    nav = html[html.index('class="pager"') :]
    assert "duck-and-weave " not in nav and "riposte " not in nav


def test_prose_history_and_oembed_answer(demo_data, client):
    assert client.get("/en/hollowmere/rules/parry/history/").status_code == 200
    response = client.get("/api/v1/oembed", {"url": "http://testserver/en/hollowmere/rules/parry/"})
    assert response.status_code == 200


@pytest.mark.corpus
def test_corpus_and_warcry_links_answer(corpus_knowledge, client, tmp_path):
    from tests.web.test_prose_game import SEED

    if not SEED.exists():
        pytest.skip("the Warcry seed is not present in ../shared/seeds")
    from django.core.management import call_command

    call_command("ingest", str(SEED), "--game", "warcry", "--doc-version", "2025-11-01", "-v0")
    warcry = crawl(
        client,
        _starts(client, ["warcry"], []),
        max_pages=200,
        follow=_only(("/en/warcry/", "/fr/warcry/")),
    )
    assert warcry.failures == [] and warcry.pages > 20
    extra = [
        "/en/riftbound/rules/813/",
        "/en/riftbound/rules/2025-12-01/739/",
        "/en/riftbound/rules/2025-12-01/739/compare/",
        "/en/riftbound/rules/changes/2026-03-30..2026-07-16/",
    ]
    result = crawl(
        client,
        _starts(client, ["riftbound"], extra),
        max_pages=1500,
        # The bound; the PostgreSQL pass of the test command crawls for less, as the
        # SQLite pass has already walked the same pages with the same code.
        max_seconds=int(os.environ.get("RULEBOOK_LINKCHECK_SECONDS", "300")),
        follow=_only(("/en/riftbound/", "/fr/riftbound/")),
    )
    print(
        f"corpus crawl: {result.pages} pages, {result.seen} links read, {result.links} checked, "
        f"{result.checked_identities} identities, stopped early: {result.stopped_early}"
    )
    assert result.failures == []
    assert result.checked_identities > 50
