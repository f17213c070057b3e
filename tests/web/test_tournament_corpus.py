"""The real Tournament Rules beside every real Core Rules version (issue 34's targets), ingested
with no flags; skipped without ../shared.

The Tournament Rules are added to the session's corpus for this module and removed after it,
so no other test sees them; the module searches an index of its own.
"""

import re

import pytest
from django.test import override_settings

from rulebook.loading import generation, precompute
from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Document, Link, Precomputed, Rule
from rulebook.models.generation import history_prefix
from rulebook.pages.linkify import find_document, linkify
from rulebook.search import SearchQuery, run_search
from tests.conftest import build_index

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]

SOURCE = "tournament-rules/en/2026-05-02.md"
ROW_ID = re.compile(r'<div class="rule-id">([^<]*)</div>')
NEXT_PART = re.compile(r'<a rel="next" href="(\?part=\d+)">')


def _tournament_documents():
    return Document.objects.filter(game__slug="riftbound", kind="tournament-rules")


@pytest.fixture(scope="module")
def tournament(corpus_data, corpus_dir, django_db_blocker, tmp_path_factory):
    """The file ingested as ``make ingest-corpus`` does (no flags), and an index with it."""
    with django_db_blocker.unblock():
        present = _tournament_documents().exists()
        results = run_ingest([corpus_dir / SOURCE], IngestOptions(game="riftbound"))
        index = build_index(tmp_path_factory.mktemp("tournament-index"), {"riftbound"})
    yield results, index
    if present:
        return
    with django_db_blocker.unblock():
        _tournament_documents().delete()  # its rules and citation links go with it
        prefix = history_prefix("riftbound", "tournament-rules", "en")
        Precomputed.objects.filter(key__startswith=prefix).delete()
        # As a removal does: the pages rendered ahead for the other families stay valid and
        # move on to the new generation (a bare bump left them stale for the tests after).
        precompute.ahead(generation.bump(), set())


def _cited(number: str) -> Rule:
    rule = Rule.objects.get(document__in=_tournament_documents(), number=number)
    link = Link.objects.get(source_kind=Link.RULE, target_kind=Link.RULE, source_id=rule.pk)
    return Rule.objects.select_related("document").get(pk=link.target_id)


def test_the_file_is_read_as_tournament_rules_without_flags(tournament):
    [(item, result)] = tournament[0]
    assert (item.meta.kind, item.meta.version, result.status) == (
        "tournament-rules",
        "2026-05-02",
        "created",
    )
    assert result.report["counts"]["rules"] == 885


def test_every_number_is_on_its_page(tournament, corpus_dir, client):
    ids = [m.strip().rstrip(".") for m in ROW_ID.findall((corpus_dir / SOURCE).read_text())]
    ids = set(filter(None, ids))
    assert len(ids) == 885
    html = []
    for chapter in Rule.objects.filter(document__in=_tournament_documents()).chapters():
        url = chapter.get_absolute_url()
        while url:
            response = client.get(url)
            assert response.status_code == 200, url
            html.append(response.content.decode())
            following = NEXT_PART.search(html[-1])
            url = chapter.get_absolute_url() + following[1] if following else None
    shown = "\n".join(html)
    assert [n for n in sorted(ids) if f'id="{n}"' not in shown] == []


@pytest.mark.parametrize(
    "number, title",
    [("424.2", "Privacy"), ("506.1", "Triggered Abilities"), ("406.1", "Setup Process")],
)
def test_citations_reach_the_newest_rule_of_their_title(tournament, client, number, title):
    target = _cited(number)
    newest = Document.objects.default("riftbound", "core-rules", "en")
    assert target.document_id == newest.pk and target.is_heading and target.text == title
    html = client.get(f"/en/riftbound/tournament-rules/{number}/").content.decode()
    assert f'<a class="xref" href="/en/riftbound/rules/{target.number}/"' in html


def test_the_renumbered_citations_and_the_disagreement_are_reported(tournament):
    [(_item, result)] = tournament[0]
    cited = result.report["cited documents"]["core-rules"]
    assert cited["citations"] == 14 and cited["read in"] == "2025-12-01 (v1.2)"
    assert cited["counts"] == {"mismatch": 1, "number": 2, "title": 11}
    [disagrees] = cited["title disagrees"]
    assert disagrees.startswith("406.1.g.7: CR 116. Setup Process: 116 is titled")
    assert _cited("424.2").number == "128"  # "CR 127. Privacy": 127 is Ownership today
    assert _cited("506.1").number == "382"


def test_the_privacy_page_links_back_to_the_tournament_rules(tournament, client):
    html = client.get("/en/riftbound/rules/128/").content.decode()
    section = re.search(r'<section class="rule-citing".*?</section>', html, re.S)
    assert section and '<a href="/en/riftbound/tournament-rules/424.2/">TR 424.2</a>' in section[0]


def test_outside_assistance_finds_its_tournament_rule_first(tournament):
    with override_settings(SEARCH_BACKEND=tournament[1]):
        hits = run_search(SearchQuery(text="outside assistance", game="riftbound", language="en"))
    first = hits.hits[0]
    assert (first.number, first.url) == ("703.9", "/en/riftbound/tournament-rules/703.9/")


@pytest.mark.parametrize("name", ["triggered abilities", "setup process", "privacy"])
def test_a_name_both_documents_bear_opens_on_the_core_rules(tournament, name):
    """The Tournament Rules repeat Core Rules headings; searched with no document chosen,
    the Core Rules' rule comes first (``weights.OTHER_DOCUMENT_BOOST``)."""
    with override_settings(SEARCH_BACKEND=tournament[1]):
        hits = run_search(SearchQuery(text=name, game="riftbound", language="en", kind="rule"))
    assert "/rules/" in hits.hits[0].url, [h.url for h in hits.hits[:3]]


def test_linkify_sends_tr_numbers_to_the_tournament_rules(tournament):
    text = "A judge reads TR 703.9 and CR 128 together."
    linked = linkify(text, find_document("riftbound", "en"))
    paths = {text[link.start : link.end]: link.target.path for link in linked.links}
    assert paths == {
        "TR 703.9": "/en/riftbound/tournament-rules/703.9/",
        "CR 128": "/en/riftbound/rules/128/",
    }
