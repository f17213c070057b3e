"""What a reader sees of issue 32 items 3 and 7, in Chromium: term links, breadcrumbs, no
maintainers' link, history wording, same-page links, short links and the home search."""

import pytest

from tests.served import serve_data_dir

pytestmark = pytest.mark.browser


def _crumbs(page) -> list[str]:
    return [t.strip() for t in page.locator("nav.breadcrumbs li").all_inner_texts()]


def test_contents_and_rule_pages_share_one_breadcrumb_pattern(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/")
    assert _crumbs(page) == ["Home", "Lanternfall", "Core Rules"]
    page.goto(f"{server_url}/en/lanternfall/rules/124.1/")
    assert _crumbs(page)[:3] == ["Home", "Lanternfall", "Core Rules"]
    page.goto(f"{server_url}/en/lanternfall/rules/124/history/")
    assert _crumbs(page)[:3] == ["Home", "Lanternfall", "Core Rules"]
    page.locator("nav.breadcrumbs a", has_text="Home").click()
    page.wait_for_url(f"{server_url}/en/")


def test_a_rule_page_offers_no_source_notes(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/210/")
    assert page.get_by_text("Source notes").count() == 0
    page.goto(f"{server_url}/en/lanternfall/rules/210/?notes=1")
    assert page.get_by_role("link", name="Hide source notes").is_visible()


def test_history_does_not_say_unchanged_above_changes(server_url, page):
    page.goto(f"{server_url}/en/lanternfall/rules/103/history/")
    step = page.locator(".timeline-step", has_text="below this rule").first
    assert step.locator(".badge.cls").first.inner_text() == "text unchanged"


@pytest.fixture(scope="module")
def faq_server_url(tmp_path_factory, corpus_dir):
    """The newest English rules and the official FAQ articles (skipped without ../shared)."""
    rules = corpus_dir / "core-rules" / "en" / "2026-07-16_v1.4.json"
    faq = corpus_dir / "faq" / "official-faqs.json"
    if not (rules.is_file() and faq.is_file()):
        pytest.skip("the 2026-07-16 rules or the official FAQ are not in ../shared/corpus")
    loads = [("ingest", str(path), "--game", "riftbound", "-v0") for path in (rules, faq)]
    yield from serve_data_dir(tmp_path_factory.mktemp("browser-faq"), *loads)


def _dead_fragments(page, base: str, game: str) -> dict[str, list[str]]:
    page.goto(f"{base}/en/{game}/faq/")
    urls = page.eval_on_selector_all(
        f'main a[href*="/{game}/faq/"]',
        "links => [...new Set(links.map(a => a.href.split('#')[0]))]",
    )
    assert urls
    dead = {}
    for url in urls:
        page.goto(url)
        missing = page.eval_on_selector_all(
            'a[href^="#"]',
            "links => links.map(a => decodeURIComponent(a.getAttribute('href').slice(1)))"
            ".filter(id => !document.getElementById(id))",
        )
        if missing:
            dead[url] = missing
    return dead


def test_every_same_page_link_of_the_faq_pages_has_a_target(server_url, page):
    assert _dead_fragments(page, server_url, "lanternfall") == {}


def test_the_official_faq_skip_link_lands_on_the_questions(faq_server_url, page):
    assert _dead_fragments(page, faq_server_url, "riftbound") == {}
    page.goto(f"{faq_server_url}/en/riftbound/faq/official/unleashed-rules-faq-and-clarifications/")
    page.locator(".faq-intro a", has_text="Frequently Asked Questions").click()
    target = page.evaluate("location.hash.slice(1)")
    section = page.locator(f'[id="{target}"] .faq-section')
    assert section.inner_text() == "Frequently Asked Questions"


@pytest.mark.parametrize("typed", ["211-1", "211 1", "211.1%20"])
def test_short_links_as_players_type_them(server_url, page, typed):
    page.goto(f"{server_url}/r/{typed}")
    assert page.url == f"{server_url}/en/lanternfall/rules/211.1/"
    assert page.locator('[id="211.1"]').is_visible()


def test_the_home_search_shows_the_game_last_read_first(server_url, page):
    page.goto(f"{server_url}/en/hollowmere/")
    page.goto(f"{server_url}/en/")
    page.fill("#home-q", "target")
    page.locator("form.big-search button").click()
    page.wait_for_url("**/search/**")
    names = [t.strip() for t in page.locator(".search-game-name").all_inner_texts()]
    assert names == ["Hollowmere", "Lanternfall"]
    first = page.locator(".search-game").first.locator(".badge-game")
    assert set(first.all_inner_texts()) == {"Hollowmere"}


def test_813_reaction_links_no_term_to_itself(corpus_server_url, page):
    page.goto(f"{corpus_server_url}/en/riftbound/rules/813/")
    targets = page.eval_on_selector_all("a.term", "links => links.map(a => a.dataset.target)")
    assert targets and not [t for t in targets if t == "813" or t.startswith("813.")]
    row = page.locator('[id="813.1.a"] a.term')
    assert "Rune Abilities" in row.all_inner_texts()
