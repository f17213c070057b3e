"""Every same-page link of the FAQ pages leads to an element of the page (issue 32 item 7).

The official Unleashed FAQ says "skip down to the Frequently Asked Questions section" with a
link to ``#FAQ``, a heading of the publisher's page that no page here has.
"""

import html
import re
from types import SimpleNamespace

import pytest

from rulebook.pages.fragments import settle_faq_page

HREF_RE = re.compile(r'href="#([^"]*)"')
ID_RE = re.compile(r'\sid="([^"]*)"')


def _dead_fragments(client, game: str, language: str) -> dict[str, list[str]]:
    index = client.get(f"/{language}/{game}/faq/").content.decode()
    urls = sorted(set(re.findall(rf'href="(/{language}/{game}/faq/[^"?#]+)"', index)))
    assert urls, "the FAQ index links its pages"
    dead = {}
    for url in urls:
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.content.decode()
        ids = {html.unescape(i) for i in ID_RE.findall(text)}
        missing = [f for f in map(html.unescape, HREF_RE.findall(text)) if f not in ids]
        if missing:
            dead[url] = missing
    return dead


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_fragment_on_the_demo_faq_pages_resolves(demo_data, client, language):
    assert _dead_fragments(client, "lanternfall", language) == {}


@pytest.mark.django_db
def test_every_fragment_on_the_real_faq_pages_resolves(corpus_knowledge, client):
    assert _dead_fragments(client, "riftbound", "en") == {}
    page = client.get("/en/riftbound/faq/official/unleashed-rules-faq-and-clarifications/")
    intro = re.search(r'<div class="faq-intro".*?</div>', page.content.decode(), re.S).group(0)
    link = re.search(r'<a href="#([^"]+)">Frequently Asked Questions</a>', intro)
    assert link, "the skip link is kept, leading to the first question of that section"


def _item(anchor, question, section, answer=""):
    entry = SimpleNamespace(anchor=anchor, question=question, section=section)
    return SimpleNamespace(entry=entry, answer_html=answer)


def test_a_fragment_is_read_by_its_words_its_initials_or_dropped():
    items = [
        _item("legion", "Legion", "Legion"),
        _item("what-happens", "What happens when…?", "Frequently Asked Questions"),
        _item(
            "and-then", "And then?", "Frequently Asked Questions", 'See <a href="#legion">it</a>'
        ),
    ]
    intro = (
        'Skip to the <a href="#FAQ">Frequently Asked Questions</a>, '
        'the <a href="#FAQ">rulings</a>, the <a href="#Legion-section">section</a> '
        'or <a href="#gone">nothing</a>.'
    )
    assert settle_faq_page(intro, items) == (
        'Skip to the <a href="#what-happens">Frequently Asked Questions</a>, '
        'the <a href="#what-happens">rulings</a>, the section or nothing.'
    )
    assert items[2].answer_html == 'See <a href="#legion">it</a>', "an existing anchor stays"
