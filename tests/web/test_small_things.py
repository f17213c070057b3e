"""The small things of issue 32 item 7: one breadcrumb pattern, no maintainers' link on rule
pages, history wording that agrees with itself, short links as players type them."""

import re

import pytest

pytestmark = pytest.mark.django_db

# One page of each type that has breadcrumbs, with what follows "Home › Lanternfall".
PAGES = {
    "/en/lanternfall/": [],
    "/en/lanternfall/rules/": [],
    "/en/lanternfall/rules/2026-01/": [],
    "/en/lanternfall/rules/310/": ["Core Rules"],
    "/en/lanternfall/rules/124.1/": ["Core Rules"],
    "/en/lanternfall/rules/2026-01/310/": ["Core Rules"],
    "/en/lanternfall/rules/310/history/": ["Core Rules"],
    "/en/lanternfall/rules/310/compare/": ["Core Rules"],
    "/en/lanternfall/rules/changes/": ["Core Rules"],
    "/en/lanternfall/rules/changes/2026-01..2026-05-01/": ["Core Rules", "Changes"],
    "/en/lanternfall/glossary/": [],
    "/en/lanternfall/keywords/": [],
    "/en/lanternfall/keywords/swift/": ["Keywords"],
    "/en/lanternfall/faq/": [],
    "/en/lanternfall/faq/cards/lantern-warden/": ["FAQ"],
    "/en/lanternfall/faq/official/shrouded-paths-faq/": ["FAQ"],
    "/en/lanternfall/cards/": [],
    "/en/lanternfall/cards/lantern-warden/": ["Cards"],
}


def _crumbs(html: str) -> list[str]:
    nav = re.search(r'<nav class="breadcrumbs".*?</nav>', html, re.S).group(0)
    items = re.findall(r"<li[^>]*>(.*?)</li>", nav, re.S)
    return [re.sub(r"<[^>]+>", "", item).strip() for item in items]


@pytest.mark.parametrize("url", PAGES)
def test_every_page_type_has_one_breadcrumb_pattern(demo_data, client, url):
    response = client.get(url)
    assert response.status_code == 200
    crumbs = _crumbs(response.content.decode())
    if url == "/en/lanternfall/":
        assert crumbs == ["Home", "Lanternfall"]
        return
    assert crumbs[:2] == ["Home", "Lanternfall"], crumbs
    assert crumbs[2 : 2 + len(PAGES[url])] == PAGES[url], crumbs
    assert len(crumbs) > 2 + len(PAGES[url]), "and the page itself last"


def test_rule_pages_link_no_source_notes_and_the_parameter_still_shows_them(demo_data, client):
    html = client.get("/en/lanternfall/rules/210/").content.decode()
    assert "Source notes" not in html and "notes=1" not in html
    noted = client.get("/en/lanternfall/rules/210/?notes=1").content.decode()
    assert 'class="repair-note"' in noted and "Hide source notes" in noted


def _steps(html: str) -> list[str]:
    return re.findall(
        r'<li class="timeline-step".*?</h2>.*?(?=<li class="timeline-step"|</ol>)', html, re.S
    )


def test_history_says_text_unchanged_above_the_changes_below_the_rule(demo_data, client):
    html = client.get("/en/lanternfall/rules/103/history/").content.decode()
    found = [s for s in _steps(html) if "below this rule" in s]
    assert found, "103 keeps its text; 103.2 is reworded in 2026-05-01"
    for step in found:
        badge = re.search(r'<span class="badge cls">([^<]*)</span>', step)
        assert badge is None or badge.group(1) != "unchanged", "unchanged, then 2 changes"
    assert any('<span class="badge cls">text unchanged</span>' in s for s in found)


@pytest.mark.parametrize(
    "typed", ["211-1", "211.1", "211%201", "211 1", "211-1/", "r211-1", "211 - 1"]
)
def test_short_links_read_hyphens_and_spaces_as_separators(demo_data, client, settings, typed):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"
    response = client.get(f"/r/{typed}".rstrip("/"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302, typed
    assert response["Location"] == "/en/lanternfall/rules/211.1/"


def test_a_hyphen_before_three_digits_is_a_range_not_a_part(demo_data, client, settings):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"
    assert client.get("/r/405-407", HTTP_ACCEPT_LANGUAGE="en").status_code == 404


def test_typed_numbers():
    from ingest.numbers import normalise, typed

    assert typed("813-1-c-2") == typed("813.1 c 2") == typed("813 1 c 2") == "813.1.c.2"
    assert typed("rule 402-1") == typed("402–1") == "402.1"
    assert typed("405-407") is None and typed("402 2 players") is None
    assert normalise("405-407") is None, "the documents' own reading is unchanged"


def test_a_search_for_a_hyphenated_number_opens_the_rule(demo_data, demo_index, client):
    response = client.get("/en/search/?q=402-1&game=lanternfall")
    assert response.status_code == 302
    assert response["Location"].startswith("/en/lanternfall/rules/402.1/")
