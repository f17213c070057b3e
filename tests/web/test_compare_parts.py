"""Languages side by side in parts: a long span is cut as the rule pages cut theirs, and every
rule stays reachable without JavaScript (next/previous links, and each section linked on the
part that holds it)."""

import re
import uuid
from html import unescape

import pytest

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<div class="compare-row(?! compare-head)[^"]*" role="row">')
CELL_ID = re.compile(r'id="((?:en|fr)-[^"]+)"')
NEXT = re.compile(r'<a rel="next" href="\?part=(\d+)">')
SECTION = re.compile(r'<li><a href="([^"#]*)#([^"]+)"><span class="num">')


def _parts(client, base):
    """Every part's HTML, following the "next part" links from the first."""
    pages, url = [], base
    while url:
        response = client.get(url)
        assert response.status_code == 200, url
        pages.append(response.content.decode())
        following = NEXT.search(pages[-1])
        url = f"{base}?part={following.group(1)}" if following else None
    return pages


def _ids(html):
    return [i for i in CELL_ID.findall(html) if not i.endswith("-missing")]


def test_a_long_span_is_shown_in_parts_that_hold_every_row(demo_data, client, settings):
    base = "/fr/lanternfall/rules/300/compare/"
    settings.RULEBOOK_SECTION_PART_SIZE = 10_000
    whole = client.get(base).content.decode()
    rows = len(ROW.findall(whole))
    assert rows > 8 and "?part=" not in whole
    settings.RULEBOOK_SECTION_PART_SIZE = 4
    settings.RULEBOOK_PAGE_FORMAT = uuid.uuid4().hex  # not the page kept a moment ago
    pages = _parts(client, base)
    assert len(pages) == -(-rows // 4)
    assert all(0 < len(ROW.findall(page)) <= 4 for page in pages)
    assert [i for page in pages for i in _ids(page)] == _ids(whole)
    assert f"Partie 2 sur {len(pages)}" in pages[1] or f"Part 2 of {len(pages)}" in pages[1]


def test_each_section_link_lands_on_the_part_that_holds_it(demo_data, client, settings):
    base = "/en/lanternfall/rules/300/compare/"
    settings.RULEBOOK_SECTION_PART_SIZE = 4
    settings.RULEBOOK_PAGE_FORMAT = uuid.uuid4().hex
    first = client.get(base).content.decode()
    links = SECTION.findall(first)
    assert len(links) > 1
    for href, anchor in links:
        url = base + unescape(href) if href.startswith("?") else base
        html = client.get(url).content.decode()
        assert f'id="{anchor}"' in html, (href, anchor)


@pytest.mark.parametrize("part", ["0", "99", "x", "²", "-1", "1.5"])
def test_no_such_part_is_a_404(demo_data, client, settings, part):
    settings.RULEBOOK_SECTION_PART_SIZE = 4
    settings.RULEBOOK_PAGE_FORMAT = uuid.uuid4().hex
    assert client.get(f"/en/lanternfall/rules/300/compare/?part={part}").status_code == 404


def test_a_superscript_digit_is_no_part_of_a_rule_page_either(demo_data, client):
    assert client.get("/en/lanternfall/rules/300/?part=²").status_code == 404


@pytest.mark.corpus
def test_the_french_chapter_300_side_by_side_is_under_300_kb_a_part(corpus_data, client):
    base = "/fr/riftbound/rules/300/compare/"
    pages = _parts(client, base)
    assert len(pages) > 1
    assert all(len(page.encode()) < 300 * 1024 for page in pages)
    ids = [i for page in pages for i in _ids(page)]
    assert len(ids) == len(set(ids)) > 2000  # both languages of the chapter's rules
    for href, anchor in SECTION.findall(pages[0])[::15]:
        url = base + unescape(href) if href.startswith("?") else base
        assert f'id="{anchor}"' in client.get(url).content.decode(), anchor
