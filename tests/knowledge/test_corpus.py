"""The real Riftbound sources (../shared/corpus); skipped when that directory is absent.

The figures asserted here were counted from the sources, so a change means the data or a
parser changed and the report should say which.
"""

from __future__ import annotations

import json

import pytest

from ingest.knowledge.cards import parse_banned, parse_gallery
from ingest.knowledge.community import parse_community
from ingest.knowledge.errata import parse_errata
from ingest.knowledge.keywords import derive_keywords, granted_keywords
from ingest.knowledge.official import parse_official

pytestmark = pytest.mark.corpus


def _read(corpus_dir, *parts) -> str:
    return corpus_dir.joinpath(*parts).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def rules_en(corpus_dir):
    return json.loads(_read(corpus_dir, "core-rules", "en", "2026-07-16_v1.4.json"))


@pytest.fixture(scope="module")
def keywords_en(rules_en):
    return derive_keywords(rules_en)


@pytest.fixture(scope="module")
def community(corpus_dir, keywords_en):
    return parse_community(
        _read(corpus_dir, "faq", "riftboundfaq-community.mdx.md"), keywords=keywords_en
    )


@pytest.fixture(scope="module")
def gallery(corpus_dir, keywords_en):
    banned = parse_banned(_read(corpus_dir, "cards", "banned-cards.json"))
    return parse_gallery(
        _read(corpus_dir, "cards", "card-gallery_2026-03-28.json"),
        banned=banned,
        known_keywords=[k.name for k in keywords_en],
    )


def test_community_counts(community):
    entries = community.entries
    assert len(community.pages) == 62
    assert len(entries) == 163
    assert len({entry.key for entry in entries}) == 163
    assert sum(len(entry.rule_citations) for entry in entries) == 805
    assert all(citation for entry in entries for citation in entry.rule_citations)
    assert [page.slug for page in community.pages if page.is_index] == ["index"]
    assert community.findings == []  # every tag in the file is in the table


def test_rendered_answers_use_only_our_markup(community):
    import re

    from ingest.knowledge.render import render_answer_html

    allowed = {"p", "a", "strong", "em", "ul", "ol", "li", "aside", "span"}
    allowed |= {"svg", "path", "circle", "rect", "text"}  # the labelled symbol icons
    for entry in community.entries:
        out = render_answer_html(entry, str, str, str)
        assert set(re.findall(r"</?([A-Za-z]+)", out)) <= allowed, entry.key
        assert not re.search(r"&lt;/?[A-Z]", out), entry.key  # no MDX tag leaked as text


def test_anchor_repeats_across_pages(community):
    pages = [e.page_slug for e in community.entries if e.anchor == "optional-additional-costs"]
    assert len(pages) == 4


def test_thirteen_reaction_questions(community):
    hits = [
        e
        for e in community.entries
        if any(n == "813" or n.startswith("813.") for n in e.rule_citations)
        or "Reaction" in e.keyword_mentions
    ]
    assert len(hits) == 13


def test_gallery_counts(gallery):
    assert len(gallery.printings) == 950
    with_reaction = [p for p in gallery.printings if "Reaction" in [k.name for k in p.keywords]]
    assert len(with_reaction) == 112
    names = {c.name for c in gallery.cards if "Reaction" in c.keyword_names}
    assert len(names) == 96
    assert gallery.findings == []
    assert sum(card.banned for card in gallery.cards) == 7


def test_official_anchors_unique(corpus_dir, gallery, keywords_en):
    articles = parse_official(
        _read(corpus_dir, "faq", "official-faqs.json"),
        card_names={c.name for c in gallery.cards},
        keywords=keywords_en,
    )
    assert len(articles) == 4
    for article in articles:
        anchors = [entry.anchor for entry in article.entries]
        assert anchors and len(anchors) == len(set(anchors)), article.id
    counts = {a.id: sum(e.kind == "question" for e in a.entries) for a in articles}
    assert counts == {
        "unleashed-rules-faq-and-clarifications": 14,
        "riftbound-spiritforged-faq": 27,
        "riftbound-origins-faq": 97,
        "rq-vegas-2026-rulings": 0,
    }
    assert sum(len(a.entries) for a in articles) == 165


def test_errata(corpus_dir):
    result = parse_errata(_read(corpus_dir, "faq", "official-errata.json"))
    assert len(result.errata) == 55 and result.findings == []
    assert all(e.card_name and e.new_text and e.old_text and e.set_name for e in result.errata)


def test_keywords_english(keywords_en, rules_en):
    reaction = next(k for k in keywords_en if k.name == "Reaction")
    assert (reaction.number, reaction.type) == ("813", "Permissive")
    assert reaction.written_forms == ["[Reaction]", "[Reaction][>]"]
    assert reaction.summary.startswith("This can be played during Closed States")
    granted = granted_keywords(keywords_en, rules_en)
    assert ("Hidden", "811.6") in granted["Reaction"]


def test_keywords_french(corpus_dir):
    rules = json.loads(_read(corpus_dir, "core-rules", "fr", "2026-07-16_v1.4.json"))
    keywords = derive_keywords(rules)
    reaction = next(k for k in keywords if k.number == "813")
    assert reaction.name == "Réaction" and reaction.type.casefold() == "permissif"
    assert len({k.slug for k in keywords}) == len(keywords)


@pytest.mark.parametrize(
    ("path", "number"),
    [
        ("en/2025-10_v1.1.md", "729"),
        ("en/2025-12-01_v1.2.md", "739"),
        ("en/2026-03-30_v1.3.md", "813"),
    ],
)
def test_keyword_chapter_found_in_older_versions(corpus_dir, path, number):
    parse = pytest.importorskip("ingest.parse")
    document = parse.parse_file(corpus_dir / "core-rules" / path)
    keywords = derive_keywords(document.rules)
    assert next(k.number for k in keywords if k.name == "Reaction") == number
